"""What a game must provide to the engine: its rules, as plain functions of a state.

A game package defines one `Rules` subclass. The state is the game's own
plain-data object; `Game` (the session a learner holds) never looks inside it.
Every call below either reads the state or changes it in place; the engine
takes care of undo, logging context, rollback on errors, saving and replay.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from .action import Action
from .chance import ChanceNode
from .log import Log

# The four situations a game can be in. Exactly one holds at any moment.
OVER = "over"  # g.over; g.outcome is "won" or "lost"
DECISION = "decision"  # g.legal_actions() lists the choices; g.act(...) takes one
CHANCE = "chance"  # g.chance() lists outcomes with exact probabilities; g.step() rolls
AUTOMATIC = "automatic"  # g.step() applies the next rule that needs no choice

Policy = Callable[[Any], Action]  # a bot: given a Game, choose one of its legal actions


class GameOver(Exception):
    """Raised by a game's rules the moment the game ends, even deep inside a step."""


def validate_options(rules: Rules, options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own check of its options, after refusing names it does not take."""
    known = [p for p in inspect.signature(rules.options).parameters if p != "self"]
    for name in options:
        if name not in known:
            raise ValueError(f"{name}: {rules.name} has no option {name!r} "
                             f"(its options: {', '.join(known)})")
    return rules.options(**options)


class Rules(ABC):
    name: str  # registry name, e.g. "flash-point"
    title: str  # display name
    phases: tuple[str, ...]  # in rulebook order
    version: int = 1  # bump when saved states of this game change shape

    # --- options and set-up --------------------------------------------------
    @abstractmethod
    def options(self, **options: Any) -> dict[str, Any]:
        """Validate and complete the options (ValueError naming the option)."""

    @abstractmethod
    def start(self, options: Mapping[str, Any]) -> Any:
        """The state at the start of the game, before any set-up decision or roll."""

    # --- where the game is ---------------------------------------------------
    @abstractmethod
    def situation(self, state: Any) -> str:
        """OVER, DECISION, CHANCE or AUTOMATIC."""

    @abstractmethod
    def phase(self, state: Any) -> str: ...

    @abstractmethod
    def turn(self, state: Any) -> int: ...

    @abstractmethod
    def pending(self, state: Any) -> str:
        """A short name of what the game waits for (the next step, the roll, the decision)."""

    @abstractmethod
    def outcome(self, state: Any) -> str | None:
        """None while the game goes on, else "won" or "lost"."""

    # --- the three ways a game moves -----------------------------------------
    @abstractmethod
    def legal_actions(self, state: Any) -> list[Action]: ...

    @abstractmethod
    def act(self, state: Any, action: Action, log: Log) -> None:
        """Apply a decision, or raise IllegalAction naming the rule."""

    @abstractmethod
    def chance(self, state: Any) -> ChanceNode: ...

    @abstractmethod
    def resolve(self, state: Any, outcome: Any, log: Log) -> None:
        """Apply the outcome of the pending chance node."""

    @abstractmethod
    def advance(self, state: Any, log: Log) -> None:
        """Apply the pending automatic step."""

    # --- plain data ----------------------------------------------------------
    @abstractmethod
    def copy_state(self, state: Any) -> Any: ...

    @abstractmethod
    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_dict(self, data: Any) -> Any:
        """Rebuild a state; raise SaveError naming the field that is wrong."""

    @abstractmethod
    def validate_state(self, state: Any) -> None:
        """Check a hand-edited state's invariants (ValueError saying which)."""

    # --- views and helpers ---------------------------------------------------
    @abstractmethod
    def describe(self, state: Any) -> str:
        """The state as text: board, phase, counters."""

    def describe_action(self, state: Any, action: Action) -> str:
        return repr(action)

    def time_window(self, state: Any) -> tuple[Any, float] | None:
        """(an id of the current timed decision window, its length in seconds), or None."""
        return None

    def timeout(self, state: Any) -> Action:
        """The move that ends a timed window when its time has run out."""
        raise NotImplementedError(f"{self.name} has no timed decisions")

    def forecast(self, state: Any) -> Any:
        raise NotImplementedError(f"{self.name} has no forecast yet")

    def policies(self) -> dict[str, Callable[[int], Policy]]:
        """Bots by name: each factory takes a seed and returns a policy."""
        return {}
