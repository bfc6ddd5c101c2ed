"""`Board`: the generic board widget, and the one road from a click to the rules.

A board holds a Game and follows it (`game.subscribe`): after every change,
whether it came from a click here, a dashboard button or `g.act(...)` typed in
a later cell, it sends the browser one compact JSON `snapshot`. What to draw is
the game's business (`draw(state)` in a subclass, and the game's file in
`widgets/`); what the players may do comes from the engine: `tools` groups
`game.legal_actions()` by kind, each with the targets a click can fill in.

A click comes back as a message `{"act": {"kind": ..., <params>}}`. Messages
are untrusted input: their shape and types are checked here, and everything
else is the engine's job. The message becomes an `Action` and goes through
`game.act`, the same call a learner types; an illegal one raises
IllegalAction, the game stays as it was, and the reason is shown in the view
(the `error` trait).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from ..core import Action, FlatlabError
from .follow import Follower

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")  # action kinds and parameter names
_MAX_TEXT = 64


class BadMessage(FlatlabError, ValueError):
    """A message from the browser that is not an action at all (wrong shape or types)."""


def plain(value: Any) -> Any:
    """The JSON form of a value (tuples become lists), so Python and the browser see the same data."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def parse_action(content: Any) -> Action:
    """The Action a browser message asks for; BadMessage if it is not shaped like one."""
    if not isinstance(content, dict) or set(content) != {"act"}:
        raise BadMessage("a board message is {'act': {'kind': ..., <parameters>}}")
    data = content["act"]
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise BadMessage("an action is an object with a string 'kind'")
    for key, value in data.items():
        if not isinstance(key, str) or not _NAME.match(key):
            raise BadMessage(f"{key!r:.40} is not an action parameter name")
        if key == "kind" and not _NAME.match(value):
            raise BadMessage(f"{value!r:.40} is not an action kind")
        if key != "kind" and not _is_parameter(value):
            raise BadMessage(f"parameter {key!r}: expected a number, true/false, a short text "
                             f"or a short list of those, got {value!r:.40}")
    return Action.from_json(data)


def _is_parameter(value: Any, nested: bool = False) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) < 2**31
    if isinstance(value, str):
        return len(value) <= _MAX_TEXT
    if isinstance(value, list) and not nested:
        return len(value) <= 4 and all(_is_parameter(v, nested=True) for v in value)
    return False


def make_tool_id(kind: str, fixed: dict[str, Any]) -> str:
    """A tool's id: the action kind and its fixed parameters, e.g. "extinguish+clear"."""
    return kind + "".join(f"+{k}" if v is True else f"+{k}={v}" for k, v in sorted(fixed.items()))


class Board(Follower, anywidget.AnyWidget):
    """A live board for one game. Subclasses set `_esm`/`_css`, `TARGETS` and `draw`."""

    snapshot = traitlets.Dict().tag(sync=True)  # what to draw now (see `refresh`)
    tool = traitlets.Unicode("").tag(sync=True)  # the selected tool: which action a click takes
    overlay = traitlets.Bool(False).tag(sync=True)  # show the forecast overlay
    error = traitlets.Unicode("").tag(sync=True)  # why the last click or button did nothing

    TARGETS: ClassVar[tuple[str, ...]] = ()  # action parameters filled in by clicking the board
    LABELS: ClassVar[dict[str, str]] = {}  # tool id -> button label
    OVERLAY: ClassVar[str] = ""  # what the overlay shows ("" if the game has none)

    def __init__(self, game: Any, **kwargs: Any):
        super().__init__(**kwargs)
        self.on_msg(lambda _widget, content, _buffers: self.handle(content))
        self.observe(lambda _change: self.refresh(), "overlay")
        self.bind(game)

    # --- from the browser --------------------------------------------------------
    def handle(self, content: Any) -> None:
        """A message from the browser: check its shape, then hand the action to `game.act`."""
        try:
            action = parse_action(content)
        except BadMessage as e:
            self.error = f"Not understood: {e}"
            return
        self.attempt(lambda: self.game.act(action))

    def attempt(self, call: Callable[[], Any]) -> None:
        """Make one Game API call for a click or a button; show its error instead of raising."""
        try:
            call()
        except (FlatlabError, ValueError, TypeError) as e:  # the engine left the game unchanged
            self.error = str(e)

    # --- to the browser ----------------------------------------------------------
    def refresh(self) -> None:
        game = self.game
        tools = self.tools(game.legal_actions())
        with self.hold_sync():
            if self.tool not in {t["id"] for t in tools}:
                self.tool = next((t["id"] for t in tools if t["param"]), "")
            self.error = ""
            self.snapshot = {
                "game": game.name, "title": game.rules.title, "turn": game.turn,
                "phase": game.phase, "pending": game.pending, "situation": game.situation,
                "outcome": game.outcome, "tools": tools, "overlay_label": self.OVERLAY,
                "counters": self.counters(game.state), "board": self.draw(game.state),
                "overlay": self.forecast_overlay(game) if self.overlay and not game.over else None,
            }

    def tools(self, legal: list[Action]) -> list[dict[str, Any]]:
        """The legal actions grouped into tools, in the rules' order.

        A tool is an action kind with its other parameters fixed (e.g. extinguish
        with clear=True); `param` names the parameter a click on the board fills
        in and `targets` lists its legal values. A tool without `param` (e.g.
        end-turn) acts at once when its button is pressed.
        """
        tools: dict[str, dict[str, Any]] = {}
        for action in legal:
            param = next((p for p in self.TARGETS
                          if p in action.params and self.clickable(action.params[p])), None)
            fixed = {k: v for k, v in action.params.items() if k != param}
            tool_id = make_tool_id(action.kind, fixed)
            tool = tools.setdefault(tool_id, {
                "id": tool_id, "kind": action.kind, "fixed": plain(fixed), "param": param,
                "label": self.label(tool_id, fixed),
                "targets": [] if param else None})
            if param:
                tool["targets"].append(plain(action.params[param]))
        return list(tools.values())

    def label(self, tool_id: str, fixed: dict[str, Any]) -> str:
        """A tool's button text: from LABELS, else made from its id."""
        return self.LABELS.get(tool_id, tool_id.replace("-", " ").capitalize())

    def clickable(self, value: Any) -> bool:
        """Is this parameter value picked by clicking the board (else it makes its own button)?"""
        return True

    def draw(self, state: Any) -> dict[str, Any]:
        """The game-specific part of the snapshot: what the game's view file draws."""
        raise NotImplementedError

    def counters(self, state: Any) -> list[list[Any]]:
        """[label, value, maximum or None] for the status line."""
        return []

    def forecast_overlay(self, game: Any) -> Any:
        """Per-target values for the overlay (games with an OVERLAY)."""
        raise NotImplementedError

    def close(self) -> None:
        self.unbind()
        super().close()
