"""Flash Point bots: a random-legal policy and a one-turn-lookahead heuristic.

A policy is a function `policy(game) -> Action` choosing among
`game.legal_actions()`; it reads the public state and never changes it.

The heuristic plans the current player's whole turn and plays it one action
at a time, planning again whenever a roll intervenes (a POI flipped on the
way, the Deck Gun) or the game is not where the plan expected. A plan is a
short programme built from the board:

- carry (or lead, after the Paramedic's Treat) the victim where one stands
  along its cheapest path to safety: outside (family) or to the Ambulance,
  counting the Drives to bring it round (experienced), opening doors and
  beating fire on the path down to smoke; haul hazmat out the same way;
- optionally put out one fire or smoke next to where one stands, walk
  (opening doors, never ending in fire) to any space with work within reach
  (fire, a victim, a POI, hazmat, the Engine) or to one of the few best
  waiting places, then put out fire around it greedily, or carry from there;
- experienced extras: Identify a POI (Imaging Technician), Drive the
  Ambulance to a victim waiting outside or nearer to the victims, fire the
  Deck Gun from the Engine (also after driving it to another quadrant),
  Dispose, Treat, and the Fire Captain's free Command AP spent making others
  carry a victim or walk towards their work.

Every candidate is scored by a value function of the position it leaves,
in AP-equivalents (the `Weights`, tuned by simulation for each mode):

- a victim is worth VICTIM minus the AP still needed to carry it to safety;
  a face-down POI is a victim times P(victim); the nearest firefighter's
  walking distance to each victim, POI (and hazmat, for the Hazmat
  Technician) costs FETCH per AP; a rescue earns RESCUE; flipping a POI is
  valued by its expectation (a victim here, or a fresh POI elsewhere);
- the chance that fire reaches a space is read off the board: how many of
  the 48 advance-fire rolls set it alight (the roll on it, flashovers through
  smoke, explosions next to it and shockwaves along lines of fire, burning
  hazmat next to it), times the expected rolls a turn with hot spots; a
  victim or POI loses that chance (over a few advances) of its worth plus
  LOSS, a firefighter risks being knocked down, hazmat risks exploding;
- every fire costs FIRE, plus the damage markers an explosion there would
  place (walls hit directly or through a line of fire, dearer as the building
  nears collapse), the doors it would blow and the spaces it can spread to;
  smoke costs what it is likely to become;
- AP kept for the next turn are worth SAVED each (at most 4).

Fire fighting weighs heavily: in the family game most losses are collapses,
and a bot that keeps the fire down wins far more often. In the experienced
game the specialists matter most: a weak card (Paramedic, Hazmat or Imaging
Technician, ...) is placed where the Engine will park and swapped by a Crew
Change on the first turn for the strongest card not in play (Generalist,
CAFS Firefighter, Driver/Operator, ...).

Set-up and the other decisions: firefighters start outside closest to the
POI the others are not near; the Ambulance parks where carrying out is
cheapest and the Engine where the crew waits (or facing the most fire); a
knocked-down firefighter recovers nearer the work; the Driver/Operator
rerolls the Deck Gun with `deck_gun.best_reroll`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.log import NULL_LOG
from ...sim.policies import random_policy
from . import deck_gun, take_action
from .board import (
    COLS,
    NEIGHBOURS,
    OUTSIDE,
    QUADRANT_CELLS,
    ROWS,
    Cell,
    bordering_quadrants,
    is_inside,
)
from .specialists import SPECIALISTS, card
from .state import AP_SAVED_MAX, CLOSED, DESTROYED, FIRE, LOSSES_TO_LOSE, RESCUES_TO_WIN, FlashPointState

N = ROWS * COLS
XY: list[Cell] = [(i // COLS, i % COLS) for i in range(N)]
INS = [is_inside(c) for c in XY]
NB = [tuple((nb[0] * COLS + nb[1], e) for nb, e, _ in NEIGHBOURS[c]) for c in XY]
BALL2 = [frozenset(j for j in range(N)
                   if abs(XY[j][0] - XY[i][0]) + abs(XY[j][1] - XY[i][1]) <= 2) for i in range(N)]
OUTSIDE_IDS = tuple(c[0] * COLS + c[1] for c in OUTSIDE)
INF = 10 ** 6


def cid(cell: Cell) -> int:
    return cell[0] * COLS + cell[1]


# the actions a plan is made of, built once (actions are values)
MOVE = [Action("move", to=c) for c in XY]
CARRY = [Action("move", to=c, carry=True) for c in XY]
LEAD = [Action("move", to=c, lead=True) for c in XY]
HAUL = [Action("move", to=c, hazmat=True) for c in XY]
DOOR = [Action("door", to=c) for c in XY]
BEAT = [Action("extinguish", at=c) for c in XY]
CLEAR = [Action("extinguish", at=c, clear=True) for c in XY]


@dataclass(frozen=True)
class Weights:
    """The value function's knobs, in AP-equivalents."""

    victim: float = 30.0  # a revealed victim on the board
    rescue: float = 40.0  # a rescued victim
    loss: float = 45.0  # a lost victim (on top of its worth)
    carry: float = 1.5  # per AP still needed to carry a victim to safety
    fetch: float = 0.9  # per AP for the nearest firefighter to reach a victim or POI
    fresh_cost: float = 16.0  # what a new POI typically costs to fetch and carry out
    horizon: float = 2.5  # advances a victim, POI or hazmat stays exposed
    fire: float = 6.0  # a fire anywhere
    fire_wall: float = 2.5  # ... per wall or door next to it that an explosion would damage
    fire_spread: float = 0.5  # ... per open neighbour inside it can spread to
    fire_door: float = 1.0  # ... per door next to it (an explosion destroys it)
    smoke: float = 1.5  # a smoke marker
    smoke_risk: float = 4.0  # ... times P(it ignites), of the fire it would become
    knock: float = 7.0  # a firefighter knocked down
    knock_horizon: float = 1.5
    hazmat: float = 14.0  # a hazmat explosion
    hazmat_out: float = 0.25  # per AP needed to carry hazmat out
    hazmat_horizon: float = 5.0  # advances a hazmat stays exposed
    hazmat_fetch: float = 0.2
    saved: float = 1.0  # per AP saved for the next turn (at most 4)
    carry_on: float = 1.0  # per AP left when a roll interrupts the plan
    drive_margin: float = 3.0  # what moving the Ambulance must gain beyond its AP
    drive_poi: float = 0.25  # how much a POI's future carry counts when moving the Ambulance
    collapse: float = 1.0  # fire_wall grows as (24 / damage markers left) ** collapse
    final: float = 400.0  # the rescue that wins the game, the loss that loses it


W = Weights()  # tuned on the family game (3 firefighters, house-a)
W_EXPERIENCED = Weights(knock=12.0, hazmat=25.0)  # tuned on the Experienced game (Recruit)


def weights_for(s: FlashPointState, weights: Weights | None = None) -> Weights:
    if weights is not None:
        return weights
    return W_EXPERIENCED if s.experienced else W


