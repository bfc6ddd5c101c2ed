"""Setup: the pile of patients, the first four face up, the meter, the dice, the two roles."""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .content import Content
from .state import COLOURS, PATIENT_SPACES, FlatlineState

SETUP = "Setup"
PATIENTS = "Setup: Patient Cards"


def initial_state(content: Content, players: int, difficulty: str, side: str,
                  timer: int | None = None) -> FlatlineState:
    dice = []
    for p in range(players):
        dice += [(p, None, "hand")] * content.dice_each(players)
        dice += [(p, None, "aside")] * content.set_aside
    return FlatlineState(
        content=content, players=players, difficulty=difficulty, side=side, step="draw-patient",
        timer=timer,
        dice=dice, meter=[True] * len(content.meter(side, players)),
        stations=[True] * len(content.stations), patients=[None] * PATIENT_SPACES,
        pile=content.pile_sizes[difficulty][players - 1],
        unseen_patients=sorted(content.patients), deck=sorted(content.emergencies),
        emergency_area={slot: [] for slot in range(1, 7)},
        refill=list(range(PATIENT_SPACES)), resume="lose-power",
    )


def roles(s: FlatlineState) -> str:
    cmo, intern = COLOURS[s.cmo], COLOURS[s.intern]
    return f"Chief Medical Officer: {cmo}; Intern: {intern}"


def draw_patient_node(s: FlatlineState) -> ChanceNode:
    space = s.refill[0]
    return ChanceNode(f"turn up the next patient for space {space + 1}", PATIENTS,
                      Dist.uniform(s.unseen_patients),
                      lambda card: f"{card}, {s.content.patients[card].name}")


def draw_patient(s: FlatlineState, card: str, log: Log) -> None:
    space = s.refill.pop(0)
    s.unseen_patients.remove(card)
    s.pile -= 1
    s.patients[space] = card
    log.add(PATIENTS, f"{s.content.patients[card].name} ({card}) takes space {space + 1}; "
            f"{s.pile} patient card(s) left in the pile.")
