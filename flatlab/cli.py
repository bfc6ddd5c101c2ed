"""The `flatlab` command: play a narrated game, simulate bots, run the benchmark, serve the notebooks.

    flatlab play flash-point --seed 7            # a bot plays; the log is narrated
    flatlab simulate flash-point --games 1000 --policy heuristic --seed 1
    flatlab bench
    flatlab serve --port 8866                    # the Voilà dashboards on 127.0.0.1
    flatlab lab                                  # JupyterLab on tutorials/
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import games
from .sim import play_one, simulate


def _options(args: argparse.Namespace, extra: list[str]) -> dict:
    """Game options: --players N plus any `--name value` the game takes (e.g. --layout house-b).

    Values that read as whole numbers become ints, true/false become booleans;
    the game itself validates them and names a bad one.
    """
    options = {} if args.players is None else {"players": args.players}
    if len(extra) % 2 or not all(k.startswith("--") for k in extra[::2]):
        raise ValueError(f"game options come as --name value pairs, got {' '.join(extra)!r}")
    for key, value in zip(extra[::2], extra[1::2], strict=True):
        options[key[2:].replace("-", "_")] = _value(value)
    return options


def _value(text: str):
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=games())
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--policy", default="heuristic", help="a bot: random or heuristic")
    p.add_argument("--players", type=int)
    p.epilog = ("Any other --name value pair is passed to the game as an option, "
                "e.g. flash-point: --layout house-b --setup random, or --mode experienced "
                "--difficulty veteran --variants unmarked-hazards,murphy-strikes.")


def cmd_play(args: argparse.Namespace) -> int:
    game = play_one(args.game, args.policy, args.seed, **args.options)
    for entry in game.log:
        print(entry)
    print()
    print(game.describe(last=0))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    print(simulate(args.game, args.games, args.policy, args.seed, **args.options))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import main as bench
    return bench(args.games)


def cmd_serve(args: argparse.Namespace) -> int:
    from .ui.serve import serve
    return serve(args.port, args.voila_options)


def cmd_lab(args: argparse.Namespace) -> int:
    from .ui.serve import lab
    return lab(args.port)


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
    p = sub.add_parser("serve", help="the Voilà dashboards (notebooks/dashboards) on 127.0.0.1")
    p.add_argument("--port", type=int, default=8866)
    p.epilog = "Options --Voila...=value are passed to Voilà (over voila.json)."
    p.set_defaults(run=cmd_serve)
    p = sub.add_parser("lab", help="JupyterLab on tutorials/, on 127.0.0.1")
    p.add_argument("--port", type=int, default=8888)
    p.set_defaults(run=cmd_lab)
    args, extra = parser.parse_known_args(argv)
    takes_options = args.command in ("play", "simulate")
    if args.command == "serve":  # Voilà's own options go through to it
        args.voila_options = [e for e in extra if e.startswith("--Voila")]
        extra = [e for e in extra if e not in args.voila_options]
    try:
        if extra and not takes_options:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.options = _options(args, extra) if takes_options else {}
        return args.run(args)
    except (ValueError, KeyError) as e:  # bad options: say which, without a traceback
        print(f"flatlab: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
