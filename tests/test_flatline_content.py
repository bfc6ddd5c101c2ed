"""Flatline content as data: the built-in table and decks, a teacher's own files, located load errors,
the effect vocabulary (`parse_effect`, where each kind may appear) and the simulated `power_risk`.

Faulty decks are modified copies of the built-in text written to tmp_path; the expected line of
an error is computed from the text written (the line of the card's `id = "..."`).
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

import flatlab
from flatlab import DataError, Proportion
from flatlab.games.flatline.content import DATA, load_content
from flatlab.games.flatline.effects import CONTEXTS, PARAMETERS, Effect, parse_effect
from flatlab.games.flatline.odds import power_risk

TABLE = (DATA / "table.toml").read_text(encoding="utf-8")
PATIENTS = (DATA / "patients.toml").read_text(encoding="utf-8")
EMERGENCIES = (DATA / "emergencies.toml").read_text(encoding="utf-8")

FACES = {"heart", "lungs", "brain", "bone", "blood", "meds"}
IMMEDIATE = {"extra-emergency", "lose-power", "recharge", "discard-emergency"}
PUBLISHED_PILES = {"training": (6, 13), "standard": (7, 15), "expert": (8, 17)}

# Where each kind may be printed (effects.py docstring, RULES.md ruling 7): activations last the
# round; triggers fire at Resolution, so only immediate kinds; triage cards are player benefits.
ALLOWED = {
    "lose-dice": {"activation"},
    "gain-die": {"triage"},
    "extra-emergency": {"activation", "trigger"},
    "lose-power": {"activation", "trigger"},
    "recharge": {"trigger", "triage"},
    "fewer-rerolls": {"activation"},
    "extra-rerolls": {"triage"},
    "lock-down": {"activation"},
    "block-patient": {"activation"},
    "discard-emergency": {"trigger", "triage"},
    "free-reroll": {"triage"},
    "set-face": {"triage"},
}
# a complete, valid parameter set for each kind
SAMPLE = {
    "lose-dice": {"who": "each", "amount": 2},
    "gain-die": {},
    "extra-emergency": {"amount": 1},
    "lose-power": {"amount": 2},
    "recharge": {"amount": 1},
    "fewer-rerolls": {"amount": 1},
    "extra-rerolls": {"amount": 3},
    "lock-down": {"area": "stations"},
    "block-patient": {"position": "diamond"},
    "discard-emergency": {},
    "free-reroll": {},
    "set-face": {},
}


# --- helpers ----------------------------------------------------------------------------------
def id_line(text: str, card: str, occurrence: int = 0) -> int:
    """The 1-based line of the card's `id = "..."` line in `text` (the n-th one, for duplicates)."""
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if line == f'id = "{card}"']
    assert len(lines) > occurrence, (card, lines)
    return lines[occurrence]


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, (old, text.count(old))
    return text.replace(old, new)


def in_card(text: str, card: str, old: str, new: str) -> str:
    """Replace `old` (exactly once) within one card's block: from its id line to the next `[[`."""
    lines = text.splitlines(keepends=True)
    start = id_line(text, card) - 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("[[")), len(lines))
    block = "".join(lines[start:end])
    return "".join(lines[:start]) + replace_once(block, old, new) + "".join(lines[end:])


