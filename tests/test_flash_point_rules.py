"""Rulebook scenarios for Flash Point: Fire Rescue, family rules.

Each test hand-sets a position (mostly on the "open" layout, which has only
exterior walls, two doorways and two doors; some on "house-a"), forces the
dice, and checks the exact state the rulebook (and the README's house
rulings) asks for. Spaces are (row, column); walls and doors are edges.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import position
from driving import advance_to, assert_illegal, rejected

import flatlab
from flatlab import Action
from flatlab.games.flash_point.board import INSIDE, edge, load_layout
from flatlab.games.flash_point.state import CLOSED, DESTROYED, FIRE, OPEN, SMOKE

W = edge  # a wall or door between two spaces
QUIET_POI = [(1, 1), (1, 2), (1, 8)]  # three face-down POI, so Replenish POI has nothing to do
QUIET_ROLL = (6, 1)  # an advance-fire roll onto an empty corner, far from everything


# --- helpers ---------------------------------------------------------------------------
def snapshot(g):
    return g.rules.state_to_dict(g.state)








def fires(*cells):
    return dict.fromkeys(cells, FIRE)


def smokes(*cells):
    return dict.fromkeys(cells, SMOKE)


# --- Family Game Setup ----------------------------------------------------------------
HOUSE_A_FIRES = [(1, 2), (2, 2), (2, 3), (2, 7), (3, 3), (3, 4), (4, 3), (5, 7), (5, 8), (6, 7)]


def test_standard_setup_places_closed_doors_ten_fires_three_poi_and_crew_outside():
    """Family set-up: 8 closed doors, the 10 printed fires, 3 face-down POI; firefighters start outside."""
    g = flatlab.new_game("flash-point", layout="house-a", players=2, seed=3)
    s = g.state
    assert g.pending == "place-firefighter" and g.phase == "set-up"
    assert s.threat == fires(*HOUSE_A_FIRES)
    assert len(s.doors) == 8 and set(s.doors.values()) == {CLOSED}
    assert sorted(s.hidden) == [(1, 4), (3, 8), (5, 2)]
    assert (s.bag, s.unrevealed_victims, s.damage, s.rescued, s.lost) == (12, 10, {}, 0, 0)
    assert_illegal(g, "Family Game Setup", "place", to=(3, 3))
    g.act("place", to=(0, 0))
    g.act("place", to=(7, 9))
    s = g.state
    assert s.positions == [(0, 0), (7, 9)]
    assert (g.pending, g.turn, s.current, s.ap) == ("take-action", 1, 0, [4, 0])


def test_random_setup_three_undamaging_explosions_then_three_poi_then_placement():
    """FAQ random set-up: 3 undamaging explosions (fire rerolled), 3 POI as in Replenish, then placement."""
    g = flatlab.new_game("flash-point", layout="open", players=1, setup="random", seed=5)
    assert g.pending == "setup-explosion" and g.state.threat == {} and g.state.hidden == []
    node = g.chance()
    assert len(node) == 48 and set(node) == set(INSIDE) and node[(3, 1)] == Fraction(1, 48)
    doors_before = dict(g.state.doors)

    g.step(outcome=(3, 1))  # the closed door on its left stops the blast and survives
    assert g.state.threat == fires((3, 1), (2, 1), (4, 1), (3, 2))
    g.step(outcome=(3, 2))  # already on fire: roll again
    assert g.state.threat == fires((3, 1), (2, 1), (4, 1), (3, 2))
    assert g.pending == "setup-explosion"
    g.step(outcome=(1, 4))  # fire blown out through the top doorway onto (0, 4) is removed
    assert g.state.threat == fires((3, 1), (2, 1), (4, 1), (3, 2), (1, 4), (2, 4), (1, 3), (1, 5))
    g.step(outcome=(1, 1))  # walls up and left: no damage; a shockwave runs down to (5, 1)
    assert g.state.threat == fires((3, 1), (2, 1), (4, 1), (3, 2), (1, 4), (2, 4), (1, 3), (1, 5),
                                   (1, 1), (5, 1), (1, 2))
    assert g.state.damage == {} and g.state.doors == doors_before

    assert g.pending == "setup-poi"
    g.step(outcome=(1, 1))  # the fire there is removed for the POI
    assert g.state.hidden == [(1, 1)] and (1, 1) not in g.state.threat
    g.step(outcome=(1, 1))  # a POI is already there: roll again
    assert g.state.hidden == [(1, 1)] and g.pending == "setup-poi"
    g.step(outcome=(6, 6))
    g.step(outcome=(5, 5))
    s = g.state
    assert s.hidden == [(1, 1), (6, 6), (5, 5)] and s.bag == 12
    assert g.pending == "place-firefighter"
    g.act("place", to=(7, 0))
    assert (g.pending, g.turn, g.state.ap) == ("take-action", 1, [4])


# --- A Game Turn / Turn End ----------------------------------------------------------
@pytest.mark.parametrize("players, current, ap, next_player, ap_after", [
    (2, 0, [3, 0], 1, [3, 4]),
    (3, 2, [1, 0, 3], 0, [5, 0, 3]),
])
def test_a_turn_is_take_action_then_advance_fire_then_replenish_then_next_player(
        players, current, ap, next_player, ap_after):
    """A Game Turn: act, advance the fire, replenish POI, then the player on the left adds 4 AP."""
    g = position(players=players, at=[(6, 6), (6, 7), (6, 8)][:players], hidden=QUIET_POI, ap=ap,
                 current=current)
    g.act("end-turn")
    seen = [(g.pending, g.phase)]
    g.step(outcome=(4, 4))
    while g.pending != "take-action":
        seen.append((g.pending, g.phase))
        g.step()
    assert seen == [("advance-fire", "advance-fire"), ("flashover", "advance-fire"),
                    ("secondary-effects", "advance-fire"), ("replenish-poi", "replenish-poi")]
    s = g.state
    assert (s.current, g.turn, s.ap) == (next_player, 2, ap_after)
    assert s.threat == smokes((4, 4))


# --- 1. Take Action: Action Points --------------------------------------------------
@pytest.mark.parametrize("left, next_turn", [(0, 4), (3, 7), (4, 8), (6, 8), (8, 8)])
def test_unspent_ap_are_saved_up_to_four(left, next_turn):
    """Action Points: 4 per turn; at most 4 unspent AP are saved, so a turn starts with at most 8."""
    g = position(at=((6, 6),), hidden=QUIET_POI, ap=left)
    g.act("end-turn")
    assert g.state.ap == [min(left, 4)]
    g.step(outcome=QUIET_ROLL)
    advance_to(g, "take-action")
    assert (g.turn, g.state.ap) == (2, [next_turn])


COSTS = [
    # (what, position kwargs, action, params, AP spent, expected state fields)
    ("move to an open space", {}, "move", {"to": (3, 4)}, 1, {"positions": [(3, 4)]}),
    ("move into smoke", {"smoke": [(3, 4)]}, "move", {"to": (3, 4)}, 1, {"positions": [(3, 4)]}),
    ("move into fire", {"fire": [(3, 4)]}, "move", {"to": (3, 4)}, 2, {"positions": [(3, 4)]}),
    ("carry a victim into smoke", {"smoke": [(3, 4)], "victims": {(3, 3): 1}}, "move",
     {"to": (3, 4), "carry": True}, 2, {"positions": [(3, 4)], "victims": {(3, 4): 1}}),
    ("open a door", {"at": [(3, 1)]}, "door", {"to": (3, 0)}, 1,
     {"doors": {W((3, 0), (3, 1)): OPEN, W((4, 8), (4, 9)): CLOSED}}),
    ("remove smoke", {"smoke": [(3, 4)]}, "extinguish", {"at": (3, 4)}, 1, {"threat": {}}),
    ("remove smoke in own space", {"smoke": [(3, 3)]}, "extinguish", {"at": (3, 3)}, 1, {"threat": {}}),
    ("flip fire to smoke", {"fire": [(3, 4)]}, "extinguish", {"at": (3, 4)}, 1,
     {"threat": smokes((3, 4))}),
    ("remove a fire", {"fire": [(3, 4)]}, "extinguish", {"at": (3, 4), "clear": True}, 2, {"threat": {}}),
    ("chop a wall", {"at": [(1, 3)]}, "chop", {"to": (0, 3)}, 2, {"damage": {W((0, 3), (1, 3)): 1}}),
]


@pytest.mark.parametrize("what, setup, kind, params, cost, expect", COSTS, ids=[c[0] for c in COSTS])
def test_action_costs(what, setup, kind, params, cost, expect):
    """Actions: each action costs its listed AP and does exactly what the rulebook describes."""
    g = position(**{"at": [(3, 3)], **setup})
    g.act(kind, **params)
    s = g.state
    assert s.ap == [4 - cost]
    assert g.pending == "take-action"
    for name, value in expect.items():
        assert getattr(s, name) == value, name


@pytest.mark.parametrize("setup, kind, params", [
    ({"ap": 0}, "move", {"to": (3, 4)}),
    ({"ap": 1, "fire": [(3, 4)]}, "move", {"to": (3, 4)}),
    ({"ap": 1, "victims": {(3, 3): 1}}, "move", {"to": (3, 4), "carry": True}),
    ({"ap": 0, "at": [(3, 1)]}, "door", {"to": (3, 0)}),
    ({"ap": 0, "smoke": [(3, 4)]}, "extinguish", {"at": (3, 4)}),
    ({"ap": 1, "fire": [(3, 4)]}, "extinguish", {"at": (3, 4), "clear": True}),
    ({"ap": 1, "at": [(1, 3)]}, "chop", {"to": (0, 3)}),
], ids=["move", "move-into-fire", "carry", "door", "extinguish", "remove-fire", "chop"])
def test_an_action_needs_its_full_ap(setup, kind, params):
    """Action Points: an action whose cost exceeds the AP left is refused."""
    g = position(**{"at": [(3, 3)], **setup})
    assert_illegal(g, "Take Action: Action Points", kind, **params)


# --- Adjacent Spaces and Move ----------------------------------------------------------
def test_diagonal_spaces_are_not_adjacent():
    """Adjacent Spaces: only up, down, left and right count; diagonals cannot be moved to or doused."""
    g = position(at=[(3, 3)], smoke=[(4, 4)])
    assert_illegal(g, "Take Action: Move", "move", to=(4, 4))
    assert_illegal(g, "Take Action: Extinguish", "extinguish", at=(4, 4))
    assert_illegal(g, "Take Action: Move", "move", to=(3, 5))


@pytest.mark.parametrize("damage, passable", [(0, False), (1, False), (2, True)])
def test_only_a_wall_with_two_damage_markers_can_be_walked_through(damage, passable):
    """Adjacent Spaces / Move: a damaged wall still blocks; a destroyed one (2 damage) is passable."""
    wall = W((0, 3), (1, 3))
    g = position(at=[(1, 3)], damage={wall: damage} if damage else {})
    if passable:
        g.act("move", to=(0, 3))
        assert g.state.positions == [(0, 3)] and g.state.ap == [3]
    else:
        assert_illegal(g, "Adjacent Spaces", "move", to=(0, 3))


def test_closed_door_blocks_until_opened_and_doors_flip_for_one_ap():
    """Open/Close Door: a closed door separates spaces; flipping the door in your space costs 1 AP."""
    door = W((3, 5), (3, 6))
    g = position(layout="house-a", at=[(3, 5)])
    assert_illegal(g, "Adjacent Spaces", "move", to=(3, 6))
    assert_illegal(g, "Take Action: Open/Close Door", "door", to=(3, 4))  # no door there
    g.act("door", to=(3, 6))
    assert g.state.doors[door] == OPEN and g.state.ap == [3]
    g.act("move", to=(3, 6))
    g.act("door", to=(3, 5))
    assert g.state.doors[door] == CLOSED and g.state.positions == [(3, 6)] and g.state.ap == [1]


def test_destroyed_door_is_an_open_doorway_that_cannot_be_flipped():
    """Explosions: a destroyed door is like a destroyed wall: passable, with no marker left to flip."""
    g = position(layout="house-a", at=[(3, 5)], doors={W((3, 5), (3, 6)): DESTROYED})
    assert_illegal(g, "Take Action: Open/Close Door", "door", to=(3, 6))
    g.act("move", to=(3, 6))
    assert g.state.positions == [(3, 6)] and g.state.ap == [3]


def test_carrying_is_not_allowed_into_fire_nor_without_a_victim():
    """Move: you may not carry a victim into fire, and carrying needs a victim in your space."""
    g = position(at=[(3, 3)], fire=[(3, 4)], victims={(3, 3): 1})
    assert_illegal(g, "Take Action: Move", "move", to=(3, 4), carry=True)
    g = position(at=[(3, 3)])
    assert_illegal(g, "Take Action: Move", "move", to=(3, 2), carry=True)


def test_carrying_a_victim_outside_rescues_it():
    """Move: a victim carried out of the building is rescued (and the game goes on below 7)."""
    g = position(at=[(1, 4)], victims={(1, 4): 1}, hidden=QUIET_POI)
    g.act("move", to=(0, 4), carry=True)
    s = g.state
    assert (s.rescued, s.victims, s.positions, s.ap) == (1, {}, [(0, 4)], [2])
    assert not g.over and g.pending == "take-action"


def test_no_ending_a_turn_in_fire():
    """Move: a firefighter may walk into fire but may not end the turn there."""
    g = position(at=[(3, 3)], fire=[(3, 3)], ap=2)
    assert_illegal(g, "Take Action", "end-turn")
    g.act("extinguish", at=(3, 3))
    assert g.state.threat == smokes((3, 3)) and g.state.ap == [1]
    g.act("end-turn")
    assert g.pending == "advance-fire"


@pytest.mark.parametrize("ap, legal", [(2, False), (3, True)])
def test_house_ruling_no_stranding_moving_into_fire(ap, legal):
    """House ruling 2: entering fire must leave at least 1 AP to beat it down to smoke."""
    g = position(at=[(3, 3)], fire=[(3, 4)], ap=ap)
    if legal:
        g.act("move", to=(3, 4))
        assert g.state.positions == [(3, 4)] and g.state.ap == [1]
    else:
        assert_illegal(g, "house ruling", "move", to=(3, 4))


def test_house_ruling_no_stranding_while_standing_in_fire():
    """House ruling 2: in fire with 1 AP, only actions that get you out of fire are legal."""
    g = position(at=[(3, 4)], fire=[(3, 4)], smoke=[(2, 4)], ap=1)
    assert_illegal(g, "house ruling", "extinguish", at=(2, 4))
    assert_illegal(g, "Take Action", "end-turn")
    assert set(g.legal_actions()) == {
        Action("move", to=(2, 4)), Action("move", to=(4, 4)), Action("move", to=(3, 3)),
        Action("move", to=(3, 5)), Action("extinguish", at=(3, 4)),
    }


# --- Move onto a POI -------------------------------------------------------------------
@pytest.mark.parametrize("identity", ["victim", "false alarm"])
def test_moving_onto_a_face_down_poi_flips_it(identity):
    """Move: entering a POI flips it for 0 AP; P(victim) = unrevealed victims / unrevealed markers."""
    g = position(at=[(3, 3)], hidden=[(3, 4), (5, 5), (6, 6)], lost=2, rescued=1, false_alarms=2)
    g.act("move", to=(3, 4))
    assert (g.situation, g.pending, g.phase) == ("chance", "reveal-poi", "take-action")
    # 7 victims (10 - 2 lost - 1 rescued) among 10 unrevealed markers (7 victims + 3 false alarms)
    assert dict(g.chance().items()) == {"victim": Fraction(7, 10), "false alarm": Fraction(3, 10)}
    g.step(outcome=identity)
    s = g.state
    assert g.pending == "take-action" and s.ap == [3] and s.positions == [(3, 4)]
    assert s.hidden == [(5, 5), (6, 6)]
    if identity == "victim":
        assert (s.victims, s.unrevealed_victims, s.false_alarms) == ({(3, 4): 1}, 6, 2)
    else:
        assert (s.victims, s.unrevealed_victims, s.false_alarms) == ({}, 7, 3)


def test_poi_flip_cannot_be_a_victim_when_none_are_left():
    """Move (reveal): with every victim already out, a flip is a false alarm with probability 1."""
    g = position(at=[(3, 3)], hidden=[(3, 4)], victims={(2, 2): 2}, rescued=5, lost=3)
    g.act("move", to=(3, 4))
    assert dict(g.chance().items()) == {"false alarm": Fraction(1)}
    rejected(g, "Take Action: Move", lambda: g.step(outcome="victim"))
    g.step(outcome="false alarm")
    assert g.state.hidden == [] and g.state.false_alarms == 1 and g.pending == "take-action"


# --- Extinguish and Chop ---------------------------------------------------------------
def test_extinguish_reaches_only_your_space_and_adjacent_ones():
    """Extinguish: own or Adjacent space only (walls, closed doors block); smoke has no 2 AP option."""
    g = position(layout="house-a", at=[(1, 3)], fire=[(1, 4), (3, 6)], smoke=[(1, 2)])
    assert_illegal(g, "Adjacent Spaces", "extinguish", at=(1, 4))  # behind a wall
    assert_illegal(g, "Take Action: Extinguish", "extinguish", at=(2, 3))  # nothing there
    assert_illegal(g, "Take Action: Extinguish", "extinguish", at=(1, 1))  # two spaces away
    assert_illegal(g, "Take Action: Extinguish", "extinguish", at=(1, 2), clear=True)
    g = position(layout="house-a", at=[(3, 5)], fire=[(3, 6)])
    assert_illegal(g, "Adjacent Spaces", "extinguish", at=(3, 6))  # behind a closed door
    g.act("door", to=(3, 6))
    g.act("extinguish", at=(3, 6), clear=True)
    assert g.state.threat == {} and g.state.ap == [1]


def test_chop_twice_destroys_a_wall_which_then_cannot_be_chopped():
    """Chop: 2 AP per damage marker on a wall of your space; two markers destroy it and open the way."""
    wall = W((0, 3), (1, 3))
    g = position(at=[(1, 3)], ap=8)
    assert_illegal(g, "Take Action: Chop", "chop", to=(2, 3))  # no wall there
    g.act("chop", to=(0, 3))
    assert g.state.damage == {wall: 1}
    assert_illegal(g, "Adjacent Spaces", "move", to=(0, 3))
    g.act("chop", to=(0, 3))
    assert g.state.damage == {wall: 2} and g.state.ap == [4]
    assert_illegal(g, "Take Action: Chop", "chop", to=(0, 3))
    g.act("move", to=(0, 3))
    assert g.state.positions == [(0, 3)] and g.state.ap == [3]


# --- 2. Advance Fire -------------------------------------------------------------------
def test_advance_fire_roll_is_uniform_over_the_48_inside_spaces():
    """Advance Fire: the red d6 and black d8 name one of the 48 inside spaces, each 1/48."""
    g = position(at=[(6, 6)])
    g.act("end-turn")
    node = g.chance()
    assert set(node) == set(INSIDE) and all(p == Fraction(1, 48) for _, p in node.items())
    rejected(g, "Advance Fire", lambda: g.step(outcome=(0, 4)))  # outside: no such roll


SMOKE_CASES = [
    # (what, layout, position kwargs, roll, threat after the roll)
    ("alone stays smoke", "open", {}, (3, 3), smokes((3, 3))),
    ("next to fire becomes fire", "open", {"fire": [(3, 4)]}, (3, 3), fires((3, 3), (3, 4))),
    ("diagonal to fire stays smoke", "open", {"fire": [(4, 4)]}, (3, 3),
     {**fires((4, 4)), **smokes((3, 3))}),
    ("on smoke becomes fire", "open", {"smoke": [(3, 3)]}, (3, 3), fires((3, 3))),
    ("fire behind a wall", "house-a", {"fire": [(1, 3)]}, (1, 4), {**fires((1, 3)), **smokes((1, 4))}),
    ("fire behind a damaged wall", "house-a", {"fire": [(1, 3)], "damage": {W((1, 3), (1, 4)): 1}},
     (1, 4), {**fires((1, 3)), **smokes((1, 4))}),
    ("fire behind a destroyed wall", "house-a", {"fire": [(1, 3)], "damage": {W((1, 3), (1, 4)): 2}},
     (1, 4), fires((1, 3), (1, 4))),
    ("fire behind a closed door", "house-a", {"fire": [(3, 6)]}, (3, 5),
     {**fires((3, 6)), **smokes((3, 5))}),
    ("fire behind an open door", "house-a", {"fire": [(3, 6)], "doors": {W((3, 5), (3, 6)): OPEN}},
     (3, 5), fires((3, 5), (3, 6))),
]


@pytest.mark.parametrize("what, layout, setup, roll, threat", SMOKE_CASES, ids=[c[0] for c in SMOKE_CASES])
def test_placing_smoke(what, layout, setup, roll, threat):
    """Advance Fire: smoke on smoke or Adjacent to fire becomes fire (walls, closed doors block)."""
    g = position(layout=layout, at=[(6, 1)], **setup)
    g.act("end-turn")
    g.step(outcome=roll)
    assert g.state.threat == threat
    assert g.state.damage == setup.get("damage", {})
    assert g.pending == "flashover"


# --- Explosions ------------------------------------------------------------------------
def test_explosion_adds_fire_in_every_direction_and_flips_smoke():
    """Explosions: smoke on fire puts fire in each Adjacent space, flipping smoke there."""
    g = position(at=[(6, 8)], fire=[(3, 3)], smoke=[(2, 3)])
    g.act("end-turn")
    g.step(outcome=(3, 3))
    assert g.state.threat == fires((3, 3), (2, 3), (4, 3), (3, 2), (3, 4))
    assert g.state.damage == {}


def test_explosion_damages_the_walls_bordering_the_target():
    """Explosions: each wall bordering the target takes one damage marker; open sides catch fire."""
    g = position(at=[(6, 8)], fire=[(1, 1)])
    g.act("end-turn")
    g.step(outcome=(1, 1))
    assert g.state.damage == {W((0, 1), (1, 1)): 1, W((1, 0), (1, 1)): 1}
    assert g.state.threat == fires((1, 1), (2, 1), (1, 2))


BLAST_BASE = fires((3, 6), (2, 6), (4, 6), (3, 5), (3, 7))  # target (3, 6) and its shockwave lane
RIGHT_WALL = W((3, 8), (3, 9))
SHOCKWAVES = [
    # (what, what stands at (3, 8), damage on the wall beyond, threat added, damage after)
    ("through one fire into an open space", {}, 0, fires((3, 8)), {}),
    ("through one fire into smoke", smokes((3, 8)), 0, fires((3, 8)), {}),
    ("through two fires into a wall", fires((3, 8)), 0, fires((3, 8)), {RIGHT_WALL: 1}),
    ("through two fires into a damaged wall", fires((3, 8)), 1, fires((3, 8)), {RIGHT_WALL: 2}),
    ("through two fires and a destroyed wall", fires((3, 8)), 2, fires((3, 8), (3, 9)), {RIGHT_WALL: 2}),
]


@pytest.mark.parametrize("what, at_38, wall_damage, added, damage", SHOCKWAVES,
                         ids=[c[0] for c in SHOCKWAVES])
def test_shockwave(what, at_38, wall_damage, added, damage):
    """Explosions: a shockwave runs through fire until open space (fire), smoke (flip) or a wall (damage)."""
    start = {**fires((3, 6), (3, 7)), **at_38}
    g = position(at=[(6, 1)], damage={RIGHT_WALL: wall_damage} if wall_damage else {})
    with g.edit() as s:
        s.threat = dict(start)
    g.act("end-turn")
    g.step(outcome=(3, 6))
    assert g.state.threat == {**BLAST_BASE, **added}
    assert g.state.damage == damage


def test_house_ruling_blast_running_off_the_board_stops():
    """House ruling 3: a shockwave through fire on the outer ring stops at the board's edge."""
    g = position(at=[(6, 1)], fire=[(1, 4), (0, 4)])
    g.act("end-turn")
    g.step(outcome=(1, 4))
    assert g.state.threat == fires((1, 4), (0, 4), (2, 4), (1, 3), (1, 5))
    assert g.state.damage == {} and g.pending == "flashover"


