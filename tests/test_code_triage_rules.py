"""Rulebook scenarios for Code Triage, phase by phase, with forced dice and draws.

Each test sets a position by hand (`position`: the first round's Player
Actions unless a step is given), forces the rolls and draws, and checks what
the rulebook (and RULES.md's house rulings) asks for. Rooms are numbers
1-12; corridor spaces are (row, column) on the board map.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from driving import advance_to, assert_illegal, rejected
from test_code_triage_support import card, end_turns, orders, patient, position

import flatlab
from flatlab.games.code_triage.cards import patient_cards
from flatlab.games.code_triage.clock import CLOCK, rounds
from flatlab.games.code_triage.roles import LAB, NURSE, RADIOLOGY, REP
from flatlab.games.code_triage.state import Patient

AMA_3 = card("ama", 3)  # an AMA-risk card with at least 3 printed hearts
AMA_3B = card("ama", 3, skip=1)
DEATH_3 = card("death", 3)
DEATH_3B = card("death", 3, skip=1)
STAYS = card("self-harm")  # "self-harm, cannot leave": no health
START = {"nurse": (7, 10), "radiology-tech": (7, 12), "patient-rep": (6, 11), "lab-tech": (8, 11)}


def at_event(**kw):
    return position(step="new-event", phase="new-event", **kw)


def full_house(free: int = 0) -> dict[int, Patient]:
    """Patients in rooms 1..12-free, each a different card, at full health."""
    cards = [c.id for c in patient_cards().values() if not c.mature and c.id != STAYS]
    return {room: patient(cards[room]) for room in range(1, 13 - free)}


# --- Setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize("length, time, count", [
    ("full", "7:00 AM", 25), ("part", "11:00 AM", 17), ("contingent", "1:00 PM", 13)])
def test_setup_pawns_clock_and_shuffled_decks(length, time, count):
    """Setup: pawns on their starting spaces, the clock on the length's space, three full decks."""
    g = flatlab.new_game("code-triage", length=length, seed=2)
    s = g.state
    assert s.positions == list(START.values()) == list(s.board.starts)
    assert CLOCK[s.clock] == time and rounds(length) == count and g.turn == 1
    assert s.tokens == [4, 4, 4, 4]
    assert (len(s.patient_deck), s.room_deck, sum(s.event_deck.values())) == (64, list(range(1, 13)), 44)
    # the first round skips phases 1 and 2: its first step is the event draw
    assert (g.pending, g.phase) == ("new-event", "new-event")


def test_mature_false_removes_the_eight_mature_patient_cards():
    """Setup step 4: the 8 black-bordered (mature) Patient cards can be left out."""
    g = flatlab.new_game("code-triage", mature=False, seed=2)
    assert len(g.state.patient_deck) == 56
    assert not any(patient_cards()[c].mature for c in g.state.patient_deck)


def test_difficulty_puts_patients_in_rooms_before_the_first_round():
    """Difficulty (house ruling): 'normal' admits 2 patients at set-up, each a Patient and a Room draw."""
    g = flatlab.new_game("code-triage", difficulty="normal", seed=2)
    assert (g.pending, g.phase, g.state.arrivals) == ("patient-card", "set-up", 2)
    g.step(outcome=AMA_3)
    g.step(outcome=4)
    g.step(outcome=DEATH_3)
    g.step(outcome=9)
    assert set(g.state.patients) == {4, 9} and g.pending == "new-event"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_all_four_roles_play_whatever_the_number_of_players(players):
    """Setup step 6: all four roles must be played, Nurse first, whoever controls them."""
    g = position(players=players)
    seen = []
    while g.pending == "player-actions":
        seen.append(g.state.current)
        g.act("end-turn")
    assert seen == [NURSE, RADIOLOGY, REP, LAB]
    assert g.pending == "discharge-check"


