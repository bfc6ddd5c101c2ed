"""Rulebook scenarios for Flatline (co-op), with the engine's rulings (flatline/RULES.md).

Each test reaches a round the ordinary way (patients drawn, A. Lose Power, B.
reveals, C. the emergency dice), sets the cards it needs with `g.edit()`,
forces the dice and draws with `g.step(outcome=...)`, and checks the exact
state. Medic dice outcomes are icon multisets sorted in the `faces` order of
data/table.toml; patient rows are targets like "P04/1" (card P04, first row).

Default table (3 players): spaces 1-4 hold P01, P02, P03, P04, the diamond at
space 1. P01 rows: blood+meds, heart+lungs (blank). P02: bone+meds,
blood+blood (green: recharge). P03: brain+brain, heart+meds (blank). P04:
bone+bone+blood from 2 players, meds+heart (red: extra emergency).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from driving import assert_illegal, rejected

import flatlab
from flatlab import Action
from flatlab.games.flatline.content import DATA, load_content
from flatlab.games.flatline.odds import completion_probability

FACES = ("heart", "lungs", "brain", "bone", "blood", "meds")
PATIENTS = ("P01", "P02", "P03", "P04")
QUIET = (6, 6)  # an emergency roll onto slot 6, which these positions keep empty
SIX = "heart lungs brain bone blood meds"  # a roll of one of each icon

A_LOSE = "I. Pre-Countdown: A. Lose Power"
B_ADD = "I. Pre-Countdown: B. Add Emergencies"
C_ROLL = "I. Pre-Countdown: C. Roll the Emergency Dice"
D_PLAN = "I. Pre-Countdown: D. Planning"
COUNTDOWN = "II. Countdown"
SAVING = "II. Countdown: Saving Patients"
CLEARING = "II. Countdown: Clearing Emergency Cards"
RECHARGING = "II. Countdown: Activating Recharging Stations"
REROLL = "II. Countdown: Re-rolling"
TRIAGE = "Triage Cards"
F_CARDS = "III. Resolution: F. Resolve Cards"
G_PATIENTS = "III. Resolution: G. Resolve Patient Cards"
G_STATIONS = "III. Resolution: G. Recharging Stations"
H_DIAL = "III. Resolution: H. Turn the Life Support Dial"


# --- helpers ---------------------------------------------------------------------------
def hand(text: str) -> tuple[str, ...]:
    """A medic-dice outcome as the chance node names it: the icons in the dice's face order."""
    return tuple(sorted(text.split(), key=FACES.index))



def texts(g) -> list[str]:
    return [e.text for e in g.log]






def new(players: int = 3, draw=PATIENTS, **options):
    """A game with these four patients turned up, waiting for A. Lose Power of round 1."""
    g = flatlab.new_game("flatline", players=players, seed=1, **options)
    for card in draw:
        g.step(outcome=card)
    assert g.pending == "lose-power" and g.turn == 0
    return g


def arrange(s, slots=None, stat=(), triage=(), x=(), discard=()):
    """Exactly these emergency cards are out of the deck (slots: {slot: [first row, second row]})."""
    slots = slots or {}
    out = [*stat, *triage, *x, *discard, *(c for cards in slots.values() for c in cards)]
    s.deck = sorted(set(s.content.emergencies) - set(out))
    s.emergency_area = {k: list(slots.get(k, ())) for k in range(1, 7)}
    s.stat_area, s.triage, s.x_area, s.discard = list(stat), list(triage), list(x), list(discard)


def reveal_any(g) -> None:
    while g.pending == "reveal-emergency":
        g.step(outcome=g.state.deck[0])


def planning(players: int = 3, draw=PATIENTS, roll=QUIET, slots=None, stat=(), triage=(), x=(),
             discard=(), options=None, **fields):
    """Round 1 after the emergency roll `roll`, with these cards out and these state fields set."""
    g = new(players, draw, **(options or {}))
    g.step()  # A. Lose Power
    reveal_any(g)  # B: whatever comes up goes back; `arrange` sets the table
    with g.edit() as s:
        arrange(s, slots, stat, triage, x, discard)
        for name, value in fields.items():
            setattr(s, name, value)
    assert g.pending == "emergency-dice"
    g.step(outcome=roll)
    return g


def countdown(g, *rolls: str):
    """Start the countdown and roll each player's dice as given."""
    g.act("start-countdown")
    for text in rolls:
        assert g.pending == "roll-dice", g.pending
        g.step(outcome=hand(text))
    assert g.pending == "countdown"
    return g


def setup_countdown(players: int = 3, rolls=None, **kw):
    rolls = rolls or [SIX] * players
    return countdown(planning(players, **kw), *rolls)


def place(g, player: int, faces: str, on: str) -> None:
    for face in faces.split():
        g.act("place", player=player, face=face, on=on)


def set_hands(s, hands: dict[int, str]) -> None:
    """Players' unplaced dice become exactly these icons; their other unplaced dice are out."""
    for player, text in hands.items():
        faces = list(hand(text))
        for i, (owner, _, where) in enumerate(s.dice):
            if owner == player and where in ("hand", "out"):
                s.dice[i] = (owner, faces.pop(0), "hand") if faces else (owner, None, "out")
        assert not faces, "more icons than dice"


def resolve(g, *outcomes, until: str = "lose-power"):
    """Stop the countdown and run Resolution; chance nodes take `outcomes` in order."""
    if g.pending == "countdown":
        g.act("stop")
    queue = list(outcomes)
    while not g.over and g.pending != until:
        if g.situation == "chance":
            assert queue, f"unexpected chance node {g.chance().name}"
            g.step(outcome=queue.pop(0))
        else:
            assert g.situation == "automatic", f"stopped at a decision: {g.pending}"
            g.step()
    assert not queue, f"outcomes left over: {queue}"
    return g


def next_round(g, reveals=(), roll=QUIET):
    """From A. Lose Power: reveal these cards, roll the emergency dice, reach Planning."""
    assert g.pending == "lose-power"
    g.step()
    for card in reveals:
        g.step(outcome=card)
    assert g.pending == "emergency-dice"
    g.step(outcome=roll)
    return g


def hand_of(s, player: int) -> tuple[str, ...]:
    return tuple(sorted((s.dice[i][1] for i in s.unplaced(player)), key=FACES.index))


def count(s, player: int, where: str) -> int:
    return sum(1 for owner, _, w in s.dice if owner == player and w == where)


def in_hand(s) -> list[int]:
    return [count(s, p, "hand") for p in range(s.players)]


def cubes(pattern: str) -> list[bool]:
    return [c == "#" for c in pattern]


# --- Setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("players, difficulty, dealt", [
    (1, "training", 6), (2, "standard", 10), (3, "standard", 14), (4, "expert", 17), (5, "training", 13),
])
def test_setup_deals_the_pile_and_turns_up_four_patients(players, difficulty, dealt):
    """Setup: the pile holds the dealt cards; the top four go face up one by one, each a uniform draw."""
    g = flatlab.new_game("flatline", players=players, difficulty=difficulty, seed=2)
    s = g.state
    assert (g.pending, g.phase, s.pile) == ("draw-patient", "set-up", dealt)
    node = g.chance()
    assert len(node) == 20 and set(node.dist.values()) == {Fraction(1, 20)}
    g.step(outcome="P13")
    node = g.chance()
    assert "P13" not in node and len(node) == 19 and node["P01"] == Fraction(1, 19)
    for card in ("P02", "P03", "P04"):
        g.step(outcome=card)
    s = g.state
    assert s.patients == ["P13", "P02", "P03", "P04"] and s.pile == dealt - 4
    assert len(s.unseen_patients) == 16 and "P13" not in s.unseen_patients
    assert (s.diamond, s.meter, s.stations) == (0, [True] * 8, [True, True])
    assert len(s.deck) == 29 and s.emergency_cards() == [] and s.stat_area == []
    assert (g.pending, g.turn) == ("lose-power", 0)


@pytest.mark.parametrize("players, each", [(1, 6), (2, 7), (3, 6), (5, 6)])
def test_each_player_takes_six_dice_seven_with_two_players_and_one_is_set_aside(players, each):
    """Setup, Player Dice: six dice each (seven with two players), plus one set-aside die per colour."""
    s = new(players).state
    for p in range(players):
        assert (count(s, p, "hand"), count(s, p, "aside")) == (each, 1)
    assert len(s.dice) == players * (each + 1)


