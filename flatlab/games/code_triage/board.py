"""The Game Board: patient rooms, corridor spaces, starting spaces, as a text map in TOML.

A *location* is either a room, by its number (1-12), or a corridor space, by
its (row, column) in the map. Pawns move one space at a time up, down, left
or right; a room is entered from, and left through, the 3 spaces in front of
it, and counts as one step. Rooms are dead ends: nobody walks *through* a
room, which is how "entering a room ends that token's movement" falls out of
plain shortest paths (see `Board.distance`).

Boards are text maps (`data/board.toml`, legend in `MAP_HELP`), read and
validated here with errors that name the file, line and column.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from ...core.data import parse_toml
from ...core.errors import DataError

Cell = tuple[int, int]
Location = int | Cell  # a room number or a corridor space

DATA = Path(__file__).with_name("data")
ROOMS = 12
ROOM_MARKS = "abcdefghijkl"  # room 1 is 'a', ..., room 12 is 'l'
FRONT_MARKS = ROOM_MARKS.upper()
START_MARKS = "1234"  # Nurse, Radiology Tech, Patient Rep, Lab Tech (roles.ROLES order)
MAP_HELP = """\
A board's `map` is lines of characters, one per cell:
  '#' no space     '.' corridor space     '1'-'4' a role's starting space (corridor)
  'a'-'l' a cell of room 1-12     'A'-'L' one of the 3 spaces in front of room 1-12
Every room needs exactly 3 front spaces, each next to one of its cells (up, down,
left or right); every role needs exactly one starting space; all corridor spaces
must be connected."""
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    lines: tuple[str, ...]  # the map, for drawing
    spaces: frozenset[Cell]  # corridor spaces (front and starting spaces included)
    room_cells: dict[int, frozenset[Cell]]
    fronts: dict[int, tuple[Cell, ...]]  # the 3 spaces in front of each room, in reading order
    starts: tuple[Cell, ...]  # starting space of each role, in turn order
    room_names: tuple[str, ...]  # the Room Assignment cards, room 1 first
    description: str = field(default="", compare=False)

    @property
    def rooms(self) -> range:
        return range(1, ROOMS + 1)

    def neighbours(self, here: Location) -> list[Location]:
        if isinstance(here, int):
            return list(self.fronts[here])
        out: list[Location] = [c for dr, dc in STEPS if (c := (here[0] + dr, here[1] + dc)) in self.spaces]
        out += [room for room, cells in self.fronts.items() if here in cells]
        return out

    @cached_property
    def _distances(self) -> dict[Location, dict[Location, int]]:
        return {start: self._bfs(start) for start in (*self.rooms, *sorted(self.spaces))}

    def _bfs(self, start: Location) -> dict[Location, int]:
        """Steps from `start` to every location; a room is entered but never walked through."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if isinstance(here, int) and here != start:
                continue
            for nb in self.neighbours(here):
                if nb not in dist:
                    dist[nb] = dist[here] + 1
                    queue.append(nb)
        return dist

    def distance(self, a: Location, b: Location) -> int:
        """The fewest steps from a to b (leaving a room and entering one count as a step each)."""
        return self._distances[a][b]

    def within(self, here: Location, steps: int) -> dict[Location, int]:
        """Every other location at most `steps` away, with its distance."""
        return {loc: d for loc, d in self._distances[here].items() if 0 < d <= steps}

    def is_location(self, value: object) -> bool:
        try:
            return value in self._distances and not isinstance(value, bool)
        except TypeError:  # unhashable
            return False


@cache
def load_board() -> Board:
    """The built-in board, `data/board.toml` (parsed once)."""
    path = DATA / "board.toml"
    return parse_board(path.read_text(encoding="utf-8"), source=path.name)


