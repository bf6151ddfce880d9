"""Battle of Mukden (shared/rules/mukden.md): the game declared on the engine's phase toolkit.

The sequence of play is the phase table in phases.py, what each side sees is visibility.py, the
words are hooks.py and locale/, the drawing render.py, the position checks checks.py. This class
holds only what is precomputed once per scenario and the few questions several phases ask.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ...engine.actions import Action
from ...engine.errors import ScenarioError
from ...engine.messages import register_catalog_dir
from ...engine.phases import Phase, PhasedRules, Refusal
from ...engine.scenario import Scenario
from ...engine.state import Outcome, State
from . import checks, hooks, render, schema, victory
from .data import JAPAN, RUSSIA, MukdenMap
from .phases import PHASES, wrong_time
from .rulings import RULINGS
from .visibility import OBSERVATION

register_catalog_dir(Path(__file__).resolve().parent / "locale")


class Rules(PhasedRules):
    """The Mukden rules bound to one scenario; holds only precomputed map data."""

    game = "mukden"
    hidden_information = True
    #: 1: ruling X8 (a game in which nobody fights any more ends as on time)
    revision = 1
    phases = PHASES
    observation = OBSERVATION
    hooks = hooks
    drawing = render
    checks = checks
    schema = schema
    ruling_list = RULINGS

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.map = MukdenMap.from_scenario(scenario)
        problems = self.map.located_problems(scenario)
        if problems:
            raise ScenarioError(scenario.file, *problems[0])
        self.words = hooks.Words(self)
        # Actions are immutable: build the move, attack and call actions once (legal_actions is hot).
        m = self.map
        targets = list(m.hexes) + [m.withdrawn_box]
        self._moves = {(u, c): Action("move", (u,), c) for u in m.side_of for c in targets}
        self._attacks = {c: Action("attack", cell=c) for c in m.hexes}
        self._retreats = {c: Action("retreat", cell=c) for c in targets}
        self.call_actions = tuple(Action("call", arg=str(n)) for n in range(max(m.fp_total.values()) + 1))

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """Units on their printed hexes (mukden.3.start-named-hex), the 3rd Army off the map
        (mukden.3.jp3-offmap); Japan allots first."""
        state = self.base_state(seed, options)
        state.update({
            "phase": "allot", "active": JAPAN, "time": 0, "waits": 0, "chosen": None, "combat": None,
            "ended": None, "allotment": {JAPAN: {}, RUSSIA: {}}, "fp": {JAPAN: {}, RUSSIA: {}},
        })
        return state

    # -- questions several phases ask ----------------------------------------------------------------
    def floor(self, state: State) -> Optional[int]:
        """The lowest modified attack (ruling R5): a game option, else the scenario's value."""
        options = state.get("options") or {}
        if "modified_fp_floor" in options:
            return options["modified_fp_floor"]
        return self.map.modified_fp_floor

    def allot_values(self, state: State) -> tuple[Optional[str], list[int]]:
        """The next unit to allot and the values that still allow a legal total (mukden.3.*)."""
        side = state["active"]
        done = state["allotment"][side]
        pending = [u for u in self.map.units_of[side] if u not in done]
        if not pending:
            return None, []
        remaining = self.map.fp_total[side] - sum(done.values())
        after = len(pending) - 1
        low, high = self.map.fp_min, remaining - self.map.fp_min * after
        if after == 0:
            low = high = remaining
        return pending[0], list(range(low, high + 1))

    def move_action(self, uid: str, target: str) -> Action:
        return self._moves[uid, target]

    def attack_action(self, target: str) -> Action:
        return self._attacks[target]

    def retreat_action(self, target: str) -> Action:
        return self._retreats[target]

    def wrong_time(self, state: State, phase: Phase, action: Action) -> Refusal:
        return wrong_time(self, state, action) or super().wrong_time(state, phase, action)

    def outcome(self, state: State) -> Optional[Outcome]:
        return victory.outcome(self.map, state) if state["phase"] == "over" else None
