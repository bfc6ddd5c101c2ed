"""Setup: pawns on their starting spaces, the clock on the chosen length, three shuffled decks.

The difficulty's starting patients are then admitted like any other (a
Patient card and a Room Assignment card each), and the first round begins
with 3. New Event: the first round skips phases 1 and 2.
"""

from __future__ import annotations

from ...core.log import NULL_LOG
from .board import Board
from .cards import event_cards
from .clock import START
from .dice import load_dice
from .new_patient import queue_arrivals
from .roles import ROLES
from .state import TOKENS, CodeTriageState, game_cards

SETUP = "Setup"


def initial_state(board: Board, players: int, length: str, side: str, difficulty: str,
                  mature: bool) -> CodeTriageState:
    start_patients = load_dice().levels[difficulty].start_patients
    s = CodeTriageState(
        board=board, side=side, difficulty=difficulty, length=length, mature=mature, players=players,
        step="new-event", phase="new-event", clock=START[length],
        positions=list(board.starts), tokens=[TOKENS] * len(ROLES),
        patient_deck=game_cards(mature), room_deck=list(board.rooms),
        event_deck={card.id: card.copies for card in event_cards().values()},
    )
    if start_patients:
        s.phase = "set-up"
        queue_arrivals(s, start_patients, f"{SETUP} (difficulty {difficulty})", "new-event", NULL_LOG)
    return s
