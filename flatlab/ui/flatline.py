"""The Flatline board: what `widgets/flatline.js` draws, taken from the state.

The snapshot's `board` part is the table as the players see it: the four
patient cards around the Life Support Dial (the diamond's space first in
clockwise order), each row with the icons it needs and the dice on them, the
Emergency area (slots 1-6, two rows), the Stat, Triage (+) and X areas, the
power meter and its recharging stations, the re-roll track, the lock-downs,
every player's dice and, in a timed countdown, the seconds left. Nothing here
decides what is legal: the tools come from `game.legal_actions()` through the
base `Board`; a click on a die only selects the place tool of that player and
icon (a `place` action with `player` and `face` fixed), and a click on a
highlighted target fills in `on`.

The exact chance that the team can still complete each open target
(`game.forecast().completion`) is drawn as a small bar on the target itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from ..games.flatline.content import DIFFICULTIES, SIDES
from ..games.flatline.countdown import TRIAGE_SPACES
from ..games.flatline.state import COLOURS, PATIENT_SPACES, FlatlineState
from ..games.flatline.targets import row_target
from . import assets
from .board import Board, plain

# what the dashboard's "new game" form offers: option -> (choices, default)
NEW_GAME = {
    "players": (tuple(range(1, 6)), 3),
    "difficulty": (DIFFICULTIES, "standard"),
    "side": (SIDES, "standard"),
}

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


def _fraction(p: Any) -> list[int] | None:
    return None if p is None else [p.numerator, p.denominator]


class FlatlineBoard(Board):
    _esm = assets.text("board.js", "flatline.js")
    _css = assets.text("board.css")

    TARGETS = ("on", "card")
    LABELS: ClassVar[dict[str, str]] = {
        "start-countdown": "Start the countdown", "stop": "Stop the countdown",
    }

    def tools(self, legal: list[Any]) -> list[dict[str, Any]]:
        """The base tools, without the ones that would need a button per combination of dice."""
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
        return out

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
