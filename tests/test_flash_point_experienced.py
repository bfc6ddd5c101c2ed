"""Rulebook scenarios for Flash Point: Fire Rescue, Experienced rules (and the three variants).

As in test_flash_point_rules.py: each test hand-sets a position (mostly on the
"open" layout, whose only walls are the outer ones), forces the dice and checks
the exact state the rulebook ("Experienced Game" to "Changing the Rules") and
our rulings (flatlab/games/flash_point/RULES.md and the module docstrings) ask for.
Spaces are (row, column); the vehicles stand on spot numbers of the layout's
clockwise `ambulance_spots` / `engine_spots`. On "open" (and "house-a"):

    ambulance spots 0 (0,5)(0,6)  1 (3,9)(4,9)  2 (7,3)(7,4)  3 (3,0)(4,0)
    engine spots    0 (1,9)(2,9)  1 (7,6)(7,7)  2 (5,0)(6,0)  3 (0,2)(0,3)
    engine spot 3 borders the top-left quadrant (rows 1-3, columns 1-4).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import experienced_position, position
from driving import advance_to, assert_illegal, rejected

import flatlab
from flatlab import Action
from flatlab.games.flash_point import deck_gun, hot_spots
from flatlab.games.flash_point.board import INSIDE, QUADRANT_CELLS, edge, load_layout
from flatlab.games.flash_point.experienced_setup import SETUP_KEY
from flatlab.games.flash_point.specialists import SPECIALISTS
from flatlab.games.flash_point.state import CLOSED, DESTROYED, FIRE, OPEN, SMOKE, check_invariants

W = edge  # a wall or door between two spaces
QUIET_POI = [(1, 1), (1, 2), (1, 8)]  # three face-down POI, so Replenish POI has nothing to do
QUIET_ROLL = (6, 1)  # an advance-fire roll onto an empty space far from everything
OPEN_LAYOUT = load_layout("open")
AMBULANCE = OPEN_LAYOUT.ambulance_spots
ENGINE = OPEN_LAYOUT.engine_spots
TOP_LEFT_ENGINE = 3  # engine spot (0, 2)-(0, 3)


def xp(**kwargs):
    """An Experienced position on the open layout with three quiet face-down POI."""
    return experienced_position(**{"layout": "open", "hidden": QUIET_POI, **kwargs})


def fires(*cells):
    return dict.fromkeys(cells, FIRE)


def smokes(*cells):
    return dict.fromkeys(cells, SMOKE)


def new_experienced(players=1, specialists="default", **options):
    """A fresh Experienced game at its first set-up roll."""
    if specialists == "default":
        specialists = list(SPECIALISTS)[:players]
    return flatlab.new_game("flash-point", mode="experienced", players=players,
                            specialists=specialists, **options)


def run_setup_until(g, step_name):
    """Roll (with the seeded dice) through set-up steps until `step_name` is pending."""
    while g.pending != step_name:
        assert g.phase == "set-up", g.pending
        g.step()


def end_turn_and_roll(g, roll):
    g.act("end-turn")
    g.step(outcome=roll)


# --- Experienced Game — Setup ---------------------------------------------------------
def test_setup_key_maps_the_black_die_to_the_central_eight_spaces():
    """Setup step 4: the first explosion rolls only the black die; each face names one space."""
    assert SETUP_KEY == {1: (3, 3), 2: (3, 4), 3: (3, 5), 4: (3, 6),
                         5: (4, 3), 6: (4, 4), 7: (4, 5), 8: (4, 6)}
    g = new_experienced(layout="house-a", seed=4)
    assert (g.pending, g.phase) == ("initial-explosion", "set-up")
    assert set(g.state.doors.values()) == {CLOSED}
    node = g.chance()
    assert "step 4" in node.rule
    assert dict(node.items()) == {cell: Fraction(1, 8) for cell in SETUP_KEY.values()}
    rejected(g, "Experienced Game — Setup", lambda: g.step(outcome=(1, 1)))  # not on the key


def test_recruit_setup_three_explosions_hazmat_poi_hot_spots_step_by_step():
    """Setup steps 4-11 on house-a, Recruit, 3 firefighters: every roll forced, every reroll shown."""
    g = new_experienced(players=3, layout="house-a", seed=2)
    # Step 4: setup key face 1 -> (3, 3): fire, Hot Spot, explosion (the wall above is damaged).
    g.step(outcome=(3, 3))
    s = g.state
    assert s.threat == fires((3, 3), (4, 3), (3, 2), (3, 4))
    assert s.damage == {W((2, 3), (3, 3)): 1}
    assert s.hot_spots == [(3, 3)]
    # Step 5: both dice; (3, 4) is already on fire -> roll again.
    node = g.chance()
    assert len(node) == 48 and all(p == Fraction(1, 48) for _, p in node.items())
    g.step(outcome=(3, 4))
    assert g.state.threat == s.threat and g.state.hot_spots == [(3, 3)]
    assert g.pending == "initial-explosion"
    g.step(outcome=(5, 6))  # the wall on the left of (5, 6) is damaged
    s = g.state
    assert s.threat == fires((3, 3), (4, 3), (3, 2), (3, 4), (5, 6), (4, 6), (6, 6), (5, 7))
    assert s.damage == {W((2, 3), (3, 3)): 1, W((5, 5), (5, 6)): 1}
    assert s.hot_spots == [(3, 3), (5, 6)]
    # Step 6: black 6 flipped to 3; only the red die is rolled: 6 outcomes of 1/6 in column 3.
    node = g.chance()
    assert "step 6" in node.rule
    assert dict(node.items()) == {(r, 3): Fraction(1, 6) for r in range(1, 7)}
    g.step(outcome=(3, 3))  # on fire: roll just the red die again (still column 3)
    assert dict(g.chance().items()) == {(r, 3): Fraction(1, 6) for r in range(1, 7)}
    assert g.state.hot_spots == [(3, 3), (5, 6)]
    rejected(g, "Experienced Game — Setup", lambda: g.step(outcome=(6, 4)))  # black is fixed
    g.step(outcome=(6, 3))  # walls below and on the left are damaged
    s = g.state
    assert s.threat == fires((3, 3), (4, 3), (3, 2), (3, 4), (5, 6), (4, 6), (6, 6), (5, 7),
                             (6, 3), (5, 3), (6, 4))
    assert s.damage == {W((2, 3), (3, 3)): 1, W((5, 5), (5, 6)): 1, W((6, 3), (7, 3)): 1,
                        W((6, 2), (6, 3)): 1}
    assert s.hot_spots == [(3, 3), (5, 6), (6, 3)]
    assert s.dice == []
    # Step 8: 3 hazmat (Recruit), rolled again onto fire (and, ruling, onto hazmat).
    assert g.pending == "place-hazmat" and len(g.chance()) == 48
    for roll, hazmat in [((3, 3), {}), ((1, 1), {(1, 1): 1}), ((1, 1), {(1, 1): 1}),
                         ((1, 8), {(1, 1): 1, (1, 8): 1}), ((2, 2), {(1, 1): 1, (1, 8): 1, (2, 2): 1})]:
        g.step(outcome=roll)
        assert g.state.hazmat == hazmat
    # Step 9: three POI, rolled again onto fire (and, ruling, onto another POI); hazmat is no bar.
    assert g.pending == "initial-poi"
    for roll, hidden in [((5, 6), []), ((1, 1), [(1, 1)]), ((1, 1), [(1, 1)]), ((2, 5), [(1, 1), (2, 5)]),
                         ((6, 8), [(1, 1), (2, 5), (6, 8)])]:
        g.step(outcome=roll)
        assert g.state.hidden == hidden
    assert g.state.bag == 12
    # Step 11: 3 firefighters at Recruit -> 2 extra Hot Spots, rolled again onto a Hot Spot.
    assert g.pending == "place-hot-spot"
    g.step(outcome=(3, 3))
    assert g.state.hot_spots == [(3, 3), (5, 6), (6, 3)] and g.pending == "place-hot-spot"
    g.step(outcome=(1, 2))
    g.step(outcome=(2, 2))
    s = g.state
    assert s.hot_spots == [(3, 3), (5, 6), (6, 3), (1, 2), (2, 2)]
    assert s.hot_spot_supply == 6
    assert g.pending == "place-firefighter"
    assert s.specialists == ["paramedic", "fire-captain", "imaging-technician"]


def test_setup_ends_with_firefighters_outside_then_ambulance_then_engine():
    """Setup steps 13-14: firefighters outside, then the Ambulance and the Engine on their own spots."""
    g = new_experienced(players=2, specialists=["cafs-firefighter", "generalist"], layout="open", seed=3)
    run_setup_until(g, "place-firefighter")
    assert_illegal(g, "Family Game Setup", "place", to=(3, 3))
    g.act("place", to=(0, 0))
    g.act("place", to=(7, 9))
    assert g.pending == "park-vehicle"
    assert set(g.legal_actions()) == {Action("park", to=spot[0]) for spot in AMBULANCE}
    assert_illegal(g, "step 14", "park", to=ENGINE[0][0])  # an engine spot, not the ambulance's
    g.act("park", to=AMBULANCE[1][1])  # either space of a spot will do
    assert g.state.ambulance == 1 and g.pending == "park-vehicle"
    assert set(g.legal_actions()) == {Action("park", to=spot[0]) for spot in ENGINE}
    g.act("park", to=ENGINE[3][0])
    s = g.state
    assert (s.engine, g.pending, g.turn, s.current) == (3, "take-action", 1, 0)
    assert s.ap == [3, 0] and s.free == {"extinguish": 3}  # the CAFS Firefighter starts


@pytest.mark.parametrize("difficulty, explosions, hazmat, supply", [
    ("recruit", 3, 3, 6), ("veteran", 3, 4, 6), ("heroic", 4, 5, 12)])
def test_difficulty_sets_explosions_hazmat_and_hot_spot_supply(difficulty, explosions, hazmat, supply):
    """Setup steps 3, 7 and 11: Recruit 3/3, Veteran 3/4, Heroic 4/5; 6 (12 at Heroic) in the supply."""
    g = new_experienced(players=1, difficulty=difficulty, layout="house-b", seed=11)
    seen = 0
    while g.pending == "initial-explosion":
        before = len(g.state.hot_spots)
        g.step()
        seen += len(g.state.hot_spots) - before
    assert seen == explosions == len(g.state.hot_spots)
    if explosions == 4:
        assert any("step 7" in e.rule for e in g.log)
    run_setup_until(g, "initial-poi")
    assert sum(g.state.hazmat.values()) == hazmat
    run_setup_until(g, "place-firefighter")
    assert g.state.hot_spot_supply == supply
    assert all(g.state.threat.get(c) != FIRE for c in g.state.hazmat)


@pytest.mark.parametrize("difficulty, players, extra", [
    ("recruit", 1, 0), ("recruit", 2, 0), ("recruit", 3, 2), ("recruit", 4, 3), ("recruit", 6, 3),
    ("veteran", 2, 3), ("veteran", 3, 5), ("veteran", 4, 6), ("heroic", 1, 3), ("heroic", 5, 6),
])
def test_extra_hot_spots_by_difficulty_and_crew_size(difficulty, players, extra):
    """Setup step 11: +3 at Veteran or Heroic, +2 with 3 firefighters, +3 with 4 or more (cumulative)."""
    g = new_experienced(players=players, difficulty=difficulty, layout="open", seed=players)
    run_setup_until(g, "initial-poi")
    initial = len(g.state.hot_spots)
    run_setup_until(g, "place-firefighter")
    assert len(g.state.hot_spots) - initial == extra
    placed = [e for e in g.log if "step 11" in e.rule and "hot spot roll" in e.text]
    assert len(placed) >= extra  # rerolls onto an existing Hot Spot are logged too
    assert len(set(g.state.hot_spots)) == len(g.state.hot_spots)


def test_each_explosion_is_a_full_explosion_with_damage_and_a_hot_spot():
    """Setup steps 4-7: each target gets fire and a Hot Spot and explodes with damage (unlike the
    family FAQ set-up); fire blown outside is removed (ruling)."""
    g = new_experienced(players=1, difficulty="heroic", layout="house-a", seed=5)
    g.step(outcome=(3, 6))  # face 4: the door on the left of (3, 6) is destroyed, the wall below damaged
    s = g.state
    assert s.doors[W((3, 5), (3, 6))] == DESTROYED
    assert s.damage == {W((3, 6), (4, 6)): 1}
    assert s.threat == fires((3, 6), (2, 6), (3, 7))
    g.step(outcome=(3, 8))  # the wall on the right of (3, 8) is the outer wall; (3, 7) burns: shockwave
    s = g.state
    assert s.damage == {W((3, 6), (4, 6)): 1, W((3, 8), (4, 8)): 1, W((3, 8), (3, 9)): 1}
    assert s.hot_spots == [(3, 6), (3, 8)]
    assert all(c in INSIDE for c in s.threat)


def test_heroic_fourth_explosion_rolls_both_dice_and_rerolls_onto_fire():
    """Setup step 7: at Heroic the fourth explosion rolls both dice, again while the target burns."""
    g = new_experienced(players=1, difficulty="heroic", layout="open", seed=6)
    g.step(outcome=(3, 3))
    g.step(outcome=(6, 1))
    g.step(outcome=(1, 8))  # black 1 flipped to 8
    assert g.state.hot_spots == [(3, 3), (6, 1), (1, 8)]
    node = g.chance()
    assert "step 7" in node.rule and len(node) == 48
    g.step(outcome=(3, 3))
    assert g.pending == "initial-explosion" and len(g.state.hot_spots) == 3
    g.step(outcome=(6, 8))
    assert g.state.hot_spots == [(3, 3), (6, 1), (1, 8), (6, 8)]
    assert g.pending == "place-hazmat" and g.state.setup_left == 5


def test_random_specialists_are_dealt_one_by_one_from_the_cards_left():
    """Setup step 10: cards dealt at random are uniform over the cards not dealt yet."""
    g = new_experienced(players=2, specialists=None, layout="open", seed=8)
    run_setup_until(g, "deal-specialist")
    assert dict(g.chance().items()) == {name: Fraction(1, 8) for name in SPECIALISTS}
    g.step(outcome="driver-operator")
    assert dict(g.chance().items()) == {name: Fraction(1, 7) for name in SPECIALISTS
                                        if name != "driver-operator"}
    rejected(g, "step 10", lambda: g.step(outcome="driver-operator"))
    g.step(outcome="paramedic")
    assert g.state.specialists == ["driver-operator", "paramedic"]
    assert g.pending == "place-firefighter"  # Recruit, 2 firefighters: no extra Hot Spots


# --- options ----------------------------------------------------------------------------
@pytest.mark.parametrize("options, option", [
    ({"mode": "experienced", "difficulty": "legendary"}, "difficulty"),
    ({"mode": "experienced", "players": 2, "specialists": ["generalist", "medic"]}, "specialists"),
    ({"mode": "experienced", "players": 2, "specialists": ["generalist", "generalist"]}, "specialists"),
    ({"mode": "experienced", "players": 3, "specialists": ["generalist", "paramedic"]}, "specialists"),
    ({"mode": "experienced", "players": 1, "specialists": 5}, "specialists"),
    ({"mode": "family", "difficulty": "veteran"}, "difficulty"),
    ({"difficulty": "recruit"}, "difficulty"),
    ({"mode": "family", "specialists": ["generalist"], "players": 1}, "specialists"),
    ({"mode": "family", "variants": ["murphy-strikes"]}, "variants"),
    ({"mode": "experienced", "variants": ["murphys-law"]}, "variants"),
    ({"mode": "experienced", "variants": ["murphy-strikes", "murphy-strikes"]}, "variants"),
    ({"mode": "experienced", "players": 1, "variants": ["lone-engine-company"],
      "specialists": ["generalist"]}, "specialists"),
    ({"mode": "experienced", "setup": "standard"}, "setup"),
    ({"mode": "expert"}, "mode"),
], ids=["bad-difficulty", "unknown-card", "duplicate-card", "wrong-count", "not-a-list",
        "family-difficulty", "default-family-difficulty", "family-specialists", "family-variants",
        "unknown-variant", "duplicate-variant", "lone-engine-specialists", "experienced-setup",
        "bad-mode"])
def test_bad_options_are_refused_naming_the_option(options, option):
    """Options: every bad Experienced option fails with a message that starts with its name."""
    with pytest.raises(ValueError, match=rf"^{option}:"):
        flatlab.new_game("flash-point", seed=1, **options)


# --- Vehicles: Drive ----------------------------------------------------------------------
@pytest.mark.parametrize("to, spot", [(AMBULANCE[1][0], 1), (AMBULANCE[1][1], 1), (AMBULANCE[3][0], 3)])
def test_ambulance_drives_by_radio_to_either_neighbouring_spot_for_2_ap(to, spot):
    """Drive: 2 AP to the next spot clockwise or counter-clockwise; the Ambulance by radio, from anywhere."""
    g = xp(at=[(3, 3)], ambulance=0)
    g.act("drive", vehicle="ambulance", to=to)
    s = g.state
    assert (s.ambulance, s.ap, s.positions) == (spot, [3], [(3, 3)])
    assert g.pending == "take-action"


@pytest.mark.parametrize("to", [AMBULANCE[2][0], AMBULANCE[2][1], AMBULANCE[0][1], (3, 3), (0, 0)],
                         ids=["opposite", "opposite-other-space", "same-spot", "inside", "corner"])
def test_ambulance_drive_to_a_spot_not_next_to_it_is_refused(to):
    """Drive: a vehicle only goes to its own next spot; the opposite one takes two Drives."""
    g = xp(at=[(3, 3)], ambulance=0)
    assert_illegal(g, "Take Action: Drive", "drive", vehicle="ambulance", to=to)


def test_driving_to_the_opposite_spot_takes_two_drives():
    """Drive: the opposite Parking Spot is two Drive actions (4 AP) away."""
    g = xp(at=[(3, 3)], ambulance=0)
    g.act("drive", vehicle="ambulance", to=AMBULANCE[1][0])
    g.act("drive", vehicle="ambulance", to=AMBULANCE[2][0])
    assert g.state.ambulance == 2 and g.state.ap == [1]


def test_engine_is_driven_only_from_its_space_and_the_driver_goes_with_it():
    """Drive: only a firefighter in the Engine's space drives it, and the driver rides along."""
    g = xp(at=[(3, 3)], engine=0)
    assert_illegal(g, "Take Action: Drive", "drive", vehicle="engine", to=ENGINE[1][0])
    g = xp(at=[ENGINE[0][1]], engine=0)
    g.act("drive", vehicle="engine", to=ENGINE[3][1])  # counter-clockwise
    assert (g.state.engine, g.state.positions, g.state.ap) == (3, [ENGINE[3][1]], [3])
    g.act("drive", vehicle="engine", to=ENGINE[0][0])  # and back clockwise
    assert (g.state.engine, g.state.positions, g.state.ap) == (0, [ENGINE[0][0]], [1])


