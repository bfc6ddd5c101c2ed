"""1. Take Action: spend Action Points to move, carry, open doors, extinguish and chop.

Each action kind has one `cost_*` function that checks it against the rules
and returns its AP cost (or raises IllegalAction naming the rule), and one
`do_*` function that carries it out. `legal_actions` lists the candidates that
pass the same check, so what is listed and what is accepted never disagree.

The Experienced game adds actions (Drive and the Deck Gun in `vehicles` and
`deck_gun`, Crew Change in `specialists`, Dispose in `hazmat`, Treat and
Identify here) and changes some costs through the specialist cards. Moves and
door actions take `who=` when the Fire Captain commands another firefighter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import NULL_LOG, Log
from ...core.rules import GameOver
from . import deck_gun, hazmat, specialists, vehicles
from .board import CELL, NEIGHBOURS, Cell, edge, is_inside
from .game_end import check_collapse, rescue
from .poi import queue_reveal
from .specialists import CAFS_COMMAND_LIMIT, COMMAND, EXTINGUISH, MOVEMENT, card, has_ability
from .state import (
    AP_SAVED_MAX,
    CLOSED,
    COLOURS,
    DESTROYED,
    FIRE,
    OPEN,
    SMOKE,
    FlashPointState,
    put_one,
    take_one,
)

ACTION_POINTS = "Take Action: Action Points"
ADJACENT = "Adjacent Spaces"
MOVE = "Take Action: Move"
CARRY = "Take Action: Move (carry a victim)"
CARRY_HAZMAT = "Hazmat: carrying hazmat"
LEAD = "Specialists: Paramedic (moving with a treated victim)"
STRANDED = "Take Action (house ruling: keep 1 AP while standing in fire)"
DOOR = "Take Action: Open/Close Door"
EXTINGUISH_RULE = "Take Action: Extinguish"
CHOP = "Take Action: Chop"
TREAT = "Specialists: Paramedic (Treat)"
IDENTIFY = "Specialists: Imaging Technician (Identify)"
COMMAND_RULE = "Specialists: Fire Captain (Command)"
END_TURN = "Take Action: end of turn (no ending a turn in fire; save up to 4 AP)"


def _who(s: FlashPointState, i: int | None = None) -> str:
    return COLOURS[s.current if i is None else i].capitalize()


def _space(value: Any, name: str, rule: str) -> Cell:
    try:
        cell = CELL.get(value)
    except TypeError:  # unhashable
        cell = None
    if cell is None or type(value[0]) is not int or type(value[1]) is not int:
        raise IllegalAction(f"{name} must be a space (row, column) on the board, got {value!r}",
                            rule=rule)
    return cell


def _neighbour(s: FlashPointState, i: int, to: Any, rule: str) -> Cell:
    """A space next to firefighter i (walls and doors not considered yet)."""
    to = _space(to, "to", rule)
    here = s.positions[i]
    if abs(to[0] - here[0]) + abs(to[1] - here[1]) != 1:
        raise IllegalAction(f"{to} is not next to {_who(s, i)}'s space {here}", rule=rule)
    return to


def _flag(a: Action, name: str, rule: str) -> bool:
    value = a.get(name, False)
    if not isinstance(value, bool):
        raise IllegalAction(f"{name} must be True or False, got {value!r}", rule=rule)
    return value


def _mover(s: FlashPointState, a: Action) -> int:
    """Who moves or works the door: the current player, or `who=` commanded by the Fire Captain."""
    if "who" not in a.params:
        return s.current
    who = a.get("who")
    if not has_ability(s, "command"):
        raise IllegalAction("only the Fire Captain commands other firefighters (who=...)",
                            rule=COMMAND_RULE)
    if type(who) is not int or not 0 <= who < s.players or who == s.current:
        raise IllegalAction(f"who must be the number of another firefighter, got {who!r}",
                            rule=COMMAND_RULE)
    return who


def _pool(s: FlashPointState, mover: int, kind: str) -> str | None:
    """Which free AP may pay: the Captain's command AP for others, else the action's own."""
    return COMMAND if mover != s.current else kind


def _available(s: FlashPointState, pool: str | None) -> int:
    return s.ap[s.current] + (s.free.get(pool, 0) if pool else 0)


def _afford(s: FlashPointState, cost: int, what: str, pool: str | None = None,
            mover: int | None = None) -> int:
    if _available(s, pool) < cost:
        extra = f" (+{s.free[pool]} free {pool} AP)" if pool and s.free.get(pool) else ""
        raise IllegalAction(f"{what} costs {cost} AP; {_who(s)} has {s.ap[s.current]}{extra}",
                            rule=ACTION_POINTS)
    if (mover is not None and mover != s.current
            and s.specialists[mover] == "cafs-firefighter"
            and s.commanded_cafs + cost > CAFS_COMMAND_LIMIT):
        raise IllegalAction(f"the Fire Captain may spend at most {CAFS_COMMAND_LIMIT} AP a turn "
                            f"commanding the CAFS Firefighter ({s.commanded_cafs} spent)",
                            rule=COMMAND_RULE)
    return cost


# --- Move (carry a victim or hazmat, lead a treated victim) ----------------------------
def cost_move(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to", "carry", "hazmat", "lead", "who")
    i = _mover(s, a)
    to = _neighbour(s, i, a.get("to"), MOVE)
    here = s.positions[i]
    carry, carry_hazmat = _flag(a, "carry", CARRY), _flag(a, "hazmat", CARRY_HAZMAT)
    lead = _flag(a, "lead", LEAD)
    if not s.passable(edge(here, to)):
        barrier = "a closed door" if edge(here, to) in s.layout.doors else "a wall"
        raise IllegalAction(f"{barrier} stands between {here} and {to}: they are not Adjacent",
                            rule=ADJACENT)
    into_fire = s.threat.get(to) == FIRE
    if carry and carry_hazmat:
        raise IllegalAction("a firefighter carries one thing at a time: a victim or hazmat",
                            rule=CARRY_HAZMAT)
    if carry:
        if not s.victims.get(here):
            raise IllegalAction(f"there is no victim at {here} to carry", rule=CARRY)
        if into_fire:
            raise IllegalAction(f"you may not carry a victim into the fire at {to}", rule=CARRY)
    if carry_hazmat:
        if not s.hazmat.get(here):
            raise IllegalAction(f"there is no hazmat at {here} to carry", rule=CARRY_HAZMAT)
        if into_fire:
            raise IllegalAction(f"you may not carry hazmat into the fire at {to}", rule=CARRY_HAZMAT)
    if lead:
        if s.treated.get(here, 0) < 1 or s.victims.get(here, 0) < 1 + carry:
            raise IllegalAction(f"there is no treated victim at {here} to lead"
                                + (" besides the one carried" if carry else ""), rule=LEAD)
        if into_fire:
            raise IllegalAction(f"a treated victim may not be moved into the fire at {to}",
                                rule=LEAD)
    cost = 2 if carry or carry_hazmat or into_fire else 1
    what = ("carrying" if carry or carry_hazmat else
            f"moving into {'fire' if into_fire else to}")
    return _afford(s, cost, what, _pool(s, i, MOVEMENT), i)


def do_move(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    i, to = _mover(s, a), a.to
    here = s.positions[i]
    s.positions[i] = to
    who = _who(s, i)
    by = " on the Fire Captain's command" if i != s.current else ""
    if a.get("hazmat"):
        take_one(s.hazmat, here)
        log.add(CARRY_HAZMAT, f"{who} carries hazmat from {here} to {to}{by} ({cost} AP).")
        if is_inside(to):
            put_one(s.hazmat, to)
        else:
            s.disposed += 1
            log.add(hazmat.CARRY_OUT, "The hazmat is out of the building: disposed.")
    if a.get("carry") or a.get("lead"):
        moved = []  # (verb, treated) for each victim on the move
        if a.get("carry"):  # an untreated victim if there is one
            moved.append(("carries", s.take_victim(here)))
        if a.get("lead"):
            moved.append(("leads", s.take_victim(here, treated=True)))
        what = " and ".join(f"{verb} a {'treated ' if treated else ''}victim"
                            for verb, treated in moved)
        log.add(CARRY if a.get("carry") else LEAD,
                f"{who} {what} from {here} to {to}{by} ({cost} AP).")
        for verb, treated in moved:
            if _rescue_point(s, to):
                rescue(s, log, f"{who} {verb} a victim {_rescue_place(s)}")
            else:
                s.put_victim(to, treated)
    if not (a.get("hazmat") or a.get("carry") or a.get("lead")):
        log.add(MOVE, f"{who} moves from {here} to {to}{by} ({cost} AP).")
    queue_reveal(s, [to] if to in s.hidden else [], resume="take-action")


def _rescue_point(s: FlashPointState, cell: Cell) -> bool:
    """Family: anywhere outside. Experienced: the Ambulance's two spaces."""
    return cell in vehicles.vehicle_cells(s, "ambulance") if s.experienced else not is_inside(cell)


