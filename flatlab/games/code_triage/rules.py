"""Code Triage: the 30-minute round as a machine of named steps.

A round is the rulebook's eight phases (the first round starts at phase 3).
Each phase is one or more steps, and each step is a decision, a chance node
or an automatic rule (see STEPS); a phase's first step bears its name. The
rules themselves live in the modules named after the rulebook's sections:
`setup`, `ambulance` (1), `new_patient` (2, and admitting any patient),
`new_event` (3), `player_actions` and `abilities` (4), `discharge` (5),
`reduce_health` (6), `reset_tokens` (7), `clock` (8) and `game_end`.
"""

from __future__ import annotations

from typing import Any

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.log import Log
from ...core.rules import AUTOMATIC, CHANCE, DECISION
from ...core.steps import OVER_STEP, Step, StepRules
from . import abilities, ambulance, new_event, new_patient, player_actions
from .board import load_board
from .clock import START, advance_clock
from .dice import load_dice
from .discharge import discharge_check
from .reduce_health import reduce_health
from .reset_tokens import reset_tokens
from .setup import initial_state
from .state import PHASES, SIDES, CodeTriageState, check_invariants, from_dict, to_dict

KINDS = {**player_actions.KINDS, **abilities.KINDS}  # action kind -> (parameters, check, do)


def take_action(s: CodeTriageState, a: Action, log: Log) -> None:
    if a.kind not in KINDS:
        raise IllegalAction(f"{a.kind!r} is not an action; the actions are {', '.join(KINDS)}",
                            rule=player_actions.ACTIONS)
    params, check, do = KINDS[a.kind]
    if set(a.params) != set(params):
        wanted = ", ".join(params) or "no parameters"
        raise IllegalAction(f"{a.kind!r} takes {wanted}; got {', '.join(a.params) or 'none'}",
                            rule=player_actions.ACTIONS)
    cost = check(s, a)
    do(s, a, cost, log)


# The steps of a round, in rulebook order. Decisions run as (state, action, log), chance
# steps as (state, outcome, log), automatic ones as (state, log). The phase a step belongs
# to is kept on the state (several steps serve more than one phase).
STEPS: dict[str, Step] = {
    "patient-card": Step(CHANCE, "", new_patient.draw_patient, new_patient.patient_card_node),
    "room-card": Step(CHANCE, "", new_patient.draw_room, new_patient.room_card_node),
    "ambulance-check": Step(CHANCE, "", ambulance.ambulance_check, ambulance.check_node),
    "new-patient": Step(AUTOMATIC, "", new_patient.new_patient),
    "new-event": Step(CHANCE, "", new_event.draw, new_event.draw_node),
    "event-effects": Step(AUTOMATIC, "", new_event.event_effects),
    "select-patient": Step(CHANCE, "", new_event.select, new_event.select_node),
    "patient-die": Step(CHANCE, "", new_event.roll_patient_die, new_event.patient_die_node),
    "player-actions": Step(DECISION, "", take_action),
    "discharge-check": Step(AUTOMATIC, "", discharge_check),
    "reduce-health": Step(AUTOMATIC, "", reduce_health),
    "reset-tokens": Step(AUTOMATIC, "", reset_tokens),
    "advance-clock": Step(AUTOMATIC, "", advance_clock),
    "over": OVER_STEP,
}


class CodeTriageRules(StepRules):
    name = "code-triage"
    title = "Code Triage"
    phases = PHASES
    steps = STEPS

    def options(self, players: int = 4, length: str = "contingent", side: str = "A",
                difficulty: str = "easy", mature: bool = True) -> dict[str, Any]:
        if type(players) is not int or not 1 <= players <= 4:
            raise ValueError(f"players: Code Triage takes 1 to 4 players (all four roles always "
                             f"play), got {players!r}")
        if length not in START:
            raise ValueError(f"length: choose one of {', '.join(START)}, got {length!r}")
        if side not in SIDES:
            raise ValueError(f"side: choose 'A' or 'B', got {side!r}")
        levels = load_dice().levels
        if difficulty not in levels:
            raise ValueError(f"difficulty: choose one of {', '.join(levels)}, got {difficulty!r}")
        if not isinstance(mature, bool):
            raise ValueError(f"mature: true or false, got {mature!r}")
        return {"players": players, "length": length, "side": side, "difficulty": difficulty,
                "mature": mature}

    def start(self, options) -> CodeTriageState:
        return initial_state(load_board(), **options)

    # --- where the game is -------------------------------------------------------------
    def phase(self, s: CodeTriageState) -> str:
        return OVER_STEP.phase if s.step == "over" else s.phase

    def turn(self, s: CodeTriageState) -> int:
        return s.round

    # --- moving ---------------------------------------------------------------------------
    def legal_actions(self, s: CodeTriageState) -> list[Action]:
        if s.step != "player-actions":
            return []
        out = list(player_actions.moves(s))  # built within reach: legal by construction
        for a in (*player_actions.candidates(s), *abilities.candidates(s)):
            try:
                KINDS[a.kind][1](s, a)
            except IllegalAction:
                continue
            out.append(a)
        return out

    # --- data ---------------------------------------------------------------------------
    def state_to_dict(self, s: CodeTriageState) -> dict[str, Any]:
        return to_dict(s)

    def state_from_dict(self, data: Any) -> CodeTriageState:
        return from_dict(data, STEPS)

    def validate_state(self, s: CodeTriageState) -> None:
        check_invariants(s)

    # --- views and bots -------------------------------------------------------------------
    def describe(self, s: CodeTriageState) -> str:
        from .text import describe
        return describe(s)

    def forecast(self, s: CodeTriageState):
        from .forecast import forecast
        return forecast(s)

    def policies(self):
        from .bots import POLICIES
        return POLICIES


RULES = CodeTriageRules()
