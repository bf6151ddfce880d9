"""Kenshin vs. Shingen: The Battle of Kawanakajima (shared/rules/kawanakajima.md), declared on the
engine's phase toolkit.

The sequence of play is the phase table in phases.py, what each side sees is visibility.py, the
words are hooks.py and locale/, the drawing render.py, the position checks checks.py. This class
holds what is precomputed once per scenario (data.py's tables, immutable Action values, a bounded
memo of movement searches) and the few questions several phases ask.

State keys beyond the engine's (see schema.py for the exact types):
``phase`` (setup | command | move | reinforce | over), ``active`` (whose player-turn),
``commands`` (used this command phase), ``activation`` (the unit moving now: MP left, whether
it attacked, stopped in a ZOC or left one), ``finished`` (units done this phase), ``combat``
(attacker, defender, round, picks, result), ``pending`` (retreats and refills to settle, in
order), ``draw`` (the X hex a blind draw goes to: a chance node), ``hands``/``discards``/
``set_aside`` (cards), ``exchanged`` and ``commander_retreats``. Per unit: ``at`` plus flags that are
present only when true: ``face_up``, ``seen`` (face down again, but both sides saw it face up, so
both still know it), ``move_marker`` and ``retreat_marker``.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Optional

from ...engine.actions import Action
from ...engine.messages import register_catalog_dir
from ...engine.phases import Phase, PhasedRules, Refusal
from ...engine.scenario import Scenario
from ...engine.state import Event, Outcome, State, View
from . import checks, hooks, render, schema
from .combat import combat_value
from .data import SIDES, UESUGI, Tables, sort_cards
from .phases import PHASES, settle, wrong_time
from .rulings import RULINGS
from .victory import outcome
from .visibility import OBSERVATION, side_of_token

register_catalog_dir(Path(__file__).resolve().parent / "locale")


class Rules(PhasedRules):
    """The Kawanakajima rules bound to one scenario (immutable tables and caches only)."""

    game = "kawanakajima"
    hidden_information = True
    phases = PHASES
    observation = OBSERVATION
    hooks = hooks
    drawing = render
    checks = checks
    schema = schema
    ruling_list = RULINGS

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.t = Tables(scenario)
        #: movement searches by everything they depend on (movement.reach_entry): a pure cache
        self.reach_memo: dict[tuple[Any, ...], Any] = {}
        #: the set-up swaps of a unit on a hex (phases.SetUp): immutable lists, built once
        self.swaps: dict[tuple[str, str], list[Action]] = {}
        #: the SVG layers that depend only on the scenario (render.static_layers fills it once)
        self.svg_static: Optional[tuple[str, list[str]]] = None

    # == set-up ===================================================================================
    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """Every unit face down on its printed start hex; the 11 uncoded Takeda units in the night
        box (the three blind draws onto X1-X3 follow Takeda's swaps as chance actions)."""
        state = self.base_state(seed, options)
        t = self.t
        hands = {}
        for s in SIDES:
            hand = Counter(t.decks[s]) - Counter(t.set_aside[s])
            hands[s] = sort_cards(list(hand.elements()))
        state.update(phase="setup", active=UESUGI, commands=0, activation=None, finished=[], combat=None,
                     pending=[], draw=None, hands=hands, discards={s: [] for s in SIDES},
                     set_aside={s: list(t.set_aside[s]) for s in SIDES}, exchanged=False,
                     commander_retreats={s: 0 for s in SIDES})
        return state

    # == the phase now (derived: a draw, then retreats and refills, then a combat's cards) ==========
    def phase_of(self, state: State) -> str:
        phase = state["phase"]
        if phase == "over":
            return "over"
        if state["draw"] is not None:
            return "blind-draw"
        pending = state["pending"]
        if pending:
            return "retreat" if pending[0]["kind"] == "retreat" else "refill"
        combat = state["combat"]
        if combat is not None and combat["result"] is None:
            attacker_side = self.side_of_token(combat["attacker"])
            return "defender-card" if combat["picks"].get(attacker_side or "") is not None else "attacker-card"
        if phase == "move":
            return "activation" if state["activation"] is not None else "activate"
        return phase

    def side_of_token(self, tok: Any) -> Optional[str]:
        """The side of a unit id, or of an anonymous id in a view."""
        return side_of_token(self.t, tok)

    def _apply(self, state: State, action: Action) -> list[Event]:
        """The phase's effect, then everything forced that follows (phases.settle)."""
        events = self.phase(state).apply(self, state, action)
        settle(self, state, events)
        return events

    def wrong_time(self, state: State, phase: Phase, action: Action) -> Refusal:
        return wrong_time(self, state, phase, action) or super().wrong_time(state, phase, action)

    # == questions several phases ask ===============================================================
    def combat_value(self, state: State, uid: str, defending: bool) -> float:
        return combat_value(self.t, state, uid, defending)

    # == outcome, views, checks =====================================================================
    def outcome(self, state: State) -> Optional[Outcome]:
        return outcome(state, self.t) if state["phase"] == "over" else None

    def has_secrets(self, state: State) -> bool:
        return state["phase"] != "over"

    def validate_view(self, view: View) -> list[str]:
        """Views name hidden units by anonymous ids, so the engine's per-unit checks do not apply."""
        errors = checks.check_view(self, view)
        if not errors and view.get("to_move") != self.current_player(view):
            errors.append("the player to move does not match the phase")
        return errors

