"""The dice: a red six-sided die picks the row, a black eight-sided die the column.

Every space inside the building is one (red, black) pair, so a roll of both
dice lands on each of the 48 inside spaces with probability exactly 1/48.
"""

from __future__ import annotations

from ...prob import Dist
from .board import Cell

RED = Dist.die(6)
BLACK = Dist.die(8)
TARGET_ROLL = RED.combine(BLACK)  # outcome (red, black) == space (row, column)


def flip(value: int, sides: int) -> int:
    """The opposite face of a die: opposite faces add up to sides + 1 (d6: 7 - n, d8: 9 - n)."""
    return sides + 1 - value


def describe_target(cell: Cell) -> str:
    return f"red {cell[0]}, black {cell[1]}: space {cell}"
