"""Shared helpers: set up a Flash Point position by hand, the way a rulebook example does."""

from __future__ import annotations

import os

import pytest

import flatlab
from flatlab.games.flash_point.state import CLOSED, FALSE_ALARMS, FIRE, SMOKE, VICTIMS


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
        _set_position(s, at, fire, smoke, hidden, victims, ap, fields)
    return g


def experienced_position(*, specialists=("generalist",), layout: str = "house-a", at=((3, 3),),
                         ambulance: int = 0, engine: int = 0, fire=(), smoke=(), hidden=(),
                         victims=None, hazmat=None, hot_spots=(), supply: int = 6,
                         ap: int | list[int] | None = None, difficulty: str = "recruit",
                         variants=(), seed: int = 1, **fields):
    """An Experienced game in the Take Action step of turn 1 with exactly this position.

    As `position`, plus: one specialist card per firefighter (the current player
    is the first, with that card's AP and free AP unless `ap` says otherwise), the
    Ambulance and the Engine on their spots number `ambulance`/`engine` (indexes
    into the layout's clockwise spots), `hazmat` {space: count}, `hot_spots` and the
    `supply` on the yellow circles. The random set-up's markers and damage are cleared.
    """
    from flatlab.games.flash_point.specialists import SPECIALISTS, start_turn
    players = len(specialists)
    dealt = "lone-engine-company" in variants
    g = flatlab.new_game("flash-point", mode="experienced", layout=layout, players=players,
                         difficulty=difficulty, variants=list(variants), seed=seed,
                         specialists=None if dealt else list(specialists))
    while g.pending != "place-firefighter":
        g.step()
    for _ in range(players):
        g.act("place", to=(0, 0))
    layout_ = g.state.layout
    g.act("park", to=layout_.ambulance_spots[0][0])
    g.act("park", to=layout_.engine_spots[0][0])
    with g.edit() as s:
        s.specialists = list(specialists)
        s.ap = [0] * players
        start_turn(s)
        if ap is None:
            ap = [SPECIALISTS[n].ap for n in specialists]
        s.damage = {}
        s.doors = dict.fromkeys(s.doors, CLOSED)
        s.ambulance, s.engine = ambulance, engine
        s.hazmat = dict(hazmat or {})
        s.hot_spots, s.hot_spot_supply = list(hot_spots), supply
        _set_position(s, at, fire, smoke, hidden, victims, ap, fields)
    return g


def _set_position(s, at, fire, smoke, hidden, victims, ap, fields) -> None:
    s.positions = list(at)
    s.ap = list(ap) if isinstance(ap, list) else [ap] * s.players
    s.threat = {**dict.fromkeys(smoke, SMOKE), **dict.fromkeys(fire, FIRE)}
    s.hidden = list(hidden)
    s.victims = dict(victims or {})
    s.false_alarms = 0
    for key, value in fields.items():
        if key == "doors":
            s.doors.update(value)
        else:
            setattr(s, key, value)
    s.unrevealed_victims = VICTIMS - sum(s.victims.values()) - s.rescued - s.lost
    s.bag = s.unrevealed_victims + FALSE_ALARMS - s.false_alarms - len(s.hidden)


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
