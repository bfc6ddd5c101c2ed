"""Measure the balance: the heuristic bot's win rate at each difficulty and length, with intervals.

    python -m flatlab.games.code_triage.balance            # 2,000 games per setting
    python -m flatlab.games.code_triage.balance --games 200 --side B

Not a test: it takes minutes. Game i of a setting uses seed i, so every
figure is reproducible and any single game can be replayed with
`flatlab.sim.play_one("code-triage", "heuristic", i, **options)`. The games
of a setting are spread over the machine's cores; "games/s" is per core.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from ...prob import Proportion
from ...sim import play_one
from .clock import START
from .dice import load_dice
from .game_end import score


def _chunk(args: tuple) -> tuple[int, int, float]:
    """Play seeds [first, first + count): (wins, sum of scores of finished shifts, seconds)."""
    first, count, policy, options = args
    wins = points = 0
    start = time.perf_counter()
    for seed in range(first, first + count):
        game = play_one("code-triage", policy, seed, **options)
        wins += game.outcome == "won"
        points += score(game.state)
    return wins, points, time.perf_counter() - start


def measure(games: int, policy: str = "heuristic", workers: int | None = None, **options):
    """(Proportion of wins, mean score, games per second per core) for one setting."""
    workers = workers or os.cpu_count() or 1
    size = -(-games // workers)
    jobs = [(first, min(size, games - first), policy, options) for first in range(0, games, size)]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_chunk, jobs))
    wins = sum(r[0] for r in results)
    seconds = sum(r[2] for r in results)
    return Proportion(wins, games), sum(r[1] for r in results) / games, games / seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--side", default="A")
    parser.add_argument("--lengths", default=",".join(START))
    parser.add_argument("--difficulties", default=",".join(load_dice().levels))
    args = parser.parse_args(argv)
    print(f"Code Triage, {args.policy} bot, 4 roles, side {args.side}, {args.games} games per setting")
    print(f"{'difficulty':<11}{'length':<12}{'win rate (95% CI)':<34}{'mean score':>11}{'games/s':>9}")
    for difficulty in args.difficulties.split(","):
        for length in args.lengths.split(","):
            wins, mean_score, speed = measure(args.games, args.policy, side=args.side,
                                              difficulty=difficulty, length=length)
            lo, hi = wins.interval
            rate = f"{wins.estimate:.1%} ({lo:.1%}–{hi:.1%})"
            print(f"{difficulty:<11}{length:<12}{rate:<34}{mean_score:>11.2f}{speed:>9.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
