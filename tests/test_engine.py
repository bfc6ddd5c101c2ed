"""The engine contract, exercised through Flash Point: situations, chance nodes, errors,
determinism, undo, clone, edit, save and load."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import flatlab
from flatlab import AUTOMATIC, CHANCE, DECISION, OVER, Action, IllegalAction, SaveError
from flatlab.games.flash_point.bots import heuristic_policy, random_policy


def placed(seed=7, **options):
    g = flatlab.new_game("flash-point", seed=seed, **options)
    for _ in range(g.state.players):
        g.act("place", to=(0, 4))
    return g


def to_roll(g):
    """Play the first player's turn to its end: the game then waits at the advance-fire roll."""
    g.act("end-turn")
    assert g.pending == "advance-fire"
    return g


def snapshot(g):
    return g.rules.state_to_dict(g.state), g.rng.draws, len(g.log), g.moves


def test_games_lists_flash_point_and_unknown_names_fail_clearly():
    assert "flash-point" in flatlab.games()
    with pytest.raises(KeyError, match=r"unknown game 'chess'.*flash-point"):
        flatlab.new_game("chess")


@pytest.mark.parametrize("options, word", [
    ({"players": 0}, "players"), ({"players": 7}, "players"), ({"players": "3"}, "players"),
    ({"layout": "castle"}, "layout"), ({"setup": "quick"}, "setup"), ({"mode": "expert"}, "mode"),
])
def test_bad_options_name_the_option(options, word):
    with pytest.raises(ValueError, match=word):
        flatlab.new_game("flash-point", seed=1, **options)


def test_exactly_one_situation_holds_throughout_a_game():
    g = flatlab.new_game("flash-point", players=2, seed=11)
    policy = random_policy(11)
    seen = set()
    while True:
        situation = g.situation
        seen.add(situation)
        flags = {OVER: g.over, DECISION: bool(g.legal_actions()), CHANCE: bool(g.chance())}
        assert [k for k, v in flags.items() if v] == ([] if situation == AUTOMATIC else [situation])
        if situation == OVER:
            break
        if situation == DECISION:
            g.act(policy(g))
        else:
            g.step()
    assert seen == {OVER, DECISION, CHANCE, AUTOMATIC}
    assert g.outcome in ("won", "lost")


def test_phases_are_in_rulebook_order_and_the_phase_follows_the_turn():
    g = placed()
    assert g.phases == ("set-up", "take-action", "advance-fire", "replenish-poi", "game-end")
    assert g.phase == "take-action"
    to_roll(g)
    assert g.phase == "advance-fire"
    g.step(outcome=(1, 1))
    g.run()
    assert (g.phase, g.turn) == ("take-action", 2)


def test_calls_that_do_not_fit_the_situation_are_refused_without_change():
    g = placed()
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="waits for take-action") as e:
        g.step()
    assert e.value.rule == "engine: situations"
    with pytest.raises(IllegalAction, match="no roll or draw is pending"):
        g.step(outcome=(3, 3))
    to_roll(g)
    with pytest.raises(IllegalAction, match=r"call g.step"):
        g.act("end-turn")
    g.undo()
    assert snapshot(g) == before


def test_the_advance_fire_chance_node_is_48_spaces_at_exactly_one_48th():
    g = to_roll(placed())
    node = g.chance()
    assert node.name == "advance-fire roll" and node.rule == "Advance Fire"
    assert len(node) == 48
    assert set(node.dist.values()) == {Fraction(1, 48)}
    assert sum(node.dist.values()) == 1
    assert set(node) == {(r, c) for r in range(1, 7) for c in range(1, 9)}


def test_step_samples_from_the_seeded_generator_and_logs_the_probability():
    g = to_roll(placed())
    draws = g.rng.draws
    entries = g.step()
    assert g.rng.draws == draws + 1
    roll = entries[0]
    assert roll.probability == Fraction(1, 48) and roll.dist is not None and not roll.rigged
    assert "p = 1/48" in str(roll)
    assert g.moves[-1]["rigged"] is False


def test_a_rigged_outcome_is_applied_logged_and_still_consumes_its_draw():
    g = to_roll(placed())
    draws = g.rng.draws
    entries = g.step(outcome=[2, 6])  # lists are accepted where tuples are meant (JSON)
    assert g.state.target == (2, 6)
    assert entries[0].rigged and "rigged; p = 1/48" in str(entries[0])
    assert g.rng.draws == draws + 1


@pytest.mark.parametrize("outcome", [(0, 0), (7, 9), (3, 9), "fire", 5])
def test_an_impossible_outcome_is_rejected_and_changes_nothing(outcome):
    g = to_roll(placed())
    before = snapshot(g)
    with pytest.raises(IllegalAction, match="cannot happen at advance-fire roll") as e:
        g.step(outcome=outcome)
    assert e.value.rule == "Advance Fire"
    assert snapshot(g) == before


def test_undo_restores_the_generator_so_the_same_roll_comes_again():
    g = to_roll(placed(seed=3))
    first = g.step()[0].text
    g.undo()
    assert g.pending == "advance-fire"
    assert g.step()[0].text == first
    # a learner who wants another roll names it
    g.undo()
    g.step(outcome=(6, 8))
    assert g.state.target == (6, 8)


def test_undo_takes_back_several_moves_and_refuses_too_many():
    g = placed()
    start = snapshot(g)
    g.act("move", to=(0, 3))
    g.act("move", to=(0, 2))
    g.undo(2)
    assert snapshot(g)[:2] == start[:2] and g.moves == start[3]
    with pytest.raises(IllegalAction, match="cannot undo 99"):
        g.undo(99)


