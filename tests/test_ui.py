"""The widgets, Python side: the snapshot says what the state says, clicks go through the
Game API (bad ones change nothing and are reported), the controls, the panels, and `g` in a cell."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from conftest import position

import flatlab
from flatlab.core import Game
from flatlab.games.flash_point.board import OUTSIDE, edge
from flatlab.games.flash_point.forecast import BECOMES_FIRE, EXPLOSION, SMOKE_ONLY
from flatlab.ui import Dashboard, board_of
from flatlab.ui.fire_panel import realised
from flatlab.ui.flash_point import FlashPointBoard


def cells(snapshot_cells):
    return {tuple(c) for c in snapshot_cells}


def tool(b, tool_id):
    return next(t for t in b.snapshot["tools"] if t["id"] == tool_id)


def fingerprint(g):
    """Everything a refused click must leave alone."""
    return g.rules.state_to_dict(g.state), g.rng.draws, len(g.log), g.moves


def test_the_snapshot_is_the_state_and_is_plain_json():
    g = position(players=2, at=[(3, 3), (0, 4)], fire=[(3, 4), (1, 1)], smoke=[(2, 3)],
                 hidden=[(6, 8)], victims={(4, 2): 2}, ap=[3, 2],
                 damage={edge((1, 8), (1, 9)): 1}, doors={edge((3, 0), (3, 1)): "open"})
    b = FlashPointBoard(g)
    snap = b.snapshot
    assert json.loads(json.dumps(snap)) == snap  # what Python holds is exactly what the browser gets
    board_ = snap["board"]
    assert [ff["at"] for ff in board_["crew"]] == [[3, 3], [0, 4]]
    assert [ff["colour"] for ff in board_["crew"]] == ["blue", "orange"]
    assert cells(board_["fire"]) == {(3, 4), (1, 1)} and cells(board_["smoke"]) == {(2, 3)}
    assert cells(board_["poi"]) == {(6, 8)} and board_["victims"] == [[4, 2, 2]]
    assert [1, 8, 1, 9, 1] in board_["walls"] and [1, 7, 1, 8, 0] not in board_["walls"]
    assert [3, 0, 3, 1, "open"] in board_["doors"] and [4, 8, 4, 9, "closed"] in board_["doors"]
    counters = {label: (value, top) for label, value, top in snap["counters"]}
    assert counters["to play"] == ("Blue", None) and counters["AP"] == (3, None)
    assert counters["damage"] == (1, 24) and counters["threat markers"] == (3, 33)
    assert (snap["turn"], snap["pending"], snap["situation"]) == (1, "take-action", "decision")


def test_tools_and_legal_targets_come_from_legal_actions():
    g = position(at=[(3, 3)], fire=[(3, 4)], smoke=[(2, 3)], victims={(3, 3): 1})
    b = FlashPointBoard(g)
    legal = g.legal_actions()
    for t in b.snapshot["tools"]:
        if t["param"]:
            expected = {a.params[t["param"]] for a in legal
                        if a.kind == t["kind"] and {k: v for k, v in a.params.items()
                                                    if k != t["param"]} == t["fixed"]}
            assert cells(t["targets"]) == expected
    ids = [t["id"] for t in b.snapshot["tools"]]
    assert {"move", "move+carry", "extinguish", "extinguish+clear", "end-turn"} <= set(ids)
    assert cells(tool(b, "move+carry")["targets"]) == {(2, 3), (4, 3), (3, 2)}  # not into the fire
    assert cells(tool(b, "extinguish+clear")["targets"]) == {(3, 4)}
    assert tool(b, "end-turn")["param"] is None and b.tool == "move"  # the first tool with a target


def test_clicks_play_the_game_and_the_snapshot_follows():
    g = flatlab.new_game("flash-point", players=2, seed=7)
    b = FlashPointBoard(g)
    assert b.tool == "place" and cells(tool(b, "place")["targets"]) == set(OUTSIDE)
    b.handle({"act": {"kind": "place", "to": [3, 0]}})
    b.handle({"act": {"kind": "place", "to": [0, 4]}})
    assert [ff["at"] for ff in b.snapshot["board"]["crew"]] == [[3, 0], [0, 4]]
    assert b.snapshot["pending"] == "take-action" and b.tool == "move"
    b.handle({"act": {"kind": "door", "to": [3, 1]}})  # the side door of house A
    assert [3, 0, 3, 1, "open"] in b.snapshot["board"]["doors"]
    b.handle({"act": {"kind": "move", "to": [3, 1]}})
    assert b.snapshot["board"]["crew"][0] == {"at": [3, 1], "ap": 2, "colour": "blue"}
    assert b.error == "" and g.state.positions[0] == (3, 1)
    b.handle({"act": {"kind": "end-turn"}})
    assert b.snapshot["pending"] == "advance-fire" and b.snapshot["situation"] == "chance"
    assert b.snapshot["tools"] == [] and b.tool == ""


def test_a_cell_typed_call_updates_the_board_on_screen():
    g = position(at=[(3, 3)], smoke=[(3, 4)])
    b = FlashPointBoard(g)
    g.act("extinguish", at=(3, 4))
    assert b.snapshot["board"]["smoke"] == [] and g.state.ap[0] == 3
    g.act("move", to=(3, 4))
    assert b.snapshot["board"]["crew"][0]["at"] == [3, 4]


@pytest.mark.parametrize("message, says", [
    ("move", "Not understood"),
    ({"act": "move"}, "Not understood"),
    ({"act": {"kind": 3}}, "Not understood"),
    ({"act": {"kind": "Move!"}}, "not an action kind"),
    ({"act": {"kind": "move", "to": [2.5, 3]}}, "Not understood"),
    ({"act": {"kind": "move", "to": {"row": 2}}}, "Not understood"),
    ({"act": {"kind": "move", "to": [[2, 3]]}}, "Not understood"),
    ({"act": {"kind": "move", "to": "x" * 100}}, "Not understood"),
    ({"act": {"kind": "move", "to": [2, 3], "__class__": 1}}, "Not understood"),
    ({"act": {"kind": "move", "to": [2, 3]}, "step": {}}, "Not understood"),
    ({"act": {"kind": "fly", "to": [2, 3]}}, "unknown action 'fly'"),
    ({"act": {"kind": "move", "to": [9, 12]}}, "must be a space"),
    ({"act": {"kind": "move", "to": [-1, 3]}}, "must be a space"),
    ({"act": {"kind": "move", "to": [True, False]}}, "must be a space"),
    ({"act": {"kind": "move", "to": [5, 5]}}, "not next to"),
    ({"act": {"kind": "move", "to": [2, 3], "carry": True}}, "no victim"),
    ({"act": {"kind": "move", "to": [2, 3], "teleport": True}}, "unexpected teleport"),
    ({"act": {"kind": "extinguish", "at": [1, 1]}}, "neither"),
    ({"act": {"kind": "chop", "to": [2, 3]}}, "no wall"),
])
def test_bad_clicks_are_refused_reported_and_change_nothing(message, says):
    g = position(at=[(2, 2)], fire=[(1, 1)])
    b = FlashPointBoard(g)
    before, snap = fingerprint(g), b.snapshot
    b.handle(message)
    assert says in b.error
    assert fingerprint(g) == before and b.snapshot == snap


def test_a_move_through_a_wall_is_refused_with_the_rule():
    g = position(layout="house-a", at=[(1, 3)])
    b = FlashPointBoard(g)
    before = fingerprint(g)
    b.handle({"act": {"kind": "move", "to": [1, 4]}})  # a wall stands between (1, 3) and (1, 4)
    assert "not Adjacent" in b.error and "[rule: Adjacent Spaces]" in b.error
    assert fingerprint(g) == before
    b.handle({"act": {"kind": "move", "to": [2, 3]}})
    assert b.error == "" and g.state.positions == [(2, 3)]


def test_the_overlay_is_the_exact_forecast():
    g = position(at=[(3, 3)], fire=[(3, 4), (5, 5)], smoke=[(2, 3)])
    b = FlashPointBoard(g)
    assert b.snapshot["overlay"] is None
    b.overlay = True
    shown = {(r, c): Fraction(p) for r, c, p in b.snapshot["overlay"]}
    expected = {c: p for c, p in g.forecast().fire_probability.items() if p}
    assert shown == expected and shown[(3, 4)] == 1 and 0 < shown[(2, 3)] < 1
    g.act("extinguish", at=(2, 3))  # the overlay follows the game
    assert {(r, c): Fraction(p) for r, c, p in b.snapshot["overlay"]} == {
        c: p for c, p in g.forecast().fire_probability.items() if p}


def dashboard(players=1, seed=7, placed=True):
    g = flatlab.new_game("flash-point", players=players, seed=seed)
    d = Dashboard(g)
    for i in range(players if placed else 0):
        d.board.handle({"act": {"kind": "place", "to": [0, 4 + i]}})
    return g, d


def test_undo_and_the_step_buttons_drive_the_same_game():
    g, d = dashboard()
    c = d.controls
    assert c.next.disabled and c.run.disabled and c.rig.disabled and not c.undo.disabled
    d.board.handle({"act": {"kind": "move", "to": [0, 3]}})
    assert g.state.positions == [(0, 3)]
    c.undo.click()
    assert g.state.positions == [(0, 4)] and d.board.snapshot["board"]["crew"][0]["at"] == [0, 4]
    d.board.handle({"act": {"kind": "end-turn"}})
    assert not c.next.disabled and not c.rig.disabled and len(c.outcome.options) == 48
    draws = g.rng.draws
    c.next.click()  # the roll, sampled from the seeded generator
    assert g.rng.draws == draws + 1 and [e for e in g.log if e.probability][-1].probability == Fraction(1, 48)
    assert d.board.snapshot["board"]["target"] == list(g.state.target)
    c.undo.click()
    c.outcome.value = (6, 1)
    c.rig.click()
    assert g.state.target == (6, 1) and any(e.rigged for e in g.log)
    c.run.click()
    assert g.situation in ("decision", "over") and c.next.disabled == (g.situation != "chance")


def test_a_refused_button_is_reported_on_the_board():
    g, d = dashboard()
    d.board.handle({"act": {"kind": "end-turn"}})
    d.controls.outcome.options = [("no such roll", (9, 9))]  # what a tampered page could send
    d.controls.outcome.value = (9, 9)
    before = fingerprint(g)
    d.controls.rig.click()
    assert "cannot happen" in d.board.error and fingerprint(g) == before


def test_new_game_rebinds_every_part():
    g, d = dashboard()
    d.controls.options["players"].value = 2
    d.controls.options["layout"].value = "open"
    d.controls.seed.value = 3
    d.controls.start.click()  # New game
    assert d.game is not g and d.game.seed == 3 and d.game.options["layout"] == "open"
    assert len(d.board.snapshot["board"]["crew"]) == 2 and d.controls.game is d.game
    g.act("move", to=(0, 3))  # the old game no longer reaches the screen
    assert d.board.snapshot["board"]["crew"][0]["at"] is None


def test_the_log_panel_shows_the_last_entries_with_probabilities():
    _g, d = dashboard()
    d.board.handle({"act": {"kind": "end-turn"}})
    d.controls.next.click()
    html = d.log_panel.widget.value
    assert "p = 1/48" in html and html.index("advance-fire roll") < html.index("ends the turn")


def test_the_panel_shows_the_forecast_then_highlights_the_class_of_the_roll():
    g, d = dashboard(placed=False)
    panel = d.panel
    assert panel.figure is None  # nothing to show during set-up: plotly is not loaded yet
    d.board.handle({"act": {"kind": "place", "to": [0, 4]}})
    assert panel.widget.children == (panel.figure,)
    d.board.handle({"act": {"kind": "end-turn"}})
    forecast = g.forecast()
    bar = panel.figure.data[0]
    assert list(bar.x[:3]) == [float(forecast.kind[k]) for k in (SMOKE_ONLY, BECOMES_FIRE, EXPLOSION)]
    assert bar.x[3] == float(forecast.knock_down) and bar.x[4] == float(forecast.victim_or_poi_lost)
    assert str(forecast.expected_new_fires) in panel.figure.layout.title.text
    before = g.state.copy()
    fire = next(c for c, t in before.threat.items() if t == "fire")
    d.controls.outcome.value = fire
    d.controls.rig.click()
    assert panel.rolled == EXPLOSION == realised(before, fire)
    assert panel.figure.data[0].marker.color[2] == "#D55E00" and "explosion" in panel.figure.layout.title.text
    d.controls.undo.click()
    assert panel.rolled is None and panel.figure.data[0].marker.color[2] != "#D55E00"


def test_realised_class_agrees_with_the_forecast_over_all_48_rolls():
    g = position(at=[(3, 3)], fire=[(3, 4), (5, 5)], smoke=[(2, 4), (4, 4)])
    g.act("end-turn")
    s = g.state
    counts = {}
    for target in g.chance():
        k = realised(s, target)
        counts[k] = counts.get(k, 0) + 1
    assert {k: Fraction(n, 48) for k, n in counts.items()} == dict(g.forecast().kind.items())


class FakeKernel:
    kernel = object()


def test_g_in_a_cell_is_its_live_board(monkeypatch):
    import IPython
    monkeypatch.setattr(IPython, "get_ipython", lambda: FakeKernel())
    g = flatlab.new_game("flash-point", seed=7)
    data, _metadata = g._repr_mimebundle_()
    view = board_of(g)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == view.model_id
    assert data["text/plain"] == g.describe()  # front ends without widgets show the text board
    assert g._repr_mimebundle_()[0]["application/vnd.jupyter.widget-view+json"] == \
        data["application/vnd.jupyter.widget-view+json"]  # shown again: the same live board
    g.act("place", to=(7, 4))  # a later cell
    assert view.snapshot["board"]["crew"][0]["at"] == [7, 4]
    view.close()
    assert board_of(g) is not view and view._changed not in g.subscribers


def test_g_falls_back_to_the_text_board(monkeypatch):
    g = flatlab.new_game("flash-point", seed=7)
    assert g._repr_mimebundle_() == {"text/plain": g.describe()}  # not in a kernel
    monkeypatch.setattr(Game, "views", {})
    monkeypatch.setattr(Game, "view_package", "flatlab.no_such_views")  # e.g. no anywidget installed
    assert g._repr_mimebundle_() == {"text/plain": g.describe()}


def test_show_displays_a_dashboard_for_the_game(monkeypatch):
    import IPython.display

    from flatlab.ui import show
    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    g = flatlab.new_game("flash-point", seed=7)
    show(g)
    assert isinstance(shown[0], Dashboard) and shown[0].game is g


def test_serve_and_lab_start_on_127_0_0_1_with_the_checkout(monkeypatch):
    import os

    from jupyterlab.labapp import LabApp
    from voila.app import Voila

    from flatlab.cli import main
    from flatlab.ui.serve import ROOT
    calls = []
    monkeypatch.setattr(Voila, "launch_instance", lambda argv: calls.append(("voila", argv, os.getcwd())))
    monkeypatch.setattr(LabApp, "launch_instance", lambda argv: calls.append(("lab", argv, os.getcwd())))
    monkeypatch.chdir(ROOT / "tests")
    monkeypatch.setenv("JUPYTER_PATH", "")
    assert main(["serve", "--port", "9999", "--VoilaConfiguration.preheat_kernel=False"]) == 0
    assert main(["lab", "--port", "9998"]) == 0
    (_, voila, cwd), (_, lab, _) = calls
    assert cwd == str(ROOT)  # where voila.json is read
    assert voila == ["notebooks/dashboards", "--port=9999", "--Voila.ip=127.0.0.1", "--no-browser",
                     "--VoilaConfiguration.preheat_kernel=False"]
    assert os.environ["JUPYTER_PATH"].split(os.pathsep)[0] == str(ROOT / "share" / "jupyter")
    assert (ROOT / "share/jupyter/voila/templates/flatlab/index.html.j2").is_file()
    assert lab[:3] == [f"--ServerApp.root_dir={ROOT / 'tutorials'}", "--port=9998", "--ip=127.0.0.1"]
    with pytest.raises(SystemExit):
        main(["lab", "--layout", "open"])  # game options mean nothing here


def test_the_template_links_nothing_outside_and_drops_the_cdn_blocks():
    import re

    from flatlab.ui.serve import SHARE
    folder = SHARE / "voila/templates/flatlab"
    for page in folder.iterdir():
        assert not re.search(r"""(href|src)=["']https?:|import\(["']https?:""", page.read_text()), page.name
    index = (folder / "index.html.j2").read_text()
    assert "{%- block html_head_js_mermaidjs -%}" in index  # emptied: no Mermaid from a CDN


def test_g_in_a_real_kernel_is_a_widget_and_later_cells_update_it():
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(code) for code in (
        "import flatlab\ng = flatlab.new_game('flash-point', players=1, seed=7)\ng",
        "g.act('place', to=(0, 4))\nfrom flatlab.ui import board_of\n"
        "board_of(g).snapshot['board']['crew'][0]['at']",
    )]
    NotebookClient(nb, timeout=60, kernel_name="python3").execute()
    shown = nb.cells[0].outputs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in shown
    assert shown["text/plain"].startswith("House A")  # the text board, for front ends without widgets
    assert nb.cells[1].outputs[0]["data"]["text/plain"] == "[0, 4]"
