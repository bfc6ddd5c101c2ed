"""Flatline content as data: the table, the patient deck and the emergency deck.

The rulebook fixes the mechanisms; everything printed on components (die
icons, card rows, meter numbers, re-roll limits) is original flatlab content
in `data/*.toml`, checked here when it is loaded. Errors name the file, the
card and its line, and the field that is wrong, so a teacher can write a deck
of their own (`load_content(patients=..., emergencies=...)`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.data import parse_toml
from ...core.errors import DataError
from .effects import Effect, parse_effect

DATA = Path(__file__).with_name("data")
DIFFICULTIES = ("training", "standard", "expert")
SIDES = ("standard", "expert")
TRIGGER_COLOURS = ("red", "green", "blank")
METER_KEYS = ("1-2", "3", "4", "5")
LOCKDOWN_AREAS = ("rerolls", "triage", "stations")
PATIENTS_IN_DECK, EMERGENCIES_IN_DECK, CUBES = 20, 29, 8


@dataclass(frozen=True)
class Row:
    icons: tuple[str, ...]
    players: int  # how many different players' dice the row needs


@dataclass(frozen=True)
class Patient:
    id: str
    name: str
    rows: tuple[Row, ...]
    colour: str  # of the trigger: red, green or blank
    trigger: Effect | None


@dataclass(frozen=True)
class Emergency:
    id: str
    name: str
    tab: str  # "blue" (Emergency area) or "orange" (Stat area)
    slot: int | None  # blue cards: the Emergency-area slot 1-6
    icons: tuple[str, ...]
    effect: Effect | None  # blue cards: what happens when the emergency dice show the slot
    triage: Effect | None  # orange cards: the benefit once cleared


@dataclass(frozen=True)
class Station:
    name: str
    icons: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    faces: tuple[str, ...]
    dice_per_player: int
    dice_two_players: int
    set_aside: int
    reroll_limits: tuple[int, ...]  # by players 1..5
    pile_sizes: Mapping[str, tuple[int, ...]]  # by difficulty, players 1..5
    meters: Mapping[tuple[str, str], tuple[int, ...]]  # (side, "1-2"|"3"|"4"|"5") -> 8 numbers
    stations: tuple[Station, ...]
    lockdown_tiles: tuple[str, ...]
    patients: Mapping[str, Patient]
    emergencies: Mapping[str, Emergency]

    def meter(self, side: str, players: int) -> tuple[int, ...]:
        return self.meters[(side, "1-2" if players <= 2 else str(players))]

    def dice_each(self, players: int) -> int:
        return self.dice_two_players if players == 2 else self.dice_per_player


class _Source:
    """A TOML file being checked: knows how to point at a card's line."""

    def __init__(self, path: Path | str, text: str):
        self.name = Path(path).name
        self.text = text

    def line_of(self, card_id: str, occurrence: int = 0) -> int | None:
        found = list(re.finditer(rf"""^\s*id\s*=\s*(["']){re.escape(card_id)}\1""", self.text,
                                 re.MULTILINE))
        if len(found) <= occurrence:
            return None
        return self.text.count("\n", 0, found[occurrence].start()) + 1

    def fail(self, problem: str, card: str | None = None, occurrence: int = 0):
        line = self.line_of(card, occurrence) if card else None
        where = f"card {card}: " if card else ""
        raise DataError(self.name, where + problem, line)


def _read(path: Path) -> tuple[_Source, dict]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(path.name, f"cannot read the file ({e.strerror})") from None
    source = _Source(path, text)
    return source, parse_toml(text, path.name)


def _icons(value: Any, faces: tuple[str, ...], src: _Source, card: str | None, field: str):
    if not isinstance(value, list) or not value or not all(isinstance(i, str) for i in value):
        src.fail(f"{field}: expected a non-empty list of die icons", card)
    for icon in value:
        if icon not in faces:
            src.fail(f"{field}: unknown icon {icon!r} (the dice show {', '.join(faces)})", card)
    return tuple(value)


def _numbers(value: Any, count: int, src: _Source, field: str, lo: int = 0) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != count
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= lo for v in value)):
        src.fail(f"{field}: expected {count} whole numbers of at least {lo}, found {value!r}")
    return tuple(value)


def _effect(value: Any, context: str, src: _Source, card: str, field: str) -> Effect:
    try:
        return parse_effect(value, context)
    except ValueError as e:
        src.fail(f"{field}: {e}", card)


def _cards(data: dict, key: str, src: _Source, size: int) -> list[dict]:
    cards = data.get(key)
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        src.fail(f"expected [[{key}]] tables")
    if len(cards) != size:
        src.fail(f"the deck has {len(cards)} cards; Flatline's has {size}")
    seen = set()
    for c in cards:
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            src.fail(f"a [[{key}]] card without a string id (after {sorted(seen)[-1:]})")
        if cid in seen:
            src.fail("the id is used twice", cid, occurrence=1)
        seen.add(cid)
        if not isinstance(c.get("name"), str):
            src.fail("name: missing or not a string", cid)
    return cards


