"""The Flatline board, Python side: the snapshot is the state, clicks go through `game.act`,
bad or illegal clicks change nothing and are reported, and it plugs into the dashboard."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

import flatlab
from flatlab.ui import Dashboard
from flatlab.ui.board import plain
from flatlab.ui.flatline import FlatlineBoard
from flatlab.ui.registry import view_module


class FakeClock:
    """The engine's clock, swapped for one the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def countdown_game(seed=7, clock=None, players=3, **options):
    g = flatlab.new_game("flatline", players=players, seed=seed, **options)
    if clock:
        g.clock = clock  # before the countdown starts: its window is timed by this clock
    g.run()
    g.act("start-countdown")
    g.run()
    assert g.pending == "countdown"
    return g


def fingerprint(g):
    return g.rules.state_to_dict(g.state), g.rng.draws, len(g.log), g.moves


def row(snap, target):
    return next(r for p in snap["board"]["patients"] if p["card"] for r in p["rows"]
                if r["target"] == target)


def test_the_snapshot_is_the_table_and_plain_json():
    g = countdown_game()
    s = g.state
    b = FlatlineBoard(g)
    snap = b.snapshot
    assert json.loads(json.dumps(snap)) == snap
    board = snap["board"]
    assert [p["card"] for p in board["patients"]] == s.patients and board["diamond"] == s.diamond
    assert [cube for _, cube in board["meter"]] == s.meter
    assert [n for n, _ in board["meter"]] == list(s.content.meter(s.side, s.players))
    assert [[c["id"] for c in slot] for slot in board["emergency"]] == [
        s.emergency_area[k] for k in range(1, 7)]
    assert board["rerolls"] == [0, s.reroll_limit] and board["time_left"] is None
    assert [p["role"] for p in board["players"]] == ["CMO", "Intern", ""]
    for p, pl in enumerate(board["players"]):
        assert sum(n for _, n in pl["hand"]) == len(s.unplaced(p))
    # the completion bars are the exact forecast
    completion = g.forecast().completion
    for target, p in completion.items():
        if "/" in target and not target.startswith("station/"):
            assert Fraction(*row(snap, target)["p"]) == p


def test_a_die_then_a_target_places_it_and_the_snapshot_follows():
    g = countdown_game()
    b = FlatlineBoard(g)
    place = next(a for a in g.legal_actions() if a.kind == "place" and "/" in a.on
                 and not a.on.startswith("station/"))
    tool_id = f"place+face={place.face}+player={place.player}"
    tool = next(t for t in b.snapshot["tools"] if t["id"] == tool_id)
    assert place.on in tool["targets"] and tool["param"] == "on"
    before = dict(b.snapshot["board"]["players"][place.player]["hand"])[place.face]
    b.tool = tool_id  # the click on the die
    b.handle({"act": {"kind": "place", "player": place.player, "face": place.face, "on": place.on}})
    assert b.error == ""
    assert [place.face, place.player] in row(b.snapshot, place.on)["slots"]
    after = dict(b.snapshot["board"]["players"][place.player]["hand"]).get(place.face, 0)
    assert after == before - 1
    assert (place.player, place.face, place.on) in g.state.dice


def test_buttons_are_only_the_short_list():
    g = countdown_game()
    b = FlatlineBoard(g)
    kinds = {t["kind"] for t in b.snapshot["tools"]}
    assert kinds <= {"place", "stop", "triage", "discard", "reroll"} and "stop" in kinds
    # one re-roll tool per player and sacrificed icon, not one per combination of dice
    rerolls = [t for t in b.snapshot["tools"] if t["kind"] == "reroll"]
    assert 0 < len(rerolls) < sum(a.kind == "reroll" for a in g.legal_actions()) / 4
    assert b.tool.startswith("place+")  # the default tool is still a die to place


def test_reroll_tools_are_the_legal_rerolls():
    g = countdown_game()
    b = FlatlineBoard(g)
    legal = [a for a in g.legal_actions() if a.kind == "reroll"]
    tools = {(t["fixed"]["player"], t["fixed"]["sacrifice"]): t
             for t in b.snapshot["tools"] if t["kind"] == "reroll"}
    assert set(tools) == {(a.player, a.sacrifice) for a in legal}
    for (player, sacrifice), tool in tools.items():
        assert tool["id"] == f"reroll+player={player}+sacrifice={sacrifice}" and tool["param"] == "dice"
        pool = Counter(dict(tool["pool"]))
        dice = [a.dice for a in legal if (a.player, a.sacrifice) == (player, sacrifice)]
        assert all(not Counter(d) - pool for d in dice)  # every legal choice fits the pool...
        assert Counter(max(dice, key=len)) == pool  # ...and the pool is the largest one
        hand = Counter(g.state.dice[i][1] for i in g.state.unplaced(player))
        hand[sacrifice] -= 1
        assert pool == +hand  # i.e. the player's other unplaced dice


