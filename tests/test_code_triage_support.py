"""Helpers shared by the Code Triage tests (this module holds no tests).

`position(...)` sets up a game the way a rulebook example does: 4. Player
Actions of the first round, the Nurse to play, with exactly the patients,
pawns, tokens and state fields given; the decks are adjusted so that every
card count still adds up.
"""

from __future__ import annotations

import pytest

import flatlab
from flatlab import Action
from flatlab.games.code_triage.cards import patient_cards
from flatlab.games.code_triage.roles import ROLES
from flatlab.games.code_triage.state import Patient, game_cards


def card(risk: str, health: int = 1, skip: int = 0) -> str:
    """A (non-mature) patient card of this risk with at least `health` printed hearts."""
    found = [c.id for c in patient_cards().values()
             if c.risk == risk and not c.mature and (c.health or 99) >= health]
    return found[skip]


def orders(**by_role: int) -> tuple[int, ...]:
    return tuple(by_role.get(role.replace("-", "_"), 0) for role in ROLES)


def patient(card_id: str, hearts: int | None = None, pending: tuple[int, ...] | None = None,
            risk: str | None = None) -> Patient:
    """A patient from a card; `pending` orders replace the printed ones (the rest count as filled)."""
    c = patient_cards()[card_id]
    pending = c.orders if pending is None else pending
    filled = tuple(max(0, n - o) for n, o in zip(c.orders, pending, strict=True))
    return Patient(card_id, c.health if hearts is None else hearts, risk or c.risk, pending, filled)


def position(*, patients=None, at=None, tokens=None, side="A", length="contingent",
             difficulty="easy", players=4, seed=1, **fields):
    """The first round's 4. Player Actions (the Nurse to play) with exactly this position.

    `patients` is {room: Patient}, `at` is {role name: location}; other keyword
    arguments set state fields (step, phase, clock, room_bottom, discharged, ...).
    The free rooms become the shuffled Room Assignment cards (minus `room_bottom`),
    and the Patient deck loses the cards in rooms and on the status piles.
    """
    g = flatlab.new_game("code-triage", seed=seed, side=side, length=length,
                         difficulty=difficulty, players=players)
    g.run(until=lambda g: g.pending == "new-event")
    g.step(outcome="quiet-half-hour")
    with g.edit() as s:
        s.patients = dict(patients or {})
        for role, where in (at or {}).items():
            s.positions[ROLES.index(role)] = where
        if tokens is not None:
            s.tokens = list(tokens)
        for key, value in fields.items():
            setattr(s, key, value)
        s.room_deck = sorted(set(s.board.rooms) - set(s.patients) - set(s.room_bottom))
        if "patient_deck" not in fields:
            used = {p.card for p in s.patients.values()} | {s.incoming}
            left = [c for c in game_cards(s.mature) if c not in used]
            s.patient_deck = left[:len(left) - s.discharged - s.left_ama - s.expired]
    return g


def rejected(g, rule: str, call) -> flatlab.IllegalAction:
    """`call()` must raise IllegalAction naming `rule` and leave the game exactly as it was."""
    before, log_length = g.rules.state_to_dict(g.state), len(g.log)
    with pytest.raises(flatlab.IllegalAction) as excinfo:
        call()
    assert excinfo.value.rule is not None and rule in excinfo.value.rule, excinfo.value
    assert g.rules.state_to_dict(g.state) == before
    assert len(g.log) == log_length
    return excinfo.value


def assert_illegal(g, rule: str, kind: str, **params) -> flatlab.IllegalAction:
    """Not offered by legal_actions(), refused naming the rule, state unchanged."""
    assert Action(kind, **params) not in g.legal_actions()
    return rejected(g, rule, lambda: g.act(kind, **params))


def advance_to(g, pending: str) -> None:
    """Apply automatic steps until `pending` comes up (a roll or a decision on the way fails)."""
    while g.pending != pending:
        assert g.situation == "automatic", f"stopped at {g.situation} {g.pending!r}, not {pending!r}"
        g.step()


def end_turns(g, count: int) -> None:
    for _ in range(count):
        g.act("end-turn")
