"""Vehicles (Experienced game): parking, Drive, Ride, and rescue at the Ambulance.

Each vehicle stands on one of its four two-space parking spots, kept in
`layout.*_spots` in clockwise order, so one Drive (2 AP) takes it to the
spot before or after its own; the spot opposite is two Drives away.

Riding: the firefighters standing in a vehicle's spot when it leaves may ride
along for 0 AP (the Engine's driver always goes). Each gets out in either space
of the new spot: `to` by default (the Engine's driver always there), or the
space given for them in `exits` (one per rider, in the order of `riders`).
`legal_actions` lists everyone or nobody riding, all getting out at `to`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import Log
from .board import Cell
from .game_end import rescue
from .state import COLOURS, FlashPointState

PARK = "Experienced Game — Setup (step 14: place the Ambulance and the Engine)"
DRIVE = "Take Action: Drive"
RIDE = "Take Action: Drive (riding)"
RESCUE = "Vehicles: rescue at the Ambulance"
VEHICLES = ("ambulance", "engine")
DRIVE_COST = 2


def spots(s: FlashPointState, vehicle: str) -> tuple[tuple[Cell, Cell], ...]:
    return s.layout.ambulance_spots if vehicle == "ambulance" else s.layout.engine_spots


def vehicle_cells(s: FlashPointState, vehicle: str) -> tuple[Cell, ...]:
    """The two spaces the vehicle stands on (none before it is parked)."""
    index = s.ambulance if vehicle == "ambulance" else s.engine
    return spots(s, vehicle)[index] if index >= 0 else ()


def spot_of(s: FlashPointState, vehicle: str, cell) -> int:
    for i, spot in enumerate(spots(s, vehicle)):
        if cell in spot:
            return i
    return -1


def rescue_victims_at_ambulance(s: FlashPointState, log: Log) -> None:
    """Victims waiting (or just brought) in the Ambulance's spaces are rescued."""
    for cell in vehicle_cells(s, "ambulance"):
        while s.victims.get(cell):
            s.take_victim(cell)
            rescue(s, log, f"The Ambulance takes the victim at {cell}", rule=RESCUE)


# --- Set-up step 14 -------------------------------------------------------------------
def parkings(s: FlashPointState) -> list[Action]:
    vehicle = "ambulance" if s.ambulance < 0 else "engine"
    return [Action("park", to=spot[0]) for spot in spots(s, vehicle)]


def park(s: FlashPointState, a: Action, log: Log) -> None:
    vehicle = "ambulance" if s.ambulance < 0 else "engine"
    if a.kind != "park" or set(a.params) != {"to"}:
        raise IllegalAction(f"choose where the {vehicle} parks: act('park', to=space of one of "
                            "its parking spots)", rule=PARK)
    index = spot_of(s, vehicle, a.to)
    if index < 0:
        raise IllegalAction(f"{a.to!r} is not one of the {vehicle}'s parking spots "
                            f"{list(spots(s, vehicle))}", rule=PARK)
    setattr(s, vehicle, index)
    log.add(PARK, f"The {vehicle} parks at {spots(s, vehicle)[index]}.")
    if vehicle == "engine":
        from .specialists import start_turn
        s.current, s.turn = 0, 1
        s.step = "take-action"
        start_turn(s)


# --- Drive ----------------------------------------------------------------------------
def cost_drive(s: FlashPointState, a: Action) -> int:
    expect_params(a, "vehicle", "to", "riders", "exits")
    if not s.experienced:
        raise IllegalAction("vehicles are driven only in the Experienced game", rule=DRIVE)
    vehicle = a.get("vehicle")
    if vehicle not in VEHICLES:
        raise IllegalAction(f"vehicle must be 'ambulance' or 'engine', got {vehicle!r}", rule=DRIVE)
    here = s.positions[s.current]
    cells = vehicle_cells(s, vehicle)
    if vehicle == "engine" and here not in cells:
        raise IllegalAction("only a firefighter in the Engine's space can drive it", rule=DRIVE)
    target = spot_of(s, vehicle, _cell(a.get("to")))
    if target < 0:
        raise IllegalAction(f"{a.get('to')!r} is not a {vehicle} parking space; vehicles stop "
                            "only on their own parking spots", rule=DRIVE)
    current = s.ambulance if vehicle == "ambulance" else s.engine
    if (target - current) % 4 not in (1, 3):
        what = "already there" if target == current else "two Drives away (opposite side)"
        raise IllegalAction(f"one Drive goes to the next parking spot round the building; "
                            f"that spot is {what}", rule=DRIVE)
    riders = a.get("riders", ())
    if not isinstance(riders, list | tuple) or not all(
            type(r) is int and 0 <= r < s.players for r in riders) or len(set(riders)) != len(riders):
        raise IllegalAction(f"riders must list firefighter numbers, got {riders!r}", rule=RIDE)
    for r in riders:
        if s.positions[r] not in cells:
            raise IllegalAction(f"{COLOURS[r].capitalize()} is not in the {vehicle}'s parking "
                                "spot and cannot ride", rule=RIDE)
    if vehicle == "engine" and s.current in riders:
        raise IllegalAction("the Engine's driver always goes with it; list only the other riders",
                            rule=RIDE)
    exits = a.get("exits")
    if exits is not None:
        destination = spots(s, vehicle)[target]
        if (not isinstance(exits, tuple) or len(exits) != len(riders)
                or any(_cell(c) not in destination for c in exits)):
            raise IllegalAction(f"exits: one space of {destination} per rider, in the order of "
                                f"riders, got {exits!r}", rule=RIDE)
    return DRIVE_COST


def _cell(value) -> Cell | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(type(x) is int for x in value):
        return tuple(value)
    return None


def do_drive(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    vehicle, to = a.vehicle, _cell(a.to)
    riders = list(a.get("riders", ()))
    exits = [_cell(c) for c in a.get("exits") or [to] * len(riders)]
    if vehicle == "engine":
        riders.insert(0, s.current)
        exits.insert(0, to)
    setattr(s, vehicle, spot_of(s, vehicle, to))
    for r, cell in zip(riders, exits, strict=True):
        s.positions[r] = cell
    crew = ", ".join(COLOURS[r].capitalize() for r in riders)
    log.add(DRIVE, f"{COLOURS[s.current].capitalize()} drives the {vehicle} to "
            f"{vehicle_cells(s, vehicle)} ({cost} AP)" + (f"; riding: {crew}." if crew else "."))
    if vehicle == "ambulance":
        rescue_victims_at_ambulance(s, log)


def drives(s: FlashPointState) -> Iterator[Action]:
    """Each neighbouring spot, with everyone who could ride riding, and with nobody riding."""
    if not s.experienced:
        return
    here = s.positions[s.current]
    for vehicle in VEHICLES:
        cells = vehicle_cells(s, vehicle)
        if vehicle == "engine" and here not in cells:
            continue
        current = s.ambulance if vehicle == "ambulance" else s.engine
        could = [i for i, p in enumerate(s.positions) if p in cells
                 and not (vehicle == "engine" and i == s.current)]
        for step in (1, 3):
            to = spots(s, vehicle)[(current + step) % 4][0]
            yield Action("drive", vehicle=vehicle, to=to)
            if could:
                yield Action("drive", vehicle=vehicle, to=to, riders=tuple(could))