def _rescue_place(s: FlashPointState) -> str:
    return "to the Ambulance" if s.experienced else "out of the building"


def moves(s: FlashPointState) -> Iterator[Action]:
    for i in _movers(s):
        here = s.positions[i]
        who = {} if i == s.current else {"who": i}
        carry, lead = bool(s.victims.get(here)), bool(s.treated.get(here))
        for nb, _, _ in NEIGHBOURS[here]:
            yield Action("move", to=nb, **who)
            if carry:
                yield Action("move", to=nb, carry=True, **who)
            if s.hazmat.get(here):
                yield Action("move", to=nb, hazmat=True, **who)
            if lead:
                yield Action("move", to=nb, lead=True, **who)
                if s.victims[here] > 1:
                    yield Action("move", to=nb, carry=True, lead=True, **who)
                if s.hazmat.get(here):
                    yield Action("move", to=nb, hazmat=True, lead=True, **who)


def _movers(s: FlashPointState) -> list[int]:
    """The current firefighter, and the others when the Fire Captain can command them."""
    if has_ability(s, "command"):
        return list(range(s.players))
    return [s.current]


# --- Open/Close Door ----------------------------------------------------------------
def cost_door(s: FlashPointState, a: Action) -> int:
    expect_params(a, "to", "who")
    i = _mover(s, a)
    to = _neighbour(s, i, a.get("to"), DOOR)
    e = edge(s.positions[i], to)
    if e not in s.layout.doors:
        raise IllegalAction(f"there is no door between {s.positions[i]} and {to}", rule=DOOR)
    if s.doors[e] == DESTROYED:
        raise IllegalAction(f"the door towards {to} has been destroyed", rule=DOOR)
    return _afford(s, 1, "opening or closing a door", _pool(s, i, None), i)


