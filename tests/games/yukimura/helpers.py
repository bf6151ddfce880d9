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
    time, advances sometimes, rarely leaves the map. A key leader never moves, exits or advances:
    leaving his hex loses the game at once (14-2(6)), which no player does."""
    keys = _key_leaders(r)
    present = {a.verb for a in legal}
    groups: dict[str, list[Action]] = {}

    def group(verb: str) -> list[Action]:
        """The offered actions of ``verb`` the player considers, in the offered order (built only when
        asked: a Movement Phase offers thousands of moves)."""
        found = groups.get(verb)
        if found is None:
            if verb not in present:
                found = []
            elif verb in _LEAVING:
                found = [a for a in legal if a.verb == verb and not (a.units and a.units[0] in keys)]
            else:
                found = [a for a in legal if a.verb == verb]
            groups[verb] = found
        return found

    for verb, p in (("stage", 1.0), ("extra", 1.0), ("retreat", 1.0), ("fire", 0.8), ("attack", 0.6),
                    ("join", 0.5), ("advance", 0.5), ("enter", 0.8)):
        if verb in present and group(verb) and rnd.random() < p:
            return rnd.choice(groups[verb])
    if "move" in present and group("move") and rnd.random() < move_rate:
        return rnd.choice(groups["move"])
    if "exit" in present and group("exit") and rnd.random() < 0.02:
        return rnd.choice(groups["exit"])
    for verb in ("resolve", "stay", "end"):
        if verb in present:
            return next(a for a in legal if a.verb == verb)
    return rnd.choice(legal)


def fast_policy(r, state, legal: list[Action], rnd: random.Random) -> Action:
    """The lean player ending its Movement Phases sooner (about two moves a phase): the same rules
    reached in fewer searches, for the long self-play runs."""
    return lean_policy(r, state, legal, rnd, move_rate=0.65)
