"""flatlab: learn and teach probability with cooperative crisis board games.

    import flatlab
    g = flatlab.new_game("flash-point", players=3, seed=7)
    g.legal_actions(); g.act("place", to=(0, 4)); g.step(); g.chance(); g.undo()
"""

from __future__ import annotations

import secrets
from typing import Any

from .core import (
    AUTOMATIC,
    CHANCE,
    DECISION,
    OVER,
    Action,
    ChanceNode,
    DataError,
    FlatlabError,
    Game,
    IllegalAction,
    SaveError,
)
from .core.rules import validate_options
from .core.save import load
from .games import get_rules
from .games import names as _names
from .prob import Dist, Proportion

__version__ = "0.1.0"


def games() -> list[str]:
    """The names of the games flatlab can play."""
    return _names()


def new_game(name: str, seed: int | str | None = None, **options: Any) -> Game:
    """Start a game. Without a seed one is chosen at random (and kept, so saves replay)."""
    rules = get_rules(name)
    if seed is None:
        seed = secrets.randbelow(2**31)
    return Game(rules, validate_options(rules, options), seed)


__all__ = ["AUTOMATIC", "CHANCE", "DECISION", "OVER", "Action", "ChanceNode", "DataError", "Dist",
           "FlatlabError", "Game", "IllegalAction", "Proportion", "SaveError", "games", "load",
           "new_game"]
