"""The differential leak test (tests/support/leaks.py) for Mukden.

What a viewer may not know in Mukden is the other side's fighting power (mukden.3.secret-until-end):
its allotment (during the allotment too, as it is made) and its current FP. Twins of a position:
the other side's FP moved between two of its units (allotted and current alike, every allotment
rule kept, the recorded calls still possible: the checks refuse anything else), and another RNG
state (the dice to come). Positions, calls, dice and losses are public.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from kassen.engine.state import State, clone
from tests.support.leaks import Twin, same, survey

from .helpers import rules

R = rules()


def twins(r: Any, state: State, viewer: Optional[str], rnd: random.Random, tries: int = 8) -> list[Twin]:
    if state["phase"] == "over":
        return []  # every record is revealed
    out: list[Twin] = []
    key = "allotment" if "allotment" in state else "alloc"  # its name before 2026-11 (runs on old code too)
    for side in r.sides:
        if side == viewer:
            continue
        allotment = state[key][side]
        units = sorted(allotment)
        found = 0
        for _ in range(tries):
            if len(units) < 2 or found >= 2:
                break
            a, b = rnd.sample(units, 2)
            shift = rnd.choice((1, 2))
            twin = clone(state)
            twin[key][side][a] += shift
            twin[key][side][b] -= shift
            fp = twin["fp"][side]
            if fp:
                if fp[a] == 0 or fp[b] == 0:
                    continue  # a removed unit keeps its record
                fp[a] += shift
                fp[b] -= shift
            if not r.validate(twin):
                out.append((f"how {side} divided its fighting power", twin, same))
                found += 1
    twin = clone(state)
    twin["rng"] = rnd.getrandbits(63)
    out.append(("the RNG state", twin, same))
    return out


def uniform(r: Any, state: State, legal: list, chooser: random.Random) -> Any:
    return chooser.choice(legal)


def test_nothing_shown_depends_on_what_the_viewer_may_not_know():
    # random games fight seldom, so most now end by ruling X8 within a few dozen turns: more of them
    findings = survey(R, twins, uniform, range(1, 15), every=3, follow=4)
    assert findings.pairs > 500 and findings.steps > 1500, findings.summary()
    assert not findings.counts, findings.summary()
