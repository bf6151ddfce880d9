"""The game systems. Each package exposes ``Rules`` (a GameRules subclass); imported lazily so
the page only pays for the game being played."""
from __future__ import annotations

import importlib
from pathlib import Path

from ..engine.errors import KassenError, ScenarioError, quote
from ..engine.rules import GameRules
from ..engine.messages import register_catalog_dir
from ..engine.scenario import Scenario, load_scenario, scenario_files

GAME_MODULES: dict[str, str] = {
    "mukden": "kassen.games.mukden",
    "ikedaya": "kassen.games.ikedaya",
    "kawanakajima": "kassen.games.kawanakajima",
    "bakumatsu": "kassen.games.bakumatsu",
    "yukimura": "kassen.games.yukimura",
}

_rules: dict[str, GameRules] = {}

# Every game's words are data (games/<game>/locale/<lang>.json): registered here, without importing
# any game, so the menu, the rules reference and the help pages speak each game's terms.
for _game in GAME_MODULES:
    register_catalog_dir(Path(__file__).resolve().parent / _game / "locale")


def rules_for(scenario: Scenario) -> GameRules:
    """The rules object for a loaded scenario (its game's ``Rules`` class), once a game set up on
    it has been checked: a scenario that passes its schemas must not crash a game later (ScenarioError)."""
    if scenario.game not in GAME_MODULES:
        raise ScenarioError(scenario.file, "$.game", f"there is no game {quote(scenario.game)} "
                                                     f"(games: {', '.join(GAME_MODULES)})")
    module = importlib.import_module(GAME_MODULES[scenario.game])
    rules = module.Rules(scenario)
    _check_start(rules)
    return rules


def _check_start(rules: GameRules) -> None:
    """The set-up position must be one the game's own checks accept, and its links must open."""
    from ..engine import codec

    file = rules.scenario.file
    try:
        state = rules.setup(0)
        codec.check_state(rules, state, what="a game set up on this scenario")
        rules.legal_actions(state)
    except ScenarioError:
        raise
    except KassenError as exc:
        raise ScenarioError(file, "$", str(exc)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as exc:
        raise ScenarioError(file, "$", f"a game cannot be set up on this scenario ({type(exc).__name__}: "
                                       f"{quote(str(exc))})") from None


def import_game(scenario_id: str) -> None:
    """Import the package of a scenario's game, without reading the scenario (the page's start does the
    two in tasks of their own); nothing for an id that is not a scenario's."""
    path = scenario_files().get(scenario_id)
    if path is not None and path.parent.name in GAME_MODULES:
        importlib.import_module(GAME_MODULES[path.parent.name])


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
