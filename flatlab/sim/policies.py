"""Policies every game shares. A policy is `policy(game) -> Action`, one of `game.legal_actions()`."""

from __future__ import annotations

import random

from ..core.action import Action


def random_policy(seed: int = 0):
    """Uniformly random among the legal actions (a baseline: what does chance alone achieve?)."""
    rng = random.Random(seed)

    def policy(game) -> Action:
        return rng.choice(game.legal_actions())

    policy.__name__ = "random"
    return policy
