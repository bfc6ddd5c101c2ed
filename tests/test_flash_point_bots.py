"""Flash Point bots: the heuristic plays only legal actions, and makes the obvious choices."""

from __future__ import annotations

import pytest
from conftest import experienced_position, position

import flatlab
from flatlab import DECISION
from flatlab.games.flash_point import bots, deck_gun
from flatlab.games.flash_point.board import QUADRANT_CELLS
from flatlab.games.flash_point.state import FIRE, SMOKE


def play(g, policy, until=None, limit=20_000):
    """Play with `policy`, checking every choice is legal and leaves the game untouched."""
    for _ in range(limit):
        if g.over or (until and until(g)):
            return g
        if g.situation == DECISION:
            before = g.state.copy()
            action = policy(g)
            assert g.state == before, "a policy must not change the game"
            assert action in g.legal_actions(), f"illegal {action} at {g.pending}"
            g.act(action)
        else:
            g.step()
    raise AssertionError("the game did not end")


def end_of_turn(turn):
    return lambda g: g.turn > turn or g.pending == "advance-fire"


@pytest.mark.parametrize("options", [
    {"seed": 3},
    {"seed": 5, "layout": "house-b", "players": 4},
    {"seed": 4, "mode": "experienced"},
    {"seed": 6, "mode": "experienced", "difficulty": "veteran",
     "specialists": ["driver-operator", "fire-captain", "imaging-technician"]},
    {"seed": 8, "mode": "experienced", "difficulty": "heroic",
     "specialists": ["paramedic", "hazmat-technician", "rescue-specialist"]},
    {"seed": 9, "mode": "experienced", "players": 2,
     "specialists": ["cafs-firefighter", "generalist"], "variants": ["unmarked-hazards"]},
])
def test_heuristic_plays_whole_games_with_legal_actions_only(options):
    options = {"players": 3, **options}
    seed = options.pop("seed")
    g = flatlab.new_game("flash-point", seed=seed, **options)
    play(g, bots.heuristic_policy(seed))
    assert g.outcome in ("won", "lost")


def test_policies_are_registered_under_their_names():
    assert {"random", "heuristic"} <= set(bots.POLICIES)
    assert bots.POLICIES["heuristic"](0).__name__ == "heuristic"


def test_it_carries_a_victim_out_of_the_building():
    """Family: two carries through the open doorway at the top rescue the victim."""
    g = position(at=[(2, 4)], victims={(2, 4): 1}, ap=4)
    play(g, bots.heuristic_policy(0), until=end_of_turn(1))
    assert g.state.rescued == 1


def test_it_carries_towards_the_exit_when_it_cannot_reach_it():
    g = position(at=[(4, 4)], victims={(4, 4): 1}, ap=2)
    first = bots.heuristic_policy(0)(g)
    assert first == flatlab.Action("move", to=(3, 4), carry=True)


def test_it_carries_a_victim_to_the_ambulance():
    """Experienced: open the side door and carry the victim into the Ambulance's space."""
    g = experienced_position(at=[(3, 1)], victims={(3, 1): 1}, ambulance=3)
    assert (3, 0) in g.state.layout.ambulance_spots[3]
    play(g, bots.heuristic_policy(0), until=end_of_turn(1))
    assert g.state.rescued == 1


def test_it_drives_the_ambulance_to_a_victim_waiting_outside():
    g = experienced_position(at=[(3, 3)], victims={(0, 5): 1}, ambulance=3)
    assert (0, 5) in g.state.layout.ambulance_spots[0]
    play(g, bots.heuristic_policy(0), until=end_of_turn(1))
    assert g.state.rescued == 1


def test_it_gets_out_of_a_space_that_will_surely_burn():
    """Smoke next to fire ignites in the flashover: do not end the turn there."""
    g = position(at=[(3, 3)], smoke=[(3, 3)], fire=[(3, 4)], ap=1)
    assert g.forecast().fire_probability[(3, 3)] == 1
    play(g, bots.heuristic_policy(0), until=end_of_turn(1))
    where = g.state.positions[0]
    assert g.state.threat.get(where) != FIRE
    assert g.forecast().fire_probability[where] <= 3 / 48


def test_it_beats_back_fire_next_to_a_victim_it_cannot_move():
    """A victim between two fires, no AP to carry it away: put the fires out."""
    g = position(at=[(3, 3)], victims={(3, 3): 1}, fire=[(3, 2), (3, 4)], ap=4)
    play(g, bots.heuristic_policy(0), until=end_of_turn(1))
    assert not {(3, 2), (3, 4)} & set(g.state.threat) or g.state.rescued


def test_the_driver_fires_the_deck_gun_at_a_burning_quadrant_and_rerolls_as_the_engine_says():
    engine = 0
    g = experienced_position(specialists=("driver-operator",), at=[(1, 9)], engine=engine,
                             fire=QUADRANT_CELLS[1], ap=[4])
    assert (1, 9) in g.state.layout.engine_spots[engine]
    policy = bots.heuristic_policy(0)
    assert policy(g) == flatlab.Action("deck-gun")
    g.act("deck-gun")
    while g.pending != "take-action":
        if g.situation == DECISION:
            choice = policy(g)
            assert choice == deck_gun.best_reroll(g.state)
            g.act(choice)
        else:
            g.step()
    assert len([c for c in QUADRANT_CELLS[1] if g.state.threat.get(c)]) < 12


def test_value_of_a_smoke_next_to_fire_is_that_of_a_fire():
    """The danger reading: smoke next to fire will burn for sure (48 of 48 rolls)."""
    g = position(at=[(6, 6)], smoke=[(3, 3), (5, 5)], fire=[(3, 4)])
    ctx = bots.Ctx(g.state)
    assert bots.p_ignite(bots.cid((3, 3)), ctx.b.thr, ctx.b.pas) == 48
    assert bots.p_ignite(bots.cid((5, 5)), ctx.b.thr, ctx.b.pas) == 1  # only its own roll
    assert g.state.threat[(5, 5)] == SMOKE


def test_a_weak_card_starts_at_the_engine_and_changes_crew_on_the_first_turn():
    """Experienced set-up: the Paramedic waits where the Engine parks, then swaps cards."""
    g = flatlab.new_game("flash-point", seed=11, players=3, mode="experienced",
                         specialists=["paramedic", "generalist", "cafs-firefighter"])
    policy = bots.heuristic_policy(11)
    play(g, policy, until=lambda g: g.pending == "take-action")
    s = g.state
    engine = s.layout.engine_spots[s.engine]
    assert s.positions[0] in engine
    action = policy(g)
    assert action.kind == "crew-change" and action.to == "driver-operator"
    g.act(action)
    assert g.state.specialists[0] == "driver-operator"


def test_no_crew_change_for_a_strong_card_or_away_from_the_engine():
    g = experienced_position(specialists=("generalist",), at=[(1, 9)], engine=0)
    assert bots.crew_change(g.state) is None
    g = experienced_position(specialists=("paramedic",), at=[(3, 3)], engine=0)
    assert bots.crew_change(g.state) is None
    g = experienced_position(specialists=("paramedic",), at=[(1, 9)], engine=0)
    assert bots.crew_change(g.state) == flatlab.Action("crew-change", to="generalist")
