"""The Flash Point board: grid geometry, the built-in layouts, and layout files with located errors."""

from __future__ import annotations

import json

import pytest

import flatlab
from flatlab import DataError
from flatlab.games.flash_point.board import (
    CELLS,
    COLS,
    INSIDE,
    LAYOUT_DIR,
    NEIGHBOURS,
    OUTSIDE,
    ROWS,
    Layout,
    edge,
    is_inside,
    load_layout,
    on_board,
    parse_layout,
)
from flatlab.games.flash_point.bots import heuristic_policy

BUILTIN = ["house-a", "house-b", "open"]
HOUSE_A = (LAYOUT_DIR / "house-a.toml").read_text(encoding="utf-8")
OPEN = (LAYOUT_DIR / "open.toml").read_text(encoding="utf-8")


def adjacent(a, b) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# --- the grid ---------------------------------------------------------------------------

def test_grid_sizes():
    assert (ROWS, COLS) == (8, 10)
    assert len(CELLS) == 80
    assert len(INSIDE) == 48
    assert len(OUTSIDE) == 32
    assert set(INSIDE) | set(OUTSIDE) == set(CELLS)
    assert not set(INSIDE) & set(OUTSIDE)
    assert set(INSIDE) == {(r, c) for r in range(1, 7) for c in range(1, 9)}
    assert all(is_inside(c) for c in INSIDE)
    assert not any(is_inside(c) for c in OUTSIDE)
    assert all(on_board(c) for c in CELLS)
    assert not any(on_board(c) for c in [(-1, 0), (0, -1), (8, 0), (0, 10)])


def test_edge_is_the_same_key_from_either_side():
    for cell in CELLS:
        for nb, _, _ in NEIGHBOURS[cell]:
            assert edge(cell, nb) == edge(nb, cell)
            assert edge(cell, nb)[0] < edge(cell, nb)[1]
    assert edge((3, 4), (2, 4)) == ((2, 4), (3, 4))


def test_neighbours_are_symmetric_orthogonal_and_on_the_board():
    for cell in CELLS:
        for nb, e, (dr, dc) in NEIGHBOURS[cell]:
            assert nb == (cell[0] + dr, cell[1] + dc)
            assert adjacent(cell, nb) and on_board(nb)
            assert e == edge(cell, nb)
            back = [(n, e2, d) for n, e2, d in NEIGHBOURS[nb] if n == cell]
            assert back == [(cell, e, (-dr, -dc))]


def test_neighbour_counts():
    counts = {cell: len(NEIGHBOURS[cell]) for cell in CELLS}
    corners = {(0, 0), (0, 9), (7, 0), (7, 9)}
    assert all(counts[c] == 2 for c in corners)
    assert all(counts[c] == 4 for c in INSIDE)
    assert all(counts[c] == 3 for c in OUTSIDE if c not in corners)
    # every adjacency appears once from each side: 2 * (8*9 + 7*10) entries
    assert sum(counts.values()) == 2 * (ROWS * (COLS - 1) + (ROWS - 1) * COLS)


# --- the built-in layouts -----------------------------------------------------------------

@pytest.mark.parametrize("name", BUILTIN)
def test_builtin_layout_loads(name):
    layout = load_layout(name)
    assert isinstance(layout, Layout)
    assert layout.name == name
    assert layout.builtin
    assert layout.title
    assert layout.source == (LAYOUT_DIR / f"{name}.toml").read_text(encoding="utf-8")
    assert parse_layout(layout.source) == layout


@pytest.mark.parametrize("name", BUILTIN)
def test_builtin_layout_markers_and_parking(name):
    layout = load_layout(name)
    assert len(layout.fires) == 10 and len(set(layout.fires)) == 10
    assert len(layout.pois) == 3 and len(set(layout.pois)) == 3
    assert all(is_inside(c) for c in layout.fires + layout.pois)
    assert not set(layout.fires) & set(layout.pois)
    for spots in (layout.ambulance_spots, layout.engine_spots):
        assert len(spots) == 4
        for a, b in spots:
            assert adjacent(a, b)
            assert not is_inside(a) and not is_inside(b)
    assert len(layout.ambulance_cells) == len(set(layout.ambulance_cells)) == 8
    engine_cells = {c for spot in layout.engine_spots for c in spot}
    assert len(engine_cells) == 8
    assert not engine_cells & set(layout.ambulance_cells)


@pytest.mark.parametrize("name", ["house-a", "house-b"])
def test_houses_have_eight_doors(name):
    assert len(load_layout(name).doors) == 8


