"""Real-browser tests: headless Chromium plays the Flatline dashboard served by Voilà.

They reuse the session fixtures of tests/conftest.py (`chromium`, `voila_url`: one Voilà
server for all the browser tests) and check the page against a mirror game played with
the same seed and the same calls in this process. All the tests share one page (the
dashboard has one preheated kernel): each starts its own game with the "New game" form.
Screenshots go to test-artifacts/.
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


@pytest.fixture(scope="module")
def page(chromium, voila_url):
    context = chromium.new_context(viewport={"width": 1400, "height": 1200})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    outside, errors, failed = [], [], []
    local_only(page, outside)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and r.request.method == "GET"
            and failed.append(f"{r.status} {r.url}"))
    page.goto(f"{voila_url}/{DASHBOARD}", timeout=LOAD)
    page.wait_for_selector(".fl-flatline .fl-svg", timeout=LOAD)
    yield page
    context.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert errors == [], f"errors in the page: {errors}"
    assert failed == [], f"requests that failed: {failed}"


def dropdown(page, name):
    return page.locator(".widget-dropdown", has=page.locator("label", has_text=name)).locator("select")


def new_game(page, timer="off", **options):
    """Start a game with the dashboard's form; the mirror game starts alike."""
    options = {"players": 3, "difficulty": "standard", "seed": 7, **options}
    dropdown(page, "players").select_option(label=str(options["players"]))
    dropdown(page, "difficulty").select_option(label=options["difficulty"])
    dropdown(page, "timer").select_option(label=timer)
    page.locator(".widget-text", has=page.locator("label", has_text="seed")).locator("input").fill(
        str(options["seed"]))
    page.get_by_role("button", name="New game").click()
    page.locator(".fl-log", has_text="Nothing has happened yet.").wait_for()
    seconds = None if timer == "off" else int(timer.split()[0])
    return flatlab.new_game("flatline", timer=seconds, **options)


def to_countdown(page, g):
    """Run to Planning, start the countdown, roll: on the page and on the mirror."""
    run = page.get_by_role("button", name="Run to my next decision")
    run.click()
    g.run()
    pending(page, g.pending)
    page.locator('.fl-tool[data-tool="start-countdown"]').click()
    g.act("start-countdown")
    pending(page, "roll-dice")
    run.click()
    g.run()
    pending(page, "countdown")


def hands(page):
    """Each player's unplaced dice on the page, as sorted icons."""
    return page.evaluate("""() => [...document.querySelectorAll('.fl-svg [data-player]')].map(h =>
        [...h.querySelectorAll('[data-die]')].map(d => d.dataset.die.split(':')[1]).sort())""")


def mirror_hands(g):
    s = g.state
    return [sorted(s.dice[i][1] for i in s.unplaced(p)) for p in range(s.players)]


def test_a_round_by_clicking_a_die_then_a_row(page):
    g = flatlab.new_game("flatline", players=3, difficulty="standard", seed=7)  # the notebook's game
    if page.locator(".fl-log", has_text="Nothing has happened yet.").count() == 0:
        g = new_game(page)  # another test came first
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


def test_a_reroll_by_clicking_a_die_the_track_and_the_dice(page):
    g = new_game(page, seed=11)
    to_countdown(page, g)
    assert hands(page) == mirror_hands(g)
    placeable = {(a.player, a.face) for a in g.legal_actions() if a.kind == "place"}
    move = next(a for a in g.legal_actions() if a.kind == "reroll" and len(a.dice) == 2
                and (a.player, a.sacrifice) in placeable)
    p, sacrifice = move.player, move.sacrifice
    keys, seen = [], {}
    for face in move.dice:  # the page's keys of the dice to pick: "face#k" (k counts from 1
        k = seen.get(face, 1 if face == sacrifice else 0)  # past the sacrificed die)
        seen[face] = k + 1
        keys.append(f"{face}#{k}")
    track = page.locator('.fl-svg [data-reroll="track"]')
    go = page.locator('.fl-svg [data-reroll="go"]')

    page.locator(f'.fl-die[data-die="{p}:{sacrifice}"][data-tool]').first.click()  # select a die
    page.wait_for_selector(".fl-svg .fl-reroll.armed")  # its way onto the track is highlighted
    track.click()
    page.wait_for_selector(f'[data-part="hand-{p}"][data-rerolling] [data-reroll="sacrifice"]')
    assert go.get_attribute("aria-disabled") == "true"
    page.locator(f'[data-rerolling] [data-pick="{keys[0]}"]').click()
    page.wait_for_selector(f'[data-pick="{keys[0]}"][aria-pressed="true"]')
    page.keyboard.press("Escape")  # changed my mind: back to the die, nothing sent
    page.wait_for_selector(f'.fl-die.sel[data-die="{p}:{sacrifice}"]')
    assert page.locator("[data-rerolling]").count() == 0

    track.click()
    for key in keys:
        page.locator(f'[data-rerolling] [data-pick="{key}"]').click()
        page.wait_for_selector(f'[data-pick="{key}"][aria-pressed="true"]')
    assert go.text_content() == "Re-roll 2 dice"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "flatline-reroll.png"), full_page=True)
    go.click()
    g.act("reroll", player=p, sacrifice=sacrifice, dice=move.dice)  # the typed call, on the mirror
    pending(page, "reroll")
    assert page.locator('.fl-svg [data-part="track"]').get_attribute("data-rerolls") == (
        f"1/{g.state.reroll_limit}")
    page.get_by_role("button", name="Next step").click()
    g.step()  # the same seed and the same calls: the same re-roll
    pending(page, "countdown")
    assert hands(page) == mirror_hands(g)
    entry = page.locator(".fl-log li", has_text="re-rolls 2 dice").first.text_content()
    assert f"p = {g.log[-1].probability}" in entry and g.log[-1].text in entry


def test_a_timed_countdown_ends_by_itself(page):
    g = new_game(page, timer="5 s", seed=5)
    to_countdown(page, g)
    clock = page.locator(".fl-svg .fl-clock")
    first = int(clock.text_content().split()[0])  # "5 s left"
    assert 0 < first <= 5
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "flatline-timer.png"), full_page=True)
    page.wait_for_function(  # it counts down in the page
        f"parseInt(document.querySelector('.fl-clock').textContent) < {first}")
    pending(page, "resolve-cards")  # nobody clicked: the page's ticks ran g.tick()
    page.locator(".fl-log li", has_text="Time is up").wait_for()  # the log panel follows
    assert page.locator(".fl-log li", has_text="Time is up").count() == 1
    assert clock.count() == 0 and page.locator(".fl-svg .fl-die[data-tool]").count() == 0
