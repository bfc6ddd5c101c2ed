"""Batch simulation: play many seeded games with a bot and summarise them with intervals."""

from .policies import random_policy
from .simulate import SimulationResult, play_one, simulate

__all__ = ["SimulationResult", "play_one", "random_policy", "simulate"]
