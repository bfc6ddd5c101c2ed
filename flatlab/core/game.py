"""`Game`: the session object a learner, a bot, a widget and a test all drive.

At any moment a game is in exactly one of four situations (see `situation`):

- over: `g.over` is true and `g.outcome` says "won" or "lost";
- a decision: `g.legal_actions()` lists the choices and `g.act(...)` takes one;
- a chance node: `g.chance()` gives every outcome with its exact probability,
  `g.step()` rolls it from the seeded generator, `g.step(outcome=...)` rigs it;
- an automatic rules step: `g.step()` applies it.

Every call that changes the game records a move (for save and replay) and a
snapshot (for undo). A call that raises leaves the game exactly as it was.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, suppress
from importlib import import_module
from typing import Any, ClassVar

from .action import Action, tupled
from .chance import NO_CHANCE, ChanceNode
from .errors import IllegalAction
from .log import Log, LogView
from .rng import Rng
from .rules import AUTOMATIC, CHANCE, DECISION, OVER, Policy, Rules

_UNSET = object()


class Game:
    # Views for Jupyter, by game name: view(game) -> a mime bundle, or None for the text board.
    # The package named by `view_package` fills this when first imported; the core knows no widget.
    views: ClassVar[dict[str, Callable[[Game], Any]]] = {}
    view_package: ClassVar[str] = "flatlab.ui"

    def __init__(self, rules: Rules, options: dict[str, Any], seed: int | str,
                 state: Any = None, draws: int = 0):
        self.rules = rules
        self.options = options
        self.rng = Rng(seed, draws)
        self._state = rules.start(options) if state is None else state
        self._start = rules.copy_state(self._state)  # replay begins here
        self._start_draws = draws
        self._log: list = []
        self._moves: list[dict[str, Any]] = []
        self._history: list[tuple[Any, int, int]] = []  # (state, draws, log length) per move
        self.subscribers: list[Callable[[Game], None]] = []
        self.clock: Callable[[], float] = time.monotonic  # tests swap in a fake clock
        self._window: tuple[Hashable, float] | None = None  # (timed window id, when it began)
        self._sync_window()

    # --- reading ---------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def seed(self) -> int | str:
        return self.rng.seed

    @property
    def state(self) -> Any:
        """The plain-data state. Read it freely; change it only inside `edit()`."""
        return self._state

    @property
    def phase(self) -> str:
        return self.rules.phase(self._state)

    @property
    def phases(self) -> tuple[str, ...]:
        return self.rules.phases

    @property
    def turn(self) -> int:
        return self.rules.turn(self._state)

    @property
    def situation(self) -> str:
        return self.rules.situation(self._state)

    @property
    def pending(self) -> str:
        """What the game waits for, in a few words."""
        return self.rules.pending(self._state)

    @property
    def over(self) -> bool:
        return self.rules.outcome(self._state) is not None

    @property
    def outcome(self) -> str | None:
        return self.rules.outcome(self._state)

    @property
    def log(self) -> LogView:
        return LogView(self._log)

    @property
    def moves(self) -> list[dict[str, Any]]:
        """Every decision, roll and automatic step since the start, as plain data."""
        return list(self._moves)

    def legal_actions(self) -> list[Action]:
        if self.situation != DECISION:
            return []
        return self.rules.legal_actions(self._state)

    def chance(self) -> ChanceNode:
        if self.situation != CHANCE:
            return NO_CHANCE
        return self.rules.chance(self._state)

    def forecast(self) -> Any:
        """What the next random step can do, aggregated exactly (game-specific)."""
        return self.rules.forecast(self._state)

    def describe(self, last: int = 12) -> str:
        """The board as text, where the game is, and the last few log entries."""
        text = self.rules.describe(self._state)
        if self._log and last:
            text += "\n\nLast events:\n" + "\n".join(f"  {e}" for e in self._log[-last:])
        if self.over:
            text += f"\n\nThe game is over: {self.outcome}."
        else:
            text += f"\n\nNow: {self.pending}."
        return text

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return (f"<{self.rules.title} game, seed {self.seed!r}, turn {self.turn}, "
                f"{self.situation}: {self.pending}>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """`g` as a cell's last expression: its live board if a view can draw it, else the text board."""
        if self.name not in Game.views:
            with suppress(ImportError):  # no widget libraries: the text board
                import_module(self.view_package)
        view = Game.views.get(self.name)
        return (view and view(self)) or {"text/plain": self.describe()}

    # --- moving ----------------------------------------------------------------
    def act(self, kind: str | Action, /, **params: Any) -> LogView:
        """Take a decision: `g.act("move", to=(2, 3))` or `g.act(action)`."""
        action = kind if isinstance(kind, Action) else Action(kind, **params)
        if isinstance(kind, Action) and params:
            raise TypeError("pass either an Action or a kind with parameters, not both")
        ended = self.tick()
        if ended:
            raise IllegalAction(f"too late: time ran out first ({ended[-1].text})",
                                rule="engine: timed decisions")
        self._require(DECISION, "act()")
        return self._change({"act": action.to_json()},
                            lambda log: self.rules.act(self._state, action, log))

    def step(self, outcome: Any = _UNSET) -> LogView:
        """Resolve the next automatic step or chance node (optionally with a named outcome)."""
        situation = self.situation
        if situation == CHANCE:
            return self._roll(outcome)
        if outcome is not _UNSET:
            raise IllegalAction(f"no roll or draw is pending (the game waits for: {self.pending}),"
                                " so there is no outcome to choose", rule="engine: step")
        self._require(AUTOMATIC, "step()")
        name = self.pending
        return self._change({"step": name}, lambda log: self.rules.advance(self._state, log))

    def run(self, until: Callable[[Game], bool] | None = None, limit: int = 100_000) -> LogView:
        """Step through rolls and automatic steps until a decision, the end, or `until(g)`."""
        start = len(self._log)
        for _ in range(limit):
            if self.situation in (DECISION, OVER) or (until and until(self)):
                break
            self.step()
        return LogView(self._log[start:])

    def play(self, policy: Policy, limit: int = 100_000) -> str:
        """Let a bot take every decision until the game ends; returns the outcome."""
        for _ in range(limit):
            situation = self.situation
            if situation == OVER:
                return self.outcome
            if situation == DECISION:
                self.act(policy(self))
            else:
                self.step()
        raise RuntimeError(f"game did not end within {limit} calls")

    def _roll(self, outcome: Any) -> LogView:
        node = self.rules.chance(self._state)
        rigged = outcome is not _UNSET
        if rigged:
            outcome = tupled(outcome)
            if outcome not in node.dist:
                raise IllegalAction(
                    f"{outcome!r} cannot happen at {node.name}: the possible outcomes are "
                    f"{_preview(node.dist)}", rule=node.rule)
        move: dict[str, Any] = {"chance": None, "rigged": rigged}

        def resolve(log: Log) -> None:
            nonlocal outcome
            draw = self.rng.below(node.dist.denominator)  # consumed even when rigged
            if not rigged:
                outcome = node.dist.outcome_at(draw)
            move["chance"] = _jsonable(outcome)
            log.add(node.rule, f"{node.name}: {node.describe(outcome)}",
                    probability=node.dist[outcome], dist=node.dist, rigged=rigged)
            self.rules.resolve(self._state, outcome, log)

        return self._change(move, resolve)

    # --- real-time decisions (e.g. Flatline's countdown minute) ----------------
    @property
    def time_left(self) -> float | None:
        """Seconds left in the current timed decision window; None when nothing is timed."""
        window = self.rules.time_window(self._state)
        if window is None or self._window is None:
            return None
        return window[1] - (self.clock() - self._window[1])

    def tick(self) -> LogView:
        """Let the clock act: once a timed window has run out, apply the rules' time-up move.

        A dashboard calls this on a timer; `act()` calls it first, so a late
        action is refused after the time-up (which is recorded like any move).
        """
        left = self.time_left
        if left is None or left > 0 or self.situation != DECISION:
            return LogView()
        action = self.rules.timeout(self._state)
        return self._change({"act": action.to_json()},
                            lambda log: self.rules.act(self._state, action, log))

    def _sync_window(self) -> None:
        """Start timing when the game enters a new timed window (undo does not restart it)."""
        window = self.rules.time_window(self._state)
        if window is None:
            self._window = None
        elif self._window is None or self._window[0] != window[0]:
            self._window = (window[0], self.clock())

    def _change(self, move: dict[str, Any], apply: Callable[[Log], None]) -> LogView:
        snapshot = (self.rules.copy_state(self._state), self.rng.draws, len(self._log))
        try:
            apply(Log(self._log, self._where))
        except BaseException:
            self._restore(snapshot)
            raise
        self._history.append(snapshot)
        self._moves.append(move)
        self._notify()
        return LogView(self._log[snapshot[2]:])

    def _where(self) -> tuple[int, str]:
        return self.rules.turn(self._state), self.rules.phase(self._state)

    def _require(self, situation: str, call: str) -> None:
        now = self.situation
        if now == situation:
            return
        if now == OVER:
            raise IllegalAction(f"the game is over ({self.outcome})", rule="Game End")
        hint = {DECISION: "choose one of g.legal_actions() with g.act(...)",
                CHANCE: "call g.step() to roll, or g.step(outcome=...) to choose the outcome",
                AUTOMATIC: "call g.step() to apply it"}[now]
        raise IllegalAction(f"{call} does not fit now: the game waits for {self.pending}; {hint}",
                            rule="engine: situations")

    # --- undo, clone, edit -----------------------------------------------------
    def undo(self, moves: int = 1) -> None:
        """Take back the last `moves` calls. The random generator goes back too."""
        if not 0 < moves <= len(self._history):
            raise IllegalAction(f"cannot undo {moves} move(s): {len(self._history)} recorded "
                                "since the start (or the last edit)", rule="engine: undo")
        snapshot = self._history[-moves]
        del self._history[-moves:]
        del self._moves[-moves:]
        self._restore(snapshot)
        self._notify()

    def _restore(self, snapshot: tuple[Any, int, int]) -> None:
        state, draws, log_length = snapshot
        self._state = self.rules.copy_state(state)
        self.rng.draws = draws
        del self._log[log_length:]

    def clone(self) -> Game:
        """An independent copy with the same history: play on it without touching this one."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin._state = self.rules.copy_state(self._state)
        twin._log, twin._moves, twin._history = list(self._log), list(self._moves), list(self._history)
        twin.subscribers = []
        return twin

    @contextmanager
    def edit(self) -> Iterator[Any]:
        """Set up a position by hand: `with g.edit() as s: ...`.

        The edited position becomes the new start for replay and saving; the
        undo history is cleared (it described another position).
        """
        before = self.rules.copy_state(self._state)
        try:
            yield self._state
            self.rules.validate_state(self._state)
        except BaseException:
            self._state = before
            raise
        self._start = self.rules.copy_state(self._state)
        self._start_draws = self.rng.draws
        self._moves, self._history = [], []
        Log(self._log, self._where).add("engine: edit", "The position was set up by hand.")
        self._notify()

    # --- saving ----------------------------------------------------------------
    def to_json(self) -> str:
        from .save import dump
        return dump(self)

    def replay(self) -> Game:
        """A fresh game replayed from the start position and the recorded moves."""
        from .save import replay
        return replay(self.rules, self.options, self.seed, self.rules.copy_state(self._start),
                      self._start_draws, self._moves)

    # --- observers (widgets) ---------------------------------------------------
    def subscribe(self, callback: Callable[[Game], None]) -> Callable[[], None]:
        """Call `callback(game)` after every change; returns a function that unsubscribes."""
        self.subscribers.append(callback)
        return lambda: self.subscribers.remove(callback)

    def _notify(self) -> None:
        self._sync_window()
        for callback in list(self.subscribers):
            callback(self)


def _jsonable(value: Hashable) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _preview(dist, n: int = 6) -> str:
    outcomes = list(dist)
    shown = ", ".join(repr(o) for o in outcomes[:n])
    return shown + (f", ... ({len(outcomes)} in all)" if len(outcomes) > n else "")
