"""The Flatline board: what `widgets/flatline.js` draws, taken from the state.

The snapshot's `board` part is the table as the players see it: the four
patient cards around the Life Support Dial (the diamond's space first in
clockwise order), each row with the icons it needs and the dice on them, the
Emergency area (slots 1-6, two rows), the Stat, Triage (+) and X areas, the
power meter and its recharging stations, the re-roll track, the lock-downs,
every player's dice and, in a timed countdown, the seconds left. Nothing here
decides what is legal: the tools come from `game.legal_actions()` through the
base `Board`.

Clicks, all of them ending in one `game.act(...)` exactly like a typed call:

- **Place**: a click on a die selects the place tool of that player and icon
  (a `place` action with `player` and `face` fixed); a click on a highlighted
  target fills in `on`.
- **Re-roll**: with a die selected, a click on the re-roll track makes it the
  sacrifice (the tool `reroll+player=P+sacrifice=F`, one per player and icon
  that `legal_actions()` offers, with the dice the rules let that player
  re-roll in `pool`); the player's other dice then toggle, and "Re-roll" sends
  `{"act": {"kind": "reroll", "player": P, "sacrifice": F, "dice": [...]}}`,
  i.e. `g.act("reroll", player=P, sacrifice=F, dice=(...))`. A die that
  cannot be placed anywhere selects its re-roll tool at once. A re-roll names
  up to 6 dice, more than the shared message check's lists of 4, so `dice` is
  checked here (a list of at most `MAX_DICE` short names) and everything else
  by the shared `parse_action`.

The countdown clock: see `FlatlineBoard.handle` for why the page, not the
kernel, drives `g.tick()`.

The exact chance that the team can still complete each open target
(`game.forecast().completion`) is drawn as a small bar on the target itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import traitlets

from ..core import Action
from ..games.flatline.content import DIFFICULTIES, SIDES
from ..games.flatline.countdown import TRIAGE_SPACES
from ..games.flatline.state import COLOURS, PATIENT_SPACES, FlatlineState
from ..games.flatline.targets import row_target
from . import assets
from .board import BadMessage, Board, parse_action, plain

# what the dashboard's "new game" form offers: option -> (choices, default)
NEW_GAME = {
    "players": (tuple(range(1, 6)), 3),
    "difficulty": (DIFFICULTIES, "standard"),
    "side": (SIDES, "standard"),
    # the real-time countdown (rulings, 14): off, or seconds; 5 s is a quick demonstration
    "timer": ((("off", None), ("5 s", 5), ("15 s", 15), ("30 s", 30), ("60 s", 60), ("90 s", 90),
               ("120 s", 120)), None),
}
MAX_DICE = 8  # a re-roll names at most this many dice (a player has 6, or 7 with two players)
TICK = {"tick": True}  # the page's clock message: "call g.tick()"

# tools with these fixed parameters are not offered as buttons (too many combinations to list;
# they stay available as g.act(...) in a cell)
_NO_BUTTON_KINDS = {"reroll"}
_NO_BUTTON_PARAMS = {"dice", "to", "face"}


def _slots(s: FlatlineState, target: str, icons: tuple[str, ...]) -> list[list[Any]]:
    """[icon, owner of the die covering it or None] for each icon a target needs."""
    placed: dict[str, list[int]] = {}
    for owner, face, _ in s.on(target):
        placed.setdefault(face, []).append(owner)
    out = []
    for icon in icons:
        owners = placed.get(icon)
        out.append([icon, owners.pop(0) if owners else None])
    return out


def _card(s: FlatlineState, card_id: str, completion: dict[str, Any]) -> dict[str, Any]:
    e = s.content.emergencies[card_id]
    return {"id": card_id, "name": e.name, "tab": e.tab,
            "effect": str(e.effect) if e.effect else "", "triage": str(e.triage) if e.triage else "",
            "slots": _slots(s, card_id, e.icons), "p": _fraction(completion.get(card_id))}


def parse_flatline(content: Any) -> Action:
    """`parse_action`, letting a re-roll's `dice` be a list of up to MAX_DICE icon names."""
    act = content.get("act") if isinstance(content, dict) else None
    dice = act.get("dice") if isinstance(act, dict) else None
    if not isinstance(dice, list) or len(dice) <= 4:
        return parse_action(content)
    if len(dice) > MAX_DICE or not all(isinstance(d, str) and len(d) <= 16 for d in dice):
        raise BadMessage(f"parameter 'dice': expected a list of at most {MAX_DICE} icon names, "
                         f"got {dice!r:.40}")
    parse_action({**content, "act": {**act, "dice": dice[:4]}})  # the shape of everything else
    return Action.from_json(act)


