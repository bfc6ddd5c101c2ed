"""The engine every game uses: sessions, chance nodes, seeded draws, log, save/load."""

from .action import Action
from .chance import ChanceNode
from .errors import DataError, FlatlabError, IllegalAction, SaveError
from .game import Game
from .log import LogEntry
from .rng import Rng
from .rules import AUTOMATIC, CHANCE, DECISION, OVER, Rules

__all__ = ["AUTOMATIC", "CHANCE", "DECISION", "OVER", "Action", "ChanceNode", "DataError",
           "FlatlabError", "Game", "IllegalAction", "LogEntry", "Rng", "Rules", "SaveError"]
