"""Combat arithmetic (chapter 8): combat values with their modifiers, and what a result means.

Pure functions of the tables and a state; the procedure (cards, reveals, retreats) is in
phases.py.
"""
from __future__ import annotations

from ...engine.state import State
from .data import Tables


def combat_value(t: Tables, state: State, uid: str, defending: bool) -> float:
    """Printed value minus the river (8 Other (7)), commander-retreat (8 Other (8)) and, for a
    defender, retreat-marker (8 Other (1)) penalties (ruling R13: which value each reduces)."""
    general = t.generals[uid]
    u = state["units"][uid]
    value = general.value
    if u["at"] in t.river:
        value -= t.river_penalty
    if not general.commander:
        value -= t.commander_penalty * state["commander_retreats"][general.side]
    if defending and u.get("retreat_marker"):
        value -= t.retreat_marker_penalty
    return value


def loser_removed(margin: float, marked: bool) -> bool:
    """8 Applying a)/b), 8 Other (1): removed if more than 1 behind, or if it had a retreat marker."""
    return margin > 1 or marked
