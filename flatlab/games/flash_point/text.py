"""The board as text, so the game is playable in a terminal before any widget exists."""

from __future__ import annotations

from .board import COLS, ROWS, Cell, edge
from .specialists import SPECIALISTS
from .state import (
    CLOSED,
    COLOURS,
    DAMAGE_MARKERS,
    FIRE,
    LOSSES_TO_LOSE,
    OPEN,
    RESCUES_TO_WIN,
    SMOKE,
    THREAT_MARKERS,
    FlashPointState,
)
from .vehicles import vehicle_cells

LEGEND = ("Legend: F fire, s smoke, ? face-down POI, V victim, 1-6 firefighters (* several), "
          "a ambulance parking; walls | and --- (: and - - damaged), doors D and =D= closed, "
          "/ open; the building is rows 1-6, columns 1-8.")
EXPERIENCED_LEGEND = " Experienced: h hazmat, A the Ambulance, E the Engine; hot spots listed below."


def _cell(s: FlashPointState, cell: Cell) -> str:
    threat = {FIRE: "F", SMOKE: "s"}.get(s.threat.get(cell), " ")
    victims = s.victims.get(cell, 0)
    poi = "?" if cell in s.hidden else ("V" if victims == 1 else str(victims) if victims else " ")
    here = [i for i, p in enumerate(s.positions) if p == cell]
    ff = str(here[0] + 1) if len(here) == 1 else "*" if here else " "
    if poi == " " and s.hazmat.get(cell):
        poi = "h"
    if threat == " " and poi == " ":
        if cell in vehicle_cells(s, "ambulance"):
            poi = "A"
        elif cell in vehicle_cells(s, "engine"):
            poi = "E"
        elif not s.experienced and cell in s.layout.ambulance_cells:
            poi = "a"
    return threat + poi + ff


def _vertical(s: FlashPointState, a: Cell, b: Cell) -> str:
    e = edge(a, b)
    if e in s.layout.walls:
        return "|:  "[s.damage.get(e, 0)]
    if e in s.layout.doors:
        return {CLOSED: "D", OPEN: "/"}.get(s.doors[e], " ")
    return " "


def _horizontal(s: FlashPointState, a: Cell, b: Cell) -> str:
    e = edge(a, b)
    if e in s.layout.walls:
        return ("---", "- -", "   ")[s.damage.get(e, 0)]
    if e in s.layout.doors:
        return {CLOSED: "=D=", OPEN: " / "}.get(s.doors[e], "   ")
    return "   "


def _joint(s: FlashPointState, r: int, c: int, segments: list[str]) -> str:
    """The corner between rows r, r+1 and columns c, c+1: '+' where edges meet."""
    if segments[c].strip() or segments[c + 1].strip():
        return "+"
    above = _vertical(s, (r, c), (r, c + 1)) != " "
    below = _vertical(s, (r + 1, c), (r + 1, c + 1)) != " "
    return "|" if above and below else " "


def board(s: FlashPointState) -> str:
    lines = ["     " + "   ".join(str(c) for c in range(COLS))]
    for r in range(ROWS):
        row = f"{r}  " + "".join(
            _cell(s, (r, c)) + (_vertical(s, (r, c), (r, c + 1)) if c < COLS - 1 else "")
            for c in range(COLS))
        lines.append(row.rstrip())
        if r < ROWS - 1:
            segments = [_horizontal(s, (r, c), (r + 1, c)) for c in range(COLS)]
            joints = [_joint(s, r, c, segments) for c in range(COLS - 1)]
            line = "   " + "".join(seg + (joints[c] if c < COLS - 1 else "")
                                   for c, seg in enumerate(segments))
            lines.append(line.rstrip())
    return "\n".join(lines)


def status(s: FlashPointState) -> str:
    crew = ", ".join(
        f"{i + 1} {COLOURS[i]} at {p if p else '(not placed)'} ({s.ap[i]} AP)"
        for i, p in enumerate(s.positions))
    fires = sum(1 for t in s.threat.values() if t == FIRE)
    smoke = len(s.threat) - fires
    return "\n".join([
        f"Turn {s.turn} · {s.step} · {COLOURS[s.current]} to play",
        f"Rescued {s.rescued}/{RESCUES_TO_WIN} · lost {s.lost}/{LOSSES_TO_LOSE} · "
        f"damage {s.damage_placed}/{DAMAGE_MARKERS} · fire {fires}, smoke {smoke} "
        f"({len(s.threat)}/{THREAT_MARKERS} threat markers) · POI on board {s.poi_on_board}, "
        f"in the bag {s.bag}",
        f"Crew: {crew}",
    ])


def experienced_status(s: FlashPointState) -> str:
    crew = ", ".join(f"{COLOURS[i]} {SPECIALISTS[n].title}" for i, n in enumerate(s.specialists))
    free = ", ".join(f"{n} free {pool}" for pool, n in s.free.items() if n)
    return "\n".join([
        f"{s.difficulty.capitalize()} · variants: {', '.join(s.variants) or 'none'} · "
        f"specialists: {crew or '(not dealt yet)'}" + (f" · {free} AP" if free else ""),
        f"Hot spots ({len(s.hot_spots)}, {s.hot_spot_supply} in the supply): "
        f"{' '.join(f'{r},{c}' for r, c in sorted(s.hot_spots)) or 'none'} · hazmat: "
        f"{' '.join(f'{r},{c}' for r, c in sorted(s.hazmat)) or 'none'} "
        f"({s.disposed} disposed, {s.exploded} exploded)",
    ])


def describe(s: FlashPointState) -> str:
    if not s.experienced:
        return f"{s.layout.title}\n{board(s)}\n{LEGEND}\n{status(s)}"
    return (f"{s.layout.title}\n{board(s)}\n{LEGEND}{EXPERIENCED_LEGEND}\n{status(s)}\n"
            f"{experienced_status(s)}")
