"""Where medic dice go in the Countdown, and what each place still needs.

A target is a string: a patient row "P04/2" (card P04, second row), an
emergency card "E07" or "S03", or a recharging station "station/0". A die may
go on a target when its icon is still missing there, and, for a patient row
that needs dice from several players, when enough room is left for the other
players' dice. A placed die never moves.
"""

from __future__ import annotations

from collections import Counter

from .state import FlatlineState

SAVING = "II. Countdown: Saving Patients"
CLEARING = "II. Countdown: Clearing Emergency Cards"
RECHARGING = "II. Countdown: Activating Recharging Stations"


def row_target(card: str, row: int) -> str:
    """The target of a patient's row (rows count from 0 inside, from 1 on the table)."""
    return f"{card}/{row + 1}"


def requirement(s: FlatlineState, target: str) -> tuple[tuple[str, ...], int]:
    """(icons, how many different players) a target needs."""
    if target.startswith("station/"):
        return s.content.stations[int(target.split("/")[1])].icons, 1
    if "/" in target:
        card, row = target.split("/")
        r = s.content.patients[card].rows[int(row) - 1]
        return r.icons, min(r.players, s.players)
    return s.content.emergencies[target].icons, 1


def rule_for(target: str) -> str:
    if target.startswith("station/"):
        return RECHARGING
    return SAVING if "/" in target else CLEARING


def open_targets(s: FlatlineState) -> list[str]:
    """Every place that can take dice this round, in table order."""
    out = []
    for card in s.patients:
        if card and card not in s.blocked:
            done = s.cleared.get(card, [])
            out += [row_target(card, r) for r in range(len(s.content.patients[card].rows))
                    if r not in done]
    out += s.stat_area
    out += s.emergency_cards()
    if "stations" not in s.lockdowns:
        out += [f"station/{i}" for i, cube in enumerate(s.stations) if cube]
    return out


def missing(s: FlatlineState, target: str) -> Counter:
    icons, _ = requirement(s, target)
    return Counter(icons) - Counter(face for _, face, _ in s.on(target))


def complete(s: FlatlineState, target: str) -> bool:
    icons, players = requirement(s, target)
    placed = s.on(target)
    return (not (Counter(icons) - Counter(face for _, face, _ in placed))
            and len({owner for owner, _, _ in placed}) >= players)


def placement_problem(s: FlatlineState, owner: int, face: str, target: str) -> str | None:
    """Why a die of `owner` showing `face` may not go on `target` now (None if it may)."""
    return Opening(s, target).problem(owner, face)


class Opening:
    """What a target still takes: the icons missing, and the room left for other players."""

    __slots__ = ("missing", "owners", "players", "room", "target")

    def __init__(self, s: FlatlineState, target: str):
        icons, self.players = requirement(s, target)
        placed = s.on(target)
        self.target = target
        self.missing = Counter(icons) - Counter(face for _, face, _ in placed)
        self.owners = {o for o, _, _ in placed}
        self.room = len(icons) - len(placed) - 1  # slots left after one more die

    def problem(self, owner: int, face: str) -> str | None:
        if not self.missing[face]:
            return f"{self.target} does not need (another) {face}"
        if len(self.owners | {owner}) + self.room < self.players:
            return f"{self.target} needs dice from {self.players} different players"
        return None
