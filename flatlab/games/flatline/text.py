"""The Flatline table as text: the dial and its patients, the areas, the meter, the dice."""

from __future__ import annotations

from collections import Counter

from .countdown import TRIAGE_SPACES
from .setup import roles
from .state import COLOURS, PATIENT_SPACES, FlatlineState
from .targets import missing, row_target

ICON = {"heart": "H", "lungs": "L", "brain": "N", "bone": "B", "blood": "D", "meds": "M"}
LEGEND = ("Icons: H heart, L lungs, N brain, B bone, D blood, M meds. A row shows the icons it "
          "needs; [x] marks icons already covered by dice, (2p) a row needing 2 players.")


def _icons(icons) -> str:
    return " ".join(ICON.get(i, i) for i in icons)


def _progress(s: FlatlineState, target: str, icons) -> str:
    left = missing(s, target)
    covered = Counter(icons) - left
    shown = []
    for icon in icons:
        if covered[icon]:
            covered[icon] -= 1
            shown.append(f"[{ICON[icon]}]")
        else:
            shown.append(ICON[icon])
    return " ".join(shown)


def describe(s: FlatlineState) -> str:
    c = s.content
    meter = c.meter(s.side, s.players)
    lines = [f"Flatline · round {s.round} · {s.step} · {s.players} players "
             f"({s.difficulty}, {s.side} meter) · {roles(s)}",
             "Power meter: " + " ".join(f"[{n}]" if cube else " . " for n, cube in zip(meter, s.meter,
                                                                                   strict=True))
             + f"   stations: {', '.join('cube' if x else 'used' for x in s.stations)}",
             f"Patients left in the pile: {s.pile}", ""]
    for k in range(PATIENT_SPACES):
        space = (s.diamond + k) % PATIENT_SPACES
        card = s.patients[space]
        mark = "◆" if k == 0 else " "
        if card is None:
            lines.append(f" {mark} space {space + 1}: (empty)")
            continue
        p = c.patients[card]
        blocked = " BLOCKED this round" if card in s.blocked else ""
        lines.append(f" {mark} space {space + 1}: {card} {p.name} — {p.colour} trigger{blocked}")
        for r, row in enumerate(p.rows):
            if r in s.cleared.get(card, []):
                lines.append(f"      row {r + 1}: CLEARED")
            else:
                need = f" ({row.players}p)" if row.players > 1 else ""
                lines.append(f"      row {r + 1}: {_progress(s, row_target(card, r), row.icons)}{need}")
    lines.append("")
    for slot in range(1, 7):
        cards = s.emergency_area[slot]
        shown = " | ".join(f"{x} {c.emergencies[x].name}: {_progress(s, x, c.emergencies[x].icons)}"
                           for x in cards) or "-"
        lines.append(f" Emergency slot {slot}: {shown}")
    stat = ", ".join(f"{x} {c.emergencies[x].name}: {_progress(s, x, c.emergencies[x].icons)}"
                     for x in s.stat_area) or "-"
    lines.append(f" Stat area: {stat}")
    plus = ", ".join(f"{x} ({c.emergencies[x].triage})" for x in s.triage[:TRIAGE_SPACES]) or "-"
    lines.append(f" Triage (+): {plus}   X area: {len(s.x_area)} of {s.x_limit}")
    if s.emergency_roll:
        lines.append(f" Emergency dice: {s.emergency_roll[0]} and {s.emergency_roll[1]}")
    lines.append(f" Re-rolls: {s.rerolls_used} of {s.reroll_limit} used"
                 + (f"; lock-downs: {', '.join(s.lockdowns)}" if s.lockdowns else ""))
    for p in range(s.players):
        hand = [d[1] for d in s.dice if d[0] == p and d[2] == "hand"]
        rolled = _icons(sorted((f for f in hand if f), key=c.faces.index))
        unrolled = sum(1 for f in hand if f is None)
        lines.append(f" {COLOURS[p]:>6}: hand {rolled or '-'}"
                     + (f" (+{unrolled} to roll)" if unrolled else ""))
    lines.append(LEGEND)
    return "\n".join(lines)
