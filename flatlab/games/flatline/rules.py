"""Flatline (co-op): a round as a machine of named steps, in the rulebook's order.

I. Pre-Countdown: A `lose-power`, B `reveal-emergency` (one chance node per
card), C `emergency-dice`, D `planning` (a decision: start the countdown,
or use Triage cards). II. Countdown: `roll-dice` (one chance node per
player), then `countdown` (place, re-roll, triage, stop), with `reroll`
chance nodes. III. Resolution: F `resolve-cards`, G `resolve-patients` (with
`draw-patient` for each treated patient's replacement), H `turn-dial`.

Some effects need a reveal, a roll or a team choice in the middle of a step;
they queue it on the state and `proceed` runs the queue before the step that
comes next (`resume`).
"""

from __future__ import annotations

from typing import Any

from ...core.action import Action, expect_params
from ...core.errors import IllegalAction
from ...core.log import Log
from ...core.rules import AUTOMATIC, CHANCE, DECISION
from ...core.steps import OVER_STEP, Step, StepRules
from . import countdown, pre_countdown, resolution, setup
from .content import DIFFICULTIES, SIDES, load_content
from .state import FlatlineState, to_dict

SETUP, PRE, COUNTDOWN, RESOLUTION, GAME_END = (
    "set-up", "pre-countdown", "countdown", "resolution", "game-end")

def proceed(s: FlatlineState, log: Log, then: str | None = None) -> None:
    """Run what effects queued (a choice, reveals, refills, rolls), then the step `then`."""
    if then is not None:
        s.resume = then
    if s.to_reveal and not s.deck:
        log.add(pre_countdown.ADD, f"The emergency deck is empty: {s.to_reveal} card(s) cannot "
                "be revealed.")
        s.to_reveal = 0
    if s.choosing:
        s.step = "choose"
    elif s.to_reveal:
        s.step = "reveal-emergency"
    elif s.refill:
        s.step = "draw-patient"
    elif s.rerolling:
        s.step = "reroll"
    elif s.to_roll:
        s.step = "roll-dice"
    else:
        s.step = s.resume


def _lose_power(s: FlatlineState, log: Log) -> None:
    pre_countdown.lose_power(s, log)
    proceed(s, log, "emergency-dice")


def _emergency_dice(s: FlatlineState, roll: tuple[int, int], log: Log) -> None:
    pre_countdown.emergency_dice(s, roll, log)
    proceed(s, log, "planning")


def _planning(s: FlatlineState, a: Action, log: Log) -> None:
    if a.kind == "triage":
        countdown.use_triage(s, a, log)
        proceed(s, log)
    elif a.kind == "start-countdown":
        expect_params(a)
        s.to_roll = [p for p in range(s.players) if countdown._unrolled(s, p)]
        log.add(PLANNING_RULE, "Planning is over: the countdown starts and everyone rolls.")
        proceed(s, log, "countdown")
    else:
        raise IllegalAction("in Planning the team starts the countdown (act('start-countdown')) "
                            "or uses a Triage card", rule=PLANNING_RULE)


def _countdown(s: FlatlineState, a: Action, log: Log) -> None:
    handler = countdown.COUNTDOWN_ACTIONS.get(a.kind)
    if handler is None:
        raise IllegalAction(f"in the Countdown the actions are place, reroll, triage and stop, "
                            f"not {a.kind!r}", rule=countdown.COUNTDOWN)
    handler(s, a, log)
    proceed(s, log, "resolve-cards" if a.kind in ("stop", "time-up") else "countdown")


def _resolve_cards(s: FlatlineState, log: Log) -> None:
    resolution.resolve_cards(s, log)
    proceed(s, log, "resolve-patients")


def _resolve_patients(s: FlatlineState, log: Log) -> None:
    done = resolution.resolve_patients(s, log)
    proceed(s, log, "turn-dial" if done else "resolve-patients")


def _turn_dial(s: FlatlineState, log: Log) -> None:
    resolution.turn_dial(s, log)
    proceed(s, log, "lose-power")


def _after(handler):
    """A chance or decision handler that then carries on with the queue or `resume`."""
    def run(s: FlatlineState, value: Any, log: Log) -> None:
        handler(s, value, log)
        proceed(s, log)
    return run