@pytest.mark.parametrize("door_state, burning_beyond, door_after, added", [
    (OPEN, False, DESTROYED, fires((3, 6))),  # open door destroyed, blast carries on into (3, 6)
    (OPEN, True, DESTROYED, fires((3, 6), (3, 7))),  # ... and on as a shockwave if (3, 6) burns
    (CLOSED, False, DESTROYED, {}),  # closed door destroyed, blast stops
    (CLOSED, True, DESTROYED, fires((3, 6))),  # ... even with fire behind it
], ids=["open", "open-fire-beyond", "closed", "closed-fire-beyond"])
def test_explosion_next_to_a_door(door_state, burning_beyond, door_after, added):
    """Explosions + house ruling 3: a bordering door is destroyed; an open one lets the blast through."""
    right, up = W((3, 5), (3, 6)), W((2, 5), (3, 5))
    g = position(layout="house-a", at=[(6, 1)], fire=[(3, 5), *([(3, 6)] if burning_beyond else [])],
                 doors={right: door_state})
    g.act("end-turn")
    g.step(outcome=(3, 5))
    s = g.state
    assert s.doors[right] == door_after
    assert s.doors[up] == DESTROYED  # the closed door above is destroyed and stops that direction
    assert s.threat == {**fires((3, 5), (3, 4), (4, 5)), **added}
    assert s.damage == {}  # destroyed doors take no damage markers


