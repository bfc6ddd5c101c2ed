"""Rules written as a table of named steps: the shape every flatlab game takes.

A game's state carries `step` (what comes next) and `outcome`; the game lists
its steps in rulebook order, each with its situation, its phase and the
function that carries it out (and, for a chance node, the function that says
what can happen). `StepRules` does the dispatching, and ends the game cleanly
when a rule raises `GameOver` in the middle of a step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NamedTuple

from .action import Action
from .chance import ChanceNode
from .log import Log
from .rules import CHANCE, OVER, GameOver, Rules


class Step(NamedTuple):
    situation: str  # DECISION, CHANCE, AUTOMATIC or OVER
    phase: str  # the rulebook phase it belongs to ("" when the game works it out)
    run: Callable[..., None] | None = None  # (state, action|outcome|nothing, log)
    node: Callable[[Any], ChanceNode] | None = None  # chance steps: what can happen


OVER_STEP = Step(OVER, "game-end")


class StepRules(Rules):
    steps: dict[str, Step]

    def situation(self, s: Any) -> str:
        return self.steps[s.step].situation

    def phase(self, s: Any) -> str:
        return self.steps[s.step].phase

    def pending(self, s: Any) -> str:
        return s.step

    def outcome(self, s: Any) -> str | None:
        return s.outcome

    def act(self, s: Any, action: Action, log: Log) -> None:
        self._run(s, action, log)

    def chance(self, s: Any) -> ChanceNode:
        step = self.steps[s.step]
        assert step.situation == CHANCE
        return step.node(s)

    def resolve(self, s: Any, outcome: Any, log: Log) -> None:
        self._run(s, outcome, log)

    def advance(self, s: Any, log: Log) -> None:
        self._run(s, log)

    def _run(self, s: Any, *args: Any) -> None:
        try:
            self.steps[s.step].run(s, *args)
        except GameOver:
            s.step = "over"

    def copy_state(self, s: Any) -> Any:
        return s.copy()


@dataclass
class PlainState:
    """Base of the games' dataclass states: plain data, copied cheaply for undo.

    Fields hold immutable values (numbers, strings, tuples) or lists and dicts
    of them; a field named in `nested` is a dict whose values are lists.
    `copy` copies exactly that much.
    """

    nested: ClassVar[tuple[str, ...]] = ()

    def copy(self):
        twin = object.__new__(type(self))
        d = twin.__dict__
        d.update(self.__dict__)
        for name in _containers(type(self)):
            d[name] = d[name].copy()
        for name in self.nested:
            d[name] = {k: v.copy() for k, v in d[name].items()}
        return twin


_CONTAINERS: dict[type, tuple[str, ...]] = {}


def _containers(cls: type) -> tuple[str, ...]:
    """The fields whose default is a fresh list or dict: the mutable ones."""
    if cls not in _CONTAINERS:
        _CONTAINERS[cls] = tuple(f.name for f in fields(cls) if f.default_factory in (list, dict))
    return _CONTAINERS[cls]
