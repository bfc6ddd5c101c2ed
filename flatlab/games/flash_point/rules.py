"""Flash Point: Fire Rescue (family and experienced rules): the turn as a machine of named steps.

A turn is the rulebook's three parts: 1. Take Action, 2. Advance Fire,
3. Replenish POI. Each part is a few steps, and each step is a decision, a
chance node or an automatic rule (see STEPS). The rules themselves live in
the modules named after the rulebook's sections: `setup`, `take_action`,
`advance_fire`, `poi`, `game_end`, and for the Experienced game
`experienced_setup`, `vehicles`, `deck_gun`, `specialists`, `hazmat`,
`hot_spots`; "Changing the Rules" are the `variants` option.
"""

from __future__ import annotations

from typing import Any

from ...core.action import Action
from ...core.rules import AUTOMATIC, CHANCE, DECISION
from ...core.steps import OVER_STEP, Step, StepRules
from . import advance_fire as fire
from . import deck_gun, hazmat, hot_spots, poi, setup, take_action, vehicles
from . import experienced_setup as xsetup
from .board import experienced_problems, layout_from_option, layout_option
from .experienced_setup import DIFFICULTIES
from .setup import SETUPS
from .specialists import validate_specialists
from .state import FIRE, FlashPointState, check_invariants, from_dict, to_dict

SETUP, TAKE_ACTION, ADVANCE_FIRE, REPLENISH_POI, GAME_END = (
    "set-up", "take-action", "advance-fire", "replenish-poi", "game-end")

# The steps of a turn, in rulebook order. Decisions run as (state, action, log),
# chance steps as (state, outcome, log), automatic ones as (state, log).
STEPS: dict[str, Step] = {
    "setup-explosion": Step(CHANCE, SETUP, setup.setup_explosion, setup.setup_explosion_node),
    "setup-poi": Step(CHANCE, SETUP, setup.setup_poi, setup.setup_poi_node),
    "initial-explosion": Step(CHANCE, SETUP, xsetup.initial_explosion, xsetup.explosion_node),
    "place-hazmat": Step(CHANCE, SETUP, xsetup.place_hazmat, xsetup.hazmat_node),
    "initial-poi": Step(CHANCE, SETUP, xsetup.initial_poi, xsetup.poi_node),
    "deal-specialist": Step(CHANCE, SETUP, xsetup.deal, xsetup.deal_node),
    "place-hot-spot": Step(CHANCE, SETUP, xsetup.place_hot_spot, xsetup.hot_spot_node),
    "place-firefighter": Step(DECISION, SETUP, setup.place_firefighter),
    "park-vehicle": Step(DECISION, SETUP, vehicles.park),
    "take-action": Step(DECISION, TAKE_ACTION, take_action.take_action),
    "deck-gun-roll": Step(CHANCE, TAKE_ACTION, deck_gun.roll, deck_gun.roll_node),
    "deck-gun-reroll": Step(DECISION, TAKE_ACTION, deck_gun.choose_reroll),
    "deck-gun-die": Step(CHANCE, TAKE_ACTION, deck_gun.reroll_die, deck_gun.die_node),
    "reveal-poi": Step(CHANCE, "", poi.reveal, poi.reveal_node),  # phase: see phase()
    "advance-fire": Step(CHANCE, ADVANCE_FIRE, fire.advance_fire, fire.advance_fire_node),
    "flashover": Step(AUTOMATIC, ADVANCE_FIRE, fire.flashover),
    "hazmat": Step(AUTOMATIC, ADVANCE_FIRE, hazmat.hazmat_explosions),
    "hazmat-order": Step(DECISION, ADVANCE_FIRE, hazmat.choose_order),
    "flare-up": Step(AUTOMATIC, ADVANCE_FIRE, hot_spots.flare_up),
    "secondary-effects": Step(AUTOMATIC, ADVANCE_FIRE, fire.secondary_effects),
    "knock-down-choice": Step(DECISION, ADVANCE_FIRE, fire.choose_parking),
    "replenish-poi": Step(AUTOMATIC, REPLENISH_POI, poi.replenish),  # ends the turn when done
    "poi-target": Step(CHANCE, REPLENISH_POI, poi.poi_target, poi.poi_target_node),
    "over": OVER_STEP,
}

MODES = ("family", "experienced")
VARIANTS = ("lone-engine-company", "unmarked-hazards", "murphy-strikes")  # Changing the Rules


class FlashPointRules(StepRules):
    name = "flash-point"
    title = "Flash Point: Fire Rescue"
    phases = (SETUP, TAKE_ACTION, ADVANCE_FIRE, REPLENISH_POI, GAME_END)
    steps = STEPS

    def options(self, players: int = 3, layout: str | dict = "house-a", setup: str | None = None,
                mode: str = "family", difficulty: str | None = None,
                specialists: list[str] | None = None, variants: list[str] = ()) -> dict[str, Any]:
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 6:
            raise ValueError(f"players: Flash Point takes 1 to 6 firefighters, got {players!r}")
        if mode not in MODES:
            raise ValueError(f"mode: {mode!r} is not available; choose one of {MODES}")
        layout = layout_option(layout)
        # lists may come as "a,b" (the command line: --variants unmarked-hazards,murphy-strikes)
        if isinstance(variants, str):
            variants = [v for v in variants.split(",") if v]
        if isinstance(specialists, str):
            specialists = specialists.split(",")
        if mode == "family":
            setup = "standard" if setup is None else setup
            if setup not in SETUPS:
                raise ValueError(f"setup: choose one of {SETUPS}, got {setup!r}")
            for name, value in (("difficulty", difficulty), ("specialists", specialists),
                                ("variants", variants or None)):
                if value is not None:
                    raise ValueError(f"{name}: only the Experienced game has {name} "
                                     "(mode='experienced')")
            return {"players": players, "layout": layout, "setup": setup, "mode": mode}
        if setup not in (None, "random"):
            raise ValueError("setup: the Experienced game always rolls its own random set-up")
        difficulty = "recruit" if difficulty is None else difficulty
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty: choose one of {tuple(DIFFICULTIES)}, got {difficulty!r}")
        variants = list(variants or ())
        unknown = [v for v in variants if v not in VARIANTS]
        if unknown or len(set(variants)) != len(variants):
            raise ValueError(f"variants: choose distinct ones among {VARIANTS}, got {variants!r}")
        if specialists is not None:
            if "lone-engine-company" in variants:
                raise ValueError("specialists: A Lone Engine Company deals the cards at random")
            specialists = validate_specialists(specialists, players)
        problems = experienced_problems(layout_from_option(layout))
        if problems:
            raise ValueError(f"layout: this layout cannot host the Experienced game: "
                             f"{'; '.join(problems)}")
        return {"players": players, "layout": layout, "setup": "random", "mode": mode,
                "difficulty": difficulty, "specialists": specialists,
                "variants": [v for v in VARIANTS if v in variants]}

    def start(self, options) -> FlashPointState:
        return setup.initial_state(layout_from_option(options["layout"]), options)

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
        if s.step == "park-vehicle":
            return vehicles.parkings(s)
        if s.step == "deck-gun-reroll":
            return deck_gun.reroll_choices(s)
        if s.step == "hazmat-order":
            return hazmat.order_choices(s)
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
