"""II. Countdown: roll, place dice, sacrifice a die to re-roll, use Triage cards, stop.

Placement is simultaneous in the real game; here any player's move may come
next, in any order, exactly as at the table. Actions name a player and an
icon, not a particular die: a player's dice showing the same icon are
interchangeable, so `place(player=0, face="heart", on="P04/1")` is the whole
choice, and the action list stays short.

Triage cards can be used at any time of the round when the team decides, so
they are offered in Planning and in the Countdown.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from ...core.action import Action, expect_params
from ...core.chance import ChanceNode
from ...core.errors import IllegalAction
from ...core.log import Log
from .dice import describe_roll, pool
from .effects import apply_effect
from .state import COLOURS, FlatlineState
from .targets import Opening, open_targets, placement_problem, rule_for

COUNTDOWN = "II. Countdown"
ROLL = "II. Countdown: rolling the medic dice"
REROLL = "II. Countdown: Re-rolling"
TRIAGE = "Triage Cards"
TRIAGE_SPACES = 4  # the "+" area
STOP = "II. Countdown: the countdown ends"
TIME_UP = "II. Countdown: time runs out (house ruling: unplaced dice are simply not used)"


# --- rolling ------------------------------------------------------------------------------
def _unrolled(s: FlatlineState, player: int) -> list[int]:
    return [i for i, (o, f, w) in enumerate(s.dice) if o == player and w == "hand" and f is None]


def roll_node(s: FlatlineState) -> ChanceNode:
    player = s.to_roll[0]
    n = len(_unrolled(s, player))
    return ChanceNode(f"{COLOURS[player]} rolls {n} medic dice", ROLL, pool(n, s.content.faces),
                      describe_roll)


def roll(s: FlatlineState, faces: tuple[str, ...], log: Log) -> None:
    player = s.to_roll.pop(0)
    for i, face in zip(_unrolled(s, player), faces, strict=True):
        s.dice[i] = (player, face, "hand")


def reroll_node(s: FlatlineState) -> ChanceNode:
    owner = s.dice[s.rerolling[0]][0]
    return ChanceNode(f"{COLOURS[owner]} re-rolls {len(s.rerolling)} dice", REROLL,
                      pool(len(s.rerolling), s.content.faces), describe_roll)


def reroll(s: FlatlineState, faces: tuple[str, ...], log: Log) -> None:
    owner = s.dice[s.rerolling[0]][0]
    for i, face in zip(s.rerolling, faces, strict=True):
        s.dice[i] = (owner, face, "hand")
    s.rerolling = []


# --- finding dice -------------------------------------------------------------------------
def _player(s: FlatlineState, value: Any, rule: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < s.players:
        raise IllegalAction(f"player must be a number from 0 to {s.players - 1}, got {value!r}",
                            rule=rule)
    return value


def _dice_of(s: FlatlineState, player: int, faces: tuple[str, ...], rule: str) -> list[int]:
    """Unplaced dice of `player` showing these icons (one die per listed icon)."""
    if not isinstance(faces, tuple) or not all(isinstance(f, str) for f in faces):
        raise IllegalAction(f"expected a list of icons, got {faces!r}", rule=rule)
    free = {}
    for i in s.unplaced(player):
        free.setdefault(s.dice[i][1], []).append(i)
    chosen = []
    for face, n in Counter(faces).items():
        have = free.get(face, [])
        if len(have) < n:
            raise IllegalAction(f"{COLOURS[player]} has {len(have)} unplaced {face} "
                                f"(asked for {n})", rule=rule)
        chosen += have[:n]
    return sorted(chosen)


# --- the actions --------------------------------------------------------------------------
def _placed_on(s: FlatlineState, target: str) -> bool:
    return any(where == target for _, _, where in s.dice)



def place(s: FlatlineState, a: Action, log: Log) -> None:
    expect_params(a, "player", "face", "on")
    face, target = a.get("face"), a.get("on")
    rule = rule_for(target) if isinstance(target, str) else COUNTDOWN
    player = _player(s, a.get("player"), rule)
    if target not in open_targets(s):
        where = "it is already complete" if isinstance(target, str) and _placed_on(s, target) else (
            f"open: {', '.join(open_targets(s))}")
        raise IllegalAction(f"{target!r} cannot take dice now ({where})", rule=rule)
    (die,) = _dice_of(s, player, (face,), rule)
    problem = placement_problem(s, player, face, target)
    if problem:
        raise IllegalAction(problem, rule=rule_for(target))
    s.dice[die] = (player, face, target)
    log.add(rule_for(target), f"{COLOURS[player].capitalize()} places a {face} on {target}.")


def sacrifice_reroll(s: FlatlineState, a: Action, log: Log) -> None:
    expect_params(a, "player", "sacrifice", "dice")
    player = _player(s, a.get("player"), REROLL)
    if s.rerolls_used >= s.reroll_limit:
        locked = " (the re-roll track is locked down)" if "rerolls" in s.lockdowns else ""
        raise IllegalAction(f"all {s.reroll_limit} re-rolls of this round are used{locked}",
                            rule=REROLL)
    sacrifice = a.get("sacrifice")
    dice = a.get("dice", ())
    if not dice:
        raise IllegalAction("name the dice to re-roll: dice=(icon, ...)", rule=REROLL)
    chosen = _dice_of(s, player, (sacrifice, *dice), REROLL)
    victim = next(i for i in chosen if s.dice[i][1] == sacrifice)
    s.dice[victim] = (player, sacrifice, "track")
    s.rerolls_used += 1
    s.rerolling = [i for i in chosen if i != victim]
    log.add(REROLL, f"{COLOURS[player].capitalize()} sacrifices a {sacrifice} to the re-roll track "
            f"({s.rerolls_used} of {s.reroll_limit}) and re-rolls {describe_roll(dice)}.")


def use_triage(s: FlatlineState, a: Action, log: Log) -> None:
    card_id = a.get("card")
    usable = s.triage[:TRIAGE_SPACES]
    if "triage" in s.lockdowns:
        raise IllegalAction("the Triage area is locked down this round", rule=TRIAGE)
    if card_id not in usable:
        raise IllegalAction(f"{card_id!r} is not a Triage card in the + area "
                            f"(usable: {', '.join(usable) or 'none'})", rule=TRIAGE)
    effect = s.content.emergencies[card_id].triage
    choice = _triage_choice(s, effect.kind, a)
    s.triage.remove(card_id)
    s.discard.append(card_id)
    apply_effect(s, effect, log, f"Triage card {card_id}", TRIAGE, **choice)


def _triage_choice(s: FlatlineState, kind: str, a: Action) -> dict[str, Any]:
    """Check the players' picks for a triage benefit; only what the kind needs is allowed."""
    needs = {"gain-die": {"player"}, "free-reroll": {"player", "dice"},
             "set-face": {"player", "face", "to"}, "discard-emergency": {"target"}}.get(kind, set())
    given = set(a.params) - {"card"}
    if given != needs:
        raise IllegalAction(f"a {kind} Triage card takes {', '.join(sorted(needs)) or 'nothing'}",
                            rule=TRIAGE)
    if kind == "gain-die":
        player = _player(s, a.player, TRIAGE)
        if not any(d[0] == player and d[2] == "aside" for d in s.dice):
            raise IllegalAction(f"{COLOURS[player]} has no set-aside die left", rule=TRIAGE)
        return {"player": player}
    if kind == "free-reroll":
        if not a.dice:
            raise IllegalAction("name the dice to re-roll: dice=(icon, ...)", rule=TRIAGE)
        return {"dice": _dice_of(s, _player(s, a.player, TRIAGE), a.dice, TRIAGE)}
    if kind == "set-face":
        (die,) = _dice_of(s, _player(s, a.player, TRIAGE), (a.face,), TRIAGE)
        if a.to not in s.content.faces or a.to == a.face:
            raise IllegalAction(f"to must be another icon, one of {', '.join(s.content.faces)}",
                                rule=TRIAGE)
        return {"die": die, "to": a.to}
    if kind == "discard-emergency":
        if a.target not in s.emergency_cards():
            raise IllegalAction(f"{a.target!r} is not in the Emergency area", rule=TRIAGE)
        return {"card": a.target}
    return {}