# --- the board as flat arrays ----------------------------------------------------------------
class Board:
    """Threat and passability as lists indexed by space number (row * 10 + column)."""

    __slots__ = ("bars", "doors", "ndoors", "pas", "thr", "topo")

    def __init__(self, s: FlashPointState):
        self.thr = thr = [0] * N
        for c, t in s.threat.items():
            thr[c[0] * COLS + c[1]] = 2 if t == FIRE else 1
        key = (s.layout, tuple(s.damage.items()), tuple(s.doors.values()))
        got = _TOPOLOGY.get(key)
        if got is None:
            if len(_TOPOLOGY) > 512:
                _TOPOLOGY.clear()
            got = _TOPOLOGY[key] = _topology(s)
        self.pas, self.doors, self.bars, self.ndoors = got
        self.topo = key


_TOPOLOGY: dict = {}  # (layout, damage, doors) -> the passability lists
_JOBS: dict = {}  # (topology, space) -> walking field to that space
ONES = [1] * N


def _topology(s: FlashPointState) -> tuple[list, list, list, list]:
    walls, doors, damage, state = s.layout.walls, s.layout.doors, s.damage, s.doors
    pas, cdoors, bars, ndoors = [()] * N, [()] * N, [()] * N, [0] * N
    for i in range(N):
        p, d, b = [], [], []
        for j, e in NB[i]:
            if e in walls:
                if damage.get(e, 0) >= 2:
                    p.append(j)
                else:
                    b.append(j)
            elif e in doors:
                st = state[e]
                if st == CLOSED:
                    d.append(j)
                else:
                    p.append(j)
                if st != DESTROYED:
                    ndoors[i] += 1
            else:
                p.append(j)
        pas[i], cdoors[i], bars[i] = tuple(p), tuple(d), tuple(b)
    return pas, cdoors, bars, ndoors  # bars: the walls still standing


def p_ignite(i: int, thr: list, pas: list, haz: dict | None = None) -> float:
    """How many of the 48 rolls set space i alight (fire there after the advance and flashover).

    Counted: the roll on i itself, on a neighbour that turns to fire (smoke + flashover),
    explosions next to i or next to its neighbours (smoke), shockwaves along lines of fire,
    and (with `haz`) the rolls that set a neighbouring hazmat alight: it explodes.
    """
    t = thr[i]
    if t == 2:
        return 48.0
    nbs = pas[i]
    if t == 1:
        for j in nbs:
            if thr[j] == 2:
                return 48.0
        n = 1.0 if INS[i] else 0.0
        for j in nbs:
            fires = 0  # explosions next to j blow fire into it (i is not on fire)
            for k in pas[j]:
                if thr[k] == 2:
                    fires += 1
            n += fires
            if INS[j] and (fires or thr[j] == 1):
                n += 1.0  # the roll on j makes fire there
    else:
        n = 0.0
        for j in nbs:
            if thr[j] == 2:
                n += 1.0
                d = j - i
                k = j
                while True:  # a shockwave from further along the line of fire
                    k2 = k + d
                    if k2 < 0 or k2 >= N or k2 not in pas[k] or thr[k2] != 2:
                        break
                    n += 1.0
                    k = k2
        if n and INS[i]:
            n += 1.0  # the roll on i, next to fire
    if haz:
        for j in nbs:
            if j in haz:
                n += p_ignite(j, thr, pas)
    return min(n, 48.0)


def field(sources: dict[int, int], enter: list, pas: list, doors: list, reverse: bool,
          stop: set | None = None) -> tuple[list, list, list]:
    """Cheapest paths over the spaces: cost, previous space and "a closed door on the way in".

    Moving i -> j costs enter[j] (plus 1 to open a closed door); costs are whole AP,
    so a bucket queue does. reverse=True searches back from the sources (the costs are
    then those of reaching them, and prev[i] is the next space towards them); `stop`
    spaces are reached but not passed through. Costs above MAX_COST count as unreachable.
    """
    cost = [INF] * N
    prev = [-1] * N
    door = [False] * N
    buckets: dict[int, list[int]] = {}
    for i, c in sources.items():
        cost[i] = c
        buckets.setdefault(c, []).append(i)
    c = min(buckets, default=0) - 1
    while buckets:
        c += 1
        bucket = buckets.pop(c, None)
        if bucket is None:
            continue
        for i in bucket:
            if cost[i] != c or (stop and i in stop and i not in sources):
                continue
            back = enter[i]
            for j in pas[i]:
                nc = c + (back if reverse else enter[j])
                if nc < cost[j] and nc <= MAX_COST:
                    cost[j], prev[j], door[j] = nc, i, False
                    got = buckets.get(nc)
                    if got is None:
                        buckets[nc] = [j]
                    else:
                        got.append(j)
            for j in doors[i]:
                nc = c + (back if reverse else enter[j]) + 1
                if nc < cost[j] and nc <= MAX_COST:
                    cost[j], prev[j], door[j] = nc, i, True
                    got = buckets.get(nc)
                    if got is None:
                        buckets[nc] = [j]
                    else:
                        got.append(j)
    return cost, prev, door


MAX_COST = 120


