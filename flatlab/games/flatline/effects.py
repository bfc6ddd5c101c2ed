"""The effect vocabulary of Flatline's cards, and the one function that carries effects out.

Every card effect is data, `{ kind = "...", ... }`, from this vocabulary:

| kind               | parameters                          | what happens
|--------------------|-------------------------------------|------------------------
| lose-dice          | who = cmo/intern/each/most, amount  | that player (or each) sets dice aside this round
| gain-die           | (triage: player)                    | a player takes their colour's set-aside die
| extra-emergency    | amount                              | reveal more emergency cards now
| lose-power         | amount                              | remove cubes from the meter (the last one loses)
| recharge           | amount                              | cubes back to the rightmost open meter spaces
| fewer-rerolls      | amount                              | fewer re-rolls this round
| extra-rerolls      | amount                              | more re-rolls this round
| lock-down          | area = rerolls/triage/stations      | a lock-down tile blocks that area this round
| block-patient      | position = diamond                  | the patient at the diamond takes no dice now
| discard-emergency  | (choice: card)                      | discard a card from the Emergency area
| free-reroll        | (triage: player, dice)              | re-roll some unplaced dice without a sacrifice
| set-face           | (triage: player, face, to)          | turn one unplaced die to any icon

Where a card may carry each kind is checked on load: an emergency's activation
lasts the round it fires in; a patient's trigger fires during Resolution, after
which the round ends, so only immediate kinds make sense there; triage cards
are the players' own benefits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ROUND_EFFECTS = {"lose-dice", "fewer-rerolls", "lock-down", "block-patient"}
IMMEDIATE = {"extra-emergency", "lose-power", "recharge", "discard-emergency"}
PLAYER_BENEFITS = {"gain-die", "extra-rerolls", "free-reroll", "set-face", "recharge",
                   "discard-emergency"}
CONTEXTS = {
    "activation": ROUND_EFFECTS | {"extra-emergency", "lose-power"},
    "trigger": IMMEDIATE,
    "triage": PLAYER_BENEFITS,
}
PARAMETERS: dict[str, dict[str, Any]] = {
    "lose-dice": {"who": ("cmo", "intern", "each", "most"), "amount": int},
    "gain-die": {},
    "extra-emergency": {"amount": int},
    "lose-power": {"amount": int},
    "recharge": {"amount": int},
    "fewer-rerolls": {"amount": int},
    "extra-rerolls": {"amount": int},
    "lock-down": {"area": ("rerolls", "triage", "stations")},
    "block-patient": {"position": ("diamond",)},
    "discard-emergency": {},
    "free-reroll": {},
    "set-face": {},
}


WHO = {"cmo": "the Chief Medical Officer", "intern": "the Intern", "each": "each player",
       "most": "the player with the most dice"}


@dataclass(frozen=True)
class Effect:
    kind: str
    who: str = ""
    amount: int = 1
    area: str = ""
    position: str = ""

    def __str__(self) -> str:
        n = self.amount
        return {
            "lose-dice": f"{WHO.get(self.who, self.who)} loses {n} dice this round",
            "gain-die": "a player takes their set-aside die for this round",
            "extra-emergency": f"reveal {n} more emergency card(s)",
            "lose-power": f"lose {n} power cube(s)",
            "recharge": f"{n} power cube(s) back on the meter",
            "fewer-rerolls": f"{n} fewer re-roll(s) this round",
            "extra-rerolls": f"{n} more re-roll(s) this round",
            "lock-down": f"lock down the {self.area} this round",
            "block-patient": "the patient at the diamond takes no dice this round",
            "discard-emergency": "discard an emergency card from the Emergency area",
            "free-reroll": "re-roll any unplaced dice of one player, no sacrifice",
            "set-face": "turn one unplaced die to any icon",
        }[self.kind]


def parse_effect(value: Any, context: str) -> Effect:
    """Check an effect table against the vocabulary; ValueError says what is wrong."""
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ValueError("expected an effect table { kind = \"...\", ... }")
    kind = value["kind"]
    if kind not in PARAMETERS:
        raise ValueError(f"unknown effect kind {kind!r}; the vocabulary is {', '.join(PARAMETERS)}")
    if kind not in CONTEXTS[context]:
        raise ValueError(f"{kind!r} cannot be a card's {context} effect; allowed: "
                         f"{', '.join(sorted(CONTEXTS[context]))}")
    spec = PARAMETERS[kind]
    params = {k: v for k, v in value.items() if k != "kind"}
    for name, v in params.items():
        if name not in spec:
            raise ValueError(f"{kind!r} takes {', '.join(spec) or 'no parameters'}, not {name!r}")
        allowed = spec[name]
        if allowed is int:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 4:
                raise ValueError(f"{kind}.{name}: expected a whole number from 1 to 4, found {v!r}")
        elif v not in allowed:
            raise ValueError(f"{kind}.{name}: expected one of {', '.join(allowed)}, found {v!r}")
    missing = [n for n in spec if n != "amount" and n not in params]
    if missing:
        raise ValueError(f"{kind!r} needs {', '.join(missing)}")
    return Effect(kind, **params)


# --- carrying effects out ----------------------------------------------------------------
def apply_effect(s, effect: Effect, log, source: str, rule: str, **choice: Any) -> None:
    """Do what an effect says. `choice` holds the players' picks for triage benefits.

    Effects that need a roll, a reveal or a team decision do not happen here
    directly: they queue it on the state (`to_roll`, `to_reveal`, `rerolling`,
    `choosing`), and the step machine in rules.py runs it next.
    """
    from .power import remove_cube, restore_cube
    from .state import COLOURS

    kind, n = effect.kind, effect.amount
    head = f"{source}: {effect}"
    if kind == "lose-dice":
        for player in _who(s, effect.who):
            for i in [i for i, d in enumerate(s.dice) if d[0] == player and d[2] == "hand"][:n]:
                s.dice[i] = (player, None, "out")
        log.add(rule, f"{head}.")
    elif kind == "gain-die":
        player = choice["player"]
        i = next(i for i, d in enumerate(s.dice) if d[0] == player and d[2] == "aside")
        s.dice[i] = (player, None, "hand")
        s.borrowed.append(i)
        if s.step == "countdown":
            s.to_roll.append(player)
        log.add(rule, f"{head}: {COLOURS[player]} takes it.")
    elif kind == "extra-emergency":
        s.to_reveal += n
        log.add(rule, f"{head}.")
    elif kind == "lose-power":
        log.add(rule, f"{head}.")
        for _ in range(n):
            remove_cube(s, log, source)
    elif kind == "recharge":
        for _ in range(n):
            restore_cube(s, log, rule, source)
    elif kind in ("fewer-rerolls", "extra-rerolls"):
        s.reroll_bonus += n if kind == "extra-rerolls" else -n
        log.add(rule, f"{head}: {s.reroll_limit} re-roll(s) allowed this round.")
    elif kind == "lock-down":
        in_use = s.lockdowns.count(effect.area)
        if in_use < s.content.lockdown_tiles.count(effect.area):
            s.lockdowns.append(effect.area)
            log.add(rule, f"{head}.")
        else:
            log.add(rule, f"{head}, but no lock-down tile for the {effect.area} is left.")
    elif kind == "block-patient":
        card = s.patients[s.diamond]
        if card:
            s.blocked.append(card)
        log.add(rule, f"{head}" + (f" ({card})." if card else ": no patient is there."))
    elif kind == "discard-emergency":
        if "card" in choice:
            discard_emergency(s, choice["card"], log, rule)
        elif s.emergency_cards():
            s.choosing = "discard-emergency"
            log.add(rule, f"{head}: the team chooses which.")
        else:
            log.add(rule, f"{head}, but the Emergency area is empty.")
    elif kind == "free-reroll":
        s.rerolling = list(choice["dice"])
        log.add(rule, f"{head}.")
    elif kind == "set-face":
        i = choice["die"]
        owner, face, _ = s.dice[i]
        s.dice[i] = (owner, choice["to"], "hand")
        log.add(rule, f"{head}: {COLOURS[owner]}'s {face} becomes {choice['to']}.")


def _who(s, who: str) -> list[int]:
    if who == "each":
        return list(range(s.players))
    if who == "cmo":
        return [s.cmo]
    if who == "intern":
        return [s.intern]
    in_hand = [sum(1 for d in s.dice if d[0] == p and d[2] == "hand") for p in range(s.players)]
    return [in_hand.index(max(in_hand))]  # the most dice; ties: the first in seat order


def discard_emergency(s, card: str, log, rule: str) -> None:
    """Discard a card from the Emergency area; the card behind it drops to the first row."""
    for slot, cards in s.emergency_area.items():
        if card in cards:
            cards.remove(card)
            s.discard.append(card)
            log.add(rule, f"{card} ({s.content.emergencies[card].name}) is discarded from "
                    f"slot {slot}.")
            return
    raise ValueError(f"{card} is not in the Emergency area")