def do_door(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    i = _mover(s, a)
    e = edge(s.positions[i], a.to)
    s.doors[e] = OPEN if s.doors[e] == CLOSED else CLOSED
    verb = "opens" if s.doors[e] == OPEN else "closes"
    by = " on the Fire Captain's command" if i != s.current else ""
    log.add(DOOR, f"{_who(s, i)} {verb} the door towards {a.to}{by} ({cost} AP).")


def doors(s: FlashPointState) -> Iterator[Action]:
    for i in _movers(s):
        who = {} if i == s.current else {"who": i}
        for nb, e, _ in NEIGHBOURS[s.positions[i]]:
            if e in s.layout.doors:
                yield Action("door", to=nb, **who)


# --- Extinguish ---------------------------------------------------------------------
def cost_extinguish(s: FlashPointState, a: Action) -> int:
    expect_params(a, "at", "clear")
    at = _space(a.get("at"), "at", EXTINGUISH_RULE)
    here = s.positions[s.current]
    clear = _flag(a, "clear", EXTINGUISH_RULE)
    if at != here:
        if abs(at[0] - here[0]) + abs(at[1] - here[1]) != 1:
            raise IllegalAction(f"{at} is neither {_who(s)}'s space nor next to it",
                                rule=EXTINGUISH_RULE)
        if not s.passable(edge(here, at)):
            raise IllegalAction(f"a wall or closed door stands between {here} and {at}: "
                                "they are not Adjacent", rule=ADJACENT)
    threat = s.threat.get(at)
    if threat is None:
        raise IllegalAction(f"there is no fire or smoke at {at}", rule=EXTINGUISH_RULE)
    if threat == SMOKE and clear:
        raise IllegalAction(f"clear=True removes a fire outright; the smoke at {at} is removed "
                            f"by extinguish(at={at})", rule=EXTINGUISH_RULE)
    spec = card(s)
    factor = spec.extinguish_factor if spec else 1
    return _afford(s, (2 if clear else 1) * factor,
                   "removing a fire" if clear else "this extinguish", EXTINGUISH)


def do_extinguish(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    at = a.at
    if s.threat[at] == SMOKE or a.get("clear"):
        what = s.threat.pop(at)
        log.add(EXTINGUISH_RULE, f"{_who(s)} puts out the {what} at {at} ({cost} AP).")
    else:
        s.threat[at] = SMOKE
        log.add(EXTINGUISH_RULE, f"{_who(s)} beats the fire at {at} down to smoke ({cost} AP).")


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
    to = _neighbour(s, s.current, a.get("to"), CHOP)
    e = edge(s.positions[s.current], to)
    if e not in s.layout.walls:
        raise IllegalAction(f"there is no wall between {s.positions[s.current]} and {to}",
                            rule=CHOP)
    if s.damage.get(e, 0) >= 2:
        raise IllegalAction(f"the wall towards {to} is already destroyed", rule=CHOP)
    spec = card(s)
    return _afford(s, spec.chop_cost if spec else 2, "chopping")


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


# --- Treat (Paramedic) and Identify (Imaging Technician) -------------------------------
def cost_treat(s: FlashPointState, a: Action) -> int:
    expect_params(a)
    if not has_ability(s, "treat"):
        raise IllegalAction("only the Paramedic treats victims", rule=TREAT)
    here = s.positions[s.current]
    if s.victims.get(here, 0) <= s.treated.get(here, 0):
        raise IllegalAction(f"there is no untreated victim at {here}", rule=TREAT)
    return _afford(s, 1, "treating a victim")


def do_treat(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    here = s.positions[s.current]
    s.treated[here] = s.treated.get(here, 0) + 1
    log.add(TREAT, f"{_who(s)} treats the victim at {here} ({cost} AP): any firefighter may now "
            "lead them without carrying.")


def treats(s: FlashPointState) -> Iterator[Action]:
    if s.victims:
        yield Action("treat")


def cost_identify(s: FlashPointState, a: Action) -> int:
    expect_params(a, "at")
    if not has_ability(s, "identify"):
        raise IllegalAction("only the Imaging Technician identifies POI from afar", rule=IDENTIFY)
    at = _space(a.get("at"), "at", IDENTIFY)
    if at not in s.hidden:
        raise IllegalAction(f"there is no face-down POI at {at}", rule=IDENTIFY)
    return _afford(s, 1, "identifying a POI")


def do_identify(s: FlashPointState, a: Action, cost: int, log: Log) -> None:
    log.add(IDENTIFY, f"{_who(s)} identifies the POI at {a.at} ({cost} AP).")
    queue_reveal(s, [a.at], resume="take-action")


def identifies(s: FlashPointState) -> Iterator[Action]:
    if has_ability(s, "identify"):
        for at in s.hidden:
            yield Action("identify", at=at)


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
    unused = sum(s.free.values())
    s.free = {}
    log.add(END_TURN, f"{_who(s)} ends the turn, saving {s.ap[s.current]} AP"
            + (f" ({left - AP_SAVED_MAX} AP over the limit of 4 are lost)" if left > 4 else "")
            + (f"; {unused} free AP cannot be saved" if unused else "") + ".")
    s.step = "advance-fire"


def end_turns(s: FlashPointState) -> Iterator[Action]:
    yield Action("end-turn")


Check = Callable[[FlashPointState, Action], int]
Do = Callable[[FlashPointState, Action, int, Log], None]
# kind -> (check and cost, carry out, candidates for legal_actions)
ACTIONS: dict[str, tuple[Check, Do, Callable[[FlashPointState], Iterator[Action]]]] = {
    "move": (cost_move, do_move, moves),
    "door": (cost_door, do_door, doors),
    "extinguish": (cost_extinguish, do_extinguish, extinguishes),
    "chop": (cost_chop, do_chop, chops),
    "treat": (cost_treat, do_treat, treats),
    "identify": (cost_identify, do_identify, identifies),
    "dispose": (hazmat.cost_dispose, hazmat.do_dispose, hazmat.disposals),
    "drive": (vehicles.cost_drive, vehicles.do_drive, vehicles.drives),
    "deck-gun": (deck_gun.cost_deck_gun, deck_gun.do_deck_gun, deck_gun.deck_guns),
    "crew-change": (specialists.cost_crew_change, specialists.do_crew_change,
                    specialists.crew_changes),
    "end-turn": (cost_end_turn, do_end_turn, end_turns),
}


def paid_from(s: FlashPointState, a: Action) -> str | None:
    """The free AP pool an action draws on first (None: ordinary AP only)."""
    if a.kind in ("move", "door"):
        return _pool(s, _mover(s, a), MOVEMENT if a.kind == "move" else None)
    return EXTINGUISH if a.kind == "extinguish" else None


def check(s: FlashPointState, a: Action) -> int:
    """The AP cost of a legal action, or IllegalAction naming the rule it breaks."""
    try:
        cost_of, _, _ = ACTIONS[a.kind]
    except KeyError:
        raise IllegalAction(f"unknown action {a.kind!r}; in Take Action the actions are "
                            f"{', '.join(ACTIONS)}", rule="Take Action") from None
    cost = cost_of(s, a)
    _afford(s, cost, a.kind.replace("-", " ").capitalize(), paid_from(s, a))
    if a.kind != "end-turn" and _in_fire_after(s, a) and _stranded_after(s, a, cost):
        raise IllegalAction(f"this would leave {_who(s)} in fire with too few AP to put it out "
                            "or step out, and no firefighter may end a turn in fire", rule=STRANDED)
    return cost


def _in_fire_after(s: FlashPointState, a: Action) -> bool:
    """Might the current firefighter stand in fire after this action? (cheap pre-check)"""
    here = s.positions[s.current]
    if a.kind == "move" and "who" not in a.params:
        return s.threat.get(a.to) == FIRE
    return s.threat.get(here) == FIRE


def _stranded_after(s: FlashPointState, a: Action, cost: int) -> bool:
    """Play the action on a copy: is its firefighter left in fire with no way out this turn,
    neither beating the fire down (extinguish AP) nor stepping out to a space without fire
    (movement AP)?"""
    after = s.copy()
    pay(after, cost, paid_from(s, a))
    try:
        ACTIONS[a.kind][1](after, a, cost, NULL_LOG)
    except GameOver:
        return False
    here = after.positions[after.current]
    if after.threat.get(here) != FIRE:
        return False
    spec = card(after)
    if _available(after, EXTINGUISH) >= (spec.extinguish_factor if spec else 1):
        return False
    return not (_available(after, MOVEMENT) >= 1 and any(
        after.threat.get(nb) != FIRE and after.passable(e) for nb, e, _ in NEIGHBOURS[here]))


def pay(s: FlashPointState, cost: int, pool: str | None) -> None:
    """Free AP first (they cannot be saved), then ordinary AP."""
    free = min(cost, s.free.get(pool, 0)) if pool else 0
    if free:
        s.free[pool] -= free
    s.ap[s.current] -= cost - free


def take_action(s: FlashPointState, a: Action, log: Log) -> None:
    cost = check(s, a)
    pool = paid_from(s, a)
    if pool == COMMAND and s.specialists[a.who] == "cafs-firefighter":
        s.commanded_cafs += cost
    pay(s, cost, pool)
    s.acted = True
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