# --- the per-decision context ------------------------------------------------------------------
class Ctx:
    """Everything a decision needs, computed once: the board, the objects, the distance fields."""

    def __init__(self, s: FlashPointState, w: Weights | None = None, cache: dict | None = None):
        self.s = s
        self.w = w = weights_for(s, w)
        self.b = b = Board(s)
        self.exp = s.experienced
        self.me = s.current
        pos = s.positions
        self.here = cid(pos[self.me]) if pos[self.me] else -1
        self.ff: dict[int, int] = {}
        for p in pos:
            if p:
                k = cid(p)
                self.ff[k] = self.ff.get(k, 0) + 1
        self.vict = {cid(c): n for c, n in s.victims.items()}
        self.treated = {cid(c): n for c, n in s.treated.items()}
        self.poi = {cid(c) for c in s.hidden}
        self.haz = {cid(c): n for c, n in s.hazmat.items()}
        self.q = s.unrevealed_victims / s.unrevealed if s.unrevealed else 0.0
        hot = sum(1 for c in s.hot_spots if is_inside(c))
        self.rolls = 48.0 / (48.0 - hot) if self.exp else 1.0
        self.dmgf = (24.0 / max(1.0, 24.0 - s.damage_placed)) ** w.collapse
        self.fresh = self.q * (w.victim - w.fresh_cost) if s.bag else 0.0
        # the game's last rescue wins it, its last loss loses it
        self.rescue_bonus = w.rescue if s.rescued < RESCUES_TO_WIN - 1 else w.final
        self.loss = w.loss if s.lost < LOSSES_TO_LOSE - 1 else w.final
        if self.exp:
            from .vehicles import vehicle_cells
            self.amb = {cid(c) for c in vehicle_cells(s, "ambulance")}
            self.engine = {cid(c) for c in vehicle_cells(s, "engine")}
        else:
            self.amb, self.engine = set(), set()
        spec = card(s)
        self.spec = spec.name if spec else ""
        self.efactor = spec.extinguish_factor if spec else 1
        self.ap = s.ap[self.me]
        self.fm = s.free.get("movement", 0)
        self.fe = s.free.get("extinguish", 0)
        thr = b.thr
        self.enter_walk = [2 if t == 2 else 1 for t in thr]
        key = (s.turn, s.current, s.ambulance, self.efactor)  # fields are kept for a turn
        self.cache = cache if cache is not None else {}
        if self.cache.get("key") != key:
            self.cache.clear()
            self.cache["key"] = key
        self.carry, self.carry_next, _ = self.carry_field(lead=False)
        if self.treated or self.spec == "paramedic":
            self.lead, self.lead_next, _ = self.carry_field(lead=True)
        else:
            self.lead, self.lead_next = self.carry, self.carry_next
        self.deck_gun_cost = SPECIALISTS[self.spec].deck_gun_cost if self.spec else 4
        self.dg: dict = {}
        self.out, self.out_next, _ = self.hazmat_field() if self.haz else (None, None, None)
        self.jobs = self.job_fields()
        self.interesting = set(self.ff) | set(self.vict) | self.poi | set(self.haz)
        self.interesting.update(i for i in range(N) if thr[i])
        self.base_val: dict[int, float] = {}
        self._fetch: dict[int, float] = {}

    # --- distance fields ---------------------------------------------------------------------
    def rescue_sources(self, ambulance: int | None = None) -> dict[int, float]:
        """Where a victim is safe, with the AP still to pay there (Experienced: Drives)."""
        if not self.exp:
            return dict.fromkeys(OUTSIDE_IDS, 0)
        s = self.s
        amb = s.ambulance if ambulance is None else ambulance
        src = {}
        for k, spot in enumerate(s.layout.ambulance_spots):
            d = (k - amb) % 4
            drives = min(d, 4 - d) if amb >= 0 else 0
            for c in spot:
                src[cid(c)] = 2 * drives
        return src

    def carry_field(self, lead: bool, ambulance: int | None = None) -> tuple[list, list, list]:
        """AP to carry (or lead) a victim from each space to safety; prev = the next space."""
        name = ("lead" if lead else "carry", ambulance)
        got = self.cache.get(name)
        if got is None:
            move, ef = (1 if lead else 2), self.efactor
            enter = [move + (ef if t == 2 else 0) for t in self.b.thr]
            got = field(self.rescue_sources(ambulance), enter, self.b.pas, self.b.doors, True)
            self.cache[name] = got
        return got

    def hazmat_field(self) -> tuple[list, list, list]:
        got = self.cache.get("hazmat")
        if got is None:
            ef = self.efactor
            enter = [2 + (ef if t == 2 else 0) for t in self.b.thr]
            got = field(dict.fromkeys(OUTSIDE_IDS, 0), enter, self.b.pas, self.b.doors, True)
            self.cache["hazmat"] = got
        return got

    def job_fields(self) -> list[tuple[int, list, float, float]]:
        """Each victim, POI and hazmat: (space, AP to walk there from every space, weight,
        the best distance of another firefighter)."""
        mine = {}
        hazmat = self.haz if self.spec == "hazmat-technician" else ()
        for j in (*self.vict, *self.poi, *hazmat):
            if j not in mine:
                mine[j] = self.job_field(j)
        jobs = []
        pos = [cid(p) for k, p in enumerate(self.s.positions) if p and k != self.me]
        for j, (f, _, _) in mine.items():
            others = min((f[p] for p in pos), default=INF)
            jobs.append((j, f, self.job_weight(j, self.vict, self.poi, self.haz), others))
        return jobs

    def job_field(self, j: int) -> tuple[list, list, list]:
        """AP to walk to space j from everywhere (fire not counted: the field depends only
        on walls and doors, and is kept while they stay as they are)."""
        key = (self.b.topo, j)
        got = _JOBS.get(key)
        if got is None:
            if len(_JOBS) > 4096:
                _JOBS.clear()
            b = self.b
            got = _JOBS[key] = field({j: 0}, ONES, b.pas, b.doors, True)
        return got

    def job_weight(self, j: int, vict: dict, poi: set, haz: dict) -> float:
        hazmat = self.w.hazmat_fetch * (3.0 if self.spec == "hazmat-technician" else 1.0)
        return vict.get(j, 0) + (self.q if j in poi else 0.0) + (hazmat if j in haz else 0.0)

    def fetch(self, at: int, vict=None, poi=None, haz=None) -> float:
        """The value of the firefighters' distances to the jobs, with the current one at `at`."""
        plain = vict is None and poi is None and haz is None
        if plain:
            got = self._fetch.get(at)
            if got is not None:
                return got
        vict = self.vict if vict is None else vict
        poi = self.poi if poi is None else poi
        haz = self.haz if haz is None else haz
        total = 0.0
        for j, f, weight, others in self.jobs:
            if not plain:
                weight = self.job_weight(j, vict, poi, haz)
            if weight:
                d = min(f[at] if at >= 0 else INF, others)
                total -= weight * (d if d < 30.0 else 30.0)
        total *= self.w.fetch
        if plain:
            self._fetch[at] = total
        return total

    # --- the value of a space --------------------------------------------------------------------
    def fire_cost(self, i: int, thr, pas, bars) -> float:
        """A fire's cost: itself, the damage markers an explosion there would place (walls
        hit directly or by a shockwave along a line of fire), the spaces it can spread to."""
        w = self.w
        spread = 0
        walls = 0
        for j in pas[i]:
            if INS[j] and thr[j] != 2:
                spread += 1
        for d in (1, -1, COLS, -COLS):
            k = i
            while True:
                n = k + d
                if n in bars[k]:
                    walls += 1
                    break
                if n not in pas[k] or thr[n] != 2:
                    break
                k = n
        return (w.fire + w.fire_wall * self.dmgf * walls + w.fire_spread * spread
                + w.fire_door * self.b.ndoors[i])

    def value_at(self, i: int, thr, pas, bars, ff, vict, treated, poi, haz) -> float:
        """What stands at space i is worth: its threat marker's cost and its objects' worth."""
        t = thr[i]
        nv = vict.get(i, 0)
        np_ = i in poi
        nh = haz.get(i, 0)
        nf = ff.get(i, 0)
        if not (t or nv or np_ or nh or nf):
            return 0.0
        w = self.w
        v = 0.0
        pb = -1.0
        if t == 2:
            v -= self.fire_cost(i, thr, pas, bars)
        elif t == 1:
            pb = p_ignite(i, thr, pas) * self.rolls / 48.0
            danger = pb * w.smoke_risk
            v -= w.smoke + (danger if danger < 1.0 else 1.0) * self.fire_cost(i, thr, pas, bars)
        if nv or np_ or nh or nf:
            if haz:
                pb = p_ignite(i, thr, pas, haz) * self.rolls / 48.0
            elif pb < 0:
                pb = p_ignite(i, thr, pas) * self.rolls / 48.0
            risk = pb * w.horizon
            if risk > 1.0:
                risk = 1.0
            if nv or np_:
                nt = min(treated.get(i, 0), nv)
                cost = (nv - nt) * self.carry[i] + nt * self.lead[i]
                count = nv + np_ * self.q
                worth = w.victim - w.carry * min(cost / max(nv, 1), 40.0) if nv else \
                    w.victim - w.carry * min(self.carry[i], 40.0)
                v += count * (worth - risk * (worth + self.loss))
            if nh:
                out = self.out[i] if self.out is not None else 0.0
                v -= nh * (min(1.0, pb * w.hazmat_horizon) * w.hazmat
                           + w.hazmat_out * min(out, 30.0))
            if nf:
                v -= nf * w.knock * min(1.0, pb * w.knock_horizon)
        return v

    def base_value(self, i: int) -> float:
        v = self.base_val.get(i)
        if v is None:
            b = self.b
            v = self.value_at(i, b.thr, b.pas, b.bars, self.ff, self.vict, self.treated,
                              self.poi, self.haz)
            self.base_val[i] = v
        return v


