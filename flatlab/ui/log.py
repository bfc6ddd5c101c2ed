"""The narrated log on screen: the last few entries, each chance outcome with its probability."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from .follow import Follower


class LogPanel(Follower):
    """`widget` shows the last `last` log entries, newest first."""

    def __init__(self, last: int = 12):
        self.last = last
        self.widget = w.HTML()
        self.widget.add_class("flatlab-log")

    def refresh(self) -> None:
        entries = self.game.log[-self.last:][::-1]
        items = []
        for e in entries:
            chance = ""
            if e.probability is not None:
                chance = (f" <span class='fl-p'>{'rigged; ' if e.rigged else ''}"
                          f"p = {escape(str(e.probability))}</span>")
            items.append(f"<li title='rule: {escape(e.rule)}'><span class='fl-when'>turn {e.turn} · "
                         f"{escape(e.phase)}</span> {escape(e.text)}{chance}</li>")
        self.widget.value = (f"<ol class='fl-log' aria-label='game log, newest first'>{''.join(items)}</ol>"
                             if items else "<p class='fl-log'>Nothing has happened yet.</p>")
