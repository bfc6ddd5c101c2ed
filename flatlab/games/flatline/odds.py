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
from functools import cache

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
    icons, players = requirement(s, target)
    placed = s.on(target)
    need = Counter(icons) - Counter(face for _, face, _ in placed)
    owners = {o for o, _, _ in placed}
    free = []
    for p in range(s.players):
        hand = Counter(s.dice[i][1] for i in s.unplaced(p))
        use = _take(hand, need, _cap(sum(need.values()), players, owners, p))
        need -= use
        if use:
            owners.add(p)
        free.append(sum(hand.values()) - sum(use.values()))
    faces = s.content.faces
    return _value(_key(need, faces), tuple(free), max(0, s.reroll_limit - s.rerolls_used),
                  frozenset(owners), players, faces)


def _cap(slots: int, players: int, owners: set | frozenset, p: int) -> int:
    """How many of the remaining slots player p may fill and still leave room for others."""
    return max(0, slots - max(0, players - len(owners | {p})))


def _take(have: Counter, need: Counter, cap: int) -> Counter:
    use = Counter()
    for icon in sorted(need):
        n = min(have[icon], need[icon], cap - sum(use.values()))
        if n > 0:
            use[icon] = n
    return use


def _key(need: Counter, faces: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(need.elements(), key=faces.index))


@cache
def _value(need: tuple[str, ...], free: tuple[int, ...], rerolls: int, owners: frozenset,
           players: int, faces: tuple[str, ...]) -> Fraction:
    if not need:
        return Fraction(1) if len(owners) >= players else Fraction(0)
    best = Fraction(0)
    if rerolls == 0:
        return best
    for p, count in enumerate(free):
        if count < 2:  # one die to sacrifice and at least one to throw
            continue
        cap = _cap(len(need), players, owners, p)
        total = Fraction(0)
        for matched, prob in _matches(count - 1, need, cap, faces).items():
            rest = Counter(need) - Counter(matched)
            after = list(free)
            after[p] = count - 1 - len(matched)
            who = owners | {p} if matched else owners
            total += prob * _value(_key(rest, faces), tuple(after), rerolls - 1, who, players, faces)
        best = max(best, total)
    return best


@cache
def _matches(dice: int, need: tuple[str, ...], cap: int, faces: tuple[str, ...]) -> Dist:
    """The needed icons (a multiset) that a throw of `dice` dice supplies, at most `cap` of them."""
    want = Counter(need)
    return pool(dice, faces).map(lambda roll: _key(_take(Counter(roll), want, cap), faces))


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