def test_riders_go_for_0_ap_and_get_out_where_the_driver_says():
    """Drive (riding): firefighters in the vehicle's spot may ride for 0 AP; they arrive at `to`."""
    g = xp(specialists=("generalist", "paramedic", "cafs-firefighter"),
           at=[ENGINE[0][0], ENGINE[0][1], (3, 8)], ap=[5, 2, 1])
    assert_illegal(g, "Take Action: Drive (riding)", "drive", vehicle="engine", to=ENGINE[1][1],
                   riders=(0, 1))  # the driver is not listed: they always go
    assert_illegal(g, "Take Action: Drive (riding)", "drive", vehicle="engine", to=ENGINE[1][1],
                   riders=(2,))  # not in the Engine's spot
    g.act("drive", vehicle="engine", to=ENGINE[1][1], riders=(1,))
    s = g.state
    assert s.positions == [ENGINE[1][1], ENGINE[1][1], (3, 8)]
    assert s.ap == [3, 2, 1] and s.engine == 1


def test_riding_the_ambulance_is_optional_even_for_the_one_who_drives_it():
    """Drive: it is optional to go with the Ambulance; who stays behind stays put."""
    g = xp(specialists=("generalist", "paramedic"), at=[AMBULANCE[0][0], AMBULANCE[0][1]])
    g.act("drive", vehicle="ambulance", to=AMBULANCE[3][1], riders=(1,))
    assert g.state.positions == [AMBULANCE[0][0], AMBULANCE[3][1]]
    g = xp(specialists=("generalist", "paramedic"), at=[AMBULANCE[0][0], AMBULANCE[0][1]])
    g.act("drive", vehicle="ambulance", to=AMBULANCE[1][0], riders=(0, 1))
    assert g.state.positions == [AMBULANCE[1][0], AMBULANCE[1][0]] and g.state.ap == [3, 4]


