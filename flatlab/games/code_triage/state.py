"""The Code Triage state: plain data, copied cheaply, saved as JSON.

What the table shows: where the four pawns stand, each role's unused action
tokens, the patient in each room (card, hearts, current risk, pending and
filled orders), the three decks, kept items, the Patient Status piles, the
clock, and which step of the round comes next.

How the decks are modelled, and why it is exact:

- The Patient and Event decks are shuffled once and then only drawn from the
  top. Nobody sees the order, so drawing the top card is exactly a uniform draw
  from the cards still in the deck; each deck is kept as the multiset of its
  remaining cards, and a draw is a chance node over them.
- The Room Assignment deck is different: cards come back to the *bottom* of the
  deck, in a known order, while the shuffled cards are still on top. So it is
  kept as two parts: `room_deck`, the shuffled part whose order nobody knows
  (drawn uniformly), and `room_bottom`, the cards put back, in order. Once the
  shuffled part runs out, the next card is the first one put back, with
  probability 1. The cards not in the deck are exactly the rooms with a
  patient (the Rooms Filled space), so no two patients ever share a room.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from ...core.errors import SaveError
from ...core.fields import SavedFields
from ...core.steps import PlainState
from .board import Board, Location, load_board
from .cards import AMA, DEATH, SELF_HARM, event_cards, patient_cards
from .clock import LAST, START
from .dice import load_dice
from .roles import ROLES

SIDES = ("A", "B")
# The phases in rulebook order. Each phase starts with a step of the same name.
PHASES = ("set-up", "ambulance-check", "new-patient", "new-event", "player-actions",
          "discharge-check", "reduce-health", "reset-tokens", "advance-clock", "game-end")
TOKENS = 4  # action tokens per role per round
MOVE, ORDERS, TOKENS_PER_ORDER = 10, 1, 1  # what one token does in a normal round


class Patient(NamedTuple):
    """A patient in a room. Immutable: a change builds a new one (`_replace`), so copies stay cheap."""

    card: str
    hearts: int | None  # None: "self-harm, cannot leave" patients have no health
    risk: str  # "ama", "death" or "self-harm"; Code Blue turns "ama" into "death"
    orders: tuple[int, ...]  # pending doctor's orders, per role (roles.ROLES order)
    filled: tuple[int, ...]  # orders filled so far, per role (the tokens on the card)

    @property
    def ready(self) -> bool:
        return not any(self.orders)


@dataclass
class CodeTriageState(PlainState):
    board: Board
    side: str
    difficulty: str
    length: str
    mature: bool
    players: int
    step: str  # the pending step of the round (see rules.STEPS)
    phase: str  # the rulebook phase that step belongs to
    clock: int  # index into clock.CLOCK: 0 is 7:00 AM, 24 is 7:00 PM
    current: int = 0  # the role taking its turn in 4. Player Actions
    positions: list[Location | None] = field(default_factory=list)  # None: out to lunch
    tokens: list[int] = field(default_factory=list)  # unused action tokens per role
    patients: dict[int, Patient] = field(default_factory=dict)  # room -> patient
    patient_deck: list[str] = field(default_factory=list)  # cards left, sorted (order unknown)
    room_deck: list[int] = field(default_factory=list)  # the shuffled part, sorted
    room_bottom: list[int] = field(default_factory=list)  # cards put back, top first
    event_deck: dict[str, int] = field(default_factory=dict)  # event id -> copies left
    items: list[str] = field(default_factory=list)  # kept event cards (Discharge Paperwork)
    discharged: int = 0
    left_ama: int = 0
    expired: int = 0
    arrivals: int = 0  # patients of the current batch still to be given a room
    incoming: str | None = None  # the patient card drawn, waiting for its room card
    admit_rule: str = ""  # the rule that brought the current batch
    resume: str = ""  # the step after the current batch of arrivals
    event: str | None = None  # the event card being resolved
    effect: int = 0  # index of its next effect
    move_per_token: int = MOVE  # what one action token does this round (events change it)
    orders_per_token: int = ORDERS
    tokens_per_order: int = TOKENS_PER_ORDER
    lunch: int | None = None  # the role out to lunch this round
    outcome: str | None = None
    end: str = ""  # why the game ended

    # --- what the rules ask -----------------------------------------------------
    @property
    def round(self) -> int:
        return self.clock - START[self.length] + 1

    @property
    def free_rooms(self) -> int:
        return len(self.room_deck) + len(self.room_bottom)

    def room_of(self, role: int) -> int | None:
        """The room a role stands in, or None (corridor, or out to lunch)."""
        where = self.positions[role]
        return where if isinstance(where, int) else None

    def in_room(self, room: int) -> list[int]:
        return [r for r, where in enumerate(self.positions) if where == room]




def game_cards(mature: bool) -> list[str]:
    """The patient deck of a game: all 64 cards, or the 56 without the mature ones."""
    return sorted(c.id for c in patient_cards().values() if mature or not c.mature)


# --- JSON ---------------------------------------------------------------------------
def _location_json(where: Location | None) -> Any:
    return list(where) if isinstance(where, tuple) else where


def to_dict(s: CodeTriageState) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(CodeTriageState):
        value = getattr(s, f.name)
        if f.name == "board":
            value = value.name
        elif f.name == "positions":
            value = [_location_json(p) for p in value]
        elif f.name == "patients":
            value = {str(room): {"card": p.card, "hearts": p.hearts, "risk": p.risk,
                                 "orders": list(p.orders), "filled": list(p.filled)}
                     for room, p in sorted(value.items())}
        elif isinstance(value, list | dict):
            value = value.copy()
        out[f.name] = value
    return out


def from_dict(data: Any, steps: dict, where: str = "start") -> CodeTriageState:
    """Rebuild a state from `to_dict` output, naming the first field that is wrong."""
    saved = SavedFields(data, where, (f.name for f in fields(CodeTriageState)), "a Code Triage state")
    fail, integer, choice = saved.fail, saved.integer, saved.choice

    def int_list(key: str, lo: int, hi: int, length: int | None = None) -> list[int]:
        v = data[key]
        if not isinstance(v, list) or (length is not None and len(v) != length):
            fail(key, "expected a list" + (f" of {length}" if length is not None else ""))
        return [integer(f"{key}[{i}]", lo, hi, x) for i, x in enumerate(v)]

    board = load_board()
    if data["board"] != board.name:
        fail("board", f"expected {board.name!r}, found {data['board']!r}")
    mature = data["mature"]
    if not isinstance(mature, bool):
        fail("mature", "expected true or false")
    cards = set(game_cards(mature))
    events = event_cards()
    step = choice("step", steps)
    positions = []
    raw = data["positions"]
    if not isinstance(raw, list) or len(raw) != len(ROLES):
        fail("positions", f"expected {len(ROLES)} locations, one per role")
    for i, p in enumerate(raw):
        loc = tuple(p) if isinstance(p, list) else p
        if loc is not None and not board.is_location(loc):
            fail(f"positions[{i}]", f"expected a room number, a [row, column] space or null, found {p!r}")
        positions.append(loc)
    patients = {}
    raw = data["patients"]
    if not isinstance(raw, dict):
        fail("patients", "expected an object: room -> patient")
    for key, p in raw.items():
        at = f"patients.{key}"
        if not key.isdigit() or int(key) not in board.rooms:
            fail(at, "expected a room number from 1 to 12 as the key")
        expected = {"card", "hearts", "risk", "orders", "filled"}
        if not isinstance(p, dict) or set(p) != expected:
            fail(at, f"expected an object with {', '.join(sorted(expected))}")
        if p["card"] not in cards:
            fail(f"{at}.card", f"not a card of this game's patient deck: {p['card']!r}")
        if p["risk"] not in (AMA, DEATH, SELF_HARM):
            fail(f"{at}.risk", f"expected 'ama', 'death' or 'self-harm', found {p['risk']!r}")
        hearts = p["hearts"]
        if hearts is not None and (type(hearts) is not int or not 0 < hearts <= 6):
            fail(f"{at}.hearts", f"expected 1 to 6 hearts or null, found {hearts!r}")
        orders = [integer(f"{at}.orders", 0, 99, x) for x in _list4(p["orders"], f"{at}.orders", fail)]
        filled = [integer(f"{at}.filled", 0, 99, x) for x in _list4(p["filled"], f"{at}.filled", fail)]
        patients[int(key)] = Patient(p["card"], hearts, p["risk"], tuple(orders), tuple(filled))
    deck = data["patient_deck"]
    if not isinstance(deck, list) or not all(c in cards for c in deck):
        fail("patient_deck", "expected a list of this game's patient card ids")
    event_deck = data["event_deck"]
    if not isinstance(event_deck, dict):
        fail("event_deck", "expected an object: event id -> copies left")
    for key, n in event_deck.items():
        if key not in events:
            fail(f"event_deck.{key}", "not an event card")
        integer(f"event_deck.{key}", 1, events[key].copies, n)
    items = data["items"]
    if not isinstance(items, list) or not all(i in events and events[i].item for i in items):
        fail("items", "expected a list of event cards that are kept as items")
    incoming = data["incoming"]
    if incoming is not None and incoming not in cards:
        fail("incoming", f"expected null or a patient card id, found {incoming!r}")
    event = data["event"]
    if event is not None and event not in events:
        fail("event", f"expected null or an event card id, found {event!r}")
    lunch = data["lunch"]
    if lunch is not None:
        integer("lunch", 0, len(ROLES) - 1)
    resume = data["resume"]
    if resume != "" and resume not in steps:
        fail("resume", f"unknown step {resume!r}")
    for key in ("admit_rule", "end", "phase"):
        if not isinstance(data[key], str):
            fail(key, "expected a string")
    state = CodeTriageState(
        board=board, side=choice("side", SIDES), difficulty=choice("difficulty", load_dice().levels),
        length=choice("length", START), mature=mature, players=integer("players", 1, len(ROLES)),
        step=step, phase=data["phase"], clock=integer("clock", 0, LAST),
        current=integer("current", 0, len(ROLES) - 1), positions=positions,
        tokens=int_list("tokens", 0, 99, len(ROLES)), patients=patients,
        patient_deck=list(deck), room_deck=int_list("room_deck", 1, 12),
        room_bottom=int_list("room_bottom", 1, 12), event_deck=dict(event_deck), items=list(items),
        discharged=integer("discharged", 0, 999), left_ama=integer("left_ama", 0, 999),
        expired=integer("expired", 0, 999), arrivals=integer("arrivals", 0, 99), incoming=incoming,
        admit_rule=data["admit_rule"], resume=resume, event=event,
        effect=integer("effect", 0, 99), move_per_token=integer("move_per_token", 1, 99),
        orders_per_token=integer("orders_per_token", 1, 9),
        tokens_per_order=integer("tokens_per_order", 1, 9), lunch=lunch,
        outcome=choice("outcome", (None, "won", "lost")), end=data["end"],
    )
    try:
        check_invariants(state)
    except ValueError as e:
        raise SaveError(where, str(e)) from None
    return state


def _list4(value: Any, key: str, fail) -> list:
    if not isinstance(value, list) or len(value) != len(ROLES):
        fail(key, f"expected a list of {len(ROLES)} numbers, one per role")
    return value


def check_invariants(s: CodeTriageState) -> None:
    """What the rules can never break (ValueError saying which)."""
    rooms = set(s.board.rooms)
    deck = [*s.room_deck, *s.room_bottom]
    if len(set(deck)) != len(deck) or set(deck) & set(s.patients) or set(deck) | set(s.patients) != rooms:
        raise ValueError("the room assignment cards must be exactly the free rooms (in the deck) "
                         "plus the rooms with a patient (Rooms Filled), each once")
    if s.room_deck != sorted(s.room_deck):
        raise ValueError("room_deck is the shuffled part of the deck; keep it sorted")
    cards = game_cards(s.mature)
    on_board = [p.card for p in s.patients.values()]
    held = [*s.patient_deck, *on_board, *([s.incoming] if s.incoming else [])]
    if len(set(held)) != len(held) or not set(held) <= set(cards):
        raise ValueError("a patient card is in two places at once, or not in this game's deck")
    if s.patient_deck != sorted(s.patient_deck):
        raise ValueError("patient_deck holds the cards left in the shuffled deck; keep it sorted")
    if len(held) + s.discharged + s.left_ama + s.expired != len(cards):
        raise ValueError(f"patient cards do not add up to {len(cards)}: {len(s.patient_deck)} in the "
                         f"deck + {len(on_board)} in rooms + {int(bool(s.incoming))} arriving + "
                         f"{s.discharged} discharged + {s.left_ama} AMA + {s.expired} expired")
    printed = patient_cards()
    for room, p in s.patients.items():
        card = printed[p.card]
        if (p.risk == SELF_HARM) != (card.risk == SELF_HARM) or (card.risk == DEATH and p.risk != DEATH):
            raise ValueError(f"room {room}: risk {p.risk!r} cannot come from the card's {card.risk!r}")
        if card.health is None:
            if p.hearts is not None:
                raise ValueError(f"room {room}: a patient who cannot leave has no hearts")
        elif p.hearts is None or not 0 < p.hearts <= card.health:
            raise ValueError(f"room {room}: {p.hearts} hearts; the card prints {card.health}")
        if any(o < 0 or f < 0 or o + f < n for o, f, n in zip(p.orders, p.filled, card.orders, strict=True)):
            raise ValueError(f"room {room}: pending plus filled orders fall short of the printed orders")
    events = event_cards()
    for key, n in s.event_deck.items():
        if key not in events or not 0 < n <= events[key].copies:
            raise ValueError(f"event deck: {n} copies of {key!r}")
    for key in set(s.items):
        if s.items.count(key) + s.event_deck.get(key, 0) > events[key].copies:
            raise ValueError(f"item {key!r}: more copies held and in the deck than exist")
    if s.lunch is not None and s.positions[s.lunch] is not None:
        raise ValueError("the role out to lunch has no pawn in the emergency room")
    for role, where in enumerate(s.positions):
        if where is None and role != s.lunch:
            raise ValueError(f"{ROLES[role]} has no pawn on the board but is not out to lunch")
        if where is not None and not s.board.is_location(where):
            raise ValueError(f"{ROLES[role]} stands at {where!r}, which is not on the board")
