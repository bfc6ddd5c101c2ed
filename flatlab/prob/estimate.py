"""Monte Carlo estimates that always carry their confidence interval.

A simulated figure without its interval invites over-reading, so the kit
never prints one bare: `Proportion` (Wilson score interval, which stays inside
[0, 1] and behaves at 0 and n successes) and `Mean` (normal interval on the
sample mean) both print as "estimate (95% CI lo-hi, n=N, simulated)".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from statistics import NormalDist


def _z(level: float) -> float:
    if not 0 < level < 1:
        raise ValueError(f"confidence level must be between 0 and 1, got {level}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def _percent(level: float) -> str:
    return f"{level * 100:g}%"  # 0.95 -> "95%", 0.999 -> "99.9%"


@dataclass(frozen=True)
class Proportion:
    """An estimated probability from `successes` out of `n` independent trials."""

    successes: int
    n: int
    level: float = 0.95

    def __post_init__(self):
        if self.n <= 0 or not 0 <= self.successes <= self.n:
            raise ValueError(f"need 0 <= successes <= n and n > 0, got {self.successes}/{self.n}")

    @property
    def estimate(self) -> float:
        return self.successes / self.n

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson score interval."""
        z, n, p = _z(self.level), self.n, self.estimate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        # exact at the extremes: 0 successes give a lower bound of 0, n successes an upper of 1
        lo = 0.0 if self.successes == 0 else max(0.0, centre - half)
        hi = 1.0 if self.successes == n else min(1.0, centre + half)
        return lo, hi

    def __contains__(self, value: float) -> bool:
        lo, hi = self.interval
        return lo <= value <= hi

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{self.estimate:.1%} ({_percent(self.level)} CI {lo:.1%}–{hi:.1%}, "
                f"n={self.n}, simulated)")

    def _repr_html_(self) -> str:
        return f"<span class='flatlab-estimate'>{self}</span>"


@dataclass(frozen=True)
class Mean:
    """An estimated mean from a sample, with a normal-approximation interval."""

    total: float
    total_sq: float
    n: int
    level: float = 0.95

    @classmethod
    def of(cls, values: Iterable[float], level: float = 0.95) -> Mean:
        total = total_sq = 0.0
        n = 0
        for v in values:
            total += v
            total_sq += v * v
            n += 1
        if n < 2:
            raise ValueError("a mean with an interval needs at least 2 values")
        return cls(total, total_sq, n, level)

    @property
    def estimate(self) -> float:
        return self.total / self.n

    @property
    def sd(self) -> float:
        var = (self.total_sq - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(var, 0.0))

    @property
    def interval(self) -> tuple[float, float]:
        half = _z(self.level) * self.sd / math.sqrt(self.n)
        return self.estimate - half, self.estimate + half

    def __contains__(self, value: float) -> bool:
        lo, hi = self.interval
        return lo <= value <= hi

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{self.estimate:.3g} ({_percent(self.level)} CI {lo:.3g}–{hi:.3g}, "
                f"n={self.n}, simulated)")


def estimate(trial: Callable[[int], bool], n: int, level: float = 0.95) -> Proportion:
    """Run `trial(i)` for i in range(n) and estimate P(trial is true).

    The trial receives its index so that it can seed itself: the whole estimate
    is then reproducible.
    """
    return Proportion(sum(1 for i in range(n) if trial(i)), n, level)
