"""Real-browser tests: headless Chromium plays the Flash Point dashboard served by Voilà.

Each test clicks (or types) in the page and checks the DOM against a mirror game
played with the same seed and the same calls in this process: the dashboard and
`g.act(...)` are one code path, so the board on screen must be the mirror's
state, space by space. Every request is routed and none may leave 127.0.0.1.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError

import flatlab
from flatlab.ui.browser import local_only

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
DASHBOARD = "voila/render/flash-point.ipynb"
WAIT = 20_000  # ms, for every wait after the page is up
LOAD = 90_000  # ms, for the first page (the kernel pool may still be filling)


def mirror():
    """The game the dashboard notebook starts with."""
    return flatlab.new_game("flash-point", players=3, layout="house-a", seed=7)


@pytest.fixture
def page(chromium, voila_url, request):
    context = chromium.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    outside, errors = [], []
    local_only(page, outside)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{voila_url}/{DASHBOARD}", timeout=LOAD)
    page.wait_for_selector(".fl-svg [data-target]", timeout=LOAD)
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert errors == [], f"errors in the page: {errors}"


def space(page, cell):
    return page.locator(f'.fl-svg [data-target="{json.dumps(list(cell), separators=(",", ":"))}"]')


# what the page shows: the pending step, the AP counter, every space, every door and wall
READ = """() => ({
  pending: document.querySelector('.fl-board').dataset.pending,
  ap: document.querySelector('.fl-counter[data-counter="AP"] b').textContent,
  spaces: [...document.querySelectorAll('.fl-svg [data-target]')].map(e =>
    [e.dataset.target, e.dataset.threat || '', e.dataset.poi || '', e.dataset.ff || '']),
  doors: [...document.querySelectorAll('.fl-svg .door')].map(e => [e.dataset.edge, e.dataset.state]),
  walls: [...document.querySelectorAll('.fl-svg .wall')].map(e => [e.dataset.edge, e.dataset.damage]),
})"""


def expected(g):
    """The same, read from the mirror game's state."""
    s = g.state
    spaces = []
    for r in range(8):
        for c in range(10):
            here = " ".join(str(i) for i, p in enumerate(s.positions) if p == (r, c))
            spaces.append([f"[{r},{c}]", s.threat.get((r, c), ""), "1" if (r, c) in s.hidden else "", here])
    edge = lambda e: f"{e[0][0]},{e[0][1]},{e[1][0]},{e[1][1]}"  # noqa: E731
    return {"pending": g.pending, "ap": str(s.ap[s.current]), "spaces": spaces,
            "doors": [[edge(e), s.doors[e]] for e in sorted(s.layout.doors)],
            "walls": [[edge(e), str(s.damage.get(e, 0))] for e in sorted(s.layout.walls)]}


def settle(page, g):
    """Wait until the page shows the mirror game's state; on a time-out, show the difference."""
    want = expected(g)
    try:
        page.wait_for_function(f"want => JSON.stringify(({READ})()) === JSON.stringify(want)",
                               arg=want, timeout=WAIT)
    except TimeoutError:
        assert page.evaluate(READ) == want


def act(page, g, tool, cell=None, **params):
    """Choose the tool, click the space, and play the same action on the mirror."""
    page.locator(f'.fl-tool[data-tool="{tool}"]').click()
    if cell is not None:
        page.wait_for_selector(f'.fl-tool[data-tool="{tool}"][aria-pressed="true"]')
        space(page, cell).click()
    g.act(tool.split("+")[0], **params)
    settle(page, g)


def test_play_a_turn_by_clicking_then_roll_the_advance_fire(page):
    g = mirror()
    settle(page, g)
    assert page.locator(".fl-svg .legal").count() == 32  # place: the whole outside ring is legal
    for cell in [(3, 0), (0, 4), (7, 3)]:
        act(page, g, "place", cell, to=cell)
    assert page.locator(".fl-status").text_content() == "turn 1 · take-action"
    legal = {json.dumps(list(a.to), separators=(",", ":")) for a in g.legal_actions() if a.kind == "move"}
    shown = set(page.eval_on_selector_all(".fl-svg .legal", "els => els.map(e => e.dataset.target)"))
    assert shown == legal  # the highlight is legal_actions(), nothing else

    act(page, g, "door", (3, 1), to=(3, 1))
    assert page.locator('.door[data-edge="3,0,3,1"]').get_attribute("data-state") == "open"

    page.keyboard.press("1")  # keyboard: tool 1 is Move; arrows walk the spaces, Enter acts
    page.wait_for_selector('.fl-tool[data-tool="move"][aria-pressed="true"]')
    space(page, (3, 0)).focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.target") == "[3,1]"
    page.keyboard.press("Enter")
    g.act("move", to=(3, 1))
    settle(page, g)
    act(page, g, "move", (3, 2), to=(3, 2))

    assert space(page, (3, 3)).get_attribute("data-threat") == "fire"
    act(page, g, "extinguish", (3, 3), at=(3, 3))
    assert space(page, (3, 3)).get_attribute("data-threat") == "smoke"

    act(page, g, "end-turn")
    assert g.pending == "advance-fire"
    forecast = g.forecast()
    page.wait_for_selector(".js-plotly-plot .bartext")  # the panel appears with the forecast
    bars = page.locator(".js-plotly-plot .bartext").all_text_contents()
    assert str(forecast.kind["explosion"]) in " ".join(bars)
    log_before = page.locator(".fl-log li").count()

    page.get_by_role("button", name="Next step").click()
    g.step()  # the same seed and the same calls: the same roll
    target = g.state.target
    settle(page, g)
    assert space(page, target).get_attribute("data-rolled") == "1"
    roll = page.locator(".fl-log li", has_text="advance-fire roll").first.text_content()
    assert f"space {target}" in roll and "p = 1/48" in roll and "rigged" not in roll
    assert page.locator(".fl-log li").count() > log_before
    page.wait_for_function("document.querySelector('.js-plotly-plot .gtitle').textContent.includes('Rolled')")

    page.get_by_role("button", name="Run to my next decision").click()
    g.run()
    settle(page, g)


