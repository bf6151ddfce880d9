"""The rules protocol every game implements (shaped after OpenSpiel, Rally the Troops, python-chess).

A game is a subclass of ``GameRules`` bound to one loaded Scenario. It holds only immutable,
precomputed data; every method is a function of (state, action). The protocol:

- ``setup(seed, options) -> State``
- ``current_player(state)`` -> a side id, ``CHANCE`` or ``TERMINAL``
- ``legal_actions(state)`` -> iterable of Action for the player to act
- ``apply(state, action) -> (State, events)``: never mutates its input, re-checks legality and
  raises IllegalAction with a readable message (``explain``) for an illegal action
- ``chance_outcomes(state) -> [(Action, probability)]`` where dice decide; drivers sample with
  the state's RNG (engine.play), tests force outcomes by applying a chosen one
- ``view_for(state, player)`` -> what that player (None: a spectator) may see
- ``outcome(state)`` -> winner, level, reason, scores (None while the game goes on)
- ``explain(state, action)`` -> why an action is illegal, in words, citing the rule id

Hooks for the generic UI, the renderers and the codec are at the end; all have defaults.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, TypeVar

from . import rng
from .actions import Action
from .errors import IllegalAction, quote
from .scenario import Scenario
from .state import CHANCE, TERMINAL, Event, Outcome, State, View, clone

Kept = TypeVar("Kept")


class GameRules:
    """Base class of a game's rules, bound to one scenario."""

    #: game id, equal to the scenario's "game" field and the package name under kassen.games
    game: str = ""
    #: True if some information is hidden from a player: side changes then become undo barriers
    #: and the hot-seat UI covers the screen between players.
    hidden_information: bool = False
    #: the revision of the rules a new game is begun under. A ruling that changes what is legal
    #: raises it; every state records its game's revision (``state["revision"]``, absent: 0, the
    #: first release), and the rules keep the earlier reading for a game begun before, so a save
    #: or link made by an earlier release replays and plays on exactly as it did.
    revision: int = 0

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board = scenario.board
        self.sides: tuple[str, ...] = scenario.sides
        #: (the state object last asked about, what ``remembered`` built from it)
        self._remembered: Optional[tuple[State, Any]] = None
        #: (verb, units, cell, arg) -> the one Action object for them (``action``)
        self._actions: dict[tuple[Any, ...], Action] = {}

    # -- the protocol (override) -----------------------------------------------------------------
    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        raise NotImplementedError

    def current_player(self, state: State) -> str:
        raise NotImplementedError

    def legal_actions(self, state: State) -> Iterable[Action]:
        raise NotImplementedError

    def _apply(self, state: State, action: Action) -> list[Event]:
        """Carry out a legal action on ``state`` (a private copy: mutate it) and return the log."""
        raise NotImplementedError

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        return []

    def outcome(self, state: State) -> Optional[Outcome]:
        raise NotImplementedError

    def explain(self, state: State, action: Action) -> Optional[str]:
        """Why ``action`` is illegal, in words with the rule id; None if there is nothing to add."""
        return None

    def explain_place(self, state: State, viewer: Optional[str], units: Iterable[str], cell: str) -> Any:
        """Why ``units`` (the viewer's selection; empty: none) cannot act on ``cell`` now, as the
        refusal of the most relevant action there (engine.whynot); None if they may, or if no action
        now targets a place. Games add words for their verbs in their catalogs, not here."""
        from .whynot import explain_place

        return explain_place(self, state, viewer, units, cell)

    def redact(self, view: View, state: State, player: Optional[str]) -> None:
        """Remove from ``view`` (a copy of ``state``) what ``player`` may not see. Default: nothing."""

    # -- provided ---------------------------------------------------------------------------------
    @staticmethod
    def revision_of(state: State) -> int:
        """The rules' revision ``state``'s game was begun under (``revision``)."""
        return state.get("revision", 0)

    def base_state(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """The keys every state has; games add theirs in ``setup``."""
        return {
            "game": self.game,
            "scenario": self.scenario.id,
            "rng": rng.seed_state(seed),
            "turn": 1,
            "options": dict(options or {}),
            "units": {uid: {"at": u.get("start")} for uid, u in self.scenario.units.items()},
            **({"revision": self.revision} if self.revision else {}),
        }

    def begun_under(self, state: State, revision: int) -> State:
        """``state``, a game just set up, as a game begun under the rules' earlier ``revision``
        (0: the first release) was set up: that revision written into it (none for 0), and whatever a
        later revision changed in the set-up put back (a game whose set-up data changed overrides
        this). The golden games replay from it, as an old save replays from the base it holds."""
        out = {k: v for k, v in state.items() if k != "revision"}
        if revision:
            out["revision"] = revision
        return out

    def remembered(self, state: State, build: Callable[[State], Kept]) -> Kept:
        """``build(state)``, kept for the one state object last asked about: legal_actions, is_legal
        and explain ask about the same state several times (who stands where, in the big games), and
        states are never changed once made (``apply`` works on a copy), so the object's identity is
        the key. Only the computer's lookahead changes its own copy in place, and it calls
        ``forget`` first."""
        kept = self._remembered
        if kept is not None and kept[0] is state:
            return kept[1]
        found = build(state)
        self._remembered = (state, found)
        return found

    def forget(self, state: State) -> None:
        """Drop what ``remembered`` keeps about the object ``state``: the computer's lookahead is
        about to change its own copy in place."""
        kept = self._remembered
        if kept is not None and kept[0] is state:
            self._remembered = None

    def action(self, verb: str, units: str | tuple[str, ...] | None = (), cell: Optional[str] = None,
               arg: Optional[str] = None) -> Action:
        """The one Action object for these values (``units``: one unit's id, a tuple of them, or
        none), built once: building one checks its tokens with regular expressions, and the games'
        legal_actions build thousands for every question. Actions are immutable, so sharing is safe."""
        key = (verb, units, cell, arg)
        found = self._actions.get(key)
        if found is None:
            members = (units,) if isinstance(units, str) else tuple(units or ())
            found = self._actions[key] = Action(verb, members, cell, arg)
        return found

    def is_legal(self, state: State, action: Action) -> bool:
        """Membership in legal_actions (or the chance outcomes at a chance node); games with large
        action sets override this with a direct test."""
        if self.current_player(state) == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes(state))
        return any(a == action for a in self.legal_actions(state))

    def apply(self, state: State, action: Action | str) -> tuple[State, list[Event]]:
        """The state after ``action`` plus the log events; the input state is left untouched."""
        if isinstance(action, str):
            action = Action.parse(action)
        player = self.current_player(state)
        if player == TERMINAL:
            raise IllegalAction("the game is over")
        self.check_legal(state, action)
        new = clone(state)
        events = self._apply(new, action)
        if player == CHANCE:
            # One RNG step per chance action, whichever outcome was taken: replaying recorded
            # outcomes reproduces the RNG exactly, and tests may force outcomes freely.
            new["rng"] = rng.step(new["rng"])
        return new, events

    def check_legal(self, state: State, action: Action) -> None:
        """Raise IllegalAction, saying why, unless ``action`` is legal now."""
        if not self.is_legal(state, action):
            try:
                reason = self.explain(state, action)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                # an explanation must never turn a refusal into a crash (e.g. an action naming a
                # unit that has been removed): fall back to the plain refusal
                reason = None
            raise IllegalAction(reason or f"{quote(action.to_text(), 60)} is not a legal action now")

    def view_for(self, state: State, player: Optional[str]) -> View:
        """What ``player`` may see (None: a spectator). Never contains the RNG state."""
        view = clone(state)
        view.pop("rng", None)
        self.redact(view, state, player)
        view["viewer"] = player
        view["to_move"] = self.current_player(state)
        view["outcome"] = self.outcome(state)
        return view

    def is_barrier(self, before: State, action: Action, after: State, events: list[Event]) -> bool:
        """May this step not be undone? Dice and reveals always; a change of player with hidden info."""
        if self.current_player(before) == CHANCE:
            return True
        if any(e.get("kind") == "reveal" for e in events):
            return True
        if self.hidden_information and self.current_player(after) != self.current_player(before):
            return True
        return False

    def has_secrets(self, state: State) -> bool:
        """True if a spectator's view of this state lacks something (so it cannot be continued)."""
        return self.hidden_information

    def validate(self, state: State) -> list[str]:
        """Semantic checks of a decoded state (links, saves): impossible positions are listed."""
        errors: list[str] = []
        if state.get("game") != self.game:
            errors.append(f"the position is for game {state.get('game')!r}, not {self.game!r}")
        if state.get("scenario") != self.scenario.id:
            errors.append(f"the position is for scenario {state.get('scenario')!r}, not {self.scenario.id!r}")
        units = state.get("units", {})
        for uid in units:
            if uid not in self.scenario.units:
                errors.append(f"unknown unit {uid!r}")
        for uid in self.scenario.units:
            if uid not in units:
                errors.append(f"unit {uid!r} is missing")
        for uid, u in units.items():
            at = u.get("at")
            if at is not None and at not in self.board.cells:
                errors.append(f"unit {uid!r} is on {at!r}, which is not a cell of this map")
        return errors

    def state_schema(self) -> dict[str, Any]:
        """JSON Schema (engine.schema subset) of this game's state, checked before ``validate``."""
        return {"type": "object", "required": ["game", "scenario", "rng", "turn", "units"],
                "properties": {"game": {"type": "string"}, "scenario": {"type": "string"},
                               "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
                               "turn": {"type": "integer", "minimum": 0},
                               "units": {"type": "object", "additionalProperties": {
                                   "type": "object", "required": ["at"],
                                   "properties": {"at": {"type": ["string", "null"]}}}}}}

    def view_schema(self) -> dict[str, Any]:
        """JSON Schema of a view (a spectator link's payload). Default: the state's minus ``rng``."""
        return view_of_state_schema(self.state_schema())

    def validate_view(self, view: View) -> list[str]:
        """Semantic checks of a decoded view. Default: as ``validate``; games with anonymous
        (hidden) unit ids in views override this."""
        errors = self.validate(view)
        viewer = view.get("viewer")
        if viewer is not None and viewer not in self.sides:
            errors.append(f"unknown viewer {viewer!r}")
        if view.get("to_move") not in (*self.sides, CHANCE, TERMINAL):
            errors.append(f"unknown player to move {view.get('to_move')!r}")
        return errors

    # -- codec hooks (compact forms for links; identity by default) -----------------------------------
    def upgrade(self, data: Any) -> Any:
        """A decoded state or view in today's format, from any format an earlier release wrote
        (links and saves live forever); called before every check. Default: as it is."""
        return data

    def pack(self, state_or_view: dict[str, Any]) -> Any:
        return state_or_view

    def unpack(self, data: Any) -> dict[str, Any]:
        return data

    # -- hooks for the generic UI (override for good text) ---------------------------------------
    def side_name(self, side: Optional[str]) -> str:
        return self.name_side(side, "en")

    def unit_name(self, unit_id: str) -> str:
        return self.name_unit(unit_id, "en")

    # -- naming things in a language (engine.messages.Namer) and rendering messages ----------------
    def name_unit(self, uid: Optional[str], lang: str = "en") -> str:
        """A unit's name: its Japanese name (``kanji``) in Japanese where the scenario has one."""
        u = self.scenario.units.get(uid or "")
        if u is None:
            return str(uid)
        if lang == "ja" and u.get("kanji"):
            return str(u["kanji"])
        return str(u.get("name", uid))

    def name_place(self, name: Optional[str], lang: str = "en") -> str:
        """A place name printed on the map ("Mukden", "Court") in ``lang``: the game's catalog key
        ``<game>.place.<name>`` where it has one (the scenario's own words are the English)."""
        from .messages import catalog

        if not name:
            return ""
        if lang != "en":
            found = catalog(lang).entries.get(f"{self.game}.place.{name}")
            if isinstance(found, str):
                return found
        return str(name)

    def name_cell(self, label: Optional[str], lang: str = "en") -> str:
        """A cell as the log names it: its label, with its place name where it has one."""
        cell = self.board.cells.get(label or "")
        if cell is None:
            return "—" if label is None else str(label)
        if cell.kind == "box":
            return self.name_place(cell.name or label, lang)
        return f"{label} ({self.name_place(cell.name, lang)})" if cell.name else str(label)

    def name_side(self, side: Optional[str], lang: str = "en") -> str:
        from .messages import say

        if side is None:
            return say("engine.name.spectator", lang)
        if side == CHANCE:
            return say("engine.name.dice", lang)
        info = self.scenario.side_info.get(side, {})
        if lang == "ja" and info.get("name_ja"):
            return str(info["name_ja"])
        return str(info.get("name", side))

    def say(self, value: Any, lang: str = "en") -> str:
        """The text of a message, a log event, a refusal or a plain string, in ``lang``."""
        from .messages import render, text_of

        if isinstance(value, dict) and ("msg" in value or "text" in value):
            return text_of(value, lang, self)
        if hasattr(value, "message") and hasattr(value, "clauses"):
            return value.text(lang, self)
        return render(value, lang, self)

    def describe(self, action: Action, view: Optional[View] = None, lang: str = "en") -> str:
        """Words for a button or a log line: "Move 4th Army to 0506"."""
        parts = [action.verb.replace("-", " ").capitalize()]
        if action.units:
            parts.append(", ".join(self.name_unit(u, lang) for u in action.units))
        if action.cell:
            parts.append("→ " + action.cell)
        if action.arg:
            parts.append(action.arg)
        return " ".join(parts)

    def prompt(self, view: View, lang: str = "en") -> str:
        """One line telling the player to act what to do now."""
        from .messages import msg, side

        to_move = view.get("to_move")
        if to_move == TERMINAL:
            return self.say(msg("engine.prompt.over"), lang)
        return self.say(msg("engine.prompt.to-act", side=side(to_move)), lang)

    def status(self, view: View, lang: str = "en") -> list[tuple[str, str]]:
        """Label/value pairs always shown beside the map (turn, time track, scores...)."""
        from .messages import say

        return [(say("engine.status.turn", lang), str(view.get("turn", "")))]

    def unit_details(self, view: View, unit_id: str, lang: str = "en") -> list[str]:
        """Lines shown when a unit is hovered or focused (only what the viewer may see)."""
        return [self.name_unit(unit_id, lang)]

    def rulings(self) -> list[dict[str, Any]]:
        """The rulings this game uses where the rulebook is silent or ambiguous, for the rulings
        page: dicts with id, topic, ruling, why and the clause ids they concern ("clauses")."""
        return list(self.scenario.data.get("rulings", []))

    def render_svg(self, view: View, highlight: Iterable[str] = (), selected: Optional[str] = None) -> str:
        """The map as SVG markup (games override via kassen.render); a game whose drawing speaks
        (titles, labels, counter text) also takes ``lang``."""
        raise NotImplementedError

    def draw(self, view: View, selected: Optional[str] = None, lang: str = "en") -> str:
        """``render_svg`` in ``lang`` when the game's drawing takes a language, else as it is."""
        if lang != "en" and _takes_lang(type(self).render_svg):
            return self.render_svg(view, highlight=(), selected=selected, lang=lang)  # type: ignore[call-arg]
        return self.render_svg(view, highlight=(), selected=selected)


