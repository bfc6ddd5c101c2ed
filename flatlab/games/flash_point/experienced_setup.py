"""Experienced Game — Setup: a random building, rolled step by step (steps 3-14).

Every roll is a chance node with its exact distribution; a roll that lands
where the rule says "roll again" is logged and rolled again, so the accepted
target is uniform over the allowed spaces.

- Step 4, the setup key: the black die alone picks one of the central 2x4
  block of spaces: faces 1-4 are row 3, columns 3-6 from left to right, and
  faces 5-8 are row 4, columns 3-6 (our printed key, `SETUP_KEY`).
- Step 5: both dice; rolled again while the target is on fire.
- Step 6: the black die of step 5's accepted roll is flipped to its opposite
  face (9 - n on the eight-sided die) and only the red die is rolled, and
  rolled again while the target is on fire.
- Step 7 (Heroic): both dice again.
- Step 8: hazmat on rolled spaces, rolled again onto fire (ruling: and onto
  another hazmat).
- Step 9: three POI, rolled again onto fire (ruling: and onto another POI).
- Step 10: specialists, chosen with the `specialists` option or dealt at random.
- Step 11: extra hot spots rolled onto spaces without one; then the supply of
  6 (12 at Heroic) on the yellow circles.
- Steps 13-14: firefighters outside, then the Ambulance and the Engine parked.

Each explosion places fire and a Hot Spot and resolves in full, damage
included. Ruling: fire the blasts put outside the building is removed at
once, as in every Secondary Effects.

The family game's FAQ set-up "steps 4-6 and 9" (`setup="random-key"`) runs the
same functions without hot spots, hazmat or specialists.
"""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .advance_fire import add_fire, explode
from .board import OUTSIDE, Cell
from .dice import BLACK, RED, TARGET_ROLL, describe_target, flip
from .specialists import SPECIALISTS
from .state import CLOSED, COLOURS, FIRE, FlashPointState

SETUP = "Experienced Game — Setup"
SETUP_KEY = {face: (3, face + 2) if face <= 4 else (4, face - 2) for face in range(1, 9)}
DIFFICULTIES = {  # initial explosions, hazmat, extra hot spots, hot spots in the supply
    "recruit": (3, 3, 0, 6),
    "veteran": (3, 4, 3, 6),
    "heroic": (4, 5, 3, 12),
}


def initial_state(s: FlashPointState) -> FlashPointState:
    """Steps 2-3 done (closed doors, difficulty chosen): roll the first explosion next."""
    s.doors = dict.fromkeys(s.doors, CLOSED)
    s.step, s.setup_left = "initial-explosion", explosions(s)
    return s


def explosions(s: FlashPointState) -> int:
    return DIFFICULTIES[s.difficulty][0] if s.experienced else 3


def explosion_number(s: FlashPointState) -> int:
    return explosions(s) - s.setup_left + 1


def explosion_node(s: FlashPointState) -> ChanceNode:
    n = explosion_number(s)
    what = f"explosion {n} of {explosions(s)}"
    if n == 1:
        return ChanceNode(f"{what}: black die on the setup key", f"{SETUP} (step 4)",
                          BLACK.map(SETUP_KEY.get), lambda c: f"setup key: space {c}")
    if n == 3:
        black = flip(s.dice[0], 8)
        return ChanceNode(f"{what}: red die, black flipped to {black}", f"{SETUP} (step 6)",
                          RED.map(lambda r: (r, black)), describe_target)
    return ChanceNode(f"{what}: both dice", f"{SETUP} (step {5 if n == 2 else 7})",
                      TARGET_ROLL, describe_target)