def drop_card(text: str, card: str) -> str:
    """Remove one card's whole block, its `[[...]]` header included."""
    lines = text.splitlines(keepends=True)
    start = id_line(text, card) - 2
    assert lines[start].startswith("[[")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[[")), len(lines))
    return "".join(lines[:start] + lines[end:])


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_fault(tmp_path: Path, which: str, text: str) -> DataError:
    name = f"my_{which}.toml"
    with pytest.raises(DataError) as excinfo:
        load_content(**{which: write(tmp_path, name, text)})
    assert excinfo.value.source == name
    assert str(excinfo.value).startswith(name)
    return excinfo.value


def assert_located(e: DataError, which: str, line: int, card: str, *fragments: str) -> None:
    """The message names the teacher's file, the line of the card's id, the card and the field."""
    msg = str(e)
    assert e.line == line, msg
    assert msg.startswith(f"my_{which}.toml, line {line}: card {card}: "), msg
    for fragment in fragments:
        assert fragment in msg, (fragment, msg)


# --- the built-in content ---------------------------------------------------------------------
def test_the_built_in_decks_hold_20_patients_and_29_emergencies():
    c = load_content()
    assert len(c.patients) == 20
    assert len(c.emergencies) == 29
    blue = [e for e in c.emergencies.values() if e.tab == "blue"]
    orange = [e for e in c.emergencies.values() if e.tab == "orange"]
    assert (len(blue), len(orange)) == (20, 9)
    assert {e.slot for e in blue} == set(range(1, 7))
    assert all(e.slot is None for e in orange)
    assert all(key == card.id for deck in (c.patients, c.emergencies) for key, card in deck.items())


def test_the_built_in_table_has_six_faces_and_8_number_meters_for_every_side_and_player_count():
    c = load_content()
    assert len(c.faces) == 6 and set(c.faces) == FACES
    assert set(c.meters) == {(side, key) for side in ("standard", "expert")
                             for key in ("1-2", "3", "4", "5")}
    for side in ("standard", "expert"):
        for players in range(1, 6):
            meter = c.meter(side, players)
            assert len(meter) == 8 and all(isinstance(n, int) and n >= 0 for n in meter)
    assert c.meter("standard", 1) == c.meter("standard", 2)
    assert c.meter("standard", 3) == (1, 1, 2, 2, 2, 2, 3, 3)
    assert c.meter("expert", 3) == (2, 2, 2, 2, 3, 3, 3, 3)
    assert len(c.lockdown_tiles) == 4 and sorted(set(c.lockdown_tiles)) == ["rerolls", "stations", "triage"]
    assert len(c.stations) == 2 and all(set(st.icons) <= FACES for st in c.stations)
    assert len(c.reroll_limits) == 5 and c.dice_each(2) == 7 and c.dice_each(3) == 6


@pytest.mark.parametrize("difficulty", ["training", "standard", "expert"])
def test_pile_sizes_are_in_the_published_range_and_never_shrink_with_more_players(difficulty):
    sizes = load_content().pile_sizes[difficulty]
    lo, hi = PUBLISHED_PILES[difficulty]
    assert len(sizes) == 5
    assert all(lo <= n <= hi for n in sizes), sizes
    assert all(a <= b for a, b in pairwise(sizes)), sizes


def test_harder_difficulties_deal_at_least_as_many_patients():
    piles = load_content().pile_sizes
    for players in range(5):
        assert piles["training"][players] <= piles["standard"][players] <= piles["expert"][players]


def test_every_patient_row_needs_no_more_players_than_it_has_icons():
    for p in load_content().patients.values():
        assert 1 <= len(p.rows) <= 3, p.id
        for row in p.rows:
            assert set(row.icons) <= FACES, p.id
            assert 1 <= row.players <= len(row.icons), (p.id, row)
            assert 2 <= len(row.icons) <= 3, (p.id, row)


def test_patient_triggers_are_only_immediate_effects_and_blank_ones_have_none():
    patients = load_content().patients.values()
    assert {p.colour for p in patients} == {"red", "green", "blank"}
    for p in patients:
        if p.colour == "blank":
            assert p.trigger is None, p.id
        else:
            assert isinstance(p.trigger, Effect) and p.trigger.kind in IMMEDIATE, (p.id, p.trigger)


def test_blue_cards_carry_an_activation_effect_and_orange_cards_a_triage_benefit():
    for e in load_content().emergencies.values():
        assert e.icons and set(e.icons) <= FACES, e.id
        if e.tab == "blue":
            assert isinstance(e.effect, Effect) and e.triage is None, e.id
            assert "activation" in ALLOWED[e.effect.kind], (e.id, e.effect)
        else:
            assert isinstance(e.triage, Effect) and e.effect is None, e.id
            assert "triage" in ALLOWED[e.triage.kind], (e.id, e.triage)


def test_the_built_in_content_is_what_the_files_say():
    c = load_content()
    assert c.patients["P04"].rows[0].icons == ("bone", "bone", "blood")
    assert c.patients["P04"].rows[0].players == 2
    assert c.patients["P08"].trigger == Effect("lose-power", amount=1)
    assert c.emergencies["E11"].effect == Effect("lose-dice", who="each", amount=1)
    assert c.emergencies["E05"].slot == 2
    assert c.emergencies["S06"].triage == Effect("extra-rerolls", amount=2)


# --- a teacher's own files --------------------------------------------------------------------
def test_a_teachers_modified_decks_and_table_load(tmp_path):
    patients = in_card(PATIENTS, "P01", 'name = "Ines Varga, hull welder: flash burns"',
                       'name = "Ada Lovelace: paper cut"')
    patients = in_card(patients, "P01", 'trigger = { colour = "blank" }',
                       'trigger = { colour = "red", effect = { kind = "lose-power", amount = 2 } }')
    patients = in_card(patients, "P04", "players = 2", "players = 3")
    emergencies = in_card(EMERGENCIES, "E01", 'effect = { kind = "lose-dice", who = "cmo", amount = 1 }',
                          'effect = { kind = "lock-down", area = "rerolls" }')
    emergencies = in_card(emergencies, "E02", "slot = 1", "slot = 6")
    table = replace_once(TABLE, "limit = [3, 3, 3, 4, 5]", "limit = [4, 4, 4, 4, 4]")
    c = load_content(patients=write(tmp_path, "p.toml", patients),
                     emergencies=write(tmp_path, "e.toml", emergencies),
                     table=write(tmp_path, "t.toml", table))
    assert c.patients["P01"].name == "Ada Lovelace: paper cut"
    assert (c.patients["P01"].colour, c.patients["P01"].trigger) == ("red", Effect("lose-power", amount=2))
    assert c.patients["P04"].rows[0].players == 3
    assert c.emergencies["E01"].effect == Effect("lock-down", area="rerolls")
    assert c.emergencies["E02"].slot == 6
    assert c.reroll_limits == (4, 4, 4, 4, 4)
    # the built-in content is untouched
    builtin = load_content()
    assert builtin.patients["P01"].trigger is None and builtin.emergencies["E02"].slot == 1
    assert builtin.reroll_limits == (3, 3, 3, 4, 5)


def test_replacing_one_file_keeps_the_other_two_built_in(tmp_path):
    patients = in_card(PATIENTS, "P18", '{ icons = ["bone", "bone"], players = 1 }',
                       '{ icons = ["bone", "heart"], players = 2 }')
    c = load_content(patients=str(write(tmp_path, "p.toml", patients)))
    assert len(c.patients["P18"].rows) == 1
    assert c.patients["P18"].rows[0].icons == ("bone", "heart") and c.patients["P18"].rows[0].players == 2
    assert c.emergencies == load_content().emergencies
    assert c.meters == load_content().meters


def test_the_built_in_text_loaded_as_a_teachers_files_equals_the_built_in_content(tmp_path):
    c = load_content(patients=write(tmp_path, "p.toml", PATIENTS),
                     emergencies=write(tmp_path, "e.toml", EMERGENCIES),
                     table=write(tmp_path, "t.toml", TABLE))
    assert c == load_content()


# --- located errors in a teacher's decks ------------------------------------------------------
def test_an_unknown_icon_in_a_row(tmp_path):
    text = in_card(PATIENTS, "P05", '["lungs", "lungs"]', '["lungs", "spleen"]')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P05"), "P05", "rows[0].icons", "'spleen'")


def test_a_row_for_three_players_with_two_icons(tmp_path):
    text = in_card(PATIENTS, "P03", '{ icons = ["brain", "brain"], players = 1 }',
                   '{ icons = ["brain", "brain"], players = 3 }')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P03"), "P03", "rows[0].players")


def test_a_multi_line_card_error_points_at_its_id_line(tmp_path):
    text = in_card(PATIENTS, "P15", '{ icons = ["heart", "lungs"], players = 1 }',
                   '{ icons = ["heart", "lungs"], players = 0 }')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P15"), "P15", "rows[2].players")


def test_a_trigger_effect_not_allowed_on_triggers(tmp_path):
    text = in_card(PATIENTS, "P09", 'effect = { kind = "recharge", amount = 1 }',
                   'effect = { kind = "lock-down", area = "triage" }')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P09"), "P09", "trigger.effect", "'lock-down'")


def test_an_unknown_effect_kind(tmp_path):
    text = in_card(EMERGENCIES, "E02", 'effect = { kind = "fewer-rerolls", amount = 1 }',
                   'effect = { kind = "explode", amount = 1 }')
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "E02"), "E02", "effect", "unknown effect kind 'explode'")


