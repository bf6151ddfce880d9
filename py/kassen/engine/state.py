"""Game state as plain data.

A state is a dict of JSON values only (dict, list, str, int, float, bool, None): it is copied,
saved, linked and compared as it is. Static data (terrain, counter values, tables) stays in the
scenario and the state refers to it by id. Common keys every game uses:

- ``game``, ``scenario``: ids; ``rng``: the RNG state (engine.rng); ``turn``: int
- ``units``: {unit id: {"at": cell label or None, ...game fields}}

A *view* (``GameRules.view_for``) has the same shape with secrets removed, plus ``viewer``,
``to_move`` and ``outcome``; renderers, bots and share links only ever see views.
"""
from __future__ import annotations

from typing import Any, Optional, TypedDict

State = dict[str, Any]
View = dict[str, Any]

CHANCE = "chance"
TERMINAL = "terminal"


class Event(TypedDict, total=False):
    """One log line: a message (engine.messages) in ``msg``, or, in saves made before messages,
    an English ``text``. ``to`` limits who may read it (None: everyone)."""

    msg: dict[str, Any]
    text: str
    kind: str  # "move" | "combat" | "dice" | "reveal" | "phase" | "info" | "end" | ...
    to: Optional[str]
    dice: list[int]
    side: Optional[str]


class Outcome(TypedDict, total=False):
    winner: Optional[str]  # a side id, or None for a draw
    level: Optional[str]  # "decisive", "marginal", "draw", ...
    reason: str
    scores: dict[str, float]


def event(message: "str | dict[str, Any]", kind: str = "info", to: Optional[str] = None, **extra: Any) -> Event:
    """A log event from a message (``engine.messages.msg``); plain text only for tests and tools."""
    ev: Event = {"msg": message, "kind": kind} if isinstance(message, dict) else {"text": message, "kind": kind}
    if to is not None:
        ev["to"] = to
    ev.update(extra)  # type: ignore[typeddict-item]
    return ev


def clone(value: Any) -> Any:
    """Deep copy of plain data; several times faster than copy.deepcopy on game states.

    Only dicts and lists are copied (anything else is shared, as it is immutable in plain data);
    leaves are not given a call each, which makes it 2-3x faster on a big state (every apply
    clones the state). A dict whose values hold no container (a unit's fields: most of a state)
    is copied by ``dict.copy`` without a call of its own: another 20-25 % on a whole state, and
    the computer's search clones a state for every step it tries."""
    t = type(value)
    if t is dict:
        out = {}
        for k, v in value.items():
            tv = type(v)
            if tv is dict:
                for x in v.values():
                    tx = type(x)
                    if tx is dict or tx is list:
                        out[k] = clone(v)
                        break
                else:
                    out[k] = v.copy()
            elif tv is list:
                out[k] = clone(v)
            else:
                out[k] = v
        return out
    if t is list:
        return [clone(v) if type(v) in _CONTAINERS else v for v in value]
    return value


_CONTAINERS = (dict, list)


def is_plain(value: Any) -> bool:
    """True if ``value`` is made only of JSON types (tuples are not: they do not round-trip).

    Leaves are tested in the loop rather than by a call each: the self-play tests ask this after
    every action of every game, and a state holds thousands of leaves."""
    t = type(value)
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                return False
            tv = type(v)
            if not (tv is str or tv is int or tv is bool or v is None or tv is float or is_plain(v)):
                return False
        return True
    if t is list:
        for v in value:
            tv = type(v)
            if not (tv is str or tv is int or tv is bool or v is None or tv is float or is_plain(v)):
                return False
        return True
    return value is None or t in (str, int, float, bool)


def visible_events(events: list[Event], viewer: Optional[str]) -> list[Event]:
    """The events a viewer may read (a spectator reads only public ones)."""
    return [e for e in events if e.get("to") is None or e.get("to") == viewer]