# --- plans -------------------------------------------------------------------------------------
class Plan:
    """A candidate turn: its actions, its worth without the AP term (core) and its AP."""

    __slots__ = ("actions", "core", "cost", "interrupted", "left", "score")

    def __init__(self, ctx: Ctx, actions: list[Action], core: float, left: int,
                 interrupted: bool):
        self.actions, self.core, self.left, self.interrupted = actions, core, left, interrupted
        self.cost = ctx.ap - left
        self.score = core + ap_value(ctx, left, interrupted)


class Change:
    """A plan's effect on the board and the objects, evaluated against the context's base."""

    __slots__ = ("actions", "at", "bonus", "ctx", "extinguish", "haz", "interrupted", "moved",
                 "movement", "opened", "ordinary", "poi", "thr", "treated", "vict")

    def __init__(self, ctx: Ctx):
        self.ctx = ctx
        self.thr: dict[int, int] = {}
        self.opened: list[tuple[int, int]] = []
        self.at = ctx.here
        self.vict = self.treated = self.poi = self.haz = None  # copied when changed
        self.moved: set[int] = set()
        self.bonus = 0.0
        self.ordinary = self.movement = self.extinguish = 0
        self.actions: list[Action] = []
        self.interrupted = False

    def copy(self) -> Change:
        c = Change.__new__(Change)
        c.ctx, c.at, c.bonus = self.ctx, self.at, self.bonus
        c.thr, c.opened, c.moved = dict(self.thr), list(self.opened), set(self.moved)
        c.vict = None if self.vict is None else dict(self.vict)
        c.treated = None if self.treated is None else dict(self.treated)
        c.poi = None if self.poi is None else set(self.poi)
        c.haz = None if self.haz is None else dict(self.haz)
        c.ordinary, c.movement, c.extinguish = self.ordinary, self.movement, self.extinguish
        c.actions, c.interrupted = list(self.actions), self.interrupted
        return c

    # --- objects ---------------------------------------------------------------------------------
    def victims(self) -> dict:
        if self.vict is None:
            self.vict = dict(self.ctx.vict)
        return self.vict

    def treated_(self) -> dict:
        if self.treated is None:
            self.treated = dict(self.ctx.treated)
        return self.treated

    def hazmat(self) -> dict:
        if self.haz is None:
            self.haz = dict(self.ctx.haz)
        return self.haz

    def threat(self, i: int) -> int:
        t = self.thr.get(i)
        return self.ctx.b.thr[i] if t is None else t

    def closed(self, i: int, j: int) -> bool:
        """Is there a closed door between i and j, as things stand in the plan?"""
        return j in self.ctx.b.doors[i] and (i, j) not in self.opened and (j, i) not in self.opened

    # --- costs -----------------------------------------------------------------------------------
    def ap_left(self) -> int:
        ctx = self.ctx
        return (ctx.ap - self.ordinary - max(0, self.movement - ctx.fm)
                - max(0, self.extinguish - ctx.fe))

    def affordable(self) -> bool:
        return self.ap_left() >= 0

    # --- steps -----------------------------------------------------------------------------------
    def open_door(self, to: int) -> None:
        self.actions.append(DOOR[to])
        self.ordinary += 1
        self.opened.append((self.at, to))

    def walk(self, to: int) -> None:
        if self.closed(self.at, to):
            self.open_door(to)
        fire = self.threat(to) == 2
        self.actions.append(MOVE[to])
        self.movement += 2 if fire else 1
        self.at = to  # touched() always looks at where the firefighter started and ends

    def extinguish_at(self, i: int, clear: bool) -> None:
        t = self.threat(i)
        self.actions.append(CLEAR[i] if clear and t == 2 else BEAT[i])
        self.extinguish += (2 if clear and t == 2 else 1) * self.ctx.efactor
        self.thr[i] = 0 if clear or t == 1 else 1
        self.moved.add(i)


def region_value(ctx: Ctx, ch: Change, cells) -> float:
    """Sum of value_at over `cells` after the change, minus before."""
    b = ctx.b
    if ch.thr or ch.opened:
        thr = list(b.thr)
        for i, t in ch.thr.items():
            thr[i] = t
        pas, bars = b.pas, b.bars
        if ch.opened:
            pas = list(pas)
            for i, j in ch.opened:
                pas[i] = pas[i] + (j,)
                pas[j] = pas[j] + (i,)
    else:
        thr, pas, bars = b.thr, b.pas, b.bars
    ff = ctx.ff
    if ch.at != ctx.here:
        ff = dict(ff)
        if ctx.here >= 0:
            ff[ctx.here] -= 1
        ff[ch.at] = ff.get(ch.at, 0) + 1
    vict = ctx.vict if ch.vict is None else ch.vict
    treated = ctx.treated if ch.treated is None else ch.treated
    poi = ctx.poi if ch.poi is None else ch.poi
    haz = ctx.haz if ch.haz is None else ch.haz
    total = 0.0
    value_at, base_value = ctx.value_at, ctx.base_value
    for i in cells:
        total += value_at(i, thr, pas, bars, ff, vict, treated, poi, haz) - base_value(i)
    return total


def touched(ctx: Ctx, ch: Change) -> set[int]:
    """The spaces whose worth the change may alter (only those holding something)."""
    cells = set(ch.moved)
    cells.add(ch.at)
    if ctx.here >= 0:
        cells.add(ctx.here)
    interesting = ctx.interesting
    for i in ch.thr:
        cells.update(BALL2[i] & interesting)
    for i, j in ch.opened:
        cells.update(BALL2[i] & interesting)
        cells.update(BALL2[j] & interesting)
    return cells


def score(ctx: Ctx, ch: Change) -> float:
    """The plan's worth relative to ending the turn now (without the AP term)."""
    v = region_value(ctx, ch, touched(ctx, ch)) + ch.bonus
    if ch.vict is None and ch.poi is None and ch.haz is None:
        return v + ctx.fetch(ch.at) - ctx.fetch(ctx.here)
    return v + ctx.fetch(ch.at, ch.vict, ch.poi, ch.haz) - ctx.fetch(ctx.here)


def ap_value(ctx: Ctx, left: int, interrupted: bool) -> float:
    w = ctx.w
    if interrupted:
        return w.carry_on * left
    return w.saved * min(left, AP_SAVED_MAX)


def add(ctx: Ctx, ch: Change, plans: list) -> None:
    if not ch.affordable():
        return
    if not ch.interrupted and ch.threat(ch.at) == 2:
        return  # no ending a turn in fire
    actions = ch.actions if ch.interrupted else [*ch.actions, END_TURN]
    plans.append(Plan(ctx, actions, score(ctx, ch), ch.ap_left(), ch.interrupted))