@pytest.mark.parametrize("door_state, added", [(OPEN, fires((3, 6))), (CLOSED, {})])
def test_shockwave_meeting_a_door(door_state, added):
    """Explosions: a shockwave destroys a door it meets; through an open one it carries on."""
    door = W((3, 5), (3, 6))
    g = position(layout="house-a", at=[(6, 1)], fire=[(3, 4), (3, 5)], doors={door: door_state})
    g.act("end-turn")
    g.step(outcome=(3, 4))
    s = g.state
    assert s.doors[door] == DESTROYED
    assert s.damage == {W((2, 4), (3, 4)): 1}  # the wall above the target
    assert s.threat == {**fires((3, 4), (3, 5), (3, 3), (4, 4)), **added}


# --- Secondary Effects -----------------------------------------------------------------
@pytest.mark.parametrize("door_state, beyond", [(CLOSED, SMOKE), (OPEN, FIRE)])
def test_flashover_chain_of_three_smokes(door_state, beyond):
    """Flashover: smoke Adjacent to fire ignites, repeatedly, but not through a closed door."""
    g = position(layout="house-a", at=[(6, 1)], fire=[(3, 1)], smoke=[(3, 3), (3, 4), (3, 5), (3, 6)],
                 doors={W((3, 5), (3, 6)): door_state})
    with g.edit() as s:
        s.threat[(5, 6)] = SMOKE  # far from any fire
    g.act("end-turn")
    g.step(outcome=(3, 2))  # next to the fire at (3, 1): becomes fire
    assert g.state.threat == {**fires((3, 1), (3, 2)), **smokes((3, 3), (3, 4), (3, 5), (3, 6), (5, 6))}
    g.step()
    assert g.pending == "secondary-effects"
    assert g.state.threat == {**fires((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)), (3, 6): beyond,
                              (5, 6): SMOKE}


