"""The Flatline board, Python side: the snapshot is the state, clicks go through `game.act`,
bad or illegal clicks change nothing and are reported, and it plugs into the dashboard."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import flatlab
from flatlab.ui import Dashboard
from flatlab.ui.flatline import FlatlineBoard
from flatlab.ui.registry import view_module


def countdown_game(seed=7, **options):
    g = flatlab.new_game("flatline", players=3, seed=seed, **options)
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
    assert kinds <= {"place", "stop", "triage", "discard"} and "stop" in kinds
    assert any(a.kind == "reroll" for a in g.legal_actions())  # re-rolls stay g.act(...) calls


@pytest.mark.parametrize("message", [
    {"act": {"kind": "place", "player": 0, "face": "heart", "on": "P99/1"}},  # no such target
    {"act": {"kind": "place", "player": 7, "face": "heart", "on": "station/0"}},  # no such player
    {"act": {"kind": "place", "player": 0, "face": "x" * 200, "on": "P18/1"}},  # not a parameter
    {"act": {"kind": "explode"}},
    {"act": "place"},
    ["place"],
])
def test_bad_clicks_are_refused_and_change_nothing(message):
    g = countdown_game()
    b = FlatlineBoard(g)
    before, snap = fingerprint(g), b.snapshot
    b.handle(message)
    assert b.error and fingerprint(g) == before and b.snapshot == snap


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
    assert 0 < b.snapshot["board"]["time_left"] <= 60


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
