"""Special Abilities (side B of the player boards).

- Nurse: for 2 tokens, an overhead page moves another role's pawn to any room.
- Radiology Tech: for 2 tokens, move to any room.
- Patient Rep: static; the patient in the room where the Patient Rep ends the
  turn keeps their heart in 6. Reduce Patient Health (`protected_room`).
- Laboratory Tech: in a room together with the Nurse, fill that patient's Nurse
  order, at the round's price of an order (house ruling: Adrenaline Rush and
  Exhaustion change it as they change Treat).

The two 2-token abilities are not Moves, so Adrenaline Rush and Exhaustion do
not change them (house ruling). On side A none of these exist.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.log import Log
from .player_actions import afford, fill, patient_here, who
from .roles import LAB, NURSE, RADIOLOGY, REP, ROLES, TITLES
from .state import CodeTriageState

NURSE_ABILITY = "Special Abilities: Nurse (overhead page)"
RADIOLOGY_ABILITY = "Special Abilities: Radiology Tech (move to any room)"
REP_ABILITY = "Special Abilities: Patient Rep (the patient keeps a heart)"
LAB_ABILITY = "Special Abilities: Laboratory Tech (fill a Nurse order with the Nurse)"
ABILITY_COST = 2


def _ability(s: CodeTriageState, role: int, rule: str, what: str) -> None:
    if s.side != "B":
        raise IllegalAction(f"{what} is a side B ability; this game plays side A", rule=rule)
    if s.current != role:
        raise IllegalAction(f"only the {TITLES[role]} can {what}; it is the {who(s)}'s turn", rule=rule)


def _room(s: CodeTriageState, to: object, rule: str) -> int:
    if type(to) is not int or to not in s.board.rooms:
        raise IllegalAction(f"{to!r} is not a room: give a room number from 1 to 12", rule=rule)
    return to


# --- Nurse: overhead page ------------------------------------------------------------------
def check_page(s: CodeTriageState, a: Action) -> int:
    _ability(s, NURSE, NURSE_ABILITY, "overhead page")
    role = a.get("role")
    if role not in ROLES[1:]:
        raise IllegalAction(f"page one of {', '.join(ROLES[1:])}, not {role!r}", rule=NURSE_ABILITY)
    target = ROLES.index(role)
    if target == s.lunch:
        raise IllegalAction(f"the {TITLES[target]} is out to lunch", rule=NURSE_ABILITY)
    to = _room(s, a.get("to"), NURSE_ABILITY)
    if s.positions[target] == to:
        raise IllegalAction(f"the {TITLES[target]} is already in room {to}", rule=NURSE_ABILITY)
    return afford(s, ABILITY_COST, "an overhead page", NURSE_ABILITY)


def do_page(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    target = ROLES.index(a.role)
    s.positions[target] = a.to
    s.tokens[s.current] -= cost
    log.add(NURSE_ABILITY, f"The Nurse pages the {TITLES[target]} to room {a.to} ({cost} tokens).")


# --- Radiology Tech: to any room -------------------------------------------------------------
def check_dash(s: CodeTriageState, a: Action) -> int:
    _ability(s, RADIOLOGY, RADIOLOGY_ABILITY, "dash to any room")
    to = _room(s, a.get("to"), RADIOLOGY_ABILITY)
    if s.positions[s.current] == to:
        raise IllegalAction(f"the Radiology Tech is already in room {to}", rule=RADIOLOGY_ABILITY)
    return afford(s, ABILITY_COST, "moving to any room", RADIOLOGY_ABILITY)


def do_dash(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    s.positions[s.current] = a.to
    s.tokens[s.current] -= cost
    log.add(RADIOLOGY_ABILITY, f"The Radiology Tech goes straight to room {a.to} ({cost} tokens).")


# --- Laboratory Tech: a Nurse order, with the Nurse ---------------------------------------
def check_assist(s: CodeTriageState, a: Action) -> int:
    _ability(s, LAB, LAB_ABILITY, "fill a Nurse order")
    room, p = patient_here(s, LAB_ABILITY)
    if s.positions[NURSE] != room:
        raise IllegalAction(f"the Nurse must be in room {room} too", rule=LAB_ABILITY)
    if not p.orders[NURSE]:
        raise IllegalAction(f"the patient in room {room} has no pending Nurse order", rule=LAB_ABILITY)
    return afford(s, s.tokens_per_order, "filling an order", LAB_ABILITY)


def do_assist(s: CodeTriageState, a: Action, cost: int, log: Log) -> None:
    fill(s, s.room_of(s.current), NURSE, log, LAB_ABILITY)


# --- Patient Rep: static -------------------------------------------------------------------
def protected_room(s: CodeTriageState) -> int | None:
    """On side B, the room of the Patient Rep if a patient is there."""
    room = s.room_of(REP) if s.side == "B" else None
    return room if room in s.patients else None


KINDS = {
    "page": (("role", "to"), check_page, do_page),
    "dash": (("to",), check_dash, do_dash),
    "assist": ((), check_assist, do_assist),
}


def candidates(s: CodeTriageState) -> Iterator[Action]:
    if s.side != "B":
        return
    if s.current == NURSE:
        for role in ROLES[1:]:
            for room in s.board.rooms:
                yield Action("page", role=role, to=room)
    elif s.current == RADIOLOGY:
        for room in s.board.rooms:
            yield Action("dash", to=room)
    elif s.current == LAB:
        yield Action("assist")
