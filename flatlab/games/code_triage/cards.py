"""The Patient and Event decks as data (`data/patients.toml`, `data/events.toml`).

The Room Assignment cards are the board's 12 rooms (`board.Board.room_names`).
Both files are validated here; an error names the file, the line of the card's
table and the field, e.g. `patients.toml, line 52: patient P07, health: ...`.
What a Patient card holds matters to the rules only through risk, health and
orders; name, date of birth and complaint are flavour, as in the rulebook.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.data import parse_toml
from ...core.errors import DataError
from .effects import Effect, parse_effect
from .roles import ROLES

DATA = Path(__file__).with_name("data")
AMA, DEATH, SELF_HARM = "ama", "death", "self-harm"
RISKS = (AMA, DEATH, SELF_HARM)
MAX_HEALTH = 6
LONGEST_GAME = 25  # rounds: the event deck must last a full shift, one card a round


@dataclass(frozen=True)
class PatientCard:
    id: str
    name: str
    born: datetime.date
    complaint: str
    risk: str  # printed risk: "ama", "death" or "self-harm" (cannot leave, no health)
    health: int | None  # printed hearts; None for "self-harm"
    orders: tuple[int, int, int, int]  # doctor's orders per role, in roles.ROLES order
    mature: bool


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    copies: int
    text: str
    effects: tuple[Effect, ...]

    @property
    def item(self) -> Effect | None:
        """The "keep" effect, if the card is kept as an item."""
        return next((e for e in self.effects if e.do == "keep"), None)


@cache
def patient_cards() -> dict[str, PatientCard]:
    path = DATA / "patients.toml"
    return parse_patients(path.read_text(encoding="utf-8"), path.name)


@cache
def event_cards() -> dict[str, EventCard]:
    path = DATA / "events.toml"
    return parse_events(path.read_text(encoding="utf-8"), path.name)


def _tables(text: str, source: str, key: str) -> list[tuple[dict, str, int | None]]:
    """The [[key]] tables of a file, each with its label ("patient P07") and the line it starts on."""
    data = parse_toml(text, source)
    if set(data) != {key} or not isinstance(data[key], list):
        raise DataError(source, f"expected only [[{key}]] tables")
    header = f"[[{key}]]"
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == header]
    return [(table, f"{key} {table.get('id', i + 1)}", lines[i] if i < len(lines) else None)
            for i, table in enumerate(data[key])]


def _failer(source: str, label: str, line: int | None):
    """A `fail(problem)` that raises a DataError naming the file, the line and the card."""

    def fail(problem: str):
        raise DataError(source, f"{label}: {problem}", line)
    return fail


def _field(table: dict, name: str, kind: type, fail, optional: bool = False) -> Any:
    if name not in table:
        if optional:
            return None
        fail(f"{name}: missing")
    value = table[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        fail(f"{name}: expected {kind.__name__}, found {value!r}")
    return value


def parse_patients(text: str, source: str = "<patients>") -> dict[str, PatientCard]:
    cards: dict[str, PatientCard] = {}
    fields = {"id", "name", "born", "complaint", "risk", "health", "orders", "mature"}
    for table, label, line in _tables(text, source, "patient"):
        fail = _failer(source, label, line)
        if set(table) - fields:
            fail(f"{sorted(set(table) - fields)[0]}: unknown field; expected {', '.join(sorted(fields))}")
        card_id = _field(table, "id", str, fail)
        if card_id in cards:
            fail("id: used by another card")
        risk = _field(table, "risk", str, fail)
        if risk not in RISKS:
            fail(f"risk: expected one of {', '.join(RISKS)}, found {risk!r}")
        health = _field(table, "health", int, fail, optional=True)
        if risk == SELF_HARM and health is not None:
            fail("health: a self-harm patient cannot leave and has no health")
        if risk != SELF_HARM and (health is None or not 1 <= health <= MAX_HEALTH):
            fail(f"health: expected 1 to {MAX_HEALTH} hearts, found {health!r}")
        raw = _field(table, "orders", dict, fail)
        if set(raw) - set(ROLES):
            fail(f"orders: {sorted(set(raw) - set(ROLES))[0]!r} is not a role ({', '.join(ROLES)})")
        if not all(type(n) is int and 1 <= n <= 3 for n in raw.values()) or not raw:
            fail("orders: expected 1 to 3 orders for each role listed, and at least one role")
        cards[card_id] = PatientCard(
            id=card_id, name=_field(table, "name", str, fail),
            born=_field(table, "born", datetime.date, fail),
            complaint=_field(table, "complaint", str, fail), risk=risk, health=health,
            orders=tuple(raw.get(role, 0) for role in ROLES),
            mature=bool(_field(table, "mature", bool, fail, optional=True)),
        )
    if not cards:
        raise DataError(source, "the patient deck is empty")
    return cards


def parse_events(text: str, source: str = "<events>") -> dict[str, EventCard]:
    cards: dict[str, EventCard] = {}
    fields = {"id", "name", "copies", "text", "effect"}
    for table, label, line in _tables(text, source, "event"):
        fail = _failer(source, label, line)
        if set(table) - fields:
            fail(f"{sorted(set(table) - fields)[0]}: unknown field; expected {', '.join(sorted(fields))}")
        card_id = _field(table, "id", str, fail)
        if card_id in cards:
            fail("id: used by another card")
        copies = _field(table, "copies", int, fail)
        if copies < 1:
            fail(f"copies: expected at least 1, found {copies}")
        raw = table.get("effect", [])
        if not isinstance(raw, list):
            fail("effect: expected [[event.effect]] tables")
        effects = tuple(parse_effect(e, _failer(source, f"{label}, effect {i + 1}", line))
                        for i, e in enumerate(raw))
        if any(e.admits for e in effects) and any(e.changes_patients for e in effects):
            fail("an event may admit patients or change patients, not both (so that the "
                 "forecast of the shutdown risk stays exact)")
        if sum(e.changes_patients for e in effects) > 1:
            fail("an event changes patients through one effect at most (so that the forecast "
                 "of who a random pick selects stays exact)")
        if any(e.do == "keep" for e in effects) and len(effects) > 1:
            fail("a card kept as an item has no other effect")
        cards[card_id] = EventCard(card_id, _field(table, "name", str, fail), copies,
                                   _field(table, "text", str, fail), effects)
    total = sum(card.copies for card in cards.values())
    if total < LONGEST_GAME:
        raise DataError(source, f"{total} event cards; a full shift draws {LONGEST_GAME}")
    return cards
