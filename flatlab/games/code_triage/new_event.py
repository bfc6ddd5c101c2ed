"""3. New Event: draw an Event card and carry out its effects, in order.

`apply_effect` is the one interpreter of the effect vocabulary documented in
`effects.py`; no card has code of its own. Two effects wait for a chance
node: picking a patient at random (the rulebook shuffles the eligible
patients' Room Assignment cards and reveals one, which is exactly a uniform
choice among those patients) and rolling the Patient die for arrivals.
"""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .cards import EventCard, event_cards, patient_cards
from .dice import load_dice
from .effects import Effect
from .new_patient import queue_arrivals
from .player_actions import begin_turns
from .reduce_health import lose_heart
from .roles import ROLES, TITLES
from .state import CodeTriageState

NEW_EVENT = "3. New Event"


def rule(card: EventCard) -> str:
    return f"{NEW_EVENT}: {card.name}"


def current(s: CodeTriageState) -> tuple[EventCard, Effect]:
    card = event_cards()[s.event]
    return card, card.effects[s.effect]


# --- the draw ----------------------------------------------------------------------------
def draw_node(s: CodeTriageState) -> ChanceNode:
    cards = event_cards()
    n = sum(s.event_deck.values())
    return ChanceNode(f"draw an Event card ({n} left in the shuffled deck)", NEW_EVENT,
                      Dist.from_weights(s.event_deck), lambda key: cards[key].name)


def draw(s: CodeTriageState, key: str, log: Log) -> None:
    s.event_deck[key] -= 1
    if not s.event_deck[key]:
        del s.event_deck[key]
    card = event_cards()[key]
    s.event, s.effect = key, 0
    log.add(rule(card), f"Event: {card.name}. {card.text}")
    go_on(s, log)


def go_on(s: CodeTriageState, log: Log) -> None:
    """Apply the event's effects from `s.effect` on; pause at a chance node or an arrival."""
    card = event_cards()[s.event]
    while s.effect < len(card.effects):
        if not apply_effect(s, card, card.effects[s.effect], log):
            return
        s.effect += 1
    s.event, s.effect = None, 0
    begin_turns(s, log)


def event_effects(s: CodeTriageState, log: Log) -> None:
    """Automatic step: the event goes on after the patients it brought have been admitted."""
    go_on(s, log)


# --- the interpreter -------------------------------------------------------------------------
def apply_effect(s: CodeTriageState, card: EventCard, e: Effect, log: Log) -> bool:
    """Carry out one effect. False: it goes on after a chance node (or after arrivals)."""
    if e.do == "round":
        if e.move_per_token:
            s.move_per_token = e.move_per_token
        if e.orders_per_token:
            s.orders_per_token = e.orders_per_token
        if e.tokens_per_order:
            s.tokens_per_order = e.tokens_per_order
        for role in range(len(ROLES)):
            if role != s.lunch:
                s.tokens[role] += e.extra_tokens
        log.add(rule(card), f"This round: {s.move_per_token} spaces per Move token, "
                f"{s.orders_per_token} order(s) per Treat token, {s.tokens_per_order} token(s) "
                f"per order" + (f", {e.extra_tokens} extra token(s) each." if e.extra_tokens else "."))
    elif e.do == "random-patient":
        if eligible(s, e):
            s.step = "select-patient"
            return False
        log.add(rule(card), "No patient is eligible: the effect does nothing.")
    elif e.do == "every-patient":
        for room in eligible(s, e):
            change(s, room, card, e, log)
    elif e.do == "arrivals":
        s.effect += 1  # the event goes on, after the arrivals, with its next effect
        if e.die:
            s.step = "patient-die"
        else:
            queue_arrivals(s, e.count, rule(card), "event-effects", log)
        return False
    elif e.do == "lunch-break":
        s.lunch = e.role
        s.positions[e.role] = None
        log.add(rule(card), f"The {TITLES[e.role]} goes to lunch: out of the emergency room "
                "this round, back at the starting space at 7. Reset Action Tokens.")
    elif e.do == "keep":
        s.items.append(card.id)
        log.add(rule(card), f"The team keeps {card.name} for later.")
    return True


def eligible(s: CodeTriageState, e: Effect) -> list[int]:
    return [room for room in sorted(s.patients) if e.selects(s.patients[room])]


def change(s: CodeTriageState, room: int, card: EventCard, e: Effect, log: Log) -> None:
    """Change one patient: risk, then orders, then hearts (which may send them away)."""
    p = s.patients[room]
    name = patient_cards()[p.card].name
    if e.set_risk:
        p = p._replace(risk=e.set_risk)
        log.add(rule(card), f"{name} in room {room}: the risk is now {e.set_risk}.")
    orders, filled = list(p.orders), list(p.filled)
    if e.add_order is not None:
        orders[e.add_order] += 1
        log.add(rule(card), f"{name} in room {room} needs one more {TITLES[e.add_order]} order.")
    if e.fill_order is not None and orders[e.fill_order]:
        orders[e.fill_order] -= 1
        filled[e.fill_order] += 1
        log.add(rule(card), f"{name} in room {room}: one {TITLES[e.fill_order]} order is filled.")
    s.patients[room] = p = p._replace(orders=tuple(orders), filled=tuple(filled))
    if e.hearts > 0:
        s.patients[room] = p._replace(hearts=min(p.hearts + e.hearts, patient_cards()[p.card].health))
        log.add(rule(card), f"{name} in room {room} has {s.patients[room].hearts} heart(s).")
    elif e.hearts < 0:
        log.add(rule(card), f"{name} in room {room} loses {-e.hearts} heart(s).")
        lose_heart(s, room, log, f"{rule(card)} (as in 6. Reduce Patient Health)", -e.hearts)


# --- the two chance nodes an effect may wait for -------------------------------------------
def select_node(s: CodeTriageState) -> ChanceNode:
    card, e = current(s)
    rooms = eligible(s, e)
    return ChanceNode(f"{card.name}: shuffle the Room Assignment cards of the {len(rooms)} eligible "
                      f"patient(s) and reveal one", rule(card), Dist.uniform(rooms),
                      lambda room: f"room {room}, {patient_cards()[s.patients[room].card].name}")


def select(s: CodeTriageState, room: int, log: Log) -> None:
    card, e = current(s)
    change(s, room, card, e, log)
    s.effect += 1
    go_on(s, log)


def patient_die_node(s: CodeTriageState) -> ChanceNode:
    card = event_cards()[s.event]
    return ChanceNode(f"{card.name}: roll the Patient die", rule(card), load_dice().patient,
                      lambda n: f"{n} patient(s)")


def roll_patient_die(s: CodeTriageState, n: int, log: Log) -> None:
    card = event_cards()[s.event]
    log.add(rule(card), f"{n} more patient(s) arrive.")
    queue_arrivals(s, n, rule(card), "event-effects", log)