def stop(s: FlatlineState, a: Action, log: Log) -> None:
    """The team calls the countdown over (untimed play), or the clock does ("time-up")."""
    expect_params(a)
    if a.kind == "time-up" and not s.timer:
        raise IllegalAction("this game has no countdown timer; the team ends the countdown "
                            "with act('stop')", rule=TIME_UP)
    left = len(s.unplaced())
    why = "Time is up" if a.kind == "time-up" else "The team stops the countdown"
    log.add(TIME_UP if a.kind == "time-up" else STOP,
            why + (f"; {left} unplaced dice are not used this round." if left else "."))


COUNTDOWN_ACTIONS = {"place": place, "reroll": sacrifice_reroll, "triage": use_triage, "stop": stop,
                     "time-up": stop}


# --- listing the legal actions ------------------------------------------------------------
def placements(s: FlatlineState) -> list[Action]:
    out = []
    openings = [Opening(s, t) for t in open_targets(s)]
    for player in range(s.players):
        faces = sorted({s.dice[i][1] for i in s.unplaced(player)}, key=s.content.faces.index)
        for face, opening in product(faces, openings):
            if opening.problem(player, face) is None:
                out.append(Action("place", player=player, face=face, on=opening.target))
    return out


def _submultisets(faces: tuple[str, ...]) -> list[tuple[str, ...]]:
    counts = Counter(faces)
    keys = list(counts)
    out = []
    for picks in product(*(range(counts[k] + 1) for k in keys)):
        sub = tuple(k for k, n in zip(keys, picks, strict=True) for _ in range(n))
        if sub:
            out.append(sub)
    return out