def test_drive_listing_offers_both_directions_with_and_without_riders():
    """Drive: legal_actions lists each neighbouring spot, with everyone who may ride and with nobody."""
    g = xp(specialists=("generalist", "paramedic"), at=[ENGINE[0][0], ENGINE[0][1]])
    drives = {a for a in g.legal_actions() if a.kind == "drive" and a.vehicle == "engine"}
    assert drives == {Action("drive", vehicle="engine", to=ENGINE[1][0]),
                      Action("drive", vehicle="engine", to=ENGINE[1][0], riders=(1,)),
                      Action("drive", vehicle="engine", to=ENGINE[3][0]),
                      Action("drive", vehicle="engine", to=ENGINE[3][0], riders=(1,))}


def test_family_game_has_no_vehicle_actions():
    """Vehicles belong to the Experienced game."""
    g = position(at=[(3, 3)])
    assert_illegal(g, "Take Action: Drive", "drive", vehicle="ambulance", to=(3, 9))
    assert_illegal(g, "Deck Gun", "deck-gun")
    assert_illegal(g, "Crew Change", "crew-change", to="generalist")


# --- Vehicles: rescue at the Ambulance ----------------------------------------------------
def test_victims_waiting_on_a_spot_are_rescued_when_the_ambulance_arrives():
    """Drive: if the Ambulance is Driven to a Parking Spot with a Victim, the Victim is rescued (0 AP)."""
    g = xp(at=[(3, 3)], ambulance=0, victims={AMBULANCE[1][0]: 1, AMBULANCE[1][1]: 1, (0, 9): 1})
    g.act("drive", vehicle="ambulance", to=AMBULANCE[1][0])
    s = g.state
    assert (s.rescued, s.victims, s.ap) == (2, {(0, 9): 1}, [3])


def test_carrying_a_victim_into_an_ambulance_space_rescues_it():
    """Vehicles: victims must be carried to the Ambulance to be rescued."""
    g = xp(at=[(0, 4)], ambulance=0, victims={(0, 4): 1})
    g.act("move", to=AMBULANCE[0][0], carry=True)
    s = g.state
    assert (s.rescued, s.victims, s.positions, s.ap) == (1, {}, [AMBULANCE[0][0]], [3])


@pytest.mark.parametrize("start, to, ambulance", [
    ((1, 4), (0, 4), 0),  # out through the doorway, beside the Ambulance
    ((0, 4), (0, 5), 1),  # onto an ambulance spot where the Ambulance is not parked
], ids=["outside", "empty-ambulance-spot"])
def test_carrying_a_victim_out_elsewhere_does_not_rescue_it(start, to, ambulance):
    """Vehicles: outside the building but not at the Ambulance, a carried victim just waits there."""
    g = xp(at=[start], ambulance=ambulance, victims={start: 1})
    g.act("move", to=to, carry=True)
    s = g.state
    assert (s.rescued, s.victims, s.positions) == (0, {to: 1}, [to])
    g.act("drive", vehicle="ambulance", to=AMBULANCE[0][0] if ambulance == 1 else AMBULANCE[1][0])
    assert g.state.rescued == (1 if to == (0, 5) else 0)


def test_seventh_rescue_at_the_ambulance_wins():
    """Game End: the seventh rescue, here by driving the Ambulance to a waiting victim, wins at once."""
    g = xp(at=[(3, 3)], ambulance=0, victims={AMBULANCE[1][1]: 1}, rescued=6)
    g.act("drive", vehicle="ambulance", to=AMBULANCE[1][0])
    assert (g.over, g.outcome, g.state.rescued) == (True, "won", 7)


def test_experienced_knock_down_offers_exactly_the_ambulance_spaces():
    """Knocked Down (Experienced): the firefighter goes to one of the two spaces of the Ambulance's spot."""
    g = xp(at=[(5, 2)], ambulance=2, smoke=[(5, 2)])
    end_turn_and_roll(g, (5, 2))
    advance_to(g, "knock-down-choice")
    assert set(g.legal_actions()) == {Action("recover", to=c) for c in AMBULANCE[2]}
    assert_illegal(g, "Knocked Down", "recover", to=AMBULANCE[3][0])  # the closest by the family rule
    g.act("recover", to=AMBULANCE[2][1])
    assert g.state.positions == [AMBULANCE[2][1]] and g.state.threat[(5, 2)] == FIRE


# --- Vehicles: Fire the Deck Gun ------------------------------------------------------------
def deck_gun_position(**kwargs):
    return xp(**{"engine": TOP_LEFT_ENGINE, "at": [ENGINE[TOP_LEFT_ENGINE][0]], **kwargs})


@pytest.mark.parametrize("specialist, cost", [("generalist", 4), ("driver-operator", 2)])
def test_deck_gun_costs_4_ap_or_2_for_the_driver(specialist, cost):
    """Fire the Deck Gun: 4 AP; the Driver/Operator pays 2."""
    g = deck_gun_position(specialists=(specialist,), ap=5)
    g.act("deck-gun")
    assert g.state.ap == [5 - cost] and g.pending == "deck-gun-roll"
    node = g.chance()
    assert len(node) == 48 and all(p == Fraction(1, 48) for _, p in node.items())


def test_out_of_range_dice_are_flipped_into_the_quadrant_and_the_splash_spares_people_and_markers():
    """Deck Gun: red 5 is out of rows 1-3, flipped to 2; the target (2, 2) and its Adjacent spaces
    lose all fire and smoke; firefighters, POI, victims and hazmat are untouched."""
    g = deck_gun_position(fire=[(2, 2), (1, 2), (2, 1), (4, 2)], smoke=[(3, 2), (2, 3), (2, 4)],
                          victims={(2, 3): 1}, hazmat={(3, 2): 1}, hidden=[(1, 2), (5, 5), (6, 6)])
    g.act("deck-gun")
    g.step(outcome=(5, 2))
    s = g.state
    assert g.pending == "take-action"
    assert s.threat == {**fires((4, 2)), **smokes((2, 4))}
    assert (s.victims, s.hazmat, s.hidden) == ({(2, 3): 1}, {(3, 2): 1}, [(1, 2), (5, 5), (6, 6)])


