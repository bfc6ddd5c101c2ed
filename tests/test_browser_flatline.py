"""Real-browser test: headless Chromium plays a round of the Flatline dashboard served by Voilà.

It reuses the session fixtures of tests/conftest.py (`chromium`, `voila_url`: one Voilà
server for all the browser tests) and checks the page against a mirror game played with
the same seed and the same calls in this process. The screenshot goes to test-artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import flatlab
from flatlab.games.flatline.state import COLOURS
from flatlab.ui.browser import local_only

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
DASHBOARD = "voila/render/flatline.ipynb"
WAIT = 20_000  # ms
LOAD = 90_000  # ms, for the first page (the kernel pool may still be filling)


def pending(page, step):
    page.wait_for_function(f"document.querySelector('.fl-board').dataset.pending === {json.dumps(step)}")


def cubes(page):
    return int(page.locator('.fl-svg [data-part="meter"]').get_attribute("data-cubes"))


def test_a_round_by_clicking_a_die_then_a_row(chromium, voila_url):
    context = chromium.new_context(viewport={"width": 1400, "height": 1200})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    outside, errors = [], []
    local_only(page, outside)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{voila_url}/{DASHBOARD}", timeout=LOAD)
    page.wait_for_selector(".fl-flatline .fl-svg", timeout=LOAD)
    g = flatlab.new_game("flatline", players=3, difficulty="standard", seed=7)  # the notebook's game
    try:
        run = page.get_by_role("button", name="Run to my next decision")
        run.click()
        g.run()
        pending(page, g.pending)
        assert cubes(page) == g.state.cubes
        page.locator('.fl-tool[data-tool="start-countdown"]').click()
        g.act("start-countdown")
        run.click()
        g.run()
        pending(page, "countdown")
        assert page.locator(".fl-svg .fl-die[data-tool]").count() == len(g.state.unplaced())

        move = next(a for a in g.legal_actions() if a.kind == "place" and a.on[0] not in "ES"
                    and not a.on.startswith("station/"))
        page.locator(f'.fl-die[data-die="{move.player}:{move.face}"]').first.click()
        page.wait_for_selector(f'.fl-die.sel[data-die="{move.player}:{move.face}"]')
        legal = {json.dumps(a.on) for a in g.legal_actions()
                 if a.kind == "place" and (a.player, a.face) == (move.player, move.face)}
        shown = set(page.eval_on_selector_all(".fl-svg .legal", "els => els.map(e => e.dataset.target)"))
        assert shown == legal  # the highlight is legal_actions() for this die, nothing else
        row = page.locator(f".fl-svg [data-target={json.dumps(json.dumps(move.on))}]")
        row.click()
        g.act("place", player=move.player, face=move.face, on=move.on)
        page.wait_for_function(
            "([t, w]) => document.querySelector(`.fl-svg [data-target='${t}']`).dataset.label.includes(w)",
            arg=[json.dumps(move.on), f"{move.face} ({COLOURS[move.player]})"])
        assert page.locator(".fl-svg .fl-die[data-tool]").count() == len(g.state.unplaced())
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "flatline-countdown.png"), full_page=True)

        page.locator('.fl-tool[data-tool="stop"]').click()
        g.act("stop")
        pending(page, "resolve-cards")
        next_step = page.get_by_role("button", name="Next step")
        while g.pending != "planning" and not g.over:  # resolution, one rule at a time
            next_step.click()
            g.step()
            pending(page, g.pending)
        assert cubes(page) == g.state.cubes
        assert page.locator(".fl-counter[data-counter='round'] b").text_content() == str(g.state.round)
        placed_row_cleared = move.on.split("/")[0] not in g.state.patients or int(
            move.on.split("/")[1]) - 1 in g.state.cleared.get(move.on.split("/")[0], [])
        assert placed_row_cleared or page.locator(
            f".fl-svg [data-target={json.dumps(json.dumps(move.on))}]").count() == 1
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "flatline-round.png"), full_page=True)
        context.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert errors == [], f"errors in the page: {errors}"
