"""Flash Point: Fire Rescue (family rules): the turn as a machine of named steps.

A turn is the rulebook's three parts: 1. Take Action, 2. Advance Fire,
3. Replenish POI. Each part is a few steps, and each step is a decision, a
chance node or an automatic rule (see STEPS). The rules themselves live in
the modules named after the rulebook's sections: `setup`, `take_action`,
`advance_fire`, `poi`, `game_end`.
"""

from __future__ import annotations

from typing import Any

from ...core.action import Action
from ...core.rules import AUTOMATIC, CHANCE, DECISION
from ...core.steps import OVER_STEP, Step, StepRules
from . import advance_fire as fire
from . import poi, setup, take_action
from .board import layout_from_option, layout_option
from .setup import SETUPS
from .state import FIRE, FlashPointState, check_invariants, from_dict, to_dict

SETUP, TAKE_ACTION, ADVANCE_FIRE, REPLENISH_POI, GAME_END = (
    "set-up", "take-action", "advance-fire", "replenish-poi", "game-end")

# The steps of a turn, in rulebook order. Decisions run as (state, action, log),
# chance steps as (state, outcome, log), automatic ones as (state, log).
STEPS: dict[str, Step] = {
    "setup-explosion": Step(CHANCE, SETUP, setup.setup_explosion, setup.setup_explosion_node),
    "setup-poi": Step(CHANCE, SETUP, setup.setup_poi, setup.setup_poi_node),
    "place-firefighter": Step(DECISION, SETUP, setup.place_firefighter),
    "take-action": Step(DECISION, TAKE_ACTION, take_action.take_action),
    "reveal-poi": Step(CHANCE, "", poi.reveal, poi.reveal_node),  # phase: see phase()
    "advance-fire": Step(CHANCE, ADVANCE_FIRE, fire.advance_fire, fire.advance_fire_node),
    "flashover": Step(AUTOMATIC, ADVANCE_FIRE, fire.flashover),
    "secondary-effects": Step(AUTOMATIC, ADVANCE_FIRE, fire.secondary_effects),
    "knock-down-choice": Step(DECISION, ADVANCE_FIRE, fire.choose_parking),
    "replenish-poi": Step(AUTOMATIC, REPLENISH_POI, poi.replenish),  # ends the turn when done
    "poi-target": Step(CHANCE, REPLENISH_POI, poi.poi_target, poi.poi_target_node),
    "over": OVER_STEP,
}

MODES = ("family",)


class FlashPointRules(StepRules):
    name = "flash-point"
    title = "Flash Point: Fire Rescue"
    phases = (SETUP, TAKE_ACTION, ADVANCE_FIRE, REPLENISH_POI, GAME_END)
    steps = STEPS

    def options(self, players: int = 3, layout: str | dict = "house-a", setup: str = "standard",
                mode: str = "family") -> dict[str, Any]:
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 6:
            raise ValueError(f"players: Flash Point takes 1 to 6 firefighters, got {players!r}")
        if mode not in MODES:
            raise ValueError(f"mode: {mode!r} is not available; choose one of {MODES}")
        if setup not in SETUPS:
            raise ValueError(f"setup: choose 'standard' or 'random', got {setup!r}")
        return {"players": players, "layout": layout_option(layout), "setup": setup, "mode": mode}

    def start(self, options) -> FlashPointState:
        return setup.initial_state(layout_from_option(options["layout"]), options["players"],
                                   options["setup"])

    # --- where the game is ---------------------------------------------------------
    def phase(self, s: FlashPointState) -> str:
        if s.step == "reveal-poi":  # a POI lost in the fire, or one found in the step it resumes
            return ADVANCE_FIRE if s.threat.get(s.revealing[0]) == FIRE else STEPS[s.resume].phase
        return STEPS[s.step].phase

    def turn(self, s: FlashPointState) -> int:
        return s.turn

    # --- moving --------------------------------------------------------------------
    def legal_actions(self, s: FlashPointState) -> list[Action]:
        if s.step == "take-action":
            return take_action.legal_actions(s)
        if s.step == "place-firefighter":
            return setup.placements(s)
        if s.step == "knock-down-choice":
            return [Action("recover", to=c) for c in fire.parking_choices(s)]
        return []

    # --- data ----------------------------------------------------------------------
    def state_to_dict(self, s: FlashPointState) -> dict[str, Any]:
        return to_dict(s)

    def state_from_dict(self, data: Any) -> FlashPointState:
        return from_dict(data, STEPS)

    def validate_state(self, s: FlashPointState) -> None:
        check_invariants(s)

    # --- views and bots ------------------------------------------------------------
    def describe(self, s: FlashPointState) -> str:
        from .text import describe
        return describe(s)

    def forecast(self, s: FlashPointState):
        from .forecast import forecast
        return forecast(s)

    def policies(self):
        from .bots import POLICIES
        return POLICIES


RULES = FlashPointRules()