@pytest.mark.parametrize("roll, target", [
    ((1, 1), (1, 1)), ((6, 8), (1, 1)), ((4, 5), (3, 4)), ((5, 7), (2, 2)), ((3, 6), (3, 3)),
])
def test_deck_gun_flips_each_out_of_range_die_to_its_opposite_face(roll, target):
    """Deck Gun: a d6 out of range shows 7 - n, a d8 9 - n; in-range dice stay."""
    assert deck_gun.target_of(roll, 0) == target


def test_deck_gun_splash_crosses_the_quadrant_boundary():
    """Deck Gun: Splash Over can extend beyond the Quadrant boundary."""
    g = deck_gun_position(fire=[(3, 4), (4, 4), (3, 5), (2, 4), (3, 3), (4, 5)])
    g.act("deck-gun")
    g.step(outcome=(3, 4))
    assert g.state.threat == fires((4, 5))


@pytest.mark.parametrize("door, cleared", [(CLOSED, False), (OPEN, True), (DESTROYED, True)])
def test_deck_gun_splash_stops_at_walls_and_closed_doors(door, cleared):
    """Deck Gun: Adjacent spaces only, so a wall or a closed door shields the space behind it."""
    g = experienced_position(layout="house-a", engine=TOP_LEFT_ENGINE, at=[ENGINE[TOP_LEFT_ENGINE][0]],
                             hidden=QUIET_POI, fire=[(3, 2), (2, 2), (3, 1), (4, 2), (3, 3)],
                             doors={W((2, 2), (3, 2)): door})
    g.act("deck-gun")
    g.step(outcome=(3, 2))  # (2, 2) is behind the door; (3, 1), (4, 2) and (3, 3) are open
    assert g.state.threat == ({} if cleared else fires((2, 2)))
    g = experienced_position(layout="house-a", engine=TOP_LEFT_ENGINE, at=[ENGINE[TOP_LEFT_ENGINE][0]],
                             hidden=QUIET_POI, fire=[(3, 3), (2, 3)])
    g.act("deck-gun")
    g.step(outcome=(3, 3))  # the wall above (3, 3) shields (2, 3)
    assert g.state.threat == fires((2, 3))


def test_deck_gun_refused_with_a_firefighter_in_the_quadrant_or_away_from_the_engine():
    """Fire the Deck Gun: from the Engine's space only, at its bordering quadrant, with nobody in it."""
    g = deck_gun_position(specialists=("generalist", "paramedic"),
                          at=[ENGINE[TOP_LEFT_ENGINE][0], (2, 2)], fire=[(1, 1)])
    assert_illegal(g, "Take Action: Fire the Deck Gun", "deck-gun")
    g = deck_gun_position(specialists=("generalist", "paramedic"),
                          at=[ENGINE[TOP_LEFT_ENGINE][0], (2, 5)], fire=[(1, 1)])  # top-right: fine
    g.act("deck-gun")
    assert g.pending == "deck-gun-roll"
    g = deck_gun_position(at=[(0, 4)], fire=[(1, 1)])
    assert_illegal(g, "Take Action: Fire the Deck Gun", "deck-gun")


def test_deck_gun_refused_in_murphy_strikes():
    """Murphy Strikes: the Deck Gun action is not available for the entire game."""
    g = deck_gun_position(variants=["murphy-strikes"], fire=[(1, 1)])
    assert_illegal(g, "Murphy Strikes", "deck-gun")


def test_driver_rerolls_each_die_at_most_once_and_the_new_roll_replaces_the_old():
    """Driver/Operator: may reroll one or both dice, each at most once; the second roll always counts."""
    g = deck_gun_position(specialists=("driver-operator",), fire=[(3, 3), (1, 1)])
    g.act("deck-gun")
    g.step(outcome=(4, 6))  # flipped to (3, 3): a good shot, but the Driver may still reroll
    assert g.pending == "deck-gun-reroll" and g.state.threat == fires((3, 3), (1, 1))
    assert set(g.legal_actions()) == {Action("fire"), Action("reroll", die="red"),
                                      Action("reroll", die="black")}
    g.act("reroll", die="red")
    node = g.chance()
    assert dict(node.items()) == {n: Fraction(1, 6) for n in range(1, 7)}
    g.step(outcome=6)  # red 6 -> row 1: target (1, 3), worse, yet it replaces the first roll
    assert g.state.dice == [6, 6]
    assert set(g.legal_actions()) == {Action("fire"), Action("reroll", die="black")}
    assert_illegal(g, "Driver/Operator", "reroll", die="red")
    g.act("reroll", die="black")
    assert dict(g.chance().items()) == {n: Fraction(1, 8) for n in range(1, 9)}
    g.step(outcome=8)  # black 8 -> column 1: target (1, 1); no reroll left, the gun fires
    s = g.state
    assert g.pending == "take-action" and s.threat == fires((3, 3))
    assert (s.dice, s.rerolled, s.ap) == ([], [], [2])


def test_driver_may_fire_at_once():
    """Driver/Operator: the rerolls are optional."""
    g = deck_gun_position(specialists=("driver-operator",), fire=[(2, 2)])
    g.act("deck-gun")
    g.step(outcome=(2, 2))
    g.act("fire")
    assert g.state.threat == {} and g.pending == "take-action"


def test_deck_gun_odds_plain_and_with_the_drivers_best_rerolls():
    """Deck Gun odds: each quadrant space exactly 1/12 (4 of 48 rolls); the Driver's optimal rerolls
    hit a lone corner fire with probability 5/9 (worked by hand: 20/36)."""
    g = deck_gun_position(specialists=("driver-operator",), fire=[(1, 1)])
    odds = deck_gun.deck_gun_odds(g.state)
    assert odds.quadrant == "top-left"
    assert dict(odds.plain.items()) == {c: Fraction(1, 12) for c in QUADRANT_CELLS[0]}
    hits = {(1, 1), (1, 2), (2, 1)}
    assert odds.value == {c: (2 if c in hits else 0) for c in QUADRANT_CELLS[0]}
    assert odds.plain_value == Fraction(1, 2)
    assert sum(p for c, p in odds.driver.items() if c in hits) == Fraction(5, 9)
    assert odds.driver_value == Fraction(10, 9)
    assert sum(odds.driver.values()) == 1


# --- Specialists ----------------------------------------------------------------------------
CARDS = {  # AP per turn and free AP pools, as printed on the cards
    "paramedic": (4, {}), "fire-captain": (4, {"command": 2}), "imaging-technician": (4, {}),
    "cafs-firefighter": (3, {"extinguish": 3}), "hazmat-technician": (4, {}), "generalist": (5, {}),
    "rescue-specialist": (4, {"movement": 3}), "driver-operator": (4, {}),
}


@pytest.mark.parametrize("name", CARDS)
def test_each_specialist_takes_the_ap_on_their_card_each_turn(name):
    """Specialists: AP per turn (plus free AP pools) by card, on top of up to 4 saved AP."""
    ap, free = CARDS[name]
    assert set(SPECIALISTS) == set(CARDS)
    g = xp(specialists=(name,), at=[(6, 8)], ap=[3])
    end_turn_and_roll(g, QUIET_ROLL)
    advance_to(g, "take-action")
    assert (g.turn, g.state.ap, g.state.free) == (2, [3 + ap], free)


def test_cafs_free_extinguish_ap_are_spent_first_and_lost_at_the_end_of_the_turn():
    """CAFS Firefighter: 3 AP plus 3 free Extinguish AP, which cannot be saved (nor pay for moves)."""
    g = xp(specialists=("cafs-firefighter",), at=[(3, 3)], fire=[(3, 4)], smoke=[(2, 3), (4, 3)])
    assert (g.state.ap, g.state.free) == ([3], {"extinguish": 3})
    g.act("extinguish", at=(3, 4), clear=True)
    assert (g.state.ap, g.state.free) == ([3], {"extinguish": 1})
    g.act("extinguish", at=(2, 3))
    assert (g.state.ap, g.state.free) == ([3], {"extinguish": 0})
    g.act("extinguish", at=(4, 3))
    assert (g.state.ap, g.state.free) == ([2], {"extinguish": 0})
    g = xp(specialists=("cafs-firefighter",), at=[(3, 3)], smoke=[(2, 3)], ap=[0])
    assert_illegal(g, "Action Points", "move", to=(3, 4))  # free Extinguish AP do not move you
    g.act("extinguish", at=(2, 3))
    assert (g.state.ap, g.state.free) == ([0], {"extinguish": 2})
    g = xp(specialists=("cafs-firefighter",), at=[(6, 8)], ap=[2])
    end_turn_and_roll(g, QUIET_ROLL)
    assert g.state.free == {} and g.state.ap == [2]  # the 3 free AP are gone
    advance_to(g, "take-action")
    assert (g.state.ap, g.state.free) == ([5], {"extinguish": 3})


