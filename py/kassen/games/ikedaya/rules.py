"""Shinsengumi Ikedaya Incident (Wargame Japanese History postcard game, 2009), declared on the
engine's phase toolkit.

The state is plain data::

    units   {uid: {"at": square | box | None, "spent": bool}}   None = killed or captured
    phase   "setup" | "action" | "over"
    active  the side placing counters (set-up) or the phasing player (Action Phase)
    passes  consecutive passes so far (two in a row end the Action Phase)
    acted   whether anyone has taken an action in this Action Phase
    quiet   whole turns in a row in which no counter was killed, captured, escaped or left the map
    step    None, or the unfinished part of the current action (its "kind" is the phase now)

Boxes: "Pool" holds counters not yet set up, "Street"/"Backyard" hold escaped Ronin and the
Shinsengumi who left the map. The sequence of play is the phase table in phases.py, the words
hooks.py and locale/, the drawing render.py, the position checks checks.py; this class holds only
what is precomputed once per scenario and the few questions several modules ask.
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
from .data import InnData
from .phases import PHASES, phase_of, wrong_time
from .rulings import RULINGS
from .visibility import OBSERVATION

register_catalog_dir(Path(__file__).resolve().parent / "locale")

#: the rule options (declared in kassen.games.options, where the menu reads them): the two readings of
#: rulings ikedaya-r04 and ikedaya-r05; the scenario file names the defaults, written into every state
OPTIONS = options_of("ikedaya")


class Rules(PhasedRules):
    """The Ikedaya rules bound to one scenario; holds only precomputed data."""

    game = "ikedaya"
    hidden_information = False
    phases = PHASES
    observation = OBSERVATION
    hooks = hooks
    drawing = render
    checks = checks
    schema = schema
    ruling_list = RULINGS
    phase_of = phase_of
    wrong_time = wrong_time

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.data = InnData(scenario)
        self.cell_index = {lab: i for i, lab in enumerate(self.board.cells)}
        self.rolls = [(self.action("roll", arg=str(d)), 1.0 / self.data.die) for d in range(1, self.data.die + 1)]

    def options_of(self, state: State) -> dict[str, str]:
        return {**self.data.default_options, **state.get("options", {})}

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """Every counter in the set-up box; the Ronin set up first (ikedaya.setup.ronin-first)."""
        opts = {**self.data.default_options, **check_options(self.game, OPTIONS, options)}
        state = self.base_state(seed, opts)
        for u in state["units"].values():
            u["spent"] = False
        state.update({"phase": "setup", "active": self.data.setup_order[0], "passes": 0, "acted": False,
                      "quiet": 0, "step": None})
        return state

    def outcome(self, state: State) -> Optional[Outcome]:
        return victory.outcome(self, state) if state["phase"] == "over" else None
