"""The probability panel: what the next advance fire can do, exactly, and what it did.

One plotly FigureWidget, updated in place (`batch_update`). Its front end is a
~4.9 MB bundle sent over the websocket and loaded before any widget of the page
is drawn, so a dashboard has at most one, and it is created only when there is
something to show (the first Take Action), not while the page first loads.

While the players act and at the roll, the bars are `game.forecast()` for the
state as it is now (the outcome class of the 48 equally likely rolls, and the
chance of a knock-down or of a lost victim or POI). Once the roll is made, the
class it fell in is highlighted; that class is found by playing the rolled
space ahead with the forecast's own look-ahead (`outcome_of`), so it always
agrees with the bars.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from ..games.flash_point.forecast import (
    BECOMES_FIRE,
    EXPLOSION,
    SMOKE_ONLY,
    FireForecast,
    kind_of,
    outcome_of,
)
from ..games.flash_point.state import FlashPointState
from .follow import Follower

ROLL = "advance-fire"
BARS = (SMOKE_ONLY, BECOMES_FIRE, EXPLOSION, "firefighter knocked down", "victim or POI lost")
SKY, GREY, VERMILLION = "#56B4E9", "#999999", "#D55E00"  # Okabe-Ito


def realised(before: FlashPointState, target: tuple[int, int]) -> str:
    """The forecast class of the roll that landed on `target`, from the state before the roll."""
    return kind_of(before, outcome_of(before, target)[0], target)


def _label(p: Fraction) -> str:
    return f"{p} ≈ {float(p):.1%}"


class FirePanel(Follower):
    """Follows a Flash Point game; `widget` is what to display (it holds `figure` once made)."""

    def __init__(self) -> None:
        self.figure: go.FigureWidget | None = None
        self.widget = w.Box([w.HTML("<p>The forecast of the next advance fire appears here when the "
                                    "players take actions.</p>")])
        self._before: tuple[int, FlashPointState] | None = None  # (turn, state) at the roll
        self.shown: FireForecast | None = None
        self.rolled: str | None = None  # the class the last roll fell in
        self._drawn: tuple | None = None  # what the figure shows now

    def _figure(self) -> go.FigureWidget:
        if self.figure is None:
            self.figure = go.FigureWidget(
                data=[go.Bar(y=list(BARS), x=[0] * len(BARS), orientation="h", textposition="auto",
                             hovertemplate="%{y}: %{text}<extra></extra>")],
                layout={"width": 480, "height": 300, "margin": {"l": 190, "r": 20, "t": 60, "b": 40},
                        "font": {"size": 15}, "title": {"font": {"size": 16}},
                        "xaxis": {"range": [0, 1], "tickformat": ".0%", "fixedrange": True},
                        "yaxis": {"autorange": "reversed", "fixedrange": True},
                        "plot_bgcolor": "white", "showlegend": False})
            self.widget.children = [self.figure]
        return self.figure

    def bind(self, game: Any) -> None:
        self._before, self.shown, self.rolled = None, None, None
        super().bind(game)

    def refresh(self) -> None:
        game = self.game
        s: FlashPointState = game.state
        if game.pending == ROLL or (game.situation == "decision" and game.pending == "take-action"):
            self._before = (game.turn, s.copy()) if game.pending == ROLL else None
            self.rolled = None
            self._show(game.forecast(), "Next advance fire (exact, 48 equally likely rolls)")
        elif self._before and self._before[0] == game.turn and s.target and self.rolled is None:
            self.rolled = realised(self._before[1], s.target)
            self._show(self.shown, f"Rolled {s.target}: {self.rolled}")

    def _show(self, forecast: FireForecast, title: str) -> None:
        self.shown = forecast
        values = [forecast.kind[SMOKE_ONLY], forecast.kind[BECOMES_FIRE], forecast.kind[EXPLOSION],
                  forecast.knock_down, forecast.victim_or_poi_lost]
        colours = [SKY] * 3 + [GREY] * 2  # the roll's outcome classes, then events
        widths = [0] * len(BARS)
        if self.rolled:
            colours[BARS.index(self.rolled)] = VERMILLION
            widths[BARS.index(self.rolled)] = 3
        e = forecast.expected_new_fires
        title = f"{title}<br><sub>E[new fires] = {e} ≈ {float(e):.2f}</sub>"
        drawn = (values, colours, widths, title)
        if drawn == self._drawn:  # most clicks leave the forecast as it was: send nothing
            return
        self._drawn = drawn
        figure = self._figure()
        with figure.batch_update():
            bar = figure.data[0]
            bar.x = [float(p) for p in values]
            bar.text = [_label(p) for p in values]
            bar.marker.color = colours
            bar.marker.line = {"width": widths, "color": "black"}
            figure.layout.title.text = title