@pytest.mark.parametrize("space, parking", [
    ((1, 1), (3, 0)), ((2, 3), (0, 5)), ((1, 6), (0, 6)), ((4, 4), (7, 4)), ((2, 8), (3, 9)),
    ((6, 6), (7, 4)),
])
def test_knocked_down_firefighter_goes_to_the_nearest_ambulance_space(space, parking):
    """Knocked Down: fire in your space sends you to the closest ambulance spot; the fire stays."""
    g = position(at=[space], smoke=[space])
    g.act("end-turn")
    g.step(outcome=space)  # smoke on smoke: the firefighter's space catches fire
    advance_to(g, "secondary-effects")
    g.step()
    assert g.state.positions == [parking]
    assert g.state.threat[space] == FIRE


def test_smoke_that_ignites_in_a_flashover_knocks_down_the_firefighter_in_it():
    """Knocked Down: a firefighter in smoke is knocked down when a flashover turns it to fire."""
    g = position(at=[(3, 5)], fire=[(3, 3)], smoke=[(3, 5)], hidden=QUIET_POI)
    g.act("end-turn")
    g.step(outcome=(3, 4))  # next to the fire at (3, 3): fire, and (3, 5) is now next to fire
    assert g.state.positions == [(3, 5)] and g.state.threat[(3, 5)] == SMOKE
    advance_to(g, "secondary-effects")
    g.step()
    assert g.state.positions == [(0, 5)]
    assert g.state.threat == fires((3, 3), (3, 4), (3, 5))


