"""The Ambulance/Patient dice and the difficulty levels, as data (`data/dice.toml`).

The rulebook names the two dice but not their faces, and asks the players to
"select the game difficulty" without saying what it changes: both are
flatlab's own rulings, kept in one data file. A difficulty sets how many
patients are in rooms when the shift starts and which Ambulance die faces
bring an ambulance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from ...core.data import parse_toml
from ...core.errors import DataError
from ...prob import Dist
from .board import ROOMS

PATH = Path(__file__).with_name("data") / "dice.toml"


@dataclass(frozen=True)
class Difficulty:
    name: str
    description: str
    start_patients: int
    ambulance_faces: frozenset[str]  # the Ambulance die faces that bring an ambulance


@dataclass(frozen=True)
class Dice:
    ambulance: Dist  # face -> probability
    patient: Dist  # number of patients -> probability
    levels: dict[str, Difficulty]

    @cached_property
    def check(self) -> Dist:
        """The Incoming Ambulance Check: both dice together, outcome (ambulance face, patients)."""
        return self.ambulance.combine(self.patient)

    def arriving(self, difficulty: str, face: str, patients: int) -> int:
        return patients if face in self.levels[difficulty].ambulance_faces else 0

    def ambulance_probability(self, difficulty: str):
        return self.ambulance.p(lambda face: face in self.levels[difficulty].ambulance_faces)

    def ambulance_patients(self, difficulty: str) -> Dist:
        """How many patients the ambulance check brings: 0 without an ambulance."""
        return self.check.map(lambda o: self.arriving(difficulty, *o))


@cache
def load_dice() -> Dice:
    return parse_dice(PATH.read_text(encoding="utf-8"), PATH.name)


def parse_dice(text: str, source: str = "<dice>") -> Dice:
    data = parse_toml(text, source)

    def fail(where: str, problem: str):
        raise DataError(source, f"{where}: {problem}")

    dice = data.get("dice")
    if not isinstance(dice, dict) or set(dice) != {"ambulance", "patient"}:
        fail("dice", "expected a [dice] table with exactly 'ambulance' and 'patient' face lists")
    faces = dice["ambulance"]
    if not isinstance(faces, list) or not faces or not all(isinstance(f, str) and f for f in faces):
        fail("dice.ambulance", "expected a list of face names")
    numbers = dice["patient"]
    if (not isinstance(numbers, list) or not numbers
            or not all(type(n) is int and 1 <= n <= ROOMS for n in numbers)):
        fail("dice.patient", f"expected a list of patient counts from 1 to {ROOMS}")
    levels: dict[str, Difficulty] = {}
    tables = data.get("difficulty")
    if not isinstance(tables, list) or not tables:
        fail("difficulty", "expected one or more [[difficulty]] tables")
    for i, t in enumerate(tables):
        where = f"difficulty[{i}]"
        expected = {"name", "description", "start_patients", "ambulance_faces"}
        if not isinstance(t, dict) or set(t) != expected:
            fail(where, f"expected exactly the fields {', '.join(sorted(expected))}")
        if not isinstance(t["name"], str) or t["name"] in levels:
            fail(f"{where}.name", f"expected a new name, found {t['name']!r}")
        n = t["start_patients"]
        if type(n) is not int or not 0 <= n <= ROOMS:
            fail(f"{where}.start_patients", f"expected 0 to {ROOMS}, found {n!r}")
        on = t["ambulance_faces"]
        if not isinstance(on, list) or not set(on) <= set(faces):
            fail(f"{where}.ambulance_faces", f"expected faces of the Ambulance die {sorted(set(faces))}")
        levels[t["name"]] = Difficulty(t["name"], str(t["description"]), n, frozenset(on))
    unknown = set(data) - {"dice", "difficulty"}
    if unknown:
        fail(sorted(unknown)[0], "unknown field; expected [dice] and [[difficulty]]")
    return Dice(Dist.uniform(faces), Dist.uniform(numbers), levels)
