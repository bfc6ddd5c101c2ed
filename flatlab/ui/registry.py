"""Which module draws which game, by game name, imported on first use.

A game's view module provides `BOARD` (a `Board` subclass), `PANEL` (a
follower with a `figure` to show beside the board, or None) and `NEW_GAME`
(the new-game form: option -> (choices, default)). Adding a game's views is
one line here and one module beside this one.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

VIEWS = {
    "flash-point": "flatlab.ui.flash_point",
    "flatline": "flatlab.ui.flatline",
}


def view_module(name: str) -> ModuleType:
    try:
        return import_module(VIEWS[name])
    except KeyError:
        raise KeyError(f"no board view for {name!r} yet; flatlab.ui draws: {', '.join(VIEWS)}") from None