PLANNING_RULE = pre_countdown.PLANNING
# The steps of a round, in rulebook order (phase "": worked out by FlatlineRules.phase).
STEPS: dict[str, Step] = {
    "draw-patient": Step(CHANCE, "", _after(setup.draw_patient), setup.draw_patient_node),
    "lose-power": Step(AUTOMATIC, PRE, _lose_power),
    "reveal-emergency": Step(CHANCE, "", _after(pre_countdown.reveal), pre_countdown.reveal_node),
    "emergency-dice": Step(CHANCE, PRE, _emergency_dice, pre_countdown.emergency_dice_node),
    "planning": Step(DECISION, PRE, _planning),
    "roll-dice": Step(CHANCE, COUNTDOWN, _after(countdown.roll), countdown.roll_node),
    "countdown": Step(DECISION, COUNTDOWN, _countdown),
    "reroll": Step(CHANCE, COUNTDOWN, _after(countdown.reroll), countdown.reroll_node),
    "choose": Step(DECISION, "", _after(resolution.choose)),
    "resolve-cards": Step(AUTOMATIC, RESOLUTION, _resolve_cards),
    "resolve-patients": Step(AUTOMATIC, RESOLUTION, _resolve_patients),
    "turn-dial": Step(AUTOMATIC, RESOLUTION, _turn_dial),
    "over": OVER_STEP,
}


class FlatlineRules(StepRules):
    name = "flatline"
    title = "Flatline (co-op)"
    phases = (SETUP, PRE, COUNTDOWN, RESOLUTION, GAME_END)
    steps = STEPS

    def options(self, players: int = 3, difficulty: str = "standard", side: str = "standard",
                timer: int | None = None) -> dict[str, Any]:
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 5:
            raise ValueError(f"players: Flatline takes 1 to 5 players, got {players!r}")
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty: choose one of {', '.join(DIFFICULTIES)}, got {difficulty!r}")
        if side not in SIDES:
            raise ValueError(f"side: the power meter's side is one of {', '.join(SIDES)}, "
                             f"got {side!r}")
        if timer is not None and (not isinstance(timer, int) or isinstance(timer, bool)
                                  or not 5 <= timer <= 600):
            raise ValueError(f"timer: seconds for the countdown, 5 to 600 (or None), got {timer!r}")
        return {"players": players, "difficulty": difficulty, "side": side, "timer": timer}

    def start(self, options) -> FlatlineState:
        return setup.initial_state(load_content(), options["players"], options["difficulty"],
                                   options["side"], options["timer"])

    def phase(self, s: FlatlineState) -> str:
        phase = STEPS[s.step].phase
        if phase:
            return phase
        if s.round == 0:
            return SETUP
        return STEPS[s.resume].phase or RESOLUTION

    def turn(self, s: FlatlineState) -> int:
        return s.round

    def legal_actions(self, s: FlatlineState) -> list[Action]:
        if s.step == "countdown":
            return countdown.countdown_actions(s)
        if s.step == "planning":
            return [*countdown.triage_uses(s), Action("start-countdown")]
        if s.step == "choose":
            return resolution.choices(s)
        return []

    def time_window(self, s: FlatlineState) -> tuple[Any, float] | None:
        """The countdown is timed when the game has a timer; the rolls inside it count too."""
        if s.timer and s.step in ("countdown", "roll-dice", "reroll") and s.resume == "countdown":
            return ("countdown", s.round), s.timer
        return None

    def timeout(self, s: FlatlineState) -> Action:
        return Action("time-up")

    def state_to_dict(self, s: FlatlineState) -> dict[str, Any]:
        return to_dict(s)

    def state_from_dict(self, data: Any) -> FlatlineState:
        from .save import from_dict
        return from_dict(data, STEPS)

    def validate_state(self, s: FlatlineState) -> None:
        from .save import check_invariants
        check_invariants(s)

    def describe(self, s: FlatlineState) -> str:
        from .text import describe
        return describe(s)

    def forecast(self, s: FlatlineState):
        from .odds import forecast
        return forecast(s)

    def policies(self):
        from .bots import POLICIES
        return POLICIES


RULES = FlatlineRules()