END_TURN = Action("end-turn")


# --- planning ----------------------------------------------------------------------------------
def reach(ch: Change) -> set[int]:
    """The spaces one can extinguish from where the plan stands: itself and its Adjacent ones."""
    at = ch.at
    cells = {at}
    cells.update(ch.ctx.b.pas[at])
    for i, j in ch.opened:
        if i == at:
            cells.add(j)
        elif j == at:
            cells.add(i)
    return cells


class Gains:
    """Single extinguish actions' worth, measured alone against a starting change (memoised)."""

    def __init__(self, ctx: Ctx, start: Change):
        self.ctx, self.start, self.memo = ctx, start, {}

    def options(self, cells) -> list[tuple[int, bool, float, int]]:
        out = []
        ctx, start = self.ctx, self.start
        for i in cells:
            t = start.threat(i)
            if not t:
                continue
            got = self.memo.get(i)
            if got is None:
                got = []
                region = (BALL2[i] & ctx.interesting) | {start.at, i}
                before = region_value(ctx, start, region)
                for clear in ((False, True) if t == 2 else (False,)):
                    trial = start.copy()
                    trial.extinguish_at(i, clear)
                    gain = region_value(ctx, trial, region) - before
                    got.append((i, clear, gain, (2 if clear and t == 2 else 1) * ctx.efactor))
                self.memo[i] = got
            out.extend(got)
        return out


def finish(ctx: Ctx, ch: Change, plans: list, gains: Gains) -> None:
    """Close a plan where it stands: as it is, and with the best extinguishing around."""
    if not ch.affordable():
        return
    add(ctx, ch, plans)
    if ch.interrupted:
        return
    extras(ctx, ch, plans)
    options = gains.options(reach(ch))
    if not options:
        return
    w = ctx.w
    cur = ch
    done: set[int] = set(ch.thr)  # spaces the plan has already worked on
    while True:
        left = cur.ap_left()
        free = max(0, ctx.fe - cur.extinguish)
        best, best_net = None, 0.0
        for i, clear, gain, cost in options:
            if i in done:
                continue
            paid = max(0, cost - free)
            if paid > left:
                continue
            net = gain - w.saved * (min(left, AP_SAVED_MAX) - min(left - paid, AP_SAVED_MAX))
            if net > best_net:
                best, best_net = (i, clear), net
        if best is None:
            break
        if cur is not ch and PREFIXES:
            add(ctx, cur, plans)
        cur = cur.copy()
        cur.extinguish_at(*best)
        done.add(best[0])
    if cur is not ch:
        add(ctx, cur, plans)


def extras(ctx: Ctx, ch: Change, plans: list) -> None:
    """Specialist and vehicle actions where a plan ends: treat, dispose, the Deck Gun."""
    at = ch.at
    if ctx.spec == "paramedic":
        vict = ctx.vict if ch.vict is None else ch.vict
        treated = ctx.treated if ch.treated is None else ch.treated
        if vict.get(at, 0) > treated.get(at, 0):
            t = ch.copy()
            t.actions.append(Action("treat"))
            t.ordinary += 1
            tr = t.treated_()
            tr[at] = tr.get(at, 0) + 1
            t.moved.add(at)
            add(ctx, t, plans)
    if ctx.spec == "hazmat-technician" and at != ctx.here:
        haz = ctx.haz if ch.haz is None else ch.haz
        if haz.get(at):
            t = ch.copy()
            dispose(t)
            add(ctx, t, plans)
    if at in ctx.engine and ctx.deck_gun_cost <= ctx.ap:
        gain = deck_gun_gain(ctx, deck_gun.aim(ctx.s), at)
        if gain is not None:
            t = ch.copy()
            t.actions.append(Action("deck-gun"))
            t.ordinary += ctx.deck_gun_cost
            t.interrupted = True
            t.bonus += gain
            add(ctx, t, plans)


def dispose(ch: Change) -> None:
    ch.actions.append(Action("dispose"))
    ch.ordinary += 2
    haz = ch.hazmat()
    haz[ch.at] -= 1
    if not haz[ch.at]:
        del haz[ch.at]
    ch.moved.add(ch.at)


def walk_field(ctx: Ctx) -> tuple[list, list, list]:
    """From the current firefighter; face-down POI are destinations, not passed through."""
    b = ctx.b
    return field({ctx.here: 0}, ctx.enter_walk, b.pas, b.doors, False, ctx.poi)


def path_to(prev: list, start: int, goal: int) -> list[int]:
    steps = []
    i = goal
    while i != start:
        steps.append(i)
        i = prev[i]
    steps.reverse()
    return steps


def plan_turn(ctx: Ctx) -> list[Plan]:
    plans: list[Plan] = []
    here = ctx.here
    start = Change(ctx)
    gains = Gains(ctx, start)
    # 1. carry, lead or haul what stands here; special actions of the Experienced game
    if ctx.vict.get(here):
        carry_plans(ctx, start, plans, gains)
    if ctx.haz.get(here):
        hazmat_plans(ctx, start, plans, gains)
    # 2. optionally put out fire here first, then walk somewhere and work there
    starts = [start]
    opts = [o for o in gains.options(reach(start)) if o[2] > 0]
    opts.sort(key=lambda o: -(o[2] / o[3]))
    for i, clear, _, _ in opts[:PRE_EXTINGUISH]:
        st = start.copy()
        st.extinguish_at(i, clear)
        if st.affordable():
            starts.append(st)
    cost, prev, _ = walk_field(ctx)
    thr = ctx.b.thr
    room = ctx.ap + ctx.fm
    routes = {d: path_to(prev, here, d) for d in destinations(ctx, cost, room, gains)}
    for k, st in enumerate(starts):
        finish(ctx, st, plans, gains)
        for d, route in routes.items():
            ch = st.copy()
            for j in route:
                ch.walk(j)
            if not ch.affordable():
                continue
            if d in ctx.poi:
                reveal(ctx, ch)
                add(ctx, ch, plans)
                continue
            if thr[d] == 2 and ch.threat(d) == 2:
                continue
            finish(ctx, ch, plans, gains)
            if k == 0:
                vict = ctx.vict.get(d)
                if vict:
                    carry_plans(ctx, ch, plans, gains)
                if ctx.haz.get(d):
                    hazmat_plans(ctx, ch, plans, gains)
    if ctx.exp:
        special_plans(ctx, plans)
    return plans


def destinations(ctx: Ctx, cost: list, room: int, gains: Gains) -> list[int]:
    """Where a plan may walk to: every victim, POI, hazmat and the Engine within reach; the
    best places to fight fire from (by position plus the two best extinguish gains there);
    and the few best of the others (by position only)."""
    here, b = ctx.here, ctx.b
    thr, pas = b.thr, b.pas
    work, fight, plain = [], [], []
    for d in range(N):
        c = cost[d]
        if d == here or c > room:
            continue
        if d in ctx.vict or d in ctx.poi or d in ctx.haz or d in ctx.engine:
            work.append(d)
            continue
        near = [d, *pas[d]]
        base = ctx.fetch(d) - ctx.w.saved * min(c, AP_SAVED_MAX)
        if any(thr[j] for j in near):
            best = sorted((g for _, _, g, _ in gains.options(near)), reverse=True)[:2]
            fight.append((base + sum(g for g in best if g > 0), d))
        else:
            plain.append((base, d))
    fight.sort(reverse=True)
    plain.sort(reverse=True)
    return (work + [d for _, d in fight[:FIGHT_DESTINATIONS]]
            + [d for _, d in plain[:PLAIN_DESTINATIONS]])


