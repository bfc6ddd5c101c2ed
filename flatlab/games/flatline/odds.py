"""Probability annotations for Flatline: exact where the outcomes can be counted.

- The emergency dice: each slot is shown by at least one of two dice with
  probability 11/36 (doubles count once), so every card in the Emergency area
  fires with probability 11/36; `fired` is the exact distribution of how many
  cards fire this round.
- Completing a target: the exact probability that the team's unplaced dice,
  with the re-rolls still allowed, can finish a patient row or a card, if the
  re-rolls are played as well as possible for that target alone. It is a
  dynamic programme over dice *multisets*: which icons are still needed, how
  many free dice each player holds, and how many re-rolls are left; each
  re-roll sacrifices one free die and throws the rest of that player's free
  dice. (For rows that need several players, dice already showing are split
  between players greedily.)
- The power meter as a clock: rounds that can still start if nothing is
  recharged, and `power_risk(game)`: the chance of losing to power from here
  under the heuristic bot — simulated, so it comes with its interval.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from ...prob import Dist, Proportion
from .dice import EMERGENCY_DICE, pool, slots_shown
from .state import FlatlineState
from .targets import open_targets, requirement


@dataclass(frozen=True)
class FlatlineForecast:
    slot: Fraction  # P(a given slot is activated by the emergency dice)
    cards: dict[str, Fraction]  # each Emergency-area card: P(it fires at the next roll)
    fired: Dist  # how many Emergency-area cards fire at the next roll
    completion: dict[str, Fraction]  # each open target: P(the team can still complete it)
    rounds_left: int  # rounds that can still start if no cube comes back

    def __str__(self) -> str:
        lines = [f"Emergency dice: each slot fires with P = {self.slot} ≈ {float(self.slot):.3f}"]
        for card, p in self.cards.items():
            lines.append(f"  {card} fires with P = {p}")
        lines.append("  cards firing: " + ", ".join(f"{k}: {p}" for k, p in self.fired.items()))
        if self.completion:
            lines.append("Can the unplaced dice (with the re-rolls left) still complete...")
            lines += [f"  {t}: P = {p} ≈ {float(p):.3f}" for t, p in self.completion.items()]
        lines.append(f"Power: {self.rounds_left} more round(s) can start if nothing is recharged.")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<pre>" + str(self) + "</pre>"


def forecast(s: FlatlineState) -> FlatlineForecast:
    cards = s.emergency_cards()
    fired = Dist({n: p for n, p in EMERGENCY_DICE.map(
        lambda roll: sum(len(s.emergency_area[slot]) for slot in slots_shown(roll))).items()})
    rolled = any(face is not None for _, face, where in s.dice if where == "hand")
    completion = ({t: completion_probability(s, t) for t in open_targets(s)}
                  if s.step == "countdown" and rolled else {})
    return FlatlineForecast(
        slot=EMERGENCY_DICE.p(lambda roll: 1 in roll),
        cards={c: EMERGENCY_DICE.p(lambda roll, c=c: _slot_of(s, c) in roll) for c in cards},
        fired=fired, completion=completion, rounds_left=max(0, s.cubes - 1),
    )


def _slot_of(s: FlatlineState, card: str) -> int:
    return s.content.emergencies[card].slot


def completion_probability(s: FlatlineState, target: str) -> Fraction:
    """P(the unplaced dice, with the re-rolls left, can complete `target`), best play for it."""
    icons, players = requirement(s, target)
    placed = s.on(target)
    need = Counter(icons) - Counter(face for _, face, _ in placed)
    owners = {o for o, _, _ in placed}
    faces = s.content.faces
    hands = tuple(sorted(
        (p in owners, *_split(Counter(s.dice[i][1] for i in s.unplaced(p)), need, faces))
        for p in range(s.players)))
    return _value(_key(need, faces), hands, max(0, s.reroll_limit - s.rerolls_used), players,
                  faces)


def _key(need: Counter, faces: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(need.elements(), key=faces.index))


def _split(hand: Counter, need: Counter, faces: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    """A player's free dice as (those showing needed icons, how many others)."""
    useful = hand & need
    return _key(useful, faces), sum(hand.values()) - sum(useful.values())


