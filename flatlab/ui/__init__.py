"""Board widgets, dashboards and panels for notebooks and Voilà.

    import flatlab
    g = flatlab.new_game("flash-point", seed=7)
    g                         # in a notebook cell: the game's live board
    g.act("place", to=(0, 4)) # in a later cell: the board on screen follows

    from flatlab.ui import board_of
    board_of(g).overlay = True  # that board: P(fire after the next advance fire) on every space

    from flatlab.ui import show, Dashboard
    show(g)                   # board, controls, probability panel and log
    d = Dashboard(g); d       # the same, keeping a handle (d.board, d.controls, d.play(other_game))

Importing this package registers a view for every game it draws with
`Game.views`, which is how `g` in a cell becomes a board without the engine
knowing any widget.
"""

from __future__ import annotations

import weakref
from typing import Any

from ..core import Game
from .board import BadMessage, Board
from .dashboard import Dashboard
from .registry import VIEWS, view_module

_boards: weakref.WeakValueDictionary[int, Board] = weakref.WeakValueDictionary()


def board_of(game: Game) -> Board:
    """The game's live board: one per game, so every display of `g` shows the same view."""
    live = _boards.get(id(game))
    if live is None or live.game is not game or live.comm is None:  # none yet, or closed
        live = _boards[id(game)] = view_module(game.name).BOARD(game)
    return live


def show(game: Game) -> None:
    """Display a dashboard for `game` (keep `Dashboard(game)` if you want a handle on it)."""
    from IPython.display import display
    display(Dashboard(game))


def _display(game: Game) -> Any:
    """`g` in a cell: the board's bundle, with the text board for front ends without widgets.

    Outside a kernel (a terminal IPython, nbconvert's text) there is no widget
    to talk to, so the text view is kept.
    """
    from IPython import get_ipython
    if getattr(get_ipython(), "kernel", None) is None:
        return None
    data, metadata = board_of(game)._repr_mimebundle_()
    return {**data, "text/plain": game.describe()}, metadata


for _name in VIEWS:
    Game.views[_name] = _display

__all__ = ["BadMessage", "Board", "Dashboard", "board_of", "show"]