def test_the_chief_medical_officer_and_the_intern_are_named_in_the_log():
    """Setup roles: the CMO (first player) cuts power in the log, the Intern (second) hands back the dice."""
    g = setup_countdown()
    assert any("Chief Medical Officer (red) cuts power" in t for t in texts(g))
    resolve(g)
    assert any(t.startswith("The Intern (blue) hands back the dice") for t in texts(g))
    solo = setup_countdown(1)
    resolve(solo)
    assert any("Chief Medical Officer (red)" in t for t in texts(solo))
    assert any(t.startswith("The Intern (red) hands back") for t in texts(solo))  # alone: both roles


def test_a_round_runs_the_rulebook_steps_in_order():
    """Game Flow: A, B, C, D, then the countdown rolls, then F, G, H, and the next round's A."""
    g = new()
    seen = []
    while g.pending != "countdown":
        seen.append((g.pending, g.phase))
        if g.situation == "decision":
            g.act("start-countdown")
        elif g.pending == "reveal-emergency":
            g.step(outcome="E20")
        elif g.pending == "emergency-dice":
            g.step(outcome=(1, 2))
        elif g.situation == "chance":
            g.step(outcome=hand(SIX))
        else:
            g.step()
    g.act("stop")
    while g.turn == 1:
        seen.append((g.pending, g.phase))
        g.step()
    assert seen == [
        ("lose-power", "pre-countdown"), ("reveal-emergency", "pre-countdown"),
        ("emergency-dice", "pre-countdown"), ("planning", "pre-countdown"),
        ("roll-dice", "countdown"), ("roll-dice", "countdown"), ("roll-dice", "countdown"),
        ("resolve-cards", "resolution"), ("resolve-patients", "resolution"),
        ("turn-dial", "resolution"), ("lose-power", "pre-countdown"),
    ]
    assert g.turn == 2 and g.state.round == 2


# --- I. A. Lose Power ----------------------------------------------------------------------
def test_lose_power_removes_the_leftmost_cube():
    """A. Lose Power: the leftmost cube leaves the meter, and a new round begins."""
    g = new()
    with g.edit() as s:
        s.meter = cubes("..######")
    g.step()
    s = g.state
    assert s.meter == cubes("...#####") and s.cubes == 5 and s.round == 1
    assert g.log[-2].rule == A_LOSE and "space 3 is removed (5 left)" in g.log[-2].text


def test_removing_the_last_cube_at_lose_power_loses_the_game():
    """A. Lose Power / Game End: taking the last cube off the meter loses at once."""
    g = new()
    with g.edit() as s:
        s.meter = cubes(".......#")
    g.step()
    assert g.over and g.outcome == "lost" and g.situation == "over"
    assert g.state.meter == [False] * 8 and g.state.to_reveal == 0
    assert g.log[-1].rule == "Game End: the last power cube"
    rejected(g, "Game End", lambda: g.act("start-countdown"))


def test_removing_the_second_to_last_cube_does_not_lose():
    """A. Lose Power: with two cubes left the round goes on with one."""
    g = new()
    with g.edit() as s:
        s.meter = cubes("......##")
    g.step()
    assert not g.over and g.state.cubes == 1 and g.pending == "reveal-emergency"


# --- I. B. Add Emergencies ---------------------------------------------------------------
@pytest.mark.parametrize("players, side, meter, reveals", [
    (3, "standard", "########", 1),
    (3, "standard", "......##", 3),
    (3, "standard", "..######", 2),
    (2, "standard", "...#####", 2),
    (1, "expert", ".#######", 2),
    (4, "standard", "########", 1),
    (5, "standard", "########", 2),
    (5, "expert", "......##", 3),
])
def test_the_number_under_the_removed_cube_is_how_many_cards_are_revealed(players, side, meter, reveals):
    """B. Add Emergencies: the meter (by players and side) prints how many cards each cube reveals."""
    g = new(players, side=side)
    with g.edit() as s:
        s.meter = cubes(meter)
    g.step()
    assert g.state.to_reveal == reveals
    n = 0
    while g.pending == "reveal-emergency":
        g.step(outcome=g.state.deck[0])
        n += 1
    assert n == reveals and g.pending == "emergency-dice"


def test_orange_cards_go_to_the_stat_area_and_blue_cards_to_their_slot():
    """B: an orange tab goes to the Stat area; a blue tab to its slot's first row; draws are uniform."""
    g = new()
    with g.edit() as s:
        s.meter = cubes("..######")  # reveals 2
    g.step()
    node = g.chance()
    assert len(node) == 29 and set(node.dist.values()) == {Fraction(1, 29)}
    g.step(outcome="S01")
    node = g.chance()
    assert "S01" not in node and len(node) == 28 and node["E04"] == Fraction(1, 28)
    g.step(outcome="E04")
    s = g.state
    assert s.stat_area == ["S01"] and s.emergency_area[2] == ["E04"]
    assert s.emergency_cards() == ["E04"] and len(s.deck) == 27


def test_a_blue_card_takes_the_second_row_then_is_discarded_when_both_rows_are_full():
    """B: a second blue card of a slot goes to its second row; with both rows full it is discarded."""
    g = new()
    with g.edit() as s:
        arrange(s, slots={1: ["E01"]})
        s.meter = cubes("..######")
    g.step()
    g.step(outcome="E02")
    assert g.state.emergency_area[1] == ["E01", "E02"]
    g.step(outcome="E03")
    s = g.state
    assert s.emergency_area[1] == ["E01", "E02"] and s.discard == ["E03"] and "E03" not in s.deck
    assert "discarded for good" in g.log[-1].text


def test_an_empty_emergency_deck_reveals_nothing():
    """Ruling 11: with the emergency deck used up, B reveals nothing and the round goes on."""
    g = new()
    with g.edit() as s:
        arrange(s, discard=sorted(s.content.emergencies))
    g.step()
    assert g.pending == "emergency-dice" and g.state.to_reveal == 0
    assert "The emergency deck is empty" in g.log[-1].text


# --- I. C. Roll the Emergency Dice ---------------------------------------------------------
def test_the_emergency_dice_are_36_ordered_pairs_at_one_in_36():
    """C: two six-sided dice: 36 ordered outcomes, each with probability 1/36."""
    g = new()
    g.step()
    reveal_any(g)
    node = g.chance()
    assert g.pending == "emergency-dice" and node.rule == C_ROLL
    assert len(node) == 36 and set(node.dist.values()) == {Fraction(1, 36)}
    assert set(node) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    rejected(g, C_ROLL, lambda: g.step(outcome=(7, 1)))


def test_forecast_each_slot_fires_with_probability_11_in_36():
    """C / odds: a slot fires when either die shows it (doubles once): 11/36; how many fire, exactly."""
    g = new()
    g.step()
    reveal_any(g)
    with g.edit() as s:
        arrange(s, slots={1: ["E01", "E02"], 2: ["E04"]})
    f = g.forecast()
    assert f.slot == Fraction(11, 36)
    assert f.cards == {"E01": Fraction(11, 36), "E02": Fraction(11, 36), "E04": Fraction(11, 36)}
    # neither 1 nor 2: 16/36; only 2: 9/36; only 1: 9/36; both 1 and 2: 2/36
    assert dict(f.fired.items()) == {0: Fraction(16, 36), 1: Fraction(9, 36), 2: Fraction(9, 36),
                                     3: Fraction(2, 36)}
    assert f.rounds_left == 6  # 7 cubes: six more rounds can start before the last cube goes


def test_doubles_activate_a_slot_only_once():
    """C: doubles show one slot, whose card fires once: each player loses one die, not two."""
    g = planning(slots={4: ["E11"]}, roll=(4, 4))
    s = g.state
    assert s.emergency_roll == (4, 4)
    assert in_hand(s) == [5, 5, 5] and [count(s, p, "out") for p in range(3)] == [1, 1, 1]
    assert sum("Lost supplies" in t for t in texts(g)) == 1


