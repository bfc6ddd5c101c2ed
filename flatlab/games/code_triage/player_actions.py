"""4. Player Actions: each role in turn, Nurse first, spends its action tokens.

The three actions: Move (one token goes up to 10 spaces; entering a room ends
that token's movement, and what is left of it is lost), Treat (fill an order
of your own symbol on the patient in your room; the Radiology Tech first
sends everyone else out to the free spaces in front of the room) and Comfort
(give back a heart, never above the printed health). A kept Discharge
Paperwork card can be spent too, and side B adds each role's ability
(`abilities.py`).

Each action kind has a `check_*` function that tests it against the rules and
returns its token cost (or raises IllegalAction naming the rule), and a `do_*`
function that carries it out; `legal` lists what passes the same checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import ceil

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.log import Log
from .board import Location
from .cards import event_cards, patient_cards
from .discharge import DISCHARGED, leave
from .roles import RADIOLOGY, ROLES, TITLES
from .state import CodeTriageState, Patient

ACTIONS = "4. Player Actions"
TOKENS_RULE = "4. Player Actions: action tokens"
MOVE = "4. Player Actions: Move"
TREAT = "4. Player Actions: Treat"
XRAY = "4. Player Actions: Treat (the Radiology Tech clears the room)"
COMFORT = "4. Player Actions: Comfort"
END_TURN = "4. Player Actions: end of turn"


def who(s: CodeTriageState) -> str:
    """The acting role's title, e.g. "Nurse"."""
    return TITLES[s.current]


def begin_turns(s: CodeTriageState, log: Log) -> None:
    s.step = s.phase = "player-actions"
    s.current = 0 if s.lunch != 0 else 1
    log.add(ACTIONS, f"Player Actions: the {who(s)} starts.")


def afford(s: CodeTriageState, cost: int, what: str, rule: str = TOKENS_RULE) -> int:
    if s.tokens[s.current] < cost:
        raise IllegalAction(f"{what} takes {cost} action token(s); the {who(s)} has "
                            f"{s.tokens[s.current]}", rule=rule)
    return cost


def patient_here(s: CodeTriageState, rule: str) -> tuple[int, Patient]:
    """The room the acting role stands in and its patient, or IllegalAction."""
    room = s.room_of(s.current)
    if room is None or room not in s.patients:
        where = f"room {room}, which is empty" if room else "a corridor"
        raise IllegalAction(f"the {who(s)} is in {where}: this needs a patient's room", rule=rule)
    return room, s.patients[room]


def fill(s: CodeTriageState, room: int, symbol: int, log: Log, rule: str) -> None:
    """Fill orders of `symbol` on the patient in `room` for this round's token price."""
    p = s.patients[room]
    n = min(s.orders_per_token, p.orders[symbol])
    orders, filled = list(p.orders), list(p.filled)
    orders[symbol] -= n
    filled[symbol] += n
    s.patients[room] = p._replace(orders=tuple(orders), filled=tuple(filled))
    s.tokens[s.current] -= s.tokens_per_order
    left = sum(orders)
    log.add(rule, f"The {who(s)} fills {n} {TITLES[symbol]} order(s) for "
            f"{patient_cards()[p.card].name} in room {room} ({s.tokens_per_order} token(s)); "
            + (f"{left} order(s) still pending." if left else "all orders are filled."))


# --- Move ------------------------------------------------------------------------------
def move_cost(s: CodeTriageState, here: Location, to: Location) -> int:
    return ceil(s.board.distance(here, to) / s.move_per_token)


def check_move(s: CodeTriageState, a: Action) -> int:
    to = a.get("to")
    if not s.board.is_location(to):
        raise IllegalAction(f"{to!r} is not on the board: give a room number (1-12) or a "
                            "corridor space (row, column)", rule=MOVE)
    here = s.positions[s.current]
    if to == here:
        raise IllegalAction(f"the {who(s)} is already at {to!r}", rule=MOVE)
    steps = s.board.distance(here, to)
    return afford(s, move_cost(s, here, to), f"moving {steps} spaces at {s.move_per_token} per token",
                  MOVE)


