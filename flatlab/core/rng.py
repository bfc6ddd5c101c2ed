"""A counter-based random generator: draw k of a game is a pure function of (seed, k).

Why not `random.Random`: its state is 625 numbers, it is awkward to save, and
undo would have to snapshot it. Here the whole state is the seed and a count of
draws, so saving is two fields, undo restores one integer, and "pre-rolled
dice" follow: undoing and acting again meets the very same roll, and every
machine running the same Python gets the same game.

Each draw hashes (seed, counter) with BLAKE2b into 128 bits and maps them onto
[0, n) by rejection, so every integer below n is exactly equally likely.
"""

from __future__ import annotations

from hashlib import blake2b

_BITS = 128


class Rng:
    __slots__ = ("_key", "draws", "seed")

    def __init__(self, seed: int | str, draws: int = 0):
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int or a str, got {type(seed).__name__}")
        self.seed = seed
        self.draws = draws
        self._key = blake2b(f"{type(seed).__name__}:{seed}".encode()).digest()

    def _word(self, index: int, retry: int) -> int:
        digest = blake2b(f"{index}/{retry}".encode(), key=self._key, digest_size=_BITS // 8)
        return int.from_bytes(digest.digest(), "big")

    def below(self, n: int) -> int:
        """One draw: an integer uniformly from 0..n-1 (consumes exactly one draw)."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = (1 << _BITS) // n * n
        index, self.draws = self.draws, self.draws + 1
        retry = 0
        while (word := self._word(index, retry)) >= limit:
            retry += 1
        return word % n

    def copy(self) -> Rng:
        return Rng(self.seed, self.draws)

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed!r}, draws={self.draws})"