PLAIN_DESTINATIONS = 3  # destinations without work in reach kept (the best by position)
FIGHT_DESTINATIONS = 10  # places to fight fire from kept (the best by an optimistic bound)
PRE_EXTINGUISH = 2  # plans may start by one of the best extinguish actions where one stands
PREFIXES = False  # also keep the plans that stop the greedy extinguishing early


def reveal(ctx: Ctx, ch: Change) -> None:
    """Stepping on a face-down POI: the plan stops for the flip; value its expectation."""
    q = ctx.q
    ch.interrupted = True
    poi = set(ctx.poi) if ch.poi is None else ch.poi
    poi.discard(ch.at)
    ch.poi = poi
    # a victim here (probability q), or a fresh POI elsewhere (1 - q)
    vict = ch.victims()
    before = region_value(ctx, ch, {ch.at})
    vict[ch.at] = vict.get(ch.at, 0) + 1
    after = region_value(ctx, ch, {ch.at})
    vict[ch.at] -= 1
    if not vict[ch.at]:
        del vict[ch.at]
    ch.bonus += q * (after - before) + (1 - q) * ctx.fresh


def carry_plans(ctx: Ctx, start: Change, plans: list, gains: Gains) -> None:
    """Carry (or treat and lead) a victim from where the plan stands along its cheapest path."""
    here = start.at
    vict = ctx.vict if start.vict is None else start.vict
    treated = ctx.treated if start.treated is None else start.treated
    n = vict.get(here, 0)
    nt = min(treated.get(here, 0), n)
    modes = [("carry", False)]
    if nt:
        modes.append(("lead", False))
    if n > nt and ctx.spec == "paramedic":
        modes.append(("lead", True))  # treat first
    for how, treat_first in modes:
        lead = how == "lead"
        cost, nxt = (ctx.lead, ctx.lead_next) if lead else (ctx.carry, ctx.carry_next)
        ch = start.copy()
        if treat_first:
            ch.actions.append(Action("treat"))
            ch.ordinary += 1
            tr = ch.treated_()
            tr[here] = tr.get(here, 0) + 1
            ch.moved.add(here)
        at = here
        for _ in range(24):
            j = _step_along(ch, at, nxt, cost, LEAD if lead else CARRY, 1 if lead else 2)
            if j is None:
                break
            vict = ch.victims()
            vict[at] -= 1
            if not vict[at]:
                del vict[at]
            tr = ch.treated_()
            was_treated = lead or tr.get(at, 0) >= vict.get(at, 0) + 1
            if was_treated and tr.get(at):
                tr[at] -= 1
                if not tr[at]:
                    del tr[at]
            ch.moved.add(at)
            ch.moved.add(j)
            ch.at = j
            if (j in ctx.amb) if ctx.exp else not INS[j]:
                ch.bonus += ctx.rescue_bonus
                ch.interrupted = True  # plan the rest of the turn afresh
                add(ctx, ch, plans)
                break
            vict[j] = vict.get(j, 0) + 1
            if was_treated:
                tr[j] = tr.get(j, 0) + 1
            if j in ctx.poi:
                ch.interrupted = True
                add(ctx, ch, plans)
                break
            finish(ctx, ch, plans, gains)
            at = j


def _step_along(ch: Change, at: int, nxt: list[int], cost: list, moves: list, ap: int) -> int | None:
    """One step of a carry/lead/haul along its cheapest path: open the door and beat fire
    back to smoke on the way; the next space, or None when the path ends or AP run out."""
    j = nxt[at]
    if j < 0 or cost[at] >= INF:
        return None
    if ch.closed(at, j):
        ch.open_door(j)
    if ch.threat(j) == 2:
        ch.extinguish_at(j, False)
    ch.actions.append(moves[j])
    ch.movement += ap
    return j if ch.affordable() else None


def hazmat_plans(ctx: Ctx, start: Change, plans: list, gains: Gains) -> None:
    """Carry hazmat out of the building (or, the Hazmat Technician, dispose of it here)."""
    if ctx.spec == "hazmat-technician":
        if start.at == ctx.here:
            ch = start.copy()
            dispose(ch)
            finish(ctx, ch, plans, gains)
        return
    cost, nxt, _ = ctx.hazmat_field()
    ch = start.copy()
    at = start.at
    for _ in range(24):
        j = _step_along(ch, at, nxt, cost, HAUL, 2)
        if j is None:
            break
        haz = ch.hazmat()
        haz[at] -= 1
        if not haz[at]:
            del haz[at]
        ch.moved.add(at)
        ch.moved.add(j)
        ch.at = j
        if not INS[j]:
            finish(ctx, ch, plans, gains)
            break
        haz[j] = haz.get(j, 0) + 1
        if j in ctx.poi:
            ch.interrupted = True
            add(ctx, ch, plans)
            break
        finish(ctx, ch, plans, gains)
        at = j


def continuation(plans: list[Plan], ctx: Ctx, budget: int) -> float:
    """The best the rest of the turn is worth with `budget` AP (from the plans found)."""
    best = ap_value(ctx, budget, False)
    for p in plans:
        if p.cost <= budget:
            v = p.core + ap_value(ctx, budget - p.cost, p.interrupted)
            if v > best:
                best = v
    return best


def special_plans(ctx: Ctx, plans: list[Plan]) -> None:
    """Experienced: a special action first (identify, drive), then the turn goes on."""
    s, w = ctx.s, ctx.w
    here = ctx.here
    found = list(plans)
    specials = []
    # Identify (Imaging Technician): a false alarm goes at once, and is replaced
    if ctx.spec == "imaging-technician" and ctx.ap >= 1 and 0 < ctx.q < 1 and ctx.fresh > 0:
        for p in ctx.poi:
            if p not in ctx.ff:
                specials.append(([Action("identify", at=XY[p])], 1, (1 - ctx.q) * ctx.fresh))
                break
    # Drive the Ambulance (once, or twice to the far side): to victims waiting outside,
    # or nearer to the victims
    if ctx.ap >= 2 and s.ambulance >= 0 and ctx.vict:
        spots = s.layout.ambulance_spots
        for steps in ((1,), (3,), (1, 1)):
            if 2 * len(steps) > ctx.ap:
                continue
            k = (s.ambulance + sum(steps)) % 4
            new_cells = {cid(c) for c in spots[k]}
            if len(steps) == 2 and not any(v in new_cells for v in ctx.vict):
                continue
            cost = ctx.carry_field(False, k)[0]
            gain = -w.drive_margin
            for v, n in ctx.vict.items():
                if v in new_cells:
                    gain += n * ctx.rescue_bonus + victim_share(ctx, v)
                else:
                    gain += n * w.carry * (min(ctx.carry[v], 40) - min(cost[v], 40))
            for p in ctx.poi:
                gain += ctx.q * w.drive_poi * w.carry * (min(ctx.carry[p], 40) - min(cost[p], 40))
            route = [(s.ambulance + sum(steps[:n + 1])) % 4 for n in range(len(steps))]
            specials.append(([Action("drive", vehicle="ambulance", to=spots[r][0]) for r in route],
                             2 * len(steps), gain))
    # Drive the Engine (with its driver) to fire the Deck Gun at another quadrant
    if here in ctx.engine and ctx.ap >= 2 + ctx.deck_gun_cost:
        spots = s.layout.engine_spots
        for step in (1, 3):
            k = (s.engine + step) % 4
            (q,) = bordering_quadrants(spots[k])
            gain = deck_gun_gain(ctx, q, cid(spots[k][0]))
            if gain is not None:
                specials.append(([Action("drive", vehicle="engine", to=spots[k][0]),
                                  Action("deck-gun")], 2 + ctx.deck_gun_cost, gain))
    if ctx.spec == "fire-captain":
        command_plans(ctx, specials)
    rests: dict[int, float] = {}
    for actions, cost, gain in specials:
        if cost <= ctx.ap:
            rest = rests.get(cost)
            if rest is None:
                rest = rests[cost] = continuation(found, ctx, ctx.ap - cost)
            p = Plan(ctx, actions, gain, ctx.ap - cost, True)
            p.score = gain + rest
            plans.append(p)


