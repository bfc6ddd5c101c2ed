"""What the next Advance Fire can do: each of the 48 rolls played ahead, exactly.

The forecast runs the real rule functions (`advance_fire`, `explode`,
`flashover`, and in the Experienced game the hazmat explosions) on a copy of
the state for every target space, so it can never disagree with what
`g.step()` will do. These figures are exact Fractions with denominator 48.

In the Experienced game a roll on a Hot Spot brings another roll, so a turn's
whole Advance Fire has no finite list of outcomes. The forecast then adds
(1) the number of rolls: exactly geometric while the Hot Spots stay as they
are, which is only an approximation when a hazmat explosion could add one
mid-chain (`rolls_exact` says which), and (2) the whole phase simulated with
the real steps (seeded, so it is reproducible), each figure with its 95%
confidence interval and labelled as simulated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from ...core.log import NULL_LOG
from ...core.rules import AUTOMATIC, CHANCE, GameOver
from ...prob import Dist, Mean, Proportion
from .advance_fire import advance_fire, flashover, inside_fires
from .board import INSIDE, Cell
from .deck_gun import DeckGunOdds, deck_gun_odds
from .dice import TARGET_ROLL
from .hazmat import explode_hazmat, in_fire
from .hot_spots import FlareUpLaw, flare_up_law
from .state import FIRE, FlashPointState

SIMULATED_TURNS = 2000

SMOKE_ONLY, BECOMES_FIRE, EXPLOSION = "smoke only", "becomes fire", "explosion"


@dataclass(frozen=True)
class FireForecast:
    kind: Dist  # "smoke only" / "becomes fire" / "explosion", by what the target space becomes
    new_fires: Dist  # how many more spaces inside are on fire after the advance and flashover
    knock_down: Fraction  # P(at least one firefighter ends up in fire and is knocked down)
    victim_or_poi_lost: Fraction  # P(fire reaches a victim or a face-down POI)
    collapse: Fraction  # P(the building collapses during this advance)
    fire_probability: dict[Cell, Fraction]  # per inside space: P(on fire afterwards)
    # the Experienced game: the flare-up law and the whole phase (None in the family game)
    rolls: FlareUpLaw | None = None
    rolls_exact: bool = True  # False when a hazmat explosion could add a Hot Spot mid-chain
    deck_gun: DeckGunOdds | None = None  # where the Deck Gun would hit, if the Engine is parked
    _state: FlashPointState | None = field(default=None, repr=False, compare=False)

    @cached_property
    def whole_phase(self) -> PhaseEstimate | None:
        """The whole Advance Fire of this turn, flare ups included, simulated (Experienced)."""
        return None if self._state is None else simulate_phase(self._state)

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
        first = "first roll" if self.rolls else "advance fire"
        text = f"Next {first} (exact, over the 48 equally likely rolls):\n" + "\n".join(lines)
        if self.rolls:
            label = "exact" if self.rolls_exact else (
                "approximate: a hazmat explosion could add a Hot Spot mid-chain")
            text += f"\n{self.rolls} ({label})\n{self.whole_phase}"
        if self.deck_gun:
            text += f"\n{self.deck_gun}"
        return text

    def _repr_html_(self) -> str:
        return "<pre>" + str(self) + "</pre>"


def outcome_of(s: FlashPointState, target: Cell) -> tuple[FlashPointState, bool]:
    """Play one advance-fire roll ahead: the roll, its flashover and (Experienced) the hazmat
    explosions, in the order of their spaces; returns (state after, collapsed)."""
    after = s.copy()
    try:
        advance_fire(after, target, NULL_LOG)
        flashover(after, NULL_LOG)
        while after.experienced and in_fire(after):
            explode_hazmat(after, in_fire(after)[0], NULL_LOG)
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
    experienced = s.experienced
    return FireForecast(
        kind=Dist.from_weights(kind), new_fires=Dist.from_weights(dict(sorted(new_fires.items()))),
        knock_down=Fraction(knocked, total), victim_or_poi_lost=Fraction(lost, total),
        collapse=Fraction(collapsed, total),
        fire_probability={c: Fraction(n, total) for c, n in on_fire.items()},
        rolls=flare_up_law(s) if experienced else None,
        rolls_exact=not (experienced and s.hazmat),
        deck_gun=deck_gun_odds(s) if experienced and s.engine >= 0 else None,
        _state=s.copy() if experienced else None,
    )


# --- the Experienced game: the whole phase, simulated ----------------------------------
@dataclass(frozen=True)
class PhaseEstimate:
    """The whole Advance Fire of a turn (all flare ups), estimated over `n` seeded runs."""

    n: int
    rolls: Mean
    new_fires: Mean
    knock_down: Proportion
    victim_or_poi_lost: Proportion
    hazmat_explosion: Proportion
    collapse: Proportion

    def __str__(self) -> str:
        return "\n".join([
            f"Whole Advance Fire this turn (simulated, {self.n} runs, 95% intervals):",
            f"  rolls: {self.rolls}", f"  new fires: {self.new_fires}",
            f"  P(a firefighter knocked down): {self.knock_down}",
            f"  P(a victim or POI lost): {self.victim_or_poi_lost}",
            f"  P(a hazmat explosion): {self.hazmat_explosion}",
            f"  P(building collapse): {self.collapse}",
        ])


PHASE_STEPS = ("advance-fire", "flashover", "hazmat", "hazmat-order", "flare-up")


def simulate_phase(s: FlashPointState, n: int = SIMULATED_TURNS, seed: int = 0) -> PhaseEstimate:
    """Run the real steps from the roll to the secondary effects `n` times.

    Hazmat explosions go in the order of their spaces, as in `outcome_of`.
    """
    from .rules import STEPS
    rng = random.Random(seed)
    fires_before = inside_fires(s)
    rolls, new_fires = [], []
    knocked = lost = exploded = collapsed = 0
    for _ in range(n):
        run = s.copy()
        run.step, run.rolls, count = "advance-fire", 0, 0
        try:
            while run.step in PHASE_STEPS:
                step = STEPS[run.step]
                if step.situation == CHANCE:
                    count += 1
                    step.run(run, TARGET_ROLL.sample(rng), NULL_LOG)
                elif step.situation == AUTOMATIC:
                    step.run(run, NULL_LOG)
                else:  # the players' choice of hazmat order: the first space
                    explode_hazmat(run, in_fire(run)[0], NULL_LOG)
        except GameOver:
            collapsed += 1
        rolls.append(count)
        new_fires.append(inside_fires(run) - fires_before)
        knocked += any(run.threat.get(p) == FIRE for p in run.positions if p)
        lost += (any(run.threat.get(c) == FIRE for c in run.victims)
                 or any(run.threat.get(c) == FIRE for c in run.hidden))
        exploded += run.exploded > s.exploded
    return PhaseEstimate(
        n=n, rolls=Mean.of(rolls), new_fires=Mean.of(new_fires),
        knock_down=Proportion(knocked, n), victim_or_poi_lost=Proportion(lost, n),
        hazmat_explosion=Proportion(exploded, n), collapse=Proportion(collapsed, n),
    )


