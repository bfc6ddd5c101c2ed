"""The Flash Point board: what `widgets/flash_point.js` draws, taken from the state.

The snapshot's `board` part is the table as the players see it: walls with
their damage, doors, fire, smoke, POI, victims, firefighters, the parking
spaces and the counters. Nothing here decides what is legal; that comes from
`game.legal_actions()` through the base `Board`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..games.flash_point.board import COLS, LAYOUT_DIR, ROWS
from ..games.flash_point.specialists import SPECIALISTS
from ..games.flash_point.state import (
    COLOURS,
    DAMAGE_MARKERS,
    FIRE,
    LOSSES_TO_LOSE,
    RESCUES_TO_WIN,
    SMOKE,
    THREAT_MARKERS,
    FlashPointState,
)
from ..games.flash_point.vehicles import vehicle_cells
from . import assets
from .board import Board, make_tool_id, plain
from .fire_panel import FirePanel

# what the dashboard's "new game" form offers: option -> (choices, default); a choice is a
# value or a (label, value) pair. The difficulty applies to the Experienced game only.
NEW_GAME = {
    "mode": (("family", "experienced"), "family"),
    "difficulty": ((("(family)", None), "recruit", "veteran", "heroic"), None),
    "players": (tuple(range(1, 7)), 3),
    "layout": (tuple(sorted(p.stem for p in LAYOUT_DIR.glob("*.toml"))), "house-a"),
}


class FlashPointBoard(Board):
    _esm = assets.text("board.js", "flash_point.js")
    _css = assets.text("board.css")

    TARGETS = ("to", "at")
    OVERLAY = "P(fire after the next advance fire)"
    LABELS: ClassVar[dict[str, str]] = {
        "place": "Place firefighter", "move": "Move", "move+carry": "Carry victim",
        "door": "Open/close door", "extinguish": "Extinguish",
        "extinguish+clear": "Remove fire (2 AP)", "chop": "Chop wall", "end-turn": "End turn",
        "recover": "Recover at",
        # the Experienced game
        "park": "Park vehicle", "move+hazmat": "Carry hazmat", "move+lead": "Lead treated victim",
        "move+carry+lead": "Carry + lead victims", "treat": "Treat victim (Paramedic)",
        "identify": "Identify POI", "dispose": "Dispose hazmat", "deck-gun": "Fire the deck gun",
        "drive+vehicle=ambulance": "Drive ambulance", "drive+vehicle=engine": "Drive engine",
        "fire": "Fire at this target", "reroll+die=red": "Reroll red die",
        "reroll+die=black": "Reroll black die", "explode": "Explode hazmat first",
    }

    def draw(self, s: FlashPointState) -> dict[str, Any]:
        layout = s.layout
        return plain({
            "rows": ROWS, "cols": COLS,
            "walls": [[*a, *b, s.damage.get((a, b), 0)] for a, b in sorted(layout.walls)],
            "doors": [[*a, *b, s.doors[(a, b)]] for a, b in sorted(layout.doors)],
            "fire": sorted(c for c, t in s.threat.items() if t == FIRE),
            "smoke": sorted(c for c, t in s.threat.items() if t == SMOKE),
            "poi": sorted(s.hidden),
            "victims": [[*c, n] for c, n in sorted(s.victims.items())],
            "ambulance": layout.ambulance_cells,
            "engine": [c for spot in layout.engine_spots for c in spot],
            "crew": [{"at": p, "ap": ap, "colour": COLOURS[i],
                      **({"specialist": SPECIALISTS[s.specialists[i]].title}
                         if i < len(s.specialists) else {})}
                     for i, (p, ap) in enumerate(zip(s.positions, s.ap, strict=True))],
            "current": s.current, "knocked": s.knocked, "target": s.target,
            "hazmat": [[*c, n] for c, n in sorted(s.hazmat.items())],
            "treated": [[*c, n] for c, n in sorted(s.treated.items())],
            "hot_spots": sorted(s.hot_spots),
            "vehicles": {v: vehicle_cells(s, v) for v in ("ambulance", "engine")
                         if vehicle_cells(s, v)},
        })

    def counters(self, s: FlashPointState) -> list[list[Any]]:
        who = COLOURS[s.current].capitalize()
        if s.current < len(s.specialists):
            who += f" ({SPECIALISTS[s.specialists[s.current]].title})"
        rows = [["to play", who, None], ["AP", s.ap[s.current], None]]
        rows += [[f"free {pool} AP", n, None] for pool, n in s.free.items() if n]
        rows += [["rescued", s.rescued, RESCUES_TO_WIN], ["lost", s.lost, LOSSES_TO_LOSE],
                 ["damage", s.damage_placed, DAMAGE_MARKERS],
                 ["threat markers", len(s.threat), THREAT_MARKERS], ["POI in the bag", s.bag, None]]
        if s.experienced:
            rows += [["hot spots in supply", s.hot_spot_supply, None],
                     ["hazmat disposed", s.disposed, None]]
        return rows

    def label(self, tool_id: str, fixed: dict[str, Any]) -> str:
        """Commands, riders and crew changes say who and what in words."""
        if tool_id.startswith("crew-change+to="):
            return f"Crew change: {SPECIALISTS[fixed['to']].title}"
        base = {k: v for k, v in fixed.items() if k not in ("who", "riders")}
        text = super().label(make_tool_id(tool_id.split("+")[0], base), base)
        if "riders" in fixed:
            text += " with " + ", ".join(COLOURS[i] for i in fixed["riders"])
        if "who" in fixed:
            text = f"Command {COLOURS[fixed['who']]}: {text.lower()}"
        return text

    def clickable(self, value: Any) -> bool:
        """Only spaces are picked on the board; other values (a specialist) are buttons."""
        return isinstance(value, tuple) and len(value) == 2

    def forecast_overlay(self, game: Any) -> list[list[Any]]:
        """[row, column, "n/d"] for every space that may be on fire after the next advance fire."""
        return [[*cell, str(p)] for cell, p in sorted(game.forecast().fire_probability.items()) if p]


BOARD, PANEL = FlashPointBoard, FirePanel