def _patients(path: Path, faces: tuple[str, ...]) -> dict[str, Patient]:
    src, data = _read(path)
    out = {}
    for c in _cards(data, "patient", src, PATIENTS_IN_DECK):
        cid = c["id"]
        extra = set(c) - {"id", "name", "rows", "trigger"}
        if extra:
            src.fail(f"unknown field(s) {sorted(extra)}", cid)
        rows = c.get("rows")
        if not isinstance(rows, list) or not 1 <= len(rows) <= 3:
            src.fail("rows: expected 1 to 3 rows", cid)
        parsed = []
        for i, row in enumerate(rows):
            if not isinstance(row, dict) or set(row) != {"icons", "players"}:
                src.fail(f"rows[{i}]: expected {{ icons = [...], players = n }}", cid)
            icons = _icons(row["icons"], faces, src, cid, f"rows[{i}].icons")
            players = row["players"]
            if not isinstance(players, int) or not 1 <= players <= min(3, len(icons)):
                src.fail(f"rows[{i}].players: expected 1 to {min(3, len(icons))}", cid)
            parsed.append(Row(icons, players))
        trigger = c.get("trigger")
        if not isinstance(trigger, dict) or trigger.get("colour") not in TRIGGER_COLOURS:
            src.fail("trigger: expected { colour = red|green|blank, effect = ... }", cid)
        effect = None
        if trigger["colour"] == "blank":
            if "effect" in trigger:
                src.fail("trigger: a blank trigger has no effect", cid)
        else:
            effect = _effect(trigger.get("effect"), "trigger", src, cid, "trigger.effect")
        out[cid] = Patient(cid, c["name"], tuple(parsed), trigger["colour"], effect)
    return out


def _emergencies(path: Path, faces: tuple[str, ...]) -> dict[str, Emergency]:
    src, data = _read(path)
    out = {}
    for c in _cards(data, "emergency", src, EMERGENCIES_IN_DECK):
        cid = c["id"]
        tab = c.get("tab")
        icons = _icons(c.get("icons"), faces, src, cid, "icons")
        if tab == "blue":
            extra = set(c) - {"id", "name", "tab", "slot", "icons", "effect"}
            slot = c.get("slot")
            if type(slot) is not int or not 1 <= slot <= 6:
                src.fail("slot: a blue card needs a slot from 1 to 6", cid)
            effect = _effect(c.get("effect"), "activation", src, cid, "effect")
            card = Emergency(cid, c["name"], tab, slot, icons, effect, None)
        elif tab == "orange":
            extra = set(c) - {"id", "name", "tab", "icons", "triage"}
            triage = _effect(c.get("triage"), "triage", src, cid, "triage")
            card = Emergency(cid, c["name"], tab, None, icons, None, triage)
        else:
            src.fail(f"tab: expected 'blue' or 'orange', found {tab!r}", cid)
        if extra:
            src.fail(f"unknown field(s) {sorted(extra)} for a {tab} card", cid)
        out[cid] = card
    return out


def _table(path: Path) -> dict[str, Any]:
    src, data = _read(path)
    faces = data.get("faces")
    if (not isinstance(faces, list) or len(faces) != 6 or len(set(faces)) != 6
            or not all(isinstance(f, str) for f in faces)):
        src.fail("faces: expected the 6 different icons of a medic die")
    dice = data.get("dice", {})
    per, two, aside = (dice.get(k) for k in ("per_player", "two_players", "set_aside"))
    if (not all(type(v) is int and v >= 0 for v in (per, two, aside))
            or max(per, two) + aside > 8):
        src.fail("dice: per_player, two_players and set_aside are whole numbers; a colour has 8 dice")
    table = {
        "faces": tuple(faces), "dice_per_player": per, "dice_two_players": two, "set_aside": aside,
        "reroll_limits": _numbers(data.get("rerolls", {}).get("limit"), 5, src, "rerolls.limit"),
        "pile_sizes": {d: _numbers(data.get("patients", {}).get(d), 5, src, f"patients.{d}", 4)
                       for d in DIFFICULTIES},
    }
    for d, sizes in table["pile_sizes"].items():
        if max(sizes) > PATIENTS_IN_DECK:
            src.fail(f"patients.{d}: at most {PATIENTS_IN_DECK} patient cards can be dealt")
    meters = {}
    for side in SIDES:
        side_table = data.get("meters", {}).get(side, {})
        for key in METER_KEYS:
            meters[(side, key)] = _numbers(side_table.get(key), CUBES, src, f"meters.{side}.{key}")
    stations = data.get("station")
    if not isinstance(stations, list) or len(stations) != 2:
        src.fail("station: expected 2 [[station]] tables")
    table["meters"] = meters
    table["stations"] = tuple(
        Station(st.get("name", f"station {i + 1}"),
                _icons(st.get("icons"), table["faces"], src, None, f"station[{i}].icons"))
        for i, st in enumerate(stations))
    tiles = data.get("lockdown", {}).get("tiles")
    if not isinstance(tiles, list) or len(tiles) != 4 or not set(tiles) <= set(LOCKDOWN_AREAS):
        src.fail(f"lockdown.tiles: expected 4 tiles, each one of {LOCKDOWN_AREAS}")
    table["lockdown_tiles"] = tuple(tiles)
    return table


def load_content(patients: str | Path | None = None, emergencies: str | Path | None = None,
                 table: str | Path | None = None) -> Content:
    """The built-in content, or any of the three files replaced by your own."""
    if patients is None and emergencies is None and table is None:
        return _builtin()
    return _load(Path(patients or DATA / "patients.toml"),
                 Path(emergencies or DATA / "emergencies.toml"), Path(table or DATA / "table.toml"))


@cache
def _builtin() -> Content:
    return _load(DATA / "patients.toml", DATA / "emergencies.toml", DATA / "table.toml")


def _load(patients: Path, emergencies: Path, table: Path) -> Content:
    t = _table(table)
    return Content(**t, patients=_patients(patients, t["faces"]),
                   emergencies=_emergencies(emergencies, t["faces"]))
