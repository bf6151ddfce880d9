"""The actions of one game, with undo and redo that never cross a barrier.

Barriers (``GameRules.is_barrier``) are dice rolls, reveals and, in games with hidden
information, a change of player. Only the steps since the last barrier keep their states; the
full record of actions since set-up is kept as text for export, replay and step-through.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from . import jsontext, rng
from .actions import Action
from .errors import IllegalAction, KassenError, LinkError, NotReadableHere, error_words, quote
from .messages import is_msg
from .rules import GameRules
from .state import CHANCE, Event, State

SAVE_FORMAT = "kassen-save"
#: the computer's levels a save may name (kassen.ai.LEVELS; the engine does not import the AI)
COMPUTER_LEVELS = ("easy", "normal", "hard")
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
        #: a game against the computer: {"side": the side it plays, "level": easy | normal | hard},
        #: saved with the game. One person at the screen: a change of player is no undo barrier
        #: (only dice and reveals are).
        self.computer: Optional[dict[str, str]] = None

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
        if self.computer is not None:
            barrier = (self.rules.current_player(before) == CHANCE
                       or any(e.get("kind") == "reveal" for e in events))
        else:
            barrier = self.rules.is_barrier(before, act, after, events)
        if barrier:
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
            **({"computer": dict(self.computer)} if self.computer is not None else {}),
        }

    @classmethod
    def from_json(cls, rules: GameRules, data: Any, verify_record: bool = False) -> "History":
        """Restore a save, checking it the way a link is checked; raises LinkError.

        Every part is checked before use: the positions (schema and the game's checks), the action
        texts of the record and redo list (canonical form), the log entries (events), the undo
        depth, seed and options. ``verify_record`` (an imported file) also replays the whole record
        from the starting position, which must lead exactly to the saved position; a slot the page
        wrote itself is trusted that far, so resuming stays O(undo depth)."""
        from .codec import check_state  # local: codec imports nothing from here

        try:
            jsontext.check(data)
        except jsontext.BadJSON as exc:
            raise LinkError(f"the save is damaged ({exc})", key="engine.save.damaged", detail=str(exc)) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise LinkError("this is not a kassen save", key="engine.save.not-kassen")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise LinkError("the save has no format version", key="engine.save.no-version")
        if version > SAVE_VERSION:
            raise NotReadableHere(f"this save was made by a newer version of kassen (save format {quote(version)}); "
                                  f"this page reads format {SAVE_VERSION}", key="engine.save.newer",
                                  version=quote(version), reads=SAVE_VERSION)
        if version < 1:
            raise LinkError("the save's format version is not one kassen ever made", key="engine.save.version")
        if data.get("game", rules.game) != rules.game:
            raise LinkError(f"the save is for game {quote(data.get('game'))}, not {rules.game}", key="engine.save.game",
                            game=quote(data.get("game")), expected=rules.game)
        for key, kind in (("record", list), ("log", list), ("redo", list), ("undo", int)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise LinkError(f"the save is damaged: '{key}' is missing or malformed", key="engine.save.field", field=key)
        for key in ("record", "redo"):
            for i, text in enumerate(data[key]):
                try:
                    if not isinstance(text, str):
                        raise IllegalAction("not text")
                    Action.parse(text)
                except IllegalAction:
                    raise LinkError(f"the save is damaged: entry {i + 1} of its {key} list is not an action "
                                    f"({quote(text)})", key="engine.save.entry", n=i + 1, field=key,
                                    action=quote(text)) from None
        undo = data["undo"]
        if not 0 <= undo <= len(data["record"]) or len(data["log"]) != len(data["record"]):
            raise LinkError("the save is damaged: its undo information does not match its actions", key="engine.save.undo")
        for i, step in enumerate(data["log"]):
            if not isinstance(step, list) or not all(_is_event(e, rules) for e in step):
                raise LinkError(f"the save is damaged: entry {i + 1} of its log is malformed", key="engine.save.log", n=i + 1)
        seed = data.get("seed", 0)
        if isinstance(seed, bool) or not (isinstance(seed, int) and abs(seed) <= rng.MASK64
                                          or isinstance(seed, str) and len(seed) <= MAX_SEED_TEXT):
            raise LinkError("the save is damaged: bad seed", key="engine.save.seed")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise LinkError("the save is damaged: bad options", key="engine.save.options")
        preface = data.get("preface", [])
        if not isinstance(preface, list) or not all(_is_event(e, rules) for e in preface):
            raise LinkError("the save is damaged: its opening log lines are malformed", key="engine.save.preface")
        computer = data.get("computer")
        if computer is not None and not (isinstance(computer, dict) and set(computer) == {"side", "level"}
                                         and computer["side"] in rules.sides
                                         and computer["level"] in COMPUTER_LEVELS):
            raise LinkError("the save is damaged: its computer player is not one of this game's sides and levels",
                            key="engine.save.computer")
        initial = check_state(rules, data.get("initial"), what="the save's starting position")
        base = check_state(rules, data.get("base"), what="the saved position")
        hist = cls(rules, initial, seed, options)
        hist.computer = dict(computer) if computer is not None else None
        done = len(data["record"]) - undo
        if verify_record:
            state = initial
            try:
                for text in data["record"][:done]:
                    state, _ = rules.apply(state, text)
            except KassenError as exc:
                raise LinkError(f"the save is damaged: its record does not replay ({exc})", key="engine.save.replay",
                                detail=error_words(exc)) from None
            if state != base:
                raise LinkError("the save is damaged: its record does not lead to its saved position", key="engine.save.diverges")
        hist.record = list(data["record"][:done])
        hist.log = [list(x) for x in data["log"][:done]]
        hist.base = base
        try:
            for action in data["record"][done:]:
                hist.play(action, _redoing=True)
        except KassenError as exc:
            raise LinkError(f"the save is damaged: a recorded action is not legal ({exc})", key="engine.save.illegal",
                            detail=error_words(exc)) from None
        hist.redo_stack = list(data["redo"])
        hist.preface = list(preface)
        return hist


#: the longest text seed a save may hold (the page makes numbers; the command line may use words)
MAX_SEED_TEXT = 200
_EVENT_FIELDS: dict[str, tuple[type, ...]] = {"text": (str,), "msg": (dict,), "kind": (str,),
                                              "to": (str, type(None)), "side": (str, type(None)), "dice": (list,)}


def _is_event(e: Any, rules: GameRules) -> bool:
    """A log line as the engine writes it: a message (or, in older saves, text), a kind, who may
    read it (a side or everyone)."""
    if not isinstance(e, dict) or not (isinstance(e.get("text"), str) or is_msg(e.get("msg"))):
        return False
    for key, types in _EVENT_FIELDS.items():
        if key in e and not isinstance(e[key], types):
            return False
    if e.get("to") is not None and e["to"] not in rules.sides:
        return False
    return all(isinstance(d, int) and not isinstance(d, bool) for d in e.get("dice", []))
