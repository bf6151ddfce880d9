"""The computer player's side of the page's Web Worker (static/js/ai-worker.js drives it).

The page never sends a state: it sends the computer's *view* and the log lines that side may
read (as the human's screen would show them), with the scenario, the level and the bot's seed.
The worker thinks in slices (``step``) so that its JavaScript loop can read a "stop waiting"
message between slices and answer with the best move found so far.

Everything crosses the boundary as JSON text; anything malformed is refused with a message,
never half-used.
"""
from __future__ import annotations

import json
import time
from typing import Any, Optional

from ..engine.errors import KassenError
from .observation import from_view
from .players import LEVELS, PLAYERS, Thinker, make_player

#: the longest a decision may take in the page (issue 12: <= 2 s at hard on this machine)
PAGE_SECONDS = {"easy": 1.0, "normal": 1.5, "hard": 2.0}


class Session:
    """One decision at a time, in slices."""

    def __init__(self, load_rules: Any = None) -> None:
        if load_rules is None:
            from ..games import load_rules as default

            load_rules = default
        self.load_rules = load_rules
        self.thinker: Optional[Thinker] = None
        self.started = 0.0
        self.limit = 0.0
        self.request_id: Any = None

    def start(self, request: str) -> str:
        """Begin a decision. ``request``: JSON {id, scenario, view, events, level, seed}. Returns
        JSON {id, ok} or {id, error}."""
        try:
            data = json.loads(request)
            if not isinstance(data, dict):
                raise KassenError("the request is not an object")
            self.request_id = data.get("id")
            level = data.get("level")
            if level not in PLAYERS:
                raise KassenError(f"unknown level {str(level)[:20]!r}")
            rules = self.load_rules(str(data.get("scenario")))
            view = data.get("view")
            events = data.get("events") or []
            if not isinstance(view, dict) or not isinstance(events, list):
                raise KassenError("the request needs a view and a list of log lines")
            obs = from_view(rules, view, [e for e in events if isinstance(e, dict)])
            if obs.to_move != obs.side:
                raise KassenError("it is not the computer's turn in this view")
            seed = data.get("seed", 0)
            if not isinstance(seed, (int, str)) or isinstance(seed, bool):
                seed = 0
            player = make_player(rules, level, seed=seed)
            self.thinker = player.start(obs)
            self.started = time.perf_counter()
            limit = data.get("seconds")
            self.limit = float(limit) if isinstance(limit, (int, float)) and not isinstance(limit, bool) \
                else PAGE_SECONDS.get(level, 2.0)
            return json.dumps({"id": self.request_id, "ok": True})
        except (KassenError, ValueError, KeyError, TypeError) as exc:
            self.thinker = None
            return json.dumps({"id": self.request_id, "error": str(exc)[:300]})

    def step(self, seconds: float = 0.04) -> bool:
        """Think for about ``seconds``; True when the decision is ready (budget spent or time up)."""
        thinker = self.thinker
        if thinker is None:
            return True
        if not thinker.done and time.perf_counter() - self.started < self.limit:
            thinker.step(seconds)
        return thinker.done or time.perf_counter() - self.started >= self.limit

    def best(self) -> str:
        """JSON {id, action, seconds, work}: the best action so far (also when stopped early)."""
        thinker = self.thinker
        if thinker is None:
            return json.dumps({"id": self.request_id, "error": "no decision in progress"})
        action = thinker.best()
        return json.dumps({"id": self.request_id, "action": action.to_text(),
                           "seconds": round(time.perf_counter() - self.started, 4), "work": thinker.work,
                           "done": thinker.done})


__all__ = ["Session", "LEVELS", "PAGE_SECONDS"]
