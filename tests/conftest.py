"""Shared helpers: set up a Flash Point position by hand, the way a rulebook example does."""

from __future__ import annotations

import os

import pytest

import flatlab
from flatlab.games.flash_point.state import FALSE_ALARMS, FIRE, SMOKE, VICTIMS


def position(*, layout: str = "open", players: int = 1, at=((3, 3),), fire=(), smoke=(),
             hidden=(), victims=None, ap: int | list[int] = 4, seed: int = 1, **fields):
    """A family game in the Take Action step of turn 1 with exactly this position.

    `at` gives each firefighter's space, `fire`/`smoke` the threat markers (the
    layout's starting ones are cleared), `hidden` the face-down POI, `victims`
    {space: count} of revealed victims; other keyword arguments set state fields
    directly (e.g. damage={edge: 1}, doors={edge: "open"}, rescued=6, lost=3).
    The POI bag is adjusted so that every marker count still adds up.
    """
    g = flatlab.new_game("flash-point", layout=layout, players=players, seed=seed)
    for _ in range(players):
        g.act("place", to=(0, 0))
    with g.edit() as s:
        s.positions = list(at)
        s.ap = list(ap) if isinstance(ap, list) else [ap] * players
        s.threat = {**dict.fromkeys(smoke, SMOKE), **dict.fromkeys(fire, FIRE)}
        s.hidden = list(hidden)
        s.victims = dict(victims or {})
        for key, value in fields.items():
            if key == "doors":
                s.doors.update(value)
            else:
                setattr(s, key, value)
        s.unrevealed_victims = VICTIMS - sum(s.victims.values()) - s.rescued - s.lost
        s.bag = s.unrevealed_victims + FALSE_ALARMS - s.false_alarms - len(s.hidden)
    return g


@pytest.fixture
def make_position():
    return position


# --- real-browser tests (tests/test_browser.py) ------------------------------------------
@pytest.fixture(scope="session")
def chromium():
    """Debian's headless Chromium through Playwright. Off CI a missing browser skips; in CI it fails."""
    from flatlab.ui.browser import CHROMIUM, launch
    if not CHROMIUM.exists():
        why = f"{CHROMIUM} is not installed (apt-get install -y chromium)"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(why + "; CI must run the browser tests")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def voila_url():
    """`flatlab serve` (Voilà, voila.json, our template) on a free port of 127.0.0.1, for the session.

    Its output goes to test-artifacts/voila.log.
    """
    from flatlab.ui.browser import dashboard_server
    from flatlab.ui.serve import ROOT
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    with open(ROOT / "test-artifacts" / "voila.log", "w") as log, dashboard_server(log=log) as url:
        yield url
