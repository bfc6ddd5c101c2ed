"""What the next Advance Fire can do, exactly: each of the 48 rolls played ahead.

The forecast runs the real rule functions (`advance_fire`, `explode`,
`flashover`) on a copy of the state for every target space, so it can never
disagree with what `g.step()` will do. The figures are exact Fractions with
denominator 48.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.log import NULL_LOG
from ...core.rules import GameOver
from ...prob import Dist
from .advance_fire import advance_fire, flashover, inside_fires
from .board import INSIDE, Cell
from .dice import TARGET_ROLL
from .state import FIRE, FlashPointState

SMOKE_ONLY, BECOMES_FIRE, EXPLOSION = "smoke only", "becomes fire", "explosion"


@dataclass(frozen=True)
class FireForecast:
    kind: Dist  # "smoke only" / "becomes fire" / "explosion", by what the target space becomes
    new_fires: Dist  # how many more spaces inside are on fire after the advance and flashover
    knock_down: Fraction  # P(at least one firefighter ends up in fire and is knocked down)
    victim_or_poi_lost: Fraction  # P(fire reaches a victim or a face-down POI)
    collapse: Fraction  # P(the building collapses during this advance)
    fire_probability: dict[Cell, Fraction]  # per inside space: P(on fire afterwards)

    @property
    def explosion(self) -> Fraction:
        return self.kind[EXPLOSION]

    @property
    def expected_new_fires(self) -> Fraction:
        return self.new_fires.mean()

    def __str__(self) -> str:
        rows = [
            ("smoke only", self.kind[SMOKE_ONLY]),
            ("the target becomes fire", self.kind[BECOMES_FIRE]),
            ("explosion", self.kind[EXPLOSION]),
            ("a firefighter knocked down", self.knock_down),
            ("a victim or POI lost", self.victim_or_poi_lost),
            ("building collapse", self.collapse),
        ]
        lines = [f"  P({name}) = {p} ≈ {float(p):.3f}" for name, p in rows]
        e = self.expected_new_fires
        lines.append(f"  E[new fires] = {e} ≈ {float(e):.2f}")
        return "Next advance fire (exact, over the 48 equally likely rolls):\n" + "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + str(self) + "</pre>"


def outcome_of(s: FlashPointState, target: Cell) -> tuple[FlashPointState, bool]:
    """Play one advance-fire roll and its flashover ahead; returns (state after, collapsed)."""
    after = s.copy()
    try:
        advance_fire(after, target, NULL_LOG)
        flashover(after, NULL_LOG)
    except GameOver:
        return after, True
    return after, False


def kind_of(before: FlashPointState, after: FlashPointState, target: Cell) -> str:
    """What a roll on `target` did: smoke only, the target becomes fire, or an explosion."""
    if before.threat.get(target) == FIRE:
        return EXPLOSION
    return BECOMES_FIRE if after.threat.get(target) == FIRE else SMOKE_ONLY


def forecast(s: FlashPointState) -> FireForecast:
    fires_before = inside_fires(s)
    kind: dict[str, int] = {}
    new_fires: dict[int, int] = {}
    knocked = lost = collapsed = 0
    on_fire = dict.fromkeys(INSIDE, 0)
    for target in TARGET_ROLL:
        after, fell = outcome_of(s, target)
        threat = after.threat
        k = kind_of(s, after, target)
        kind[k] = kind.get(k, 0) + 1
        n = inside_fires(after) - fires_before
        new_fires[n] = new_fires.get(n, 0) + 1
        collapsed += fell
        knocked += any(threat.get(p) == FIRE for p in after.positions if p)
        lost += (any(threat.get(c) == FIRE for c in after.victims)
                 or any(threat.get(c) == FIRE for c in after.hidden))
        for c in INSIDE:
            if threat.get(c) == FIRE:
                on_fire[c] += 1
    total = len(TARGET_ROLL)
    return FireForecast(
        kind=Dist.from_weights(kind), new_fires=Dist.from_weights(dict(sorted(new_fires.items()))),
        knock_down=Fraction(knocked, total), victim_or_poi_lost=Fraction(lost, total),
        collapse=Fraction(collapsed, total),
        fire_probability={c: Fraction(n, total) for c, n in on_fire.items()},
    )


