"""Flash Point bots: a random-legal policy and a simple rescue-first heuristic.

A policy is a function `policy(game) -> Action` choosing among
`game.legal_actions()`; it reads the public state and never changes it.

The heuristic, in order: get out of fire; carry a victim along the cheapest
path out of the building; beat back fire next to a victim, a POI or itself;
walk towards the nearest victim or POI (opening doors on the way); put out
fire within reach; otherwise end the turn and save AP.
"""

from __future__ import annotations

import heapq

from ...core.action import Action
from ...sim.policies import random_policy
from .board import NEIGHBOURS, OUTSIDE, Cell, edge, is_inside
from .state import CLOSED, FIRE, FlashPointState


def _paths(s: FlashPointState, start: Cell, carrying: bool) -> tuple[dict, dict]:
    """Cheapest AP cost from `start` to every space, through doors (opened on the way).

    Carrying: 2 AP a step and never into fire. Walking: 1 AP, 2 into fire.
    A closed door costs 1 AP more (open it, then step through).
    """
    cost = {start: 0}
    first: dict[Cell, Cell] = {}
    queue = [(0, start)]
    while queue:
        c, cell = heapq.heappop(queue)
        if c > cost[cell]:
            continue
        for nb, e, _ in NEIGHBOURS[cell]:
            if e in s.layout.walls and s.damage.get(e, 0) < 2:
                continue
            extra = 1 if e in s.layout.doors and s.doors[e] == CLOSED else 0
            fire = s.threat.get(nb) == FIRE
            if carrying and fire:
                continue
            step = 2 if carrying or fire else 1
            nc = c + step + extra
            if nc < cost.get(nb, 1 << 30):
                cost[nb] = nc
                first[nb] = nb if cell == start else first[cell]
                heapq.heappush(queue, (nc, nb))
    return cost, first


def _toward(s: FlashPointState, here: Cell, goal_first: Cell, carry: bool) -> Action:
    e = edge(here, goal_first)
    if e in s.layout.doors and s.doors[e] == CLOSED:
        return Action("door", to=goal_first)
    return Action("move", to=goal_first, carry=True) if carry else Action("move", to=goal_first)


def heuristic_policy(seed: int = 0):
    def policy(game) -> Action:
        legal = game.legal_actions()
        s: FlashPointState = game.state
        if s.step == "place-firefighter":
            return _placement(s, legal)
        if s.step != "take-action":
            return legal[0]
        allowed = set(legal)
        here = s.positions[s.current]

        def first_legal(*candidates: Action) -> Action | None:
            return next((a for a in candidates if a in allowed), None)

        # 1. never stay in fire
        if s.threat.get(here) == FIRE:
            a = first_legal(Action("extinguish", at=here, clear=True), Action("extinguish", at=here))
            if a:
                return a
        # 2. carry a victim out
        if s.victims.get(here):
            cost, first = _paths(s, here, carrying=True)
            exits = [c for c in OUTSIDE if c in cost]
            if exits:
                goal = min(exits, key=cost.__getitem__)
                a = first_legal(_toward(s, here, first[goal], carry=True))
                if a:
                    return a
        # 3. fire next to something precious (victim, POI, me)
        near = [here, *(nb for nb, e, _ in NEIGHBOURS[here] if s.passable(e))]
        for at in near:
            if s.threat.get(at) != FIRE:
                continue
            threatened = any(
                nb == here or nb in s.hidden or s.victims.get(nb)
                for nb, e, _ in NEIGHBOURS[at] if s.passable(e))
            if threatened:
                a = first_legal(Action("extinguish", at=at, clear=True),
                                Action("extinguish", at=at))
                if a:
                    return a
        # 4. head for the nearest victim or POI
        cost, first = _paths(s, here, carrying=False)
        goals = [c for c in (*s.victims, *s.hidden) if c in cost and c != here and is_inside(c)]
        if goals:
            goal = min(goals, key=lambda c: (cost[c], c not in s.victims))
            a = first_legal(_toward(s, here, first[goal], carry=False))
            if a:
                return a
        # 5. fight any fire in reach, then smoke
        for at in near:
            if s.threat.get(at) == FIRE:
                a = first_legal(Action("extinguish", at=at, clear=True))
                if a:
                    return a
        return first_legal(Action("end-turn")) or legal[0]

    policy.__name__ = "heuristic"
    return policy


def _placement(s: FlashPointState, legal: list[Action]) -> Action:
    """Start at an outside space with a way in, as close as possible to a POI, crew spread out."""
    taken = {p for p in s.positions if p}
    targets = list(s.hidden) or [(3, 4)]

    def score(a: Action) -> tuple:
        cell = a.to
        entrance = any(is_inside(nb) and (e not in s.layout.walls or s.damage.get(e, 0) >= 2)
                       for nb, e, _ in NEIGHBOURS[cell])
        far = min(abs(cell[0] - t[0]) + abs(cell[1] - t[1]) for t in targets)
        return (not entrance, cell in taken, far)

    return min(legal, key=score)


POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
