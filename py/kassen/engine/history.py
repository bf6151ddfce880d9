"""The actions of one game, with undo and redo that never cross a barrier.

Barriers (``GameRules.is_barrier``) are dice rolls, reveals and, in games with hidden
information, a change of player. Only the steps since the last barrier keep their states; the
full record of actions since set-up is kept as text for export, replay and step-through.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .actions import Action
from .errors import IllegalAction, LinkError
from .rules import GameRules
from .state import Event, State

SAVE_FORMAT = "kassen-save"
SAVE_VERSION = 1


@dataclass
class Step:
    action: str
    state: State  # the state after the action
    events: list[Event]


class History:
    """Undo/redo over a game; the UI and the saves go through this object."""

    def __init__(self, rules: GameRules, initial: State, seed: int | str = 0,
                 options: Optional[dict[str, Any]] = None) -> None:
        self.rules = rules
        self.seed = seed
        self.options = dict(options or {})
        self.initial = initial
        self.record: list[str] = []
        self.log: list[list[Event]] = []
        self.base: State = initial
        self.tail: list[Step] = []
        self.redo_stack: list[str] = []
        #: log lines before the first action (e.g. "Position opened from a link"), saved with the game
        self.preface: list[Event] = []

    @classmethod
    def new(cls, rules: GameRules, seed: int | str, options: Optional[dict[str, Any]] = None) -> "History":
        return cls(rules, rules.setup(seed, options), seed, options)

    @property
    def state(self) -> State:
        return self.tail[-1].state if self.tail else self.base

    def play(self, action: Action | str, _redoing: bool = False) -> list[Event]:
        """Apply an action (raises IllegalAction, leaving everything as it was)."""
        before = self.state
        act = Action.parse(action) if isinstance(action, str) else action
        after, events = self.rules.apply(before, act)
        text = act.to_text()
        if self.rules.is_barrier(before, act, after, events):
            self.base, self.tail = after, []
        else:
            self.tail.append(Step(text, after, events))
        self.record.append(text)
        self.log.append(events)
        if not _redoing:
            self.redo_stack.clear()
        return events

    def can_undo(self) -> bool:
        return bool(self.tail)

    def undo(self) -> None:
        if not self.tail:
            raise IllegalAction("nothing to undo since the last dice roll, reveal or change of player")
        step = self.tail.pop()
        self.record.pop()
        self.log.pop()
        self.redo_stack.append(step.action)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> list[Event]:
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        return self.play(self.redo_stack.pop(), _redoing=True)

    def events(self) -> list[Event]:
        return list(self.preface) + [e for step in self.log for e in step]

    # -- saves ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A save: plain JSON, restorable in O(undo depth) without replaying the whole game."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.rules.game,
            "scenario": self.rules.scenario.id,
            "seed": self.seed,
            "options": self.options,
            "initial": self.initial,
            "record": list(self.record),
            "base": self.base,
            "undo": len(self.tail),
            "redo": list(self.redo_stack),
            "log": self.log,
            "preface": self.preface,
        }

    @classmethod
    def from_json(cls, rules: GameRules, data: Any) -> "History":
        """Restore a save, checking it the way a link is checked; raises LinkError."""
        from .codec import check_state  # local: codec imports nothing from here

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise LinkError("this is not a kassen save")
        version = data.get("version")
        if not isinstance(version, int):
            raise LinkError("the save has no format version")
        if version > SAVE_VERSION:
            raise LinkError(f"this save was made by a newer version of kassen (save format {version}); "
                            f"this page reads format {SAVE_VERSION}")
        for key, kind in (("record", list), ("log", list), ("redo", list), ("undo", int)):
            if not isinstance(data.get(key), kind):
                raise LinkError(f"the save is damaged: '{key}' is missing or malformed")
        if not all(isinstance(a, str) for a in data["record"] + data["redo"]):
            raise LinkError("the save is damaged: its action list is malformed")
        undo = data["undo"]
        if not 0 <= undo <= len(data["record"]) or len(data["log"]) != len(data["record"]):
            raise LinkError("the save is damaged: its undo information does not match its actions")
        seed = data.get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise LinkError("the save is damaged: bad seed")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise LinkError("the save is damaged: bad options")
        initial = check_state(rules, data.get("initial"), what="the save's starting position")
        base = check_state(rules, data.get("base"), what="the saved position")
        hist = cls(rules, initial, seed, options)
        hist.record = list(data["record"][: len(data["record"]) - undo])
        hist.log = [list(x) if isinstance(x, list) else [] for x in data["log"][: len(data["log"]) - undo]]
        hist.base = base
        try:
            for action in data["record"][len(data["record"]) - undo:]:
                hist.play(action, _redoing=True)
        except IllegalAction as exc:
            raise LinkError(f"the save is damaged: a recorded action is not legal ({exc})") from None
        hist.redo_stack = list(data["redo"])
        preface = data.get("preface", [])
        if isinstance(preface, list):
            hist.preface = [e for e in preface if isinstance(e, dict)
                            and (isinstance(e.get("text"), str) or isinstance(e.get("msg"), dict))]
        return hist
