"""The dashboard's buttons: a new game, the next step, run to the next decision, rig the dice, undo.

Every button makes one public Game API call (`flatlab.new_game`, `game.step()`,
`game.run()`, `game.step(outcome=...)`, `game.undo()`) through the board's
`attempt`, so an error is shown on the board exactly like a refused click.
Buttons that do not fit the game's situation are disabled, read from the game,
never from a rule of our own.

The new-game form has one drop-down per option of the view's `NEW_GAME`
(option -> (choices, default)). A choice is a value, shown as itself, or a
`(label, value)` pair, e.g. `("off", None)` for an untimed Flatline game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle

from ..core.rules import AUTOMATIC, CHANCE
from .follow import Follower


def _pairs(choices: tuple) -> list[tuple[str, Any]]:
    """(label, value) for each choice of a new-game option."""
    return [c if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str) else (str(c), c)
            for c in choices]


def _select(box: w.Dropdown, value: Any) -> bool:
    """Show `value` in the drop-down if it is one of its choices.

    By index, twice: a Dropdown takes the value None for "nothing selected", so moving to a
    choice whose value is None first clears the selection; the second time it sticks.
    """
    values = [v for _, v in box.options]
    if value not in values:
        return False
    for _ in range(2):
        box.index = values.index(value)
    return True


class _Look:
    """Layouts and styles shared by the controls' widgets: each would otherwise be a model of
    its own for the page to receive and build (20 of the page's 50 models were Layouts)."""

    def __init__(self) -> None:
        self.option = w.Layout(width="15em")
        self.button = w.Layout(width="auto", min_height="2.4em")
        self.row = w.Layout(flex_flow="row wrap")
        self.button_style = w.ButtonStyle()
        self.description = DescriptionStyle()


def _dropdown(look: _Look, name: str, choices: tuple, default: Any) -> w.Dropdown:
    box = w.Dropdown(options=_pairs(choices), description=name, layout=look.option,
                     style=look.description)
    _select(box, default)
    return box


def _button(look: _Look, description: str, tooltip: str, on_click: Callable[[], Any]) -> w.Button:
    button = w.Button(description=description, tooltip=tooltip, layout=look.button,
                      style=look.button_style)
    button.on_click(lambda _button: on_click())
    return button


class Controls(Follower):
    """`widget` is the box to display; `new_game(**options)` is called by the New game button."""

    def __init__(self, attempt: Callable[[Callable[[], Any]], None],
                 new_game: Callable[..., None], options: dict[str, tuple[tuple, Any]]):
        look = _Look()
        self.options = {name: _dropdown(look, name, choices, default)
                        for name, (choices, default) in options.items()}
        self.seed = w.IntText(value=7, description="seed", layout=w.Layout(width="12em"),
                              style=look.description)
        self.start = _button(look, "New game", "start a new game with these options",
                             lambda: attempt(lambda: new_game(seed=self.seed.value, **{
                                 name: box.value for name, box in self.options.items()})))
        self.next = _button(look, "Next step", "g.step(): resolve the next automatic step or roll",
                            lambda: attempt(self.game.step))
        self.run = _button(look, "Run to my next decision", "g.run(): roll and step up to the next decision",
                           lambda: attempt(self.game.run))
        self.undo = _button(look, "Undo", "g.undo(): take back the last call (the dice go back too)",
                            lambda: attempt(self.game.undo))
        self.outcome = w.Dropdown(description="rig the dice", layout=w.Layout(width="26em"),
                                  style={"description_width": "initial"})
        self.rig = _button(look, "Roll this", "g.step(outcome=...): resolve the pending roll your way",
                           lambda: attempt(lambda: self.game.step(outcome=self.outcome.value)))
        self.widget = w.VBox([
            w.HBox([*self.options.values(), self.seed, self.start], layout=look.row),
            w.HBox([self.next, self.run, self.undo], layout=look.row),
            w.HBox([self.outcome, self.rig], layout=look.row),
        ])
        self.widget.add_class("flatlab-controls")

    def bind(self, game: Any) -> None:
        """Follow `game`, and show its options in the new-game form."""
        for name, box in self.options.items():
            if name in game.options:
                _select(box, game.options[name])
        if isinstance(game.seed, int):
            self.seed.value = game.seed
        super().bind(game)

    def refresh(self) -> None:
        game = self.game
        moving = game.situation in (CHANCE, AUTOMATIC)
        self.next.disabled = self.run.disabled = not moving
        self.undo.disabled = not game.moves
        node = game.chance()
        self.outcome.options = [(f"{node.describe(o)} (p = {p})", o) for o, p in node.items()]
        self.outcome.disabled = self.rig.disabled = not node
