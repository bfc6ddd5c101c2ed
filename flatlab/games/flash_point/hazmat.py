"""Hazmat (Experienced game): explosions after the flashover, and disposal.

After the flashover, every Hazmat in a space with fire explodes: the marker
is removed, the space explodes like an advance-fire explosion, and a Hot Spot
goes there. When several wait, the players choose the order (a decision).

Rulings: a hazmat explosion is an Explosion, so the flashover is checked
again after each one, and a hazmat set on fire by it explodes in turn. The Hot
Spot comes from the supply on the yellow circles (the only markers left in
play); with none left, none is added.

Carrying hazmat is a move (`move(..., hazmat=True)`, 2 AP, never into fire);
carried out of the building it is disposed. The Hazmat Technician may also
Dispose of it where it stands (2 AP).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import Log
from .advance_fire import explode
from .board import Cell
from .hot_spots import add_hot_spot
from .specialists import has_ability
from .state import COLOURS, FIRE, FlashPointState, take_one

HAZMAT = "Advance Fire: Hazmat"
DISPOSE = "Specialists: Hazmat Technician (Dispose)"
CARRY_OUT = "Hazmat: disposed by carrying it out of the building"
DISPOSE_COST = 2


def in_fire(s: FlashPointState) -> list[Cell]:
    return sorted(c for c in s.hazmat if s.threat.get(c) == FIRE)


def hazmat_explosions(s: FlashPointState, log: Log) -> None:
    """Order of Resolution, step 4 (automatic): one hazmat in fire explodes; several wait for
    the players to choose; none: go on to the flare ups."""
    burning = in_fire(s)
    if len(burning) == 1:
        explode_hazmat(s, burning[0], log)
    elif burning:
        log.add(HAZMAT, f"Hazmat in fire at {', '.join(map(str, burning))}: "
                "choose which explodes first.")
        s.step = "hazmat-order"
    else:
        s.step = "flare-up"


def explode_hazmat(s: FlashPointState, cell: Cell, log: Log) -> None:
    take_one(s.hazmat, cell)
    s.exploded += 1
    log.add(HAZMAT, f"The hazmat at {cell} explodes!")
    s.step = "flashover"  # then back here: more hazmat may be burning now
    explode(s, cell, log)
    add_hot_spot(s, cell, log, "Hazmat explosion")


def order_choices(s: FlashPointState) -> list[Action]:
    return [Action("explode", at=c) for c in in_fire(s)]


def choose_order(s: FlashPointState, a: Action, log: Log) -> None:
    if a not in order_choices(s):
        raise IllegalAction(f"choose the hazmat that explodes first: act('explode', at=space), "
                            f"one of {', '.join(map(str, in_fire(s)))}", rule=HAZMAT)
    explode_hazmat(s, a.at, log)


# --- Dispose (Hazmat Technician) ---------------------------------------------------------
def cost_dispose(s: FlashPointState, a: Action) -> int:
    expect_params(a)
    if not has_ability(s, "dispose"):
        raise IllegalAction("only the Hazmat Technician disposes of hazmat in place; others "
                            "carry it out of the building", rule=DISPOSE)
    if not s.hazmat.get(s.positions[s.current]):
        raise IllegalAction(f"there is no hazmat at {s.positions[s.current]}", rule=DISPOSE)
    return DISPOSE_COST


def do_dispose(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    here = s.positions[s.current]
    take_one(s.hazmat, here)
    s.disposed += 1
    log.add(DISPOSE, f"{COLOURS[s.current].capitalize()} disposes of the hazmat at {here} "
            f"({cost} AP); it goes to the Rescued spot.")


def disposals(s: FlashPointState) -> Iterator[Action]:
    if s.hazmat:
        yield Action("dispose")
