"""The Flatline state: plain data, cheap to copy, saved as JSON.

Dice are one list entry each, `(owner, face, where)`: `face` is None until
rolled; `where` is "hand" (unplaced), "aside" (the colour's set-aside die),
"out" (lost for this round), "track" (sacrificed on the re-roll track), or the
id of what it was placed on: a patient row "P04/1", a card "E07", a station
"station/0". Nothing else stores the dice, so they are conserved by design.

Decks hold the cards not yet seen. Drawing the top card of a shuffled deck is
exactly a uniform draw from the cards not yet seen, so each draw is a chance
node over them; the patient pile is a count (the cards dealt into it form a
uniformly random subset of the deck, drawn one by one the same way).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ...core.steps import PlainState
from .content import Content

PATIENT_SPACES = 4  # around the Life Support Dial, clockwise
COLOURS = ("red", "blue", "green", "yellow", "purple")
Die = tuple[int, str | None, str]


@dataclass
class FlatlineState(PlainState):
    nested: ClassVar[tuple[str, ...]] = ("cleared", "emergency_area")  # dicts of lists

    content: Content
    players: int
    difficulty: str
    side: str
    step: str
    timer: int | None = None  # seconds for the countdown; None: untimed (the notebook default)
    round: int = 0
    dice: list[Die] = field(default_factory=list)
    meter: list[bool] = field(default_factory=list)  # 8 spaces, left to right; True = cube
    stations: list[bool] = field(default_factory=list)  # a cube still waits on the station
    patients: list[str | None] = field(default_factory=list)  # the 4 spaces around the dial
    diamond: int = 0  # the patient space the dial's diamond points at
    cleared: dict[str, list[int]] = field(default_factory=dict)  # patient -> rows cleared
    pile: int = 0  # patient cards still face down
    unseen_patients: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # emergency cards not revealed yet
    emergency_area: dict[int, list[str]] = field(default_factory=dict)  # slot -> rows 1, 2
    stat_area: list[str] = field(default_factory=list)
    x_area: list[str] = field(default_factory=list)  # face-down uncleared Stat cards
    triage: list[str] = field(default_factory=list)  # oldest first; the first 4 are in "+"
    discard: list[str] = field(default_factory=list)
    # this round only (the dial's turn ends them)
    emergency_roll: tuple[int, int] | None = None
    rerolls_used: int = 0
    reroll_bonus: int = 0
    lockdowns: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)  # patients that take no dice this round
    borrowed: list[int] = field(default_factory=list)  # set-aside dice taken this round
    # what the step machine still has to do before `resume`
    to_reveal: int = 0
    to_roll: list[int] = field(default_factory=list)  # players whose unrolled dice roll next
    rerolling: list[int] = field(default_factory=list)  # dice being re-rolled now
    refill: list[int] = field(default_factory=list)  # patient spaces waiting for a new card
    choosing: str = ""  # a pending team choice, e.g. "discard-emergency"
    resume: str = ""
    resolving: int = 0  # how many patient spaces Resolution G has done
    outcome: str | None = None

    # --- reading the table -----------------------------------------------------------
    @property
    def cubes(self) -> int:
        return sum(self.meter)

    @property
    def cmo(self) -> int:
        """The Chief Medical Officer leads the round."""
        return 0

    @property
    def intern(self) -> int:
        """The Intern gathers and hands back the dice (the CMO too, when playing alone)."""
        return 1 if self.players > 1 else 0

    @property
    def x_limit(self) -> int:
        return 4 if self.players <= 2 else 3

    @property
    def reroll_limit(self) -> int:
        if "rerolls" in self.lockdowns:
            return 0
        return max(0, self.content.reroll_limits[self.players - 1] + self.reroll_bonus)

    def on(self, target: str) -> list[Die]:
        return [d for d in self.dice if d[2] == target]

    def unplaced(self, player: int | None = None) -> list[int]:
        """Indices of rolled dice still in a hand (of one player, or of anyone)."""
        return [i for i, (owner, face, where) in enumerate(self.dice)
                if where == "hand" and face is not None and (player is None or owner == player)]

    def emergency_cards(self) -> list[str]:
        """Cards in the Emergency area, slot by slot, first row before second."""
        return [card for slot in sorted(self.emergency_area) for card in self.emergency_area[slot]]


def to_dict(s: FlatlineState) -> dict[str, Any]:
    out = {}
    for f in fields(FlatlineState):
        value = getattr(s, f.name)
        if f.name == "content":
            continue
        if f.name == "dice":
            value = [list(d) for d in value]
        elif f.name == "emergency_area":
            value = {str(k): list(v) for k, v in sorted(value.items())}
        elif f.name == "cleared":
            value = {k: list(v) for k, v in sorted(value.items())}
        elif (f.name == "emergency_roll" and value is not None) or isinstance(value, list):
            value = list(value)
        out[f.name] = value
    return out
