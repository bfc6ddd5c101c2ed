"""Engine benchmark, run on demand (`flatlab bench`), never as a timed test.

Measures, on one core: complete random-policy Flash Point family games per
second, the mean time of `legal_actions()`, of one advance-fire step
(`g.step()` at the roll, through the public API), and of `g.forecast()`, each
over positions taken from real seeded games.
"""

from __future__ import annotations

import platform
import statistics
import time

from . import DECISION, new_game
from .sim import simulate


def _positions(kind: str, count: int, seed: int = 1000):
    """Games paused at `kind` ("decision" or "advance-fire"), collected from random play."""
    from .games.flash_point.bots import random_policy

    found = []
    s = seed
    while len(found) < count:
        g = new_game("flash-point", players=3, seed=s)
        policy = random_policy(s)
        s += 1
        while not g.over and len(found) < count:
            if g.situation == DECISION:
                if kind == "decision" and g.pending == "take-action":
                    found.append(g.clone())
                g.act(policy(g))
            else:
                if kind == "advance-fire" and g.pending == "advance-fire":
                    found.append(g.clone())
                g.step()
    return found


def _time_each(items, call, repeat: int = 5) -> tuple[float, float]:
    """Mean and median microseconds of call(item), best of `repeat` per item."""
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            t = time.perf_counter()
            call(item)
            best = min(best, time.perf_counter() - t)
        times.append(best * 1e6)
    return statistics.fmean(times), statistics.median(times)


def _step_once(g) -> None:
    g.step()
    g.undo()


def main(games: int = 300) -> int:
    print(f"flatlab bench · Python {platform.python_version()} · {platform.machine()} · one core")
    for policy in ("random", "heuristic"):
        result = simulate("flash-point", games, policy, seed=1)
        print(f"Flash Point family, {policy:9} policy: {result.games_per_second:7.1f} games/s "
              f"({games} games, mean {result.turns.estimate:.1f} turns, "
              f"win rate {result.wins})")
    decisions = _positions("decision", 300)
    mean, median = _time_each(decisions, lambda g: g.legal_actions())
    print(f"legal_actions():      mean {mean:7.1f} µs, median {median:7.1f} µs "
          f"({len(decisions)} take-action positions)")
    rolls = _positions("advance-fire", 200)
    mean, median = _time_each(rolls, _step_once)
    print(f"advance-fire step():  mean {mean:7.1f} µs, median {median:7.1f} µs "
          f"(g.step() at the roll plus g.undo(); {len(rolls)} positions)")
    mean, median = _time_each(rolls, lambda g: g.forecast(), repeat=3)
    print(f"forecast():           mean {mean / 1000:7.2f} ms, median {median / 1000:7.2f} ms "
          f"({len(rolls)} positions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
