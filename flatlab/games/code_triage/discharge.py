"""5. Patient Discharge Check, and how any patient leaves a room for the Patient Status piles.

A patient whose orders are all filled is discharged (+1). Whoever leaves, for
whatever reason (discharged, left AMA, expired, or Discharge Paperwork), their
Room Assignment card goes to the bottom of that deck. Several leaving in one
phase go back in room order (house ruling: the rulebook does not say).
"""

from __future__ import annotations

from ...core.log import Log
from .cards import patient_cards
from .game_end import check_expired
from .state import CodeTriageState

DISCHARGE = "5. Patient Discharge Check"
DISCHARGED, LEFT_AMA, EXPIRED = "discharged", "left_ama", "expired"
VERBS = {DISCHARGED: "is discharged (+1)", LEFT_AMA: "leaves against medical advice (-2)",
         EXPIRED: "expires (-3)"}


def leave(s: CodeTriageState, room: int, status: str, log: Log, rule: str) -> None:
    """The patient in `room` goes to a Patient Status pile; the room card to the bottom of the deck."""
    card = s.patients.pop(room).card
    s.room_bottom.append(room)
    setattr(s, status, getattr(s, status) + 1)
    log.add(rule, f"{patient_cards()[card].name} in room {room} {VERBS[status]}; "
            f"room card {room} goes to the bottom of the Room Assignment deck.")
    if status == EXPIRED:
        check_expired(s, log)


def discharge_check(s: CodeTriageState, log: Log) -> None:
    for room in sorted(s.patients):
        if s.patients[room].ready:
            leave(s, room, DISCHARGED, log, DISCHARGE)
    s.step = s.phase = "reduce-health"
