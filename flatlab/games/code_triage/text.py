"""The emergency room as text, so the game is playable in a terminal before any widget exists."""

from __future__ import annotations

from .board import Cell
from .cards import patient_cards
from .clock import CLOCK, rounds
from .game_end import score
from .roles import ROLES, SYMBOLS, TITLES, controller
from .state import CodeTriageState

LEGEND = ("Legend: N R P L the Nurse, Radiology Tech, Patient Rep, Lab Tech (* several); "
          "rooms show their number, with + when a patient is in; . corridor; "
          "orders as N2 = two Nurse orders pending.")


def _room_label(s: CodeTriageState, room: int, cells: list[Cell]) -> dict[Cell, str]:
    """Write the room number, and '+' for a patient, into the room's cells in reading order."""
    label = f"{room}{'+' if room in s.patients else ''}"
    return {cell: label[i] if i < len(label) else " " for i, cell in enumerate(sorted(cells))}


def board(s: CodeTriageState) -> str:
    b = s.board
    grid = [list(line.replace("#", " ")) for line in b.lines]
    for r, c in b.spaces:
        grid[r][c] = "."
    for room, cells in b.room_cells.items():
        for (r, c), ch in _room_label(s, room, list(cells)).items():
            grid[r][c] = ch
    for cell in {p for p in s.positions if isinstance(p, tuple)}:
        here = [i for i, p in enumerate(s.positions) if p == cell]
        grid[cell[0]][cell[1]] = SYMBOLS[here[0]] if len(here) == 1 else "*"
    return "\n".join("".join(line).rstrip() for line in grid)


def patients(s: CodeTriageState) -> str:
    cards = patient_cards()
    rows = []
    for room in s.board.rooms:
        staff = "".join(SYMBOLS[r] for r in s.in_room(room))
        p = s.patients.get(room)
        if p is None:
            rows.append(f"  room {room:2} {s.board.room_names[room - 1]:<15} (free)"
                        + (f"  staff {staff}" if staff else ""))
            continue
        card = cards[p.card]
        hearts = "cannot leave" if p.hearts is None else f"{p.hearts}/{card.health} hearts"
        pending = " ".join(f"{SYMBOLS[i]}{n}" for i, n in enumerate(p.orders) if n) or "ready"
        rows.append(f"  room {room:2} {s.board.room_names[room - 1]:<15} {card.name}, "
                    f"{p.risk} risk, {hearts}, orders {pending}" + (f"  staff {staff}" if staff else ""))
    return "\n".join(rows)


def status(s: CodeTriageState) -> str:
    tokens = ", ".join(f"{TITLES[r]} (player {controller(r, s.players)}) "
                       f"{'at lunch' if s.positions[r] is None else s.tokens[r]}" for r in range(len(ROLES)))
    special = []
    if (s.move_per_token, s.orders_per_token, s.tokens_per_order) != (10, 1, 1):
        special.append(f"this round {s.move_per_token} spaces per Move token, {s.orders_per_token} "
                       f"order(s) per Treat token, {s.tokens_per_order} token(s) per order")
    if s.items:
        special.append(f"items kept: {', '.join(s.items)}")
    now = s.phase if s.step == s.phase else f"{s.phase}: {s.step}"
    if s.step == "player-actions":
        now += f" · {TITLES[s.current]} to play"
    return "\n".join([
        f"{CLOCK[s.clock]} (round {s.round} of {rounds(s.length)}) · side {s.side}, {s.difficulty} · {now}",
        f"Action tokens: {tokens}",
        f"Discharged {s.discharged} · left AMA {s.left_ama} · expired {s.expired}/3 · "
        f"score {score(s):+d} · free rooms {s.free_rooms} · Patient deck {len(s.patient_deck)} · "
        f"Event deck {sum(s.event_deck.values())}",
        *special,
    ])


def describe(s: CodeTriageState) -> str:
    return f"{s.board.title}\n{board(s)}\n{LEGEND}\n{patients(s)}\n{status(s)}"
