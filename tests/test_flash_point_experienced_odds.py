"""Exact odds of the Flash Point Experienced game: the flare-up law, the deck gun, the forecast."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import experienced_position

from flatlab.games.flash_point import deck_gun
from flatlab.games.flash_point.board import QUADRANT_CELLS, bordering_quadrants
from flatlab.games.flash_point.state import FIRE

HOT = [(1, 1), (2, 2), (5, 5), (6, 6)]


def test_rolls_per_turn_are_geometric_in_the_hot_spots():
    g = experienced_position(hot_spots=HOT, fire=[(4, 4)])
    f = g.forecast()
    law = f.rolls
    assert law.p == Fraction(4, 48)
    assert [law.pmf(k) for k in (1, 2, 3)] == [Fraction(11, 12), Fraction(11, 144),
                                              Fraction(11, 1728)]
    assert law.at_least(3) == Fraction(1, 144)
    assert law.mean == Fraction(12, 11)
    assert f.rolls_exact
    assert "geometric with p = 4/48 = 1/12" in str(f)


def test_the_simulated_whole_phase_agrees_with_the_exact_law():
    g = experienced_position(hot_spots=HOT, fire=[(4, 4)])
    phase = g.forecast().whole_phase
    assert phase.n == 2000
    standard_error = phase.rolls.sd / phase.n ** 0.5
    assert abs(phase.rolls.estimate - 12 / 11) < 4 * standard_error  # a 4-sigma band
    assert "simulated" in str(phase)
    assert phase.collapse.successes == 0


def test_hazmat_makes_the_roll_count_approximate_and_is_in_the_exact_first_roll():
    # hazmat at (4, 5) next to the fire at (4, 4): smoke landing on it becomes fire, the
    # hazmat explodes and the blast reaches the firefighter at (4, 6)
    g = experienced_position(hot_spots=HOT, fire=[(4, 4)], hazmat={(4, 5): 1}, at=[(4, 6)],
                             layout="open")
    f = g.forecast()
    assert not f.rolls_exact
    assert "approximate: a hazmat explosion could add a Hot Spot mid-chain" in str(f)
    assert f.fire_probability[(4, 6)] >= Fraction(1, 48)
    assert f.knock_down >= Fraction(1, 48)


@pytest.mark.parametrize("engine", range(4))
def test_flipping_keeps_each_space_of_the_quadrant_at_one_twelfth(engine):
    g = experienced_position(engine=engine, at=[(0, 0)])
    odds = deck_gun.deck_gun_odds(g.state)
    (q,) = bordering_quadrants(g.state.layout.engine_spots[engine])
    assert dict(odds.plain) == dict.fromkeys(QUADRANT_CELLS[q], Fraction(1, 12))


def _driver_law_by_the_steps(g):
    """Play the Driver's rerolls through the real steps, following `best_reroll` at each
    decision and enumerating every chance outcome exactly."""
    law: dict = {}

    def walk(game, p):
        if game.pending == "deck-gun-reroll":
            choice = deck_gun.best_reroll(game.state)
            if choice.kind == "fire":
                target = deck_gun.target_of(tuple(game.state.dice), deck_gun.aim(game.state))
                law[target] = law.get(target, 0) + p
                return
            game = game.clone()
            game.act(choice)
        node = game.chance()
        for outcome, q in node.items():
            twin = game.clone()
            twin.step(outcome=outcome)
            if twin.pending == "take-action":  # fired after the last reroll
                target = deck_gun.target_of(_last_dice(game, outcome), deck_gun.aim(game.state))
                law[target] = law.get(target, 0) + p * q
            else:
                walk(twin, p * q)

    walk(g, Fraction(1))
    return law


def _last_dice(game, outcome):
    s = game.state
    if game.pending == "deck-gun-roll":
        return outcome
    dice = list(s.dice)
    dice[0 if s.rerolled[-1] == "red" else 1] = outcome
    return tuple(dice)


def test_the_drivers_best_rerolls_are_what_the_steps_play():
    fires = [(1, 6), (1, 7), (2, 8)]
    g = experienced_position(specialists=("driver-operator",), at=[(1, 9)], fire=fires)
    odds = deck_gun.deck_gun_odds(g.state)
    assert sum(odds.driver.values()) == 1
    assert odds.driver_value > odds.plain_value
    g.act("deck-gun")
    assert g.state.ap[0] == 2  # the Driver pays 2 AP
    assert _driver_law_by_the_steps(g) == dict(odds.driver)
    # without rerolls, every space is 1/12 and the value is the plain average
    assert odds.plain_value == sum(Fraction(v, 12) for v in odds.value.values())
    assert all(g.state.threat.get(c) == FIRE for c in fires)  # nothing fired yet