def test_a_clicked_reroll_is_the_typed_call():
    g, mirror = countdown_game(), countdown_game()
    b = FlatlineBoard(g)
    a = next(a for a in g.legal_actions() if a.kind == "reroll" and len(a.dice) == 2)
    b.tool = f"reroll+player={a.player}+sacrifice={a.sacrifice}"  # the click on the track
    b.handle({"act": {"kind": "reroll", "player": a.player, "sacrifice": a.sacrifice,
                      "dice": list(a.dice)}})  # what "Re-roll 2 dice" sends
    mirror.act("reroll", player=a.player, sacrifice=a.sacrifice, dice=a.dice)
    assert b.error == "" and fingerprint(g) == fingerprint(mirror)
    assert b.snapshot["pending"] == "reroll" and b.snapshot["tools"] == [] and b.tool == ""
    assert b.snapshot["board"]["rerolls"][0] == 1
    assert [a.player, a.sacrifice] in b.snapshot["board"]["track"]
    g.step()
    mirror.step()
    assert fingerprint(g) == fingerprint(mirror) and g.pending == "countdown"


def test_a_reroll_of_six_dice_is_one_message():
    g, mirror = countdown_game(players=2), countdown_game(players=2)
    b = FlatlineBoard(g)
    hand = [g.state.dice[i][1] for i in g.state.unplaced(0)]
    assert len(hand) == 7
    a = next(a for a in g.legal_actions() if a.kind == "reroll" and a.player == 0 and len(a.dice) == 6)
    b.handle({"act": {"kind": "reroll", "player": 0, "sacrifice": a.sacrifice, "dice": list(a.dice)}})
    mirror.act(a)
    assert b.error == "" and fingerprint(g) == fingerprint(mirror)


def reroll(**params):
    return {"act": {"kind": "reroll", **params}}


@pytest.mark.parametrize("message, says", [
    ({"act": {"kind": "place", "player": 0, "face": "heart", "on": "P99/1"}}, "cannot take dice"),
    ({"act": {"kind": "place", "player": 7, "face": "heart", "on": "station/0"}}, "player must be"),
    ({"act": {"kind": "place", "player": 0, "face": "x" * 200, "on": "P18/1"}}, "Not understood"),
    ({"act": {"kind": "explode"}}, "not 'explode'"),
    ({"act": "place"}, "Not understood"),
    (["place"], "Not understood"),
    # re-roll clicks: the message's shape first...
    (reroll(player=0, sacrifice="heart", dice=["lungs"] * 9), "at most 8"),
    (reroll(player=0, sacrifice="heart", dice=["lungs", "meds", "bone", "brain", 3]), "icon names"),
    (reroll(player=0, sacrifice="heart", dice=["lungs", ["meds"]]), "Not understood"),
    (reroll(player=0, sacrifice="heart", dice=["x" * 100] * 5), "icon names"),
    (reroll(player=0, sacrifice="heart", dice={"lungs": 1}), "Not understood"),
    ({"act": {"kind": "reroll", "player": 0, "sacrifice": "heart", "dice": ["lungs"] * 5},
      "tick": True}, "Not understood"),
    # ...then the rules
    (reroll(player=0, sacrifice="heart", dice=[]), "name the dice"),
    (reroll(player=0, sacrifice="heart", dice=["lungs"] * 6), "unplaced lungs"),
    (reroll(player=5, sacrifice="heart", dice=["lungs"]), "player must be"),
    (reroll(player=0, sacrifice="heart", dice=["lungs"], extra=True), "unexpected extra"),
    (reroll(player=0, dice=["lungs"]), "expected a list of icons"),
    # the clock's message is exactly {"tick": true}
    ({"tick": 1}, "Not understood"),
    ({"tick": "now"}, "Not understood"),
    ({"tick": True, "act": {"kind": "stop"}}, "Not understood"),
])
def test_bad_clicks_are_refused_and_change_nothing(message, says):
    g = countdown_game()
    b = FlatlineBoard(g)
    before, snap = fingerprint(g), b.snapshot
    b.handle(message)
    assert says in b.error and fingerprint(g) == before and b.snapshot == snap


def test_a_reroll_once_the_track_is_full_is_refused_by_rule():
    g = countdown_game()
    b = FlatlineBoard(g)
    with g.edit() as s:
        s.rerolls_used = s.reroll_limit
    before = fingerprint(g)
    assert not [t for t in b.snapshot["tools"] if t["kind"] == "reroll"]
    hand = [g.state.dice[i][1] for i in g.state.unplaced(0)]
    b.handle(reroll(player=0, sacrifice=hand[0], dice=hand[1:3]))
    assert "re-rolls of this round are used" in b.error and fingerprint(g) == before