def test_a_wrong_parameter_value(tmp_path):
    text = in_card(EMERGENCIES, "E11", 'who = "each"', 'who = "everyone"')
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "E11"), "E11", "effect", "lose-dice.who", "'everyone'")


def test_a_blue_card_without_a_slot(tmp_path):
    text = in_card(EMERGENCIES, "E05", "slot = 2\n", "")
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "E05"), "E05", "slot")


def test_a_slot_of_seven(tmp_path):
    text = in_card(EMERGENCIES, "E18", "slot = 6", "slot = 7")
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "E18"), "E18", "slot", "1 to 6")


def test_an_unknown_tab(tmp_path):
    text = in_card(EMERGENCIES, "S03", 'tab = "orange"', 'tab = "green"')
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "S03"), "S03", "tab", "'green'")


def test_an_orange_card_with_an_activation_effect_is_an_unknown_field(tmp_path):
    text = in_card(EMERGENCIES, "S05", 'triage = { kind = "recharge", amount = 1 }',
                   'triage = { kind = "recharge", amount = 1 }\neffect = { kind = "lose-power" }')
    e = load_fault(tmp_path, "emergencies", text)
    assert_located(e, "emergencies", id_line(text, "S05"), "S05", "unknown field", "'effect'")


def test_a_duplicate_id_names_the_id_and_the_file(tmp_path):
    text = in_card(PATIENTS, "P07", 'id = "P07"', 'id = "P05"')
    e = load_fault(tmp_path, "patients", text)
    msg = str(e)
    assert "card P05: " in msg and "used twice" in msg, msg
    assert e.line in (id_line(text, "P05", 0), id_line(text, "P05", 1)), msg


