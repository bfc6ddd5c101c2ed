"""I. Pre-Countdown: A. Lose Power, B. Add Emergencies, C. Roll the Emergency Dice, D. Planning."""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .dice import EMERGENCY_DICE, slots_shown
from .effects import apply_effect
from .power import remove_cube
from .state import COLOURS, FlatlineState

ADD = "I. Pre-Countdown: B. Add Emergencies"
ROLL = "I. Pre-Countdown: C. Roll the Emergency Dice"
PLANNING = "I. Pre-Countdown: D. Planning"


def lose_power(s: FlatlineState, log: Log) -> int:
    """A: the leftmost cube leaves; the number under it is how many emergencies arrive."""
    s.round += 1
    space = remove_cube(s, log, f"Round {s.round}, the Chief Medical Officer "
                        f"({COLOURS[s.cmo]}) cuts power")
    reveal = s.content.meter(s.side, s.players)[space]
    s.to_reveal += reveal
    log.add(ADD, f"The meter space shows {reveal}: reveal {reveal} emergency card(s).")
    return reveal


def reveal_node(s: FlatlineState) -> ChanceNode:
    cards = s.content.emergencies
    return ChanceNode(f"reveal an emergency card ({len(s.deck)} left)", ADD, Dist.uniform(s.deck),
                      lambda c: f"{c}, {cards[c].name} ({cards[c].tab} tab)")


def reveal(s: FlatlineState, card_id: str, log: Log) -> None:
    """B: orange tabs go to the Stat area; blue tabs to their slot's first free row, or away."""
    s.deck.remove(card_id)
    s.to_reveal -= 1
    card = s.content.emergencies[card_id]
    if card.tab == "orange":
        s.stat_area.append(card_id)
        log.add(ADD, f"{card.name} ({card_id}) goes to the Stat area: clear it this round.")
    else:
        rows = s.emergency_area[card.slot]
        if len(rows) < 2:
            rows.append(card_id)
            log.add(ADD, f"{card.name} ({card_id}) goes to slot {card.slot}, "
                    f"{'first' if len(rows) == 1 else 'second'} row.")
        else:
            s.discard.append(card_id)
            log.add(ADD, f"{card.name} ({card_id}): slot {card.slot} is full in both rows, "
                    "so the card is discarded for good.")


def emergency_dice_node(s: FlatlineState) -> ChanceNode:
    return ChanceNode("roll the two emergency dice", ROLL, EMERGENCY_DICE,
                      lambda r: f"{r[0]} and {r[1]}" + (" (doubles)" if r[0] == r[1] else ""))


def emergency_dice(s: FlatlineState, roll: tuple[int, int], log: Log) -> None:
    """C: activate the cards in the slots shown, left to right, first row before second."""
    s.emergency_roll = roll
    slots = slots_shown(roll)
    fired = [(slot, card) for slot in slots for card in s.emergency_area[slot]]
    if not fired:
        log.add(ROLL, f"Slot(s) {', '.join(map(str, slots))}: no emergency card there.")
    for slot, card_id in fired:
        card = s.content.emergencies[card_id]
        apply_effect(s, card.effect, log, f"Slot {slot}, {card.name}", ROLL)



