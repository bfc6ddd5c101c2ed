"""Random legal play for the property tests of every game: one driver, the game picks its own moves."""

from __future__ import annotations

from flatlab import CHANCE, DECISION


def no_check(game, before) -> None:
    pass


def any_legal(legal, choice: int):
    return legal[choice % len(legal)]


def play_randomly(g, choices, pick=any_legal, check=no_check):
    """One call per choice until the game ends: `pick(legal, choice)` chooses each decision;
    every third roll is rigged to a chosen outcome, the others are sampled. After each call,
    `check(game, state_before)` runs; every chance node must sum to exactly 1."""
    for i, choice in enumerate(choices):
        if g.over:
            break
        before = g.rules.copy_state(g.state)
        if g.situation == DECISION:
            legal = g.legal_actions()
            assert legal, f"a decision with no legal action at {g.pending}"
            g.act(pick(legal, choice))
        elif g.situation == CHANCE:
            node = g.chance()
            assert sum(node.dist.values()) == 1
            if i % 3 == 0:
                g.step(outcome=list(node)[choice % len(node)])
            else:
                g.step()
        else:
            g.step()
        check(g, before)
    return g