def _fraction(p: Any) -> list[int] | None:
    return None if p is None else [p.numerator, p.denominator]


class FlatlineBoard(Board):
    _esm = assets.text("board.js", "flatline.js")
    _css = assets.text("board.css")

    # seconds left in a timed countdown at the last refresh or tick (None: nothing timed)
    clock = traitlets.Float(None, allow_none=True).tag(sync=True)

    TARGETS = ("on", "card")
    LABELS: ClassVar[dict[str, str]] = {
        "start-countdown": "Start the countdown", "stop": "Stop the countdown",
    }

    def handle(self, content: Any) -> None:
        """A message from the page: a click (an action for `game.act`) or the clock's tick.

        The clock. A timed countdown must end when its time runs out even if
        nobody clicks, so someone has to call `g.tick()` regularly. The page
        does: while the snapshot shows a clock, flatline.js sends `{"tick": true}`
        about once a second (and more often once its own estimate reaches 0),
        and this answers with `game.tick()` and the seconds left (`clock`).
        Why the page and not a timer in the kernel (an asyncio task):

        - it needs nothing but the comm channel the clicks already use, so it
          works the same in Voilà, JupyterLab and classic notebooks, whatever
          event loop the kernel runs (ipykernel 7 reorganised its loops and
          threads) and without touching widgets from outside a message handler;
        - it never blocks or competes with a running cell, and it stops when the
          page closes (a kernel-side timer would keep ticking a game nobody
          sees, and its messages would count as kernel activity for the
          idle-kernel culler);
        - a tick that is late (a throttled background tab) cannot change the
          rules' outcome: `act()` ticks first and refuses a late action, so the
          page only decides when the time-up is *shown*, never what it is.
        """
        if content == TICK and type(content["tick"]) is bool:
            self.attempt(self._tick)
            return
        try:
            action = parse_flatline(content)
        except BadMessage as e:
            self.error = f"Not understood: {e}"
            return
        self.attempt(lambda: self.game.act(action))

    def _tick(self) -> None:
        self.game.tick()  # at the time-up this changes the game, and every part redraws
        self.clock = self._time_left()

    def _time_left(self) -> float | None:
        left = self.game.time_left
        return None if left is None else round(max(left, 0.0), 2)

    def refresh(self) -> None:
        with self.hold_sync():
            super().refresh()
            self.clock = self._time_left()

    def tools(self, legal: list[Any]) -> list[dict[str, Any]]:
        """The base tools, without the ones that would need a button per combination of dice,
        then one re-roll tool per player and sacrificed icon (drawn on the board, not as buttons)."""
        tools = super().tools([a for a in legal if a.kind not in _NO_BUTTON_KINDS])
        out = []
        for t in tools:
            if t["kind"] == "place":
                t["label"] = f"{COLOURS[t['fixed']['player']].capitalize()} {t['fixed']['face']}"
            elif t["kind"] == "triage" and _NO_BUTTON_PARAMS & set(t["fixed"]):
                continue
            elif t["kind"] == "triage":
                who = t["fixed"].get("player")
                t["label"] = "Use Triage card" + (f" ({COLOURS[who]})" if who is not None else "")
            elif t["kind"] == "discard":
                t["label"] = "Discard an emergency card"
            out.append(t)
        return out + self.reroll_tools(legal)

    @staticmethod
    def reroll_tools(legal: list[Any]) -> list[dict[str, Any]]:
        """One tool per (player, sacrificed icon) among the legal re-rolls; `pool` is every die
        (icon, how many) that the legal re-rolls of that tool name, i.e. what a click may toggle.

        Kept small and quick: a full hand offers a few hundred re-rolls, and this runs (and
        the snapshot is sent) after every change."""
        pools: dict[tuple[int, str], dict[str, int]] = {}
        for a in legal:
            if a.kind == "reroll":
                pool = pools.setdefault((a.player, a.sacrifice), {})
                for face in set(a.dice):
                    n = a.dice.count(face)
                    if n > pool.get(face, 0):
                        pool[face] = n
        return [{"id": f"reroll+player={player}+sacrifice={face}", "kind": "reroll",
                 "fixed": {"player": player, "sacrifice": face}, "param": "dice",
                 "label": "Re-roll", "targets": None, "pool": [[f, n] for f, n in pool.items()]}
                for (player, face), pool in pools.items()]

    def draw(self, s: FlatlineState) -> dict[str, Any]:
        c = s.content
        completion: dict[str, Any] = {}
        if s.step == "countdown" and s.outcome is None:
            completion = self.game.rules.forecast(s).completion
        patients = []
        for space in range(PATIENT_SPACES):
            card = s.patients[space]
            if card is None:
                patients.append({"space": space, "card": None})
                continue
            p = c.patients[card]
            done = s.cleared.get(card, [])
            rows = []
            for r, row in enumerate(p.rows):
                target = row_target(card, r)
                rows.append({"target": target, "players": row.players, "cleared": r in done,
                             "slots": _slots(s, target, row.icons) if r not in done
                             else [[icon, None] for icon in row.icons],
                             "p": _fraction(completion.get(target))})
            patients.append({"space": space, "card": card, "name": p.name, "colour": p.colour,
                             "blocked": card in s.blocked, "rows": rows})
        players = []
        for p in range(s.players):
            mine = [(face, where) for owner, face, where in s.dice if owner == p]
            hand = Counter(face for face, where in mine if where == "hand" and face is not None)
            players.append({
                "colour": COLOURS[p],
                "role": "CMO" if p == s.cmo else "Intern" if p == s.intern else "",
                "hand": [[face, hand[face]] for face in c.faces if hand[face]],
                "unrolled": sum(1 for face, where in mine if where == "hand" and face is None),
                "aside": sum(1 for _, where in mine if where == "aside"),
                "out": sum(1 for _, where in mine if where == "out"),
            })
        meter_numbers = c.meter(s.side, s.players)
        return plain({
            "round": s.round, "step": s.step, "diamond": s.diamond, "pile": s.pile,
            "patients": patients,
            "emergency": [[_card(s, x, completion) for x in s.emergency_area.get(slot, [])]
                          for slot in range(1, 7)],
            "stat": [_card(s, x, completion) for x in s.stat_area],
            "triage": [_card(s, x, {}) for x in s.triage[:TRIAGE_SPACES]],
            "triage_waiting": len(s.triage[TRIAGE_SPACES:]),
            "x": len(s.x_area), "x_limit": s.x_limit, "deck": len(s.deck),
            "meter": [[n, cube] for n, cube in zip(meter_numbers, s.meter, strict=True)],
            "stations": [{"target": f"station/{i}", "name": st.name, "cube": s.stations[i],
                          "slots": _slots(s, f"station/{i}", st.icons),
                          "p": _fraction(completion.get(f"station/{i}"))}
                         for i, st in enumerate(c.stations)],
            "rerolls": [s.rerolls_used, s.reroll_limit],
            "track": [[o, f] for o, f, w in s.dice if w == "track"],
            "lockdowns": list(s.lockdowns), "emergency_roll": s.emergency_roll,
            "players": players,
            "time_left": None if self.game.time_left is None else round(self.game.time_left, 1),
        })

    def counters(self, s: FlatlineState) -> list[list[Any]]:
        return [["round", s.round, None], ["power cubes", s.cubes, len(s.meter)],
                ["patients in the pile", s.pile, None],
                ["re-rolls", s.rerolls_used, s.reroll_limit], ["X area", len(s.x_area), s.x_limit]]


BOARD, PANEL = FlatlineBoard, None
