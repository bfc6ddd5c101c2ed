"""Code Triage bots: a random-legal policy and a triage heuristic.

A policy is a function `policy(game) -> Action`; it reads the public state
and never changes it. The heuristic plays each role's turn in this order:

1. in a patient's room: fill the order that completes the patient; comfort a
   death-risk patient at one heart; fill any order of your own symbol
   (side B Lab Tech: a Nurse order with the Nurse); spend Discharge Paperwork
   on a patient at one heart with orders pending; comfort any patient at one heart;
2. route to the patient closest to leaving (fewest hearts, death risk first)
   who needs your symbol and is reachable with a token left to treat
   (side B: the Radiology Tech dashes, the Nurse pages a role whose patient
   is far away);
3. comfort the nearest patient at one heart, if one is in reach;
4. side B Patient Rep: end the turn beside the patient closest to leaving
   (one with hearts: that is who the ability protects);
5. otherwise walk towards the most urgent patient who needs you, or back to
   your starting space, and end the turn.
"""

from __future__ import annotations

from ...core.action import Action
from ...sim.policies import random_policy
from .abilities import ABILITY_COST
from .cards import DEATH, patient_cards
from .player_actions import move_cost
from .roles import LAB, NURSE, RADIOLOGY, REP, ROLES
from .state import CodeTriageState, Patient


def urgency(p: Patient) -> tuple[int, bool]:
    """Sort key: fewest hearts first (cannot-leave patients count as 3), death risk first."""
    return (3 if p.hearts is None else p.hearts), p.risk != DEATH


def _price(s: CodeTriageState) -> int:
    return s.tokens_per_order


def _toward(s: CodeTriageState, here, goal, budget: int) -> Action | None:
    """A move that spends at most `budget` spaces and ends as close to `goal` as it can."""
    reach = s.board.within(here, budget)
    if goal in reach:
        return Action("move", to=goal)
    if not reach:
        return None
    best = min(reach, key=lambda loc: (s.board.distance(loc, goal) if isinstance(loc, tuple) else 99,
                                       reach[loc]))
    if s.board.distance(best, goal) >= s.board.distance(here, goal):
        return None
    return Action("move", to=best)


def _in_room(s: CodeTriageState, r: int, room: int, p: Patient) -> Action | None:
    tokens, price = s.tokens[r], _price(s)
    others = sum(p.orders) - p.orders[r]
    if p.orders[r] and tokens >= price and others == 0 and p.orders[r] <= s.orders_per_token:
        return Action("treat")
    card = patient_cards()[p.card]
    at_risk = (p.hearts == 1 and card.health > 1 and tokens >= 1
               and not (s.side == "B" and s.room_of(REP) == room))
    if at_risk and p.risk == DEATH:
        return Action("comfort")
    if p.orders[r] and tokens >= price:
        return Action("treat")
    if (s.side == "B" and r == LAB and p.orders[NURSE] and s.positions[NURSE] == room
            and tokens >= price):
        return Action("assist")
    if "discharge-paperwork" in s.items and p.hearts == 1 and any(p.orders):
        return Action("use", item="discharge-paperwork")
    return Action("comfort") if at_risk else None


def _route(s: CodeTriageState, r: int) -> Action | None:
    """Go to the most urgent patient who needs this role and can be treated this turn."""
    here, tokens, price = s.positions[r], s.tokens[r], _price(s)
    options = []
    for room, p in s.patients.items():
        if not p.orders[r] or room == here:
            continue
        cost = move_cost(s, here, room)
        if s.side == "B" and r == RADIOLOGY:
            cost = min(cost, ABILITY_COST)
        if cost + price <= tokens:
            options.append((urgency(p), cost, room))
    if not options:
        return None
    _, cost, room = min(options)
    if s.side == "B" and r == RADIOLOGY and cost == ABILITY_COST < move_cost(s, here, room) + 1:
        return Action("dash", to=room)
    return Action("move", to=room)


def _page(s: CodeTriageState) -> Action | None:
    """Side B Nurse: page a role whose most urgent patient is two or more Move tokens away."""
    if s.side != "B" or s.tokens[NURSE] < ABILITY_COST:
        return None
    for role in (RADIOLOGY, REP, LAB):
        where = s.positions[role]
        if where is None:
            continue
        needs = sorted((urgency(p), room) for room, p in s.patients.items()
                       if p.orders[role] and room != where)
        if needs and move_cost(s, where, needs[0][1]) >= 2:
            return Action("page", role=ROLES[role], to=needs[0][1])
    return None


def _comfort_trip(s: CodeTriageState, r: int) -> Action | None:
    here, tokens = s.positions[r], s.tokens[r]
    options = [(urgency(p), move_cost(s, here, room), room) for room, p in s.patients.items()
               if p.hearts == 1 and room != here and patient_cards()[p.card].health > 1]
    options = [o for o in options if o[1] + 1 <= tokens]
    return Action("move", to=min(options)[2]) if options else None


def choose(s: CodeTriageState) -> Action:
    r = s.current
    here, room = s.positions[r], s.room_of(r)
    if room in s.patients:
        action = _in_room(s, r, room, s.patients[room])
        if action:
            return action
    action = _route(s, r) or (r == NURSE and _page(s)) or _comfort_trip(s, r)
    if action:
        return action
    budget = s.tokens[r] * s.move_per_token
    guarded = [q for q, p in s.patients.items() if p.hearts is not None]
    if s.side == "B" and r == REP and guarded:
        goal = min(guarded, key=lambda q: urgency(s.patients[q]))
        if goal != here and move_cost(s, here, goal) <= s.tokens[r]:
            return Action("move", to=goal)
    needs = sorted((urgency(p), q) for q, p in s.patients.items() if p.orders[r] and q != here)
    goal = needs[0][1] if needs else s.board.starts[r]
    if budget and here != goal:
        action = _toward(s, here, goal, budget)
        if action:
            return action
    return Action("end-turn")


def heuristic_policy(seed: int = 0):
    def policy(game) -> Action:
        return choose(game.state)

    policy.__name__ = "heuristic"
    return policy


POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