@pytest.mark.parametrize("name", BUILTIN)
def test_every_wall_and_door_touches_the_building(name):
    layout = load_layout(name)
    assert not layout.walls & layout.doors
    for a, b in layout.walls | layout.doors:
        assert adjacent(a, b)
        assert (a, b) == edge(a, b)
        assert is_inside(a) or is_inside(b)


@pytest.mark.parametrize("name", ["house-a", "house-b"])
def test_houses_have_inside_walls(name):
    layout = load_layout(name)
    assert any(is_inside(a) and is_inside(b) for a, b in layout.walls)


def test_open_layout_has_no_inside_walls_only_the_outer_wall():
    layout = load_layout("open")
    assert layout.walls
    assert not [e for e in layout.walls if is_inside(e[0]) and is_inside(e[1])]
    assert not [e for e in layout.doors if is_inside(e[0]) and is_inside(e[1])]


def test_layout_help_legend_is_known():
    from flatlab.games.flash_point.board import LAYOUT_HELP
    assert "15 lines" in LAYOUT_HELP


def test_unknown_builtin_layout_names_the_choices():
    with pytest.raises(ValueError, match=r"no built-in layout 'nope'.*house-a.*house-b.*open"):
        load_layout("nope")


def test_missing_layout_file_is_a_data_error(tmp_path):
    with pytest.raises(DataError, match="cannot read the file"):
        load_layout(tmp_path / "absent.toml")


# --- layout files: located errors ---------------------------------------------------------

LINES = HOUSE_A.split("\n")
MAP_INDEX = LINES.index('map = """')          # 0-based index of the `map = """` line
FIRST_MAP_LINE = MAP_INDEX + 2                # 1-based file line of map line 0 (row 0)


def file_line(i: int) -> int:
    """The 1-based line in the TOML file of map line i (0-based; rows at even i)."""
    return FIRST_MAP_LINE + i


def map_line(i: int) -> str:
    return LINES[MAP_INDEX + 1 + i]


def with_map_line(i: int, new: str) -> str:
    lines = list(LINES)
    lines[MAP_INDEX + 1 + i] = new
    return "\n".join(lines)


def with_char(i: int, col: int, ch: str) -> str:
    old = map_line(i)
    assert len(old) > col
    return with_map_line(i, old[:col] + ch + old[col + 1:])


def parse_error(text: str) -> DataError:
    with pytest.raises(DataError) as info:
        parse_layout(text, source="x.toml")
    return info.value


def test_the_helpers_point_at_the_right_text():
    assert HOUSE_A.splitlines()[file_line(0) - 1] == ". . E E . A A . . ."
    assert HOUSE_A.splitlines()[file_line(14) - 1] == ". . . A A . E E . ."
    assert parse_layout(HOUSE_A, source="x.toml") == load_layout("house-a")


def test_trailing_blank_map_lines_are_fine():
    text = HOUSE_A.replace('. . . A A . E E . .\n"""', '. . . A A . E E . .\n\n   \n"""')
    assert text != HOUSE_A
    assert parse_layout(text) == load_layout("house-a")


def test_short_lines_are_padded():
    # an edge line may stop early: missing characters are blanks (no wall)
    assert map_line(13)[16] == "-"
    text = with_map_line(13, map_line(13)[:16])
    layout = parse_layout(text)
    assert layout.walls < load_layout("house-a").walls
    assert edge((6, 8), (7, 8)) not in layout.walls


@pytest.mark.parametrize("delta", [-1, +1])
def test_wrong_number_of_map_lines(delta):
    lines = list(LINES)
    if delta < 0:
        del lines[MAP_INDEX + 1 + 13]                   # drop an edge line: 14 lines
    else:
        lines.insert(MAP_INDEX + 1 + 14, ". . . . . . . . . .")   # an extra row: 16 lines
    e = parse_error("\n".join(lines))
    assert str(e).startswith(f"x.toml, line {FIRST_MAP_LINE}: the map has {15 + delta} lines; it needs 15")
    assert (e.source, e.line, e.column) == ("x.toml", FIRST_MAP_LINE, None)


def test_a_line_too_long():
    i = 4                                    # row 2
    e = parse_error(with_map_line(i, map_line(i) + ".."))
    assert (e.line, e.column) == (file_line(i), 20)
    assert str(e) == f"x.toml, line {file_line(i)}, column 20: line is 21 characters long; at most 19"