def test_clone_is_independent_of_the_original():
    g = placed()
    twin = g.clone()
    twin.act("move", to=(0, 3))
    assert g.state.positions[0] == (0, 4) and twin.state.positions[0] == (0, 3)
    assert len(twin.log) == len(g.log) + 1
    g.act("move", to=(0, 5))
    assert twin.state.positions[0] == (0, 3)


def test_same_seed_same_moves_same_game_and_other_seeds_differ():
    def narrate(seed):
        g = flatlab.new_game("flash-point", players=3, seed=seed)
        g.play(random_policy(seed))
        return str(g.log)

    assert narrate(5) == narrate(5)
    assert narrate(5) != narrate(6)


def test_string_seeds_work_and_are_kept():
    g = flatlab.new_game("flash-point", seed="class-2b")
    assert g.seed == "class-2b"
    assert flatlab.load(g.to_json()).seed == "class-2b"


def test_replay_from_the_recorded_moves_reproduces_the_state_exactly():
    g = flatlab.new_game("flash-point", players=4, seed=21)
    g.play(heuristic_policy(21))
    again = g.replay()
    assert again.state == g.state
    assert [str(e) for e in again.log] == [str(e) for e in g.log]


def test_save_and_load_round_trip_mid_game_and_the_loaded_game_can_undo():
    g = flatlab.new_game("flash-point", players=2, seed=4, layout="house-b")
    policy = heuristic_policy(4)
    for _ in range(60):
        if g.situation == DECISION:
            g.act(policy(g))
        else:
            g.step()
    text = g.to_json()
    data = json.loads(text)
    assert data["format"] == "flatlab-save" and data["version"] == 1 and data["game"] == "flash-point"
    loaded = flatlab.load(text)
    assert loaded.state == g.state and loaded.rng.draws == g.rng.draws
    assert loaded.options == g.options and loaded.moves == g.moves
    loaded.undo()
    g.undo()
    assert loaded.state == g.state


def _tamper(text, change):
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.fixture(scope="module")
def saved():
    g = flatlab.new_game("flash-point", players=2, seed=9)
    for _ in range(40):
        g.step() if g.situation != DECISION else g.act(heuristic_policy(9)(g))
    return g.to_json()


def _first_chance(data):
    return next(i for i, m in enumerate(data["moves"]) if "chance" in m and not m["rigged"])


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d.update(format="zip"), "format", "expected 'flatlab-save'"),
    (lambda d: d.update(version=2), "version", "save version 1"),
    (lambda d: d.update(game="chess"), "game", "unknown game"),
    (lambda d: d.pop("moves"), "moves", "missing"),
    (lambda d: d.update(seed=1.5), "seed", "integer or a string"),
    (lambda d: d["options"].update(players=9), "options", "players"),
    (lambda d: d["start"]["threat"].update({"3,3": "lava"}), "start.threat.3,3", "'fire' or 'smoke'"),
    (lambda d: d["start"].pop("bag"), "start.bag", "missing"),
    (lambda d: d["state"].update(rescued=7), "state.rescued", "does not match"),
    (lambda d: d["moves"].insert(0, {"act": {"kind": "teleport"}}), "moves[0]", "cannot be replayed"),
    (lambda d: d["moves"][_first_chance(d)].update(chance=[6, 8] if d["moves"][_first_chance(d)]["chance"]
                                                   != [6, 8] else [1, 1]),
     "moves[", "the seed rolls"),
])
def test_a_tampered_save_names_the_field(saved, change, field, words):
    with pytest.raises(SaveError) as e:
        flatlab.load(_tamper(saved, change))
    assert e.value.field.startswith(field)
    assert words in str(e.value)


def test_a_file_that_is_not_json_is_refused():
    with pytest.raises(SaveError, match="not valid JSON"):
        flatlab.load("{flatlab")


def test_edit_sets_up_a_position_and_becomes_the_new_start():
    g = placed()
    with g.edit() as s:
        s.threat[(3, 3)] = "smoke"
    assert g.moves == [] and "set up by hand" in str(g.log[-1])
    with pytest.raises(IllegalAction, match="cannot undo"):
        g.undo()
    loaded = flatlab.load(g.to_json())
    assert loaded.state.threat[(3, 3)] == "smoke"


def test_an_edit_that_breaks_an_invariant_is_undone():
    g = placed()
    before = snapshot(g)
    with pytest.raises(ValueError, match="victims do not add up"), g.edit() as s:
        s.victims[(2, 2)] = 1
    assert snapshot(g) == before


def test_subscribers_hear_every_change_and_can_leave():
    g = placed()
    heard = []
    leave = g.subscribe(lambda game: heard.append(game.pending))
    g.act("move", to=(0, 3))
    g.undo()
    leave()
    g.act("move", to=(0, 3))
    assert heard == ["take-action", "take-action"]


def test_act_accepts_an_action_value_or_a_kind_with_parameters():
    g = placed()
    g.act(Action("move", to=(0, 3)))
    g.act("move", to=(0, 4))
    with pytest.raises(TypeError):
        g.act(Action("move", to=(0, 3)), to=(0, 5))


def test_describe_shows_board_counters_log_and_what_comes_next():
    g = to_roll(placed())
    g.step(outcome=(2, 5))
    text = str(g)
    assert "House A" in text and "Rescued 0/7" in text and "damage 0/24" in text
    assert "advance-fire roll: red 2, black 5" in text and "Now: flashover." in text