def test_rescue_specialist_free_moves_cheap_chop_and_double_extinguish():
    """Rescue Specialist: 4 AP + 3 free Movement AP; Chop 1 AP; double AP to extinguish."""
    g = xp(specialists=("rescue-specialist",), at=[(3, 3)], fire=[(2, 1)], smoke=[(1, 2)], ap=[8],
           hidden=[(5, 5), (6, 6), (6, 7)])
    for to in [(3, 2), (2, 2), (2, 3)]:
        g.act("move", to=to)
    assert (g.state.ap, g.state.free) == ([8], {"movement": 0})
    g.act("move", to=(1, 3))
    assert g.state.ap == [7]
    g.act("chop", to=(0, 3))
    assert g.state.ap == [6] and g.state.damage == {W((0, 3), (1, 3)): 1}
    g.act("extinguish", at=(1, 2))  # smoke: 2 AP
    assert g.state.ap == [4] and g.state.threat == fires((2, 1))
    g.act("move", to=(1, 2))
    g.act("move", to=(1, 1))  # next to the fire at (2, 1)
    assert g.state.ap == [2]
    g.act("extinguish", at=(2, 1))  # fire to smoke: 2 AP
    assert g.state.ap == [0] and g.state.threat == smokes((2, 1))
    g = xp(specialists=("rescue-specialist",), at=[(3, 3)], fire=[(3, 4)], ap=[3])
    assert_illegal(g, "Action Points", "extinguish", at=(3, 4), clear=True)  # 4 AP
    g = xp(specialists=("rescue-specialist",), at=[(3, 3)], fire=[(3, 4)], ap=[4])
    g.act("extinguish", at=(3, 4), clear=True)
    assert (g.state.ap, g.state.free, g.state.threat) == ([0], {"movement": 3}, {})


def test_paramedic_treats_for_1_ap_and_pays_double_to_extinguish():
    """Paramedic: Treat 1 AP (a Heal marker under the victim); double AP to extinguish."""
    g = xp(specialists=("paramedic",), at=[(3, 3)], victims={(3, 3): 2}, smoke=[(3, 4)], fire=[(2, 3)],
           ap=[8])
    g.act("treat")
    assert (g.state.treated, g.state.ap) == ({(3, 3): 1}, [7])
    g.act("treat")
    assert (g.state.treated, g.state.ap) == ({(3, 3): 2}, [6])
    assert_illegal(g, "Paramedic (Treat)", "treat")  # nobody left to treat
    g.act("extinguish", at=(3, 4))
    assert g.state.ap == [4]
    g.act("extinguish", at=(2, 3), clear=True)
    assert g.state.ap == [0] and g.state.threat == {}


def test_only_the_paramedic_treats():
    """Paramedic (Treat) is the Paramedic's own action."""
    g = xp(specialists=("generalist",), at=[(3, 3)], victims={(3, 3): 1})
    assert_illegal(g, "Paramedic (Treat)", "treat")


def test_a_treated_victim_is_led_for_the_normal_move_cost_by_any_firefighter():
    """Paramedic: a Treated Victim moves with any firefighter at no AP penalty, one at a time."""
    g = xp(specialists=("generalist",), at=[(3, 3)], victims={(3, 3): 2}, treated={(3, 3): 2}, ap=[5])
    g.act("move", to=(3, 4), lead=True)
    s = g.state
    assert (s.ap, s.positions, s.victims, s.treated) == (
        [4], [(3, 4)], {(3, 3): 1, (3, 4): 1}, {(3, 3): 1, (3, 4): 1})
    g.act("move", to=(3, 5))  # walking on without the victim
    assert g.state.victims == {(3, 3): 1, (3, 4): 1}


def test_carrying_and_leading_together_cost_2_ap():
    """Paramedic: Carry a Victim and lead a Treated Victim concurrently for the carry cost (2 AP)."""
    g = xp(specialists=("paramedic",), at=[(3, 3)], victims={(3, 3): 2}, treated={(3, 3): 1}, ap=[4])
    g.act("move", to=(3, 4), carry=True, lead=True)
    s = g.state
    assert (s.ap, s.positions, s.victims, s.treated) == ([2], [(3, 4)], {(3, 4): 2}, {(3, 4): 1})


def test_leading_is_refused_into_fire_or_without_a_treated_victim():
    """Paramedic: a Treated Victim may still not be Moved into a Fire space; leading needs one."""
    g = xp(specialists=("paramedic",), at=[(3, 3)], victims={(3, 3): 1}, treated={(3, 3): 1},
           fire=[(3, 4)])
    assert_illegal(g, "Paramedic (moving with a treated victim)", "move", to=(3, 4), lead=True)
    g = xp(specialists=("paramedic",), at=[(3, 3)], victims={(3, 3): 1})
    assert_illegal(g, "Paramedic (moving with a treated victim)", "move", to=(3, 4), lead=True)
    g = xp(specialists=("paramedic",), at=[(3, 3)], victims={(3, 3): 1}, treated={(3, 3): 1})
    assert_illegal(g, "Paramedic (moving with a treated victim)", "move", to=(3, 4), lead=True,
                   carry=True)  # only one victim: it cannot be both carried and led


def test_leading_a_treated_victim_onto_the_ambulance_rescues_it():
    """Vehicles + Paramedic: a led victim reaching the Ambulance is rescued."""
    g = xp(specialists=("paramedic",), at=[(0, 4)], victims={(0, 4): 1}, treated={(0, 4): 1}, ambulance=0)
    g.act("move", to=AMBULANCE[0][0], lead=True)
    s = g.state
    assert (s.rescued, s.victims, s.treated, s.ap) == (1, {}, {}, [3])


def test_fire_captain_commands_a_carry_and_a_door_paying_from_command_ap_first():
    """Fire Captain: commands others to move (carrying too) and to open doors, at their cost,
    from the 2 free Command AP first; the commanded firefighter spends nothing."""
    g = xp(specialists=("fire-captain", "generalist"), at=[(3, 3), (4, 7)], victims={(4, 7): 1},
           ambulance=1, ap=[4, 3])
    assert g.state.free == {"command": 2}
    g.act("move", to=(4, 8), carry=True, who=1)
    s = g.state
    assert (s.positions, s.victims, s.ap, s.free) == ([(3, 3), (4, 8)], {(4, 8): 1}, [4, 3], {"command": 0})
    g.act("door", to=(4, 9), who=1)
    s = g.state
    assert s.doors[W((4, 8), (4, 9))] == OPEN and s.ap == [3, 3]
    g.act("move", to=(4, 9), carry=True, who=1)  # onto the Ambulance: rescued
    s = g.state
    assert (s.rescued, s.victims, s.positions, s.ap) == (1, {}, [(3, 3), (4, 9)], [1, 3])
    g.act("move", to=(3, 9), who=1)  # 1 AP: the Captain's last
    assert g.state.ap == [0, 3]
    assert_illegal(g, "Action Points", "move", to=(4, 9), who=1)


def test_fire_captain_command_reveals_a_poi_and_commanded_moves_into_fire_cost_2():
    """Fire Captain: the commanded firefighter's normal costs apply, POI flips included."""
    g = xp(specialists=("fire-captain", "generalist"), at=[(3, 3), (5, 5)], fire=[(5, 6)],
           hidden=[(4, 5), (1, 1), (1, 2)], ap=[4, 0])
    g.act("move", to=(5, 6), who=1)
    assert g.state.free == {"command": 0} and g.state.ap == [4, 0]
    g.act("move", to=(4, 6), who=1)
    g.act("move", to=(4, 5), who=1)
    assert g.pending == "reveal-poi"
    g.step(outcome="victim")
    assert g.state.victims == {(4, 5): 1} and g.state.ap == [2, 0]


def test_fire_captain_spends_at_most_1_ap_a_turn_on_the_cafs_firefighter():
    """Fire Captain: no more than 1 Command AP may be spent on the CAFS Firefighter per turn."""
    g = xp(specialists=("fire-captain", "cafs-firefighter"), at=[(3, 3), (4, 7)], victims={(4, 7): 1})
    assert_illegal(g, "Fire Captain (Command)", "move", to=(4, 6), carry=True, who=1)  # 2 AP
    g.act("move", to=(4, 8), who=1)
    assert g.state.commanded_cafs == 1 and g.state.free == {"command": 1}
    assert_illegal(g, "Fire Captain (Command)", "door", to=(4, 9), who=1)
    assert_illegal(g, "Fire Captain (Command)", "move", to=(4, 7), who=1)


def test_only_the_fire_captain_commands():
    """Fire Captain: commanding another firefighter (who=) is the Captain's ability."""
    g = xp(specialists=("generalist", "paramedic"), at=[(3, 3), (4, 4)])
    assert_illegal(g, "Fire Captain (Command)", "move", to=(4, 5), who=1)
    g = xp(specialists=("fire-captain", "paramedic"), at=[(3, 3), (4, 4)])
    assert_illegal(g, "Fire Captain (Command)", "move", to=(3, 4), who=0)  # not themself


def test_fire_captain_command_ap_cannot_be_saved():
    """Fire Captain: free Command AP cannot be saved."""
    g = xp(specialists=("fire-captain", "generalist"), at=[(6, 8), (6, 7)], ap=[1, 0])
    end_turn_and_roll(g, QUIET_ROLL)
    assert g.state.free == {} and g.state.ap == [1, 0]


