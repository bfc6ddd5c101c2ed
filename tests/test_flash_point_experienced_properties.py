"""Random legal play of the Flash Point Experienced game keeps its invariants.

Hypothesis chooses the options (players, layout, difficulty, variants, chosen or
dealt specialists), the moves and every third roll; the other rolls come from
the game's seeded generator. After every call we check what no sequence of
legal moves may break: the marker counts, AP never negative, free AP pools
never above the card, Hot Spots only ever added, the position at the start of
each turn, undo, and save/load.
"""

from __future__ import annotations

from fractions import Fraction

from driving import any_legal, play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flatlab
from flatlab.core.save import apply_move, dump, load
from flatlab.games.flash_point.advance_fire import next_to_fire
from flatlab.games.flash_point.board import is_inside
from flatlab.games.flash_point.experienced_setup import DIFFICULTIES
from flatlab.games.flash_point.rules import VARIANTS
from flatlab.games.flash_point.specialists import SPECIALISTS, card
from flatlab.games.flash_point.state import AP_SAVED_MAX, FIRE, SMOKE, check_invariants
from flatlab.games.flash_point.vehicles import vehicle_cells

CALLS = 400
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def plays(draw):
    players = draw(st.integers(1, 6))
    variants = draw(st.lists(st.sampled_from(VARIANTS), unique=True, max_size=3))
    dealt = "lone-engine-company" in variants or draw(st.booleans())
    return {
        "seed": draw(st.integers(0, 10**6)),
        "players": players,
        "layout": draw(st.sampled_from(["house-a", "house-b", "open"])),
        "difficulty": draw(st.sampled_from(list(DIFFICULTIES))),
        "variants": variants,
        "specialists": None if dealt else draw(st.permutations(list(SPECIALISTS)))[:players],
        "choices": draw(st.lists(st.integers(0, 10**6), min_size=CALLS, max_size=CALLS)),
    }


def drive(play, check):
    g = flatlab.new_game("flash-point", mode="experienced", seed=play["seed"], players=play["players"],
                         layout=play["layout"], difficulty=play["difficulty"],
                         variants=play["variants"], specialists=play["specialists"])

    def pick(legal, choice):
        """A kind of action first (commands count as their own kind), then one of that kind,
        so that rare actions (deck gun, crew change, treat, dispose...) come up often."""
        kinds = sorted({(a.kind, "who" in a.params) for a in legal})
        kind = kinds[choice % len(kinds)]
        return any_legal([a for a in legal if (a.kind, "who" in a.params) == kind],
                         choice // len(kinds))

    return play_randomly(g, play["choices"], pick=pick, check=check)


# --- invariants --------------------------------------------------------------------------------
def check_everything(g, before) -> None:
    s = g.state
    check_invariants(s)
    assert all(ap >= 0 for ap in s.ap), s.ap
    assert len(s.hot_spots) + s.hot_spot_supply <= 24
    assert s.hot_spots[:len(before.hot_spots)] == before.hot_spots  # Hot Spots are never removed
    for name in ("rescued", "lost", "exploded", "disposed", "false_alarms"):
        assert getattr(s, name) >= getattr(before, name), name
    if not before.turn:
        return
    # --- once the set-up is done ------------------------------------------------------------
    assert len(s.hot_spots) + s.hot_spot_supply == len(before.hot_spots) + before.hot_spot_supply
    assert s.hot_spot_supply <= before.hot_spot_supply
    assert len(s.specialists) == s.players == len(set(s.specialists))
    if "lone-engine-company" in s.variants:
        assert s.specialists == before.specialists
    for vehicle in ("ambulance", "engine"):  # one Drive moves a vehicle one spot round the building
        assert (getattr(s, vehicle) - getattr(before, vehicle)) % 4 in (0, 1, 3)
    if s.step == "take-action":
        spec = card(s)
        assert set(s.free) <= set(spec.free)
        assert all(0 <= n <= spec.free[pool] for pool, n in s.free.items()), (s.free, spec)
    if before.step == "take-action" and s.step == "advance-fire":  # the turn's actions end
        assert s.free == {} and s.ap[before.current] <= AP_SAVED_MAX
        assert s.threat.get(s.positions[before.current]) != FIRE
    if s.turn > before.turn and not g.over:  # a new turn: the Advance Fire left all of this behind
        assert not any(s.threat.get(p) == FIRE for p in s.positions)
        assert not any(s.threat.get(c) == FIRE for c in [*s.victims, *s.hidden, *s.hazmat])
        assert all(is_inside(c) for c in s.threat)  # fire outside was removed
        assert not any(t == SMOKE and next_to_fire(s, c) for c, t in s.threat.items())
        assert s.flare is False and s.rolls == 0 and s.knocked == [] and s.revealing == []
    if g.pending == "knock-down-choice":
        assert {a.to for a in g.legal_actions()} == set(vehicle_cells(s, "ambulance"))
    node = g.chance()
    if node:
        assert sum(node.dist.values(), Fraction(0)) == 1 and all(p > 0 for p in node.dist.values())


@FAST
@given(plays())
def test_random_experienced_play_keeps_every_invariant(play):
    drive(play, check_everything)


@FAST
@given(plays())
def test_every_listed_action_is_accepted(play):
    def check(g, before):
        if g.situation == "decision":
            legal = g.legal_actions()
            for a in legal[:: max(1, len(legal) // 4)]:
                g.clone().act(a)
    drive(play, check)


@FAST
@given(plays())
def test_undo_returns_exactly_to_the_state_before_each_call(play):
    def check(g, before):
        after, draws, move = g.rules.copy_state(g.state), g.rng.draws, g.moves[-1]
        g.undo()
        assert g.state == before
        apply_move(g, move)
        assert g.state == after and g.rng.draws == draws
    drive(play, check)


@FAST
@given(plays())
def test_save_load_and_replay_reproduce_the_game(play):
    g = drive(play, lambda g, before: None)
    loaded = load(dump(g))
    assert loaded.state == g.state and loaded.rng.draws == g.rng.draws
    assert [str(e) for e in loaded.log] == [str(e) for e in g.log]
    assert g.replay().state == g.state
    assert flatlab.load(g.to_json()).options == g.options
