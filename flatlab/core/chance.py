"""Chance nodes: the moments a game waits for dice or a draw.

A node names itself and its rule and carries the exact `Dist` of its outcomes.
`Game.step()` samples it from the game's seeded generator; `Game.step(outcome=...)`
resolves it with a named outcome (rigged dice, for what-ifs).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction

from ..prob import Dist


@dataclass(frozen=True)
class ChanceNode:
    """What can happen next and how likely: empty (falsy) when no roll is pending."""

    name: str = ""
    rule: str = ""
    dist: Dist | None = None
    describe: Callable[[Hashable], str] = field(default=str, compare=False, repr=False)

    def __bool__(self) -> bool:
        return self.dist is not None

    def __len__(self) -> int:
        return len(self.dist) if self.dist else 0

    def __iter__(self):
        return iter(self.dist or ())

    def __contains__(self, outcome: object) -> bool:
        return bool(self.dist) and outcome in self.dist

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self.dist[outcome] if self.dist else Fraction(0)

    def items(self):
        return self.dist.items() if self.dist else ()

    def __repr__(self) -> str:
        if not self:
            return "ChanceNode(none pending)"
        return f"ChanceNode({self.name!r}, {len(self.dist)} outcomes, rule={self.rule!r})"

    def _repr_html_(self) -> str:
        if not self:
            return "<i>no chance node pending</i>"
        return f"<b>{self.name}</b> <i>({self.rule})</i>" + self.dist._repr_html_()


NO_CHANCE = ChanceNode()
