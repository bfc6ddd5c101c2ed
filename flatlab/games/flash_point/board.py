"""The Game Board: the grid, Adjacent spaces, walls and doors as edges, layouts as data.

The board is 8 rows (0-7) by 10 columns (0-9). The building's inside is rows
1-6, read on the red six-sided die, by columns 1-8, read on the black
eight-sided die; the ring of spaces around it is outside.

A wall or a door lies *between* two spaces, so it is stored once, on the edge
that joins them: `edge(a, b)` is the same key from either side, and no copy on
each side can ever disagree.

Layouts are text maps in TOML (see `layouts/*.toml` and `LAYOUT_HELP`), read
and validated here with errors that name the file, line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from math import atan2, pi
from pathlib import Path

from ...core.data import parse_toml
from ...core.errors import DataError

ROWS, COLS = 8, 10
Cell = tuple[int, int]
Edge = tuple[Cell, Cell]

CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))
INSIDE: tuple[Cell, ...] = tuple((r, c) for r in range(1, ROWS - 1) for c in range(1, COLS - 1))
OUTSIDE: tuple[Cell, ...] = tuple(cell for cell in CELLS if cell not in set(INSIDE))
CELL = {cell: cell for cell in CELLS}  # CELL.get(x) validates a space and returns it canonical
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

LAYOUT_DIR = Path(__file__).with_name("layouts")
LAYOUT_HELP = """\
A layout's `map` is 15 lines: 8 lines of spaces (rows 0-7) with 7 lines of
horizontal edges between them. In a line of spaces, the space of column c is
at character 2c and the edge between columns c and c+1 at character 2c+1.
In an edge line, the edge below column c is at character 2c; the characters
between are decoration ('+', '-' or ' ').
  spaces: '.' plain   'F' starting fire   'P' starting POI
          'A' ambulance parking   'E' engine parking (outside only, in pairs)
  edges:  ' ' nothing   '|' or '-' wall   'd' door (starts closed)