def command_plans(ctx: Ctx, specials: list) -> None:
    """Fire Captain: spend the free Command AP making another firefighter carry the victim
    they stand on towards safety, or walk towards the work they are nearest to."""
    s, b = ctx.s, ctx.b
    pool = s.free.get("command", 0)
    if pool <= 0:
        return
    positions = [cid(p) if p else -1 for p in s.positions]
    for k, at in enumerate(positions):
        if k == ctx.me or at < 0:
            continue
        limit = 1 if s.specialists[k] == "cafs-firefighter" else pool
        actions, spent, cur = [], 0, at
        vict = dict(ctx.vict)
        rescued = False
        if vict.get(at) and limit >= 2:  # carry the victim along its path
            while True:
                j = ctx.carry_next[cur]
                if j < 0 or b.thr[j] == 2 or j in ctx.poi:
                    break
                door = j in b.doors[cur]
                step = 2 + door
                if spent + step > limit:
                    break
                if door:
                    actions.append(Action("door", to=XY[j], who=k))
                actions.append(Action("move", to=XY[j], carry=True, who=k))
                spent += step
                vict[cur] -= 1
                if not vict[cur]:
                    del vict[cur]
                if (j in ctx.amb) if ctx.exp else not INS[j]:
                    rescued = True
                    cur = j
                    break
                vict[j] = vict.get(j, 0) + 1
                cur = j
        else:  # walk towards the job this firefighter is nearest to
            best = None
            for j, f, weight, _ in ctx.jobs:
                if weight and f[at] < INF and (best is None or f[at] < best[0]):
                    best = (f[at], j)
            if best is None or best[0] <= 0:
                continue
            _, prev, _ = ctx.job_field(best[1])
            while cur != best[1]:
                j = prev[cur]
                if j < 0 or b.thr[j] == 2:
                    break
                door = j in b.doors[cur]
                step = 1 + door
                if spent + step > limit:
                    break
                if door:
                    actions.append(Action("door", to=XY[j], who=k))
                actions.append(Action("move", to=XY[j], who=k))
                spent += step
                cur = j
                if j in ctx.poi:
                    break
        if not actions:
            continue
        ff = dict(ctx.ff)
        ff[at] -= 1
        ff[cur] = ff.get(cur, 0) + 1
        gain = ctx.rescue_bonus if rescued else 0.0
        for c in {at, cur}:
            gain += ctx.value_at(c, b.thr, b.pas, b.bars, ff, vict, ctx.treated, ctx.poi,
                                 ctx.haz) - ctx.base_value(c)
        moved = list(positions)
        moved[k] = cur
        gain += fetch_from(ctx, moved, vict) - fetch_from(ctx, positions, ctx.vict)
        specials.append((actions, max(0, spent - pool), gain))


def fetch_from(ctx: Ctx, positions: list[int], vict: dict) -> float:
    """The fetch term with every firefighter where `positions` says."""
    total = 0.0
    for j, f, _, _ in ctx.jobs:
        weight = ctx.job_weight(j, vict, ctx.poi, ctx.haz)
        if weight:
            d = min(f[p] for p in positions if p >= 0)
            total -= weight * (d if d < 30.0 else 30.0)
    return ctx.w.fetch * total


def victim_share(ctx: Ctx, v: int) -> float:
    """Minus the worth of the victims at v (what a rescue takes off the board)."""
    b = ctx.b
    vict = dict(ctx.vict)
    del vict[v]
    without = ctx.value_at(v, b.thr, b.pas, b.bars, ctx.ff, vict, ctx.treated, ctx.poi, ctx.haz)
    return without - ctx.base_value(v)


def deck_gun_gain(ctx: Ctx, q: int, at: int) -> float | None:
    """Expected worth of the Deck Gun at quadrant q, fired from `at` (None: someone is there)."""
    key = ("deck", q)
    got = ctx.dg.get(key, False)
    if got is not False:
        return got
    s = ctx.s
    cells = QUADRANT_CELLS[q]
    result = None
    if not any(p in cells for k, p in enumerate(s.positions) if k != ctx.me) and \
            "murphy-strikes" not in s.variants:
        b = ctx.b
        values = {}
        for t in cells:
            ti = cid(t)
            ch = Change(ctx)
            for i in (ti, *b.pas[ti]):
                if b.thr[i]:
                    ch.thr[i] = 0
            values[t] = region_value(ctx, ch, touched(ctx, ch)) if ch.thr else 0.0
        if ctx.spec == "driver-operator":
            result = _rerolled_value(q, values)
        else:
            result = sum(values.values()) / len(values)
    ctx.dg[key] = result
    return result


def _rerolled_value(q: int, values: dict) -> float:
    """Expected value of the Deck Gun's target with the Driver's best rerolls (each die
    at most once, in either order)."""
    reds, blacks = range(1, 7), range(1, 9)
    val = {(r, k): values[deck_gun.target_of((r, k), q)] for r in reds for k in blacks}
    # both dice rerolled: fire; one rerolled: fire or reroll the other
    red_done = {(r, k): max(val[r, k], sum(val[r, x] for x in blacks) / 8) for r, k in val}
    black_done = {(r, k): max(val[r, k], sum(val[x, k] for x in reds) / 6) for r, k in val}
    red_mean = {k: sum(red_done[x, k] for x in reds) / 6 for k in blacks}
    black_mean = {r: sum(black_done[r, x] for x in blacks) / 8 for r in reds}
    return sum(max(v, red_mean[k], black_mean[r]) for (r, k), v in val.items()) / 48