@pytest.mark.parametrize("space, tied", [((5, 2), {(4, 0), (7, 3)}), ((1, 8), {(0, 6), (3, 9)})])
def test_knock_down_tie_is_a_choice(space, tied):
    """Knocked Down + house ruling 4: equally close ambulance spots are the players' choice."""
    g = position(at=[space], smoke=[space])
    g.act("end-turn")
    g.step(outcome=space)
    advance_to(g, "knock-down-choice")
    assert g.situation == "decision"
    assert set(g.legal_actions()) == {Action("recover", to=c) for c in tied}
    assert_illegal(g, "Knocked Down", "recover", to=(0, 5) if space == (5, 2) else (7, 3))
    choice = sorted(tied)[1]
    g.act("recover", to=choice)
    assert g.state.positions == [choice] and g.pending == "replenish-poi"


@pytest.mark.parametrize("space, setup, roll", [
    ((2, 3), {"smoke": [(2, 3)]}, (2, 3)),  # smoke on smoke in the firefighter's space
    ((3, 4), {"fire": [(3, 3)]}, (3, 3)),  # an explosion next door
], ids=["smoke-on-smoke", "explosion"])
def test_knocked_down_firefighter_carrying_a_victim_loses_it(space, setup, roll):
    """Knocked Down: fire reaching a firefighter with a victim knocks them down and the victim is lost."""
    g = position(at=[space], victims={space: 1}, hidden=QUIET_POI, **setup)
    g.act("end-turn")
    g.step(outcome=roll)
    advance_to(g, "secondary-effects")
    g.step()
    s = g.state
    assert s.positions == [(0, 5)] and s.threat[space] == FIRE
    assert g.pending == "replenish-poi"
    assert (s.victims, s.lost, s.rescued) == ({}, 1, 0)
    assert not g.over