def test_imaging_technician_identifies_any_poi_for_1_ap():
    """Imaging Technician: flip a POI anywhere for 1 AP: P(victim) = unrevealed victims / unrevealed."""
    g = xp(specialists=("imaging-technician",), at=[(6, 8)], hidden=[(1, 1), (1, 2), (1, 8)],
           lost=2, rescued=1, false_alarms=1)
    assert_illegal(g, "Imaging Technician (Identify)", "identify", at=(3, 3))  # no POI there
    g.act("identify", at=(1, 8))
    assert (g.pending, g.state.ap) == ("reveal-poi", [3])
    # 7 victims (10 - 2 - 1) among 11 unrevealed markers (8 in the bag + 3 face down)
    assert dict(g.chance().items()) == {"victim": Fraction(7, 11), "false alarm": Fraction(4, 11)}
    g.step(outcome="victim")
    s = g.state
    assert (s.hidden, s.victims, s.positions, g.pending) == ([(1, 1), (1, 2)], {(1, 8): 1}, [(6, 8)],
                                                             "take-action")
    g.act("identify", at=(1, 1))
    g.step(outcome="false alarm")
    assert g.state.hidden == [(1, 2)] and g.state.false_alarms == 2 and g.state.ap == [2]


def test_only_the_imaging_technician_identifies():
    g = xp(specialists=("generalist",), at=[(6, 8)])
    assert_illegal(g, "Imaging Technician (Identify)", "identify", at=(1, 1))


def test_hazmat_technician_disposes_for_2_ap():
    """Hazmat Technician: Dispose of the hazmat in their space (2 AP); it goes to the Rescued spot."""
    g = xp(specialists=("hazmat-technician",), at=[(3, 3)], hazmat={(3, 3): 1, (4, 4): 1})
    g.act("dispose")
    s = g.state
    assert (s.hazmat, s.disposed, s.ap) == ({(4, 4): 1}, 1, [2])
    assert_illegal(g, "Hazmat Technician (Dispose)", "dispose")  # no hazmat left here
    g = xp(specialists=("generalist",), at=[(3, 3)], hazmat={(3, 3): 1})
    assert_illegal(g, "Hazmat Technician (Dispose)", "dispose")


# --- Take Action — Crew Change ----------------------------------------------------------------
def test_crew_change_costs_2_ap_and_brings_the_new_cards_ap_for_the_turn():
    """Crew Change: swap for a card not in play (2 AP); the new card's AP (less 2) and abilities."""
    g = xp(specialists=("generalist", "paramedic"), at=[ENGINE[0][0], (3, 3)], engine=0, ap=[7, 0])
    g.act("crew-change", to="cafs-firefighter")  # 2 saved + 5 -> 2 saved + 3 - 2
    s = g.state
    assert (s.specialists, s.ap, s.free) == (["cafs-firefighter", "paramedic"], [3, 0], {"extinguish": 3})
    g = xp(specialists=("cafs-firefighter",), at=[ENGINE[0][1]], engine=0, ap=[3])
    g.act("crew-change", to="rescue-specialist")
    assert (g.state.ap, g.state.free) == ([2], {"movement": 3})
    g.act("move", to=(3, 9))
    assert (g.state.ap, g.state.free) == ([2], {"movement": 2})


def test_crew_change_refused_unless_first_action_at_the_engine_for_a_card_not_in_play():
    """Crew Change: first action of the turn only, starting in the Engine's space, to a card not in play."""
    g = xp(specialists=("generalist", "paramedic"), at=[ENGINE[0][0], (3, 3)], engine=0)
    assert_illegal(g, "Take Action: Crew Change", "crew-change", to="paramedic")  # in play
    assert_illegal(g, "Take Action: Crew Change", "crew-change", to="generalist")  # their own
    assert_illegal(g, "Take Action: Crew Change", "crew-change", to="chef")
    g.act("drive", vehicle="ambulance", to=AMBULANCE[1][0])  # another action first
    e = assert_illegal(g, "Take Action: Crew Change", "crew-change", to="driver-operator")
    assert "first action" in str(e)
    g = xp(specialists=("generalist",), at=[(3, 3)], engine=0)
    e = assert_illegal(g, "Take Action: Crew Change", "crew-change", to="driver-operator")
    assert "Engine's space" in str(e)


def test_crew_change_refused_after_the_engine_drove_off_with_the_firefighter_as_first_action():
    """Crew Change: it must be the first action, even if the firefighter is still with the Engine."""
    g = xp(specialists=("generalist",), at=[ENGINE[0][0]], engine=0)
    g.act("drive", vehicle="engine", to=ENGINE[1][0])
    assert g.state.positions == [ENGINE[1][0]]
    e = assert_illegal(g, "Take Action: Crew Change", "crew-change", to="paramedic")
    assert "first action" in str(e)


def test_crew_change_refused_in_a_lone_engine_company():
    """A Lone Engine Company: the Crew Change action is not available for the entire game."""
    g = xp(specialists=("generalist",), at=[ENGINE[0][0]], engine=0, variants=["lone-engine-company"])
    assert_illegal(g, "A Lone Engine Company", "crew-change", to="paramedic")


def test_lone_engine_company_deals_the_specialists_at_random():
    """A Lone Engine Company: randomly select Specialist cards (the option to choose is refused)."""
    g = flatlab.new_game("flash-point", mode="experienced", players=3, layout="open",
                         variants=["lone-engine-company"], seed=9)
    run_setup_until(g, "deal-specialist")
    assert dict(g.chance().items()) == {name: Fraction(1, 8) for name in SPECIALISTS}
    run_setup_until(g, "place-firefighter")
    s = g.state
    assert len(s.specialists) == 3 == len(set(s.specialists))
    assert len([e for e in g.log if "step 10" in e.rule and "deal" in e.text]) == 3


# --- Action Points: the new actions need their AP -----------------------------------------
UNPAID = [
    ("drive", dict(specialists=("generalist",), at=[(3, 3)], ap=[1]), {"vehicle": "ambulance",
                                                                      "to": AMBULANCE[1][0]}),
    ("drive-engine", dict(specialists=("generalist",), at=[ENGINE[0][0]], ap=[1]),
     {"vehicle": "engine", "to": ENGINE[1][0]}),
    ("deck-gun", dict(specialists=("generalist",), at=[ENGINE[TOP_LEFT_ENGINE][0]],
                      engine=TOP_LEFT_ENGINE, ap=[3]), {}),
    ("deck-gun-driver", dict(specialists=("driver-operator",), at=[ENGINE[TOP_LEFT_ENGINE][0]],
                             engine=TOP_LEFT_ENGINE, ap=[1]), {}),
    ("dispose", dict(specialists=("hazmat-technician",), at=[(3, 3)], hazmat={(3, 3): 1}, ap=[1]), {}),
    ("crew-change", dict(specialists=("generalist",), at=[ENGINE[0][0]], ap=[1]), {"to": "paramedic"}),
]


@pytest.mark.parametrize("kind, setup, params", UNPAID, ids=[u[0] for u in UNPAID])
def test_vehicle_and_specialist_actions_need_their_full_ap(kind, setup, params):
    """Action Points: Drive (2), the Deck Gun (4, Driver 2), Dispose (2) and Crew Change (2) need the AP."""
    g = xp(**setup)
    assert_illegal(g, "Take Action: Action Points", kind.split("-driver")[0].replace("-engine", ""),
                   **params)


# --- Hazmat -----------------------------------------------------------------------------------
def test_hazmat_is_carried_for_2_ap_never_into_fire_and_one_thing_at_a_time():
    """Hazmat: carried for the same costs and restrictions as a victim."""
    g = xp(at=[(3, 3)], hazmat={(3, 3): 1}, victims={(3, 3): 1}, fire=[(2, 3)])
    assert_illegal(g, "Hazmat: carrying hazmat", "move", to=(2, 3), hazmat=True)
    assert_illegal(g, "Hazmat: carrying hazmat", "move", to=(3, 4), hazmat=True, carry=True)
    g.act("move", to=(3, 4), hazmat=True)
    s = g.state
    assert (s.hazmat, s.victims, s.positions, s.ap) == ({(3, 4): 1}, {(3, 3): 1}, [(3, 4)], [3])
    g = xp(at=[(3, 3)])
    assert_illegal(g, "Hazmat: carrying hazmat", "move", to=(3, 4), hazmat=True)


def test_hazmat_carried_out_of_the_building_is_disposed():
    """Hazmat: disposed by carrying it outside; it goes to the Rescued spot."""
    g = xp(at=[(1, 4)], hazmat={(1, 4): 1})
    g.act("move", to=(0, 4), hazmat=True)
    s = g.state
    assert (s.hazmat, s.disposed, s.positions, s.ap, s.rescued) == ({}, 1, [(0, 4)], [3], 0)