def test_a_duplicate_id_points_at_the_duplicate_card(tmp_path):
    text = in_card(PATIENTS, "P07", 'id = "P07"', 'id = "P05"')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P05", occurrence=1), "P05", "used twice")


def test_nineteen_patients_instead_of_twenty(tmp_path):
    text = drop_card(PATIENTS, "P20")
    assert text.count("[[patient]]") == 19
    e = load_fault(tmp_path, "patients", text)
    assert "19 cards" in str(e) and "20" in str(e), str(e)


def test_thirty_emergency_cards_instead_of_29(tmp_path):
    extra = '\n[[emergency]]\nid = "S10"\nname = "Extra"\ntab = "orange"\nicons = ["meds"]\n' \
            'triage = { kind = "gain-die" }\n'
    e = load_fault(tmp_path, "emergencies", EMERGENCIES + extra)
    assert "30 cards" in str(e) and "29" in str(e), str(e)


def test_an_unknown_field_on_a_card(tmp_path):
    text = in_card(PATIENTS, "P11", 'name = "Hana Sato, chemist: toxic fumes"\n',
                   'name = "Hana Sato, chemist: toxic fumes"\nurgency = 3\n')
    e = load_fault(tmp_path, "patients", text)
    assert_located(e, "patients", id_line(text, "P11"), "P11", "unknown field", "'urgency'")


