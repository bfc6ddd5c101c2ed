"""Code Triage content: the board map, the decks, the dice, validated on load with located errors."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from flatlab import DataError
from flatlab.cli import main
from flatlab.games.code_triage.board import DATA, load_board, parse_board
from flatlab.games.code_triage.cards import event_cards, parse_events, parse_patients, patient_cards
from flatlab.games.code_triage.dice import load_dice, parse_dice
from flatlab.games.code_triage.roles import ROLES

BOARD = (DATA / "board.toml").read_text(encoding="utf-8")
PATIENTS = (DATA / "patients.toml").read_text(encoding="utf-8")
EVENTS = (DATA / "events.toml").read_text(encoding="utf-8")
DICE = (DATA / "dice.toml").read_text(encoding="utf-8")


# --- the board ------------------------------------------------------------------------------------
def test_the_board_has_twelve_rooms_three_front_spaces_each_and_four_starts():
    b = load_board()
    assert list(b.rooms) == list(range(1, 13)) and len(b.room_names) == 12
    assert all(len(b.fronts[room]) == 3 for room in b.rooms)
    assert len(set(b.starts)) == 4 and set(b.starts) <= b.spaces
    assert all(set(cells) <= b.spaces for cells in b.fronts.values())


def test_distances_count_leaving_and_entering_a_room_as_a_step():
    b = load_board()
    assert b.distance(1, 1) == 0
    assert b.distance(1, (2, 3)) == 1 and b.distance((2, 3), 1) == 1
    assert b.distance(1, 2) == 5  # out, three corridor spaces along, in
    assert all(b.distance(a, c) == b.distance(c, a) for a in b.rooms for c in b.rooms)


def _map_with_room_1_between_two_corridors() -> str:
    """Room 1 has front spaces left, right and below; rooms 2-12 hang below in a ladder."""
    rows = [".....", ".AaA.", "..A..", "1234."]
    for mark in "bcdefghijkl":
        rows += [f".{mark.upper() * 3}.", f".{mark * 3}."]
    names = ", ".join(f'"room {i}"' for i in range(1, 13))
    return f'name = "ladder"\nrooms = [{names}]\nmap = """\n' + "\n".join(rows) + '\n"""\n'


def test_nobody_walks_through_a_room():
    """Entering a room ends the movement: a room with doors on both sides is no short cut."""
    board = parse_board(_map_with_room_1_between_two_corridors(), "ladder.toml")
    assert board.distance((1, 1), 1) == 1 and board.distance(1, (1, 3)) == 1
    assert board.distance((1, 1), (1, 3)) == 4  # round by the top corridor, not 2 through the room


def _line(text: str, row: str) -> int:
    return text.splitlines().index(row) + 1


@pytest.mark.parametrize("old, new, problem, column", [
    ("##aaa##bbb##ccc##ddd###", "##aaa##bxb##ccc##ddd###", "unknown map mark 'x'", 9),
    ("..AAA..BBB..CCC..DDD...", "..AA...BBB..CCC..DDD...", "room 1 has 2 front spaces", 3),
    ("##........1.2........##", "##........1.1........##", "starting space '1' appears 2 times", 13),
    ("##jjj##iii##hhh##ggg###", "##jjj##iii##hhh##ggg#.#", "cannot be reached", 22),
])
def test_bad_maps_fail_with_their_line_and_column(old, new, problem, column):
    at = BOARD.rindex(old)
    text = BOARD[:at] + new + BOARD[at + len(old):]
    with pytest.raises(DataError) as e:
        parse_board(text, "board.toml")
    assert problem in str(e.value)
    assert (e.value.source, e.value.line, e.value.column) == ("board.toml", _line(text, new), column)


def test_a_front_space_must_touch_its_room():
    text = BOARD.replace("..AAA..BBB", "AA.A...BBB", 1)
    with pytest.raises(DataError, match=r"front space of room 1 at \(2, 0\) is not next to the room"):
        parse_board(text, "board.toml")


# --- the decks ------------------------------------------------------------------------------------
def test_the_patient_deck_has_64_cards_8_mature_and_4_who_cannot_leave():
    cards = patient_cards().values()
    assert len(cards) == 64
    assert sum(c.mature for c in cards) == 8
    stays = [c for c in cards if c.risk == "self-harm"]
    assert len(stays) == 4 and all(c.health is None for c in stays)
    assert {c.risk for c in cards} == {"ama", "death", "self-harm"}
    assert all(any(c.orders) for c in cards)
    assert all(sum(c.orders[i] for c in cards) > 0 for i in range(len(ROLES)))  # all four symbols
    assert len({c.name for c in cards}) == 64


NAMED = {  # the rulebook's events and counts
    "Adrenaline Rush": 2, "Code Blue": 4, "Discharge Paperwork": 1, "Exhaustion": 4,
    "External Disaster": 4, "Lunch Break: Nurse": 1, "Lunch Break: Radiology Tech": 1,
    "Lunch Break: Patient Rep": 1, "Lunch Break: Lab Tech": 1, "More Nursing Required": 2,
    "More Imaging Required": 2, "More Consultation Required": 2, "More Labs Required": 2,
}


def test_the_event_deck_has_44_cards_with_every_named_event_and_count():
    cards = event_cards().values()
    assert sum(c.copies for c in cards) == 44
    counts = Counter({c.name: c.copies for c in cards})
    assert {name: counts[name] for name in NAMED} == NAMED
    assert sum(counts.values()) - sum(NAMED.values()) == 17  # flatlab's own events
    assert [c.id for c in cards if c.item] == ["discharge-paperwork"]


@pytest.mark.parametrize("change, problem", [
    (lambda t: t.replace("health = ", "health = 9 #", 1), "health: expected 1 to 6 hearts, found 9"),
    (lambda t: t.replace("orders = { ", "orders = { surgeon = 1, ", 1), "'surgeon' is not a role"),
    (lambda t: t.replace('risk = "', 'risk = "x', 1), "risk: expected one of ama, death, self-harm"),
    (lambda t: t.replace('id = "P02"', 'id = "P01"', 1), "id: used by another card"),
    (lambda t: t + "\n[[patient]]\nid = \"P99\"\n", "missing"),
])
def test_bad_patient_cards_fail_naming_line_card_and_field(change, problem):
    with pytest.raises(DataError) as e:
        parse_patients(change(PATIENTS), "patients.toml")
    assert problem in str(e.value) and e.value.line is not None
    assert str(e.value).startswith(f"patients.toml, line {e.value.line}: patient ")


@pytest.mark.parametrize("change, problem", [
    (lambda t: t.replace('do = "keep"', 'do = "kept"'), "an effect needs do = one of"),
    (lambda t: t.replace('risk = "ama"\nhearts = -1', 'hearts = -1'), "a hearts change needs risk"),
    (lambda t: t.replace('die = "patient"', 'die = "patient"\nhearts = 1'), "takes count, die"),
    (lambda t: t.replace('role = "nurse"', 'role = "doctor"'), "role must be a role"),
    (lambda t: t.replace("copies = 3", "copies = 0"), "copies: expected at least 1"),
    (lambda t: t.replace('do = "arrivals"\ncount = 1',
                         'do = "arrivals"\ncount = 1\n[[event.effect]]\ndo = "every-patient"\n'
                         'risk = "ama"\nhearts = 1'), "admit patients or change patients, not both"),
])
def test_bad_event_cards_fail_naming_line_card_and_field(change, problem):
    text = change(EVENTS)
    assert text != EVENTS
    with pytest.raises(DataError) as e:
        parse_events(text, "events.toml")
    assert problem in str(e.value) and e.value.line is not None


def test_an_event_deck_too_small_for_a_full_shift_is_refused():
    with pytest.raises(DataError, match="a full shift draws 25"):
        parse_events(re.sub(r"copies = \d", "copies = 1", EVENTS), "events.toml")


# --- the dice -------------------------------------------------------------------------------------
def test_the_dice_and_difficulties():
    dice = load_dice()
    assert len(dice.check) == 12 and sum(dice.check.values()) == 1
    levels = dice.levels
    assert list(levels) == ["easy", "normal", "hard", "expert"]
    assert [float(dice.ambulance_probability(d)) for d in levels] == [1 / 3, 1 / 2, 2 / 3, 2 / 3]
    assert [levels[d].start_patients for d in levels] == [0, 2, 2, 4]
    assert dice.ambulance_patients("easy").p(0) == 1 - dice.ambulance_probability("easy")


@pytest.mark.parametrize("change, problem", [
    (lambda t: t.replace("patient = [1, 1, 1, 2, 2, 3]", "patient = [0, 1]"), "dice.patient"),
    (lambda t: t.replace('ambulance_faces = ["ambulance"]', 'ambulance_faces = ["rocket"]'),
     "difficulty[0].ambulance_faces"),
    (lambda t: t.replace("start_patients = 0", "start_patients = 13"), "difficulty[0].start_patients"),
])
def test_bad_dice_files_name_the_field(change, problem):
    with pytest.raises(DataError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        parse_dice(change(DICE), "dice.toml")


# --- the command line -------------------------------------------------------------------------------
def test_simulate_and_play_from_the_command_line(capsys):
    code = main(["simulate", "code-triage", "--games", "4", "--seed", "3", "--length", "contingent",
                 "--side", "B", "--difficulty", "hard"])
    out = capsys.readouterr().out
    assert code == 0 and "code-triage (players=4, length=contingent, side=B, difficulty=hard" in out
    assert "win rate:" in out and "CI" in out
    assert main(["play", "code-triage", "--seed", "3", "--policy", "random"]) == 0
    out = capsys.readouterr().out
    assert "draw an Event card (44 left" in out and out.rstrip().endswith(("won.", "lost."))
    assert main(["simulate", "code-triage", "--games", "2", "--side", "C"]) == 2
    assert "side: choose 'A' or 'B'" in capsys.readouterr().err


def test_the_balance_script_runs():
    root = Path(__file__).resolve().parents[1]
    python = root / ".venv" / "bin" / "python"
    run = subprocess.run([str(python) if python.exists() else sys.executable, "-m",
                          "flatlab.games.code_triage.balance", "--games", "4", "--lengths", "contingent",
                          "--difficulties", "easy"], capture_output=True, text=True, cwd=root, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "easy       contingent" in run.stdout
