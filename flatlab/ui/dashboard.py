"""`Dashboard`: a game's board, controls, probability panel and log, side by side.

The dashboard owns which game is shown: "New game" starts one with
`flatlab.new_game` and re-binds every part to it. Each part follows the game on
its own (`game.subscribe`), so the dashboard has no update logic of its own.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import flatlab

from .controls import Controls
from .log import LogPanel
from .registry import view_module


class Dashboard(w.Box):
    """Display it (last expression of a cell, or a Voilà dashboard); `play(game)` switches games."""

    def __init__(self, game: Any, log_entries: int = 12):
        views = view_module(game.name)
        self.name = game.name
        self.board = views.BOARD(game)
        self.controls = Controls(self.board.attempt, self._new_game, views.NEW_GAME)
        self.panel = views.PANEL() if views.PANEL else None
        self.log_panel = LogPanel(log_entries)
        side = [self.controls.widget, *([self.panel.widget] if self.panel else []), self.log_panel.widget]
        super().__init__([self.board, w.VBox(side, layout=w.Layout(flex="1 1 31em", min_width="31em"))],
                         layout=w.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"))
        self.board.layout = w.Layout(flex="2 1 36em", min_width="28em")
        self.add_class("flatlab-dashboard")
        self.play(game)

    @property
    def game(self) -> Any:
        return self.board.game

    @property
    def parts(self) -> list[Any]:
        # getattr: close() also runs from __del__ when __init__ failed half-way
        names = ("board", "controls", "panel", "log_panel")
        return [p for p in (getattr(self, name, None) for name in names) if p]

    def play(self, game: Any) -> None:
        """Show `game` in every part from now on."""
        for part in self.parts:
            part.bind(game)

    def _new_game(self, **options: Any) -> None:
        self.play(flatlab.new_game(self.name, **options))

    def close(self) -> None:
        for part in self.parts:
            part.unbind()
        super().close()