def test_invalid_toml_names_the_file_and_the_line(tmp_path):
    text = in_card(PATIENTS, "P06", 'name = "Jonah Ekwueme, diver: decompression"',
                   'name "Jonah Ekwueme, diver: decompression"')
    bad_line = text.splitlines().index('name "Jonah Ekwueme, diver: decompression"') + 1
    e = load_fault(tmp_path, "patients", text)
    assert "not valid TOML" in str(e) and re.search(rf"\bline {bad_line}\b", str(e)), str(e)


def test_a_missing_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError) as excinfo:
        load_content(emergencies=tmp_path / "nowhere.toml")
    assert excinfo.value.source == "nowhere.toml" and "cannot read" in str(excinfo.value)


def test_a_single_quoted_id_is_still_located(tmp_path):
    text = in_card(PATIENTS, "P05", '["lungs", "lungs"]', '["lungs", "spleen"]')
    text = in_card(text, "P05", 'id = "P05"', "id = 'P05'")
    line = text.splitlines().index("id = 'P05'") + 1
    e = load_fault(tmp_path, "patients", text)
    assert "card P05: " in str(e) and "'spleen'" in str(e), str(e)
    assert e.line == line, str(e)


# --- table faults -----------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, field", [
    ('faces = ["heart", "lungs", "brain", "bone", "blood", "meds"]',
     'faces = ["heart", "lungs", "brain", "bone", "blood"]', "faces"),
    ('"3" = [1, 1, 2, 2, 2, 2, 3, 3]', '"3" = [1, 1, 2, 2, 2, 3, 3]', "meters.standard.3"),
    ("standard = [7, 10, 14, 15, 15]", "standard = [7, 10, 14, 15, 25]", "patients.standard"),
    ('tiles = ["rerolls", "triage", "stations", "stations"]',
     'tiles = ["rerolls", "triage", "stations"]', "lockdown.tiles"),
], ids=["five-faces", "seven-meter-numbers", "pile-of-25", "three-lockdown-tiles"])
def test_table_faults_name_the_file_and_the_field(tmp_path, old, new, field):
    e = load_fault(tmp_path, "table", replace_once(TABLE, old, new))
    assert str(e).startswith(f"my_table.toml: {field}: "), str(e)


# --- the effect vocabulary --------------------------------------------------------------------
def test_the_vocabulary_is_the_documented_twelve_kinds():
    assert set(PARAMETERS) == set(ALLOWED) == set(SAMPLE)
    assert {kind for kinds in CONTEXTS.values() for kind in kinds} == set(ALLOWED)
    assert set(CONTEXTS) == {"activation", "trigger", "triage"}


@pytest.mark.parametrize("kind", sorted(ALLOWED))
@pytest.mark.parametrize("context", ["activation", "trigger", "triage"])
def test_each_kind_is_accepted_exactly_where_it_may_be_printed(kind, context):
    value = {"kind": kind, **SAMPLE[kind]}
    if context in ALLOWED[kind]:
        assert parse_effect(value, context) == Effect(kind, **SAMPLE[kind])
    else:
        with pytest.raises(ValueError, match=f"'{kind}' cannot be a card's {context} effect"):
            parse_effect(value, context)


def test_trigger_kinds_are_exactly_the_immediate_ones():
    assert CONTEXTS["trigger"] == IMMEDIATE