@pytest.mark.parametrize("identity, lost, false_alarms", [("victim", 2, 0), ("false alarm", 1, 1)])
def test_victims_and_poi_in_fire_are_lost(identity, lost, false_alarms):
    """Secondary Effects: victims in fire are lost; a face-down POI in fire is flipped first, then lost."""
    g = position(at=[(6, 8)], smoke=[(2, 3), (2, 4)], victims={(2, 4): 1},
                 hidden=[(2, 3), (5, 5), (6, 6)])
    g.act("end-turn")
    g.step(outcome=(2, 3))  # smoke on smoke; the flashover reaches (2, 4)
    advance_to(g, "reveal-poi")
    s = g.state
    assert s.victims == {} and s.lost == 1  # the revealed victim went first
    node = g.chance()
    assert "lost" in node.rule
    # 9 victims left unrevealed (10 - 1 revealed) among 14 markers (11 in the bag + 3 face down)
    assert dict(node.items()) == {"victim": Fraction(9, 14), "false alarm": Fraction(5, 14)}
    g.step(outcome=identity)
    s = g.state
    assert (s.lost, s.false_alarms, s.hidden, s.victims) == (lost, false_alarms, [(5, 5), (6, 6)], {})
    assert g.pending == "replenish-poi"


def test_fire_outside_the_building_is_removed_at_the_end_of_advance_fire():
    """Secondary Effects: fire blown outside knocks down who stands there, then is removed."""
    g = position(at=[(0, 4)], fire=[(1, 4)], hidden=QUIET_POI)
    g.act("end-turn")
    g.step(outcome=(1, 4))  # up through the open doorway onto (0, 4), outside
    assert g.state.threat == fires((1, 4), (0, 4), (2, 4), (1, 3), (1, 5))
    advance_to(g, "secondary-effects")
    g.step()
    assert g.state.positions == [(0, 5)]  # knocked down by the fire outside
    assert g.state.threat == fires((1, 4), (2, 4), (1, 3), (1, 5))
    assert g.pending == "replenish-poi"


