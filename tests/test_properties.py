"""Random legal play keeps the invariants (hypothesis chooses the moves and the dice)."""

from __future__ import annotations

from fractions import Fraction

from driving import no_check, play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flatlab
from flatlab.core.save import apply_move
from flatlab.games.flash_point.state import FIRE, check_invariants

CALLS = 400

plays = st.fixed_dictionaries({
    "seed": st.integers(0, 10**6),
    "players": st.integers(1, 6),
    "layout": st.sampled_from(["house-a", "house-b", "open"]),
    "setup": st.sampled_from(["standard", "random"]),
    "choices": st.lists(st.integers(0, 10**6), min_size=CALLS, max_size=CALLS),
})


def drive(play, check=no_check):
    """Play up to CALLS calls; choices pick actions, and every third roll is rigged."""
    g = flatlab.new_game("flash-point", seed=play["seed"], players=play["players"],
                         layout=play["layout"], setup=play["setup"])
    return play_randomly(g, play["choices"], check=check)


settings.register_profile("flatlab", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("flatlab")


@given(plays)
def test_markers_are_conserved_and_within_limits(play):
    def check(g, before):
        check_invariants(g.state)
        s = g.state
        assert all(0 <= ap <= 8 for ap in s.ap)
        assert all(d in (1, 2) for d in s.damage.values())
        assert s.rescued <= 7 and s.lost <= 10
    drive(play, check)


@given(plays)
def test_no_firefighter_ends_a_turn_in_fire(play):
    def check(g, before):
        if before.step == "take-action" and g.state.step == "advance-fire":
            ended = g.state.positions[before.current]
            assert g.state.threat.get(ended) != FIRE
    drive(play, check)


@given(plays)
def test_every_chance_node_sums_to_exactly_one(play):
    def check(g, before):
        node = g.chance()
        if node:
            assert sum(node.dist.values(), Fraction(0)) == 1
            assert all(p > 0 for p in node.dist.values())
    drive(play, check)


@given(plays)
def test_undo_returns_exactly_to_the_state_before_each_call(play):
    def check(g, before):
        after, draws, move = g.rules.copy_state(g.state), g.rng.draws, g.moves[-1]
        g.undo()
        assert g.state == before
        apply_move(g, move)  # the recorded move, played again, gives the same state
        assert g.state == after and g.rng.draws == draws
    drive(play, check)


@given(plays)
def test_save_load_and_replay_reproduce_the_game(play):
    g = drive(play)
    loaded = flatlab.load(g.to_json())
    assert loaded.state == g.state
    assert loaded.rng.draws == g.rng.draws
    assert [str(e) for e in loaded.log] == [str(e) for e in g.log]
    assert g.replay().state == g.state
