"""The dashboard's buttons: a new game, the next step, run to the next decision, rig the dice, undo.

Every button makes one public Game API call (`flatlab.new_game`, `game.step()`,
`game.run()`, `game.step(outcome=...)`, `game.undo()`) through the board's
`attempt`, so an error is shown on the board exactly like a refused click.
Buttons that do not fit the game's situation are disabled, read from the game,
never from a rule of our own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.rules import AUTOMATIC, CHANCE
from .follow import Follower


def _button(description: str, tooltip: str, on_click: Callable[[], Any]) -> w.Button:
    button = w.Button(description=description, tooltip=tooltip,
                      layout=w.Layout(width="auto", min_height="2.4em"))
    button.on_click(lambda _button: on_click())
    return button


class Controls(Follower):
    """`widget` is the box to display; `new_game(**options)` is called by the New game button."""

    def __init__(self, attempt: Callable[[Callable[[], Any]], None],
                 new_game: Callable[..., None], options: dict[str, tuple[tuple, Any]]):
        self.options = {name: w.Dropdown(options=choices, value=default, description=name,
                                         layout=w.Layout(width="15em"))
                        for name, (choices, default) in options.items()}
        self.seed = w.IntText(value=7, description="seed", layout=w.Layout(width="12em"))
        self.start = _button("New game", "start a new game with these options",
                             lambda: attempt(lambda: new_game(seed=self.seed.value, **{
                                 name: box.value for name, box in self.options.items()})))
        self.next = _button("Next step", "g.step(): resolve the next automatic step or roll",
                            lambda: attempt(self.game.step))
        self.run = _button("Run to my next decision", "g.run(): roll and step up to the next decision",
                           lambda: attempt(self.game.run))
        self.undo = _button("Undo", "g.undo(): take back the last call (the dice go back too)",
                            lambda: attempt(self.game.undo))
        self.outcome = w.Dropdown(description="rig the dice", layout=w.Layout(width="26em"),
                                  style={"description_width": "initial"})
        self.rig = _button("Roll this", "g.step(outcome=...): resolve the pending roll your way",
                           lambda: attempt(lambda: self.game.step(outcome=self.outcome.value)))
        self.widget = w.VBox([
            w.HBox([*self.options.values(), self.seed, self.start], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.next, self.run, self.undo], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.outcome, self.rig], layout=w.Layout(flex_flow="row wrap")),
        ])
        self.widget.add_class("flatlab-controls")

    def bind(self, game: Any) -> None:
        """Follow `game`, and show its options in the new-game form."""
        for name, box in self.options.items():
            if game.options.get(name) in box.options:
                box.value = game.options[name]
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
