"""Take Action: Fire the Deck Gun (Experienced game), and its exact odds.

The gun aims at the quadrant bordering the Engine's parking spot. Both dice
are rolled and any die out of the quadrant's range is flipped to its opposite
face (a d6 shows 7 - n on the far side, a d8 9 - n). Flipping is a one-to-one
map from the out-of-range half onto the in-range half, so every space of the
quadrant gets exactly two red faces times two black faces: 4 of the 48 rolls,
probability 1/12 each. The target space and each Adjacent space (walls and
closed doors block, as for fire) lose all their fire and smoke; firefighters,
POI, victims and hazmat are untouched.

The Driver/Operator may reroll each die once, in either order, seeing the
result in between; `driver_odds` plays those rerolls optimally for a value
per target space (the AP it would take to clear the splash by hand: 2 per
fire, 1 per smoke) and returns the resulting distribution of the target.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from ...core.action import Action, expect_params
from ...core.chance import ChanceNode
from ...core.errors import IllegalAction
from ...core.log import Log
from ...prob import Dist
from .board import NEIGHBOURS, QUADRANT_CELLS, QUADRANT_NAMES, Cell, bordering_quadrants
from .dice import BLACK, RED, TARGET_ROLL, flip
from .specialists import card, has_ability
from .state import COLOURS, FIRE, FlashPointState
from .vehicles import vehicle_cells

DECK_GUN = "Take Action: Fire the Deck Gun"
REROLL = "Specialists: Driver/Operator (deck gun rerolls)"
MURPHY = "Changing the Rules: Murphy Strikes"
DICE = {"red": (0, 6), "black": (1, 8)}  # die -> (index in the (red, black) pair, sides)


def aim(s: FlashPointState) -> int:
    """The quadrant bordering the Engine's current parking spot."""
    (q,) = bordering_quadrants(vehicle_cells(s, "engine"))
    return q


def flip_into(value: int, sides: int, cells_range: range) -> int:
    """A die out of range shows its opposite face instead."""
    return value if value in cells_range else flip(value, sides)


def target_of(dice: tuple[int, int], q: int) -> Cell:
    rows = range(QUADRANT_CELLS[q][0][0], QUADRANT_CELLS[q][-1][0] + 1)
    cols = range(QUADRANT_CELLS[q][0][1], QUADRANT_CELLS[q][-1][1] + 1)
    return flip_into(dice[0], 6, rows), flip_into(dice[1], 8, cols)


def splash(s: FlashPointState, target: Cell) -> list[Cell]:
    """The target and its Adjacent spaces (as fire spreads: not through walls or closed doors)."""
    return [target, *(nb for nb, e, _ in NEIGHBOURS[target] if s.passable(e))]


# --- the action ---------------------------------------------------------------------
def cost_deck_gun(s: FlashPointState, a: Action) -> int:
    expect_params(a)
    if not s.experienced:
        raise IllegalAction("the Deck Gun belongs to the Experienced game", rule=DECK_GUN)
    if "murphy-strikes" in s.variants:
        raise IllegalAction("a broken water main: no Deck Gun in this game", rule=MURPHY)
    if s.positions[s.current] not in vehicle_cells(s, "engine"):
        raise IllegalAction("only a firefighter in the Engine's space can fire the Deck Gun",
                            rule=DECK_GUN)
    q = aim(s)
    crew = [COLOURS[i] for i, p in enumerate(s.positions) if p in QUADRANT_CELLS[q]]
    if crew:
        raise IllegalAction(f"the Deck Gun may not fire at the {QUADRANT_NAMES[q]} quadrant with "
                            f"{', '.join(crew)} in it", rule=DECK_GUN)
    return card(s).deck_gun_cost


