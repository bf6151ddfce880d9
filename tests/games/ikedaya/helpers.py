"""Positions for the Ikedaya rule tests: set-up through the rules, then counters placed by hand.

Every built position is checked with ``rules.validate`` so a test never starts from an impossible
state; actions are applied through ``rules.apply`` (forced dice are ``roll =d`` actions).
"""
from __future__ import annotations

from typing import Iterable, Optional

from kassen.engine.actions import Action
from kassen.engine.state import clone
from kassen.games import load_rules
from kassen.games.ikedaya import Rules
from tests.support import positions as support

SHIN = "shinsengumi"
RONIN = "ronin"


def get_rules() -> Rules:
    return load_rules("ikedaya")  # type: ignore[return-value]


def text(event_or_msg) -> str:
    """The English words of a log event or a message (events hold message keys and arguments)."""
    return support.text(get_rules(), event_or_msg)


def position(rules: Rules, where: dict[str, Optional[str]], *, turn: int = 1, active: str = SHIN,
             spent: Iterable[str] = (), options: Optional[dict] = None, passes: int = 0,
             acted: bool = False, quiet: int = 0) -> dict:
    """An Action Phase position: counters not named in ``where`` are removed (at None)."""
    state = rules.setup(7, options)
    for uid, u in state["units"].items():
        u["at"] = where.get(uid)
        u["spent"] = uid in set(spent)
    state.update({"phase": "action", "turn": turn, "active": active, "passes": passes, "acted": acted,
                  "quiet": quiet, "step": None})
    return support.checked(rules, state)


def setup_done(rules: Rules, seed: int = 1, options: Optional[dict] = None) -> dict:
    """The standard start: Ronin 3/3/1 in the Street Side Rooms, 1 each in 2C3, 2A4, 2B4."""
    state = rules.setup(seed, options)
    plan = [("katsura", "2A1"), ("yoshida", "2A1"), ("sugiyama", "2A1"), ("yamada", "2B1"), ("hirooka", "2B1"),
            ("saeki", "2B1"), ("miyabe", "2C1"), ("kitazoe", "2C3"), ("mochizuki", "2A4"), ("ishikawa", "2B4")]
    for uid, cell in plan:
        state = apply(rules, state, f"place {uid} @{cell}")
    return state


def apply(rules: Rules, state: dict, *actions: str) -> dict:
    """The state after ``actions``, each intermediate state checked (tests/support/positions)."""
    return support.play(rules, state, *actions)[0]


def apply_events(rules: Rules, state: dict, *actions: str) -> tuple[dict, list]:
    return support.play(rules, state, *actions, check=False)


def legal(rules: Rules, state: dict) -> set[str]:
    return set(support.legal(rules, state))


def is_legal(rules: Rules, state: dict, text: str) -> bool:
    return rules.is_legal(state, Action.parse(text))


def destinations(rules: Rules, state: dict, units: str) -> set[str]:
    """Cells a ``move <units> @X`` action may go to now."""
    out = set()
    for a in rules.legal_actions(state):
        if a.verb == "move" and ",".join(a.units) == units:
            out.add(a.cell)
    return out


def at(state: dict, uid: str) -> Optional[str]:
    return state["units"][uid]["at"]


def edited(state: dict, **changes) -> dict:
    s = clone(state)
    s.update(changes)
    return s