# --- 1. Incoming Ambulance Check --------------------------------------------------------------
def test_ambulance_check_rolls_both_dice_with_exact_probabilities():
    """1. Incoming Ambulance Check: both dice at once; the Patient die counts only with an ambulance."""
    g = position(step="ambulance-check", phase="ambulance-check", difficulty="normal")
    node = g.chance()
    assert len(node) == 12 and sum(node.dist.values()) == 1
    assert node[("ambulance", 2)] == Fraction(2, 6) * Fraction(2, 6)
    assert node[("siren", 3)] == Fraction(1, 6) * Fraction(1, 6)
    g.step(outcome=("siren", 3))  # on "normal" the siren face brings an ambulance
    assert (g.pending, g.state.arrivals) == ("patient-card", 3)


def test_no_ambulance_means_only_the_regular_new_patient():
    """1./2.: without an ambulance nobody extra comes; phase 2's patient always does."""
    g = position(step="ambulance-check", phase="ambulance-check")  # easy: the siren brings no one
    g.step(outcome=("siren", 3))
    assert (g.pending, g.phase) == ("new-patient", "new-patient")
    g.step()
    assert (g.pending, g.state.arrivals) == ("patient-card", 1)


def test_a_13th_patient_by_ambulance_shuts_the_hospital_at_once():
    """1. Incoming Ambulance Check: placing a 13th patient from an ambulance loses the game."""
    g = position(patients=full_house(free=1), step="ambulance-check", phase="ambulance-check")
    g.step(outcome=("ambulance", 2))
    g.step(outcome=g.state.patient_deck[0])
    assert dict(g.chance().items()) == {12: 1}  # the last free room
    g.step(outcome=12)
    assert g.over and g.outcome == "lost" and g.pending == "over" and g.phase == "game-end"
    assert "no room is free" in g.state.end
    assert g.log[-1].rule == "1. Incoming Ambulance Check"
    assert len(g.state.patients) == 12


# --- 2. New Patient ------------------------------------------------------------------------------
def test_new_patient_draws_a_patient_card_then_a_room_card():
    """2. New Patient: top Patient card (uniform over the deck), top Room card, printed hearts."""
    g = position(patients={3: patient(AMA_3)}, step="new-patient", phase="new-patient")
    g.step()
    node = g.chance()
    deck = g.state.patient_deck
    assert set(node) == set(deck) and set(node.dist.values()) == {Fraction(1, len(deck))}
    g.step(outcome=DEATH_3)
    rooms = g.chance()
    assert set(rooms) == set(range(1, 13)) - {3} and rooms[7] == Fraction(1, 11)
    g.step(outcome=7)
    c = patient_cards()[DEATH_3]
    assert g.state.patients[7] == Patient(DEATH_3, c.health, "death", c.orders, (0, 0, 0, 0))
    assert DEATH_3 not in g.state.patient_deck and 7 not in g.state.room_deck
    assert (g.pending, g.phase) == ("new-event", "new-event")


def test_room_cards_put_back_come_out_again_in_order():
    """5./6. put room cards on the bottom; once the shuffled part is used up they are certain."""
    g = position(patients=full_house(free=4), room_bottom=[10, 9], step="new-patient", phase="new-patient")
    assert g.state.room_deck == [11, 12]  # the shuffled part, above the cards put back
    g.step()
    g.step(outcome=g.state.patient_deck[0])
    assert dict(g.chance().items()) == {11: Fraction(1, 2), 12: Fraction(1, 2)}

    g = position(patients=full_house(free=4), room_bottom=[10, 9, 12, 11],
                 step="ambulance-check", phase="ambulance-check")
    assert g.state.room_deck == []
    g.step(outcome=("ambulance", 1))
    g.step(outcome=g.state.patient_deck[0])
    assert dict(g.chance().items()) == {10: 1}  # the first card put back, for certain
    g.step(outcome=10)
    g.step()
    g.step(outcome=g.state.patient_deck[0])
    assert dict(g.chance().items()) == {9: 1}


def test_a_patient_with_no_free_room_loses_the_game():
    """Game End: the regular new patient finding all 12 rooms taken shuts the hospital."""
    g = position(patients=full_house(), step="new-patient", phase="new-patient")
    g.step()
    assert g.outcome == "lost" and g.log[-1].rule == "2. New Patient"


