"""The self-play check that refusals and legality come from the same code (engine.phases).

At a position, every action ``legal_actions`` offers must be refused by nothing, and actions near
the legal ones (another cell, unit, argument or verb) that are not offered must be refused with a
reason in words that cites a clause id. An action the refusals let through must be offered.
"""
from __future__ import annotations

import random
import re
from typing import Any

from kassen.engine.actions import Action
from kassen.engine.phases import PhasedRules
from kassen.engine.state import State
from kassen.engine.visibility import unclassified

CLAUSE = re.compile(r"^[a-z][a-z0-9]*\.[A-Za-z0-9_.\-()]+$")


def _variants(rules: PhasedRules, action: Action, rnd: random.Random, verbs: list[str]) -> list[Action]:
    cells = list(rules.board.cells)
    units = list(rules.scenario.units)
    out: list[Action] = []

    def add(**change: Any) -> None:
        fields = {"verb": action.verb, "units": action.units, "cell": action.cell, "arg": action.arg, **change}
        try:
            out.append(Action(**fields))
        except ValueError:
            pass

    add(cell=rnd.choice(cells))
    add(cell=None if action.cell else rnd.choice(cells))
    add(units=(rnd.choice(units),))
    add(units=() if action.units else (rnd.choice(units),))
    add(arg=str(rnd.randint(-2, 30)))
    add(arg=None if action.arg else "1")
    add(verb=rnd.choice(verbs))
    return out


def check_refusals(rules: PhasedRules, state: State, legal: list[Action], rnd: random.Random,
                   samples: int = 3) -> int:
    """Assert the consistency described above on a sample; returns the number of refusals checked."""
    legal_set = set(legal)
    verbs = sorted({v for p in rules.phases.values() for v in p.verbs()})
    checked = 0
    for action in rnd.sample(legal, min(samples, len(legal))):
        assert rules.refusal(state, action) is None, f"{action} is offered but refused"
        for variant in _variants(rules, action, rnd, verbs):
            found = rules.refusal(state, variant)
            if variant in legal_set:
                assert found is None, f"{variant} is offered but refused: {found}"
                continue
            assert found is not None, f"{variant} is not offered, yet nothing refuses it"
            text = found.text("en", rules)
            assert found.clauses and all(CLAUSE.match(c) for c in found.clauses), \
                f"the refusal of {variant} cites no clause: {text}"
            assert "{" not in text and not text.startswith(rules.game + "."), f"unrendered refusal: {text}"
            checked += 1
    return checked


def check_observation(rules: PhasedRules, state: State) -> None:
    """Every key of the state is classified by the game's observation whitelist."""
    if rules.observation is not None:
        missing = unclassified(rules.observation, state)
        assert not missing, f"state keys no observation rule names (hidden by default): {missing}"
