"""The `flatlab` command: play a narrated game, simulate bots, run the benchmark.

    flatlab play flash-point --seed 7            # a bot plays; the log is narrated
    flatlab simulate flash-point --games 1000 --policy heuristic --seed 1
    flatlab bench
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import games
from .sim import play_one, simulate


def _options(args: argparse.Namespace) -> dict:
    options = {}
    for key in ("players", "layout", "setup"):
        value = getattr(args, key, None)
        if value is not None:
            options[key] = value
    return options


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=games())
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--policy", default="heuristic", help="a bot: random or heuristic")
    p.add_argument("--players", type=int)
    p.add_argument("--layout", help="house-a, house-b, open, or a layout .toml file")
    p.add_argument("--setup", choices=["standard", "random"])


def cmd_play(args: argparse.Namespace) -> int:
    game = play_one(args.game, args.policy, args.seed, **_options(args))
    for entry in game.log:
        print(entry)
    print()
    print(game.describe(last=0))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    print(simulate(args.game, args.games, args.policy, args.seed, **_options(args)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import main as bench
    return bench(args.games)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="flatlab", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="a bot plays one seeded game; print the narrated log")
    _game_args(p)
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("simulate", help="many seeded games: win rate with its 95%% interval")
    _game_args(p)
    p.add_argument("--games", type=int, default=1000)
    p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("bench", help="engine benchmark (figures for the closing notes)")
    p.add_argument("--games", type=int, default=300)
    p.set_defaults(run=cmd_bench)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except ValueError as e:  # bad options: say which, without a traceback
        print(f"flatlab: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