@pytest.mark.parametrize(("i", "col"), [(2, 4), (6, 0), (14, 18), (8, 10)])
def test_unknown_space_mark(i, col):
    e = parse_error(with_char(i, col, "X"))
    r, c = i // 2, col // 2
    assert str(e).startswith(f"x.toml, line {file_line(i)}, column {col + 1}: "
                             f"unknown space mark 'X' at ({r}, {c})")
    assert (e.source, e.line, e.column) == ("x.toml", file_line(i), col + 1)


def test_unknown_edge_mark_in_a_row_line():
    i, col = 2, 3                            # between (1, 1) and (1, 2)
    assert map_line(i)[col] == " "
    e = parse_error(with_char(i, col, "#"))
    assert str(e) == (f"x.toml, line {file_line(i)}, column 4: unknown edge mark '#'; "
                      "expected ' ', '|' or 'd'")


def test_unknown_edge_mark_in_an_edge_line():
    i, col = 3, 4                            # below (1, 2)
    assert map_line(i)[col] == " "
    e = parse_error(with_char(i, col, "|"))
    assert "unknown edge mark '|'" in str(e)
    assert (e.line, e.column) == (file_line(i), col + 1)


def test_bad_decoration_in_an_edge_line():
    i, col = 3, 3
    e = parse_error(with_char(i, col, "x"))
    assert "decoration" in str(e)
    assert (e.line, e.column) == (file_line(i), col + 1)


def test_wall_between_two_outside_spaces():
    i, col = 0, 1                            # between (0, 0) and (0, 1)
    assert map_line(i)[col] == " "
    e = parse_error(with_char(i, col, "|"))
    assert str(e).startswith(f"x.toml, line {file_line(i)}, column 2: a wall between two outside "
                             "spaces (0, 0) and (0, 1)")


def test_door_between_two_outside_spaces_in_an_edge_line():
    i, col = 13, 0                           # below (6, 0): between (6, 0) and (7, 0)
    e = parse_error(with_char(i, col, "d"))
    assert "a door between two outside spaces (6, 0) and (7, 0)" in str(e)
    assert (e.line, e.column) == (file_line(i), 1)


@pytest.mark.parametrize("mark", ["F", "P"])
def test_fire_or_poi_outside_the_building(mark):
    i, col = 0, 0                            # (0, 0)
    e = parse_error(with_char(i, col, mark))
    assert str(e) == (f"x.toml, line {file_line(i)}, column 1: '{mark}' at (0, 0) must be on a "
                      "space inside the building")


@pytest.mark.parametrize("mark", ["A", "E"])
def test_parking_inside_the_building(mark):
    i, col = 2, 2                            # (1, 1)
    assert map_line(i)[col] == "."
    e = parse_error(with_char(i, col, mark))
    assert str(e) == (f"x.toml, line {file_line(i)}, column 3: '{mark}' at (1, 1) must be on a "
                      "space outside the building")


def test_unpaired_ambulance_space():
    i, col = 0, 16                           # (0, 8), far from any other ambulance space
    assert map_line(i)[col] == "."
    e = parse_error(with_char(i, col, "A"))
    assert str(e) == ("x.toml: ambulance parking at (0, 8) must pair with exactly one "
                      "neighbouring ambulance space, found 0")


def test_ambulance_space_with_its_partner_removed():
    i, col = 0, 10                           # (0, 5), partner of (0, 6)
    assert map_line(i)[col] == "A"
    e = parse_error(with_char(i, col, "."))
    assert "ambulance parking at (0, 6) must pair with exactly one" in str(e)


def test_three_ambulance_spots_are_too_few():
    text = with_map_line(0, map_line(0).replace("A", "."))
    e = parse_error(text)
    assert str(e) == "x.toml: 3 ambulance parking spots; the board has 4"


def test_unpaired_engine_space():
    i, col = 0, 4                            # (0, 2), partner of (0, 3)
    e = parse_error(with_char(i, col, "."))
    assert "engine parking at (0, 3) must pair with exactly one" in str(e)


def test_nine_doors():
    i, col = 2, 5                            # between (1, 2) and (1, 3), inside
    assert map_line(i)[col] == " "
    e = parse_error(with_char(i, col, "d"))
    assert str(e) == "x.toml: 9 doors, but the game has only 8 door markers"


def test_four_starting_poi():
    i, col = 2, 2                            # (1, 1)
    e = parse_error(with_char(i, col, "P"))
    assert str(e) == "x.toml: 4 starting POI; at most 3 stand on the board"


