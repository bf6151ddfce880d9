"""The differential leak test (tests/support/leaks.py) for Kawanakajima.

Twins of a position for a viewer (what he may not know, changed):
- the identities of two units he may not identify, of one side, swapped (everything they carry
  goes with the counter: cell, markers, the moving unit, finished units, a pending retreat). For
  Takeda during Uesugi's set-up that is another secret swap inside a start group; for Takeda
  later, another blind draw onto X1-X3; for Uesugi and spectators, another hidden deployment;
- the other side's card chosen in secret, exchanged with another card of its hand (8 Resolution
  (1)); the hand itself is public arithmetic (deck minus discards and box), so that is all of it;
- another RNG state (the dice to come and the secret tie-break salt).
Who may identify a unit is decided here without the game's visibility code: face up or removed;
for a player also his own coded units and any unit both sides have seen face up (``seen``).
"""
from __future__ import annotations

import random
from typing import Any, Optional

from kassen.engine.state import State, clone
from tests.support.leaks import Twin, rename_units, same, survey

from .balance import nudged
from .helpers import R


def may_identify(rules: Any, state: State, uid: str, viewer: Optional[str]) -> bool:
    u = state["units"][uid]
    if u.get("face_up") or u["at"] is None:
        return True
    if viewer is None:
        return False
    info = rules.scenario.units[uid]
    return bool(u.get("seen")) or (info["side"] == viewer and info.get("code") is not None)


def renamed(state: State, mapping: dict[str, str]) -> State:
    """``state`` with unit ids permuted (the state's own unit order kept)."""
    back = {v: k for k, v in mapping.items()}
    out = clone(state)
    out["units"] = {uid: clone(state["units"][back.get(uid, uid)]) for uid in state["units"]}
    act = out.get("activation")
    if act is not None:
        act["unit"] = mapping.get(act["unit"], act["unit"])
    out["finished"] = [mapping.get(u, u) for u in out["finished"]]
    combat = out.get("combat")
    if combat is not None:
        combat["attacker"] = mapping.get(combat["attacker"], combat["attacker"])
        combat["defender"] = mapping.get(combat["defender"], combat["defender"])
    for item in out["pending"]:
        if "unit" in item:
            item["unit"] = mapping.get(item["unit"], item["unit"])
    return out


def twins(rules: Any, state: State, viewer: Optional[str], rnd: random.Random, pairs: int = 2) -> list[Twin]:
    if state["phase"] == "over":
        return []  # everything is revealed
    out: list[Twin] = []
    for side in rules.sides:
        hidden = [u for u, info in rules.scenario.units.items()
                  if info["side"] == side and not may_identify(rules, state, u, viewer)]
        tries = 0
        found = 0
        while len(hidden) >= 2 and found < pairs and tries < 12:
            tries += 1
            a, b = rnd.sample(hidden, 2)
            u, v = state["units"][a], state["units"][b]
            if u == v and not _referenced(state, a) and not _referenced(state, b):
                continue  # two units in the night box: the twin would be the same position
            twin = renamed(state, {a: b, b: a})
            if not rules.validate(twin):
                out.append((f"which {side} units are which (hidden from the viewer)", twin,
                            rename_units({a: b, b: a})))
                found += 1
    combat = state.get("combat")
    if combat is not None:
        for side in rules.sides:
            pick = combat["picks"].get(side)
            if side == viewer or pick is None:
                continue
            for card in sorted(set(state["hands"][side]) - {pick}):
                twin = clone(state)
                hand = twin["hands"][side]
                hand.remove(card)
                hand.append(pick)
                hand.sort(key=rules.t.decks[side].index)  # hands are kept in printed card order
                twin["combat"]["picks"][side] = card
                if not rules.validate(twin):
                    out.append((f"the card {side} chose in secret", twin, same))
                break
    twin = clone(state)
    twin["rng"] = rnd.getrandbits(63)
    out.append(("the RNG state", twin, same))
    return out


def _referenced(state: State, uid: str) -> bool:
    act, combat = state.get("activation"), state.get("combat")
    return (act is not None and act["unit"] == uid) or uid in state["finished"] or \
        (combat is not None and uid in (combat["attacker"], combat["defender"])) or \
        any(item.get("unit") == uid for item in state["pending"])


SEEDS = range(1, 4)


def test_nothing_shown_depends_on_what_the_viewer_may_not_know():
    findings = survey(R, twins, nudged, SEEDS, every=12, follow=4)
    assert findings.pairs > 400 and findings.steps > 1000, findings.summary()
    assert not findings.counts, findings.summary()
