"""Game End: the score at 7:00 PM, and the two ways to lose at once.

The team loses immediately when a third patient expires or when a patient
arrives and no room is free; otherwise, at the end of the 7:00 PM round,
discharges score +1, patients who left against medical advice -2 and expired
patients -3, and a score of 0 or more wins (a tie wins). Patients still in
rooms then do not count. Each ending raises `GameOver`; the step machine in
`rules.py` catches it and stops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.log import Log
from ...core.rules import GameOver

if TYPE_CHECKING:
    from .state import CodeTriageState

GAME_END = "Game End"
EXPIRED_TO_LOSE = 3
POINTS = {"discharged": 1, "left_ama": -2, "expired": -3}  # per patient on each Patient Status pile
PILES = {"discharged": "discharged", "left_ama": "left AMA", "expired": "expired"}


def score(s: CodeTriageState) -> int:
    return sum(getattr(s, pile) * points for pile, points in POINTS.items())


def lose(s: CodeTriageState, log: Log, why: str, rule: str = GAME_END) -> None:
    s.outcome, s.end = "lost", why
    log.add(rule, f"{why}: the hospital is shut down and the team loses.")
    raise GameOver


def check_expired(s: CodeTriageState, log: Log) -> None:
    if s.expired >= EXPIRED_TO_LOSE:
        lose(s, log, f"{s.expired} patients have expired")


def end_of_shift(s: CodeTriageState, log: Log) -> None:
    points = score(s)
    s.outcome = "won" if points >= 0 else "lost"
    s.end = f"score {points:+d}"
    tally = ", ".join(f"{getattr(s, pile)} {PILES[pile]} ({getattr(s, pile) * p:+d})"
                      for pile, p in POINTS.items())
    log.add(GAME_END, f"7:00 PM, the shift is over: {tally}; score {points:+d}. "
            + ("The hospital is saved: the team wins!" if points >= 0 else
               "The score is negative: the hospital is shut down."))
    raise GameOver
