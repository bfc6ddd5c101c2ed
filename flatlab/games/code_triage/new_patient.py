"""2. New Patient, and how any patient is admitted: a Patient card, then a Room Assignment card.

Every arrival (set-up, the ambulance, the regular new patient, an event) goes
through `queue_arrivals`: the patients of a batch are admitted one at a time,
each with two chance nodes, the Patient card (uniform over the cards left)
and the Room Assignment card (uniform over the shuffled part of that deck, or
the first card put back once the shuffled part is used up). A patient who
finds no free room shuts the hospital at once (Game End); the 13th patient
brought by an ambulance is one such patient.
"""

from __future__ import annotations

from ...core.chance import ChanceNode
from ...core.log import Log
from ...prob import Dist
from .cards import patient_cards
from .game_end import lose
from .roles import ROLES
from .state import PHASES, CodeTriageState, Patient

NEW_PATIENT = "2. New Patient"
EMPTY_DECK = "2. New Patient (house ruling: an empty Patient deck sends no more patients)"


def queue_arrivals(s: CodeTriageState, count: int, rule: str, resume: str, log: Log) -> None:
    """Admit `count` patients one by one under `rule`, then go on with the step `resume`."""
    s.arrivals, s.admit_rule, s.resume = count, rule, resume
    next_arrival(s, log)


def next_arrival(s: CodeTriageState, log: Log) -> None:
    if s.arrivals and not s.patient_deck:
        log.add(EMPTY_DECK, f"The Patient deck is empty: {s.arrivals} patient(s) do not arrive.")
        s.arrivals = 0
    if not s.arrivals:
        s.step = s.resume
        if s.resume in PHASES:
            s.phase = s.resume
        return
    if not s.free_rooms:
        lose(s, log, "A patient arrives and no room is free (this would be the 13th patient)",
             rule=s.admit_rule)
    s.step = "patient-card"


def new_patient(s: CodeTriageState, log: Log) -> None:
    """Phase 2 (automatic): the regular patient of the round."""
    queue_arrivals(s, 1, NEW_PATIENT, "new-event", log)


def describe_card(card_id: str) -> str:
    c = patient_cards()[card_id]
    health = "no health, cannot leave" if c.health is None else f"{c.health} hearts"
    orders = ", ".join(f"{n} {role}" for role, n in zip(ROLES, c.orders, strict=True) if n)
    return f"{c.name} ({c.complaint.lower()}; risk {c.risk}, {health}; orders: {orders})"


def patient_card_node(s: CodeTriageState) -> ChanceNode:
    n = len(s.patient_deck)
    return ChanceNode(f"draw a Patient card ({n} left in the shuffled deck, each 1/{n})",
                      s.admit_rule, Dist.uniform(s.patient_deck), describe_card)


def draw_patient(s: CodeTriageState, card: str, log: Log) -> None:
    s.patient_deck.remove(card)
    s.incoming = card
    s.step = "room-card"


def room_card_node(s: CodeTriageState) -> ChanceNode:
    if s.room_deck:
        n = len(s.room_deck)
        return ChanceNode(f"draw a Room Assignment card ({n} shuffled cards left, each 1/{n})",
                          s.admit_rule, Dist.uniform(s.room_deck), lambda room: f"room {room}")
    top = s.room_bottom[0]
    return ChanceNode(f"draw a Room Assignment card (the shuffled cards are used up: the top card "
                      f"is room {top}, put back on the bottom earlier)", s.admit_rule,
                      Dist.always(top), lambda room: f"room {room}")


def fresh_patient(card_id: str) -> Patient:
    """A patient as admitted: full printed health, printed risk, all printed orders pending."""
    c = patient_cards()[card_id]
    return Patient(card_id, c.health, c.risk, c.orders, (0,) * len(ROLES))


def draw_room(s: CodeTriageState, room: int, log: Log) -> None:
    if s.room_deck:
        s.room_deck.remove(room)
    else:
        s.room_bottom.pop(0)
    s.patients[room] = fresh_patient(s.incoming)
    log.add(NEW_PATIENT, f"{describe_card(s.incoming)} is placed in room {room}.")
    s.incoming = None
    s.arrivals -= 1
    next_arrival(s, log)