# --- 3. Replenish POI ------------------------------------------------------------------
def to_replenish(g) -> None:
    g.act("end-turn")
    g.step(outcome=QUIET_ROLL)
    advance_to(g, "replenish-poi")


def test_replenish_rerolls_onto_a_poi_or_victim():
    """Replenish POI: a target already holding a POI (or a victim) is rolled again."""
    g = position(at=[(6, 8)], hidden=[(2, 2)], victims={(4, 4): 1})
    to_replenish(g)
    g.step()
    assert g.pending == "poi-target"
    node = g.chance()
    assert len(node) == 48 and node[(2, 2)] == Fraction(1, 48)
    bag = g.state.bag
    for target in [(2, 2), (4, 4)]:
        g.step(outcome=target)
        assert g.pending == "poi-target" and g.state.hidden == [(2, 2)] and g.state.bag == bag
    g.step(outcome=(3, 6))
    assert g.state.hidden == [(2, 2), (3, 6)] and g.state.bag == bag - 1
    g.step()
    assert g.pending == "take-action" and g.turn == 2  # 2 face-down POI + 1 victim = 3


@pytest.mark.parametrize("threat", [FIRE, SMOKE])
def test_replenish_onto_fire_or_smoke_removes_it(threat):
    """Replenish POI: fire or smoke on the target is removed before the POI is placed."""
    g = position(at=[(6, 8)], hidden=[(2, 2), (5, 5)])
    with g.edit() as s:
        s.threat[(3, 6)] = threat
    to_replenish(g)
    g.step()
    g.step(outcome=(3, 6))
    assert g.state.threat == smokes(QUIET_ROLL)
    assert g.state.hidden == [(2, 2), (5, 5), (3, 6)]


@pytest.mark.parametrize("identity", ["victim", "false alarm"])
def test_replenish_onto_a_firefighter_flips_at_once(identity):
    """Replenish POI: a POI landing on a firefighter is revealed at once; a false alarm is removed."""
    g = position(at=[(3, 6)], hidden=[(2, 2), (5, 5)])
    to_replenish(g)
    g.step()
    g.step(outcome=(3, 6))
    assert g.pending == "reveal-poi" and g.phase == "replenish-poi"
    assert dict(g.chance().items()) == {"victim": Fraction(10, 15), "false alarm": Fraction(5, 15)}
    g.step(outcome=identity)
    s = g.state
    assert s.hidden == [(2, 2), (5, 5)] and g.pending == "replenish-poi"
    g.step()
    s = g.state
    if identity == "victim":
        assert s.victims == {(3, 6): 1} and g.pending == "take-action"
    else:
        assert s.victims == {} and s.false_alarms == 1 and g.pending == "poi-target"  # still only 2


def test_replenish_tops_up_to_exactly_three():
    """Replenish POI: roll until 3 POI are on the board, then stop."""
    g = position(at=[(6, 8)], hidden=[(2, 2)])
    bag = g.state.bag
    to_replenish(g)
    g.step()
    g.step(outcome=(3, 3))
    g.step()
    assert g.pending == "poi-target"
    g.step(outcome=(4, 4))
    g.step()
    assert g.pending == "take-action"
    assert g.state.hidden == [(2, 2), (3, 3), (4, 4)] and g.state.bag == bag - 2


def test_replenish_stops_when_the_bag_is_empty():
    """Replenish POI: with no POI markers left to draw, nothing is placed."""
    g = position(at=[(6, 8)], hidden=[(5, 5)], victims={(2, 2): 1}, rescued=5, lost=3, false_alarms=5)
    assert g.state.bag == 0
    to_replenish(g)
    g.step()
    assert g.pending == "take-action" and g.turn == 2 and g.state.hidden == [(5, 5)]


# --- Game End --------------------------------------------------------------------------
def test_seventh_rescue_wins_at_once():
    """Game End: the team wins the moment the seventh victim is rescued."""
    g = position(at=[(1, 4)], victims={(1, 4): 1}, rescued=6, ap=4)
    g.act("move", to=(0, 4), carry=True)
    assert (g.over, g.outcome, g.pending) == (True, "won", "over")
    assert g.state.rescued == 7 and g.legal_actions() == []
    rejected(g, "Game End", lambda: g.act("end-turn"))


def test_fourth_lost_victim_loses_at_once():
    """Game End: the team is defeated when the fourth victim is lost."""
    g = position(at=[(6, 8)], smoke=[(2, 3)], victims={(2, 3): 1}, lost=3, hidden=QUIET_POI)
    g.act("end-turn")
    g.step(outcome=(2, 3))
    advance_to(g, "over")
    assert (g.outcome, g.state.lost) == ("lost", 4)


