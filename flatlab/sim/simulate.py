"""Play many games with a policy; report the win rate with its interval, length and speed.

Game i uses seed `seed + i` for its dice and for its bot, so any single game of
a batch can be replayed on its own: `play_one(name, policy, seed + i, ...)`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..core.rules import validate_options
from ..games import get_rules
from ..prob import Mean, Proportion


@dataclass(frozen=True)
class SimulationResult:
    game: str
    policy: str
    options: dict[str, Any]
    wins: Proportion
    turns: Mean
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.wins.n / self.seconds

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={'(own file)' if isinstance(v, dict) else v}"
                         for k, v in self.options.items())
        return (f"{self.game} ({opts}), policy {self.policy}, {self.wins.n} games\n"
                f"  win rate:    {self.wins}\n"
                f"  mean length: {self.turns} turns\n"
                f"  speed:       {self.games_per_second:.0f} games/s "
                f"({self.seconds:.2f} s on one core)")


def play_one(name: str, policy: str, seed: int, **options: Any) -> Game:
    rules = get_rules(name)
    try:
        make_policy = rules.policies()[policy]
    except KeyError:
        raise ValueError(f"policy: {name} has bots {sorted(rules.policies())}, "
                         f"not {policy!r}") from None
    game = Game(rules, validate_options(rules, options), seed)
    game.play(make_policy(seed))
    return game


def simulate(name: str, games: int, policy: str = "random", seed: int = 0,
             **options: Any) -> SimulationResult:
    if games < 2:
        raise ValueError("games: simulate at least 2 games, so the length has an interval")
    wins = 0
    turns = []
    start = time.perf_counter()
    for i in range(games):
        game = play_one(name, policy, seed + i, **options)
        wins += game.outcome == "won"
        turns.append(game.turn)
    seconds = time.perf_counter() - start
    rules = get_rules(name)
    return SimulationResult(name, policy, validate_options(rules, options), Proportion(wins, games),
                            Mean.of(turns), seconds)