def test_both_rows_of_a_slot_activate_first_row_first():
    """C: a slot with two cards resolves its first-row card, then its second-row card."""
    g = planning(slots={3: ["E10", "E07"]}, roll=(3, 6))
    fired = [e.text for e in g.log if e.rule == C_ROLL and e.text.startswith("Slot")]
    assert fired[0].startswith("Slot 3, Aftershock") and fired[1].startswith("Slot 3, Reactor surge")
    assert g.state.cubes == 6 and g.pending == "reveal-emergency"  # E07 took a cube; E10 reveals one


def test_slots_activate_left_to_right_whatever_the_dice_order():
    """C: cards resolve from slot 1 to 6: the CMO loses a die (slot 1) before 'the most dice' (slot 2)."""
    g = planning(slots={1: ["E01"], 2: ["E06"]}, roll=(2, 1))
    # slot 1 first: red drops to 5, so blue (first with 6) loses one; the other order would hit red twice
    assert in_hand(g.state) == [5, 5, 6]
    fired = [e.text for e in g.log if e.rule == C_ROLL and e.text.startswith("Slot")]
    assert [t[:6] for t in fired] == ["Slot 1", "Slot 2"]


def test_slots_the_dice_do_not_show_are_not_activated():
    """C: only the cards in the slots shown fire."""
    g = planning(slots={1: ["E01"], 2: ["E04"], 5: ["E15"]}, roll=(3, 4))
    assert in_hand(g.state) == [6, 6, 6] and g.pending == "planning"
    assert "no emergency card there" in g.log[-1].text


def test_cards_revealed_after_the_emergency_roll_are_not_activated():
    """Ruling 10: an extra emergency revealed by an activated card does not fire this round."""
    g = planning(slots={3: ["E10"]}, roll=(3, 5))
    assert g.pending == "reveal-emergency" and g.phase == "pre-countdown"
    g.step(outcome="E16")  # slot 5 (fewer re-rolls), shown by this roll, but revealed after it
    s = g.state
    assert s.emergency_area[5] == ["E16"] and s.reroll_limit == 3 and s.reroll_bonus == 0
    assert g.pending == "planning"


# --- I. D. Planning -------------------------------------------------------------------------
def test_planning_offers_the_start_of_the_countdown_and_triage_cards_only():
    """D. Planning: the team starts the countdown or uses a Triage card; nothing else is possible."""
    g = planning(triage=["S05"])
    assert set(g.legal_actions()) == {Action("start-countdown"), Action("triage", card="S05")}
    assert_illegal(g, D_PLAN, "place", player=0, face="heart", on="P01/2")
    assert_illegal(g, D_PLAN, "stop")
    assert_illegal(g, "engine: actions", "start-countdown", now=True)
    rejected(g, "engine: situations", lambda: g.step())


# --- II. Countdown: rolling ----------------------------------------------------------------
def test_each_player_rolls_all_their_dice_as_one_multiset_chance_node():
    """II / Actions: players roll all their dice: 462 icon multisets for six dice, exact odds."""
    g = planning()
    g.act("start-countdown")
    node = g.chance()
    assert g.pending == "roll-dice" and node.name == "red rolls 6 medic dice"
    assert len(node) == 462 and sum(node.dist.values()) == 1
    assert node[("heart",) * 6] == Fraction(1, 46656)
    assert node[hand(SIX)] == Fraction(720, 46656)
    assert node[hand("heart heart lungs brain bone meds")] == Fraction(360, 46656)
    rejected(g, "II. Countdown: rolling", lambda: g.step(outcome=hand("heart heart")))
    g.step(outcome=("heart",) * 6)
    assert g.chance().name == "blue rolls 6 medic dice"
    g.step(outcome=hand(SIX))
    g.step(outcome=hand("meds " * 6))
    s = g.state
    assert g.pending == "countdown" and hand_of(s, 0) == ("heart",) * 6 and hand_of(s, 2) == ("meds",) * 6


def test_two_players_roll_seven_dice():
    """Player Dice: with two players each rolls seven dice (792 multisets)."""
    g = planning(2)
    g.act("start-countdown")
    assert len(g.chance()) == 792 and g.chance().name == "red rolls 7 medic dice"


# --- II. Countdown: Saving Patients ----------------------------------------------------------
def test_a_die_goes_on_a_patient_row_that_still_needs_its_icon():
    """Saving Patients: dice go on the icons a row needs; an icon not needed (or not held) is refused."""
    g = setup_countdown()
    g.act("place", player=0, face="blood", on="P01/1")
    assert g.state.on("P01/1") == [(0, "blood", "P01/1")] and count(g.state, 0, "hand") == 5
    assert_illegal(g, SAVING, "place", player=1, face="blood", on="P01/1")  # already covered
    assert_illegal(g, SAVING, "place", player=1, face="heart", on="P01/1")  # not on the row
    assert_illegal(g, SAVING, "place", player=0, face="blood", on="P02/2")  # red's blood is placed
    assert_illegal(g, SAVING, "place", player=0, face="heart", on="P09/1")  # no such patient here


def test_a_row_needing_two_players_refuses_a_second_die_from_the_same_player():
    """Saving Patients: a two-player row (bone, bone, blood) keeps room for a second player's die."""
    g = setup_countdown(rolls=["bone bone blood heart heart heart", SIX, SIX])
    place(g, 0, "bone bone", "P04/1")
    err = assert_illegal(g, SAVING, "place", player=0, face="blood", on="P04/1")
    assert err.rule == SAVING and "2 different players" in str(err)
    g.act("place", player=1, face="blood", on="P04/1")
    assert sorted(g.state.on("P04/1")) == [(0, "bone", "P04/1"), (0, "bone", "P04/1"),
                                           (1, "blood", "P04/1")]


def test_two_player_row_two_icons_second_die_must_come_from_another_player():
    """Saving Patients: P13 (heart, lungs, blood; 2 players): red may give two, not all three."""
    g = setup_countdown(draw=("P13", "P02", "P03", "P04"))
    place(g, 0, "heart lungs", "P13/1")
    assert_illegal(g, SAVING, "place", player=0, face="blood", on="P13/1")
    g.act("place", player=2, face="blood", on="P13/1")
    resolve(g, "P18")
    assert g.state.patients[0] == "P18"  # treated and replaced


def test_a_solo_player_fills_rows_needing_two_players():
    """Ruling 2: the players a row needs are capped at the number of players, so one player suffices."""
    g = setup_countdown(1, rolls=["bone bone blood meds heart lungs"])
    place(g, 0, "bone bone blood", "P04/1")
    assert len(g.state.on("P04/1")) == 3
    resolve(g)
    assert g.state.cleared == {"P01": [], "P02": [], "P03": [], "P04": [0]}


def test_a_placed_die_cannot_be_removed_or_moved_in_the_round():
    """Actions: once placed a die stays: no action takes it back, re-rolls skip it, it returns at H."""
    g = setup_countdown(rolls=["heart bone bone bone bone bone", SIX, SIX])
    g.act("place", player=0, face="heart", on="P01/2")
    assert not [a for a in g.legal_actions() if a.kind == "place" and a.player == 0 and a.face == "heart"]
    rejected(g, COUNTDOWN, lambda: g.act("remove", player=0, face="heart", on="P01/2"))
    rejected(g, COUNTDOWN, lambda: g.act("move", player=0, face="heart", to="P03/2"))
    assert_illegal(g, SAVING, "place", player=0, face="heart", on="P03/2")
    g.act("reroll", player=0, sacrifice="bone", dice=("bone",) * 4)
    g.step(outcome=hand("heart heart lungs lungs"))
    assert g.state.dice[0] == (0, "heart", "P01/2")  # untouched by the re-roll
    assert hand_of(g.state, 0) == hand("heart heart lungs lungs")
    resolve(g)
    assert g.state.dice[0] == (0, None, "hand")


# --- II. Countdown: Clearing Emergency Cards ----------------------------------------------------
def test_any_combination_of_players_clears_an_emergency_card():
    """Clearing Emergency Cards: dice from several players cover a card's icons, second row included."""
    g = setup_countdown(slots={3: ["E07", "E10"]})
    g.act("place", player=0, face="bone", on="E10")
    g.act("place", player=1, face="brain", on="E10")
    g.act("place", player=2, face="heart", on="E10")
    assert_illegal(g, CLEARING, "place", player=2, face="bone", on="E10")  # already covered
    assert_illegal(g, CLEARING, "place", player=2, face="lungs", on="E07")  # not on the card
    resolve(g)
    s = g.state
    assert s.emergency_area[3] == ["E07"] and s.discard == ["E10"]