def do_deck_gun(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    log.add(DECK_GUN, f"{COLOURS[s.current].capitalize()} aims the Deck Gun at the "
            f"{QUADRANT_NAMES[aim(s)]} quadrant ({cost} AP).")
    s.step = "deck-gun-roll"


def deck_guns(s: FlashPointState) -> Iterator[Action]:
    if s.experienced:
        yield Action("deck-gun")


# --- the roll, the Driver's rerolls, and the blast ------------------------------------
def roll_node(s: FlashPointState) -> ChanceNode:
    q = aim(s)
    return ChanceNode("deck gun roll", DECK_GUN, TARGET_ROLL,
                      lambda d: f"red {d[0]}, black {d[1]}: target {target_of(d, q)}")


def roll(s: FlashPointState, dice: tuple[int, int], log: Log) -> None:
    s.dice, s.rerolled = list(dice), []
    _aimed(s, log)


def die_node(s: FlashPointState) -> ChanceNode:
    die = s.rerolled[-1]
    return ChanceNode(f"Driver rerolls the {die} die", REROLL, RED if die == "red" else BLACK,
                      lambda n: f"{die} {n}")


def reroll_die(s: FlashPointState, value: int, log: Log) -> None:
    s.dice[DICE[s.rerolled[-1]][0]] = value
    _aimed(s, log)


def _aimed(s: FlashPointState, log: Log) -> None:
    target = target_of(tuple(s.dice), aim(s))
    flipped = [die for die, (i, _) in DICE.items() if target[i] != s.dice[i]]
    note = f" ({' and '.join(flipped)} flipped into range)" if flipped else ""
    log.add(DECK_GUN, f"The dice show red {s.dice[0]}, black {s.dice[1]}: target {target}{note}.")
    if has_ability(s, "reroll") and len(s.rerolled) < 2:
        s.step = "deck-gun-reroll"
    else:
        fire(s, log)


def reroll_choices(s: FlashPointState) -> list[Action]:
    return [Action("fire"), *(Action("reroll", die=d) for d in DICE if d not in s.rerolled)]


def choose_reroll(s: FlashPointState, a: Action, log: Log) -> None:
    """Decision (Driver/Operator): fire at the target shown, or reroll a die not rerolled yet."""
    if a not in reroll_choices(s):
        raise IllegalAction(f"fire the Deck Gun with act('fire') or reroll a die once: one of "
                            f"{[c.params.get('die') for c in reroll_choices(s)[1:]]}", rule=REROLL)
    if a.kind == "fire":
        fire(s, log)
    else:
        s.rerolled.append(a.die)
        s.step = "deck-gun-die"


def fire(s: FlashPointState, log: Log) -> None:
    target = target_of(tuple(s.dice), aim(s))
    cleared = []
    for cell in splash(s, target):
        threat = s.threat.pop(cell, None)
        if threat:
            cleared.append(f"{threat} at {cell}")
    log.add(DECK_GUN, f"The Deck Gun hits {target} and splashes over its Adjacent spaces: "
            + (", ".join(cleared) + " put out." if cleared else "nothing was burning there."))
    s.dice, s.rerolled = [], []
    s.step = "take-action"


# --- odds ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckGunOdds:
    quadrant: str
    plain: Dist  # target space with no rerolls (uniform over the quadrant's 12 spaces)
    driver: Dist  # target space with the Driver's rerolls played to maximise `value`
    value: dict[Cell, int]  # AP of fire and smoke the splash would clear, per target
    plain_value: Fraction
    driver_value: Fraction

    def __str__(self) -> str:
        return (f"Deck Gun at the {self.quadrant} quadrant: each of its 12 spaces 1/12 without "
                f"rerolls; expected splash value {self.plain_value} ≈ {float(self.plain_value):.2f}"
                f" AP, with the Driver's best rerolls {self.driver_value} ≈ "
                f"{float(self.driver_value):.2f} AP")


def value_of(s: FlashPointState, target: Cell) -> int:
    return sum(2 if s.threat.get(c) == FIRE else 1 for c in splash(s, target) if c in s.threat)


def deck_gun_odds(s: FlashPointState, q: int | None = None) -> DeckGunOdds:
    """Exact target distributions for a quadrant (the Engine's by default)."""
    q = aim(s) if q is None else q
    values = {c: value_of(s, c) for c in QUADRANT_CELLS[q]}
    plain = TARGET_ROLL.map(lambda d: target_of(d, q))
    solve = _rerolls(q, values)
    laws: dict = {}

    def law(red: int, black: int, done: frozenset) -> Dist:
        """Where the gun ends up aiming from here, following the best choices."""
        key = (red, black, done)
        if key not in laws:
            choice = solve(red, black, done)[1]
            if choice.kind == "fire":
                laws[key] = Dist.always(target_of((red, black), q))
            else:
                i, sides = DICE[choice.die]
                faces = [(n, black) if i == 0 else (red, n) for n in range(1, sides + 1)]
                laws[key] = Dist.mixture(law(r, b, done | {choice.die}) for r, b in faces)
        return laws[key]

    driver = Dist.mixture(law(r, b, frozenset()) for r, b in TARGET_ROLL)
    return DeckGunOdds(
        quadrant=QUADRANT_NAMES[q], plain=plain, driver=driver, value=values,
        plain_value=sum((p * values[c] for c, p in plain.items()), Fraction(0)),
        driver_value=sum((p * values[c] for c, p in driver.items()), Fraction(0)),
    )


def best_reroll(s: FlashPointState) -> Action:
    """The Driver's best choice at the reroll decision (used by the bots and the odds):
    fire on ties, and the red die before the black."""
    q = aim(s)
    solve = _rerolls(q, {c: value_of(s, c) for c in QUADRANT_CELLS[q]})
    return solve(s.dice[0], s.dice[1], frozenset(s.rerolled))[1]


def _rerolls(q: int, value: dict[Cell, int]):
    """Optimal stopping over (red, black, dice rerolled): the expected value of playing on
    well from a position, and the choice that achieves it (exact, memoised)."""
    memo: dict = {}

    def solve(red: int, black: int, done: frozenset) -> tuple[Fraction, Action]:
        key = (red, black, done)
        if key not in memo:
            best, choice = Fraction(value[target_of((red, black), q)]), SHOOT
            for die, (i, sides) in DICE.items():
                if die in done:
                    continue
                faces = [(n, black) if i == 0 else (red, n) for n in range(1, sides + 1)]
                expect = sum((solve(r, b, done | {die})[0] for r, b in faces),
                             Fraction(0)) / sides
                if expect > best:
                    best, choice = expect, REROLL_DIE[die]
            memo[key] = best, choice
        return memo[key]

    return solve


SHOOT = Action("fire")
REROLL_DIE = {die: Action("reroll", die=die) for die in DICE}