# --- the policy --------------------------------------------------------------------------------
def choose(s: FlashPointState, w: Weights | None = None, cache: dict | None = None
           ) -> list[Action]:
    """The best plan for the current player's turn, as a list of actions (first one now)."""
    ctx = Ctx(s, weights_for(s, w), cache)
    plans = plan_turn(ctx)
    plans.sort(key=lambda p: -p.score)
    for p in plans:
        if p.actions and legal(s, p.actions[0]):
            return list(p.actions)
    return [END_TURN]


def crew_change(s: FlashPointState) -> Action | None:
    """Crew Change first thing in a turn begun at the Engine, for a clearly stronger card."""
    if not s.experienced or s.acted:
        return None
    name = better_card(s, s.current)
    if name is None:
        return None
    a = Action("crew-change", to=name)
    return a if legal(s, a) else None


def legal(s: FlashPointState, a: Action) -> bool:
    try:
        take_action.check(s, a)
    except IllegalAction:
        return False
    return True


def _signature(s: FlashPointState) -> tuple:
    return (s.turn, s.current, s.step, tuple(s.positions), tuple(s.ap), len(s.threat),
            tuple(s.threat.items()), tuple(s.hidden), tuple(s.victims.items()),
            tuple(s.hazmat.items()), tuple(s.doors.values()), s.ambulance, s.engine,
            tuple(s.free.items()), tuple(s.treated.items()))


def heuristic_policy(seed: int = 0, weights: Weights | None = None):
    """The planning bot (deterministic: `seed` is accepted for the common interface).
    `weights` overrides the value function's defaults (W or W_EXPERIENCED)."""
    memory: dict = {"plan": [], "expect": None}
    cache: dict = {}
    given = weights

    def policy(game) -> Action:
        s: FlashPointState = game.state
        weights = weights_for(s, given)
        step = s.step
        if step == "take-action":
            swap = crew_change(s)
            if swap is not None:
                memory["plan"] = []
                return swap
            plan = memory["plan"]
            if not (plan and memory["expect"] == _signature(s) and legal(s, plan[0])):
                plan = choose(s, weights, cache)
            a = plan.pop(0)
            memory["plan"] = plan
            if plan:
                after = s.copy()
                take_action.take_action(after, a, NULL_LOG)
                memory["expect"] = _signature(after)
            return a
        memory["plan"] = []
        legal_now = game.legal_actions()
        if step == "place-firefighter":
            return _placement(s, legal_now, weights)
        if step == "park-vehicle":
            return _parking(s, legal_now, weights)
        if step == "knock-down-choice":
            return _recover(s, legal_now, weights)
        if step == "deck-gun-reroll":
            a = deck_gun.best_reroll(s)
            return a if a in legal_now else legal_now[0]
        return legal_now[0]

    policy.__name__ = "heuristic"
    return policy


# --- set-up and recovery decisions ----------------------------------------------------------------
def _spread_value(ctx: Ctx, at: int, others: list[int]) -> float:
    """The firefighters' closeness to the work with one at `at` and the others at `others`."""
    total = 0.0
    for _, f, weight, _ in ctx.jobs:
        d = min([f[at]] + [f[o] for o in others])
        total -= (weight or 0.3) * min(d, 30.0)
    return total


def _placement(s: FlashPointState, legal_now: list[Action], w: Weights) -> Action:
    """Start outside next to a way in, as close as possible to the POI the others are not near.
    Experienced: a firefighter with a weak card (or the Driver/Operator) starts at the Engine's
    spot facing the most fire, where the Engine will park, to change crew on the first turn."""
    ctx = Ctx(s, w)
    placed = [cid(p) for p in s.positions if p]
    spec = card(s, s.current).name if s.specialists else ""
    if s.experienced and s.layout.engine_spots and (
            spec == "driver-operator" or better_card(s, s.current)):
        spot = _engine_spot(s, ctx)
        for a in legal_now:
            if a.to == spot[0]:
                return a
    return max(legal_now, key=lambda a: _spread_value(ctx, cid(a.to), placed))


# how much each card helps this bot's team, in AP-equivalents a turn (measured: with the
# Generalist and the CAFS Firefighter, a third card wins Recruit games in this order)
CARD_STRENGTH = {"generalist": 5.0, "cafs-firefighter": 5.0, "driver-operator": 4.9,
                 "fire-captain": 4.5, "imaging-technician": 4.2, "rescue-specialist": 4.2,
                 "hazmat-technician": 4.1, "paramedic": 3.3}
CREW_CHANGE_GAIN = 0.5  # the least strength a Crew Change must add


def better_card(s: FlashPointState, i: int) -> str | None:
    """The strongest card not in play, if it beats firefighter i's by CREW_CHANGE_GAIN."""
    if not s.specialists or "lone-engine-company" in s.variants:
        return None
    free = [n for n in SPECIALISTS if n not in s.specialists]
    if not free:
        return None
    best = max(free, key=lambda n: (CARD_STRENGTH.get(n, 4.0), n == "generalist"))
    mine = CARD_STRENGTH.get(s.specialists[i], 4.0)
    return best if CARD_STRENGTH.get(best, 4.0) >= mine + CREW_CHANGE_GAIN else None


def _engine_spot(s: FlashPointState, ctx: Ctx) -> tuple[Cell, Cell]:
    """The Engine's spot for the crew to gather at: where a firefighter already waits,
    else the one facing the most fire."""
    taken = {p for p in s.positions if p}
    for spot in s.layout.engine_spots:
        if taken & set(spot):
            return spot
    fire = _fire_by_quadrant(ctx)
    return max(s.layout.engine_spots, key=lambda sp: fire[next(iter(bordering_quadrants(sp)))])


def _fire_by_quadrant(ctx: Ctx) -> list[float]:
    thr = ctx.b.thr
    return [sum(thr[cid(c)] for c in QUADRANT_CELLS[q]) for q in range(4)]


def _parking(s: FlashPointState, legal_now: list[Action], w: Weights) -> Action:
    """The Ambulance where victims are carried most cheaply; the Engine facing the most fire,
    best where a firefighter already stands."""
    ctx = Ctx(s, w)
    if s.ambulance < 0:
        def cost(a: Action) -> float:
            k = next(i for i, spot in enumerate(s.layout.ambulance_spots) if a.to in spot)
            f = field({cid(c): 0 for c in s.layout.ambulance_spots[k]},
                      [2 + (1 if t == 2 else 0) for t in ctx.b.thr],
                      ctx.b.pas, ctx.b.doors, True)[0]
            return sum(min(f[p], 40) for p in ctx.poi) + sum(
                min(f[i], 40) for i in range(N) if INS[i]) / 24
        return min(legal_now, key=cost)
    fire = _fire_by_quadrant(ctx)

    def value(a: Action) -> float:
        spot = next(sp for sp in s.layout.engine_spots if a.to in sp)
        (q,) = bordering_quadrants(spot)
        return fire[q] + 100.0 * sum(1 for p in s.positions if p in spot)
    return max(legal_now, key=value)


def _recover(s: FlashPointState, legal_now: list[Action], w: Weights) -> Action:
    """Knocked down: recover on the parking space nearer the work."""
    ctx = Ctx(s, w)
    others = [cid(p) for k, p in enumerate(s.positions) if p and k != s.knocked[0]]
    return max(legal_now, key=lambda a: _spread_value(ctx, cid(a.to), others))


POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
