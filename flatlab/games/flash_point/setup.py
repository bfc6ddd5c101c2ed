"""Family Game Setup: the printed set-up, the FAQ's random set-ups, and placing firefighters.

- "standard": closed doors, the layout's 10 starting fires and 3 starting POI.
- "random" (FAQ, the simplest way): three explosions rolled on the dice and
  resolved without damage markers, then three POI rolled onto the board.
- "random-key" (FAQ, the alternative): steps 4-6 and 9 of the Experienced
  set-up (see `experienced_setup`), without hot spots.

Then each player in turn places their firefighter on any space outside. The
Experienced game starts the same way and rolls the rest in `experienced_setup`.
"""

from __future__ import annotations

from ...core.action import Action
from ...core.chance import ChanceNode
from ...core.errors import IllegalAction
from ...core.log import Log
from . import experienced_setup
from .advance_fire import add_fire, explode
from .board import OUTSIDE, Cell, Layout
from .dice import TARGET_ROLL, describe_target
from .poi import place_poi
from .specialists import start_turn
from .state import CLOSED, COLOURS, FALSE_ALARMS, FIRE, VICTIMS, FlashPointState

SETUP = "Family Game Setup"
RANDOM_SETUP = "FAQ: randomising the Family set-up"
PLACE = "Family Game Setup (step 8: firefighters start outside)"
SETUPS = ("standard", "random", "random-key")


def initial_state(layout: Layout, options: dict) -> FlashPointState:
    players = options["players"]
    s = FlashPointState(layout=layout, players=players, step="place-firefighter",
                        positions=[None] * players, ap=[0] * players,
                        doors=dict.fromkeys(sorted(layout.doors), CLOSED),
                        mode=options["mode"], difficulty=options.get("difficulty", ""),
                        variants=tuple(options.get("variants", ())),
                        specialists=list(options.get("specialists") or ()))
    setup = options["setup"]
    if s.experienced or setup == "random-key":
        return experienced_setup.initial_state(s)
    if setup == "standard":
        s.threat = dict.fromkeys(layout.fires, FIRE)
        s.hidden = list(layout.pois)
        s.bag = VICTIMS + FALSE_ALARMS - len(layout.pois)
    else:
        s.step, s.setup_left = "setup-explosion", 3
    return s


def setup_explosion_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode(f"set-up explosion roll ({4 - s.setup_left} of 3)", RANDOM_SETUP,
                      TARGET_ROLL, describe_target)


def setup_explosion(s: FlashPointState, target: Cell, log: Log) -> None:
    if s.threat.get(target) == FIRE:
        log.add(RANDOM_SETUP, f"{target} is already on fire: roll again (house ruling).")
        return
    s.target = target
    add_fire(s, target, log, RANDOM_SETUP)
    explode(s, target, log, damage=False)
    for cell in OUTSIDE:
        s.threat.pop(cell, None)
    s.setup_left -= 1
    if not s.setup_left:
        s.step, s.setup_left = "setup-poi", 3


def setup_poi_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode(f"set-up POI roll ({4 - s.setup_left} of 3)", RANDOM_SETUP,
                      TARGET_ROLL, describe_target)


def setup_poi(s: FlashPointState, target: Cell, log: Log) -> None:
    s.target = target
    if place_poi(s, target, log, resume="setup-poi"):
        s.setup_left -= 1
        if not s.setup_left:
            s.step = "place-firefighter"


def placements(s: FlashPointState) -> list[Action]:
    return [Action("place", to=cell) for cell in OUTSIDE]


def place_firefighter(s: FlashPointState, a: Action, log: Log) -> None:
    if a.kind != "place" or set(a.params) != {"to"}:
        raise IllegalAction("during set-up each player places their firefighter: "
                            "act('place', to=(row, column))", rule=PLACE)
    if a.to not in OUTSIDE:
        raise IllegalAction(f"{a.to!r} is not a space outside the building; firefighters start "
                            "on the outside ring (row 0 or 7, column 0 or 9)", rule=PLACE)
    s.positions[s.current] = a.to
    log.add(PLACE, f"{COLOURS[s.current].capitalize()} starts at {a.to}.")
    s.current += 1
    if s.current < s.players:
        return
    s.current = 0
    if s.experienced:
        s.step = "park-vehicle"
    else:
        s.turn, s.step = 1, "take-action"
        start_turn(s)