def test_house_ruling_an_empty_patient_deck_sends_nobody():
    """House ruling: with no Patient card left, an arriving patient does not come."""
    g = position(step="new-patient", phase="new-patient", patient_deck=[], discharged=64)
    g.step()
    assert (g.pending, g.state.arrivals) == ("new-event", 0)
    assert "house ruling" in g.log[-1].rule


# --- 3. New Event ----------------------------------------------------------------------------
def test_adrenaline_rush_doubles_movement_and_orders_but_not_comfort():
    """Adrenaline Rush: 20 spaces a Move token, two orders a Treat token; Comfort unchanged."""
    g = at_event(patients={5: patient(AMA_3, hearts=1, pending=orders(nurse=2))}, at={"nurse": 1})
    g.step(outcome="adrenaline-rush")
    assert g.state.board.distance(1, 5) == 20
    g.act("move", to=5)
    g.act("treat")
    assert g.state.patients[5].orders == (0, 0, 0, 0) and g.state.tokens[NURSE] == 2
    g.act("comfort")
    assert g.state.patients[5].hearts == 2 and g.state.tokens[NURSE] == 1
    end_turns(g, 4)
    advance_to(g, "ambulance-check")
    assert (g.state.move_per_token, g.state.orders_per_token) == (10, 1)  # this round only


def test_exhaustion_halves_movement_and_makes_an_order_cost_two_tokens():
    """Exhaustion: 5 spaces a Move token, 2 tokens an order; Comfort still 1 token."""
    g = at_event(patients={2: patient(AMA_3, hearts=1, pending=orders(nurse=1))}, tokens=[3, 4, 4, 4])
    g.step(outcome="exhaustion")
    assert g.state.board.distance(START["nurse"], 2) == 9
    g.act("move", to=2)
    assert g.state.tokens[NURSE] == 1
    error = assert_illegal(g, "4. Player Actions: Treat", "treat")
    assert "takes 2 action token(s)" in str(error)
    g.act("comfort")
    assert g.state.patients[2].hearts == 2 and g.state.tokens[NURSE] == 0


def test_code_blue_turns_a_random_ama_patient_into_a_death_risk():
    """Code Blue: shuffle the AMA patients' room cards, reveal one; that patient risks death."""
    g = at_event(patients={2: patient(AMA_3, hearts=1), 4: patient(DEATH_3), 6: patient(AMA_3B)})
    g.step(outcome="code-blue")
    assert g.pending == "select-patient"
    assert dict(g.chance().items()) == {2: Fraction(1, 2), 6: Fraction(1, 2)}
    g.step(outcome=2)
    assert g.state.patients[2].risk == "death"
    end_turns(g, 4)
    advance_to(g, "reset-tokens")
    assert (g.state.expired, g.state.left_ama) == (1, 0)  # at 0 hearts they expire: -3, not -2


def test_discharge_paperwork_is_kept_and_discharges_anyone_in_your_room():
    """Discharge Paperwork (item): kept; a role in a patient's room discharges them, orders or not."""
    g = at_event(patients={2: patient(DEATH_3)})
    g.step(outcome="discharge-paperwork")
    assert g.state.items == ["discharge-paperwork"]
    assert_illegal(g, "Discharge Paperwork", "use", item="discharge-paperwork")  # in a corridor
    g.act("move", to=2)
    g.act("use", item="discharge-paperwork")
    s = g.state
    assert (s.discharged, s.patients, s.items, s.room_bottom, s.tokens[NURSE]) == (1, {}, [], [2], 3)
    assert_illegal(g, "Discharge Paperwork", "use", item="discharge-paperwork")


def test_external_disaster_rolls_the_patient_die_for_extra_patients():
    """External Disaster: roll the Patient die; that many more patients arrive, ambulance or not."""
    g = at_event()
    g.step(outcome="external-disaster")
    node = g.chance()
    assert g.pending == "patient-die" and dict(node.items()) == {
        1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}
    g.step(outcome=2)
    for room in (4, 8):
        g.step(outcome=g.state.patient_deck[0])
        g.step(outcome=room)
    assert set(g.state.patients) == {4, 8}
    advance_to(g, "player-actions")


