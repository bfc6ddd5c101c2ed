"""The event effect vocabulary: what an Event card may do, as data.

Each event card in `data/events.toml` lists its effects as `[[event.effect]]`
tables, applied in order by the one interpreter, `new_event.apply_effect`.
Every table has a `do` key; the other keys it may use are:

do = "round"           for this round only, until 7. Reset Action Tokens:
    move_per_token     spaces one Move token allows (normally 10)
    orders_per_token   orders one Treat token fills (normally 1)
    tokens_per_order   tokens one order costs (normally 1); Comfort is never changed
    extra_tokens       extra action tokens every role in the emergency room gets now
do = "random-patient"  select one eligible patient at random (a chance node: the
                       rulebook's shuffle of their Room Assignment cards), then change it
do = "every-patient"   change every eligible patient, in room order
    risk               who is eligible: "any" (default), "ama", "death", or "health"
                       (any patient with hearts, i.e. not a "cannot leave" patient)
    needs              only patients with a pending order of this role
    hearts             add (or, negative, remove) hearts, never above the printed
                       health; a patient left with none leaves as in phase 6
    set_risk           "death": from now on the patient's risk is death (Code Blue)
    add_order          an extra doctor's order of this role
    fill_order         one pending order of this role is filled
do = "arrivals"        patients arrive now, each with a Patient and a Room Assignment card
    count              how many, or
    die                "patient": roll the Patient die for how many
do = "lunch-break"     a role's pawn leaves the emergency room for this round, and comes
    role               back to its starting space at 7. Reset Action Tokens
do = "keep"            the card is kept as an item instead of being discarded
    use                "discharge": spend it (no action token) to discharge the patient
                       in the acting role's room, whatever orders are pending

Roles are written "nurse", "radiology-tech", "patient-rep", "lab-tech".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .roles import ROLES

RISKS = ("any", "ama", "death", "health")
_FILTER = {"risk", "needs"}
_CHANGES = {"hearts", "set_risk", "add_order", "fill_order"}
VOCABULARY: dict[str, tuple[set[str], set[str]]] = {  # do -> (required one of, allowed)
    "round": ({"move_per_token", "orders_per_token", "tokens_per_order", "extra_tokens"},
              {"move_per_token", "orders_per_token", "tokens_per_order", "extra_tokens"}),
    "random-patient": (_CHANGES, _FILTER | _CHANGES),
    "every-patient": (_CHANGES, _FILTER | _CHANGES),
    "arrivals": ({"count", "die"}, {"count", "die"}),
    "lunch-break": ({"role"}, {"role"}),
    "keep": ({"use"}, {"use"}),
}


@dataclass(frozen=True)
class Effect:
    do: str
    risk: str = "any"
    needs: int | None = None  # a role index
    hearts: int = 0
    set_risk: str | None = None
    add_order: int | None = None
    fill_order: int | None = None
    count: int = 0
    die: str | None = None
    role: int | None = None
    move_per_token: int | None = None
    orders_per_token: int | None = None
    tokens_per_order: int | None = None
    extra_tokens: int = 0
    use: str | None = None

    @property
    def admits(self) -> bool:
        return self.do == "arrivals"

    @property
    def changes_patients(self) -> bool:
        return self.do in ("random-patient", "every-patient")

    def selects(self, patient) -> bool:
        """Is this patient (a state.Patient) eligible for the effect: its `risk` and `needs`?"""
        if self.needs is not None and not patient.orders[self.needs]:
            return False
        if self.risk == "health":
            return patient.hearts is not None
        return self.risk in ("any", patient.risk)


def parse_effect(table: Any, fail) -> Effect:
    """Validate one effect table; `fail(problem)` raises a DataError that says where."""
    if not isinstance(table, dict) or table.get("do") not in VOCABULARY:
        fail(f"an effect needs do = one of {', '.join(VOCABULARY)}")
    do = table["do"]
    required, allowed = VOCABULARY[do]
    keys = set(table) - {"do"}
    if keys - allowed:
        fail(f"do = {do!r} takes {', '.join(sorted(allowed))}; not {', '.join(sorted(keys - allowed))}")
    if not keys & required:
        fail(f"do = {do!r} needs one of {', '.join(sorted(required))}")
    values: dict[str, Any] = {"do": do}
    for key in keys:
        values[key] = _value(key, table[key], fail)
    effect = Effect(**values)
    if effect.hearts and effect.risk == "any":
        fail('a hearts change needs risk = "ama", "death" or "health" '
             "(patients who cannot leave have no hearts)")
    if do == "arrivals" and ("count" in keys) == ("die" in keys):
        fail("arrivals take either count or die, not both")
    return effect


def _value(key: str, value: Any, fail) -> Any:
    if key in ("needs", "add_order", "fill_order", "role"):
        if value not in ROLES:
            fail(f"{key} must be a role ({', '.join(ROLES)}), not {value!r}")
        return ROLES.index(value)
    choices = {"risk": RISKS, "set_risk": ("death",), "die": ("patient",), "use": ("discharge",)}
    if key in choices:
        if value not in choices[key]:
            fail(f"{key} must be one of {', '.join(map(repr, choices[key]))}, not {value!r}")
        return value
    ranges = {"hearts": (-3, 3), "count": (1, 3), "move_per_token": (1, 40),
              "orders_per_token": (1, 3), "tokens_per_order": (1, 4), "extra_tokens": (1, 4)}
    lo, hi = ranges[key]
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi or not value:
        fail(f"{key} must be a whole number from {lo} to {hi} (not 0), not {value!r}")
    return value
