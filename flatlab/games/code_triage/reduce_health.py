"""6. Reduce Patient Health: every patient still in a room loses a heart.

A patient who loses their last heart leaves: against medical advice (-2) or
expired (-3), by their current risk (Code Blue makes it death). The third
expiry ends the game at once. Patients who cannot leave ("self-harm") have no
hearts and stay until their orders are filled. On side B, the patient in the
Patient Rep's room keeps their heart this round (Special Abilities).
"""

from __future__ import annotations

from ...core.log import Log
from .abilities import REP_ABILITY, protected_room
from .cards import AMA
from .discharge import EXPIRED, LEFT_AMA, leave
from .state import CodeTriageState

REDUCE = "6. Reduce Patient Health"


def lose_heart(s: CodeTriageState, room: int, log: Log, rule: str, hearts: int = 1) -> None:
    """Take hearts from the patient in `room`; with none left they leave AMA or expire."""
    p = s.patients[room]
    if p.hearts > hearts:
        s.patients[room] = p._replace(hearts=p.hearts - hearts)
        return
    leave(s, room, LEFT_AMA if p.risk == AMA else EXPIRED, log, rule)


def reduce_health(s: CodeTriageState, log: Log) -> None:
    spared = protected_room(s)
    for room in sorted(s.patients):
        if s.patients[room].hearts is None:
            continue
        if room == spared:
            log.add(REP_ABILITY, f"The Patient Rep is in room {room}: that patient keeps their heart.")
            continue
        lose_heart(s, room, log, REDUCE)
    left = ", ".join(f"room {room} {p.hearts}" for room, p in sorted(s.patients.items())
                     if p.hearts is not None)
    log.add(REDUCE, f"Hearts left: {left or 'no patients with hearts'}.")
    s.step = s.phase = "reset-tokens"
