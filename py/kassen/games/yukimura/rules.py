"""Yukimura Gaiden EPISODE-0, declared on the engine's phase toolkit: four scenarios (14-1 to 14-4)
on one rules system. The sequence of play is phases.py; movement movement.py; combat arithmetic
combat.py; victory victory.py; the words hooks.py and locale/; the drawing render.py; the position
checks checks.py. This class holds only what is built once per scenario.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ...engine.actions import Action
from ...engine.messages import register_catalog_dir
from ...engine.options import check as check_options
from ...engine.phases import PhasedRules
from ...engine.scenario import Scenario
from ...engine.state import Event, Outcome, State
from ..options import options_of
from . import checks, hooks, render, schema, victory
from .data import YukimuraData
from .movement import Situation
from .phases import PHASES, WRONG_TIME, begin_game
from .rulings import RULINGS
from .visibility import OBSERVATION

register_catalog_dir(Path(__file__).resolve().parent / "locale")

#: the rule options a game may be started with (setup(seed, options)), declared in kassen.games.options
#: (where the menu reads them): the optional command-range rule (13-1), the literal reading of the
#: Mōri clause (ruling 11); a state holds only the options chosen explicitly
OPTIONS = options_of("yukimura")


class _ActionsTo(dict):
    """The actions of one verb and unit by target hex (``Rules.actions_to``)."""

    def __init__(self, rules: "Rules", verb: str, uid: str) -> None:
        super().__init__()
        self.rules, self.verb, self.uid = rules, verb, uid

    def __missing__(self, target: str) -> Action:
        found = self[target] = self.rules.action(self.verb, self.uid, target)
        return found


class Rules(PhasedRules):
    """The Yukimura rules bound to one scenario."""

    game = "yukimura"
    hidden_information = False
    #: 1: ruling X1 (an extra hex of 11-2-5 never returns to a hex left or entered by one); 2:
    #: reconstructed counter values tuned for balance (Yao's key leaders); 3: ruling X2 (no extra hex
    #: enters a hex any extra hex of the same combat has touched); a game begun before keeps the
    #: reading and values of its revision (the scenario's rules.before_revision), so its saves and
    #: links replay unchanged
    revision = 3
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
        self.d = YukimuraData(scenario)
        self._actions_to: dict[tuple[str, str], dict[str, Action]] = {}
        #: {side: (the enemy's hexes, {(unit, hex): where its moves end})}: Situation._ends
        self._ends: dict[str, Any] = {}

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """3: units on their printed hexes, reinforcements and Hideyori's force beside the map; the
        Inning marker in box 1 (3(4)); the connected scenario first asks Osaka where Hideyori waits."""
        d = self.d
        options = check_options(self.game, OPTIONS, options)
        if "command_range" not in options and d.rules_data.get("command_range_default"):
            options["command_range"] = True
        state = self.base_state(seed, options)
        for uid, u in d.units.items():
            at = u.start if u.start is not None else d.waiting_box[u.side]
            state["units"][uid] = {"at": at}
        staged = any(a.die for a in d.arrivals)
        state.update({
            "turn": 1, "phase": "staging" if staged else "move", "segment": "move", "active": d.first,
            "done": [], "fired": [], "attacked": [], "targets": [], "combat": None, "check": None,
            "retreat": None, "double": None, "advance": None, "markers": [], "retreated": [], "chained": [],
            "pending": [], "released": [], "west": False, "holder": d.osaka if d.komatsuyama else None,
            "hideyori": None, "last": None, "ended": None,
        })
        if not staged:
            begin_game(self, state)
        return state

    def begun_under(self, state: State, revision: int) -> State:
        """A game just set up, as the rules' ``revision`` set it up: each unit on its start hex of that
        revision (the scenario's rules.before_revision)."""
        out = super().begun_under(state, revision)
        d = self.d
        out["units"] = {uid: {"at": d.unit_of(uid, revision).start}
                        if u["at"] is not None and u["at"] == d.units[uid].start else u
                        for uid, u in out["units"].items()}
        return out

    def situation(self, state: State) -> Situation:
        """Who stands where in ``state``, shared by every question about that same state object."""
        return self.remembered(state, lambda s: Situation(self.d, s, self._ends))

    def actions_to(self, verb: str, uid: str) -> dict[str, Action]:
        """{hex: ``action(verb, uid, hex)``}, filled as asked: a Movement Phase lists thousands of
        moves, and a lookup here is cheaper than a call of ``action`` each."""
        key = (verb, uid)
        found = self._actions_to.get(key)
        if found is None:
            found = self._actions_to[key] = _ActionsTo(self, verb, uid)
        return found

    def force_name(self, force: str) -> Any:
        """A force named by its leader unit (2-2(1))."""
        from ...engine.messages import unit

        leader = self.d.leader_unit.get(force)
        if leader is None:
            members = self.d.forces.get(force, ())
            leader = next((u for u in members if self.d.units[u].is_leader), members[0] if members else None)
        return unit(leader) if leader else force

    def _apply(self, state: State, action: Action) -> list[Event]:
        """Every action, then what the rules watch at once: a key leader leaving his hex ends the game
        (14-2(6)(1)-(2)) whatever moved him."""
        events = super()._apply(state, action)
        if state.get("phase") != "over":
            victory.watch(self, state)
            if state["ended"] is not None:
                from .phases import finish_game

                events += finish_game(self, state)
        return events

    def outcome(self, state: State) -> Optional[Outcome]:
        return victory.outcome(self, state) if state.get("phase") == "over" else None


__all__ = ["Rules", "OPTIONS"]