@pytest.mark.parametrize("role, index", [("nurse", NURSE), ("radiology-tech", RADIOLOGY),
                                         ("patient-rep", REP), ("lab-tech", LAB)])
def test_lunch_break_takes_a_role_out_for_one_round(role, index):
    """Lunch Break: the pawn leaves for the round and comes back to its starting space."""
    g = at_event(at={role: 5})
    g.step(outcome=f"lunch-break-{role}")
    assert g.state.positions[index] is None and g.state.lunch == index
    seen = []
    while g.pending == "player-actions":
        seen.append(g.state.current)
        g.act("end-turn")
    assert seen == [r for r in range(4) if r != index]
    advance_to(g, "ambulance-check")
    assert g.state.positions[index] == START[role] and g.state.lunch is None


@pytest.mark.parametrize("event, index", [
    ("more-nursing-required", NURSE), ("more-imaging-required", RADIOLOGY),
    ("more-consultation-required", REP), ("more-labs-required", LAB)])
def test_more_required_adds_an_order_to_a_random_patient(event, index):
    """More ... Required: any patient (even one who cannot leave) may get the extra order."""
    g = at_event(patients={3: patient(STAYS), 8: patient(AMA_3)})
    g.step(outcome=event)
    assert dict(g.chance().items()) == {3: Fraction(1, 2), 8: Fraction(1, 2)}
    before = g.state.patients[3].orders[index]
    g.step(outcome=3)
    assert g.state.patients[3].orders[index] == before + 1


def test_a_random_pick_with_nobody_eligible_does_nothing():
    """Random patient selection: no eligible patient, no card to reveal, no effect."""
    g = at_event(patients={4: patient(DEATH_3)})
    g.step(outcome="code-blue")
    assert g.pending == "player-actions" and g.state.patients[4].risk == "death"
    assert "No patient is eligible" in str(g.log)


@pytest.mark.parametrize("event, hearts, expect", [
    ("therapy-dog", 1, 2),  # +1 heart
    ("waiting-room-grumbles", 2, 1),  # an AMA patient loses a heart
])
def test_original_heart_events(event, hearts, expect):
    """flatlab's events: one random patient gains or loses a heart."""
    g = at_event(patients={5: patient(AMA_3, hearts=hearts)})
    g.step(outcome=event)
    g.step(outcome=5)
    assert g.state.patients[5].hearts == expect


def test_sudden_decline_and_family_complaint_pick_by_risk():
    """flatlab's events: Sudden Decline picks death risks only, Family Complaint AMA risks only."""
    board = {2: patient(AMA_3, hearts=2), 4: patient(DEATH_3, hearts=2), 9: patient(STAYS)}
    g = at_event(patients=board)
    g.step(outcome="sudden-decline")
    assert dict(g.chance().items()) == {4: 1}
    g.step(outcome=4)
    assert g.state.patients[4].hearts == 1
    g = at_event(patients=board)
    g.step(outcome="family-complaint")
    assert dict(g.chance().items()) == {2: 1}
    g.step(outcome=2)
    assert g.state.patients[2].orders[REP] == board[2].orders[REP] + 1


def test_student_volunteers_and_quiet_half_hour():
    """Every AMA-risk patient regains a heart; a Quiet Half-Hour changes nothing but the deck."""
    board = {2: patient(AMA_3, hearts=1), 4: patient(DEATH_3, hearts=1), 6: patient(AMA_3B, hearts=2)}
    g = at_event(patients=board)
    g.step(outcome="student-volunteers")
    assert [g.state.patients[r].hearts for r in (2, 4, 6)] == [2, 1, 3]
    g = at_event(patients=board)
    before = g.rules.state_to_dict(g.state)
    g.step(outcome="quiet-half-hour")
    after = g.rules.state_to_dict(g.state)
    assert {k for k in before if before[k] != after[k]} == {"event_deck", "step", "phase"}