def parse_board(text: str, source: str = "<board>") -> Board:
    data = parse_toml(text, source)
    for key in ("name", "map"):
        if not isinstance(data.get(key), str):
            raise DataError(source, f"field {key!r} is missing or not a string")
    unknown = set(data) - {"name", "title", "description", "map", "rooms"}
    if unknown:
        raise DataError(source, f"unknown field(s) {sorted(unknown)}; expected name, title, "
                        "description, map, rooms")
    names = data.get("rooms")
    if (not isinstance(names, list) or len(names) != ROOMS
            or not all(isinstance(n, str) and n for n in names)):
        raise DataError(source, f"field 'rooms' must list the names of the {ROOMS} Room "
                        "Assignment cards, room 1 first")
    return _parse_map(data, tuple(names), source, _first_map_line(text))


def _first_map_line(text: str) -> int:
    """The file line of the map's first row, so that errors point into the file."""
    key = re.search(r'^\s*map\s*=\s*"""\n?', text, re.MULTILINE)
    return text.count("\n", 0, key.end()) + 1 if key else 1


def _parse_map(data: dict, names: tuple[str, ...], source: str, first_line: int) -> Board:
    lines = data["map"].split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    spaces: set[Cell] = set()
    rooms: dict[int, set[Cell]] = {}
    fronts: dict[int, list[Cell]] = {}
    starts: dict[int, list[Cell]] = {}

    def fail(problem: str, row: int | None = None, col: int | None = None):
        line = None if row is None else first_line + row
        raise DataError(source, problem, line, None if col is None else col + 1)

    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch == "#":
                continue
            if ch in ROOM_MARKS:
                rooms.setdefault(ROOM_MARKS.index(ch) + 1, set()).add((r, c))
                continue
            if ch == ".":
                pass
            elif ch in FRONT_MARKS:
                fronts.setdefault(FRONT_MARKS.index(ch) + 1, []).append((r, c))
            elif ch in START_MARKS:
                starts.setdefault(START_MARKS.index(ch), []).append((r, c))
            else:
                fail(f"unknown map mark {ch!r}\n{MAP_HELP}", r, c)
            spaces.add((r, c))

    for room in range(1, ROOMS + 1):
        mark = ROOM_MARKS[room - 1]
        if room not in rooms:
            fail(f"room {room} (mark {mark!r}) is missing from the map")
        cells = fronts.get(room, [])
        if len(cells) != 3:
            fail(f"room {room} has {len(cells)} front spaces (mark {mark.upper()!r}); it needs 3",
                 *(cells[0] if cells else (None, None)))
        for cell in cells:
            if not any((cell[0] + dr, cell[1] + dc) in rooms[room] for dr, dc in STEPS):
                fail(f"front space of room {room} at {cell} is not next to the room", *cell)
    for role in range(len(START_MARKS)):
        cells = starts.get(role, [])
        if len(cells) != 1:
            fail(f"starting space {START_MARKS[role]!r} appears {len(cells)} times; it needs 1",
                 *(cells[1] if len(cells) > 1 else (None, None)))
    _check_connected(spaces, fail)
    return Board(
        name=data["name"], title=data.get("title", data["name"]),
        lines=tuple(lines), spaces=frozenset(spaces),
        room_cells={room: frozenset(cells) for room, cells in sorted(rooms.items())},
        fronts={room: tuple(sorted(cells)) for room, cells in sorted(fronts.items())},
        starts=tuple(starts[role][0] for role in range(len(START_MARKS))),
        room_names=names, description=data.get("description", ""),
    )


def _check_connected(spaces: set[Cell], fail) -> None:
    if not spaces:
        fail("the map has no corridor spaces")
    first = min(spaces)
    seen = {first}
    queue = deque([first])
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            nb = (r + dr, c + dc)
            if nb in spaces and nb not in seen:
                seen.add(nb)
                queue.append(nb)
    cut_off = sorted(spaces - seen)
    if cut_off:
        fail(f"corridor space {cut_off[0]} cannot be reached from {first}", *cut_off[0])