@lru_cache(maxsize=200_000)  # positions recur across targets and calls
def _value(need: tuple[str, ...], hands: tuple, rerolls: int, players: int,
           faces: tuple[str, ...]) -> Fraction:
    """Done if the dice showing can cover the target now; else the best re-roll, if any is left.

    `hands` holds, for each player, (has already placed on the target, the
    needed icons their free dice show, how many other free dice they hold),
    sorted. A re-roll: one player keeps some dice showing needed icons,
    sacrifices one other die and throws all the rest. Two dominated choices
    are skipped: re-rolling with fewer dice than a player in the same
    position, and throwing away an icon no other player shows.
    """
    if _coverable(need, hands, players):
        return Fraction(1)
    best = Fraction(0)
    if rerolls == 0:
        return best
    want = Counter(need)
    for p, (owner, useful, junk) in enumerate(hands):
        if p + 1 < len(hands) and hands[p + 1][:2] == (owner, useful):
            continue  # a player in the same position with more dice re-rolls at least as well
        others = Counter()
        for q, (_, theirs, _) in enumerate(hands):
            if q != p:
                others |= Counter(theirs)
        must = Counter(useful) - others  # icons only this player shows: keeping them dominates
        for optional in _submultisets(Counter(useful) - must):
            keep = must + optional
            kept = sum(keep.values())
            thrown = len(useful) - kept + junk - 1
            if thrown < 1:
                continue
            total = Fraction(0)
            for shown, prob in _matches(thrown, need, faces).items():
                useful_after = (keep + Counter(shown)) & want
                after = list(hands)
                after[p] = (owner, _key(useful_after, faces),
                            kept + thrown - sum(useful_after.values()))
                total += prob * _value(need, tuple(sorted(after)), rerolls - 1, players, faces)
            best = max(best, total)
    return best


@lru_cache(maxsize=200_000)
def _coverable(need: tuple[str, ...], hands: tuple, players: int, p: int = 0,
               helpers: int = 0) -> bool:
    """Can the dice showing, player p onwards, cover every needed icon with enough players?

    `helpers` counts players who have not placed on the target yet but cover
    an icon here; with those who have placed, they must reach `players`.
    """
    placed = sum(owner for owner, _, _ in hands)
    if not need:
        return placed + helpers >= players
    if p == len(hands) or placed + helpers + len(need) < players:
        return False
    owner, useful, _ = hands[p]
    want = Counter(need)
    for sub in _submultisets(Counter(useful) & want):
        new_helper = bool(sub) and not owner
        if _coverable(tuple((want - sub).elements()), hands, players, p + 1, helpers + new_helper):
            return True
    return False


def _submultisets(counts: Counter) -> list[Counter]:
    subs = [Counter()]
    for icon, n in counts.items():
        subs = [sub + Counter({icon: k}) for sub in subs for k in range(n + 1)]
    return subs


@cache
def _matches(dice: int, need: tuple[str, ...], faces: tuple[str, ...]) -> Dist:
    """Which needed icons a throw of `dice` dice shows (a multiset, at most what is needed)."""
    want = Counter(need)
    return pool(dice, faces).map(lambda roll: _key(Counter(roll) & want, faces))


def power_risk(game, n: int = 200, seed: int = 0) -> Proportion:
    """P(losing to power from here) under the heuristic bot: n simulated futures, with interval."""
    from ...core.game import Game
    from .bots import heuristic_policy

    losses = 0
    for i in range(n):
        future = Game(game.rules, game.options, f"{game.seed}/future-{seed + i}",
                      state=game.rules.copy_state(game.state))
        future.play(heuristic_policy(seed + i))
        losses += future.outcome == "lost" and future.state.cubes == 0
    return Proportion(losses, n)
