"""The four roles (Setup, step 6): always all four in play, in the order they take turns.

Each role has a player board, a symbol (the doctor's orders it fills) and a
starting space on the board. The rulebook has the Nurse start and the others
follow clockwise; flatlab seats them in the order below (house ruling), and
with fewer than four players the roles are dealt round the table, so player 1
of 3 controls the Nurse and the Lab Tech.
"""

from __future__ import annotations

ROLES = ("nurse", "radiology-tech", "patient-rep", "lab-tech")  # turn order
NURSE, RADIOLOGY, REP, LAB = range(4)
TITLES = ("Nurse", "Radiology Tech", "Patient Rep", "Lab Tech")
SYMBOLS = ("N", "R", "P", "L")  # one letter each, for the text board and order lists


def controller(role: int, players: int) -> int:
    """Which player (1-based) controls a role: the four roles dealt round the table."""
    return role % players + 1
