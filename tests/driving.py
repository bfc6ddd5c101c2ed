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


def rejected(g, rule: str, call):
    """`call()` must raise IllegalAction naming `rule`, and leave the game exactly as it was:
    state, log and recorded moves."""
    import pytest

    import flatlab

    before, log_length, moves = g.rules.state_to_dict(g.state), len(g.log), len(g.moves)
    with pytest.raises(flatlab.IllegalAction) as excinfo:
        call()
    assert excinfo.value.rule is not None and rule in excinfo.value.rule, excinfo.value
    assert f"[rule: {excinfo.value.rule}]" in str(excinfo.value)
    assert g.rules.state_to_dict(g.state) == before
    assert len(g.log) == log_length and len(g.moves) == moves
    return excinfo.value


def assert_illegal(g, rule: str, kind: str, **params):
    """An illegal action: not offered by legal_actions(), refused naming the rule, state unchanged."""
    from flatlab import Action

    assert Action(kind, **params) not in g.legal_actions()
    return rejected(g, rule, lambda: g.act(kind, **params))


def advance_to(g, pending: str) -> None:
    """Apply automatic steps until `pending` comes up; a chance node or decision on the way fails."""
    while g.pending != pending:
        assert g.situation == "automatic", f"stopped at {g.situation} {g.pending!r}, not {pending!r}"
        g.step()
