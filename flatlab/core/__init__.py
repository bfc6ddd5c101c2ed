"""The engine every game uses: sessions, chance nodes, seeded draws, log, save/load."""

from .action import Action
from .chance import ChanceNode
from .errors import DataError, FlatlabError, IllegalAction, SaveError
from .game import Game
from .log import LogEntry
from .rng import Rng
from .rules import AUTOMATIC, CHANCE, DECISION, OVER, GameOver, Rules
from .steps import PlainState, Step, StepRules

__all__ = [
           "AUTOMATIC",
           "CHANCE",
           "DECISION",
           "OVER",
           "Action",
           "ChanceNode",
           "DataError",
           "FlatlabError",
           "Game",
           "GameOver",
           "IllegalAction",
           "LogEntry",
           "PlainState",
           "Rng",
           "Rules",
           "SaveError",
           "Step",
           "StepRules",
]
