"""The power meter: cubes leave from the left; recharged cubes return to the rightmost gap."""

from __future__ import annotations

from ...core.log import Log
from ...core.rules import GameOver
from .state import FlatlineState

LOSE_POWER = "I. Pre-Countdown: A. Lose Power"
LOSS = "Game End: the last power cube"


def remove_cube(s: FlatlineState, log: Log, why: str) -> int:
    """Remove the leftmost cube; returns its space. Removing the last one loses the game."""
    space = s.meter.index(True)
    s.meter[space] = False
    log.add(LOSE_POWER, f"{why}: the power cube on space {space + 1} is removed "
            f"({s.cubes} left).")
    if not s.cubes:
        s.outcome = "lost"
        log.add(LOSS, "The last power cube is gone: life support fails and the team loses.")
        raise GameOver
    return space


def restore_cube(s: FlatlineState, log: Log, rule: str, why: str) -> None:
    """A cube goes back to the rightmost open space (the one emptied last)."""
    if all(s.meter):
        log.add(rule, f"{why}, but the meter is full.")
        return
    space = max(i for i, cube in enumerate(s.meter) if not cube)
    s.meter[space] = True
    log.add(rule, f"{why}: a power cube returns to space {space + 1} ({s.cubes} on the meter).")
