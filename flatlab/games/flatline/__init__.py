"""Flatline (co-op): real-time dice on a failing hospital ship — engine, content and bots.

    g = flatlab.new_game("flatline", players=3, difficulty="standard", side="standard", seed=7)
"""

from .rules import RULES

__all__ = ["RULES"]
