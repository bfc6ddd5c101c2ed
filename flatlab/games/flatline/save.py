"""Flatline states from JSON, checked field by field, and the invariants of a state."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from typing import Any

from ...core.errors import SaveError
from ...core.fields import SavedFields
from .content import DIFFICULTIES, SIDES, load_content
from .state import PATIENT_SPACES, FlatlineState

WHERE = {"hand", "aside", "out", "track"}


def from_dict(data: Any, steps: dict, where: str = "start") -> FlatlineState:
    names = (f.name for f in fields(FlatlineState) if f.name != "content")
    saved = SavedFields(data, where, names, "a Flatline state")
    fail, integer = saved.fail, saved.integer

    def strings(key: str, allowed) -> list[str]:
        v = data[key]
        if not isinstance(v, list) or not all(isinstance(x, str) and x in allowed for x in v):
            fail(key, f"expected a list of known ids, found {v!r}")
        return list(v)

    def ints(key: str, hi: int) -> list[int]:
        v = data[key]
        if not isinstance(v, list) or not all(isinstance(x, int) and 0 <= x < hi for x in v):
            fail(key, f"expected a list of numbers below {hi}")
        return list(v)

    def flags(key: str, n: int) -> list[bool]:
        v = data[key]
        if not isinstance(v, list) or len(v) != n or not all(isinstance(x, bool) for x in v):
            fail(key, f"expected {n} true/false values")
        return list(v)

    content = load_content()
    patients, emergencies = set(content.patients), set(content.emergencies)
    players = integer("players", 1, 5)
    for key, allowed in (("difficulty", DIFFICULTIES), ("side", SIDES)):
        if data[key] not in allowed:
            fail(key, f"expected one of {', '.join(allowed)}")
    for key in ("step", "resume"):
        if data[key] not in steps and not (key == "resume" and data[key] == ""):
            fail(key, f"unknown step {data[key]!r}")
    targets = patients | emergencies | {f"station/{i}" for i in range(len(content.stations))}
    dice = []
    for i, d in enumerate(data["dice"] if isinstance(data["dice"], list) else fail("dice", "a list")):
        if (not isinstance(d, list) or len(d) != 3 or not isinstance(d[0], int)
                or not 0 <= d[0] < players or d[1] not in (None, *content.faces)):
            fail(f"dice[{i}]", "expected [owner, icon or null, where]")
        spot = d[2]
        base = spot.split("/")[0] if isinstance(spot, str) else None
        if spot not in WHERE and base not in targets and spot not in targets:
            fail(f"dice[{i}]", f"unknown place {spot!r}")
        dice.append((d[0], d[1], spot))
    area = data["emergency_area"]
    if not isinstance(area, dict) or set(area) != {str(k) for k in range(1, 7)}:
        fail("emergency_area", "expected slots '1' to '6'")
    for k, cards in area.items():
        if not isinstance(cards, list) or not all(c in emergencies for c in cards):
            fail(f"emergency_area.{k}", "expected a list of emergency card ids")
    cleared = data["cleared"]
    if not isinstance(cleared, dict) or not set(cleared) <= patients:
        fail("cleared", "expected patient ids")
    for k, rows in cleared.items():
        if not isinstance(rows, list) or not all(isinstance(r, int) and 0 <= r < 3 for r in rows):
            fail(f"cleared.{k}", "expected a list of row numbers 0-2")
    patients_on_board = data["patients"]
    if (not isinstance(patients_on_board, list) or len(patients_on_board) != PATIENT_SPACES
            or not all(p is None or p in patients for p in patients_on_board)):
        fail("patients", f"expected {PATIENT_SPACES} patient ids or nulls")
    roll = data["emergency_roll"]
    if roll is not None and (not isinstance(roll, list) or len(roll) != 2
                             or not all(isinstance(x, int) and 1 <= x <= 6 for x in roll)):
        fail("emergency_roll", "expected null or two numbers from 1 to 6")
    outcome = data["outcome"]
    if outcome not in (None, "won", "lost"):
        fail("outcome", "expected null, 'won' or 'lost'")
    s = FlatlineState(
        content=content, players=players, difficulty=data["difficulty"], side=data["side"],
        step=data["step"], timer=None if data["timer"] is None else integer("timer", 5, 600),
        round=integer("round", 0, 1000), dice=dice,
        meter=flags("meter", len(content.meter(data["side"], players))),
        stations=flags("stations", len(content.stations)), patients=list(patients_on_board),
        diamond=integer("diamond", 0, PATIENT_SPACES - 1),
        cleared={k: list(v) for k, v in cleared.items()},
        pile=integer("pile", 0, len(patients)),
        unseen_patients=strings("unseen_patients", patients), deck=strings("deck", emergencies),
        emergency_area={int(k): list(v) for k, v in area.items()},
        stat_area=strings("stat_area", emergencies), x_area=strings("x_area", emergencies),
        triage=strings("triage", emergencies), discard=strings("discard", emergencies),
        emergency_roll=tuple(roll) if roll else None,
        rerolls_used=integer("rerolls_used", 0, 20), reroll_bonus=integer("reroll_bonus", -20, 20),
        lockdowns=strings("lockdowns", {"rerolls", "triage", "stations"}),
        blocked=strings("blocked", patients), borrowed=ints("borrowed", len(dice)),
        to_reveal=integer("to_reveal", 0, 29), to_roll=ints("to_roll", players),
        rerolling=ints("rerolling", len(dice)), refill=ints("refill", PATIENT_SPACES),
        choosing=data["choosing"] if data["choosing"] in ("", "discard-emergency")
        else fail("choosing", "expected '' or 'discard-emergency'"),
        resume=data["resume"], resolving=integer("resolving", 0, PATIENT_SPACES), outcome=outcome,
    )
    try:
        check_invariants(s)
    except ValueError as e:
        raise SaveError(where, str(e)) from None
    return s


def check_invariants(s: FlatlineState) -> None:
    """Cards and dice the rules can never create or lose (ValueError naming which)."""
    c = s.content
    expected_dice = s.players * (c.dice_each(s.players) + c.set_aside)
    if len(s.dice) != expected_dice:
        raise ValueError(f"{len(s.dice)} dice; {s.players} players play with {expected_dice}")
    per_player = Counter(d[0] for d in s.dice)
    if any(n != c.dice_each(s.players) + c.set_aside for n in per_player.values()):
        raise ValueError("every colour keeps its own dice")
    seen = (s.deck + s.stat_area + s.x_area + s.triage + s.discard
            + [card for row in s.emergency_area.values() for card in row])
    if sorted(seen) != sorted(c.emergencies):
        dupes = [k for k, n in Counter(seen).items() if n > 1]
        raise ValueError(f"emergency cards are not conserved (missing "
                         f"{sorted(set(c.emergencies) - set(seen))}, twice {dupes})")
    if any(len(row) > 2 for row in s.emergency_area.values()):
        raise ValueError("an Emergency-area slot holds at most two cards")
    on_board = [p for p in s.patients if p]
    if len(set(on_board)) != len(on_board) or set(on_board) & set(s.unseen_patients):
        raise ValueError("a patient card is in two places")
    if s.pile > len(s.unseen_patients):
        raise ValueError("the pile holds more patients than are left unseen")