# --- II. Countdown: Activating Recharging Stations -------------------------------------------
def test_a_recharging_station_returns_its_cube_to_the_rightmost_open_space():
    """Recharging Stations: filled with its icons, a station's cube goes to the rightmost open space."""
    g = new()
    with g.edit() as s:
        s.meter = cubes("...#####")
    g.step()  # the cube on space 4 leaves
    reveal_any(g)
    with g.edit() as s:
        arrange(s)
    g.step(outcome=QUIET)
    countdown(g, "meds meds heart lungs lungs lungs", SIX, SIX)
    place(g, 0, "meds meds heart", "station/0")
    assert g.state.meter == cubes("....####")
    resolve(g)
    s = g.state
    assert s.meter == cubes("...#####") and s.stations == [False, True]
    assert any(e.rule == G_STATIONS and "space 4" in e.text for e in g.log)


def test_a_recharging_station_works_once_per_game():
    """Recharging Stations: a station whose cube has gone takes no more dice."""
    g = setup_countdown(stations=[False, True])
    assert "station/0" not in {a.on for a in g.legal_actions() if a.kind == "place"}
    assert_illegal(g, RECHARGING, "place", player=0, face="meds", on="station/0")
    g.act("place", player=0, face="meds", on="station/1")


def test_a_partly_filled_station_gives_nothing():
    """Recharging Stations: every required space must be filled for the cube to move."""
    g = setup_countdown()
    place(g, 0, "meds brain", "station/1")
    resolve(g)
    assert g.state.stations == [True, True] and g.state.cubes == 7


def test_a_station_keeps_its_cube_when_the_meter_has_no_open_space():
    """Recharging Stations: the cube moves to an open space; with none open it stays on the station."""
    g = setup_countdown(rolls=["meds meds heart meds meds brain", SIX, SIX])
    place(g, 0, "meds meds heart", "station/0")
    place(g, 0, "meds meds brain", "station/1")
    resolve(g)
    s = g.state
    assert s.meter == [True] * 8  # station 0 filled the one gap
    assert s.stations == [False, True]  # station 1 had nowhere to send its cube


# --- II. Countdown: Re-rolling -----------------------------------------------------------------
def test_a_reroll_sacrifices_a_die_to_the_track_and_rerolls_chosen_unplaced_dice():
    """Re-rolling: one die goes on the re-roll track; the same player re-rolls the dice they choose."""
    g = setup_countdown(rolls=["heart heart lungs brain bone blood", SIX, SIX])
    g.act("reroll", player=0, sacrifice="bone", dice=("heart", "lungs"))
    node = g.chance()
    assert g.pending == "reroll" and node.rule == REROLL and node.name == "red re-rolls 2 dice"
    assert len(node) == 21 and node[("meds", "meds")] == Fraction(1, 36)
    assert node[("heart", "meds")] == Fraction(2, 36)
    g.step(outcome=("meds", "meds"))
    s = g.state
    assert s.on("track") == [(0, "bone", "track")] and s.rerolls_used == 1
    assert hand_of(s, 0) == hand("heart brain blood meds meds") and g.pending == "countdown"


def test_a_reroll_needs_the_players_own_unplaced_dice():
    """Re-rolling: the sacrifice and the re-rolled dice must be unplaced dice of that player."""
    g = setup_countdown(rolls=["heart heart lungs brain bone blood", SIX, SIX])
    g.act("place", player=0, face="lungs", on="P01/2")
    assert_illegal(g, REROLL, "reroll", player=0, sacrifice="meds", dice=("heart",))
    assert_illegal(g, REROLL, "reroll", player=0, sacrifice="bone", dice=("lungs",))
    assert_illegal(g, REROLL, "reroll", player=0, sacrifice="bone", dice=())
    assert_illegal(g, REROLL, "reroll", player=3, sacrifice="bone", dice=("heart",))


@pytest.mark.parametrize("players, limit", [(1, 3), (2, 3), (3, 3), (4, 4), (5, 5)])
def test_the_rerolls_per_round_depend_on_the_number_of_players(players, limit):
    """Re-rolling: the track allows 3, 3, 3, 4, 5 re-rolls a round for 1-5 players; then no more."""
    rolls = ["heart " * 7] * players if players == 2 else ["heart " * 6] * players
    g = setup_countdown(players, rolls=rolls)
    assert g.state.reroll_limit == limit
    for n in range(limit):
        player = n % players
        g.act("reroll", player=player, sacrifice="heart", dice=("heart",))
        g.step(outcome=("heart",))
    assert g.state.rerolls_used == limit and len(g.state.on("track")) == limit
    assert not [a for a in g.legal_actions() if a.kind == "reroll"]
    err = assert_illegal(g, REROLL, "reroll", player=0, sacrifice="heart", dice=("heart",))
    assert f"all {limit} re-rolls of this round are used" in str(err)


def test_a_lock_down_of_the_reroll_track_forbids_rerolls():
    """Lock-down tiles: a locked re-roll track allows no re-roll this round."""
    g = setup_countdown(slots={4: ["E12"]}, roll=(4, 1))
    s = g.state
    assert s.lockdowns == ["rerolls"] and s.reroll_limit == 0
    assert not [a for a in g.legal_actions() if a.kind == "reroll"]
    err = assert_illegal(g, REROLL, "reroll", player=0, sacrifice="heart", dice=("lungs",))
    assert "locked down" in str(err)


# --- III. F. Resolve Cards: the Stat area ------------------------------------------------------
def test_an_uncleared_stat_card_goes_face_down_to_the_x_area():
    """F, Stat Area: a Stat card not cleared is turned face down in the X area; dice on it return."""
    g = setup_countdown(stat=["S01"])
    place(g, 0, "bone heart", "S01")  # lungs missing
    resolve(g)
    s = g.state
    assert s.stat_area == [] and s.x_area == ["S01"] and s.triage == [] and not g.over
    assert any(e.rule == F_CARDS and "face down to the X area (1 of 3)" in e.text for e in g.log)
    assert in_hand(s) == [6, 6, 6]


@pytest.mark.parametrize("players, already, lost", [
    (3, 2, True), (3, 1, False), (4, 2, True), (2, 3, True), (2, 2, False), (1, 3, True), (1, 2, False),
])
def test_the_third_face_down_card_loses_the_fourth_with_one_or_two_players(players, already, lost):
    """Game End: 3 face-down cards in the X area lose (4 with 1 or 2 players)."""
    x = ["S02", "S03", "S04"][:already]
    g = planning(players, stat=["S01"], x=x)
    g.act("start-countdown")
    while g.pending == "roll-dice":
        g.step()
    resolve(g)
    assert len(g.state.x_area) == already + 1
    assert g.over is lost and g.outcome == ("lost" if lost else None)
    if lost:
        assert g.log[-1].rule == "Game End: face-down cards in the X area"


def test_a_cleared_stat_card_becomes_a_triage_card_usable_later():
    """F, Stat Area: a cleared Stat card becomes a Triage card, usable from the + area."""
    g = setup_countdown(stat=["S03"])
    place(g, 0, "lungs brain", "S03")
    resolve(g)
    assert g.state.triage == ["S03"] and g.state.x_area == [] and g.state.stat_area == []
    assert any("becomes a Triage card" in t for t in texts(g))
    next_round(g, reveals=["E20"], roll=(1, 2))
    countdown(g, "heart heart heart heart heart heart", SIX, SIX)
    assert Action("triage", card="S03", player=0, face="heart", to="meds") in g.legal_actions()
    g.act("triage", card="S03", player=0, face="heart", to="meds")
    assert hand_of(g.state, 0) == hand("heart heart heart heart heart meds")
    assert g.state.triage == [] and "S03" in g.state.discard