def test_carrying_hazmat_while_leading_a_treated_victim_is_refused_or_moves_both():
    """Hazmat is carried like a victim, and a victim may be carried while leading a treated one;
    whatever the ruling, an accepted move must not leave the led victim behind."""
    g = xp(specialists=("paramedic",), at=[(3, 3)], hazmat={(3, 3): 1}, victims={(3, 3): 1},
           treated={(3, 3): 1})
    action = Action("move", to=(3, 4), hazmat=True, lead=True)
    try:
        g.act(action)
    except flatlab.IllegalAction:
        assert action not in g.legal_actions()
        return
    assert (g.state.hazmat, g.state.victims, g.state.treated) == ({(3, 4): 1}, {(3, 4): 1}, {(3, 4): 1})


def test_hazmat_reached_by_a_flashover_explodes_and_leaves_a_hot_spot():
    """Hazmat + Order of Resolution: after the flashover, hazmat in fire explodes: marker removed,
    an Explosion in its space, and a Hot Spot (from the supply) added there."""
    g = xp(at=[(6, 8)], fire=[(3, 3)], smoke=[(3, 5)], hazmat={(3, 5): 1}, supply=6)
    end_turn_and_roll(g, (3, 4))  # smoke next to fire becomes fire
    assert g.state.threat == {**fires((3, 3), (3, 4)), **smokes((3, 5))}
    g.step()  # flashover
    assert g.pending == "hazmat" and g.state.threat[(3, 5)] == FIRE and g.state.hazmat == {(3, 5): 1}
    g.step()  # the hazmat explodes; a shockwave runs left through (3, 4) and (3, 3)
    s = g.state
    assert s.hazmat == {} and s.exploded == 1
    assert s.hot_spots == [(3, 5)] and s.hot_spot_supply == 5
    assert s.threat == fires((3, 3), (3, 4), (3, 5), (2, 5), (4, 5), (3, 2), (3, 6))
    advance_to(g, "secondary-effects")
    assert g.state.hot_spots == [(3, 5)]  # the roll hit no Hot Spot: no flare up, nothing more


def test_several_hazmat_in_fire_explode_in_the_order_the_players_choose():
    """Hazmat: multiple Explosions from different Hazmat in one phase: the players choose the order."""
    g = xp(at=[(6, 8)], smoke=[(3, 3), (3, 4), (3, 5)], hazmat={(3, 3): 1, (3, 5): 1}, supply=6)
    end_turn_and_roll(g, (3, 4))  # smoke on smoke: fire; the flashover ignites both hazmat spaces
    advance_to(g, "hazmat-order")
    assert g.situation == "decision" and g.phase == "advance-fire"
    assert set(g.legal_actions()) == {Action("explode", at=(3, 3)), Action("explode", at=(3, 5))}
    assert_illegal(g, "Advance Fire: Hazmat", "explode", at=(3, 4))
    g.act("explode", at=(3, 5))
    s = g.state
    assert s.hazmat == {(3, 3): 1} and s.hot_spots == [(3, 5)] and g.pending == "flashover"
    assert s.threat == fires((3, 3), (3, 4), (3, 5), (2, 5), (4, 5), (3, 2), (3, 6))
    g.step()
    g.step()  # one hazmat left in fire: it explodes without a choice
    s = g.state
    assert s.hazmat == {} and s.exploded == 2 and s.hot_spots == [(3, 5), (3, 3)]
    assert s.hot_spot_supply == 4
    assert s.threat == fires((3, 3), (3, 4), (3, 5), (2, 5), (4, 5), (3, 2), (3, 6),
                             (2, 3), (4, 3), (3, 1), (3, 7))


def test_a_hazmat_explosion_with_the_supply_empty_adds_no_hot_spot():
    """Hot Spots: markers come from the yellow circles; none left, none placed (ruling for hazmat too)."""
    g = xp(at=[(6, 8)], smoke=[(3, 4)], hazmat={(3, 4): 1}, supply=0)
    end_turn_and_roll(g, (3, 4))
    advance_to(g, "secondary-effects")
    assert g.state.hot_spots == [] and g.state.exploded == 1 and g.state.hot_spot_supply == 0


# --- Hot Spots & Flare Ups --------------------------------------------------------------------
def test_flare_up_chain_of_two_then_a_hot_spot_at_the_last_target():
    """Hot Spots: a target with a Hot Spot rolls again, as long as targets hold one; after the
    chain, one Hot Spot from the supply goes on the last roll's target."""
    g = xp(at=[(6, 8)], hot_spots=[(2, 2), (4, 4)], supply=6)
    end_turn_and_roll(g, (2, 2))
    advance_to(g, "advance-fire")  # flare up 1
    assert g.state.threat == smokes((2, 2))
    g.step(outcome=(4, 4))
    advance_to(g, "advance-fire")  # flare up 2
    g.step(outcome=(5, 7))
    advance_to(g, "secondary-effects")
    s = g.state
    assert s.threat == smokes((2, 2), (4, 4), (5, 7))
    assert s.hot_spots == [(2, 2), (4, 4), (5, 7)] and s.hot_spot_supply == 5
    rolls = [e for e in g.log if e.text.startswith("advance-fire roll")]
    assert len(rolls) == 3 and all(e.probability == Fraction(1, 48) for e in rolls)


def test_no_hot_spot_is_added_without_a_flare_up():
    """Hot Spots: a roll off the Hot Spots adds nothing."""
    g = xp(at=[(6, 8)], hot_spots=[(2, 2)], supply=6)
    end_turn_and_roll(g, (5, 5))
    advance_to(g, "secondary-effects")
    assert g.state.hot_spots == [(2, 2)] and g.state.hot_spot_supply == 6


def test_no_hot_spot_is_added_when_the_supply_is_used_up():
    """Hot Spots: if no Hot Spot markers remain, no further Hot Spots are placed."""
    g = xp(at=[(6, 8)], hot_spots=[(2, 2)], supply=0)
    end_turn_and_roll(g, (2, 2))
    advance_to(g, "advance-fire")
    g.step(outcome=(5, 5))
    advance_to(g, "secondary-effects")
    assert g.state.hot_spots == [(2, 2)] and g.state.hot_spot_supply == 0


def test_flare_up_explosion_counts_like_any_roll():
    """Hot Spots: a flare-up roll onto fire explodes as usual; the Hot Spot does nothing to fire."""
    g = xp(at=[(6, 8)], hot_spots=[(3, 3)], fire=[(3, 3)], supply=6)
    end_turn_and_roll(g, (3, 3))  # explosion on a Hot Spot
    assert g.state.threat == fires((3, 3), (2, 3), (4, 3), (3, 2), (3, 4))
    advance_to(g, "advance-fire")
    g.step(outcome=(3, 2))  # explosion again, shockwave right through (3, 3), (3, 4) to (3, 5)
    advance_to(g, "secondary-effects")
    s = g.state
    assert s.threat == fires((3, 3), (2, 3), (4, 3), (3, 2), (3, 4), (2, 2), (4, 2), (3, 1), (3, 5))
    assert s.hot_spots == [(3, 3), (3, 2)]


def test_flare_up_law_is_geometric():
    """Hot Spots odds: with h Hot Spots inside, each roll flares up with p = h/48."""
    g = xp(at=[(6, 8)], hot_spots=[(r, c) for r in (1, 2) for c in range(1, 7)], supply=6)
    law = hot_spots.flare_up_law(g.state)
    assert law.hot_spots == 12 and law.p == Fraction(1, 4)
    assert [law.pmf(k) for k in (0, 1, 2, 3)] == [0, Fraction(3, 4), Fraction(3, 16), Fraction(3, 64)]
    assert law.at_least(3) == Fraction(1, 16) and law.mean == Fraction(4, 3)
    g.act("end-turn")
    assert sum(p for c, p in g.chance().items() if c in g.state.hot_spots) == law.p


# --- Order of Resolution ----------------------------------------------------------------------
def test_knock_downs_and_losses_wait_for_the_end_of_the_flare_up_chain():
    """Order of Resolution: knock-downs and lost victims (step 6) come after every flare up (step 5)."""
    g = xp(at=[(2, 3)], smoke=[(2, 2), (2, 3)], victims={(2, 3): 1}, hot_spots=[(2, 2)], supply=6)
    end_turn_and_roll(g, (2, 2))  # smoke on smoke at a Hot Spot
    advance_to(g, "advance-fire")  # the flashover set (2, 3) on fire, the flare up rolls again
    s = g.state
    assert s.threat == fires((2, 2), (2, 3))
    assert (s.positions, s.victims, s.lost) == ([(2, 3)], {(2, 3): 1}, 0)
    g.step(outcome=(6, 6))
    advance_to(g, "secondary-effects")
    assert g.state.positions == [(2, 3)] and g.state.victims == {(2, 3): 1}
    assert g.state.hot_spots == [(2, 2), (6, 6)]
    g.step()
    s = g.state
    assert g.pending == "knock-down-choice"
    assert (s.victims, s.lost) == ({}, 1)
    g.act("recover", to=AMBULANCE[0][0])
    assert g.state.positions == [AMBULANCE[0][0]]


