"""`Follower`: a part of the screen that shows one game and redraws after every change.

Boards, panels, the log and the controls all follow the game the same way, through
the public `game.subscribe`, so a change made anywhere (a click, a button, or
`g.act(...)` typed in a later cell) reaches every part on screen. A dashboard
that starts a new game re-binds each part to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Follower:
    game: Any = None
    _unsubscribe: Callable[[], None] | None = None

    def bind(self, game: Any) -> None:
        """Show `game` from now on (and stop following the previous one)."""
        self.unbind()
        self.game = game
        self._unsubscribe = game.subscribe(self._changed)
        self.refresh()

    def unbind(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _changed(self, _game: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Redraw from `self.game` (subclasses)."""
        raise NotImplementedError
