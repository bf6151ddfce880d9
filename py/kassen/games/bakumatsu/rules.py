"""Decisive Battles! Bakumatsu and Meiji Restoration (Game Journal #96), declared on the engine's
phase toolkit: Toba-Fushimi (15-1) and Tabarazaka (15-2) on one rules system (1).

The sequence of play is the phase table in phases.py; what a viewer sees is visibility.py (nothing
is hidden: both sides see everything); the words are hooks.py and locale/; the drawing render.py;
the position checks checks.py. This class holds only what is built once per scenario.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ...engine.messages import register_catalog_dir
from ...engine.options import check as check_options
from ...engine.phases import PhasedRules
from ...engine.scenario import Scenario
from ...engine.state import Outcome, State
from ..options import options_of
from . import checks, hooks, render, schema, victory
from .data import CUP, HAND, SET_ASIDE, SETUP, BakumatsuData, box
from .movement import Situation
from .phases import PHASES, WRONG_TIME, begin_game
from .rulings import RULINGS
from .visibility import OBSERVATION

register_catalog_dir(Path(__file__).resolve().parent / "locale")

#: the rule options a game may be started with (setup(seed, options)), declared in kassen.games.options
#: (where the menu reads them): the mountain-top reading (ruling R2); the scenario's rules.mountain_top
#: is the default, so a state holds only a reading chosen explicitly
OPTIONS = options_of("bakumatsu")


class Rules(PhasedRules):
    """The Bakumatsu rules bound to one scenario."""

    game = "bakumatsu"
    hidden_information = False  # every counter and value is open; cup draws are chance steps
    #: 1: reconstructed data tuned for balance (Toba-Fushimi's Akaike victory hex); a game begun
    #: before keeps the data of its revision (the scenario's rules.before_revision), so its saves and
    #: links replay unchanged
    revision = 1
    phases = PHASES
    observation = OBSERVATION
    hooks = hooks
    drawing = render
    checks = checks
    schema = schema
    ruling_list = RULINGS
    wrong_time_clauses = WRONG_TIME

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.d = BakumatsuData(scenario)

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """4: units to their set-up boxes (Toba-Fushimi: the R units into the cup, 15-1-4(1)(3)) or
        in hand (Tabarazaka, 15-2-4); commanders into their cups and Saigō Takamori aside
        (15-2-7-2(1)); victory hexes under their scenario control (14(1)); then the set-up (the
        first player first, 15-1-4(1)) or at once turn 1 (4(4))."""
        d = self.d
        state = self.base_state(seed, check_options(self.game, OPTIONS, options))
        for uid, u in d.units.items():
            if u.setup in d.areas:
                at = box(SETUP, u.side)
            elif u.setup == "takamori":
                at = box(SET_ASIDE, u.side)
            else:
                at = box(u.setup, u.side)
            state["units"][uid] = {"at": at}
        state.update({
            "turn": 1, "phase": "setup", "segment": "setup",
            "active": d.setup_order[0] if d.setup_order else d.first,
            "disordered": [], "done": [], "pending": [], "owed": {s: 0 for s in d.sides},
            "control": dict(d.initial_control), "combat": None, "retreat": None, "last": None, "ended": None,
            "entering": None,
        })
        if not d.setup_order:
            begin_game(self, state)
        return state

    def begun_under(self, state: State, revision: int) -> State:
        """A game just set up, as the rules' ``revision`` set it up: with that revision's victory
        hexes and their control at the start (the scenario's rules.before_revision)."""
        out = super().begun_under(state, revision)
        hexes, control = self.d.victory_of(revision)
        if set(out["control"]) != set(hexes):
            out["control"] = dict(control)
        return out

    def situation(self, state: State) -> Situation:
        """Who stands where in ``state``, shared by every question about that same state object."""
        return self.remembered(state, lambda s: Situation(self.d, s))

    def outcome(self, state: State) -> Optional[Outcome]:
        return victory.outcome(self.d, state) if state.get("phase") == "over" else None


__all__ = ["Rules", "OPTIONS", "CUP", "HAND"]
