"""Points of Interest: flipping a face-down POI, Replenish POI (turn step 3) and Turn End.

A POI is flipped when a firefighter moves onto it (Take Action: Move), when
fire reaches it (Secondary Effects: lost before it was identified), or when a
new one lands on a firefighter (Replenish POI). All three use one chance
node: the marker is a victim with probability (unrevealed victims) /
(unrevealed markers), drawing without replacement.

Experienced game: a new POI only goes on a space without fire, smoke, a
firefighter or another POI; from a blocked target it follows the layout's
redirect arrows to the first free space, and is rolled again when the path
has none. With Unmarked Hazards, a revealed false alarm leaves hazmat behind.
"""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .board import Cell, redirect_path
from .dice import TARGET_ROLL, describe_target
from .game_end import lose_victims
from .specialists import start_turn
from .state import COLOURS, FIRE, FlashPointState, put_one

REVEAL = "Take Action: Move (reveal a POI)"
LOST = "Advance Fire: Secondary Effects (lost POI)"
REPLENISH = "Replenish POI"
REDIRECT = "Replenish POI (Experienced): the redirect arrows"
UNMARKED = "Changing the Rules: Unmarked Hazards"
TURN_END = "Replenish POI: Turn End"
VICTIM, FALSE_ALARM = "victim", "false alarm"


def queue_reveal(s: FlashPointState, cells: list[Cell], resume: str) -> None:
    """Flip these POI one at a time (each a chance node), then go on with `resume`."""
    if cells:
        s.revealing = list(cells)
        s.resume = resume
        s.step = "reveal-poi"
    else:
        s.step = resume


def reveal_node(s: FlashPointState) -> ChanceNode:
    cell = s.revealing[0]
    victims, total = s.unrevealed_victims, s.unrevealed
    dist = Dist.from_weights({VICTIM: victims, FALSE_ALARM: total - victims})
    rule = LOST if s.threat.get(cell) == FIRE else REVEAL
    return ChanceNode(f"flip the POI at {cell}", rule, dist,
                      lambda o: f"{o} ({victims} victims among {total} unrevealed markers)")


def reveal(s: FlashPointState, identity: str, log: Log) -> None:
    cell = s.revealing.pop(0)
    s.hidden.remove(cell)
    unmarked = identity == FALSE_ALARM and "unmarked-hazards" in s.variants
    if unmarked and s.threat.get(cell) == FIRE:
        s.resume = "flashover"  # see unmarked_hazard
    if not s.revealing:
        s.step = s.resume
    if identity == FALSE_ALARM:
        s.false_alarms += 1
        log.add(REVEAL, f"The POI at {cell} is a false alarm; it goes to the Rescued space.")
        if unmarked:
            unmarked_hazard(s, cell, log)
        return
    s.unrevealed_victims -= 1
    if s.threat.get(cell) == FIRE:
        lose_victims(s, 1, log, f"The POI at {cell} was a victim, caught in the fire")
    else:
        s.put_victim(cell)
        log.add(REVEAL, f"The POI at {cell} is a victim.")


def unmarked_hazard(s: FlashPointState, cell: Cell, log: Log) -> None:
    """Unmarked Hazards: hazmat where the false alarm was; in fire, it explodes.

    Ruling: the explosion is that hazmat's (marker removed, Hot Spot added), so
    the Order of Resolution runs again from the flashover once the flips are done.
    """
    put_one(s.hazmat, cell)
    burning = " in the fire: it will explode" if s.threat.get(cell) == FIRE else ""
    log.add(UNMARKED, f"Hazmat was hidden under the false alarm at {cell}{burning}.")


def replenish(s: FlashPointState, log: Log) -> None:
    """Automatic step: top the board up to 3 POI, one roll at a time; then the turn ends."""
    on_board = s.poi_on_board
    if on_board >= 3:
        log.add(REPLENISH, f"{on_board} POI on the board: nothing more to place.")
        end_of_turn(s, log)
    elif s.bag == 0:
        log.add(REPLENISH, f"Only {on_board} POI on the board, but no POI markers are left.")
        end_of_turn(s, log)
    else:
        log.add(REPLENISH, f"{on_board} POI on the board: roll to place a new one.")
        s.step = "poi-target"


def poi_target_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode("roll for the new POI's space", REPLENISH, TARGET_ROLL, describe_target)


def place_poi(s: FlashPointState, target: Cell, log: Log, resume: str) -> bool:
    """Put a new face-down POI on the target, as Replenish POI says; False means reroll."""
    if target in s.hidden or s.victims.get(target):
        log.add(REPLENISH, f"There is already a POI at {target}: roll again.")
        return False
    threat = s.threat.pop(target, None)
    if threat:
        log.add(REPLENISH, f"The {threat} at {target} is removed to make room for the POI.")
    s.bag -= 1
    s.hidden.append(target)
    log.add(REPLENISH, f"A face-down POI is placed at {target}.")
    queue_reveal(s, [target] if target in s.positions else [], resume)
    return True


def poi_target(s: FlashPointState, target: Cell, log: Log) -> None:
    if not s.experienced:
        place_poi(s, target, log, resume="replenish-poi")
        return
    path = redirect_path(s.layout, target)
    free = next((c for c in path if free_for_poi(s, c)), None)
    if free is None:
        log.add(REDIRECT, f"{target} is taken and so is every space its arrows lead to "
                f"({', '.join(map(str, path[1:])) or 'none'}): roll again.")
        return
    if free != target:
        log.add(REDIRECT, f"{target} is taken: the arrows lead via "
                f"{', '.join(map(str, path[1:path.index(free)])) or 'nothing else'} to {free}.")
    place_poi(s, free, log, resume="replenish-poi")


def free_for_poi(s: FlashPointState, cell: Cell) -> bool:
    """Experienced Replenish POI: no fire or smoke, no firefighter, no other POI."""
    return (cell not in s.threat and cell not in s.positions and cell not in s.hidden
            and not s.victims.get(cell))


def end_of_turn(s: FlashPointState, log: Log) -> None:
    """Turn End: the player to the left takes 4 new AP on top of what they saved."""
    s.current = (s.current + 1) % s.players
    s.turn += 1
    start_turn(s)
    s.target = None
    log.add(TURN_END, f"Turn {s.turn}: {COLOURS[s.current].capitalize()} has "
            f"{s.ap[s.current]} AP.")
    s.step = "take-action"
