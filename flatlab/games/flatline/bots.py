"""Flatline bots: a random-legal policy and a heuristic team.

The heuristic plans the whole table each time it is asked: it walks the
targets in priority order (Stat cards first, since they cost a card in the X
area; then emergencies by how much their effect hurts; then patient rows,
nearest to done first; then the stations when power runs low) and reserves
dice for every target it can complete *now*. It places a die of the first
reserved plan; with nothing completable it spends a re-roll on the player
holding the most dice no plan wants, re-rolling exactly those; then stops.
"""

from __future__ import annotations

from collections import Counter

from ...core.action import Action
from ...sim.policies import random_policy
from .countdown import TRIAGE_SPACES
from .state import FlatlineState
from .targets import open_targets, requirement

HURT = {"lose-power": 6, "lose-dice": 5, "extra-emergency": 4, "block-patient": 3,
        "lock-down": 3, "fewer-rerolls": 2}


def _priority(s: FlatlineState, target: str) -> tuple:
    c = s.content
    if target.startswith("station/"):
        return (3 if s.cubes <= 4 else 5, 0)
    if "/" in target:
        card = target.split("/")[0]
        rows = len(c.patients[card].rows)
        left = rows - len(s.cleared.get(card, []))
        return (2, left, len(requirement(s, target)[0]))
    card = c.emergencies[target]
    if card.tab == "orange":
        return (0, len(card.icons))
    return (1, -HURT.get(card.effect.kind, 1) * card.effect.amount, len(card.icons))


def _plan(s: FlatlineState, target: str, free: dict[int, str]) -> list[int] | None:
    """Dice (indices) from `free` that complete `target` now, or None."""
    icons, players = requirement(s, target)
    placed = s.on(target)
    need = Counter(icons) - Counter(f for _, f, _ in placed)
    owners = {o for o, _, _ in placed}
    chosen = []
    for icon, n in need.items():
        pool = sorted((i for i, f in free.items() if f == icon and i not in chosen),
                      key=lambda i: (s.dice[i][0] in owners, i))
        if len(pool) < n:
            return None
        for i in pool[:n]:
            chosen.append(i)
            owners.add(s.dice[i][0])
    return chosen if len(owners) >= players else None


def plans(s: FlatlineState) -> tuple[list[tuple[str, list[int]]], dict[int, str]]:
    """Reserve dice target by target in priority order; returns the plans and the dice left."""
    free = {i: s.dice[i][1] for i in s.unplaced()}
    out = []
    for target in sorted(open_targets(s), key=lambda t: _priority(s, t)):
        chosen = _plan(s, target, free)
        if chosen:
            out.append((target, chosen))
            for i in chosen:
                del free[i]
    return out, free


def heuristic_policy(seed: int = 0):
    def policy(game) -> Action:
        s: FlatlineState = game.state
        if s.step == "choose":
            worst = max(s.emergency_cards(), key=lambda c: HURT.get(
                s.content.emergencies[c].effect.kind, 1))
            return Action("discard", card=worst)
        triage = _triage(s)
        if triage:
            return triage
        if s.step == "planning":
            return Action("start-countdown")
        chosen, spare = plans(s)
        if chosen:
            target, dice = chosen[0]
            owner, face, _ = s.dice[dice[0]]
            return Action("place", player=owner, face=face, on=target)
        return _reroll(s, spare) or Action("stop")

    policy.__name__ = "heuristic"
    return policy


def _reroll(s: FlatlineState, spare: dict[int, str]) -> Action | None:
    if s.rerolls_used >= s.reroll_limit:
        return None
    by_player: dict[int, list[str]] = {}
    for i, face in spare.items():
        by_player.setdefault(s.dice[i][0], []).append(face)
    if not by_player:
        return None
    player, faces = max(by_player.items(), key=lambda kv: (len(kv[1]), -kv[0]))
    if len(faces) < 2:
        return None
    faces.sort(key=s.content.faces.index)
    return Action("reroll", player=player, sacrifice=faces[0], dice=tuple(faces[1:]))


def _triage(s: FlatlineState) -> Action | None:
    """Use a Triage card when it clearly helps: extra dice and re-rolls early, power when low."""
    if "triage" in s.lockdowns:
        return None
    for card in s.triage[:TRIAGE_SPACES]:
        kind = s.content.emergencies[card].triage.kind
        if kind == "gain-die" and s.step == "planning":
            spare = [p for p in range(s.players) if any(d[0] == p and d[2] == "aside" for d in s.dice)]
            if spare:
                return Action("triage", card=card, player=spare[0])
        if kind == "extra-rerolls" and s.step == "countdown" and s.rerolls_used >= s.reroll_limit:
            return Action("triage", card=card)
        if kind == "recharge" and s.cubes <= 3:
            return Action("triage", card=card)
        if kind == "discard-emergency" and s.step == "planning" and s.emergency_cards():
            worst = max(s.emergency_cards(), key=lambda c: HURT.get(
                s.content.emergencies[c].effect.kind, 1))
            return Action("triage", card=card, target=worst)
    return None


POLICIES = {"random": random_policy, "heuristic": heuristic_policy}
