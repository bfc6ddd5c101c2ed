"""2. Advance Fire: the smoke roll, Explosions and Shockwaves, and the Secondary Effects.

The order is the rulebook's: roll and place smoke (or explode), then
Flashover, then the other Secondary Effects: Knocked Down firefighters, lost
Victims and POI, and fire outside the building removed. The roll, the
flashover and the secondary effects are three steps, so a learner can watch
them one at a time; `forecast.py` runs the same functions ahead.

The Experienced game's Order of Resolution puts two steps between the
flashover and the secondary effects: hazmat explosions (`hazmat`) and flare
ups (`hot_spots`), which may roll the fire again; and a knocked-down
firefighter goes to either space of the Ambulance's spot.
"""

from __future__ import annotations

from math import dist as distance

from ...core.action import Action
from ...core.chance import ChanceNode
from ...core.errors import IllegalAction
from ...core.log import Log
from .board import DIRECTIONS, INSIDE, NEIGHBOURS, OUTSIDE, Cell, edge, is_inside, on_board, step
from .dice import TARGET_ROLL, describe_target
from .game_end import check_collapse, lose_victims
from .state import CLOSED, COLOURS, DESTROYED, FIRE, SMOKE, THREAT_MARKERS, FlashPointState

ADVANCE = "Advance Fire"
EXPLOSION = "Advance Fire: Explosions"
SHOCKWAVE = "Advance Fire: Explosions (shockwave)"
FLASHOVER = "Advance Fire: Secondary Effects (flashover)"
KNOCK_DOWN = "Advance Fire: Knocked Down"
LOST = "Advance Fire: Secondary Effects (lost victims and POI)"
OUTSIDE_FIRE = "Advance Fire: Secondary Effects (fire outside the building)"
OUT_OF_MARKERS = "FAQ: running out of Fire markers (house ruling on flips)"


def advance_fire_node(s: FlashPointState) -> ChanceNode:
    return ChanceNode("advance-fire roll", ADVANCE, TARGET_ROLL, describe_target)


def add_fire(s: FlashPointState, cell: Cell, log: Log, rule: str) -> None:
    """Put fire on a space: flip its smoke, or place a new marker while the supply lasts."""
    if s.threat.get(cell) == SMOKE:
        s.threat[cell] = FIRE
        log.add(rule, f"The smoke at {cell} flips to fire.")
    elif len(s.threat) < THREAT_MARKERS:
        s.threat[cell] = FIRE
        where = "" if is_inside(cell) else " (outside the building)"
        log.add(rule, f"Fire spreads to {cell}{where}.")
    else:
        log.add(OUT_OF_MARKERS, f"No threat markers are left: no fire is added at {cell}.")


def next_to_fire(s: FlashPointState, cell: Cell) -> bool:
    threat, passable = s.threat, s.passable
    return any(threat.get(nb) == FIRE and passable(e) for nb, e, _ in NEIGHBOURS[cell])


def advance_fire(s: FlashPointState, target: Cell, log: Log) -> None:
    """Place smoke on the rolled space and see what it makes."""
    s.target = target
    if s.experienced:
        s.flare = target in s.hot_spots
        s.rolls += 1
    threat = s.threat.get(target)
    if threat == FIRE:
        log.add(EXPLOSION, f"Smoke lands on fire at {target}: an explosion!")
        explode(s, target, log)
    elif threat == SMOKE:
        s.threat[target] = FIRE
        log.add(ADVANCE, f"Smoke lands on smoke at {target}: smoke + smoke = fire.")
    elif len(s.threat) >= THREAT_MARKERS:
        log.add(OUT_OF_MARKERS, f"No threat markers are left: no smoke is placed at {target}.")
    elif next_to_fire(s, target):
        s.threat[target] = FIRE
        log.add(ADVANCE, f"Smoke lands at {target}, next to fire: it becomes fire.")
    else:
        s.threat[target] = SMOKE
        log.add(ADVANCE, f"Smoke fills {target}.")
    s.step = "flashover"


def explode(s: FlashPointState, target: Cell, log: Log, damage: bool = True) -> None:
    """An Explosion radiates up, down, left and right from the target.

    In each direction exactly one thing happens (the FAQ's summary): fire is
    added, a wall takes damage, or a closed door is destroyed. While the next
    space is already on fire the blast travels on as a Shockwave. With
    `damage=False` (the FAQ's random family set-up) walls and doors stop the
    blast untouched.
    """
    for name, d in DIRECTIONS.items():
        cell, rule = target, EXPLOSION
        while True:
            nxt = step(cell, d)
            if not on_board(nxt):
                log.add(rule, f"The blast going {name} leaves the board at {cell}.")
                break
            e = edge(cell, nxt)
            if e in s.layout.walls and s.damage.get(e, 0) < 2:
                if damage:
                    s.damage[e] = s.damage.get(e, 0) + 1
                    state = "destroyed" if s.damage[e] == 2 else "damaged"
                    log.add(rule, f"The wall between {cell} and {nxt} is {state}.")
                    check_collapse(s, log)
                break
            if e in s.layout.doors and s.doors[e] != DESTROYED:
                if not damage:
                    if s.doors[e] == CLOSED:
                        break
                else:
                    was = s.doors[e]
                    s.doors[e] = DESTROYED
                    log.add(rule, f"The {was} door between {cell} and {nxt} is destroyed.")
                    if was == CLOSED:
                        break
            if s.threat.get(nxt) != FIRE:
                add_fire(s, nxt, log, rule)
                break
            cell, rule = nxt, SHOCKWAVE