def test_amount_defaults_to_one_and_runs_from_one_to_four():
    assert parse_effect({"kind": "lose-power"}, "activation") == Effect("lose-power", amount=1)
    assert parse_effect({"kind": "lose-dice", "who": "most"}, "activation").amount == 1
    for n in (1, 4):
        assert parse_effect({"kind": "recharge", "amount": n}, "triage").amount == n
    for bad in (0, 5, -1, True, 1.5, "2"):
        with pytest.raises(ValueError, match=r"recharge\.amount: expected a whole number from 1 to 4"):
            parse_effect({"kind": "recharge", "amount": bad}, "triage")


@pytest.mark.parametrize("value, context, message", [
    ({"kind": "lose-dice", "who": "everyone"}, "activation", r"lose-dice\.who: expected one of"),
    ({"kind": "lock-down", "area": "bridge"}, "activation", r"lock-down\.area: expected one of"),
    ({"kind": "block-patient", "position": "square"}, "activation", r"block-patient\.position"),
    ({"kind": "lose-dice"}, "activation", "'lose-dice' needs who"),
    ({"kind": "lock-down"}, "activation", "'lock-down' needs area"),
    ({"kind": "block-patient"}, "activation", "'block-patient' needs position"),
    ({"kind": "gain-die", "amount": 1}, "triage", "'gain-die' takes no parameters, not 'amount'"),
    ({"kind": "lose-power", "who": "cmo"}, "activation", "'lose-power' takes amount, not 'who'"),
    ({"kind": "Lose-Power"}, "activation", "unknown effect kind 'Lose-Power'"),
    ({"kind": 3}, "activation", "expected an effect table"),
    ({"amount": 1}, "activation", "expected an effect table"),
    ("lose-power", "activation", "expected an effect table"),
    (None, "trigger", "expected an effect table"),
])
def test_bad_effects_are_refused_with_a_reason(value, context, message):
    with pytest.raises(ValueError, match=message):
        parse_effect(value, context)


def test_a_parsed_effect_keeps_its_parameters_and_reads_as_text():
    e = parse_effect({"kind": "lose-dice", "who": "intern", "amount": 2}, "activation")
    assert e == Effect("lose-dice", who="intern", amount=2)
    assert str(e) == "the Intern loses 2 dice this round"
    assert str(parse_effect({"kind": "lock-down", "area": "triage"}, "activation")) == \
        "lock down the triage this round"


# --- power_risk -------------------------------------------------------------------------------
def round_one(seed: int = 1):
    """A 3-player game with four patients up, waiting for A. Lose Power of round 1."""
    g = flatlab.new_game("flatline", players=3, seed=seed)
    for card in ("P01", "P02", "P03", "P04"):
        g.step(outcome=card)
    assert g.pending == "lose-power"
    return g


def test_power_risk_is_a_deterministic_proportion_with_an_interval_around_it():
    g = round_one()
    before = g.rules.state_to_dict(g.state)
    risk = power_risk(g, n=12, seed=5)
    assert isinstance(risk, Proportion)
    assert risk.n == 12 and 0 <= risk.successes <= 12
    lo, hi = risk.interval
    assert lo <= risk.estimate <= hi and risk.estimate in risk
    assert 0 < hi - lo < 1
    assert power_risk(g, n=12, seed=5) == risk
    assert g.rules.state_to_dict(g.state) == before and g.pending == "lose-power" and not g.over


def test_power_risk_with_one_cube_left_at_the_start_of_a_round_is_certain():
    g = round_one()
    with g.edit() as s:
        s.meter = [False] * 7 + [True]
    risk = power_risk(g, n=25, seed=3)
    assert risk.n == 25 and risk.successes == 25 and risk.estimate == 1.0
    assert risk.interval[1] == 1.0 and risk.interval[0] > 0.8
    assert g.state.cubes == 1 and not g.over  # the game itself is not played on


def test_power_risk_with_a_full_meter_at_the_start_is_not_certain():
    risk = power_risk(round_one(), n=12, seed=5)
    assert risk.estimate < 1.0