def test_hearts_from_an_event_never_exceed_the_printed_health():
    """Comfort's limit holds for events too: never above the hearts printed on the card."""
    g = at_event(patients={5: patient(AMA_3)})
    g.step(outcome="student-volunteers")
    assert g.state.patients[5].hearts == patient_cards()[AMA_3].health


def test_an_event_taking_the_last_heart_sends_the_patient_away():
    """House ruling: a patient an event leaves with no heart leaves as in 6. Reduce Patient Health."""
    g = at_event(patients={5: patient(AMA_3, hearts=1)})
    g.step(outcome="waiting-room-grumbles")
    g.step(outcome=5)
    assert (g.state.left_ama, g.state.patients, g.state.room_bottom) == (1, {}, [5])


def test_stat_results_fill_a_lab_order_of_a_patient_who_needs_one():
    """Stat Results: only patients with a pending Lab Tech order are eligible."""
    g = at_event(patients={2: patient(AMA_3, pending=orders(nurse=1)),
                           7: patient(DEATH_3, pending=orders(lab_tech=2))})
    g.step(outcome="stat-results")
    assert dict(g.chance().items()) == {7: 1}
    g.step(outcome=7)
    assert g.state.patients[7].orders == orders(lab_tech=1)


def test_coffee_cart_gives_every_role_an_extra_token():
    g = at_event()
    g.step(outcome="coffee-cart")
    assert g.state.tokens == [5, 5, 5, 5]


def test_frequent_visitor_brings_one_more_patient():
    g = at_event()
    g.step(outcome="frequent-visitor")
    assert (g.pending, g.state.arrivals) == ("patient-card", 1)


# --- 4. Player Actions -------------------------------------------------------------------------
def test_entering_a_room_ends_the_token_and_the_rest_is_lost():
    """Move: 3 spaces into a room spend a whole token; leaving again takes a new one."""
    g = position(at={"nurse": (3, 11)})
    g.act("move", to=3)
    assert g.state.positions[NURSE] == 3 and g.state.tokens[NURSE] == 3
    g.act("move", to=(2, 12))  # one step out of the room: a new token
    assert g.state.tokens[NURSE] == 2


@pytest.mark.parametrize("to, steps, tokens", [(11, 10, 1), (1, 13, 2), ((11, 0), 14, 2)])
def test_a_move_token_covers_ten_spaces(to, steps, tokens):
    """Move: up to 10 spaces a token; a longer move takes as many tokens as it needs."""
    g = position()
    assert g.state.board.distance(START["nurse"], to) == steps
    g.act("move", to=to)
    assert g.state.positions[NURSE] == to and g.state.tokens[NURSE] == 4 - tokens


@pytest.mark.parametrize("to, why", [(0, "not on the board"), ((1, 1), "not on the board"),
                                     ((7, 10), "already at"), (7, "takes 2 action token(s)"),
                                     ([7, 10, 1], "not on the board"), (True, "not on the board")])
def test_moves_that_are_refused(to, why):
    """Move: to a room 1-12 or a corridor space, not where you stand, with enough tokens."""
    g = position(tokens=[1, 4, 4, 4])
    assert why in str(assert_illegal(g, "4. Player Actions: Move", "move", to=to))


def test_treat_fills_orders_of_your_own_symbol_one_token_each():
    """Treat: in the patient's room, one token fills one order of your own symbol."""
    g = position(patients={2: patient(AMA_3, pending=orders(nurse=2, lab_tech=1))}, at={"nurse": 2})
    g.act("treat")
    assert g.state.patients[2].orders == orders(nurse=1, lab_tech=1)
    assert g.state.patients[2].filled[NURSE] >= 1 and g.state.tokens[NURSE] == 3
    g.act("treat")
    assert_illegal(g, "4. Player Actions: Treat", "treat")  # no Nurse order left
    g.act("move", to=(2, 8))
    assert_illegal(g, "4. Player Actions: Treat", "treat")  # a corridor


