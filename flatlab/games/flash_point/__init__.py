"""Flash Point: Fire Rescue — family rules (experienced rules: see the open issue).

    g = flatlab.new_game("flash-point", players=3, layout="house-a", seed=7)

Options: players 1-6; layout "house-a", "house-b", "open" or a path to a
layout TOML file; setup "standard" or "random" (the FAQ's random family set-up).
"""

from .rules import RULES

__all__ = ["RULES"]
