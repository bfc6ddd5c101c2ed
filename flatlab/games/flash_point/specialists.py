"""Specialists (Experienced game): the eight cards, their Action Points and free AP, and Crew Change.

A card is data: AP per turn, free AP pools that only pay for one kind of
action and are never saved, and the cost changes it brings. The actions only
a specialist may take (Treat, Identify, Dispose, Command, the Driver's
rerolls) are carried out in `take_action` and `deck_gun`, which ask this table
who may do what.

Free AP are spent before ordinary AP: whatever is left of a free pool is lost
at the end of the turn, so spending it first is never worse.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import Log
from .state import AP_PER_TURN, COLOURS, FlashPointState

SPECIALISTS_RULE = "Specialists"
CREW_CHANGE = "Take Action: Crew Change"
LONE_ENGINE = "Changing the Rules: A Lone Engine Company"
MOVEMENT, EXTINGUISH, COMMAND = "movement", "extinguish", "command"
CREW_CHANGE_COST = 2


@dataclass(frozen=True)
class Specialist:
    name: str
    title: str
    ap: int  # AP per turn
    free: dict[str, int] = field(default_factory=dict)  # free AP per turn, by the actions they pay
    extinguish_factor: int = 1  # Paramedic and Rescue Specialist pay double to extinguish
    chop_cost: int = 2
    deck_gun_cost: int = 4
    ability: str = ""  # the action only this specialist takes, if any

    def __str__(self) -> str:
        extra = " + ".join(f"{n} free {pool} AP" for pool, n in self.free.items())
        return f"{self.title} ({self.ap} AP{' + ' + extra if extra else ''})"


SPECIALISTS: dict[str, Specialist] = {s.name: s for s in (
    Specialist("paramedic", "Paramedic", 4, extinguish_factor=2, ability="treat"),
    Specialist("fire-captain", "Fire Captain", 4, {COMMAND: 2}, ability="command"),
    Specialist("imaging-technician", "Imaging Technician", 4, ability="identify"),
    Specialist("cafs-firefighter", "CAFS Firefighter", 3, {EXTINGUISH: 3}),
    Specialist("hazmat-technician", "Hazmat Technician", 4, ability="dispose"),
    Specialist("generalist", "Generalist", 5),
    Specialist("rescue-specialist", "Rescue Specialist", 4, {MOVEMENT: 3}, extinguish_factor=2,
               chop_cost=1),
    Specialist("driver-operator", "Driver/Operator", 4, deck_gun_cost=2, ability="reroll"),
)}
CAFS_COMMAND_LIMIT = 1  # the Fire Captain may spend at most 1 AP a turn commanding the CAFS


def card(s: FlashPointState, i: int | None = None) -> Specialist | None:
    """Firefighter i's specialist (the current player's by default); None in the family game."""
    if not s.specialists:
        return None
    return SPECIALISTS[s.specialists[s.current if i is None else i]]


def has_ability(s: FlashPointState, ability: str) -> bool:
    spec = card(s)
    return spec is not None and spec.ability == ability


def validate_specialists(names, players: int) -> list[str]:
    """The `specialists` option: one distinct card name per firefighter."""
    if isinstance(names, str) or not isinstance(names, list | tuple):
        raise ValueError(f"specialists: expected a list of {players} names, got {names!r}")
    names = list(names)
    if len(names) != players:
        raise ValueError(f"specialists: {players} firefighters need {players} cards, "
                         f"got {len(names)}")
    for name in names:
        if name not in SPECIALISTS:
            raise ValueError(f"specialists: unknown card {name!r}; the cards are "
                             f"{', '.join(SPECIALISTS)}")
    if len(set(names)) != len(names):
        raise ValueError("specialists: each card is in play at most once")
    return names


# --- the start of a turn -------------------------------------------------------------
def start_turn(s: FlashPointState) -> None:
    """The current player takes their AP for the turn on top of what they saved."""
    spec = card(s)
    s.ap[s.current] += AP_PER_TURN if spec is None else spec.ap
    s.free = dict(spec.free) if spec else {}
    s.commanded_cafs, s.acted = 0, False


# --- Crew Change --------------------------------------------------------------------
def cost_crew_change(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to")
    if not s.experienced:
        raise IllegalAction("Crew Change belongs to the Experienced game", rule=CREW_CHANGE)
    if "lone-engine-company" in s.variants:
        raise IllegalAction("in A Lone Engine Company the crew never changes", rule=LONE_ENGINE)
    to = a.get("to")
    if to not in SPECIALISTS:
        raise IllegalAction(f"unknown specialist {to!r}; the cards are {', '.join(SPECIALISTS)}",
                            rule=CREW_CHANGE)
    if to in s.specialists:
        raise IllegalAction(f"the {SPECIALISTS[to].title} card is in play; swap only for a card "
                            "not in play", rule=CREW_CHANGE)
    if s.acted:
        raise IllegalAction("a Crew Change must be the first action of the turn", rule=CREW_CHANGE)
    from .vehicles import vehicle_cells
    if s.positions[s.current] not in vehicle_cells(s, "engine"):
        raise IllegalAction("a Crew Change needs the firefighter to start the turn in the "
                            "Engine's space", rule=CREW_CHANGE)
    return CREW_CHANGE_COST


def do_crew_change(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    """Ruling: the new card's AP replace the old card's for this turn; saved AP stay."""
    i, old, new = s.current, card(s), SPECIALISTS[a.to]
    s.ap[i] += new.ap - old.ap  # the 2 AP cost is already paid
    s.specialists[i] = new.name
    s.free = dict(new.free)
    log.add(CREW_CHANGE, f"{COLOURS[i].capitalize()} swaps the {old.title} card for the "
            f"{new} at the Engine ({cost} AP): {s.ap[i]} AP this turn.")


def crew_changes(s: FlashPointState) -> Iterator[Action]:
    if s.experienced:
        for name in SPECIALISTS:
            yield Action("crew-change", to=name)