def test_only_four_triage_cards_are_usable_from_the_plus_area():
    """Triage Cards: at most four are in the + area; a fifth becomes usable when one is used."""
    g = planning(triage=["S06", "S01", "S07", "S09", "S05"])
    offered = {a.card for a in g.legal_actions() if a.kind == "triage"}
    assert offered == {"S06", "S01", "S07"}  # S09 (free re-roll) has no rolled dice yet; S05 is 5th
    assert_illegal(g, TRIAGE, "triage", card="S05")
    g.act("triage", card="S06")
    assert g.state.triage == ["S01", "S07", "S09", "S05"] and g.state.reroll_limit == 5
    assert Action("triage", card="S05") in g.legal_actions()
    g.act("triage", card="S05")
    assert g.state.meter == [True] * 8 and g.state.discard == ["S06", "S05"]


# --- III. F. Resolve Cards: the Emergency area --------------------------------------------
def test_a_cleared_emergency_card_is_discarded_and_the_second_row_drops_down():
    """F, Emergency Area: a cleared first-row card is discarded; the card behind it moves down."""
    g = setup_countdown(slots={3: ["E07", "E08"], 1: ["E01"]})
    place(g, 0, "heart meds", "E07")
    resolve(g)
    s = g.state
    assert s.emergency_area[3] == ["E08"] and s.emergency_area[1] == ["E01"] and s.discard == ["E07"]
    assert in_hand(s) == [6, 6, 6]


def test_a_cleared_second_row_card_leaves_the_first_row_card_in_place():
    """F, Emergency Area: clearing only the second-row card discards it; the first stays."""
    g = setup_countdown(slots={3: ["E07", "E08"]})
    place(g, 0, "bone meds", "E08")
    place(g, 1, "heart", "E07")  # E07 half covered: not cleared
    resolve(g)
    assert g.state.emergency_area[3] == ["E07"] and g.state.discard == ["E08"]


def test_clearing_both_rows_empties_the_slot():
    """F, Emergency Area: both cards cleared are both discarded."""
    g = setup_countdown(slots={3: ["E07", "E08"]})
    place(g, 0, "heart meds", "E07")
    place(g, 1, "bone meds", "E08")
    resolve(g)
    assert g.state.emergency_area[3] == [] and g.state.discard == ["E07", "E08"]


# --- III. G. Resolve Patient Cards ------------------------------------------------------------
def test_each_row_is_completed_separately_and_cleared_rows_persist():
    """G: a complete row gets a Cleared tile and stays cleared; an incomplete row's dice go back."""
    g = setup_countdown()
    place(g, 0, "blood meds", "P01/1")
    g.act("place", player=1, face="heart", on="P01/2")  # lungs missing: the row is not complete
    resolve(g)
    s = g.state
    assert s.cleared["P01"] == [0] and s.patients[0] == "P01" and in_hand(s) == [6, 6, 6]
    assert any(e.rule == G_PATIENTS and "row 1 is complete" in e.text for e in g.log)
    next_round(g, reveals=["E20"], roll=(1, 2))
    countdown(g, SIX, SIX, SIX)
    targets = {a.on for a in g.legal_actions() if a.kind == "place"}
    assert "P01/1" not in targets and "P01/2" in targets
    assert g.state.on("P01/2") == []  # nothing was kept from last round
    assert_illegal(g, SAVING, "place", player=0, face="blood", on="P01/1")
    place(g, 2, "heart lungs", "P01/2")
    resolve(g, "P07")
    assert g.state.patients[0] == "P07" and "P01" not in g.state.cleared


def test_a_row_filled_across_two_rounds_is_not_complete():
    """Ruling 4: partly filled rows keep nothing; a row must be filled within one round."""
    g = setup_countdown()
    g.act("place", player=0, face="heart", on="P01/2")
    resolve(g)
    next_round(g, reveals=["E20"], roll=(1, 2))
    countdown(g, SIX, SIX, SIX)
    g.act("place", player=0, face="lungs", on="P01/2")
    resolve(g)
    assert g.state.cleared["P01"] == [] and g.state.patients[0] == "P01"


def test_a_treated_patient_is_replaced_by_a_uniform_draw_from_the_unseen_cards():
    """G: a fully cleared patient (blank trigger: nothing) is discarded and replaced from the pile."""
    g = setup_countdown()
    place(g, 0, "blood meds", "P01/1")
    place(g, 1, "heart lungs", "P01/2")
    g.act("stop")
    resolve(g, until="draw-patient")
    node = g.chance()
    unseen = set(g.state.unseen_patients)
    assert unseen == {f"P{n:02d}" for n in range(5, 21)}
    assert set(node) == unseen and set(node.dist.values()) == {Fraction(1, 16)}
    assert "space 1" in node.name and g.phase == "resolution"
    assert g.state.patients[0] is None and "P01" not in g.state.cleared
    assert any("Ines Varga" in t and "is treated (blank trigger)" in t for t in texts(g))
    g.step(outcome="P11")
    s = g.state
    assert s.patients == ["P11", "P02", "P03", "P04"] and s.pile == 9 and "P11" not in s.unseen_patients
    resolve(g)
    assert g.state.cubes == 7 and g.state.emergency_cards() == []  # the blank trigger did nothing


def test_a_red_trigger_brings_another_emergency_before_the_replacement():
    """G: P04's red trigger reveals an emergency card, then P04's space is refilled."""
    g = setup_countdown(rolls=["bone bone meds heart heart heart", "blood lungs lungs lungs lungs lungs",
                               SIX])
    place(g, 0, "bone bone", "P04/1")
    g.act("place", player=1, face="blood", on="P04/1")
    place(g, 0, "meds heart", "P04/2")
    g.act("stop")
    resolve(g, until="reveal-emergency")
    assert g.phase == "resolution" and g.chance().rule == B_ADD
    g.step(outcome="S02")
    assert g.pending == "draw-patient" and "space 4" in g.chance().name
    g.step(outcome="P20")
    resolve(g)
    s = g.state
    assert s.patients[3] == "P20" and s.stat_area == ["S02"]  # to be cleared next round


def test_a_red_lose_power_trigger_removes_a_cube_and_can_lose_the_game():
    """G / Game End: P08's red trigger costs a cube; if it is the last one the team loses."""
    for meter, lost in (("....####", False), (".......#", True)):
        g = planning(draw=("P08", "P02", "P03", "P04"), meter=cubes(meter))
        countdown(g, "heart heart lungs meds bone bone", "heart bone bone bone bone bone", SIX)
        place(g, 0, "heart heart", "P08/1")
        g.act("place", player=1, face="heart", on="P08/1")
        place(g, 0, "lungs meds", "P08/2")
        resolve(g, *([] if lost else ["P01"]))
        assert g.over is lost
        assert g.state.cubes == (0 if lost else 3)
        if lost:
            assert g.outcome == "lost" and g.log[-1].rule == "Game End: the last power cube"


def test_a_green_recharge_trigger_returns_a_cube_to_the_rightmost_open_space():
    """G: P02's green trigger puts a cube back on the rightmost open meter space."""
    g = planning(meter=cubes("..######"))
    countdown(g, "bone meds blood blood heart heart", SIX, SIX)
    place(g, 0, "bone meds", "P02/1")
    place(g, 0, "blood blood", "P02/2")
    assert g.state.meter == cubes("..######")
    resolve(g, "P09")
    assert g.state.meter == cubes(".#######") and g.state.patients[1] == "P09"


def test_a_green_discard_trigger_lets_the_team_choose_the_emergency_card():
    """G: P05's green trigger discards an Emergency-area card chosen by the team; the next drops down."""
    g = planning(draw=("P05", "P02", "P03", "P04"), slots={1: ["E01", "E02"], 3: ["E07"]})
    countdown(g, "lungs lungs heart blood bone bone", SIX, SIX)
    place(g, 0, "lungs lungs", "P05/1")
    place(g, 0, "heart blood", "P05/2")
    g.act("stop")
    resolve(g, until="choose")
    assert g.situation == "decision" and g.phase == "resolution"
    assert set(g.legal_actions()) == {Action("discard", card=c) for c in ("E01", "E02", "E07")}
    rule = "discard an emergency card"
    assert_illegal(g, rule, "discard", card="E05")
    assert_illegal(g, rule, "stop")
    g.act("discard", card="E01")
    s = g.state
    assert s.emergency_area[1] == ["E02"] and s.discard == ["E01"] and g.pending == "draw-patient"
    resolve(g, "P06")
    assert g.state.patients[0] == "P06"