An optional `arrows` (the Experienced game's POI redirect diagram) is 6 lines
of 8 marks, one per space inside (rows 1-6, columns 1-8), separated by single
spaces: '^' 'v' '<' '>' point to the next space of the path, '.' ends it.
Paths stay inside the building and never loop."""


def is_inside(cell: Cell) -> bool:
    r, c = cell
    return 0 < r < ROWS - 1 and 0 < c < COLS - 1


def on_board(cell: Cell) -> bool:
    r, c = cell
    return 0 <= r < ROWS and 0 <= c < COLS


def edge(a: Cell, b: Cell) -> Edge:
    """The one key for the edge between two orthogonally neighbouring spaces."""
    return (a, b) if a < b else (b, a)


def step(cell: Cell, direction: tuple[int, int]) -> Cell:
    return cell[0] + direction[0], cell[1] + direction[1]


def _neighbours() -> dict[Cell, tuple[tuple[Cell, Edge, tuple[int, int]], ...]]:
    table = {}
    for cell in CELLS:
        table[cell] = tuple(
            (nb, edge(cell, nb), d) for d in DIRECTIONS.values()
            if on_board(nb := step(cell, d))
        )
    return table


# every space's orthogonal neighbours on the board, with the edge between and the direction
NEIGHBOURS = _neighbours()


@dataclass(frozen=True)
class Layout:
    """One side of the board: fixed walls, doorways, parking spots and starting markers."""

    name: str
    title: str
    walls: frozenset[Edge]
    doors: frozenset[Edge]
    fires: tuple[Cell, ...] = ()
    pois: tuple[Cell, ...] = ()
    ambulance_spots: tuple[tuple[Cell, Cell], ...] = ()
    engine_spots: tuple[tuple[Cell, Cell], ...] = ()
    arrows: dict[Cell, Cell] = field(default_factory=dict, compare=False)  # POI redirect
    description: str = field(default="", compare=False)
    source: str = field(default="", compare=False, repr=False)  # the TOML text, for saves
    builtin: bool = field(default=False, compare=False)

    @cached_property
    def ambulance_cells(self) -> tuple[Cell, ...]:
        return tuple(c for spot in self.ambulance_spots for c in spot)


def layout_option(value: str | Path | dict) -> str | dict:
    """Normalise the `layout` option so that games and saves are self-contained.

    A built-in name stays a name; your own file is read now and kept as
    {"toml": text}, so a saved game still loads after the file has moved.
    """
    if isinstance(value, dict):
        if set(value) != {"toml"} or not isinstance(value["toml"], str):
            raise ValueError('layout: expected a layout name, a .toml path or {"toml": text}')
        parse_layout(value["toml"], source="layout option")
        return value
    if not isinstance(value, str | Path):
        raise ValueError(f"layout: expected a layout name or a .toml path, got {value!r}")
    layout = load_layout(value)
    return layout.name if layout.builtin else {"toml": layout.source}


def layout_from_option(value: str | dict) -> Layout:
    if isinstance(value, dict):
        return parse_layout(value["toml"], source="layout option")
    return load_layout(value)


def load_layout(name_or_path: str | Path) -> Layout:
    """A built-in layout by name ("house-a", "house-b", "open") or a TOML file of your own."""
    path = Path(name_or_path)
    if path.suffix != ".toml":
        return _builtin_layout(str(name_or_path))
    return _read_layout(path)


@cache
def _builtin_layout(name: str) -> Layout:
    path = LAYOUT_DIR / f"{name}.toml"
    if not path.exists():
        builtin = sorted(p.stem for p in LAYOUT_DIR.glob("*.toml"))
        raise ValueError(f"layout: no built-in layout {name!r}; "
                         f"choose one of {builtin} or give a .toml path")
    return _read_layout(path)


def _read_layout(path: Path) -> Layout:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataError(str(path), f"cannot read the file ({e.strerror})") from None
    layout = parse_layout(text, source=path.name)
    return replace(layout, builtin=path.parent == LAYOUT_DIR)


def parse_layout(text: str, source: str = "<layout>") -> Layout:
    data = parse_toml(text, source)
    for key in ("name", "map"):
        if not isinstance(data.get(key), str):
            raise DataError(source, f"field {key!r} is missing or not a string")
    unknown = set(data) - {"name", "title", "description", "map", "arrows"}
    if unknown:
        raise DataError(source, f"unknown field(s) {sorted(unknown)}; expected name, title, "
                        "description, map, arrows")
    layout = _parse_map(data, source, _first_line(text, "map", data["map"]))
    if "arrows" in data:
        if not isinstance(data["arrows"], str):
            raise DataError(source, "field 'arrows' is not a string")
        arrows = _parse_arrows(data["arrows"], source, _first_line(text, "arrows", data["arrows"]))
        layout = replace(layout, arrows=arrows)
    return replace(layout, source=text)


def _first_line(text: str, key_name: str, value: str) -> int:
    """The file line holding a multi-line value's first row, so errors point into the file."""
    key = re.search(rf"^\s*{key_name}\s*=", text, re.MULTILINE)
    first_row = value.lstrip("\n").split("\n", 1)[0]
    at = text.find(first_row, key.end()) if key and first_row else -1
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


ARROWS = {"^": DIRECTIONS["up"], "v": DIRECTIONS["down"], "<": DIRECTIONS["left"],
          ">": DIRECTIONS["right"]}


def _parse_arrows(text: str, source: str, first_line: int) -> dict[Cell, Cell]:
    """The redirect diagram: each inside space's next space on its path (none where it ends)."""
    lines = text.lstrip("\n").rstrip().split("\n")
    if len(lines) != ROWS - 2:
        raise DataError(source, f"the arrows have {len(lines)} lines; they need {ROWS - 2}, one per "
                        f"row inside the building\n{LAYOUT_HELP}", first_line)
    arrows = {}
    for i, line in enumerate(lines):
        marks = line.split(" ")
        if len(marks) != COLS - 2 or any(len(m) != 1 for m in marks):
            raise DataError(source, f"expected {COLS - 2} single marks separated by spaces, "
                            f"found {line!r}", first_line + i)
        for j, mark in enumerate(marks):
            cell = (i + 1, j + 1)
            if mark == ".":
                continue
            if mark not in ARROWS:
                raise DataError(source, f"unknown arrow {mark!r} at {cell}; expected ^ v < > or .",
                                first_line + i, 2 * j + 1)
            nxt = step(cell, ARROWS[mark])
            if not is_inside(nxt):
                raise DataError(source, f"the arrow at {cell} points out of the building",
                                first_line + i, 2 * j + 1)
            arrows[cell] = nxt
    for start in arrows:
        seen, cell = {start}, arrows[start]
        while cell in arrows:
            if cell in seen:
                raise DataError(source, f"the arrows starting at {start} go round in a loop "
                                f"through {cell}; every path must end at a '.'", first_line)
            seen.add(cell)
            cell = arrows[cell]
    return arrows


def redirect_path(layout: Layout, target: Cell) -> list[Cell]:
    """The target and the spaces its arrows lead to, in order, up to the path's end."""
    path = [target]
    while path[-1] in layout.arrows:
        path.append(layout.arrows[path[-1]])
    return path


def _parse_map(data: dict, source: str, first_line: int) -> Layout:
    lines = data["map"].lstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) != 2 * ROWS - 1:
        raise DataError(source, f"the map has {len(lines)} lines; it needs {2 * ROWS - 1} "
                        f"(8 rows of spaces and 7 edge lines)\n{LAYOUT_HELP}", first_line)
    walls: set[Edge] = set()
    doors: set[Edge] = set()
    marks: dict[str, list[Cell]] = {"F": [], "P": [], "A": [], "E": []}

    def fail(i: int, col: int, problem: str):
        raise DataError(source, problem, first_line + i, col + 1)

    def put(kind: str, e: Edge, i: int, col: int):
        if not (is_inside(e[0]) or is_inside(e[1])):
            fail(i, col, f"a {kind} between two outside spaces {e[0]} and {e[1]}; "
                 "walls and doors belong to the building")
        (walls if kind == "wall" else doors).add(e)

    for i, raw in enumerate(lines):
        if len(raw) > 2 * COLS - 1:
            fail(i, 2 * COLS - 1, f"line is {len(raw)} characters long; at most {2 * COLS - 1}")
        line = raw.ljust(2 * COLS - 1)
        if i % 2 == 0:
            r = i // 2
            for col, ch in enumerate(line):
                c = col // 2
                if col % 2 == 0:
                    if ch == ".":
                        continue
                    if ch not in marks:
                        fail(i, col, f"unknown space mark {ch!r} at {(r, c)}; expected "
                             "'.', 'F', 'P', 'A' or 'E'")
                    inside_mark = ch in "FP"
                    if inside_mark != is_inside((r, c)):
                        where = "inside" if inside_mark else "outside"
                        fail(i, col, f"{ch!r} at {(r, c)} must be on a space {where} the building")
                    marks[ch].append((r, c))
                elif ch != " ":
                    if ch not in "|d":
                        fail(i, col, f"unknown edge mark {ch!r}; expected ' ', '|' or 'd'")
                    put("wall" if ch == "|" else "door", edge((r, c), (r, c + 1)), i, col)
        else:
            r = i // 2
            for col, ch in enumerate(line):
                if col % 2 == 1:
                    if ch not in " +-":
                        fail(i, col, f"decoration must be ' ', '+' or '-', found {ch!r}")
                    continue
                c = col // 2
                if ch == " ":
                    continue
                if ch not in "-d":
                    fail(i, col, f"unknown edge mark {ch!r}; expected ' ', '-' or 'd'")
                put("wall" if ch == "-" else "door", edge((r, c), (r + 1, c)), i, col)

    if len(doors) > 8:
        raise DataError(source, f"{len(doors)} doors, but the game has only 8 door markers")
    if len(marks["F"]) > 33:
        raise DataError(source, f"{len(marks['F'])} starting fires, but there are 33 threat markers")
    if len(marks["P"]) > 3:
        raise DataError(source, f"{len(marks['P'])} starting POI; at most 3 stand on the board")
    ambulance = _pair_spots(marks["A"], "ambulance", source)
    engine = _pair_spots(marks["E"], "engine", source)
    if len(ambulance) != 4:
        raise DataError(source, f"{len(ambulance)} ambulance parking spots; the board has 4")
    if len(engine) not in (0, 4):
        raise DataError(source, f"{len(engine)} engine parking spots; the board has 4 (or none)")
    return Layout(
        name=data["name"], title=data.get("title", data["name"]),
        walls=frozenset(walls), doors=frozenset(doors),
        fires=tuple(marks["F"]), pois=tuple(marks["P"]),
        ambulance_spots=_clockwise(ambulance), engine_spots=_clockwise(engine),
        description=data.get("description", ""),
    )


