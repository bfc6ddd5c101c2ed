"""What the coming rolls and draws can do, exactly: arrivals, shutdown risk, random picks, next event.

The forecast looks at the rest of the current round's random steps: the
Incoming Ambulance Check, the regular new patient, the Event card (drawn
without replacement from the cards left) and any arrivals an event brings.
From 4. Player Actions on, nothing random is left this round, so it plays the
rest of the round ahead with the real rule functions on a copy, as if the
remaining turns ended now, and forecasts the next round.

Everything is exact (Fractions), and it stays exact because the content
loader guarantees two things: an event card either admits patients or
changes patients, never both, and changes patients through one effect at
most. So no room is freed between the first arrival of a round and the last,
and a random pick sees the patients on the board plus the eligible newcomers,
whose number follows a hypergeometric law (cards drawn without replacement).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from math import comb

from ...core.action import Action
from ...core.log import NULL_LOG
from ...core.rules import AUTOMATIC, GameOver
from ...prob import Dist
from .cards import event_cards
from .clock import CLOCK
from .dice import load_dice
from .effects import Effect
from .new_patient import fresh_patient
from .state import CodeTriageState

NONE = Dist.always(0)


@dataclass(frozen=True)
class TriageForecast:
    round: int  # the round forecast
    time: str  # its clock time
    assumption: str  # "" or how the rest of the current round was played ahead
    ambulance: Fraction | None  # P(an ambulance arrives), None once the check is rolled
    arrivals: Dist  # how many patients still arrive this round (Patient deck permitting)
    free_rooms: int
    shutdown: Fraction  # P(a patient finds no free room this round)
    next_event: Dist | None  # the next Event card, by name; None once drawn
    picks: dict[int, dict[str, Fraction]]  # room -> event name -> P(it picks this patient)
    game_over: str = ""  # set when the game ends before any further roll

    @property
    def expected_arrivals(self) -> Fraction:
        return self.arrivals.mean()

    def __str__(self) -> str:
        if self.game_over:
            return f"No more rolls: {self.game_over}"
        lines = [f"Forecast for round {self.round} ({self.time}), exact{self.assumption}:"]
        if self.ambulance is not None:
            lines.append(f"  P(an ambulance arrives) = {self.ambulance} ≈ {float(self.ambulance):.3f}")
        dist = ", ".join(f"{n}: {p}" for n, p in sorted(self.arrivals.items()))
        mean = float(self.expected_arrivals)
        lines.append(f"  patients still arriving this round: {dist} (mean {mean:.2f})")
        lines.append(f"  free rooms {self.free_rooms}: P(more patients than free rooms, the hospital "
                     f"shuts) = {self.shutdown} ≈ {float(self.shutdown):.3f}")
        if self.next_event is not None:
            odds = ", ".join(f"{name} {p}" for name, p in self.next_event.items())
            lines.append(f"  next Event card: {odds}")
        if self.picks:
            lines.append("  chance that a random event picks each patient:")
            for room, by_event in self.picks.items():
                total = sum(by_event.values(), Fraction(0))
                odds = ", ".join(f"{name} {p}" for name, p in by_event.items()) or "none"
                lines.append(f"    room {room}: {total} ≈ {float(total):.3f} ({odds})")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        if self.game_over:
            return f"<p>No more rolls: {escape(self.game_over)}</p>"
        head = f"<b>Forecast for round {self.round} ({self.time})</b>{escape(self.assumption)}"
        rows = []
        if self.ambulance is not None:
            rows.append(("P(an ambulance arrives)", self.ambulance))
        rows.append((f"P(shutdown: more patients than the {self.free_rooms} free rooms)", self.shutdown))
        table = "".join(f"<tr><td>{escape(k)}</td><td>{v}</td><td>{float(v):.3f}</td></tr>"
                        for k, v in rows)
        parts = [head, f"<table>{table}</table>", "<i>patients still arriving this round</i>",
                 self.arrivals._repr_html_()]
        if self.next_event is not None:
            parts += ["<i>next Event card</i>", self.next_event._repr_html_()]
        if self.picks:
            picks = "".join(f"<tr><td>room {room}</td><td>{escape(name)}</td><td>{p}</td></tr>"
                            for room, by_event in self.picks.items() for name, p in by_event.items())
            parts += ["<i>chance that a random event picks each patient</i>",
                      f"<table>{picks}</table>"]
        return "<div class='flatlab-forecast'>" + "".join(parts) + "</div>"


def _to_next_roll(s: CodeTriageState) -> tuple[CodeTriageState, str]:
    """A copy at the next chance node; from Player Actions, with the remaining turns ended."""
    from .rules import RULES, take_action

    c = s.copy()
    assumption = ""
    try:
        if c.step == "player-actions":
            assumption = " (if the remaining turns end now)"
            while c.step == "player-actions":
                take_action(c, Action("end-turn"), NULL_LOG)
        while RULES.situation(c) == AUTOMATIC:
            RULES.advance(c, NULL_LOG)
    except GameOver:
        pass
    return c, assumption


def _event_arrivals(effects: tuple[Effect, ...]) -> Dist:
    dist = NONE
    for e in effects:
        if e.admits:
            dist = dist + (load_dice().patient if e.die else Dist.always(e.count))
    return dist


def _hypergeometric(N: int, K: int, m: int) -> Dist:
    """How many of m cards drawn without replacement from N are among K marked ones."""
    return Dist.from_weights({j: comb(K, j) * comb(N - K, m - j) for j in range(min(K, m) + 1)
                              if m - j <= N - K})


def forecast(s: CodeTriageState) -> TriageForecast:
    c, assumption = _to_next_roll(s)
    if c.outcome:
        return TriageForecast(c.round, CLOCK[c.clock], assumption, None, NONE, c.free_rooms,
                              Fraction(0), None, {}, game_over=f"the game is {c.outcome} ({c.end})")
    dice, events = load_dice(), event_cards()
    ambulance = c.step == "ambulance-check"
    regular = c.phase == "ambulance-check"  # phase 2's patient is still to come
    event_ahead = c.phase in ("set-up", "ambulance-check", "new-patient") or c.step == "new-event"
    before = (dice.ambulance_patients(c.difficulty) if ambulance else NONE) + int(regular) + c.arrivals
    current = events[c.event] if c.event else None
    after = NONE
    if current:
        after = _event_arrivals(current.effects[c.effect:])
        if c.step == "patient-die":
            after = after + dice.patient
    deck_events = Dist.from_weights(c.event_deck) if event_ahead else None
    if deck_events:
        mixture: dict[int, Fraction] = {}
        for key, p in deck_events.items():
            for n, q in _event_arrivals(events[key].effects).items():
                mixture[n] = mixture.get(n, Fraction(0)) + p * q
        after = after + Dist(mixture)
    deck = len(c.patient_deck) + (1 if c.incoming else 0)
    arrivals = (before + after).map(lambda n: min(n, deck))
    shutdown = arrivals.p(lambda n: n > c.free_rooms)
    next_event = deck_events.map(lambda key: events[key].name) if deck_events else None
    return TriageForecast(
        round=c.round, time=CLOCK[c.clock], assumption=assumption,
        ambulance=dice.ambulance_probability(c.difficulty) if ambulance else None,
        arrivals=arrivals, free_rooms=c.free_rooms, shutdown=shutdown, next_event=next_event,
        picks=_picks(c, before, deck_events),
    )


def _picks(c: CodeTriageState, before: Dist, deck_events: Dist | None) -> dict[int, dict[str, Fraction]]:
    """For each patient on the board: P(the coming event card picks them at random), by card."""
    events = event_cards()
    out: dict[int, dict[str, Fraction]] = {room: {} for room in sorted(c.patients)}
    if c.step == "select-patient":  # the pick itself is next: uniform over the eligible
        card = events[c.event]
        rooms = [room for room in sorted(c.patients) if card.effects[c.effect].selects(c.patients[room])]
        for room in rooms:
            out[room][card.name] = Fraction(1, len(rooms))
        return out
    if deck_events is None:
        return out
    incoming = [fresh_patient(c.incoming)] if c.incoming else []
    drawn = before.map(lambda n: n - len(incoming))  # Patient cards still to draw before the event
    for key, p_card in deck_events.items():
        card = events[key]
        effect = next((e for e in card.effects if e.do == "random-patient"), None)
        if effect is None:
            continue
        on_board = [room for room in sorted(c.patients) if effect.selects(c.patients[room])]
        if not on_board:
            continue
        marked = sum(effect.selects(fresh_patient(k)) for k in c.patient_deck)
        known = len(on_board) + sum(effect.selects(p) for p in incoming)
        p_each = Fraction(0)  # P(a given eligible patient on the board is the one picked)
        for m, p_m in drawn.items():
            m = min(m, len(c.patient_deck))
            if m + len(incoming) > c.free_rooms:
                continue  # the hospital shuts before the event
            new = _hypergeometric(len(c.patient_deck), marked, m)
            p_each += p_m * sum((q / (known + j) for j, q in new.items()), Fraction(0))
        for room in on_board:
            name = card.name
            out[room][name] = out[room].get(name, Fraction(0)) + p_card * p_each
    return out
