"""7. Reset Action Tokens: every role has its 4 action tokens again, and this round's events end.

Adrenaline Rush, Exhaustion and extra tokens last until now; a role back from
its Lunch Break returns to its starting space. Tokens placed on patients as
filled orders are replaced from the role's supply (house ruling: the supply
never runs short, so a role always starts a round with 4).
"""

from __future__ import annotations

from ...core.log import Log
from .roles import TITLES
from .state import MOVE, ORDERS, TOKENS, TOKENS_PER_ORDER, CodeTriageState

RESET = "7. Reset Action Tokens"


def reset_tokens(s: CodeTriageState, log: Log) -> None:
    s.tokens = [TOKENS] * len(s.tokens)
    s.move_per_token, s.orders_per_token, s.tokens_per_order = MOVE, ORDERS, TOKENS_PER_ORDER
    if s.lunch is not None:
        s.positions[s.lunch] = s.board.starts[s.lunch]
        log.add(RESET, f"The {TITLES[s.lunch]} is back from lunch, at the starting space.")
        s.lunch = None
    s.step = s.phase = "advance-clock"