def _clockwise(spots: list[tuple[Cell, Cell]]) -> tuple[tuple[Cell, Cell], ...]:
    """Parking spots in clockwise order around the building, so neighbours in the tuple
    are one Drive apart (index i and i +- 1, wrapping round)."""
    centre = ((ROWS - 1) / 2, (COLS - 1) / 2)

    def angle(spot):
        r = sum(c[0] for c in spot) / 2 - centre[0]
        c = sum(c[1] for c in spot) / 2 - centre[1]
        return atan2(c, -r) % (2 * pi)  # 0 at the top, growing clockwise
    return tuple(sorted(spots, key=angle))


# --- Quadrants (Experienced: the Deck Gun aims at one) ------------------------------
def quadrant(cell: Cell) -> int:
    """The board's four quadrants of 3x4 inside spaces: 0 top-left, 1 top-right,
    2 bottom-left, 3 bottom-right (the printed dotted lines split the rows 1-3/4-6
    and the columns 1-4/5-8)."""
    return 2 * (cell[0] > (ROWS - 2) // 2) + (cell[1] > (COLS - 2) // 2)


QUADRANT_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")
QUADRANT_CELLS = tuple(tuple(c for c in INSIDE if quadrant(c) == q) for q in range(4))


def bordering_quadrants(spot: tuple[Cell, Cell]) -> set[int]:
    """The quadrants whose spaces touch a parking spot's two spaces."""
    return {quadrant(nb) for cell in spot for nb, _, _ in NEIGHBOURS[cell] if is_inside(nb)}


def experienced_problems(layout: Layout) -> list[str]:
    """What a layout lacks for the Experienced game (empty when it is ready)."""
    problems = []
    if len(layout.engine_spots) != 4:
        problems.append("it has no engine parking spots ('E')")
    elif any(len(bordering_quadrants(spot)) != 1 for spot in layout.engine_spots):
        problems.append("each engine parking spot must border exactly one quadrant")
    if not layout.arrows:
        problems.append("it has no POI redirect arrows (field 'arrows')")
    return problems


def _pair_spots(cells: list[Cell], vehicle: str, source: str) -> tuple[tuple[Cell, Cell], ...]:
    """Parking spots are two neighbouring outside spaces; pair them up unambiguously."""
    remaining = sorted(cells)
    spots = []
    while remaining:
        first = remaining.pop(0)
        partners = [c for c in remaining if abs(c[0] - first[0]) + abs(c[1] - first[1]) == 1]
        if len(partners) != 1:
            raise DataError(source, f"{vehicle} parking at {first} must pair with exactly one "
                            f"neighbouring {vehicle} space, found {len(partners)}")
        remaining.remove(partners[0])
        spots.append((first, partners[0]))
    return tuple(spots)