def test_missing_map_field():
    text = HOUSE_A.replace('map = """', 'plan = """')
    e = parse_error(text)
    assert str(e) == "x.toml: field 'map' is missing or not a string"


def test_map_that_is_not_a_string():
    text = HOUSE_A[:HOUSE_A.index('map = """')] + "map = 3\n"
    assert "map = 3" in text
    e = parse_error(text)
    assert "field 'map' is missing or not a string" in str(e)


def test_missing_name_field():
    e = parse_error(HOUSE_A.replace('name = "house-a"\n', ""))
    assert str(e) == "x.toml: field 'name' is missing or not a string"


def test_unknown_field():
    text = HOUSE_A.replace('name = "house-a"', 'name = "house-a"\ncolour = "red"')
    e = parse_error(text)
    assert str(e).startswith("x.toml: unknown field(s) ['colour']")


def test_invalid_toml():
    text = HOUSE_A.replace('name = "house-a"', 'name = "house-a')
    e = parse_error(text)
    assert str(e).startswith("x.toml: not valid TOML:")


def test_a_layout_file_error_names_the_file(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(with_char(2, 4, "X"), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_layout(str(path))
    assert str(info.value).startswith(f"mine.toml, line {file_line(2)}, column 5: unknown space mark")


# regression: the map's first file line was found only for `map = """` on a line of its own, so a
# literal string (`map = '''`) counted error lines from line 1, and a first row on the `map` line
# itself was reported one line too low

def test_error_line_with_a_literal_string_map():
    i, col = 6, 1                            # row 3, the door between (3, 0) and (3, 1)
    text = with_char(i, col, "X").replace('map = """', "map = '''").replace('. .\n"""', ". .\n'''")
    assert "'''" in text and '"""\n. .' not in text
    e = parse_error(text)
    assert "unknown edge mark 'X'" in str(e)
    assert (e.line, e.column) == (file_line(i), col + 1)


def test_error_line_with_the_first_row_on_the_map_line():
    i, col = 6, 1
    text = with_char(i, col, "X").replace('map = """\n', 'map = """')
    assert text.splitlines()[MAP_INDEX] == 'map = """. . E E . A A . . .'
    e = parse_error(text)
    assert "unknown edge mark 'X'" in str(e)
    assert (e.line, e.column) == (file_line(i) - 1, col + 1)
    assert text.splitlines()[e.line - 1] == map_line(i).replace("d", "X", 1)


# --- a teacher's own layout file ----------------------------------------------------------

MY_LAYOUT = (OPEN.replace('name = "open"', 'name = "my-house"')
             .replace('title = "Open plan (teaching)"', 'title = "My house"'))
_rows = MY_LAYOUT.split("\n")
_at = _rows.index('map = """') + 1 + 2          # map line 2 = row 1
_rows[_at] = _rows[_at][:5] + "|" + _rows[_at][6:]   # an inside wall between (1, 2) and (1, 3)
MY_LAYOUT = "\n".join(_rows)


def test_my_layout_text_differs_from_open():
    layout = parse_layout(MY_LAYOUT)
    assert layout.name == "my-house"
    assert layout.walls - load_layout("open").walls == {((1, 2), (1, 3))}


def test_own_layout_file_plays_and_survives_save_and_load(tmp_path):
    path = tmp_path / "my-house.toml"
    path.write_text(MY_LAYOUT, encoding="utf-8")
    g = flatlab.new_game("flash-point", layout=str(path), seed=1)
    layout = g.state.layout
    assert (layout.name, layout.title, layout.builtin) == ("my-house", "My house", False)
    assert ((1, 2), (1, 3)) in layout.walls
    g.play(heuristic_policy(1))
    assert g.over

    text = g.to_json()
    saved = json.loads(text)
    assert saved["start"]["layout"] == {"toml": MY_LAYOUT}   # embedded, not a path
    g2 = flatlab.load(text)
    assert g2.state.layout == layout
    assert g2.outcome == g.outcome and g2.turn == g.turn
    assert g2.to_json() == text


def test_save_with_own_layout_loads_without_the_file(tmp_path):
    # regression: load() re-read options["layout"] as a path, so a save failed once the file had moved
    path = tmp_path / "my-house.toml"
    path.write_text(MY_LAYOUT, encoding="utf-8")
    g = flatlab.new_game("flash-point", layout=str(path), seed=1)
    for _ in range(3):
        g.act("place", to=(0, 0))
    text = g.to_json()
    path.unlink()
    g2 = flatlab.load(text)
    assert g2.state.layout == g.state.layout
