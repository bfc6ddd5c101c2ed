"""Game End: seven rescued wins; four lost, or the building collapsing, loses.

Each of these ends the game at once, even in the middle of an explosion, so
they raise `GameOver`; the step machine in `rules.py` catches it and stops.
"""

from __future__ import annotations

from ...core.log import Log
from ...core.rules import GameOver
from .state import DAMAGE_MARKERS, LOSSES_TO_LOSE, RESCUES_TO_WIN, FlashPointState

VICTORY = "Game End: Victory"
DEFEAT = "Game End: Defeat"
COLLAPSE = "Game End: Building Collapse"


def rescue(s: FlashPointState, log: Log, how: str, rule: str = VICTORY) -> None:
    """One more victim rescued; `how` says how, e.g. "Blue carries a victim out"."""
    s.rescued += 1
    log.add(rule, f"{how}: {s.rescued} rescued.")
    if s.rescued >= RESCUES_TO_WIN:
        s.outcome = "won"
        log.add(VICTORY, f"{s.rescued} victims rescued: the team wins!")
        raise GameOver


def lose_victims(s: FlashPointState, count: int, log: Log, how: str) -> None:
    s.lost += count
    log.add(DEFEAT, f"{how}: {s.lost} victim(s) lost.")
    if s.lost >= LOSSES_TO_LOSE:
        s.outcome = "lost"
        log.add(DEFEAT, f"{s.lost} victims lost: the team is defeated.")
        raise GameOver


def check_collapse(s: FlashPointState, log: Log) -> None:
    """Call after placing a damage marker: the last one brings the building down."""
    if s.damage_placed >= DAMAGE_MARKERS:
        trapped = sum(s.victims.values())
        s.lost += trapped
        s.victims.clear()
        s.treated.clear()
        s.outcome = "lost"
        log.add(COLLAPSE, f"All {DAMAGE_MARKERS} damage markers are on the board: the building "
                f"collapses, with {trapped} revealed victim(s) and {len(s.hidden)} POI inside. "
                "The team is defeated.")
        raise GameOver
