"""The Flash Point board: what `widgets/flash_point.js` draws, taken from the state.

The snapshot's `board` part is the table as the players see it: walls with
their damage, doors, fire, smoke, POI, victims, firefighters, the parking
spaces and the counters. Nothing here decides what is legal; that comes from
`game.legal_actions()` through the base `Board`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..games.flash_point.board import COLS, LAYOUT_DIR, ROWS
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
from . import assets
from .board import Board, plain
from .fire_panel import FirePanel

# what the dashboard's "new game" form offers: option -> (choices, default)
NEW_GAME = {
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
            "crew": [{"at": p, "ap": ap, "colour": COLOURS[i]}
                     for i, (p, ap) in enumerate(zip(s.positions, s.ap, strict=True))],
            "current": s.current, "knocked": s.knocked, "target": s.target,
        })

    def counters(self, s: FlashPointState) -> list[list[Any]]:
        return [["to play", COLOURS[s.current].capitalize(), None], ["AP", s.ap[s.current], None],
                ["rescued", s.rescued, RESCUES_TO_WIN], ["lost", s.lost, LOSSES_TO_LOSE],
                ["damage", s.damage_placed, DAMAGE_MARKERS],
                ["threat markers", len(s.threat), THREAT_MARKERS], ["POI in the bag", s.bag, None]]

    def forecast_overlay(self, game: Any) -> list[list[Any]]:
        """[row, column, "n/d"] for every space that may be on fire after the next advance fire."""
        return [[*cell, str(p)] for cell, p in sorted(game.forecast().fire_probability.items()) if p]


BOARD, PANEL = FlashPointBoard, FirePanel
