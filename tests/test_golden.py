"""Golden playthroughs: seeded games narrated step by step, compared on every run.

Any change in rules behaviour shows up as a readable diff of a file in
tests/golden/. Regenerate them only on purpose:
    FLATLAB_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import flatlab
from flatlab import CHANCE, DECISION

GOLDEN = Path(__file__).with_name("golden")
GAMES = {  # golden file -> (game, options, seed)
    "flash-point-seed-7.txt": ("flash-point", {"players": 3}, 7),
    "flatline-seed-7.txt": ("flatline", {"players": 3}, 7),
}
LONG = 40  # longer action lists are summarised by kind


def _actions(actions) -> str:
    if len(actions) > LONG:
        kinds = {}
        for a in actions:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
        return ", ".join(f"{n} {kind}" for kind, n in kinds.items())
    return ", ".join(
        a.kind + "(" + ", ".join(f"{k}={v}" for k, v in a.params.items()) + ")" for a in actions)


def _chance(node) -> str:
    probabilities = set(node.dist.values())
    if len(probabilities) == 1:
        return f"{len(node)} outcomes, each {probabilities.pop()}"
    if len(node) > 12:
        return f"{len(node)} outcomes"
    return ", ".join(f"{o}: {p}" for o, p in node.items())


def narrate(name: str, options: dict, seed: int) -> str:
    g = flatlab.new_game(name, seed=seed, **options)
    policy = g.rules.policies()["heuristic"](seed)
    lines = [f"{g.rules.title}, {options}, seed {seed}, heuristic bot", ""]
    n = 0
    while not g.over:
        n += 1
        head = f"{n:04d} turn {g.turn} {g.phase}/{g.pending}"
        start = len(g.log)
        if g.situation == DECISION:
            legal = g.legal_actions()
            action = policy(g)
            lines.append(f"{head} decision of {len(legal)}: {_actions(legal)}")
            lines.append(f"     -> {_actions([action])}")
            g.act(action)
        elif g.situation == CHANCE:
            lines.append(f"{head} chance: {g.chance().name}: {_chance(g.chance())}")
            g.step()
        else:
            lines.append(f"{head} automatic")
            g.step()
        lines.extend(f"     | {e.text}" + (f" (p = {e.probability})" if e.probability else "")
                     for e in g.log[start:])
    lines.append(f"outcome: {g.outcome} after {g.turn} turns")
    lines.append(g.describe(last=0))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("filename", GAMES)
def test_golden_playthrough_is_unchanged(filename):
    name, options, seed = GAMES[filename]
    text = narrate(name, options, seed)
    path = GOLDEN / filename
    if os.environ.get("FLATLAB_REGENERATE_GOLDEN") or not path.exists():
        path.write_text(text)
    assert text == path.read_text(), f"rules behaviour changed: see the diff of {path}"