def test_stop_and_steps_resolve_then_the_meter_loses_a_cube():
    g = countdown_game()
    b = FlatlineBoard(g)
    cubes = sum(c for _, c in b.snapshot["board"]["meter"])
    b.handle({"act": {"kind": "stop"}})
    assert b.snapshot["pending"] == "resolve-cards"
    g.run()  # resolution, then the next round's lose-power, up to the next decision
    assert b.snapshot["board"]["round"] == 2 == g.state.round
    assert sum(c for _, c in b.snapshot["board"]["meter"]) == g.state.cubes < cubes


def test_a_timed_countdown_shows_the_clock():
    g = countdown_game(timer=60)
    b = FlatlineBoard(g)
    assert 0 < b.snapshot["board"]["time_left"] <= 60 and 0 < b.clock <= 60


def test_the_page_tick_runs_the_clock_and_time_up_ends_the_countdown():
    clock = FakeClock()
    g = countdown_game(clock=clock, timer=30)
    b = FlatlineBoard(g)
    assert b.clock == 30 and b.snapshot["board"]["time_left"] == 30
    place = next(a for a in g.legal_actions() if a.kind == "place")
    clock.now += 12
    b.handle({"tick": True})  # what the page sends about once a second
    assert b.clock == 18 and g.pending == "countdown" and len(g.moves) == len(countdown_game().moves)
    b.handle({"act": place.to_json()})  # clicks still count in time
    assert b.error == "" and b.clock == 18
    clock.now += 18.5
    before = len(g.log)
    b.handle({"tick": True})
    assert g.pending == "resolve-cards" and b.snapshot["pending"] == "resolve-cards"
    assert g.log[before].rule.startswith("II. Countdown: time runs out")
    assert g.log[before].text.startswith("Time is up")
    assert b.clock is None and b.snapshot["board"]["time_left"] is None
    assert g.moves[-1] == {"act": {"kind": "time-up"}}  # recorded like any move: undo, save, replay
    b.handle({"tick": True})  # later ticks change nothing
    assert g.pending == "resolve-cards" and len(g.log) == before + 1
    assert flatlab.load(g.to_json()).pending == "resolve-cards"


def test_a_click_after_the_time_is_up_is_refused_even_without_a_tick():
    clock = FakeClock()
    g = countdown_game(clock=clock, timer=30)
    b = FlatlineBoard(g)
    place = next(a for a in g.legal_actions() if a.kind == "place")
    clock.now += 31  # the page was closed: no tick came
    b.handle({"act": place.to_json()})
    assert "too late" in b.error or g.pending == "resolve-cards"
    assert (place.player, place.face, place.on) not in g.state.dice
    assert g.pending == "resolve-cards" and "Time is up" in g.log[-1].text


def test_time_up_waits_for_a_roll_in_progress():
    clock = FakeClock()
    g = countdown_game(clock=clock, timer=30)
    b = FlatlineBoard(g)
    a = next(a for a in g.legal_actions() if a.kind == "reroll")
    b.handle({"act": plain(a.to_json())})
    assert b.error == "" and g.pending == "reroll"
    clock.now += 40
    b.handle({"tick": True})
    assert g.pending == "reroll" and b.clock == 0  # the roll resolves first (rulings, 14)
    g.step()
    b.handle({"tick": True})
    assert g.pending == "resolve-cards" and b.clock is None


def test_untimed_games_have_no_clock_and_ticks_do_nothing():
    g = countdown_game()
    b = FlatlineBoard(g)
    before = fingerprint(g)
    b.handle({"tick": True})
    assert b.clock is None and b.error == "" and fingerprint(g) == before


def test_the_new_game_form_offers_the_timer():
    d = Dashboard(flatlab.new_game("flatline", players=2, seed=3))
    box = d.controls.options["timer"]
    assert box.label == "off" and box.value is None
    assert [v for _, v in box.options][:3] == [None, 5, 15] and ("60 s", 60) in box.options
    box.value = 5
    d.controls.start.click()
    assert d.game.options["timer"] == 5 and d.game.state.timer == 5
    d.controls.run.click()
    d.board.handle({"act": {"kind": "start-countdown"}})
    d.controls.run.click()
    assert d.game.pending == "countdown" and 0 < d.board.clock <= 5
    d.play(flatlab.new_game("flatline", players=2, seed=3))  # an untimed game shows "off" again
    assert box.label == "off" and box.value is None and d.board.clock is None
    d.play(flatlab.new_game("flatline", players=2, seed=3, timer=60))
    assert box.label == "60 s"
    d.close()


def test_flatline_is_registered_and_the_dashboard_plays_it():
    assert view_module("flatline").BOARD is FlatlineBoard
    d = Dashboard(flatlab.new_game("flatline", players=2, seed=3))
    assert d.panel is None and d.board.snapshot["game"] == "flatline"
    d.controls.run.click()
    assert [t["kind"] for t in d.board.snapshot["tools"]] == ["start-countdown"]
    d.controls.options["players"].value = 4
    d.controls.start.click()
    assert d.game.state.players == 4 and len(d.board.snapshot["board"]["players"]) == 4
    d.close()