def _hand(s: FlatlineState, player: int) -> tuple[str, ...]:
    return tuple(sorted((s.dice[i][1] for i in s.unplaced(player)), key=s.content.faces.index))


def rerolls(s: FlatlineState) -> list[Action]:
    if s.rerolls_used >= s.reroll_limit:
        return []
    out = []
    for player in range(s.players):
        hand = _hand(s, player)
        for sacrifice in sorted(set(hand), key=s.content.faces.index):
            rest = list(hand)
            rest.remove(sacrifice)
            out += [Action("reroll", player=player, sacrifice=sacrifice, dice=sub)
                    for sub in _submultisets(tuple(rest))]
    return out


def triage_uses(s: FlatlineState) -> list[Action]:
    if "triage" in s.lockdowns:
        return []
    out = []
    for card in s.triage[:TRIAGE_SPACES]:
        kind = s.content.emergencies[card].triage.kind
        for params in _triage_params(s, kind):
            out.append(Action("triage", card=card, **params))
    return out


def _triage_params(s: FlatlineState, kind: str) -> list[dict[str, Any]]:
    players = range(s.players)
    if kind == "gain-die":
        return [{"player": p} for p in players
                if any(d[0] == p and d[2] == "aside" for d in s.dice)]
    if kind == "free-reroll":
        return [{"player": p, "dice": sub} for p in players for sub in _submultisets(_hand(s, p))]
    if kind == "set-face":
        return [{"player": p, "face": f, "to": t} for p in players
                for f in sorted(set(_hand(s, p)), key=s.content.faces.index)
                for t in s.content.faces if t != f]
    if kind == "discard-emergency":
        return [{"target": c} for c in s.emergency_cards()]
    return [{}]


def countdown_actions(s: FlatlineState) -> list[Action]:
    return placements(s) + rerolls(s) + triage_uses(s) + [Action("stop")]

