"""The dice: medic dice (six icons each) and the two six-sided emergency dice.

Rolling n identical medic dice is a chance node over *multisets* of icons:
which icons came up, not which die showed which. The multiset with counts
c1..c6 has probability n! / (c1! ... c6!) / 6^n, so 6 dice have 462 outcomes
instead of 46,656 ordered rolls — the size that makes exact odds practical.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from ...prob import Dist

EMERGENCY_DICE = Dist.die(6).combine(Dist.die(6))  # (first die, second die), 36 outcomes


@cache
def pool(n: int, faces: tuple[str, ...]) -> Dist:
    """The distribution of the icons showing on n medic dice, as sorted tuples."""
    weights = {}
    for combo in combinations_with_replacement(faces, n):
        counts = Counter(combo).values()
        weights[combo] = factorial(n) // prod(factorial(c) for c in counts)
    return Dist.from_weights(weights)


def describe_roll(outcome: tuple[str, ...]) -> str:
    return ", ".join(f"{n}x {face}" for face, n in Counter(outcome).items()) or "no dice"


def slots_shown(roll: tuple[int, int]) -> list[int]:
    """The Emergency-area slots a roll activates: both dice, doubles only once, left to right."""
    return sorted(set(roll))