def test_hazmat_explodes_before_the_flare_up_roll():
    """Order of Resolution: hazmat explosions (step 4) come before the flare-up roll (step 5)."""
    g = xp(at=[(6, 8)], fire=[(3, 3)], hazmat={(3, 3): 1}, hot_spots=[(3, 3)], supply=6)
    end_turn_and_roll(g, (5, 5))
    advance_to(g, "flare-up")  # the hazmat in fire exploded on the way
    s = g.state
    assert s.hazmat == {} and s.exploded == 1 and s.hot_spots == [(3, 3)]
    g.step()
    assert g.pending == "secondary-effects"  # (5, 5) held no Hot Spot: no flare up


# --- Replenish POI (Experienced) ---------------------------------------------------------------
def to_replenish(g, roll=QUIET_ROLL):
    end_turn_and_roll(g, roll)
    advance_to(g, "replenish-poi")
    g.step()
    assert g.pending == "poi-target"


def test_replenish_follows_the_redirect_arrows_past_smoke_fire_firefighters_and_poi():
    """Replenish POI (Experienced): only on a space without fire, smoke, firefighter or POI; from a
    blocked target, follow the arrows to the first valid space."""
    path = [(1, 1), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4)]
    assert [OPEN_LAYOUT.arrows.get(c) for c in path] == [*path[1:], None]
    g = xp(at=[(2, 1)], smoke=[(1, 1)], fire=[(3, 1)], hidden=[(3, 2), (6, 8)])
    to_replenish(g)
    g.step(outcome=(1, 1))
    s = g.state
    assert s.hidden == [(3, 2), (6, 8), (3, 3)]
    assert s.threat == {**smokes((1, 1), QUIET_ROLL), **fires((3, 1))}  # nothing removed
    assert any("arrows" in e.rule for e in g.log)
    g.step()
    assert g.pending == "take-action" and g.turn == 2


def test_replenish_rerolls_when_the_whole_path_is_blocked():
    """Replenish POI (Experienced): if there are no valid spaces on the path, reroll."""
    g = xp(at=[(6, 8)], smoke=[(3, 4)], hidden=[(3, 3)], victims={(2, 1): 1}, fire=[(1, 1)])
    to_replenish(g)
    bag = g.state.bag
    g.step(outcome=(3, 4))  # the end of a path, with smoke
    assert g.pending == "poi-target" and g.state.bag == bag and g.state.hidden == [(3, 3)]
    g.step(outcome=(1, 1))  # fire, a victim, then (3, 1), free
    assert g.state.hidden == [(3, 3), (3, 1)] and g.state.bag == bag - 1
    assert g.state.threat[(1, 1)] == FIRE


def test_replenish_on_a_free_target_places_the_poi_there():
    g = xp(at=[(6, 8)], hidden=[(3, 3), (6, 7)], hazmat={(2, 6): 1})
    to_replenish(g)
    g.step(outcome=(2, 6))  # hazmat does not block a POI
    assert g.state.hidden == [(3, 3), (6, 7), (2, 6)]


# --- Unmarked Hazards ---------------------------------------------------------------------------
def test_unmarked_hazards_setup_places_no_hazmat():
    """Unmarked Hazards: start the game with no Hazmat markers on the board."""
    g = new_experienced(players=1, difficulty="heroic", variants=["unmarked-hazards"], layout="open",
                        seed=12)
    run_setup_until(g, "place-firefighter")
    assert g.state.hazmat == {}
    assert not any("step 8" in e.rule for e in g.log)
    assert g.state.hot_spot_supply == 12


@pytest.mark.parametrize("how", ["move", "identify"])
def test_unmarked_hazards_false_alarm_leaves_hazmat(how):
    """Unmarked Hazards: when a False Alarm is revealed, place a Hazmat marker in its space."""
    specialist = "imaging-technician" if how == "identify" else "generalist"
    g = xp(specialists=(specialist,), at=[(3, 3)], hidden=[(3, 4), (1, 1), (1, 2)],
           variants=["unmarked-hazards"])
    if how == "move":
        g.act("move", to=(3, 4))
    else:
        g.act("identify", at=(3, 4))
    g.step(outcome="false alarm")
    s = g.state
    assert (s.hazmat, s.false_alarms, s.hidden) == ({(3, 4): 1}, 1, [(1, 1), (1, 2)])
    assert g.pending == "take-action"


def test_unmarked_hazards_victim_leaves_no_hazmat():
    g = xp(at=[(3, 3)], hidden=[(3, 4), (1, 1), (1, 2)], variants=["unmarked-hazards"])
    g.act("move", to=(3, 4))
    g.step(outcome="victim")
    assert g.state.hazmat == {} and g.state.victims == {(3, 4): 1}


def test_unmarked_hazards_false_alarm_revealed_in_fire_explodes_with_a_hot_spot():
    """Unmarked Hazards: a False Alarm revealed during Advance Fire explodes in its space
    (ruling: as that hazmat's explosion, so the marker goes and a Hot Spot is added)."""
    g = xp(at=[(6, 8)], smoke=[(3, 4)], hidden=[(3, 4), (1, 1), (1, 2)], variants=["unmarked-hazards"],
           supply=6)
    end_turn_and_roll(g, (3, 4))  # smoke on smoke: the POI is in fire
    advance_to(g, "reveal-poi")
    assert g.phase == "advance-fire"
    g.step(outcome="false alarm")
    assert g.state.hazmat == {(3, 4): 1} and g.pending == "flashover"
    advance_to(g, "replenish-poi")
    s = g.state
    assert s.hazmat == {} and s.exploded == 1
    assert s.hot_spots == [(3, 4)] and s.hot_spot_supply == 5
    assert s.threat == fires((3, 4), (2, 4), (4, 4), (3, 3), (3, 5))
    assert s.false_alarms == 1 and s.lost == 0


# --- engine bugs found by random play, as scenarios ----------------------------------------------
@pytest.mark.parametrize("how", ["fire", "collapse"])
def test_a_lost_treated_victim_takes_its_heal_marker_with_it(how):
    """Paramedic + Secondary Effects / Building Collapse: a lost victim leaves no Heal marker behind."""
    if how == "fire":
        g = xp(specialists=("paramedic",), at=[(6, 8)], victims={(3, 3): 1}, treated={(3, 3): 1},
               smoke=[(3, 3)])
        end_turn_and_roll(g, (3, 3))
        advance_to(g, "replenish-poi")
    else:
        walls = sorted(OPEN_LAYOUT.walls - {W((0, 3), (1, 3))})[:11]
        g = xp(specialists=("paramedic",), at=[(6, 8)], victims={(4, 4): 1}, treated={(4, 4): 1},
               fire=[(1, 3)], damage={**dict.fromkeys(walls, 2), W((0, 3), (1, 3)): 1})
        end_turn_and_roll(g, (1, 3))
        assert g.over
    s = g.state
    assert s.victims == {} and s.lost == 1
    assert s.treated == {}
    check_invariants(s)


@pytest.mark.parametrize("specialist, ap", [("paramedic", [3]), ("rescue-specialist", [1])])
def test_double_cost_extinguishers_are_never_stranded_in_fire(specialist, ap):
    """House ruling (no stranding): a move into fire is refused if it would leave no way out of it;
    a decision always has at least one legal action."""
    g = experienced_position(layout="house-a", specialists=(specialist,), at=[(5, 1)], ap=ap,
                             fire=[(5, 1), (6, 1), (6, 2), (4, 1), (5, 2)], hidden=QUIET_POI)
    try:
        g.act("move", to=(6, 1))  # a corner: walls on the left and below, fire above and right
    except flatlab.IllegalAction as e:
        assert "house ruling" in e.rule
        return
    assert g.legal_actions()


def test_cafs_free_extinguish_ap_count_as_a_way_out_of_fire():
    """House ruling (no stranding) + CAFS: free Extinguish AP can put the fire out, so the CAFS
    Firefighter may step into fire with them in hand (the rulebook allows it outright)."""
    g = xp(specialists=("cafs-firefighter",), at=[(3, 3)], fire=[(3, 4)], ap=[2])
    g.act("move", to=(3, 4))
    assert (g.state.ap, g.state.free) == ([0], {"extinguish": 3})
    g.act("extinguish", at=(3, 4))
    g.act("end-turn")
    assert g.state.threat == smokes((3, 4)) and g.pending == "advance-fire"


def test_each_rider_may_get_out_in_either_space_of_the_new_spot():
    # the ambulance at spot 0 (0,5)(0,6): Blue drives it by radio to spot 1 (3,9)(4,9), and
    # Orange and Green, waiting in its spaces, ride and get out in different spaces
    g = experienced_position(specialists=("generalist", "paramedic", "fire-captain"),
                             at=[(1, 1), (0, 5), (0, 6)])
    g.act("drive", vehicle="ambulance", to=(3, 9), riders=(1, 2), exits=((4, 9), (3, 9)))
    assert g.state.positions == [(1, 1), (4, 9), (3, 9)]
    assert g.state.ap[0] == 3
    rejected(g, "Take Action: Drive (riding)",
             lambda: g.act("drive", vehicle="ambulance", to=(7, 3), riders=(1,), exits=((0, 5),)))
