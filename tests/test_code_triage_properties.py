"""Random legal play keeps Code Triage's invariants (hypothesis chooses the moves and the draws)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from driving import no_check, play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flatlab
from flatlab import Action, SaveError
from flatlab.core.save import apply_move
from flatlab.games.code_triage.cards import patient_cards
from flatlab.games.code_triage.state import check_invariants

CALLS = 250

plays = st.fixed_dictionaries({
    "seed": st.integers(0, 10**6),
    "players": st.integers(1, 4),
    "side": st.sampled_from(["A", "B"]),
    "difficulty": st.sampled_from(["easy", "normal", "hard", "expert"]),
    "mature": st.booleans(),
    "length": st.sampled_from(["contingent", "part", "full"]),
    "choices": st.lists(st.integers(0, 10**6), min_size=CALLS, max_size=CALLS),
})

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def drive(play, check=no_check):
    """Up to CALLS calls; choices pick actions (end-turn one time in four), every third roll rigged."""
    g = flatlab.new_game("code-triage", seed=play["seed"], players=play["players"], side=play["side"],
                         difficulty=play["difficulty"], mature=play["mature"], length=play["length"])
    return play_randomly(g, play["choices"], _end_turn_often, check)


def _end_turn_often(legal, choice: int):
    return Action("end-turn") if choice % 4 == 0 else legal[choice % len(legal)]


@SETTINGS
@given(plays)
def test_invariants_hold_after_every_call(play):
    """No two patients in a room, hearts within the card, cards conserved, tokens never negative."""
    def check(g, before):
        s = g.state
        check_invariants(s)  # room cards = free rooms + filled rooms; patient cards add up
        assert len(s.patients) + s.free_rooms == 12
        assert all(p.hearts is None or 0 < p.hearts <= patient_cards()[p.card].health
                   for p in s.patients.values())
        assert all(t >= 0 for t in s.tokens)
        assert s.expired <= 3
        drawn = 44 - sum(s.event_deck.values())  # one Event card a round, from the first round on
        if not g.over:
            assert drawn == s.round - (s.phase in ("set-up", "ambulance-check", "new-patient")
                                       or s.step == "new-event")
    drive(play, check)


@SETTINGS
@given(plays)
def test_every_chance_node_sums_to_exactly_one(play):
    def check(g, before):
        node = g.chance()
        if node:
            assert sum(node.dist.values(), Fraction(0)) == 1
            assert all(p > 0 for p in node.dist.values())
    drive(play, check)


@SETTINGS
@given(plays)
def test_undo_returns_exactly_to_the_state_before_each_call(play):
    def check(g, before):
        after, draws, move = g.rules.copy_state(g.state), g.rng.draws, g.moves[-1]
        g.undo()
        assert g.state == before
        apply_move(g, move)
        assert g.state == after and g.rng.draws == draws
    drive(play, check)


@SETTINGS
@given(plays)
def test_save_load_and_replay_reproduce_the_game(play):
    g = drive(play)
    loaded = flatlab.load(g.to_json())
    assert loaded.state == g.state
    assert [str(e) for e in loaded.log] == [str(e) for e in g.log]
    assert g.replay().state == g.state


@SETTINGS
@given(plays)
def test_forecasts_are_exact_distributions_and_leave_the_game_alone(play):
    def check(g, before):
        if g.rng.draws % 5 == 0:
            state = g.rules.copy_state(g.state)
            f = g.forecast()
            assert g.state == state
            if not f.game_over:
                assert sum(f.arrivals.values()) == 1 and 0 <= f.shutdown <= 1
                assert all(0 <= p <= 1 for picks in f.picks.values() for p in picks.values())
    drive(play, check)


@pytest.mark.parametrize("field, value, where", [
    ("tokens", "four", "start.tokens"),
    ("side", "C", "start.side"),
    ("positions", [1, 2, 3, 99], "start.positions[3]"),
    ("patient_deck", ["P01", "nobody"], "start.patient_deck"),
    ("room_bottom", [1], "start"),  # room 1 both in the shuffled part and at the bottom
    ("colour", "red", "start.colour"),
])
def test_a_bad_save_names_the_field(field, value, where):
    g = flatlab.new_game("code-triage", seed=4)
    g.run()
    data = json.loads(g.to_json())
    data["start"][field] = value
    with pytest.raises(SaveError) as e:
        flatlab.load(json.dumps(data))
    assert e.value.field == where


def test_a_save_whose_state_was_edited_is_caught():
    g = flatlab.new_game("code-triage", seed=4)
    g.run()
    data = json.loads(g.to_json())
    data["state"]["discharged"] = 5
    with pytest.raises(SaveError) as e:
        flatlab.load(json.dumps(data))
    assert e.value.field == "state.discharged"


def test_a_bad_patient_in_a_save_names_its_room_and_field():
    g = flatlab.new_game("code-triage", seed=4, difficulty="normal")
    g.run()
    data = json.loads(g.to_json())
    room = next(iter(data["state"]["patients"]))
    data["start"]["patients"] = {room: {**data["state"]["patients"][room], "hearts": 9}}
    with pytest.raises(SaveError) as e:
        flatlab.load(json.dumps(data))
    assert e.value.field == f"start.patients.{room}.hearts"
