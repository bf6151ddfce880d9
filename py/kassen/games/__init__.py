"""The game systems. Each package exposes ``Rules`` (a GameRules subclass); imported lazily so
the page only pays for the game being played."""
from __future__ import annotations

import importlib

from ..engine.rules import GameRules
from ..engine.scenario import Scenario, load_scenario, scenario_files

GAME_MODULES: dict[str, str] = {
    "mukden": "kassen.games.mukden",
    "ikedaya": "kassen.games.ikedaya",
    "kawanakajima": "kassen.games.kawanakajima",
}

_rules: dict[str, GameRules] = {}


def rules_for(scenario: Scenario) -> GameRules:
    """The rules object for a loaded scenario (its game's ``Rules`` class)."""
    module = importlib.import_module(GAME_MODULES[scenario.game])
    return module.Rules(scenario)


def load_rules(scenario_id: str) -> GameRules:
    """Rules bound to a scenario id; cached because rules objects are immutable."""
    if scenario_id not in _rules:
        _rules[scenario_id] = rules_for(load_scenario(scenario_id))
    return _rules[scenario_id]


def scenario_ids() -> list[str]:
    """Scenario ids whose game is implemented."""
    out = []
    for sid, path in scenario_files().items():
        if path.parent.name in GAME_MODULES:
            out.append(sid)
    return out