def test_refused_clicks_say_why_and_rigged_dice_undo_and_overlay_work(page):
    g = mirror()
    space(page, (3, 3)).click()  # set-up: firefighters start outside
    error = page.locator(".fl-error")
    error.wait_for(state="visible")
    assert "start on the outside ring" in error.text_content()
    settle(page, g)  # nothing changed

    act(page, g, "place", (0, 4), to=(0, 4))
    act(page, g, "place", (0, 5), to=(0, 5))
    act(page, g, "place", (0, 6), to=(0, 6))
    space(page, (2, 4)).click()  # not next to (0, 4)
    page.wait_for_function("document.querySelector('.fl-error').textContent.includes('not next to')")
    settle(page, g)

    page.get_by_role("button", name="Undo").click()
    g.undo()
    settle(page, g)
    assert not error.is_visible()
    act(page, g, "place", (0, 6), to=(0, 6))

    page.locator(".fl-overlay input").check()
    page.wait_for_selector(".fl-svg [data-p]")
    shown = dict(page.eval_on_selector_all("[data-p]", "e => e.map(x => [x.dataset.target, x.dataset.p])"))
    expected = {f"[{r},{c}]": str(p) for (r, c), p in g.forecast().fire_probability.items() if p}
    assert shown == expected

    act(page, g, "end-turn")
    rig = page.locator(".widget-dropdown select").last  # the new-game form has the others
    rig.select_option(label="red 2, black 2: space (2, 2) (p = 1/48)")
    page.get_by_role("button", name="Roll this").click()
    g.step(outcome=(2, 2))  # (2, 2) is on fire: an explosion
    settle(page, g)
    roll = page.locator(".fl-log li", has_text="advance-fire roll").first.text_content()
    assert "rigged; p = 1/48" in roll and "space (2, 2)" in roll
    assert "an explosion!" in " ".join(page.locator(".fl-log li").all_text_contents())
    page.wait_for_function(
        "document.querySelector('.js-plotly-plot .gtitle').textContent.includes('explosion')")


def test_the_gallery_links_the_dashboards_and_hides_the_code(chromium, voila_url):
    context = chromium.new_context()
    page = context.new_page()
    page.set_default_timeout(WAIT)
    outside, failed = [], []
    local_only(page, outside)
    context.on("request", lambda r: urlsplit(r.url).hostname in ("127.0.0.1", None)
               or r.url.startswith(("blob:", "data:")) or outside.append(r.url))
    context.on("response", lambda r: r.status >= 400 and r.request.method == "GET"
               and failed.append(f"{r.status} {r.url}"))
    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=LOAD)
    link = page.get_by_role("link", name="Flash Point: Fire Rescue")
    link.wait_for(timeout=LOAD)
    with context.expect_page() as opened:  # in a new tab: the gallery stays (and keeps its kernel)
        link.click(modifiers=["Control"])
    flash_point = opened.value
    flash_point.wait_for_selector(".fl-svg [data-target]", timeout=LOAD)
    assert "from flatlab.ui import Dashboard" not in flash_point.content()  # strip_sources: no code
    page.get_by_role("link", name="Flatline (co-op)").click()
    page.wait_for_selector(".fl-flatline .fl-svg [data-part='meter']", timeout=LOAD)
    assert page.locator(".fl-flatline .fl-title").text_content() == "Flatline (co-op)"
    assert "from flatlab.ui import Dashboard" not in page.content()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "gallery-flatline.png"), full_page=True)
    context.close()
    assert outside == []
    assert failed == []  # no missing script or style (leaving a page, Voilà's POST to
    # api/shutdown gets a 403: that is Voilà's business, not counted)