def do_move(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    here = s.positions[s.current]
    s.positions[s.current] = a.to
    s.tokens[s.current] -= cost
    where = f"room {a.to}" if isinstance(a.to, int) else f"space {a.to}"
    log.add(MOVE, f"The {who(s)} moves {s.board.distance(here, a.to)} spaces to {where} "
            f"({cost} token(s)).")


def moves(s: CodeTriageState) -> Iterator[Action]:
    here = s.positions[s.current]
    reach = s.tokens[s.current] * s.move_per_token
    for to in s.board.within(here, reach):
        yield Action("move", to=to)


# --- Treat ------------------------------------------------------------------------------
def check_treat(s: CodeTriageState, a: Action) -> int:
    room, p = patient_here(s, TREAT)
    if not p.orders[s.current]:
        raise IllegalAction(f"{patient_cards()[p.card].name} in room {room} has no pending "
                            f"{TITLES[s.current]} order", rule=TREAT)
    return afford(s, s.tokens_per_order, "filling an order", TREAT)


def do_treat(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    room = s.room_of(s.current)
    if s.current == RADIOLOGY:
        clear_room(s, room, log)
    fill(s, room, s.current, log, TREAT)


def clear_room(s: CodeTriageState, room: int, log: Log) -> None:
    """X-rays need an empty room: the others go to the free spaces in front of it, in turn order.

    There are always enough: at most 3 others are inside, and every pawn on a
    front space is one fewer inside.
    """
    free = [cell for cell in s.board.fronts[room] if cell not in s.positions]
    for role, cell in zip([r for r in s.in_room(room) if r != s.current], free, strict=False):
        s.positions[role] = cell
        log.add(XRAY, f"X-ray in room {room}: the {TITLES[role]} steps out to {cell}.")


# --- Comfort ----------------------------------------------------------------------------
def check_comfort(s: CodeTriageState, a: Action) -> int:
    _room, p = patient_here(s, COMFORT)
    card = patient_cards()[p.card]
    if p.hearts is None:
        raise IllegalAction(f"{card.name} cannot leave and has no hearts to give back", rule=COMFORT)
    if p.hearts >= card.health:
        raise IllegalAction(f"{card.name} already has all {card.health} printed hearts", rule=COMFORT)
    return afford(s, 1, "comforting", COMFORT)


def do_comfort(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    room = s.room_of(s.current)
    p = s.patients[room]
    s.patients[room] = p = p._replace(hearts=p.hearts + 1)
    s.tokens[s.current] -= cost
    log.add(COMFORT, f"The {who(s)} comforts {patient_cards()[p.card].name} in room {room}: "
            f"{p.hearts} heart(s).")


# --- a kept item (Discharge Paperwork) -----------------------------------------------------
def item_rule(key: object) -> str:
    card = event_cards().get(key) if isinstance(key, str) else None
    return f"3. New Event: {card.name} (item)" if card else "3. New Event (items)"


def check_use(s: CodeTriageState, a: Action) -> int:
    key = a.get("item")
    if key not in s.items:
        held = ", ".join(s.items) or "none"
        raise IllegalAction(f"the team holds no {key!r} (items held: {held})", rule=item_rule(key))
    patient_here(s, item_rule(key))
    return 0


def do_use(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    """Spend a kept card; the only item use is "discharge": the patient here is discharged."""
    s.items.remove(a.item)
    leave(s, s.room_of(s.current), DISCHARGED, log, item_rule(a.item))


# --- end of turn ----------------------------------------------------------------------------
def check_end(s: CodeTriageState, a: Action) -> int:
    return 0


def do_end(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    """The next role (not out to lunch) plays; after the Lab Tech, 5. Patient Discharge Check."""
    unused = s.tokens[s.current]
    log.add(END_TURN, f"The {who(s)} ends the turn" +
            (f"; {unused} unused token(s) and any movement left are lost." if unused else "."))
    following = [r for r in range(s.current + 1, len(ROLES)) if r != s.lunch]
    if following:
        s.current = following[0]
        log.add(ACTIONS, f"The {who(s)} plays.")
    else:
        s.step = s.phase = "discharge-check"


KINDS = {  # kind -> (parameters, check, do)
    "move": (("to",), check_move, do_move),
    "treat": ((), check_treat, do_treat),
    "comfort": ((), check_comfort, do_comfort),
    "use": (("item",), check_use, do_use),
    "end-turn": ((), check_end, do_end),
}


def candidates(s: CodeTriageState) -> Iterator[Action]:
    """Every action but the moves (see `moves`), to be checked."""
    yield Action("treat")
    yield Action("comfort")
    for key in dict.fromkeys(s.items):
        yield Action("use", item=key)
    yield Action("end-turn")