def test_patients_resolve_clockwise_from_the_diamond():
    """G: resolution starts at the diamond's patient and goes clockwise; each is replaced before the next."""
    g = planning(diamond=2)
    countdown(g, "blood meds heart lungs brain brain", "heart meds bone bone bone bone", SIX)
    place(g, 0, "blood meds", "P01/1")
    place(g, 0, "heart lungs", "P01/2")
    place(g, 0, "brain brain", "P03/1")
    place(g, 1, "heart meds", "P03/2")
    g.act("stop")
    resolve(g, until="draw-patient")
    assert "space 3" in g.chance().name and g.state.patients == ["P01", "P02", None, "P04"]
    g.step(outcome="P07")
    resolve(g, until="draw-patient")
    assert "space 1" in g.chance().name and g.state.patients == [None, "P02", "P07", "P04"]
    g.step(outcome="P18")
    resolve(g)
    treated = [t for t in texts(g) if "is treated" in t]
    assert treated[0].startswith("Aiko Brandt") and treated[1].startswith("Ines Varga")
    assert g.state.patients == ["P18", "P02", "P07", "P04"] and g.state.diamond == 3


def test_the_team_wins_when_the_pile_is_empty_and_every_patient_is_treated():
    """Game End: treating the last patients with an empty pile wins at the end of G."""
    g = planning()
    with g.edit() as s:
        s.patients = ["P07", "P18", None, None]
        s.unseen_patients = sorted(set(s.content.patients) - {"P07", "P18"})
        s.cleared = {}
        s.pile = 0
    countdown(g, "bone bone bone meds heart heart", SIX, SIX)
    place(g, 0, "bone meds", "P07/1")
    g.act("place", player=0, face="bone", on="P18/1")
    assert_illegal(g, SAVING, "place", player=0, face="heart", on="P18/1")
    g.act("place", player=0, face="bone", on="P18/1")
    resolve(g)
    assert g.over and g.outcome == "won" and g.state.patients == [None] * 4
    assert g.log[-1].rule == "Game End: every patient treated"


def test_no_win_while_a_patient_is_left_and_an_empty_pile_leaves_the_space_empty():
    """Game End / ruling 11: with the pile empty a treated patient is not replaced; one left: no win."""
    g = planning()
    with g.edit() as s:
        s.patients = ["P07", "P18", None, None]
        s.unseen_patients = sorted(set(s.content.patients) - {"P07", "P18"})
        s.cleared = {}
        s.pile = 0
    countdown(g, "bone meds heart heart heart heart", SIX, SIX)
    place(g, 0, "bone meds", "P07/1")
    resolve(g)
    assert not g.over and g.state.patients == [None, "P18", None, None]


# --- III. H. Turn the Life Support Dial --------------------------------------------------------
@pytest.mark.parametrize("before, after", [(0, 1), (1, 2), (3, 0)])
def test_the_dial_turns_one_space_clockwise(before, after):
    """H: the dial turns one space clockwise after resolution (space 4 back to space 1)."""
    g = setup_countdown(diamond=before)
    resolve(g)
    assert g.state.diamond == after
    assert g.log[-1].rule == H_DIAL and f"points at space {after + 1}" in g.log[-1].text


def test_one_round_effects_end_when_the_dial_turns():
    """H: lost dice come back, lock-downs lift, blocks end, a gained die goes back aside."""
    g = planning(slots={1: ["E01", "E03"], 4: ["E12"]}, roll=(1, 4), triage=["S01"])
    s = g.state
    assert in_hand(s) == [5, 6, 6] and s.lockdowns == ["rerolls"] and s.blocked == ["P01"]
    g.act("triage", card="S01", player=1)
    assert in_hand(g.state) == [5, 7, 6] and count(g.state, 1, "aside") == 0
    countdown(g, "heart lungs brain bone blood", SIX + " meds", SIX)
    assert_illegal(g, SAVING, "place", player=0, face="blood", on="P01/1")  # blocked this round
    g.act("place", player=1, face="meds", on="P02/1")
    resolve(g)
    s = g.state
    assert (s.lockdowns, s.blocked, s.borrowed, s.emergency_roll) == ([], [], [], None)
    for p in range(3):
        assert (count(s, p, "hand"), count(s, p, "aside")) == (6, 1)
    assert all(face is None for _, face, _ in s.dice)
    assert s.emergency_area[1] == ["E01", "E03"]  # the cards stay; their effect ends


def test_the_reroll_track_empties_and_reroll_changes_end_when_the_dial_turns():
    """H / ruling 3: the re-roll count and this round's re-roll changes reset; track dice come back."""
    g = planning(slots={1: ["E02"]}, roll=(1, 2))
    assert g.state.reroll_limit == 2
    countdown(g, SIX, SIX, SIX)
    g.act("reroll", player=0, sacrifice="heart", dice=("lungs",))
    g.step(outcome=("bone",))
    g.act("reroll", player=1, sacrifice="heart", dice=("lungs",))
    g.step(outcome=("bone",))
    assert not [a for a in g.legal_actions() if a.kind == "reroll"]
    resolve(g)
    s = g.state
    assert (s.rerolls_used, s.reroll_bonus, s.reroll_limit, s.on("track")) == (0, 0, 3, [])
    assert in_hand(s) == [6, 6, 6]


# --- Effects (effects.py): each kind at least once -------------------------------------------
@pytest.mark.parametrize("card, roll, hands", [
    ("E01", (1, 6), [5, 6, 6]),  # the CMO loses 1
    ("E15", (5, 6), [4, 6, 6]),  # the CMO loses 2
    ("E04", (2, 6), [6, 5, 6]),  # the Intern loses 1
    ("E20", (6, 5), [6, 4, 6]),  # the Intern loses 2
    ("E11", (4, 5), [5, 5, 5]),  # each player loses 1
    ("E06", (2, 5), [5, 6, 6]),  # the most dice (tie: first in seat order) loses 1
])
def test_lose_dice_effects(card, roll, hands):
    """Effect lose-dice: the named player(s) set dice aside for this round, before rolling."""
    slot = load_content().emergencies[card].slot
    g = planning(slots={slot: [card]}, roll=roll)
    assert in_hand(g.state) == hands
    g.act("start-countdown")
    assert g.chance().name == f"red rolls {hands[0]} medic dice"


def test_lose_dice_hits_the_player_with_the_most_dice():
    """Effect lose-dice (most): once red has lost a die, blue holds the most dice and loses one."""
    g = planning(2, slots={1: ["E01"], 2: ["E06"]}, roll=(1, 2))
    assert in_hand(g.state) == [6, 6]  # red lost one to E01, then blue had the most (7 vs 6)


def test_gain_die_in_planning_adds_a_die_to_the_roll():
    """Effect gain-die (triage): the player takes their colour's set-aside die and rolls it with the rest."""
    g = planning(triage=["S01"])
    assert_illegal(g, TRIAGE, "triage", card="S01")  # names no player
    g.act("triage", card="S01", player=2)
    g.act("start-countdown")
    g.step(outcome=hand(SIX))
    g.step(outcome=hand(SIX))
    assert g.chance().name == "green rolls 7 medic dice"


def test_gain_die_during_the_countdown_is_rolled_at_once():
    """Ruling 8: a die gained in the countdown is rolled straight away (a one-die node)."""
    g = setup_countdown(triage=["S07"])
    g.act("triage", card="S07", player=0)
    node = g.chance()
    assert g.pending == "roll-dice" and len(node) == 6 and node[("meds",)] == Fraction(1, 6)
    g.step(outcome=("meds",))
    assert hand_of(g.state, 0) == hand(SIX + " meds") and g.pending == "countdown"
    g.act("place", player=0, face="meds", on="P02/1")
    resolve(g)
    assert count(g.state, 0, "aside") == 1 and count(g.state, 0, "hand") == 6


