"""g.forecast() for Code Triage: exact arrival, shutdown, pick and next-event odds, checked by hand."""

from __future__ import annotations

from fractions import Fraction

from test_code_triage_rules import AMA_3, AMA_3B, DEATH_3, DEATH_3B, full_house
from test_code_triage_support import patient, position

from flatlab.prob import Dist, Proportion

DIE = Dist({1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)})  # the Patient die


def test_arrivals_and_shutdown_risk_at_the_ambulance_check():
    """Ambulance (1/3 on easy) + the regular patient + External Disaster when drawn (1 in 4)."""
    g = position(patients=full_house(free=2), step="ambulance-check", phase="ambulance-check",
                 event_deck={"external-disaster": 1, "quiet-half-hour": 3})
    f = g.forecast()
    assert f.ambulance == Fraction(1, 3) and f.free_rooms == 2
    ambulance = Dist({0: Fraction(2, 3), **{n: p / 3 for n, p in DIE.items()}})
    disaster = Dist({0: Fraction(3, 4), **{n: p / 4 for n, p in DIE.items()}})
    assert f.arrivals == 1 + ambulance + disaster
    assert f.arrivals[1] == Fraction(2, 3) * Fraction(3, 4)
    # more than 2 patients: 1 - P(no extra patient) - P(one by ambulance) - P(one by disaster)
    one_extra = Fraction(1, 6) * Fraction(3, 4) + Fraction(2, 3) * Fraction(1, 8)
    assert f.shutdown == 1 - Fraction(1, 2) - one_extra
    assert f.shutdown == Fraction(7, 24)
    assert f.next_event == Dist({"External Disaster": Fraction(1, 4), "Quiet Half-Hour": Fraction(3, 4)})
    assert "P(an ambulance arrives) = 1/3" in str(f) and "7/24" in str(f)
    assert "7/24" in f._repr_html_()


def test_the_next_event_card_is_drawn_without_replacement():
    g = position(step="new-event", phase="new-event")
    f = g.forecast()
    left = g.state.event_deck  # the first round's Quiet Half-Hour is gone: 43 cards
    assert sum(left.values()) == 43
    assert f.next_event["Quiet Half-Hour"] == Fraction(2, 43)
    assert f.next_event["Code Blue"] == Fraction(4, 43)
    assert f.arrivals.p(lambda n: n > 0) == Fraction(4 + 2, 43)  # External Disaster, Frequent Visitor


def test_random_picks_count_the_newcomers_without_replacement():
    """Code Blue picks among AMA patients; the regular newcomer is AMA with probability 1/2."""
    on_board = {2: patient(AMA_3), 4: patient(DEATH_3)}
    g = position(patients=on_board, step="new-patient", phase="new-patient",
                 event_deck={"code-blue": 1, "quiet-half-hour": 1},
                 patient_deck=sorted([AMA_3B, DEATH_3B]), discharged=60)
    f = g.forecast()
    # P(Code Blue) * (1/2 * 1/2 [an AMA newcomer joins the pool] + 1/2 * 1 [alone in it])
    assert f.picks == {2: {"Code Blue": Fraction(1, 2) * Fraction(3, 4)}, 4: {}}
    with g.edit() as s:
        s.event_deck = {"more-nursing-required": 1, "quiet-half-hour": 1}
    f = g.forecast()  # any patient: always 3 in the pool
    assert f.picks == {2: {"More Nursing Required": Fraction(1, 6)},
                       4: {"More Nursing Required": Fraction(1, 6)}}


def test_at_the_pick_itself_each_eligible_patient_is_equally_likely():
    g = position(patients={2: patient(AMA_3), 4: patient(DEATH_3), 7: patient(AMA_3B)},
                 step="new-event", phase="new-event")
    g.step(outcome="code-blue")
    assert g.forecast().picks == {2: {"Code Blue": Fraction(1, 2)}, 4: {}, 7: {"Code Blue": Fraction(1, 2)}}
    assert dict(g.chance().items()) == {2: Fraction(1, 2), 7: Fraction(1, 2)}


def test_during_player_actions_the_forecast_is_for_the_next_round():
    g = position(patients={3: patient(AMA_3, hearts=2)})
    f = g.forecast()
    assert (f.round, f.time, f.ambulance) == (2, "1:30 PM", Fraction(1, 3))
    assert "if the remaining turns end now" in str(f)
    assert g.pending == "player-actions" and 3 in g.state.patients  # the real game did not move


def test_a_forecast_after_the_end_says_so():
    g = position(patients={3: patient(DEATH_3, hearts=1)}, expired=2)
    assert "lost" in str(g.forecast()) and g.forecast().game_over


def test_simulated_arrivals_agree_with_the_exact_forecast():
    """Probability: 400 seeded rounds land inside the 99.9% interval around the exact P(1 patient)."""
    exact = position(step="ambulance-check", phase="ambulance-check").forecast().arrivals[1]
    ones = 0
    for seed in range(400):
        g = position(step="ambulance-check", phase="ambulance-check", seed=seed)
        deck = len(g.state.patient_deck)
        g.run()
        ones += deck - len(g.state.patient_deck) == 1
    assert exact in Proportion(ones, 400, level=0.999)
