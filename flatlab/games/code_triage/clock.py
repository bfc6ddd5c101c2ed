"""8. Advance Game Clock: the clock track from 7:00 AM to 7:00 PM, and the three game lengths.

A round is played on each clock space from the starting space to 7:00 PM
included, so a full shift (7:00 AM) is 25 rounds, part time (11:00 AM) 17 and
contingent (1:00 PM) 13. At the end of the 7:00 PM round the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.log import Log
from .game_end import end_of_shift

if TYPE_CHECKING:
    from .state import CodeTriageState

ADVANCE = "8. Advance Game Clock"


def _time(half_hours: int) -> str:
    hour, minute = divmod(7 * 60 + 30 * half_hours, 60)
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


CLOCK = tuple(_time(i) for i in range(25))  # 7:00 AM ... 7:00 PM, five rows of five spaces
START = {"full": 0, "part": 8, "contingent": 12}  # the Red, Yellow and Green spaces
LAST = len(CLOCK) - 1


def rounds(length: str) -> int:
    return LAST - START[length] + 1


def advance_clock(s: CodeTriageState, log: Log) -> None:
    """Phase 8: move the clock token on; after the 7:00 PM round the shift is over."""
    if s.clock == LAST:
        end_of_shift(s, log)
    s.clock += 1
    log.add(ADVANCE, f"The clock moves to {CLOCK[s.clock]}: round {s.round} begins.")
    s.step = s.phase = "ambulance-check"
