"""The sequence of play as phase objects (after Rally the Troops' ``states.<phase>``).

One object per phase (or step of a procedure, such as "the defender calls") keeps together who
acts, what may be done, why anything else is refused, what an action does and what the player is
told, so a rule is written once and ``explain`` comes from the same code as ``legal_actions``:

    class Attack(Phase):
        name, clause = "attack", "mukden.5.move-then-attack"
        def actions(self, g, state): ...                      # every legal action, fixed order
        def refuse_attack(self, g, state, action): ...        # None if legal, else a Refusal
        def do_attack(self, g, state, action): ...            # the effects, returns log events
        def prompt(self, g, view): ...                        # what the player is asked to do

An action is legal exactly when its phase has ``do_<verb>`` and ``refuse_<verb>`` returns None
(``-`` in a verb is ``_`` in the method name). The self-play tests check at every step that every
action ``actions`` offers is refused by nothing and that actions near them that are not offered
are refused with a reason citing a clause (tests/support/refusals.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence

from .actions import Action
from .errors import IllegalAction
from .messages import Msg, msg, render, side
from .rules import GameRules, _takes_lang
from .state import CHANCE, TERMINAL, Event, State, View

if TYPE_CHECKING:  # pragma: no cover
    from .messages import Namer

ACTIVE = "active"  # the side whose turn it is (state["active"])
OTHER = "other"  # the other side of a two-sided game


@dataclass(frozen=True)
class Refusal:
    """Why an action is illegal: a message and the clause ids that forbid it."""

    message: Msg
    clauses: tuple[str, ...] = ()

    def text(self, lang: str = "en", namer: Optional["Namer"] = None) -> str:
        from .messages import PLAIN

        words = render(self.message, lang, namer or PLAIN).rstrip(".。")
        if lang == "ja":  # Japanese punctuation: 「…できません（mukden.6.locked-if-adjacent）。」
            return f"{words}（{'、'.join(self.clauses)}）。" if self.clauses else words + "。"
        return f"{words} ({', '.join(self.clauses)})." if self.clauses else words + "."


def refuse(key: str, *clauses: str, **args: Any) -> Refusal:
    """``refuse("mukden.refuse.locked", "mukden.6.locked-if-adjacent", unit=unit(uid))``."""
    return Refusal(msg(key, **args), tuple(clauses))


class IllegalMove(IllegalAction):
    """IllegalAction carrying its Refusal, so the page can render it in the reader's language."""

    def __init__(self, refusal: Refusal, text: str) -> None:
        super().__init__(text)
        self.refusal = refusal


class Phase:
    """One phase or step of the sequence of play. Subclasses set ``name`` and ``clause`` and
    define ``actions``, ``prompt`` and a ``refuse_<verb>``/``do_<verb>`` pair per verb."""

    #: the id stored in ``state["phase"]`` (or returned by ``PhasedRules.phase_of``)
    name: str = ""
    #: the clause of the sequence of play that puts this phase here (cited when an action comes
    #: at the wrong time)
    clause: str = ""
    #: ACTIVE, OTHER, CHANCE, TERMINAL or a side id; override ``player`` for anything else
    actor: str = ACTIVE
    #: message key naming this phase (status panel, "not now" refusals); default "<game>.phase.<name>"
    label_key: str = ""

    _verbs: Optional[frozenset[str]] = None

    def player(self, g: "PhasedRules", state: State) -> str:
        if self.actor == ACTIVE:
            return state["active"]
        if self.actor == OTHER:
            return g.other_side(state["active"])
        return self.actor

    def actions(self, g: "PhasedRules", state: State) -> Iterable[Action]:
        """Every legal action of the player to act, no duplicates, in an order that depends only
        on what that player may know."""
        return ()

    def chance(self, g: "PhasedRules", state: State) -> list[tuple[Action, float]]:
        """At a chance step: every outcome with its probability."""
        return []

    def prompt(self, g: "PhasedRules", view: View) -> Msg:
        """What the player to act is asked to do (read from the view only)."""
        return msg("engine.prompt.to-act", side={"s": view.get("to_move")})

    def label(self, g: "PhasedRules") -> Msg:
        return msg(self.label_key or f"{g.game}.phase.{self.name}")

    @classmethod
    def verbs(cls) -> frozenset[str]:
        """The verbs this phase accepts: one per ``do_<verb>`` method."""
        if cls.__dict__.get("_verbs") is None:
            cls._verbs = frozenset(n[3:].replace("_", "-") for n in dir(cls) if n.startswith("do_"))
        return cls._verbs  # type: ignore[return-value]

    def refusal(self, g: "PhasedRules", state: State, action: Action) -> Optional[Refusal]:
        """None if ``action`` is legal now, else why not (the verb is one of this phase's)."""
        check = getattr(self, _method("refuse_", action.verb), None)
        if check is None:  # a verb with effects but no checks must list its actions exactly
            return None if action in set(self.actions(g, state)) else g.not_offered(self, action)
        return check(g, state, action)

    def apply(self, g: "PhasedRules", state: State, action: Action) -> list[Event]:
        return getattr(self, _method("do_", action.verb))(g, state, action)


