"""The game log: what happened, under which rule, and how likely it was."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

from ..prob import Dist


@dataclass(frozen=True)
class LogEntry:
    turn: int
    phase: str
    rule: str
    text: str
    probability: Fraction | None = None  # for chance outcomes: P(this outcome)
    dist: Dist | None = None  # ...and the distribution it was drawn from
    rigged: bool = False  # the outcome was named by the caller, not sampled

    def __str__(self) -> str:
        s = f"[turn {self.turn} · {self.phase}] {self.text}"
        if self.probability is not None:
            s += f" ({'rigged; ' if self.rigged else ''}p = {self.probability})"
        return s


class LogView(list):
    """A list of log entries that prints as a readable narration."""

    def __str__(self) -> str:
        return "\n".join(map(str, self))

    def __repr__(self) -> str:
        return str(self) if self else "(nothing logged)"

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li title='rule: {escape(e.rule)}'>{escape(str(e))}</li>" for e in self
        )
        return f"<ol class='flatlab-log'>{items}</ol>"


class Log:
    """Collects entries during one engine call; the rules call `log.add(rule, text)`."""

    __slots__ = ("_entries", "_where")

    def __init__(self, entries: list, where):
        self._entries = entries
        self._where = where  # () -> (turn, phase) of the state being changed

    def add(self, rule: str, text: str, **chance: Any) -> None:
        turn, phase = self._where()
        self._entries.append(LogEntry(turn, phase, rule, text, **chance))


class NullLog:
    """For look-ahead (forecasts, bots): the rules run, nothing is recorded."""

    __slots__ = ()

    def add(self, rule: str, text: str, **chance: Any) -> None:
        pass


NULL_LOG = NullLog()
