"""III. Resolution: F. Resolve Cards, G. Patients and Recharging Stations, H. Turn the Dial."""

from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.log import Log
from ...core.rules import GameOver
from .effects import apply_effect, discard_emergency
from .power import restore_cube
from .state import COLOURS, PATIENT_SPACES, FlatlineState
from .targets import complete, row_target

CARDS = "III. Resolution: F. Resolve Cards"
PATIENTS = "III. Resolution: G. Resolve Patient Cards"
STATIONS = "III. Resolution: G. Recharging Stations"
DIAL = "III. Resolution: H. Turn the Life Support Dial"
X_AREA = "Game End: face-down cards in the X area"
VICTORY = "Game End: every patient treated"
CHOOSE = "Effect: discard an emergency card (the team chooses)"


def resolve_cards(s: FlatlineState, log: Log) -> None:
    """F: Stat cards become Triage cards or go face down to X; cleared emergencies leave."""
    for card in s.stat_area:
        name = s.content.emergencies[card].name
        if complete(s, card):
            s.triage.append(card)
            log.add(CARDS, f"Stat card {name} ({card}) is cleared: it becomes a Triage card.")
        else:
            s.x_area.append(card)
            log.add(CARDS, f"Stat card {name} ({card}) was not cleared: face down to the X area "
                    f"({len(s.x_area)} of {s.x_limit}).")
    s.stat_area = []
    if len(s.x_area) >= s.x_limit:
        s.outcome = "lost"
        log.add(X_AREA, f"{len(s.x_area)} face-down cards in the X area: the team loses.")
        raise GameOver
    for slot in range(1, 7):
        for card in [c for c in s.emergency_area[slot] if complete(s, c)]:
            discard_emergency(s, card, log, CARDS)
    s.resolving = 0


def resolve_patients(s: FlatlineState, log: Log) -> bool:
    """G: clockwise from the diamond, then the stations; True once all of G is done.

    It pauses after each treated patient, so that its trigger and its
    replacement card happen before the next patient is looked at.
    """
    while s.resolving < PATIENT_SPACES:
        space = (s.diamond + s.resolving) % PATIENT_SPACES
        s.resolving += 1
        if _resolve_patient(s, space, log):
            return False
    recharge_stations(s, log)
    if not s.pile and not any(s.patients):
        s.outcome = "won"
        log.add(VICTORY, "Every patient card has been treated: the team wins!")
        raise GameOver
    return True


def _resolve_patient(s: FlatlineState, space: int, log: Log) -> bool:
    card = s.patients[space]
    if card is None:
        return False
    patient = s.content.patients[card]
    done = s.cleared.setdefault(card, [])
    for r in range(len(patient.rows)):
        if r not in done and complete(s, row_target(card, r)):
            done.append(r)
            log.add(PATIENTS, f"{patient.name}: row {r + 1} is complete; a Cleared tile covers it.")
    if len(done) < len(patient.rows):
        return False
    log.add(PATIENTS, f"{patient.name} is treated ({patient.colour} trigger).")
    if patient.trigger:
        apply_effect(s, patient.trigger, log, f"{patient.name}'s trigger", PATIENTS)
    del s.cleared[card]
    s.patients[space] = None
    if s.pile:
        s.refill.append(space)
    return True


def recharge_stations(s: FlatlineState, log: Log) -> None:
    """A powered station's cube moves to the meter; with no open space it stays on the station."""
    for i, station in enumerate(s.content.stations):
        if s.stations[i] and complete(s, f"station/{i}"):
            if all(s.meter):
                log.add(STATIONS, f"The {station.name} is powered, but the meter is full: "
                        "its cube stays on the station.")
                continue
            s.stations[i] = False
            restore_cube(s, log, STATIONS, f"The {station.name} is powered")


def turn_dial(s: FlatlineState, log: Log) -> None:
    """H: the Intern hands the dice back, this round's effects end, the dial turns."""
    for i, (owner, _, where) in enumerate(s.dice):
        back_aside = where == "aside" or i in s.borrowed
        s.dice[i] = (owner, None, "aside" if back_aside else "hand")
    s.borrowed = []
    s.emergency_roll = None
    s.rerolls_used = s.reroll_bonus = 0
    s.lockdowns, s.blocked = [], []
    s.diamond = (s.diamond + 1) % PATIENT_SPACES
    log.add(DIAL, f"The Intern ({COLOURS[s.intern]}) hands back the dice; this round's effects "
            f"end; the dial turns: the diamond now points at space {s.diamond + 1}.")


def choose(s: FlatlineState, a: Action, log: Log) -> None:
    """A team decision an effect asked for (today: which emergency card to discard)."""
    cards = s.emergency_cards()
    if a.kind != "discard" or set(a.params) != {"card"} or a.card not in cards:
        raise IllegalAction(f"choose the emergency card to discard: act('discard', card=...) "
                            f"with one of {', '.join(cards)}", rule=CHOOSE)
    s.choosing = ""
    discard_emergency(s, a.card, log, CHOOSE)


def choices(s: FlatlineState) -> list[Action]:
    return [Action("discard", card=c) for c in s.emergency_cards()]