def short_side_name(g: GameRules, side_id: str, lang: str) -> str:
    """A side by the short name the status panel and the log use: the scenario's ``short``
    (``short_ja`` in Japanese), else its full name, else its id (a game's ``hooks.side_name``)."""
    info = g.scenario.side_info.get(side_id, {})
    if lang == "ja":
        return str(info.get("short_ja") or info.get("name_ja") or side_id)
    return str(info.get("short") or info.get("name") or side_id)


def add_view_keys(props: dict[str, Any], required: list[str], sides: Iterable[str],
                  levels: Iterable[Optional[str]]) -> None:
    """A strict state schema's ``properties`` and ``required`` made a view's, in place: no ``rng``;
    ``viewer`` (a side or None), ``to_move`` (a side, the dice, the end) and ``outcome`` (None, or
    a winner among ``sides`` or None at one of the game's ``levels``, a reason, scores)."""
    sides = list(sides)
    del props["rng"]
    required.remove("rng")
    props["viewer"] = {"enum": sides + [None]}
    props["to_move"] = {"enum": sides + [CHANCE, TERMINAL]}
    props["outcome"] = {
        "type": ["object", "null"], "required": ["winner", "level", "reason", "scores"],
        "additionalProperties": False,
        "properties": {"winner": {"enum": sides + [None]}, "level": {"enum": list(levels)},
                       "reason": {"type": ["string", "object"], "maxLength": 400},
                       "scores": {"type": "object", "additionalProperties": {"type": "number"}}}}
    required += ["viewer", "to_move", "outcome"]


