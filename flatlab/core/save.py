"""The save format: a start position, the moves since, and the state they lead to.

    {"format": "flatlab-save", "version": 1, "game": "flash-point",
     "rules_version": 1, "options": {...}, "seed": 7,
     "start": {...}, "start_draws": 0, "moves": [...], "state": {...}}

Loading replays the moves from the start position, so a loaded game can be
undone like any other, and a save whose moves or state were edited by hand is
caught: an illegal move names its index, and a final state that the moves do
not reproduce names the first field that differs.
"""

from __future__ import annotations

import json
from typing import Any

from .action import Action, tupled
from .errors import FlatlabError, SaveError
from .game import Game
from .rules import Rules, validate_options

FORMAT = "flatlab-save"
VERSION = 1


def dump(game: Game) -> str:
    rules = game.rules
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": rules.name,
        "rules_version": rules.version,
        "options": game.options,
        "seed": game.seed,
        "start": rules.state_to_dict(game._start),
        "start_draws": game._start_draws,
        "moves": game._moves,
        "state": rules.state_to_dict(game.state),
    }
    return json.dumps(data, separators=(",", ":"))


def load(text: str | bytes) -> Game:
    """Rebuild a game from `Game.to_json()` text, checking every field."""
    from ..games import get_rules

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise SaveError("(file)", f"not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise SaveError("(file)", "expected a JSON object at the top level")
    _field(data, "format", str)
    if data["format"] != FORMAT:
        raise SaveError("format", f"expected {FORMAT!r}, found {data['format']!r}")
    version = _field(data, "version", int)
    if version != VERSION:
        raise SaveError("version", f"this flatlab reads save version {VERSION}, found {version}")
    name = _field(data, "game", str)
    try:
        rules = get_rules(name)
    except KeyError as e:
        raise SaveError("game", str(e)) from None
    if _field(data, "rules_version", int) != rules.version:
        raise SaveError("rules_version", f"{name} saves are at version {rules.version}, "
                        f"found {data['rules_version']}")
    options_in = _field(data, "options", dict)
    try:
        options = validate_options(rules, options_in)
    except (TypeError, ValueError) as e:
        raise SaveError("options", str(e)) from None
    seed = data.get("seed")
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise SaveError("seed", "expected an integer or a string")
    start = rules.state_from_dict(_field(data, "start", dict))
    start_draws = _field(data, "start_draws", int)
    if start_draws < 0:
        raise SaveError("start_draws", "must not be negative")
    game = replay(rules, options, seed, start, start_draws, _field(data, "moves", list))
    expected = _field(data, "state", dict)
    actual = rules.state_to_dict(game.state)
    if expected != actual:
        key = next((k for k in actual if expected.get(k) != actual[k]), None)
        key = key or next(k for k in expected if k not in actual)
        raise SaveError(f"state.{key}", "does not match the state that the saved moves lead to "
                        "(the file was edited or is corrupt)")
    return game


def replay(rules: Rules, options: dict, seed: int | str, start: Any, start_draws: int,
           moves: list) -> Game:
    game = Game(rules, options, seed, state=start, draws=start_draws)
    for i, move in enumerate(moves):
        try:
            apply_move(game, move)
        except (FlatlabError, TypeError, ValueError, KeyError) as e:
            raise SaveError(f"moves[{i}]", f"cannot be replayed: {e}") from None
    return game


def apply_move(game: Game, move: Any) -> None:
    if not isinstance(move, dict):
        raise ValueError("a move is an object with 'act', 'chance' or 'step'")
    if "act" in move:
        game.act(Action.from_json(move["act"]))
    elif "chance" in move:
        if move.get("rigged"):
            game.step(outcome=move["chance"])
            return
        before = game.rng.draws
        game.step()
        rolled = game._moves[-1]["chance"]
        if tupled(rolled) != tupled(move["chance"]):
            raise ValueError(f"the seed rolls {rolled!r} at draw {before}, "
                             f"but the file says {move['chance']!r}")
    elif "step" in move:
        if game.pending != move["step"]:
            raise ValueError(f"the game is at {game.pending!r}, the file says {move['step']!r}")
        game.step()
    else:
        raise ValueError("a move is an object with 'act', 'chance' or 'step'")


def _field(data: dict, key: str, kind: type) -> Any:
    if key not in data:
        raise SaveError(key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveError(key, f"expected {kind.__name__}, found {type(value).__name__}")
    return value