def test_gain_die_needs_a_set_aside_die():
    """Effect gain-die: a colour whose set-aside die is already taken cannot take another."""
    g = planning(triage=["S01", "S07"])
    g.act("triage", card="S01", player=0)
    assert_illegal(g, TRIAGE, "triage", card="S07", player=0)
    g.act("triage", card="S07", player=1)


def test_extra_emergency_activation_reveals_a_card_before_planning():
    """Effect extra-emergency: the activated card reveals another emergency card at once."""
    g = planning(slots={5: ["E17"]}, roll=(5, 1))
    assert g.pending == "reveal-emergency" and len(g.chance()) == 28
    g.step(outcome="S09")
    assert g.state.stat_area == ["S09"] and g.pending == "planning"


def test_lose_power_activation_removes_a_cube():
    """Effect lose-power: an activated card removes the leftmost cube."""
    g = planning(slots={3: ["E07"]}, roll=(3, 1))
    assert g.state.meter == cubes("..######") and not g.over


def test_lose_power_activation_taking_the_last_cube_loses():
    """Effect lose-power / Game End: losing the last cube through a card loses the game."""
    g = new()
    with g.edit() as s:
        s.meter = cubes("......##")
    g.step()
    reveal_any(g)
    with g.edit() as s:
        arrange(s, slots={4: ["E14"]})
    g.step(outcome=(4, 2))
    assert g.over and g.outcome == "lost" and g.state.cubes == 0
    assert g.log[-1].rule == "Game End: the last power cube"


def test_recharge_triage_card_returns_a_cube():
    """Effect recharge (triage): a cube goes back to the rightmost open space."""
    g = planning(triage=["S05"], meter=cubes("...#####"))
    g.act("triage", card="S05")
    assert g.state.meter == cubes("..######") and g.state.triage == [] and g.state.discard == ["S05"]


def test_recharge_with_a_full_meter_does_nothing():
    """Effect recharge: with no open meter space nothing changes (but the card is used)."""
    g = planning(triage=["S05"], meter=[True] * 8)
    g.act("triage", card="S05")
    assert g.state.meter == [True] * 8 and "meter is full" in g.log[-1].text


@pytest.mark.parametrize("card, slot, limit", [("E02", 1, 2), ("E08", 3, 1), ("E16", 5, 2)])
def test_fewer_rerolls(card, slot, limit):
    """Effect fewer-rerolls: the round allows fewer re-rolls."""
    g = planning(slots={slot: [card]}, roll=(slot, 6))
    assert g.state.reroll_limit == limit


def test_extra_rerolls_triage_card():
    """Effect extra-rerolls (triage): two more re-rolls this round, e.g. after the track is used up."""
    g = setup_countdown(triage=["S06"], rolls=["heart " * 6] * 3)
    for _ in range(3):
        g.act("reroll", player=0, sacrifice="heart", dice=("heart",))
        g.step(outcome=("heart",))
    assert not [a for a in g.legal_actions() if a.kind == "reroll"]
    g.act("triage", card="S06")
    assert g.state.reroll_limit == 5
    g.act("reroll", player=1, sacrifice="heart", dice=("heart",))
    g.step(outcome=("lungs",))
    assert g.state.rerolls_used == 4


def test_lock_down_of_the_triage_area():
    """Effect lock-down (triage): Triage cards cannot be used this round."""
    g = planning(slots={2: ["E05"]}, roll=(2, 6), triage=["S05"])
    assert g.state.lockdowns == ["triage"]
    assert g.legal_actions() == [Action("start-countdown")]
    err = assert_illegal(g, TRIAGE, "triage", card="S05")
    assert "locked down" in str(err)


@pytest.mark.parametrize("card, slot", [("E09", 3), ("E18", 6)])
def test_lock_down_of_the_recharging_stations(card, slot):
    """Effect lock-down (stations): the recharging stations take no dice this round."""
    g = setup_countdown(slots={slot: [card]}, roll=(slot, 1))
    assert g.state.lockdowns == ["stations"]
    assert not [a for a in g.legal_actions() if a.kind == "place" and a.on.startswith("station")]
    assert_illegal(g, RECHARGING, "place", player=0, face="meds", on="station/0")


def test_a_lock_down_with_no_tile_left_does_nothing():
    """Ruling 9: there is one re-roll lock-down tile; a second re-roll lock-down does nothing."""
    g = planning()
    with g.edit() as s:
        s.lockdowns = ["rerolls"]
        s.step = "emergency-dice"
        arrange(s, slots={4: ["E12"]})
    g.step(outcome=(4, 1))
    assert g.state.lockdowns == ["rerolls"]
    assert "no lock-down tile for the rerolls is left" in g.log[-1].text


@pytest.mark.parametrize("card, slot", [("E03", 1), ("E13", 4)])
def test_block_patient_stops_dice_on_the_patient_at_the_diamond(card, slot):
    """Effect block-patient: the patient at the diamond takes no dice this round; the others do."""
    g = setup_countdown(slots={slot: [card]}, roll=(slot, 6), diamond=2)
    assert g.state.blocked == ["P03"]
    targets = {a.on for a in g.legal_actions() if a.kind == "place"}
    assert not {"P03/1", "P03/2"} & targets and "P01/1" in targets
    assert_illegal(g, SAVING, "place", player=0, face="brain", on="P03/1")


def test_discard_emergency_triage_card():
    """Effect discard-emergency (triage): the team discards a card it names; the second row drops."""
    g = planning(slots={4: ["E11", "E12"]}, triage=["S04"])
    assert {a for a in g.legal_actions() if a.kind == "triage"} == {
        Action("triage", card="S04", target="E11"), Action("triage", card="S04", target="E12")}
    assert_illegal(g, TRIAGE, "triage", card="S04", target="E20")
    g.act("triage", card="S04", target="E11")
    s = g.state
    assert s.emergency_area[4] == ["E12"] and s.discard == ["S04", "E11"] and s.triage == []


def test_free_reroll_triage_card_needs_no_sacrifice():
    """Effect free-reroll (triage): re-roll chosen unplaced dice without using the re-roll track."""
    g = setup_countdown(triage=["S02"])
    g.act("triage", card="S02", player=1, dice=("heart", "lungs"))
    assert g.pending == "reroll" and g.chance().name == "blue re-rolls 2 dice"
    g.step(outcome=("meds", "meds"))
    s = g.state
    assert hand_of(s, 1) == hand("brain bone blood meds meds meds")
    assert s.rerolls_used == 0 and s.on("track") == [] and s.triage == []


def test_free_reroll_with_no_dice_is_refused():
    """Effect free-reroll: re-rolling no dice is no re-roll; the engine must refuse it, keeping the card."""
    g = setup_countdown(triage=["S02"])
    assert_illegal(g, TRIAGE, "triage", card="S02", player=1, dice=())


def test_set_face_triage_card():
    """Effect set-face (triage): turn one unplaced die to any other icon."""
    g = setup_countdown(triage=["S08"])
    assert_illegal(g, TRIAGE, "triage", card="S08", player=0, face="heart", to="heart")
    assert_illegal(g, TRIAGE, "triage", card="S08", player=0, face="heart", to="wings")
    g.act("triage", card="S08", player=0, face="heart", to="bone")
    assert hand_of(g.state, 0) == hand("lungs brain bone bone blood meds")


# --- Illegal moves at the wrong moment -------------------------------------------------------
def test_actions_and_rolls_at_the_wrong_moment_are_refused():
    """Engine: acting at a chance node, rigging an impossible draw, or acting after the end is refused."""
    g = flatlab.new_game("flatline", players=3, seed=1)
    rejected(g, "engine: situations", lambda: g.act("start-countdown"))
    g.step(outcome="P01")
    rejected(g, "Setup: Patient Cards", lambda: g.step(outcome="P01"))
    rejected(g, "Setup: Patient Cards", lambda: g.step(outcome="P21"))
    for card in ("P02", "P03", "P04"):
        g.step(outcome=card)
    rejected(g, "engine: step", lambda: g.step(outcome=(1, 1)))
    with g.edit() as s:
        s.meter = cubes("..######")  # this round reveals two cards
    g.step()
    rejected(g, B_ADD, lambda: g.step(outcome="E99"))
    g.step(outcome="E05")
    rejected(g, B_ADD, lambda: g.step(outcome="E05"))  # already revealed