def test_radiology_tech_clears_the_room_before_an_x_ray():
    """Treat (Radiology Tech): the others in the room go to the free spaces in front of it."""
    g = position(patients={2: patient(AMA_3, pending=orders(radiology_tech=1))},
                 at={"nurse": 2, "patient-rep": (2, 7), "lab-tech": 2, "radiology-tech": (3, 8)})
    g.act("end-turn")
    g.act("move", to=2)
    assert g.state.in_room(2) == [NURSE, RADIOLOGY, LAB]
    g.act("treat")
    s = g.state
    assert s.in_room(2) == [RADIOLOGY]
    assert (s.positions[NURSE], s.positions[LAB], s.positions[REP]) == ((2, 8), (2, 9), (2, 7))
    assert s.patients[2].orders == (0, 0, 0, 0)
    assert any("X-ray" in str(e) for e in g.log[-3:])
    g.act("end-turn")
    g.act("move", to=2)  # after the X-ray anyone may come back in
    assert g.state.in_room(2) == [RADIOLOGY, REP]


def test_comfort_gives_back_a_heart_up_to_the_printed_health():
    """Comfort: +1 heart for a token, never above the printed hearts; not for those who cannot leave."""
    health = patient_cards()[AMA_3].health
    g = position(patients={2: patient(AMA_3, hearts=health - 1), 3: patient(STAYS)}, at={"nurse": 2})
    g.act("comfort")
    assert g.state.patients[2].hearts == health and g.state.tokens[NURSE] == 3
    assert_illegal(g, "4. Player Actions: Comfort", "comfort")
    g.act("move", to=3)
    assert_illegal(g, "4. Player Actions: Comfort", "comfort")


def test_unused_tokens_are_lost_and_every_role_gets_four_again():
    """7. Reset Action Tokens: whatever was left, each role starts the next round with 4."""
    g = position(tokens=[1, 0, 3, 4])
    end_turns(g, 4)
    advance_to(g, "ambulance-check")
    assert g.state.tokens == [4, 4, 4, 4]


# --- 5. Patient Discharge Check, 6. Reduce Patient Health --------------------------------------
def test_discharge_check_then_reduce_health():
    """5./6.: ready patients are discharged; the rest lose a heart; at 0 they leave AMA or expire."""
    g = position(patients={
        1: patient(AMA_3, pending=(0, 0, 0, 0)),  # ready: discharged (+1)
        4: patient(AMA_3B, hearts=1),  # AMA at 1 heart: leaves (-2)
        6: patient(DEATH_3, hearts=1),  # death at 1 heart: expires (-3)
        8: patient(DEATH_3B, hearts=2),  # loses a heart
        9: patient(STAYS),  # cannot leave: no hearts to lose
    })
    end_turns(g, 4)
    g.step()
    assert (g.state.discharged, g.pending) == (1, "reduce-health")
    g.step()
    s = g.state
    assert (s.discharged, s.left_ama, s.expired) == (1, 1, 1)
    assert set(s.patients) == {8, 9} and s.patients[8].hearts == 1 and s.patients[9].hearts is None
    assert s.room_bottom == [1, 4, 6]  # back to the bottom in the order they left


def test_the_third_expiry_ends_the_game_at_once():
    """Game End: a third expired patient loses immediately, mid-phase."""
    g = position(patients={3: patient(DEATH_3, hearts=1), 7: patient(AMA_3, hearts=1)}, expired=2)
    end_turns(g, 4)
    advance_to(g, "reduce-health")
    g.step()
    assert g.outcome == "lost" and g.state.expired == 3
    assert 7 in g.state.patients  # the game ended before room 7 was reached


# --- 8. Advance Game Clock and Game End ---------------------------------------------------------
def test_the_clock_advances_half_an_hour_a_round():
    g = position()
    end_turns(g, 4)
    advance_to(g, "ambulance-check")
    assert CLOCK[g.state.clock] == "1:30 PM" and g.turn == 2


