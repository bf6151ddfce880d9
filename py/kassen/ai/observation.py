"""What a computer player knows: its side's view of the position and the log lines it may read.

This is the only input of every decision (DESIGN.md, the ``ai/`` row): a bot is never handed the
game state. ``observe`` builds an Observation from a state and the game's log with the same two
functions the page uses for a human (``view_for`` and ``visible_events``), so whatever a human in
that seat may not see, the computer does not see either.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from ..engine.rules import GameRules
from ..engine.state import Event, State, View, visible_events


@dataclass(frozen=True)
class Observation:
    """One side's knowledge at a decision: the view now and the public history (the log lines
    this side may read, oldest first)."""

    rules: GameRules
    side: str
    view: View
    events: tuple[Event, ...] = ()
    _digest: list[str] = field(default_factory=list, compare=False, repr=False)

    @property
    def to_move(self) -> str:
        return str(self.view.get("to_move"))

    def digest(self) -> str:
        """A short fingerprint of everything observed: decisions are seeded by it, so the same
        observation and bot seed give the same decision whatever the hidden state is."""
        if not self._digest:
            text = json.dumps([self.side, self.view, list(self.events)], sort_keys=True, separators=(",", ":"),
                              ensure_ascii=True, default=str)
            self._digest.append(hashlib.blake2b(text.encode("ascii"), digest_size=12).hexdigest())
        return self._digest[0]


def observe(rules: GameRules, state: State, events: Iterable[Event], side: str) -> Observation:
    """The Observation of ``side``: ``view_for(state, side)`` and the log lines it may read."""
    return Observation(rules, side, rules.view_for(state, side), tuple(visible_events(list(events), side)))


def from_view(rules: GameRules, view: View, events: Optional[Iterable[Event]] = None) -> Observation:
    """An Observation from a view already made for its viewer (the page's worker receives views,
    never states). The events are filtered again: a line for the other side is dropped."""
    side = view.get("viewer")
    if side not in rules.sides:
        raise ValueError(f"a computer player needs a side's view, not a view for {side!r}")
    return Observation(rules, str(side), view, tuple(visible_events(list(events or ()), str(side))))


def event_messages(events: Iterable[Event]) -> Iterable[tuple[str, dict[str, Any]]]:
    """(message key, arguments) of each log line that is a message (samplers read the public
    history this way: calls, losses, reveals)."""
    for e in events:
        m = e.get("msg")
        if isinstance(m, dict) and isinstance(m.get("key"), str):
            args = m.get("args")
            yield m["key"], args if isinstance(args, dict) else {}