def view_of_state_schema(state_schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a view made from a state's schema (a copy): no ``rng``; ``viewer``, ``to_move``
    and ``outcome`` added. For a game whose views show everything a state holds but the RNG."""
    schema = clone(state_schema)
    schema["required"] = [k for k in schema.get("required", []) if k != "rng"] + ["viewer", "to_move"]
    props = schema.setdefault("properties", {})
    props.pop("rng", None)
    props["viewer"] = {"type": ["string", "null"]}
    props["to_move"] = {"type": "string"}
    props["outcome"] = {"type": ["object", "null"]}
    return schema


_LANG_PARAM: dict[Any, bool] = {}


def in_lang(method: Any, *args: Any, lang: str = "en", **kwargs: Any) -> Any:
    """``method(*args, lang=lang)``, or without ``lang`` for a method written before games spoke
    several languages (a test's or an older game's override): its words are then English."""
    if _takes_lang(getattr(method, "__func__", method)):
        return method(*args, lang=lang, **kwargs)
    return method(*args, **kwargs)


def _takes_lang(function: Any) -> bool:
    """True if ``function`` has a ``lang`` parameter (looked up once per function)."""
    found = _LANG_PARAM.get(function)
    if found is None:
        import inspect

        try:
            found = "lang" in inspect.signature(function).parameters
        except (TypeError, ValueError):
            found = False
        _LANG_PARAM[function] = found
    return found
