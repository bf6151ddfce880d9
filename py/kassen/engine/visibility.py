"""Views built from what a viewer may see: an observation whitelist, anonymous ids, leak-free order.

A game declares, for every key of its state, what a viewer sees of it (``Rules.observation``):

- ``PUBLIC``: the value as it is;
- ``OWN``: a ``{side: value}`` record of which the viewer sees only his own entry (the others are
  ``None``), e.g. Mukden's secret fighting power; ``own(reveal=...)`` shows every entry once a
  condition holds (the game is over);
- a function ``(rules, state, viewer) -> value`` for anything finer (units some viewer may not
  identify, a hand shown as a count);
- ``HIDDEN``: never in a view.

A key the game does not name is absent from every view, so a new state key stays secret until it
is allowed (OpenSpiel's per-player observations work the same way), and ``unclassified`` lets a
test fail when a state key has not been classified at all.

Anonymous ids: a unit a viewer may not identify appears as ``?<side>-<n>``, numbered per side in
the order of what the viewer sees of it (its cell, the markers lying on it), with ties between
look-alike units broken by a secret salt, so neither the numbering nor the order of anything the
viewer is shown (the view, the SVG, the legal actions, the log) depends on identities.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable, Iterable, Mapping, Optional

from .state import State, View, clone

PUBLIC = "public"
HIDDEN = "hidden"
OWN = "own"
ANONYMOUS = "?"

#: the keys every state has (engine.rules.GameRules.base_state) and what a view shows of them
BASE_OBSERVATION: dict[str, Any] = {"game": PUBLIC, "scenario": PUBLIC, "turn": PUBLIC, "options": PUBLIC,
                                    "revision": PUBLIC, "rng": HIDDEN}

Rule = Any  # PUBLIC | HIDDEN | OWN | _Own | Callable[[rules, State, Optional[str]], Any]


class _Own:
    """``OWN`` with a condition under which every side's entry is shown."""

    def __init__(self, reveal: Callable[[State], bool]) -> None:
        self.reveal = reveal


def own(reveal: Callable[[State], bool]) -> _Own:
    """A per-side record shown in full once ``reveal(state)`` holds (e.g. at the end of the game)."""
    return _Own(reveal)


def build_view(observation: Mapping[str, Rule], rules: Any, state: State, viewer: Optional[str]) -> View:
    """A view made only of what ``observation`` allows ``viewer`` (None: a spectator) to see."""
    view: View = {}
    for key in sorted(state):
        rule = observation.get(key, HIDDEN)
        value = state[key]
        if rule == PUBLIC:
            view[key] = clone(value)
        elif rule == HIDDEN:
            continue
        elif rule == OWN or isinstance(rule, _Own):
            if isinstance(rule, _Own) and rule.reveal(state):
                view[key] = clone(value)
            else:
                view[key] = {s: (clone(v) if s == viewer else None) for s, v in value.items()}
        else:
            view[key] = rule(rules, state, viewer)
    return view


def unclassified(observation: Mapping[str, Rule], state: State) -> list[str]:
    """State keys the observation does not name (a test asserts there are none)."""
    return sorted(k for k in state if k not in observation)


def tie_salt(state: State) -> bytes:
    """A secret that orders look-alike hidden units: derived from the state's RNG, which no view
    contains, through a one-way hash (so the order says nothing about the dice either)."""
    return hashlib.blake2b(str(state.get("rng", 0)).encode("ascii"), digest_size=8,
                           person=b"kassen-anon").digest()


def anonymous_ids(hidden_by_side: Mapping[str, Iterable[str]], seen: Callable[[str], tuple[Any, ...]],
                  salt: bytes) -> dict[str, str]:
    """{real id: ``?<side>-<n>``} for the units a viewer may not identify.

    ``hidden_by_side`` lists them per side; ``seen(uid)`` is what the viewer sees of a unit (its
    cell and open markers, as a sortable tuple). Numbering follows that, then the salted hash, so
    it never depends on the scenario's unit order or on identities.
    """
    out: dict[str, str] = {}
    for side_id, uids in hidden_by_side.items():
        keys = {uid: seen(uid) for uid in uids}
        ordered = sorted(keys, key=keys.__getitem__)
        # the same order as sorting by (seen, salted hash), hashing only look-alike units (a view
        # is built often; most hidden units stand on cells of their own)
        i = 0
        while i < len(ordered):
            j = i + 1
            while j < len(ordered) and keys[ordered[j]] == keys[ordered[i]]:
                j += 1
            if j - i > 1:
                ordered[i:j] = sorted(ordered[i:j], key=lambda uid: _salted(salt, uid))
            i = j
        for n, uid in enumerate(ordered, 1):
            out[uid] = f"{ANONYMOUS}{side_id}-{n}"
    return out


def _salted(salt: bytes, uid: str) -> bytes:
    return hashlib.blake2b(uid.encode("utf-8"), digest_size=8, key=salt).digest()


def is_anonymous(token: Optional[str]) -> bool:
    return isinstance(token, str) and token.startswith(ANONYMOUS)


def anonymous_side(token: str, sides: Iterable[str]) -> Optional[str]:
    """The side named in an anonymous id (None if it is not one)."""
    if not is_anonymous(token) or "-" not in token:
        return None
    named = token[1:].rsplit("-", 1)[0]
    return named if named in tuple(sides) else None


def by_token(units: Mapping[str, Any]) -> dict[str, Any]:
    """A view's units keyed and ordered by what the viewer sees (ids, then anonymous ids)."""
    return {k: units[k] for k in sorted(units, key=_token_key)}


def _token_key(token: str) -> tuple[int, str, int]:
    if is_anonymous(token) and token.rsplit("-", 1)[-1].isdigit():
        head, n = token.rsplit("-", 1)
        return (1, head, int(n))
    return (0, token, 0)
