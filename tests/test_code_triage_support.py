"""Helpers shared by the Code Triage tests (this module holds no tests).

`position(...)` sets up a game the way a rulebook example does: 4. Player
Actions of the first round, the Nurse to play, with exactly the patients,
pawns, tokens and state fields given; the decks are adjusted so that every
card count still adds up.
"""

from __future__ import annotations

import flatlab
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








def end_turns(g, count: int) -> None:
    for _ in range(count):
        g.act("end-turn")
