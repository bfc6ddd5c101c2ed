"""1. Incoming Ambulance Check: roll both dice; an ambulance brings as many patients as the Patient die.

Skipped in the first round. These patients come on top of the regular new
patient of phase 2; each is admitted like any other (`new_patient`), and one
who finds no free room, the 13th patient in the emergency room, shuts the
hospital at once.
"""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from .dice import load_dice
from .new_patient import queue_arrivals
from .state import CodeTriageState

AMBULANCE = "1. Incoming Ambulance Check"


def check_node(s: CodeTriageState) -> ChanceNode:
    dice = load_dice()
    p = dice.ambulance_probability(s.difficulty)

    def describe(outcome) -> str:
        face, n = outcome
        k = dice.arriving(s.difficulty, face, n)
        return f"{face} and {n}: " + (f"an ambulance brings {k} patient(s)" if k else "no ambulance")

    return ChanceNode(f"roll the Ambulance and Patient dice (P(ambulance) = {p})", AMBULANCE,
                      dice.check, describe)


def ambulance_check(s: CodeTriageState, outcome: tuple[str, int], log: Log) -> None:
    face, n = outcome
    arriving = load_dice().arriving(s.difficulty, face, n)
    if arriving:
        log.add(AMBULANCE, f"An ambulance arrives with {arriving} patient(s).")
    queue_arrivals(s, arriving, AMBULANCE, "new-patient", log)
