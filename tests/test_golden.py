"""A golden playthrough: a seeded game narrated step by step, compared on every run.

Any change in rules behaviour shows up as a readable diff of
tests/golden/flash-point-seed-7.txt. Regenerate it only on purpose:
    FLATLAB_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import flatlab
from flatlab import CHANCE, DECISION
from flatlab.games.flash_point.bots import heuristic_policy

GOLDEN = Path(__file__).with_name("golden") / "flash-point-seed-7.txt"


def _actions(actions) -> str:
    return ", ".join(
        a.kind + "(" + ", ".join(f"{k}={v}" for k, v in a.params.items()) + ")" for a in actions)


def _chance(node) -> str:
    probabilities = set(node.dist.values())
    if len(probabilities) == 1:
        return f"{len(node)} outcomes, each {probabilities.pop()}"
    return ", ".join(f"{o}: {p}" for o, p in node.items())


def narrate(seed: int = 7, players: int = 3) -> str:
    g = flatlab.new_game("flash-point", players=players, seed=seed)
    policy = heuristic_policy(seed)
    lines = [f"Flash Point family, house-a, {players} players, seed {seed}, heuristic bot", ""]
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
    lines.append(f"outcome: {g.outcome} after {g.turn} turns; rescued {g.state.rescued}, "
                 f"lost {g.state.lost}, damage {g.state.damage_placed}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough_is_unchanged():
    text = narrate()
    if os.environ.get("FLATLAB_REGENERATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text(), "rules behaviour changed: see the diff of the golden file"
