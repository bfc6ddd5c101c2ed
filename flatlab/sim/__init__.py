"""Batch simulation: play many seeded games with a bot and summarise them with intervals."""

from .simulate import SimulationResult, play_one, simulate

__all__ = ["SimulationResult", "play_one", "simulate"]