def initial_explosion(s: FlashPointState, target: Cell, log: Log) -> None:
    if s.threat.get(target) == FIRE:
        log.add(SETUP, f"{target} is already on fire: roll again.")
        return
    n = explosion_number(s)
    if n == 2:
        s.dice = [target[1]]  # the black die, flipped for the third explosion
    s.target = target
    add_fire(s, target, log, SETUP)
    if s.experienced:
        s.hot_spots.append(target)
    explode(s, target, log)
    for cell in OUTSIDE:
        s.threat.pop(cell, None)
    s.setup_left -= 1
    if not s.setup_left:
        s.dice = []
        if s.experienced and "unmarked-hazards" not in s.variants:
            s.step, s.setup_left = "place-hazmat", DIFFICULTIES[s.difficulty][1]
        else:
            s.step, s.setup_left = "initial-poi", 3


def hazmat_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode("hazmat placement roll", f"{SETUP} (step 8)", TARGET_ROLL, describe_target)


def place_hazmat(s: FlashPointState, target: Cell, log: Log) -> None:
    if s.threat.get(target) == FIRE or s.hazmat.get(target):
        log.add(SETUP, f"{target} holds fire or hazmat: roll again.")
        return
    s.hazmat[target] = 1
    log.add(SETUP, f"Hazmat is stored at {target}.")
    s.setup_left -= 1
    if not s.setup_left:
        s.step, s.setup_left = "initial-poi", 3


def poi_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode(f"POI roll ({4 - s.setup_left} of 3)", f"{SETUP} (step 9)", TARGET_ROLL,
                      describe_target)


def initial_poi(s: FlashPointState, target: Cell, log: Log) -> None:
    if s.threat.get(target) == FIRE or target in s.hidden:
        log.add(SETUP, f"{target} holds fire or a POI: roll again.")
        return
    s.bag -= 1
    s.hidden.append(target)
    log.add(SETUP, f"A face-down POI is placed at {target}.")
    s.setup_left -= 1
    if s.setup_left:
        return
    if not s.experienced:
        s.step = "place-firefighter"
        return
    if len(s.specialists) < s.players:
        s.step = "deal-specialist"
    else:
        _roll_hot_spots(s, log)


def deal_node(s: FlashPointState) -> ChanceNode:
    """Step 10 with cards dealt at random: uniform over the cards not dealt yet."""
    left = [n for n in SPECIALISTS if n not in s.specialists]
    who = COLOURS[len(s.specialists)].capitalize()
    return ChanceNode(f"deal {who}'s specialist card", f"{SETUP} (step 10)", Dist.uniform(left),
                      lambda n: f"{SPECIALISTS[n].title} (1 of the {len(left)} cards left)")


def deal(s: FlashPointState, name: str, log: Log) -> None:
    who = COLOURS[len(s.specialists)].capitalize()
    s.specialists.append(name)
    log.add(SETUP, f"{who} is the {SPECIALISTS[name]}.")
    if len(s.specialists) == s.players:
        _roll_hot_spots(s, log)


def _roll_hot_spots(s: FlashPointState, log: Log) -> None:
    s.setup_left = extra_hot_spots(s)
    if s.setup_left:
        s.step = "place-hot-spot"
    else:
        _fill_supply(s, log)


def extra_hot_spots(s: FlashPointState) -> int:
    """Step 11: 3 more at Veteran or Heroic, and 2 with 3 firefighters or 3 with 4 or more."""
    crew = 3 if s.players >= 4 else 2 if s.players == 3 else 0
    return DIFFICULTIES[s.difficulty][2] + crew


def hot_spot_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode("extra hot spot roll", f"{SETUP} (step 11)", TARGET_ROLL, describe_target)


def place_hot_spot(s: FlashPointState, target: Cell, log: Log) -> None:
    if target in s.hot_spots:
        log.add(SETUP, f"{target} already holds a Hot Spot: roll again.")
        return
    s.hot_spots.append(target)
    log.add(SETUP, f"A Hot Spot is placed at {target}.")
    s.setup_left -= 1
    if not s.setup_left:
        _fill_supply(s, log)


def _fill_supply(s: FlashPointState, log: Log) -> None:
    s.hot_spot_supply = DIFFICULTIES[s.difficulty][3]
    log.add(SETUP, f"{s.hot_spot_supply} Hot Spot markers wait on the yellow circles.")
    s.step = "place-firefighter"