_METHODS: dict[tuple[str, str], str] = {}


def _method(prefix: str, verb: str) -> str:
    """``refuse_no_attack`` for ("refuse_", "no-attack"), remembered (asked at every action)."""
    name = _METHODS.get((prefix, verb))
    if name is None:
        name = prefix + verb.replace("-", "_")
        if len(_METHODS) < 512:  # verbs come from outside too: keep the memo bounded
            _METHODS[prefix, verb] = name
    return name


class ChancePhase(Phase):
    """A chance step: the outcomes are the legal actions of the dice; ``do_roll`` applies one."""

    actor = CHANCE

    def refusal(self, g: "PhasedRules", state: State, action: Action) -> Optional[Refusal]:
        if any(a == action for a, _ in self.chance(g, state)):
            return None
        return g.not_offered(self, action)


class Over(Phase):
    """The game has ended: nobody acts."""

    name = "over"
    actor = TERMINAL

    def prompt(self, g: "PhasedRules", view: View) -> Msg:
        outcome = view.get("outcome") or {}
        reason = outcome.get("reason")
        return reason if isinstance(reason, dict) else msg("engine.prompt.over")


class PhasedRules(GameRules):
    """A game whose sequence of play is a table of phases; the protocol comes from the table.

    A game's ``Rules`` is a declaration, not a list of forwarding methods: it names its phase
    table, its observation whitelist, its rulings (``ruling_list``) and the modules that hold its
    words (``hooks``), its drawing (``drawing``), its position checks (``checks``) and the format of
    its links and saves (``schema``), and adds only what is its own.
    """

    #: phase name -> Phase (build with ``phase_table``)
    phases: Mapping[str, Phase] = {}
    #: the observation whitelist (engine.visibility); None: the old redact() path
    observation: Optional[Mapping[str, Any]] = None
    #: module with describe(g, action, view), status(g, view), unit_details(g, view, uid) returning
    #: messages, and unit_name / cell_name / side_name(g, id, lang) -> str (each optional)
    hooks: Any = None
    #: module with render_svg(g, view, highlight, selected) -> SVG markup
    drawing: Any = None
    #: module with validate(g, state, errors) -> errors (and optionally validate_view(g, view, errors))
    checks: Any = None
    #: module with state_schema(g, view=False) -> the JSON Schema of a state or a view (built once per
    #: scenario here), and optionally upgrade(data) (old formats to today's), pack(g, state_or_view)
    #: and unpack(g, data) (the compact form of links); None: the engine's defaults
    schema: Any = None
    #: the game's rulings as data (dicts with id, topic, ruling, why, clauses); () : the scenario's
    ruling_list: Sequence[Mapping[str, Any]] = ()
    #: verb -> the clause that says when such an action comes: an action of one of these verbs at
    #: another time is refused with the game's message ``<game>.refuse.wrong-time`` (verb, now),
    #: citing that clause and the clause of the phase now (``wrong_time``)
    wrong_time_clauses: Mapping[str, str] = {}

    def phase_of(self, state: State) -> str:
        """The phase now (override when it is derived, e.g. from pending procedures)."""
        return state["phase"]

    def phase(self, state: State) -> Phase:
        return self.phases[self.phase_of(state)]

    def other_side(self, side: str) -> str:
        a, b = self.sides[0], self.sides[1]
        return b if side == a else a

    # -- the protocol, from the table ---------------------------------------------------------------
    def current_player(self, state: State) -> str:
        return self.phase(state).player(self, state)

    def legal_actions(self, state: State) -> list[Action]:
        phase = self.phase(state)
        if phase.actor in (CHANCE, TERMINAL):
            return []
        return list(phase.actions(self, state))

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = self.phase(state)
        return phase.chance(self, state) if phase.actor == CHANCE else []

    def refusal(self, state: State, action: Action) -> Optional[Refusal]:
        """None if ``action`` is legal now; else why not, in words with the clause ids."""
        phase = self.phase(state)
        if phase.actor == TERMINAL:  # citing the game-end clause, if the game names one
            return refuse("engine.refuse.over", *(c for c in (phase.clause,) if c))
        if action.verb not in phase.verbs():
            return self.wrong_time(state, phase, action)
        return phase.refusal(self, state, action)

    def is_legal(self, state: State, action: Action) -> bool:
        return self.refusal(state, action) is None

    def explain(self, state: State, action: Action) -> Optional[str]:
        found = self.refusal(state, action)
        return found.text("en", self) if found else None

    def check_legal(self, state: State, action: Action) -> None:
        found = self.refusal(state, action)
        if found is not None:
            raise IllegalMove(found, found.text("en", self))

    def _apply(self, state: State, action: Action) -> list[Event]:
        return self.phase(state).apply(self, state, action)

    # -- refusals the table gives for free ------------------------------------------------------------
    def wrong_time(self, state: State, phase: Phase, action: Action) -> Refusal:
        """An action of another phase (or of no phase): say what now is, citing the phase clause.
        Games name that clause per verb in ``wrong_time_clauses``, or override this."""
        clause = self.wrong_time_clauses.get(action.verb)
        if clause is not None:
            return refuse(f"{self.game}.refuse.wrong-time", clause, *(c for c in (phase.clause,) if c),
                          verb=action.verb, now=phase.label(self))
        elsewhere = [p for p in self.phases.values() if action.verb in p.verbs()]
        if not elsewhere:
            return refuse("engine.refuse.unknown-verb", verb=action.verb)
        clauses = tuple(c for c in (phase.clause,) if c)
        return Refusal(msg("engine.refuse.not-now", verb=action.verb, now=phase.label(self),
                           when=[p.label(self) for p in elsewhere]), clauses)

    def not_offered(self, phase: Phase, action: Action) -> Refusal:
        """The generic refusal of an action a phase does not offer (prefer a specific one)."""
        clauses = tuple(c for c in (phase.clause,) if c)
        return Refusal(msg("engine.refuse.not-offered", action=action.to_text(), now=phase.label(self)), clauses)

    # -- views -------------------------------------------------------------------------------------
    def view_for(self, state: State, player: Optional[str]) -> View:
        if self.observation is None:
            return super().view_for(state, player)
        from .visibility import build_view

        view = build_view(self.observation, self, state, player)
        view["viewer"] = player
        view["to_move"] = self.current_player(state)
        view["outcome"] = self.outcome(state)
        return view

    def validate(self, state: State) -> list[str]:
        errors = super().validate(state)
        if self.checks is not None and hasattr(self.checks, "validate"):
            errors = self.checks.validate(self, state, errors)
        return errors

    def validate_view(self, view: View) -> list[str]:
        errors = super().validate_view(view)
        if errors:
            return errors
        if self.checks is not None and hasattr(self.checks, "validate_view"):
            errors = self.checks.validate_view(self, view, errors)
        if not errors and self.phase_of(view) in self.phases and view.get("to_move") != self.current_player(view):
            errors.append("the player to move does not match the phase")
        return errors

    # -- links and saves (from the game's schema module) and rulings -----------------------------------
    def state_schema(self) -> dict[str, Any]:
        """The game's ``schema.state_schema(g)``, built once per scenario (callers never change it)."""
        return super().state_schema() if self.schema is None else self._game_schema(False)

    def view_schema(self) -> dict[str, Any]:
        """The game's ``schema.state_schema(g, view=True)``, built once per scenario."""
        return super().view_schema() if self.schema is None else self._game_schema(True)

    def _game_schema(self, view: bool) -> dict[str, Any]:
        built = self.__dict__.setdefault("_schemas", {})
        found = built.get(view)
        if found is None:
            found = built[view] = self.schema.state_schema(self, view=view)
        return found

    def upgrade(self, data: Any) -> Any:
        upgrade = getattr(self.schema, "upgrade", None)
        return data if upgrade is None else upgrade(data)

    def pack(self, state_or_view: dict[str, Any]) -> Any:
        pack = getattr(self.schema, "pack", None)
        return state_or_view if pack is None else pack(self, state_or_view)

    def unpack(self, data: Any) -> dict[str, Any]:
        unpack = getattr(self.schema, "unpack", None)
        return data if unpack is None else unpack(self, data)

    def rulings(self) -> list[dict[str, Any]]:
        """Copies of the game's ``ruling_list`` (callers may not change the game's data)."""
        if not self.ruling_list:
            return super().rulings()
        return [dict(r, clauses=list(r["clauses"])) for r in self.ruling_list]

    # -- words (from the game's hooks module), in the reader's language --------------------------------
    def prompt(self, view: View, lang: str = "en") -> str:
        return self.say(self.phases[self.phase_of(view)].prompt(self, view), lang)

    def describe(self, action: Action, view: Optional[View] = None, lang: str = "en") -> str:
        if self.hooks is not None and hasattr(self.hooks, "describe"):
            return self.say(self.hooks.describe(self, action, view), lang)
        return super().describe(action, view, lang)

    def status(self, view: View, lang: str = "en") -> list[tuple[str, str]]:
        if self.hooks is not None and hasattr(self.hooks, "status"):
            return [(self.say(label, lang), self.say(value, lang)) for label, value in self.hooks.status(self, view)]
        return super().status(view, lang)

    def unit_details(self, view: View, unit_id: str, lang: str = "en") -> list[str]:
        if self.hooks is not None and hasattr(self.hooks, "unit_details"):
            return [self.say(line, lang) for line in self.hooks.unit_details(self, view, unit_id)]
        return super().unit_details(view, unit_id, lang)

    def name_unit(self, uid: Optional[str], lang: str = "en") -> str:
        if self.hooks is not None and hasattr(self.hooks, "unit_name"):
            return self.hooks.unit_name(self, uid, lang)
        return super().name_unit(uid, lang)

    def name_cell(self, label: Optional[str], lang: str = "en") -> str:
        if self.hooks is not None and hasattr(self.hooks, "cell_name"):
            return self.hooks.cell_name(self, label, lang)
        return super().name_cell(label, lang)

    def name_side(self, side: Optional[str], lang: str = "en") -> str:
        if side is None or side == CHANCE or side not in self.sides:
            return super().name_side(side, lang)
        if self.hooks is not None and hasattr(self.hooks, "side_name"):
            return self.hooks.side_name(self, side, lang)
        return super().name_side(side, lang)

    def side_name(self, side: Optional[str]) -> str:
        return self.name_side(side, "en")

    def unit_name(self, unit_id: str) -> str:
        return self.name_unit(unit_id, "en")

    def render_svg(self, view: View, highlight: Iterable[str] = (), selected: Optional[str] = None,
                   lang: str = "en") -> str:
        if lang != "en" and _takes_lang(self.drawing.render_svg):
            return self.drawing.render_svg(self, view, highlight, selected, lang=lang)
        return self.drawing.render_svg(self, view, highlight, selected)


def acting_row(g: "PhasedRules", view: View, no_winner: str = "draw") -> tuple[Msg, Any]:
    """The status panel's row of who acts now (a side, or the dice), or once the game is over who
    won: the game's messages ``<game>.status.to-act``, ``dice``, ``result``, ``wins`` and
    ``<no_winner>`` (the words when nobody won)."""
    key = g.game + ".status."
    to_move = view.get("to_move")
    if to_move == TERMINAL:
        winner = (view.get("outcome") or {}).get("winner")
        return msg(key + "result"), msg(key + "wins", side=side(winner)) if winner else msg(key + no_winner)
    return msg(key + "to-act"), msg(key + "dice") if to_move == CHANCE else side(to_move)


def phase_table(*phases: Phase) -> dict[str, Phase]:
    """{name: phase}, refusing duplicate names and verbs without checks."""
    table: dict[str, Phase] = {}
    for phase in phases:
        if not phase.name or phase.name in table:
            raise ValueError(f"phase names must be unique and non-empty: {phase.name!r}")
        table[phase.name] = phase
    return table
