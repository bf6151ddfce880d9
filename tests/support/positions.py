"""Position builders and forced dice for rule tests: one signature for every game.

A rule test starts from a real set-up (``rules.setup`` and actions), or from a clone edited by
``placed`` when the position is hard to reach by play; either way the position must pass
``rules.validate``, so no test starts from a state the rules could never produce. Dice are forced
by applying the chance outcome a test wants (``forced``), which is how the protocol lets tests
choose outcomes. Each game's tests/games/<game>/helpers.py builds its own set-ups on these.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from kassen.engine.rules import GameRules
from kassen.engine.state import CHANCE, Event, State, clone


def checked(rules: GameRules, state: State) -> State:
    """``state`` itself, after asserting the rules find nothing impossible in it."""
    problems = rules.validate(state)
    assert not problems, problems
    return state


def play(rules: GameRules, state: State, *actions: str, check: bool = True) -> tuple[State, list[Event]]:
    """Apply ``actions`` in order (chance outcomes included, e.g. ``roll =6``); the final state and
    every event. Each intermediate state is checked unless ``check`` is False."""
    events: list[Event] = []
    for action in actions:
        state, ev = rules.apply(state, action)
        events += ev
        if check:
            checked(rules, state)
    return state, events


def forced(rules: GameRules, state: State, *outcomes: str) -> tuple[State, list[Event]]:
    """Resolve chance nodes with the given outcomes (``"roll =4"``, ``"draw =uid"``), asserting that
    each is asked at a chance node and is one of its outcomes."""
    events: list[Event] = []
    for outcome in outcomes:
        assert rules.current_player(state) == CHANCE, f"{outcome}: no chance node here"
        offered = [a.to_text() for a, _ in rules.chance_outcomes(state)]
        assert outcome in offered, f"{outcome} is not an outcome here ({offered})"
        state, ev = rules.apply(state, outcome)
        events += ev
    return state, events


def legal(rules: GameRules, state: State) -> list[str]:
    """The legal actions' texts, in the rules' order."""
    return [a.to_text() for a in rules.legal_actions(state)]


def text(rules: GameRules, event_or_message: Any, lang: str = "en") -> str:
    """The words of a log event or a message (events hold message keys and arguments)."""
    return rules.say(event_or_message, lang)


def texts(rules: GameRules, events: Iterable[Any], lang: str = "en") -> list[str]:
    return [rules.say(e, lang) for e in events]


def placed(rules: GameRules, state: State, where: dict[str, Optional[str]], *,
           others: Optional[Callable[[str, dict[str, Any]], Optional[dict[str, Any]]]] = None,
           check: bool = True, **fields: Any) -> State:
    """A clone of ``state`` with the units of ``where`` on the given cells (None: removed), every
    other unit left as it is or changed by ``others(uid, unit) -> new unit record`` (None: left),
    and the top-level ``fields`` replaced; checked with ``rules.validate``."""
    out = clone(state)
    for uid, unit in out["units"].items():
        if uid in where:
            unit["at"] = where[uid]
        elif others is not None:
            new = others(uid, unit)
            if new is not None:
                out["units"][uid] = new
    out.update(fields)
    return checked(rules, out) if check else out


def at(state: State, uid: str) -> Optional[str]:
    return state["units"][uid]["at"]
