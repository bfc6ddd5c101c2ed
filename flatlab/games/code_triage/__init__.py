"""Code Triage: a cooperative emergency room, every Patient, Room and Event draw a chance node.

    g = flatlab.new_game("code-triage", players=4, length="contingent", side="A",
                         difficulty="easy", mature=True, seed=7)

Options: players 1-4 (all four roles always play); length "full" (12 hours,
25 rounds), "part" (8 hours, 17) or "contingent" (6 hours, 13); side "A"
(no abilities) or "B" (each role's special ability); difficulty "easy",
"normal", "hard" or "expert" (see data/dice.toml); mature False removes the
8 mature Patient cards. Rules, house rulings and balance: RULES.md.
"""

from .rules import RULES

__all__ = ["RULES"]
