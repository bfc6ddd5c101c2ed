"""Hot Spots & Flare Ups (Experienced game).

An advance-fire roll whose target holds a Hot Spot is a Flare Up: that roll
is resolved in full (explosions, flashover, hazmat explosions) and then the
fire advances again, as many times as the targets keep holding Hot Spots.
After the last roll of a chain with at least one Flare Up, one Hot Spot from
the supply is added to that roll's target (one per turn at most; none once the
supply on the yellow circles is used up).

While the set of Hot Spots stays the same, each roll flares up with the same
probability p = h/48, so the number of rolls in a turn follows a geometric
law: P(N = k) = p^(k-1) (1 - p), with mean 1/(1 - p). A hazmat explosion in
the middle of a chain adds a Hot Spot and raises p for the rolls after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.log import Log
from .board import INSIDE, Cell
from .state import FlashPointState

FLARE_UP = "Advance Fire: Hot Spots & Flare Ups"
ORDER = "Advance Fire: Order of Resolution"


def add_hot_spot(s: FlashPointState, cell: Cell, log: Log, why: str) -> None:
    """Take a Hot Spot from the supply and put it on `cell` (none left: nothing happens)."""
    if cell in s.hot_spots:
        log.add(FLARE_UP, f"{why}: {cell} already holds a Hot Spot.")
    elif s.hot_spot_supply == 0:
        log.add(FLARE_UP, f"{why}: no Hot Spot markers are left in the supply.")
    else:
        s.hot_spot_supply -= 1
        s.hot_spots.append(cell)
        log.add(FLARE_UP, f"{why}: a Hot Spot is added at {cell} "
                f"({s.hot_spot_supply} left in the supply).")


def flare_up(s: FlashPointState, log: Log) -> None:
    """Order of Resolution, step 5: roll again after a Flare Up, or close the chain."""
    if s.flare:
        s.flare = False
        log.add(FLARE_UP, f"Flare up: {s.target} held a Hot Spot, so the fire advances again "
                f"(roll {s.rolls + 1} this turn).")
        s.step = "advance-fire"
        return
    if s.rolls > 1:
        add_hot_spot(s, s.target, log, f"After {s.rolls - 1} flare up(s)")
    s.rolls = 0
    s.step = "secondary-effects"


@dataclass(frozen=True)
class FlareUpLaw:
    """The number of advance-fire rolls in a turn while the Hot Spots stay as they are."""

    hot_spots: int

    @property
    def p(self) -> Fraction:
        return Fraction(self.hot_spots, len(INSIDE))

    def pmf(self, k: int) -> Fraction:
        return self.p ** (k - 1) * (1 - self.p) if k >= 1 else Fraction(0)

    def at_least(self, k: int) -> Fraction:
        return self.p ** (k - 1) if k >= 1 else Fraction(1)

    @property
    def mean(self) -> Fraction:
        return 1 / (1 - self.p)

    def __str__(self) -> str:
        p = self.p
        head = ", ".join(f"P(N={k}) = {self.pmf(k)}" for k in (1, 2, 3))
        reduced = f" = {p}" if p.denominator != len(INSIDE) else ""
        return (f"Advance-fire rolls this turn: geometric with p = {self.hot_spots}/48{reduced}"
                f" (Hot Spots inside / 48): {head}, ...; E[N] = {self.mean} ≈ "
                f"{float(self.mean):.3f}")


def flare_up_law(s: FlashPointState) -> FlareUpLaw:
    return FlareUpLaw(sum(1 for c in s.hot_spots if c in set(INSIDE)))
