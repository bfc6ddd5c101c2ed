"""The Flash Point state: plain data, copied cheaply, saved as JSON.

What the table shows, and nothing derivable: threat markers by space, damage
by wall edge, doors by edge, the POI on the board, where each firefighter
stands, the counts on the Rescued and Lost spaces, and which step of the turn
comes next.

Hidden POI have no identity until they are revealed. Drawing a face-down
marker's identity when it is flipped is exactly as likely as fixing it when
it was placed (nobody can see it in between), and it makes the chance node at
the flip carry the true conditional probability: unrevealed victims over
unrevealed markers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from ...core.errors import SaveError
from ...core.fields import SavedFields
from ...core.steps import PlainState
from .board import CELLS, Cell, Edge, Layout, edge, is_inside, load_layout, on_board, parse_layout

FIRE, SMOKE = "fire", "smoke"
CLOSED, OPEN, DESTROYED = "closed", "open", "destroyed"

THREAT_MARKERS = 33
DAMAGE_MARKERS = 24
HAZMAT_MARKERS, HOT_SPOT_MARKERS = 6, 24
VICTIMS, FALSE_ALARMS = 10, 5  # in play after 2 victims and 1 false alarm go back in the box
RESCUES_TO_WIN, LOSSES_TO_LOSE = 7, 4
AP_PER_TURN, AP_SAVED_MAX = 4, 4
AP_MAX = 5  # the most AP a turn brings (the Generalist)
COLOURS = ("blue", "orange", "green", "pink", "yellow", "sky")


@dataclass
class FlashPointState(PlainState):
    layout: Layout
    players: int
    step: str  # the pending step of the turn (see rules.STEPS)
    turn: int = 0  # 0 during set-up
    current: int = 0  # whose turn, or who is being placed during set-up
    positions: list[Cell | None] = field(default_factory=list)
    ap: list[int] = field(default_factory=list)  # the current player's AP; saved AP for others
    threat: dict[Cell, str] = field(default_factory=dict)
    damage: dict[Edge, int] = field(default_factory=dict)  # walls with 1 or 2 damage markers
    doors: dict[Edge, str] = field(default_factory=dict)
    hidden: list[Cell] = field(default_factory=list)  # face-down POI, in placement order
    victims: dict[Cell, int] = field(default_factory=dict)  # revealed victims on the board
    bag: int = VICTIMS + FALSE_ALARMS  # POI markers not placed yet
    unrevealed_victims: int = VICTIMS  # victims among the bag and the face-down POI
    rescued: int = 0
    lost: int = 0  # victims lost
    false_alarms: int = 0  # false alarms revealed (removed from the board)
    target: Cell | None = None  # the last advance-fire or POI target, for display
    revealing: list[Cell] = field(default_factory=list)  # POI waiting to be flipped
    resume: str = ""  # the step to return to when the flips are done
    knocked: list[int] = field(default_factory=list)  # firefighters choosing a parking space
    setup_left: int = 0  # explosions or POI still to place in a random set-up
    outcome: str | None = None
    # --- the Experienced game (left empty in the family game) ---------------------
    mode: str = "family"
    difficulty: str = ""  # recruit, veteran or heroic
    variants: tuple[str, ...] = ()  # "Changing the Rules" in play
    specialists: list[str] = field(default_factory=list)  # each firefighter's card
    free: dict[str, int] = field(default_factory=dict)  # the current player's free AP pools
    commanded_cafs: int = 0  # AP the Fire Captain spent commanding the CAFS firefighter
    acted: bool = False  # has the current player taken an action yet this turn?
    hazmat: dict[Cell, int] = field(default_factory=dict)
    disposed: int = 0  # hazmat on the Rescued spot
    exploded: int = 0  # hazmat that exploded
    treated: dict[Cell, int] = field(default_factory=dict)  # how many victims there are treated
    hot_spots: list[Cell] = field(default_factory=list)
    hot_spot_supply: int = 0  # markers on the yellow circles
    ambulance: int = -1  # index into layout.ambulance_spots (-1: not parked)
    engine: int = -1
    flare: bool = False  # the last advance-fire target held a hot spot
    rolls: int = 0  # advance-fire rolls so far this turn
    dice: list[int] = field(default_factory=list)  # dice kept between steps (set-up, deck gun)
    rerolled: list[str] = field(default_factory=list)  # deck-gun dice the Driver rerolled

    @property
    def experienced(self) -> bool:
        return self.mode == "experienced"

    # --- counts the rules ask for ----------------------------------------------
    @property
    def damage_placed(self) -> int:
        return sum(self.damage.values())

    @property
    def poi_on_board(self) -> int:
        """Face-down POI plus revealed victims still in the building (Replenish POI counts these)."""
        return len(self.hidden) + sum(self.victims.values())

    @property
    def unrevealed(self) -> int:
        return self.bag + len(self.hidden)

    def passable(self, e: Edge) -> bool:
        """Can fire, a firefighter or an explosion cross this edge? (Adjacent spaces)"""
        layout = self.layout
        if e in layout.walls:
            return self.damage.get(e, 0) >= 2
        if e in layout.doors:
            return self.doors[e] != CLOSED
        return True

    def firefighters_at(self, cell: Cell) -> list[int]:
        return [i for i, p in enumerate(self.positions) if p == cell]

    # --- markers that stack on a space (victims, Heal markers, hazmat) -------------
    def take_victim(self, cell: Cell, treated: bool | None = None) -> bool:
        """Take one victim off `cell`: a treated one if `treated`, an untreated one if there
        is one when None; returns whether it was treated (its Heal marker goes with it)."""
        if treated is None:
            treated = self.treated.get(cell, 0) >= self.victims[cell]
        take_one(self.victims, cell)
        if treated:
            take_one(self.treated, cell)
        return treated

    def put_victim(self, cell: Cell, treated: bool = False) -> None:
        put_one(self.victims, cell)
        if treated:
            put_one(self.treated, cell)


def take_one(counts: dict[Cell, int], cell: Cell) -> None:
    counts[cell] -= 1
    if not counts[cell]:
        del counts[cell]


def put_one(counts: dict[Cell, int], cell: Cell) -> None:
    counts[cell] = counts.get(cell, 0) + 1


# --- JSON -------------------------------------------------------------------------
def _cell_key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _edge_key(e: Edge) -> str:
    return f"{e[0][0]},{e[0][1]}-{e[1][0]},{e[1][1]}"


def to_dict(s: FlashPointState) -> dict[str, Any]:
    return {
        "layout": s.layout.name if s.layout.builtin else {"toml": s.layout.source},
        "players": s.players, "step": s.step, "turn": s.turn,
        "current": s.current, "positions": [list(p) if p else None for p in s.positions],
        "ap": list(s.ap), "threat": {_cell_key(c): v for c, v in sorted(s.threat.items())},
        "damage": {_edge_key(e): v for e, v in sorted(s.damage.items())},
        "doors": {_edge_key(e): v for e, v in sorted(s.doors.items())},
        "hidden": [list(c) for c in s.hidden],
        "victims": {_cell_key(c): v for c, v in sorted(s.victims.items())},
        "bag": s.bag, "unrevealed_victims": s.unrevealed_victims, "rescued": s.rescued,
        "lost": s.lost, "false_alarms": s.false_alarms,
        "target": list(s.target) if s.target else None,
        "revealing": [list(c) for c in s.revealing], "resume": s.resume,
        "knocked": list(s.knocked), "setup_left": s.setup_left, "outcome": s.outcome,
        "mode": s.mode, "difficulty": s.difficulty, "variants": list(s.variants),
        "specialists": list(s.specialists), "free": dict(sorted(s.free.items())),
        "commanded_cafs": s.commanded_cafs, "acted": s.acted,
        "hazmat": {_cell_key(c): v for c, v in sorted(s.hazmat.items())},
        "disposed": s.disposed, "exploded": s.exploded,
        "treated": {_cell_key(c): v for c, v in sorted(s.treated.items())},
        "hot_spots": [list(c) for c in s.hot_spots], "hot_spot_supply": s.hot_spot_supply,
        "ambulance": s.ambulance, "engine": s.engine, "flare": s.flare, "rolls": s.rolls,
        "dice": list(s.dice), "rerolled": list(s.rerolled),
    }


def from_dict(data: Any, steps: dict, where: str = "start") -> FlashPointState:
    """Rebuild a state from `to_dict` output, naming the first field that is wrong."""
    saved = SavedFields(data, where, (f.name for f in fields(FlashPointState)), "a Flash Point state")
    fail, integer = saved.fail, saved.integer

    def cell(key: str, v: Any) -> Cell:
        if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(x, int) for x in v)
                or not on_board(tuple(v))):
            fail(key, f"expected a space [row, column] on the board, found {v!r}")
        return tuple(v)

    def parse_cell_key(key: str, k: str) -> Cell:
        try:
            r, c = (int(x) for x in k.split(","))
        except ValueError:
            fail(key, f"bad space key {k!r}; expected 'row,column'")
        if not on_board((r, c)):
            fail(key, f"space {k!r} is off the board")
        return r, c

    def parse_edge_key(key: str, k: str) -> Edge:
        try:
            a, b = k.split("-")
            e = (parse_cell_key(key, a), parse_cell_key(key, b))
        except ValueError:
            fail(key, f"bad edge key {k!r}; expected 'row,col-row,col'")
        if abs(e[0][0] - e[1][0]) + abs(e[0][1] - e[1][1]) != 1 or e != edge(*e):
            fail(key, f"{k!r} is not an edge between neighbouring spaces (smaller space first)")
        return e

    def mapping(key: str) -> dict:
        if not isinstance(data[key], dict):
            fail(key, "expected an object")
        return data[key]

    def cells(key: str) -> list[Cell]:
        if not isinstance(data[key], list):
            fail(key, "expected a list of spaces")
        return [cell(f"{key}[{i}]", v) for i, v in enumerate(data[key])]

    raw_layout = data["layout"]
    is_toml = isinstance(raw_layout, dict) and isinstance(raw_layout.get("toml"), str)
    if not (isinstance(raw_layout, str) or is_toml):
        fail("layout", 'expected a built-in layout name or {"toml": text}')
    try:
        layout = (parse_layout(raw_layout["toml"], source=f"{where}.layout.toml") if is_toml
                  else load_layout(raw_layout))
    except ValueError as e:  # DataError is a ValueError
        fail("layout", str(e))
    players = integer("players", 1, 6)
    if data["step"] not in steps:
        fail("step", f"unknown step {data['step']!r}")
    threat = {}
    for k, v in mapping("threat").items():
        if v not in (FIRE, SMOKE):
            fail(f"threat.{k}", f"expected 'fire' or 'smoke', found {v!r}")
        threat[parse_cell_key(f"threat.{k}", k)] = v
    damage = {}
    for k, v in mapping("damage").items():
        e = parse_edge_key(f"damage.{k}", k)
        if e not in layout.walls:
            fail(f"damage.{k}", "there is no wall on this edge")
        if v not in (1, 2):
            fail(f"damage.{k}", f"a wall holds 1 or 2 damage markers, found {v!r}")
        damage[e] = v
    doors = {}
    for k, v in mapping("doors").items():
        e = parse_edge_key(f"doors.{k}", k)
        if e not in layout.doors:
            fail(f"doors.{k}", "there is no doorway on this edge")
        if v not in (CLOSED, OPEN, DESTROYED):
            fail(f"doors.{k}", f"expected 'closed', 'open' or 'destroyed', found {v!r}")
        doors[e] = v
    if set(doors) != set(layout.doors):
        fail("doors", "every doorway of the layout needs exactly one entry")
    def counts(key: str) -> dict[Cell, int]:
        found = {}
        for k, v in mapping(key).items():
            if type(v) is not int or v < 1:
                fail(f"{key}.{k}", f"expected a positive count, found {v!r}")
            found[parse_cell_key(f"{key}.{k}", k)] = v
        return found

    def names(key: str, allowed: Iterable[str]) -> list[str]:
        allowed = list(allowed)
        if not isinstance(data[key], list) or any(v not in allowed for v in data[key]):
            fail(key, f"expected a list of names among {allowed}, found {data[key]!r}")
        return list(data[key])

    def flag(key: str) -> bool:
        if type(data[key]) is not bool:
            fail(key, f"expected true or false, found {data[key]!r}")
        return data[key]

    victims = counts("victims")
    positions_raw = data["positions"]
    if not isinstance(positions_raw, list) or len(positions_raw) != players:
        fail("positions", f"expected a list of {players} spaces (or null before placement)")
    positions = [None if p is None else cell(f"positions[{i}]", p)
                 for i, p in enumerate(positions_raw)]
    ap = data["ap"]
    if (not isinstance(ap, list) or len(ap) != players
            or not all(type(x) is int and 0 <= x <= AP_MAX + AP_SAVED_MAX for x in ap)):
        fail("ap", f"expected {players} whole numbers from 0 to {AP_MAX + AP_SAVED_MAX}")
    knocked = data["knocked"]
    if not isinstance(knocked, list) or not all(isinstance(i, int) and 0 <= i < players
                                                for i in knocked):
        fail("knocked", "expected a list of firefighter numbers")
    target = None if data["target"] is None else cell("target", data["target"])
    outcome = data["outcome"]
    if outcome not in (None, "won", "lost"):
        fail("outcome", f"expected null, 'won' or 'lost', found {outcome!r}")
    resume = data["resume"]
    if resume != "" and resume not in steps:
        fail("resume", f"unknown step {resume!r}")
    from .rules import MODES, VARIANTS  # the options a state may record
    from .specialists import SPECIALISTS
    mode = saved.choice("mode", MODES)
    specialists = names("specialists", SPECIALISTS)
    if specialists and (mode != "experienced" or len(specialists) > players):
        fail("specialists", "one card per firefighter, in the Experienced game only")
    free = mapping("free")
    for k, v in free.items():
        if k not in ("movement", "extinguish", "command") or type(v) is not int or not 0 <= v <= 3:
            fail(f"free.{k}", f"expected a free AP pool (movement, extinguish, command) of 0-3 AP, "
                 f"found {v!r}")
    dice = data["dice"]
    if not isinstance(dice, list) or len(dice) > 2 or any(type(d) is not int or not 1 <= d <= 8
                                                         for d in dice):
        fail("dice", f"expected at most two die faces, found {dice!r}")
    state = FlashPointState(
        layout=layout, players=players, step=data["step"],
        turn=integer("turn", 0, 10**6), current=integer("current", 0, players - 1),
        positions=positions, ap=list(ap), threat=threat, damage=damage, doors=doors,
        hidden=cells("hidden"), victims=victims, bag=integer("bag", 0, VICTIMS + FALSE_ALARMS),
        unrevealed_victims=integer("unrevealed_victims", 0, VICTIMS),
        rescued=integer("rescued", 0, VICTIMS), lost=integer("lost", 0, VICTIMS),
        false_alarms=integer("false_alarms", 0, FALSE_ALARMS), target=target,
        revealing=cells("revealing"), resume=resume, knocked=list(knocked),
        setup_left=integer("setup_left", 0, 10), outcome=outcome,
        mode=mode, difficulty=saved.choice("difficulty", ["", "recruit", "veteran", "heroic"]),
        variants=tuple(names("variants", VARIANTS)), specialists=specialists, free=dict(free),
        commanded_cafs=integer("commanded_cafs", 0, 1), acted=flag("acted"),
        hazmat=counts("hazmat"), disposed=integer("disposed", 0, HAZMAT_MARKERS),
        exploded=integer("exploded", 0, HAZMAT_MARKERS), treated=counts("treated"),
        hot_spots=cells("hot_spots"), hot_spot_supply=integer("hot_spot_supply", 0, 12),
        ambulance=integer("ambulance", -1, 3), engine=integer("engine", -1, 3),
        flare=flag("flare"), rolls=integer("rolls", 0, 10**6), dice=list(dice),
        rerolled=names("rerolled", ["red", "black"]),
    )
    try:
        check_invariants(state)
    except ValueError as e:
        raise SaveError(where, str(e)) from None
    return state


def check_invariants(s: FlashPointState) -> None:
    """The marker counts and placements the rules can never break (ValueError if broken)."""
    on_board_victims = sum(s.victims.values())
    if s.unrevealed_victims + on_board_victims + s.rescued + s.lost != VICTIMS:
        raise ValueError(f"victims do not add up to {VICTIMS}: {s.unrevealed_victims} unrevealed "
                         f"+ {on_board_victims} on the board + {s.rescued} rescued + {s.lost} lost")
    unrevealed_false = s.unrevealed - s.unrevealed_victims
    if unrevealed_false < 0 or unrevealed_false + s.false_alarms != FALSE_ALARMS:
        raise ValueError(f"false alarms do not add up to {FALSE_ALARMS}")
    if len(s.threat) > THREAT_MARKERS:
        raise ValueError(f"{len(s.threat)} threat markers on the board; there are {THREAT_MARKERS}")
    if s.damage_placed > DAMAGE_MARKERS:
        raise ValueError(f"{s.damage_placed} damage markers placed; there are {DAMAGE_MARKERS}")
    if len(set(s.hidden)) != len(s.hidden) or not all(is_inside(c) for c in s.hidden):
        raise ValueError("face-down POI must stand on distinct spaces inside the building")
    if any(c not in CELLS for c in s.victims):
        raise ValueError("a victim stands off the board")
    if any(n > s.victims.get(c, 0) for c, n in s.treated.items()):
        raise ValueError("more treated victims than victims on a space")
    if sum(s.hazmat.values()) + s.disposed + s.exploded > HAZMAT_MARKERS:
        raise ValueError(f"more than {HAZMAT_MARKERS} hazmat markers in play")
    if not all(is_inside(c) for c in s.hazmat):
        raise ValueError("hazmat stands outside the building (carried out, it is disposed)")
    if len(set(s.hot_spots)) != len(s.hot_spots) or not all(is_inside(c) for c in s.hot_spots):
        raise ValueError("hot spots stand on distinct spaces inside the building")
    if len(s.hot_spots) + s.hot_spot_supply > HOT_SPOT_MARKERS:
        raise ValueError(f"more than {HOT_SPOT_MARKERS} hot spot markers in play")
