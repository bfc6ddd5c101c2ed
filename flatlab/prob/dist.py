"""Exact discrete distributions with Fraction probabilities.

`Dist` is a small, immutable mapping from outcomes to `fractions.Fraction`
probabilities that always sum to exactly 1. It is the one type the kit uses for
every exact figure: a chance node's outcomes, a forecast, a lesson's two dice.
The API follows icepool's spirit (compose small pieces) in a few dozen lines,
because icepool's current releases need Python 3.12+.

    >>> d6 = Dist.die(6)
    >>> (2 @ d6).p(7)
    Fraction(1, 6)
    >>> d6.combine(d6, lambda a, b: a == b).p(True)   # doubles
    Fraction(1, 6)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cached_property
from html import escape
from itertools import accumulate
from typing import Any

Event = Callable[[Any], bool] | Hashable


class Dist(Mapping):
    """An exact probability distribution over hashable outcomes.

    Outcomes with probability 0 are dropped; probabilities must be
    non-negative and sum to exactly 1 (use `Dist.from_weights` to normalise).
    Iteration follows insertion order, so a distribution built from a sorted
    source displays sorted.
    """

    def __init__(self, probabilities: Mapping[Hashable, Any]):
        p: dict[Hashable, Fraction] = {}
        for outcome, prob in probabilities.items():
            prob = Fraction(prob)
            if prob < 0:
                raise ValueError(f"probability of {outcome!r} is negative: {prob}")
            if prob:
                p[outcome] = p.get(outcome, Fraction(0)) + prob
        total = sum(p.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not exactly 1")
        self._p = p

    # --- constructors -------------------------------------------------
    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int | Fraction]) -> Dist:
        """Normalise non-negative weights (counts of ways) into a distribution."""
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("weights must have a positive total")
        return cls({k: Fraction(w) / total for k, w in weights.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each distinct outcome equally likely (repeats add weight)."""
        weights: dict[Hashable, int] = {}
        for o in outcomes:
            weights[o] = weights.get(o, 0) + 1
        return cls.from_weights(weights)

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A fair die numbered 1..sides."""
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def always(cls, outcome: Hashable) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def mixture(cls, dists: Iterable[Dist]) -> Dist:
        """Pick one of the distributions uniformly at random, then draw from it."""
        dists = list(dists)
        weights: dict[Hashable, Fraction] = {}
        for d in dists:
            for outcome, p in d._p.items():
                weights[outcome] = weights.get(outcome, 0) + p
        return cls({o: p / len(dists) for o, p in weights.items()})

    # --- mapping protocol ---------------------------------------------
    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dist):
            return self._p == other._p
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    # --- composition --------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of f(outcome); outcomes that map together merge."""
        out: dict[Hashable, Fraction] = {}
        for o, p in self._p.items():
            k = f(o)
            out[k] = out.get(k, Fraction(0)) + p
        return Dist(out)

    def combine(self, other: Dist, f: Callable[[Any, Any], Hashable] = lambda a, b: (a, b)) -> Dist:
        """The distribution of f(x, y) for x from self and y from other, independent."""
        out: dict[Hashable, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                k = f(a, b)
                out[k] = out.get(k, Fraction(0)) + pa * pb
        return Dist(out)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda a: a + other)

    __radd__ = __add__

    def __rmatmul__(self, n: int) -> Dist:
        """`n @ d` is the sum of n independent copies of d (icepool's notation)."""
        if not isinstance(n, int) or n < 1:
            raise ValueError("n @ dist needs a whole number n >= 1")
        result = self
        for _ in range(n - 1):
            result = result + self
        return result

    def given(self, event: Event) -> Dist:
        """Condition on an event (a predicate or an outcome)."""
        test = _as_predicate(event)
        kept = {o: p for o, p in self._p.items() if test(o)}
        mass = sum(kept.values(), Fraction(0))
        if not mass:
            raise ValueError("cannot condition on an event of probability 0")
        return Dist({o: p / mass for o, p in kept.items()})

    # --- summaries ----------------------------------------------------
    def p(self, event: Event) -> Fraction:
        """Probability of an event: a predicate on outcomes, or one outcome."""
        if not callable(event):
            return self[event]
        return sum((p for o, p in self._p.items() if event(o)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((o * p for o, p in self._p.items()), Fraction(0))

    def variance(self) -> Fraction:
        m = self.mean()
        return sum(((o - m) ** 2 * p for o, p in self._p.items()), Fraction(0))

    def sd(self) -> float:
        return math.sqrt(self.variance())

    # --- sampling -----------------------------------------------------
    @cached_property
    def _cumulative(self) -> tuple[int, tuple[Hashable, ...], tuple[int, ...]]:
        """Integer cumulative weights over the common denominator, for exact sampling."""
        denominator = math.lcm(*(p.denominator for p in self._p.values()))
        weights = [p.numerator * (denominator // p.denominator) for p in self._p.values()]
        return denominator, tuple(self._p), tuple(accumulate(weights))

    @property
    def denominator(self) -> int:
        """The least common denominator: sampling draws one integer below it."""
        return self._cumulative[0]

    def outcome_at(self, r: int) -> Hashable:
        """The outcome selected by an integer 0 <= r < denominator (inverse CDF)."""
        _, outcomes, cumulative = self._cumulative
        return outcomes[bisect_right(cumulative, r)]

    def sample(self, rng) -> Hashable:
        """Draw one outcome with `rng.below(n)` (flatlab.core.Rng) or `rng.randrange(n)`."""
        below = getattr(rng, "below", None) or rng.randrange
        return self.outcome_at(below(self.denominator))

    # --- display ------------------------------------------------------
    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self._p.items())
        return f"Dist({{{body}}})"

    def table(self) -> str:
        """A plain-text table: outcome, exact probability, decimal, bar."""
        width = max((len(str(o)) for o in self._p), default=0)
        rows = []
        for o, p in self._p.items():
            bar = "#" * round(float(p) * 40)
            rows.append(f"{o!s:>{width}}  {p!s:>9}  {float(p):7.4f}  {bar}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{escape(str(o))}</td><td>{p}</td><td>{float(p):.4f}</td>"
            f'<td><div style="background:#0072B2;height:0.8em;width:{float(p) * 200:.1f}px">'
            "</div></td></tr>"
            for o, p in self._p.items()
        )
        return (
            '<table class="flatlab-dist"><thead><tr><th>outcome</th><th>exact</th>'
            f"<th>decimal</th><th></th></tr></thead><tbody>{rows}</tbody></table>"
        )


def _as_predicate(event: Event) -> Callable[[Any], bool]:
    return event if callable(event) else (lambda o: o == event)