@pytest.mark.parametrize("discharged, ama, expired, outcome", [
    (30, 10, 2, "won"),  # the rulebook's example: 30 - 20 - 6 = +4
    (5, 1, 1, "won"),  # 5 - 2 - 3 = 0: a tie wins
    (4, 1, 1, "lost"),  # -1
])
def test_scoring_at_7pm(discharged, ama, expired, outcome):
    """Game End: +1 a discharge, -2 an AMA, -3 an expiry; 0 or more wins; patients left don't count."""
    g = position(clock=24, length="full", discharged=discharged, left_ama=ama, expired=expired,
                 patients={5: patient(AMA_3, hearts=3)})
    assert g.turn == 25
    end_turns(g, 4)
    advance_to(g, "over")
    assert g.outcome == outcome and g.phase == "game-end"
    points = discharged - 2 * ama - 3 * expired
    assert g.state.end == f"score {points:+d}"
    assert 5 in g.state.patients and g.state.discharged == discharged


# --- Special Abilities (side B) ------------------------------------------------------------------
def test_nurse_overhead_page_moves_another_role_to_any_room():
    """Nurse (side B): 2 tokens page another role to any room."""
    g = position(side="B")
    g.act("page", role="lab-tech", to=10)
    assert g.state.positions[LAB] == 10 and g.state.tokens[NURSE] == 2
    assert_illegal(g, "Special Abilities: Nurse", "page", role="nurse", to=3)
    assert_illegal(g, "Special Abilities: Nurse", "page", role="lab-tech", to=10)
    assert_illegal(g, "Special Abilities: Nurse", "page", role="patient-rep", to=13)
    g.act("page", role="patient-rep", to=4)
    assert_illegal(g, "Special Abilities: Nurse", "page", role="radiology-tech", to=4)  # no tokens


def test_radiology_tech_goes_to_any_room_for_two_tokens():
    """Radiology Tech (side B): 2 tokens, any room, however far."""
    g = position(side="B", at={"radiology-tech": 10})
    assert_illegal(g, "Special Abilities: Radiology Tech", "dash", to=5)  # the Nurse's turn
    g.act("end-turn")
    assert g.state.board.distance(10, 5) == 24
    g.act("dash", to=5)
    assert g.state.positions[RADIOLOGY] == 5 and g.state.tokens[RADIOLOGY] == 2


@pytest.mark.parametrize("side, hearts_after", [("B", 1), ("A", None)])
def test_patient_rep_protects_the_patient_in_their_room(side, hearts_after):
    """Patient Rep (side B, static): the patient in the Rep's room keeps their heart this round."""
    g = position(side=side, patients={4: patient(AMA_3, hearts=1)}, at={"patient-rep": 4})
    end_turns(g, 4)
    advance_to(g, "reset-tokens")
    assert (g.state.patients[4].hearts if 4 in g.state.patients else None) == hearts_after


def test_lab_tech_fills_a_nurse_order_with_the_nurse_in_the_room():
    """Laboratory Tech (side B): with the Nurse in the room, fill that patient's Nurse order."""
    g = position(side="B", patients={6: patient(DEATH_3, pending=orders(nurse=2))},
                 at={"nurse": 6, "lab-tech": 6})
    end_turns(g, 3)
    g.act("assist")
    assert g.state.patients[6].orders == orders(nurse=1) and g.state.tokens[LAB] == 3
    with g.edit() as s:
        s.positions[NURSE] = (8, 20)
    assert_illegal(g, "Special Abilities: Laboratory Tech", "assist")


@pytest.mark.parametrize("kind, params", [("page", {"role": "lab-tech", "to": 3}), ("dash", {"to": 3}),
                                          ("assist", {})])
def test_side_a_has_no_abilities(kind, params):
    """Side A: the player boards have no special abilities."""
    g = position(side="A")
    assert_illegal(g, "Special Abilities", kind, **params)


# --- every refusal names its rule ----------------------------------------------------------------
def test_unknown_actions_and_parameters_are_refused_by_name():
    g = position()
    assert_illegal(g, "4. Player Actions", "fly", to=3)
    assert_illegal(g, "4. Player Actions", "treat", room=3)
    assert_illegal(g, "4. Player Actions", "move")


def test_a_roll_that_cannot_happen_is_refused():
    g = at_event()
    rejected(g, "3. New Event", lambda: g.step(outcome="no-such-card"))
