"""1. Take Action: spend Action Points to move, carry, open doors, extinguish and chop.

Each action kind has one `cost_*` function that checks it against the rules
and returns its AP cost (or raises IllegalAction naming the rule), and one
`do_*` function that carries it out. `legal_actions` lists the candidates that
pass the same check, so what is listed and what is accepted never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import Log
from .board import CELL, NEIGHBOURS, Cell, edge, is_inside
from .game_end import check_collapse, rescue
from .poi import queue_reveal
from .state import AP_SAVED_MAX, CLOSED, COLOURS, DESTROYED, FIRE, OPEN, SMOKE, FlashPointState

ACTION_POINTS = "Take Action: Action Points"
ADJACENT = "Adjacent Spaces"
MOVE = "Take Action: Move"
CARRY = "Take Action: Move (carry a victim)"
STRANDED = "Take Action (house ruling: keep 1 AP while standing in fire)"
DOOR = "Take Action: Open/Close Door"
EXTINGUISH = "Take Action: Extinguish"
CHOP = "Take Action: Chop"
END_TURN = "Take Action: end of turn (no ending a turn in fire; save up to 4 AP)"


def _who(s: FlashPointState) -> str:
    return COLOURS[s.current].capitalize()


def _space(value: Any, name: str, rule: str) -> Cell:
    try:
        cell = CELL.get(value)
    except TypeError:  # unhashable
        cell = None
    if cell is None or type(value[0]) is not int or type(value[1]) is not int:
        raise IllegalAction(f"{name} must be a space (row, column) on the board, got {value!r}",
                            rule=rule)
    return cell


def _neighbour(s: FlashPointState, to: Any, rule: str) -> Cell:
    """A space next to the current firefighter (walls and doors not considered yet)."""
    to = _space(to, "to", rule)
    here = s.positions[s.current]
    if abs(to[0] - here[0]) + abs(to[1] - here[1]) != 1:
        raise IllegalAction(f"{to} is not next to {_who(s)}'s space {here}", rule=rule)
    return to


def _afford(s: FlashPointState, cost: int, what: str, rule: str) -> int:
    if s.ap[s.current] < cost:
        raise IllegalAction(f"{what} costs {cost} AP; {_who(s)} has {s.ap[s.current]}",
                            rule=ACTION_POINTS if rule is None else rule)
    return cost


# --- Move (and carry) ---------------------------------------------------------------
def cost_move(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to", "carry")
    to = _neighbour(s, a.get("to"), MOVE)
    here = s.positions[s.current]
    carry = a.get("carry", False)
    if not isinstance(carry, bool):
        raise IllegalAction(f"carry must be True or False, got {carry!r}", rule=CARRY)
    if not s.passable(edge(here, to)):
        barrier = "a closed door" if edge(here, to) in s.layout.doors else "a wall"
        raise IllegalAction(f"{barrier} stands between {here} and {to}: they are not Adjacent",
                            rule=ADJACENT)
    into_fire = s.threat.get(to) == FIRE
    if carry:
        if not s.victims.get(here):
            raise IllegalAction(f"there is no victim at {here} to carry", rule=CARRY)
        if into_fire:
            raise IllegalAction(f"you may not carry a victim into the fire at {to}", rule=CARRY)
        return _afford(s, 2, "carrying a victim", ACTION_POINTS)
    return _afford(s, 2 if into_fire else 1, f"moving into {'fire' if into_fire else to}",
                   ACTION_POINTS)


def do_move(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    i, here, to = s.current, s.positions[s.current], a.to
    s.positions[i] = to
    if a.get("carry"):
        s.victims[here] -= 1
        if not s.victims[here]:
            del s.victims[here]
        log.add(CARRY, f"{_who(s)} carries a victim from {here} to {to} ({cost} AP).")
        if is_inside(to):
            s.victims[to] = s.victims.get(to, 0) + 1
        else:
            rescue(s, log, _who(s))
    else:
        log.add(MOVE, f"{_who(s)} moves from {here} to {to} ({cost} AP).")
    queue_reveal(s, [to] if to in s.hidden else [], resume="take-action")


def moves(s: FlashPointState) -> Iterator[Action]:
    here = s.positions[s.current]
    carry = bool(s.victims.get(here))
    for nb, _, _ in NEIGHBOURS[here]:
        yield Action("move", to=nb)
        if carry:
            yield Action("move", to=nb, carry=True)


# --- Open/Close Door ----------------------------------------------------------------
def cost_door(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to")
    to = _neighbour(s, a.get("to"), DOOR)
    e = edge(s.positions[s.current], to)
    if e not in s.layout.doors:
        raise IllegalAction(f"there is no door between {s.positions[s.current]} and {to}", rule=DOOR)
    if s.doors[e] == DESTROYED:
        raise IllegalAction(f"the door towards {to} has been destroyed", rule=DOOR)
    return _afford(s, 1, "opening or closing a door", ACTION_POINTS)


def do_door(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    e = edge(s.positions[s.current], a.to)
    s.doors[e] = OPEN if s.doors[e] == CLOSED else CLOSED
    verb = "opens" if s.doors[e] == OPEN else "closes"
    log.add(DOOR, f"{_who(s)} {verb} the door towards {a.to} ({cost} AP).")


def doors(s: FlashPointState) -> Iterator[Action]:
    for nb, e, _ in NEIGHBOURS[s.positions[s.current]]:
        if e in s.layout.doors:
            yield Action("door", to=nb)


# --- Extinguish ---------------------------------------------------------------------
def cost_extinguish(s: FlashPointState, a: Action) -> int:
    expect_params(a, "at", "clear")
    at = _space(a.get("at"), "at", EXTINGUISH)
    here = s.positions[s.current]
    clear = a.get("clear", False)
    if not isinstance(clear, bool):
        raise IllegalAction(f"clear must be True or False, got {clear!r}", rule=EXTINGUISH)
    if at != here:
        if abs(at[0] - here[0]) + abs(at[1] - here[1]) != 1:
            raise IllegalAction(f"{at} is neither {_who(s)}'s space nor next to it", rule=EXTINGUISH)
        if not s.passable(edge(here, at)):
            raise IllegalAction(f"a wall or closed door stands between {here} and {at}: "
                                "they are not Adjacent", rule=ADJACENT)
    threat = s.threat.get(at)
    if threat is None:
        raise IllegalAction(f"there is no fire or smoke at {at}", rule=EXTINGUISH)
    if threat == SMOKE and clear:
        raise IllegalAction(f"clear=True removes a fire outright; the smoke at {at} is removed "
                            f"by extinguish(at={at}) for 1 AP", rule=EXTINGUISH)
    return _afford(s, 2 if clear else 1, "removing a fire" if clear else "this extinguish",
                   ACTION_POINTS)


def do_extinguish(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    at = a.at
    if s.threat[at] == SMOKE or a.get("clear"):
        what = s.threat.pop(at)
        log.add(EXTINGUISH, f"{_who(s)} puts out the {what} at {at} ({cost} AP).")
    else:
        s.threat[at] = SMOKE
        log.add(EXTINGUISH, f"{_who(s)} beats the fire at {at} down to smoke ({cost} AP).")


def extinguishes(s: FlashPointState) -> Iterator[Action]:
    here = s.positions[s.current]
    for at in (here, *(nb for nb, _, _ in NEIGHBOURS[here])):
        threat = s.threat.get(at)
        if threat:
            yield Action("extinguish", at=at)
            if threat == FIRE:
                yield Action("extinguish", at=at, clear=True)


# --- Chop ---------------------------------------------------------------------------
def cost_chop(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to")
    to = _neighbour(s, a.get("to"), CHOP)
    e = edge(s.positions[s.current], to)
    if e not in s.layout.walls:
        raise IllegalAction(f"there is no wall between {s.positions[s.current]} and {to}",
                            rule=CHOP)
    if s.damage.get(e, 0) >= 2:
        raise IllegalAction(f"the wall towards {to} is already destroyed", rule=CHOP)
    return _afford(s, 2, "chopping", ACTION_POINTS)


def do_chop(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    e = edge(s.positions[s.current], a.to)
    s.damage[e] = s.damage.get(e, 0) + 1
    state = "destroys" if s.damage[e] == 2 else "damages"
    log.add(CHOP, f"{_who(s)} {state} the wall towards {a.to} with the axe ({cost} AP; "
            f"{s.damage_placed} of 24 damage markers placed).")
    check_collapse(s, log)


def chops(s: FlashPointState) -> Iterator[Action]:
    for nb, e, _ in NEIGHBOURS[s.positions[s.current]]:
        if e in s.layout.walls:
            yield Action("chop", to=nb)


# --- End of turn --------------------------------------------------------------------
def cost_end_turn(s: FlashPointState, a: Action) -> int:
    expect_params(a)
    here = s.positions[s.current]
    if s.threat.get(here) == FIRE:
        raise IllegalAction(f"{_who(s)} stands in fire at {here}; you may not end your turn "
                            "on a space with fire", rule=END_TURN)
    return 0


def do_end_turn(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    left = s.ap[s.current]
    s.ap[s.current] = min(left, AP_SAVED_MAX)
    log.add(END_TURN, f"{_who(s)} ends the turn, saving {s.ap[s.current]} AP"
            + (f" ({left - AP_SAVED_MAX} AP over the limit of 4 are lost)." if left > 4 else "."))
    s.step = "advance-fire"


def end_turns(s: FlashPointState) -> Iterator[Action]:
    yield Action("end-turn")


Check = Callable[[FlashPointState, Action], int]
Do = Callable[[FlashPointState, Action, int, Log], None]
ACTIONS: dict[str, tuple[Check, Do, Callable[[FlashPointState], Iterator[Action]]]] = {
    "move": (cost_move, do_move, moves),
    "door": (cost_door, do_door, doors),
    "extinguish": (cost_extinguish, do_extinguish, extinguishes),
    "chop": (cost_chop, do_chop, chops),
    "end-turn": (cost_end_turn, do_end_turn, end_turns),
}


def check(s: FlashPointState, a: Action) -> int:
    """The AP cost of a legal action, or IllegalAction naming the rule it breaks."""
    try:
        cost_of, _, _ = ACTIONS[a.kind]
    except KeyError:
        raise IllegalAction(f"unknown action {a.kind!r}; in Take Action the actions are "
                            f"{', '.join(ACTIONS)}", rule="Take Action") from None
    cost = cost_of(s, a)
    if a.kind != "end-turn" and s.ap[s.current] - cost < 1 and _in_fire_after(s, a):
        raise IllegalAction(f"this would leave {_who(s)} in fire with no AP to put it out, and "
                            "no firefighter may end a turn in fire", rule=STRANDED)
    return cost


def _in_fire_after(s: FlashPointState, a: Action) -> bool:
    here = s.positions[s.current]
    if a.kind == "move":
        return s.threat.get(a.to) == FIRE
    if a.kind == "extinguish" and a.at == here:
        return False
    return s.threat.get(here) == FIRE


def take_action(s: FlashPointState, a: Action, log: Log) -> None:
    cost = check(s, a)
    s.ap[s.current] -= cost
    ACTIONS[a.kind][1](s, a, cost, log)


def legal_actions(s: FlashPointState) -> list[Action]:
    legal = []
    for _, _, candidates in ACTIONS.values():
        for a in candidates(s):
            try:
                check(s, a)
            except IllegalAction:
                continue
            legal.append(a)
    return legal