def test_unknown_countdown_actions_are_refused():
    """II. Countdown: only place, reroll, triage and stop are countdown actions."""
    g = setup_countdown()
    for kind in ("remove", "start-countdown", "discard"):
        assert_illegal(g, COUNTDOWN, kind)
    assert_illegal(g, SAVING, "place", player=0, face="wings", on="P01/1")
    assert_illegal(g, SAVING, "place", player=0, face=None, on="P01/1")


def test_a_placement_by_an_unknown_player_names_the_placement_rule():
    """Saving Patients: a die from a player who is not at the table is refused under Saving Patients."""
    g = setup_countdown()
    err = assert_illegal(g, SAVING, "place", player=3, face="blood", on="P01/1")
    assert err.rule == SAVING


@pytest.mark.parametrize("kind, params", [
    ("stop", {"now": True}),
    ("place", {"player": 0, "face": "blood", "on": "P01/1", "twice": True}),
    ("reroll", {"player": 0, "sacrifice": "bone", "dice": ("heart",), "free": True}),
    ("time-up", {}),
], ids=["stop", "place", "reroll", "time-up-untimed"])
def test_countdown_actions_not_offered_are_refused(kind, params):
    """II. Countdown: an action that legal_actions() does not offer is refused and changes nothing."""
    g = setup_countdown()
    err = assert_illegal(g, "", kind, **params)
    assert err.rule.startswith(("II. Countdown", "engine: actions"))


# --- II. Countdown: the countdown minute (ruling 14) -----------------------------------------
def test_a_timed_countdown_ends_when_the_minute_is_up():
    """II. Countdown: with a timer the countdown lasts one minute; unplaced dice are then unused."""
    clock = [100.0]
    g = planning(options={"timer": 60})
    g.clock = lambda: clock[0]
    g.act("start-countdown")
    assert g.time_left == 60
    for _ in range(3):
        g.step(outcome=hand(SIX))
    clock[0] += 30
    g.act("place", player=0, face="blood", on="P01/1")
    assert g.time_left == 30
    clock[0] += 31
    before = len(g.moves)
    with pytest.raises(flatlab.IllegalAction) as err:
        g.act("place", player=0, face="meds", on="P01/1")
    assert err.value.rule == "engine: timed decisions"
    assert g.pending == "resolve-cards" and len(g.moves) == before + 1
    assert g.state.on("P01/1") == [(0, "blood", "P01/1")]
    assert "Time is up; 17 unplaced dice are not used" in g.log[-1].text


def test_a_roll_in_progress_resolves_after_time_runs_out_and_planning_is_untimed():
    """Ruling 14: planning has no clock; a re-roll under way when time runs out still resolves."""
    clock = [0.0]
    g = planning(options={"timer": 30})
    g.clock = lambda: clock[0]
    clock[0] += 1000
    assert g.time_left is None and g.pending == "planning"
    countdown(g, SIX, SIX, SIX)
    assert g.time_left == 30
    g.act("reroll", player=0, sacrifice="heart", dice=("lungs", "brain"))
    clock[0] += 31
    g.step(outcome=("meds", "meds"))  # the re-roll in progress resolves
    assert hand_of(g.state, 0) == hand("bone blood meds meds meds")
    rejected_at = len(g.moves)
    with pytest.raises(flatlab.IllegalAction):
        g.act("stop")
    assert g.moves[rejected_at] == {"act": {"kind": "time-up"}} and g.pending == "resolve-cards"


def test_a_trigger_must_be_an_immediate_effect(tmp_path):
    """Ruling 7: a patient trigger with a one-round effect (e.g. lose-dice) is refused when loaded."""
    text = (DATA / "patients.toml").read_text()
    bad = text.replace('trigger = { colour = "blank" }',
                       'trigger = { colour = "red", effect = { kind = "lose-dice", who = "cmo" } }', 1)
    (tmp_path / "patients.toml").write_text(bad)
    with pytest.raises(flatlab.DataError) as err:
        load_content(patients=tmp_path / "patients.toml")
    assert "card P01" in str(err.value) and "cannot be a card's trigger effect" in str(err.value)


# --- Probabilities ------------------------------------------------------------------------------
# Derived by hand (one needed icon, k dice thrown in all: 1 - (5/6)^k, etc.); see each case's comment.
COMPLETION = [
    ("one icon missing, one die to throw", "P01/2", {0: "bone bone"}, 1, [(1, "heart", "P01/2")],
     Fraction(1, 6)),
    ("one icon missing, three dice to throw", "P01/2", {0: "bone bone bone bone"}, 1,
     [(1, "heart", "P01/2")], 1 - Fraction(5, 6) ** 3),
    ("one icon missing, 3 then 2 dice to throw", "P01/2", {0: "bone bone bone bone"}, 2,
     [(1, "heart", "P01/2")], 1 - Fraction(5, 6) ** 5),
    ("no re-roll, the icon in hand", "P01/2", {2: "lungs bone"}, 0, [(1, "heart", "P01/2")], Fraction(1)),
    ("no re-roll, the icon not in hand", "P01/2", {0: "bone bone", 2: "bone"}, 0,
     [(1, "heart", "P01/2")], Fraction(0)),
    ("one die to sacrifice and nothing to throw", "P01/2", {0: "bone"}, 3, [(1, "heart", "P01/2")],
     Fraction(0)),
    ("two different icons from two dice", "P01/2", {0: "bone bone bone"}, 1, [], Fraction(2, 36)),
    # brain, brain from 3 dice then re-rolls: >=2 brains (16/216); exactly one (75/216) then 1 die: 1/6;
    # none (125/216) then 2 dice: 1/36.
    ("a pair from three dice, then what is left", "P03/1", {0: "bone bone bone bone"}, 2, [],
     Fraction(16, 216) + Fraction(75, 216) / 6 + Fraction(125, 216) / 36),
    ("a pair from two dice: only both at once", "P03/1", {0: "bone bone bone"}, 2, [], Fraction(1, 36)),
    ("two players needed, one icon from each", "P13/1", {1: "blood", 2: "bone bone"}, 1,
     [(0, "heart", "P13/1"), (0, "lungs", "P13/1")], Fraction(1)),
    ("two players needed, the other player must throw", "P13/1", {0: "blood", 2: "bone bone"}, 1,
     [(0, "heart", "P13/1"), (0, "lungs", "P13/1")], Fraction(1, 6)),
]


@pytest.mark.parametrize("what, target, hands, rerolls, placed, expected", COMPLETION,
                         ids=[c[0] for c in COMPLETION])
def test_completion_probability_matches_hand_derived_values(what, target, hands, rerolls, placed, expected):
    """Odds: P(the unplaced dice, with the re-rolls left, can still complete a target), exactly."""
    draw = ("P01", "P13", "P03", "P04")
    g = setup_countdown(draw=draw)
    for player, face, on in placed:
        g.act("place", player=player, face=face, on=on)
    with g.edit() as s:
        set_hands(s, {p: hands.get(p, "") for p in range(3)})
        s.rerolls_used = s.reroll_limit - rerolls
    assert completion_probability(g.state, target) == expected
    assert g.forecast().completion[target] == expected


def test_completion_probability_does_not_depend_on_who_holds_the_matching_die():
    """Odds: 'best play' uses blue's lone heart so red can throw three dice: 1 - (5/6)^3, either seat."""
    g = setup_countdown()
    for hands in ({0: "heart bone bone bone", 1: "heart"}, {1: "heart bone bone bone", 0: "heart"}):
        with g.edit() as s:
            set_hands(s, {**{p: "" for p in range(3)}, **hands})
            s.rerolls_used = 2
        assert completion_probability(g.state, "P01/2") == 1 - Fraction(5, 6) ** 3


def test_completion_probability_is_one_when_the_dice_showing_complete_a_two_player_row():
    """Odds: red holds bone, bone, blood and blue a blood; no re-rolls: P04 row 1 is certain."""
    g = setup_countdown()
    with g.edit() as s:
        set_hands(s, {0: "bone bone blood", 1: "blood", 2: ""})
        s.rerolls_used = 3
    assert {Action("place", player=1, face="blood", on="P04/1")} <= set(g.legal_actions())
    assert completion_probability(g.state, "P04/1") == 1
