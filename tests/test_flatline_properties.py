"""Random legal Flatline play keeps the invariants (hypothesis chooses the moves and the dice).

Each example plays up to CALLS engine calls: decisions pick an action kind and
then an action from `legal_actions()` (stopping the countdown only now and
then, so dice get placed), and every third roll or draw is rigged to an
outcome hypothesis picks.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from driving import no_check, play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flatlab
from flatlab.core.save import apply_move
from flatlab.games.flatline.content import DIFFICULTIES, SIDES
from flatlab.games.flatline.save import check_invariants

CALLS = 200
PLACES = {"hand", "aside", "out", "track"}
IN_ROUND = {"countdown", "roll-dice", "reroll"}  # steps at which placed dice must sit on live targets

plays = st.fixed_dictionaries({
    "seed": st.integers(0, 10**6),
    "players": st.integers(1, 5),
    "difficulty": st.sampled_from(DIFFICULTIES),
    "side": st.sampled_from(SIDES),
    "choices": st.lists(st.integers(0, 10**6), min_size=CALLS, max_size=CALLS),
})


def pick(legal, choice: int):
    """An action kind first (stop only one time in eight), then an action of that kind."""
    kinds = sorted({a.kind for a in legal})
    if "stop" in kinds and len(kinds) > 1 and choice % 8:
        kinds.remove("stop")
    kind = kinds[choice % len(kinds)]
    of_kind = [a for a in legal if a.kind == kind]
    return of_kind[(choice // 8) % len(of_kind)]


def drive(play, check=no_check):
    """Play up to CALLS calls; choices pick actions, and every third roll is rigged."""
    g = flatlab.new_game("flatline", seed=play["seed"], players=play["players"],
                         difficulty=play["difficulty"], side=play["side"])
    return play_randomly(g, play["choices"], pick, check)


# Explicit settings on each test (not a global profile, which would change other test files).
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def live_targets(s) -> set[str]:
    """Where a placed die may be during the countdown (a card discarded by a Triage card keeps its dice)."""
    out = {f"station/{i}" for i in range(len(s.content.stations))}
    out |= set(s.stat_area) | set(s.emergency_cards()) | set(s.discard)
    for card in s.patients:
        if card:
            out |= {f"{card}/{r + 1}" for r in range(len(s.content.patients[card].rows))}
    return out


@FAST
@given(plays)
def test_dice_are_conserved_and_every_die_is_in_exactly_one_place(play):
    """Every colour keeps its dice; each die is in a hand, aside, out, on the track, or on a live target."""
    def check(g, before):
        s = g.state
        check_invariants(s)
        c = s.content
        assert Counter(d[0] for d in s.dice) == {p: c.dice_each(s.players) + c.set_aside
                                                 for p in range(s.players)}
        assert [d[0] for d in s.dice] == [d[0] for d in before.dice]  # no die changes colour
        live = live_targets(s)
        for _, face, where in s.dice:
            assert face is None or face in c.faces
            if where in ("aside", "out"):
                assert face is None
            elif where not in PLACES:
                assert face is not None
                if s.step in IN_ROUND:
                    assert where in live, f"a die sits on {where}, which is not on the table"
        for p in range(s.players):
            aside = sum(1 for o, _, w in s.dice if o == p and w == "aside")
            borrowed = sum(1 for i in s.borrowed if s.dice[i][0] == p)
            assert aside + borrowed == c.set_aside
        if s.step == "lose-power" or (s.step == "over" and before.step == "lose-power"):
            assert all(w in ("hand", "aside") and f is None for _, f, w in s.dice)
    drive(play, check)


@FAST
@given(plays)
def test_a_placed_die_never_moves_within_a_round(play):
    """A die on a target or on the re-roll track stays exactly there until the dial turns."""
    def check(g, before):
        s = g.state
        if before.step == "turn-dial" or s.round != before.round:
            return
        for i, die in enumerate(before.dice):
            if die[2] not in ("hand", "aside"):
                assert s.dice[i] == die, f"die {i} moved from {die} to {s.dice[i]}"
    drive(play, check)


@FAST
@given(plays)
def test_emergency_and_patient_cards_are_conserved(play):
    """Each emergency card is in exactly one place, blue ones in their own slot; patients are not lost."""
    def check(g, before):
        s = g.state
        check_invariants(s)
        cards = s.content.emergencies
        for slot, rows in s.emergency_area.items():
            assert len(rows) <= 2 and all(cards[c].slot == slot for c in rows)
        assert all(cards[c].tab == "orange" for c in s.stat_area + s.x_area + s.triage)
        on_board = [p for p in s.patients if p]
        treated = set(s.content.patients) - set(on_board) - set(s.unseen_patients)
        assert len(on_board) + len(treated) + len(s.unseen_patients) == 20
        assert set(s.cleared) <= set(on_board)
        assert 0 <= s.pile <= len(s.unseen_patients)
        assert len(s.x_area) < s.x_limit or g.outcome == "lost"
        assert s.cubes > 0 or g.outcome == "lost"
    drive(play, check)


@FAST
@given(plays)
def test_every_chance_node_sums_to_exactly_one(play):
    """Every roll and draw is an exact distribution: positive Fractions summing to 1."""
    def check(g, before):
        node = g.chance()
        if node:
            assert sum(node.dist.values(), Fraction(0)) == 1
            assert all(isinstance(p, Fraction) and p > 0 for p in node.dist.values())
    drive(play, check)


@FAST
@given(plays)
def test_undo_returns_exactly_to_the_state_before_each_call(play):
    """Undo restores the previous state (and dice generator); the recorded move then redoes the same."""
    def check(g, before):
        after, draws, move = g.rules.copy_state(g.state), g.rng.draws, g.moves[-1]
        g.undo()
        assert g.state == before
        assert g.rules.state_to_dict(g.state) == g.rules.state_to_dict(before)
        apply_move(g, move)
        assert g.state == after and g.rng.draws == draws
    drive(play, check)


@FAST
@given(plays)
def test_save_load_and_replay_reproduce_the_game(play):
    """flatlab.load(g.to_json()) and g.replay() rebuild the same state, draws and log."""
    g = drive(play)
    loaded = flatlab.load(g.to_json())
    assert loaded.state == g.state and loaded.outcome == g.outcome
    assert loaded.rng.draws == g.rng.draws
    assert [str(e) for e in loaded.log] == [str(e) for e in g.log]
    replayed = g.replay()
    assert replayed.state == g.state and replayed.moves == g.moves
