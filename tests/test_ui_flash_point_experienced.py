"""The Flash Point board in the Experienced game, Python side: what the snapshot adds
(vehicles, hazmat, hot spots, treated victims, specialists, free AP) and the tools."""

from __future__ import annotations

import json

from conftest import experienced_position

from flatlab.ui.flash_point import FlashPointBoard


def tools(b):
    return {t["id"]: t for t in b.snapshot["tools"]}


def test_the_snapshot_shows_the_experienced_markers():
    g = experienced_position(specialists=("paramedic", "fire-captain"), at=[(3, 3), (1, 9)],
                             fire=[(3, 4)], hazmat={(2, 2): 1, (5, 5): 2}, hot_spots=[(3, 4), (6, 6)],
                             victims={(3, 3): 2}, treated={(3, 3): 1})
    b = FlashPointBoard(g)
    snap = b.snapshot
    assert json.loads(json.dumps(snap)) == snap
    board = snap["board"]
    assert board["hazmat"] == [[2, 2, 1], [5, 5, 2]]
    assert board["hot_spots"] == [[3, 4], [6, 6]]
    assert board["treated"] == [[3, 3, 1]] and board["victims"] == [[3, 3, 2]]
    assert board["vehicles"] == {"ambulance": [[0, 5], [0, 6]], "engine": [[1, 9], [2, 9]]}
    assert [ff["specialist"] for ff in board["crew"]] == ["Paramedic", "Fire Captain"]
    counters = {label: value for label, value, _ in snap["counters"]}
    assert counters["to play"] == "Blue (Paramedic)" and counters["AP"] == 4
    assert counters["hot spots in supply"] == 6


def test_a_click_drives_the_ambulance_and_commands_go_by_button_with_a_space():
    g = experienced_position(specialists=("fire-captain", "generalist"), at=[(1, 9), (3, 3)])
    b = FlashPointBoard(g)
    t = tools(b)
    assert t["drive+vehicle=ambulance"]["param"] == "to"
    assert {tuple(c) for c in t["drive+vehicle=ambulance"]["targets"]} == {(3, 9), (3, 0)}
    assert t["move+who=1"]["label"] == "Command orange: move"
    assert "crew-change+to=generalist" not in t  # that card is in play
    assert t["crew-change+to=paramedic"]["param"] is None  # a card is a button, not a space
    assert t["crew-change+to=paramedic"]["label"] == "Crew change: Paramedic"
    b.handle({"act": {"kind": "move", "to": [3, 2], "who": 1}})
    assert b.error == "" and g.state.positions[1] == (3, 2) and g.state.free["command"] == 1
    b.handle({"act": {"kind": "drive", "vehicle": "ambulance", "to": [3, 9]}})
    assert b.error == "" and b.snapshot["board"]["vehicles"]["ambulance"] == [[3, 9], [4, 9]]
    b.handle({"act": {"kind": "drive", "vehicle": "ambulance", "to": [7, 3]}})
    assert b.error == "" and g.state.ap[0] == 0  # the command AP came from the free pool
    b.handle({"act": {"kind": "drive", "vehicle": "ambulance", "to": [3, 0]}})
    assert "costs 2 AP" in b.error
    assert b.snapshot["board"]["vehicles"]["ambulance"] == [[7, 3], [7, 4]]


def test_the_dashboard_form_starts_an_experienced_game():
    import flatlab
    from flatlab.ui import Dashboard
    d = Dashboard(flatlab.new_game("flash-point", seed=1))
    d.controls.options["mode"].value = "experienced"
    d.controls.options["difficulty"].value = "heroic"
    d.controls.start.click()
    g = d.game
    assert g.options["mode"] == "experienced" and g.options["difficulty"] == "heroic"
    assert g.pending == "initial-explosion" and d.board.snapshot["pending"] == "initial-explosion"
    g.run()  # the random set-up rolls up to the first decision: placing firefighters
    assert g.pending == "place-firefighter" and len(g.state.hot_spots) >= 4 + 3 + 2
    d.controls.options["mode"].value = "family"  # a difficulty without the Experienced game
    d.controls.start.click()
    assert d.game is g and "difficulty" in d.board.error