@pytest.mark.parametrize("identity, over", [("victim", True), ("false alarm", False)])
def test_fourth_loss_by_a_poi_flipped_in_fire(identity, over):
    """Game End: a face-down POI lost in fire that turns out to be a victim can be the fourth loss."""
    g = position(at=[(6, 8)], smoke=[(2, 3)], hidden=[(2, 3), (5, 5), (6, 6)], lost=3)
    g.act("end-turn")
    g.step(outcome=(2, 3))
    advance_to(g, "reveal-poi")
    g.step(outcome=identity)
    assert g.over == over
    assert g.state.lost == (4 if over else 3)
    assert g.outcome == ("lost" if over else None)


def worn_building(last_wall, last_damage: int = 1) -> dict:
    """22 damage markers on 11 walls away from the action, plus `last_damage` on `last_wall`."""
    walls = sorted(load_layout("open").walls - {last_wall})
    return {**dict.fromkeys(walls[-11:], 2), last_wall: last_damage}


def test_24th_damage_marker_from_an_explosion_collapses_the_building():
    """Game End: placing the last of the 24 damage markers collapses the building; everyone inside is lost."""
    wall = W((0, 3), (1, 3))
    g = position(at=[(6, 6)], fire=[(1, 3)], damage=worn_building(wall), victims={(4, 4): 1, (2, 6): 1},
                 hidden=[(5, 5)])
    assert g.state.damage_placed == 23
    g.act("end-turn")
    g.step(outcome=(1, 3))
    s = g.state
    assert (g.over, g.outcome, g.pending) == (True, "lost", "over")
    assert s.damage_placed == 24 and s.damage[wall] == 2
    assert s.victims == {} and s.lost == 2  # house ruling 7: revealed victims count as lost


@pytest.mark.parametrize("placed_before, collapses", [(22, False), (23, True)])
def test_chopping_the_24th_damage_marker_collapses_the_building(placed_before, collapses):
    """Chop / Game End: chopping can place the 24th damage marker, and the building collapses."""
    wall = W((0, 3), (1, 3))
    damage = worn_building(wall, last_damage=placed_before - 22)
    if not damage[wall]:
        del damage[wall]
    g = position(at=[(1, 3)], damage=damage)
    assert g.state.damage_placed == placed_before
    g.act("chop", to=(0, 3))
    assert g.state.damage_placed == placed_before + 1
    assert g.over == collapses
    assert g.outcome == ("lost" if collapses else None)


# --- FAQ: running out of threat markers ------------------------------------------------
OUT_OF_MARKERS_FIRE = [(r, c) for r in (1, 2, 3) for c in range(1, 9) if (r, c) != (1, 8)]
OUT_OF_MARKERS_FIRE += [(4, c) for c in range(1, 7)] + [(5, 1), (5, 2), (5, 3)]
NO_MARKERS = [
    # (what, roll, threat changes, damage after)
    ("no smoke on an empty space", (6, 8), {}, {}),
    ("no fire next to fire", (5, 4), {}, {}),
    ("no fire next to fire at the top", (1, 8), {}, {}),
    ("smoke on smoke still flips", (6, 3), fires((6, 3)), {}),
    ("explosion: damage and flips, no new fire", (5, 3), fires((6, 3)),
     {W((0, 3), (1, 3)): 1, W((5, 0), (5, 1)): 1}),
]


@pytest.mark.parametrize("what, roll, changes, damage", NO_MARKERS, ids=[c[0] for c in NO_MARKERS])
def test_out_of_threat_markers(what, roll, changes, damage):
    """FAQ + house ruling 5: with all 33 threat markers out nothing new is placed; flips and damage go on."""
    g = position(at=[(6, 6)], fire=OUT_OF_MARKERS_FIRE, smoke=[(6, 3)])
    before = dict(g.state.threat)
    assert len(before) == 33
    g.act("end-turn")
    g.step(outcome=roll)
    assert g.state.threat == {**before, **changes}
    assert g.state.damage == damage


def test_faq_random_key_setup_is_experienced_steps_4_to_6_and_9_without_hot_spots():
    from flatlab.games.flash_point.experienced_setup import SETUP_KEY
    g = flatlab.new_game("flash-point", setup="random-key", players=2, seed=3)
    node = g.chance()
    assert g.pending == "initial-explosion" and len(node) == 8
    assert dict(node.dist) == {cell: Fraction(1, 8) for cell in SETUP_KEY.values()}
    assert SETUP_KEY[1] == (3, 3) and SETUP_KEY[8] == (4, 6)
    g.step(outcome=(3, 3))           # 1st: the setup key
    g.step(outcome=(3, 3))           # 2nd: both dice, onto fire: rolled again
    assert g.pending == "initial-explosion" and g.state.setup_left == 2
    g.step(outcome=(2, 6))           # 2nd accepted: black 6 ...
    node = g.chance()
    assert {cell[1] for cell in node} == {3} and len(node) == 6  # ... flipped to 3, red rolled
    g.step(outcome=(5, 3))
    s = g.state
    assert {(3, 3), (2, 6), (5, 3)} <= {c for c, t in s.threat.items() if t == FIRE}
    assert s.hot_spots == [] and s.hazmat == {}
    assert s.damage_placed > 0 or any(v == DESTROYED for v in s.doors.values())
    assert g.pending == "initial-poi"
    g.step(outcome=(3, 3))           # onto fire: rolled again
    for cell in [(1, 1), (1, 2), (6, 8)]:
        g.step(outcome=cell)
    assert g.state.hidden == [(1, 1), (1, 2), (6, 8)] and g.pending == "place-firefighter"