def flashover(s: FlashPointState, log: Log) -> None:
    """Smoke Adjacent to fire becomes fire, again and again until none is left next to fire."""
    threat, passable = s.threat, s.passable
    frontier = [c for c, t in threat.items() if t == FIRE]
    flipped = []
    while frontier:
        cell = frontier.pop()
        for nb, e, _ in NEIGHBOURS[cell]:
            if threat.get(nb) == SMOKE and passable(e):
                threat[nb] = FIRE
                flipped.append(nb)
                frontier.append(nb)
    if flipped:
        log.add(FLASHOVER, f"Flashover: smoke next to fire ignites at {', '.join(map(str, flipped))}.")
    else:
        log.add(FLASHOVER, "No smoke is next to fire: no flashover.")
    s.step = "hazmat" if s.experienced else "secondary-effects"


def nearest_parking(s: FlashPointState, cell: Cell) -> list[Cell]:
    """Where a knocked-down firefighter may go: the ambulance parking spaces closest as
    the crow flies (ties are all returned); in the Experienced game, the Ambulance's
    two spaces wherever it is."""
    if s.experienced:
        from .vehicles import vehicle_cells
        return list(vehicle_cells(s, "ambulance"))
    spaces = s.layout.ambulance_cells
    best = min(distance(cell, p) for p in spaces)
    return [p for p in spaces if distance(cell, p) - best < 1e-9]


def secondary_effects(s: FlashPointState, log: Log) -> None:
    """After the flashover: knock-downs, lost victims and POI, and fire outside removed.

    Choices (equally close ambulance spaces) and flips (face-down POI caught in
    fire) wait as decisions and chance nodes after this step, in that order.
    """
    knock_down(s, log)
    hidden = [c for c in s.hidden if s.threat.get(c) == FIRE]
    s.revealing, s.resume = hidden, "replenish-poi"
    _next_after_secondary_effects(s)
    lose_in_fire(s, log, hidden)
    remove_outside_fire(s, log)


def _next_after_secondary_effects(s: FlashPointState) -> None:
    s.step = ("knock-down-choice" if s.knocked else "reveal-poi" if s.revealing
              else "replenish-poi")


def knock_down(s: FlashPointState, log: Log) -> None:
    """Firefighters in fire go to the closest ambulance parking space; ties wait for a choice."""
    s.knocked = []
    for i, pos in enumerate(s.positions):
        if s.threat.get(pos) != FIRE:
            continue
        spaces = nearest_parking(s, pos)
        carried = s.victims.get(pos, 0)
        note = " The victim with them is lost." if carried else ""
        if len(spaces) == 1:
            s.positions[i] = spaces[0]
            log.add(KNOCK_DOWN, f"{COLOURS[i].capitalize()} is knocked down at {pos} and goes to "
                    f"the ambulance parking at {spaces[0]}.{note}")
        else:
            s.knocked.append(i)
            which = ("the Ambulance's spaces" if s.experienced
                     else "the closest ambulance spaces, equally far,")
            log.add(KNOCK_DOWN, f"{COLOURS[i].capitalize()} is knocked down at {pos}; "
                    f"{which} {', '.join(map(str, spaces))}: choose one.{note}")
    if not any(s.threat.get(p) == FIRE for p in s.positions):
        log.add(KNOCK_DOWN, "No firefighter is in fire.")


def choose_parking(s: FlashPointState, a: Action, log: Log) -> None:
    """Decision: where the first waiting knocked-down firefighter recovers."""
    choices = parking_choices(s)
    if a.kind != "recover" or set(a.params) != {"to"} or a.to not in choices:
        raise IllegalAction(f"choose where {COLOURS[s.knocked[0]]} recovers: one of "
                            f"{', '.join(map(str, choices))}, with act('recover', to=space)",
                            rule=KNOCK_DOWN)
    to = a.to
    i = s.knocked.pop(0)
    log.add(KNOCK_DOWN, f"{COLOURS[i].capitalize()} recovers at the ambulance parking at {to}.")
    s.positions[i] = to
    _next_after_secondary_effects(s)


def parking_choices(s: FlashPointState) -> list[Cell]:
    """Where the first waiting knocked-down firefighter may go (the tied closest spaces)."""
    return nearest_parking(s, s.positions[s.knocked[0]])


def lose_in_fire(s: FlashPointState, log: Log, hidden: list[Cell]) -> None:
    """Victims in fire are lost; face-down POI in fire are flipped (chance) and lost."""
    burning = [c for c in s.victims if s.threat.get(c) == FIRE]
    if burning:
        count = sum(s.victims.pop(c) for c in burning)
        for c in burning:
            s.treated.pop(c, None)  # the Heal marker goes with its victim
        lose_victims(s, count, log, f"Fire reaches the victim(s) at {', '.join(map(str, burning))}")
    elif hidden:
        log.add(LOST, f"Fire reaches the face-down POI at {', '.join(map(str, hidden))}: "
                "each is flipped, then lost.")
    else:
        log.add(LOST, "No victim or POI is in the fire.")


def remove_outside_fire(s: FlashPointState, log: Log) -> None:
    outside = [c for c in OUTSIDE if c in s.threat]
    for c in outside:
        del s.threat[c]
    if outside:
        log.add(OUTSIDE_FIRE, f"Fire outside the building is removed at {', '.join(map(str, outside))}.")


def inside_fires(s: FlashPointState) -> int:
    return sum(1 for c in INSIDE if s.threat.get(c) == FIRE)

