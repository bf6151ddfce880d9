"""Positions for the Yukimura rule tests: set-up and turns reached by real actions, then units
arranged by editing a clone (kept valid: ``rules.validate`` is asserted empty)."""
from __future__ import annotations

import random
from typing import Iterable

from kassen.engine.actions import Action
from kassen.engine.state import clone
from kassen.games import load_rules

YAO, DOMYOJI, GOTO, CONNECTED = "yao", "domyoji", "goto-dream", "connected"


def rules(scenario: str = YAO):
    return load_rules(scenario)


def texts(r, events: Iterable[dict]) -> list[str]:
    return [r.say(e) for e in events]


def legal(r, state) -> list[str]:
    return [a.to_text() for a in r.legal_actions(state)]


def play(r, state, *actions: str) -> tuple[dict, list[dict]]:
    """Apply actions in order; returns the final state and every event."""
    events: list[dict] = []
    for a in actions:
        state, ev = r.apply(state, a)
        events += ev
    return state, events


def arranged(r, state, places: dict[str, str | None], **keys) -> dict:
    """A clone of ``state`` with some units moved (``None``: removed) and some keys set."""
    s = clone(state)
    for uid, at in places.items():
        s["units"][uid]["at"] = at
    s.update(keys)
    assert r.validate(s) == [], r.validate(s)
    return s


def cleared(r, state, keep: Iterable[str]) -> dict:
    """Every unit except ``keep`` off the map (a clean board for a geometric test); the key leaders
    stay where they are so no collapse fires."""
    keep = set(keep) | {u for us in r.d.key_leaders.values() for u in us}
    s = clone(state)
    for uid in r.d.units:
        if uid not in keep:
            s["units"][uid]["at"] = None
    return s


_LEAVING = frozenset(("move", "exit", "advance"))
_KEYS: dict[int, frozenset[str]] = {}


def _key_leaders(r) -> frozenset[str]:
    found = _KEYS.get(id(r.d))
    if found is None:
        found = _KEYS[id(r.d)] = frozenset(u for us in r.d.key_leaders.values() for u in us)
    return found


def lean_policy(r, state, legal: list[Action], rnd: random.Random, move_rate: float = 0.8) -> Action:
    """A lean random player: moves a few units a phase, fires and attacks often, joins half the
    time, advances sometimes, rarely leaves the map."""
    verbs: dict[str, list[Action]] = {}
    keys = _key_leaders(r)
    for a in legal:  # the loop over thousands of moves a Movement Phase offers: kept lean
        verb = a.verb
        if verb in _LEAVING and a.units and a.units[0] in keys:
            continue  # a key leader leaving his hex loses the game at once (14-2(6)): no player does it
        got = verbs.get(verb)
        if got is None:
            verbs[verb] = [a]
        else:
            got.append(a)
    for verb, p in (("stage", 1.0), ("extra", 1.0), ("retreat", 1.0), ("fire", 0.8), ("attack", 0.6),
                    ("join", 0.5), ("advance", 0.5), ("enter", 0.8)):
        if verb in verbs and rnd.random() < p:
            return rnd.choice(verbs[verb])
    if "move" in verbs and rnd.random() < move_rate:
        return rnd.choice(verbs["move"])
    if "exit" in verbs and rnd.random() < 0.02:
        return rnd.choice(verbs["exit"])
    for verb in ("resolve", "stay", "end"):
        if verb in verbs:
            return verbs[verb][0]
    return rnd.choice(legal)


def fast_policy(r, state, legal: list[Action], rnd: random.Random) -> Action:
    """The lean player ending its Movement Phases sooner (about two moves a phase): the same rules
    reached in fewer searches, for the long self-play runs."""
    return lean_policy(r, state, legal, rnd, move_rate=0.65)
