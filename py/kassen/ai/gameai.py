"""What a game supplies to the computer opponent: the contract of ``games/<game>/ai.py``.

A game's module defines ``class AI(GameAI)`` and overrides what it knows better than the
defaults (docs/ai.md lists the job for a new game):

- ``sample(obs, rng)``: a complete state consistent with the observation (the view and the public
  history), secrets drawn with the bot's own generator. The default fits games without secrets.
- ``evaluate(state, side)``: how good a *full* state is for ``side``, as a chance of winning in
  [0, 1] (0.5 = even). Called on sampled states only, so it may read every key.
- ``material(state, side)``: the plain measure a one-ply greedy player maximises (strength,
  score), same scale.
- ``chance(state)``: a chance node's outcomes, merged where they lead to the same position.
- ``quiet(state)``: a place where ``evaluate`` makes sense (no combat half resolved); lookahead
  plays on through the steps in between.
- ``candidates(state, side, legal)``: the actions worth searching, best first (hints); default all.
- ``reflex(state, side, legal)``: an obvious choice inside a procedure (a call, a forced retreat),
  or None to let the lookahead compare the options.
- ``mixed(state, side, legal)``: a simultaneous choice as a mixed strategy (action, probability).
- ``plan(obs, rng)``: a decision by rule before any search (a set-up plan), or None.
- ``policy(state, side, legal, rng)``: a fast choice for playouts; default a reflex, else the
  first candidate.
"""
from __future__ import annotations

import importlib
import random
from typing import Any, Optional, Sequence

from ..engine import rng as game_rng
from ..engine.actions import Action
from ..engine.rules import GameRules
from ..engine.state import State, clone
from .observation import Observation

#: keys a view adds to the state's (view_for): dropped when a view becomes a state again
VIEW_KEYS = ("viewer", "to_move", "outcome")


class GameAI:
    """Defaults for a game without secrets and without knowledge: override in games/<game>/ai.py."""

    #: True if ``sample`` draws anything (the fairness test runs on these games)
    has_secrets = False

    #: the game's own budgets per player name, over ``players.PLAYERS`` (e.g. ``{"hard":
    #: {"depth": 4}}``): a game whose positions are cheap to play and judge searches deeper in
    #: the same time. Iterations, not time, as every budget: the arena stays reproducible
    budgets: dict[str, dict[str, Any]] = {}
    #: one scenario's own budgets per player name, over ``budgets`` (e.g. ``{"yao": {"normal":
    #: {"noise": 0.005}}}``): where the levels were measured to need it in that scenario only
    scenario_budgets: dict[str, dict[str, dict[str, Any]]] = {}

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.sides = tuple(rules.sides)

    def other(self, side: str) -> str:
        a, b = self.sides[0], self.sides[1]
        return b if side == a else a

    # -- knowledge from the observation --------------------------------------------------------------
    def sample(self, obs: Observation, rng: random.Random) -> State:
        """A full state consistent with ``obs``. Default: the view is the whole state but the RNG,
        which the bot replaces with one from its own generator (never the game's dice)."""
        state = {k: clone(v) for k, v in obs.view.items() if k not in VIEW_KEYS}
        state["rng"] = fresh_rng(rng)
        return state

    # -- judging positions (full states: sampled ones in a search) -------------------------------------
    def terminal_value(self, state: State, side: str) -> float:
        """1 for a win, 0 for a loss, 0.5 for a draw (games may grade by level)."""
        result = self.rules.outcome(state) or {}
        winner = result.get("winner")
        if winner is None:
            return 0.5
        return 1.0 if winner == side else 0.0

    def evaluate(self, state: State, side: str) -> float:
        return self.material(state, side)

    def material(self, state: State, side: str) -> float:
        return 0.5

    def quiet(self, state: State) -> bool:
        return True

    def chance(self, state: State) -> list[tuple[list[Action], float]]:
        """The outcomes of the chance node ``state``, as sequences of chance actions with their
        probability. Default: each of ``chance_outcomes``; a game may merge outcomes that lead to
        the same position (several dice of which only the highest counts) to keep lookahead exact
        and small."""
        return [([action], p) for action, p in self.rules.chance_outcomes(state)]

    # -- choosing among actions -------------------------------------------------------------------------
    def candidates(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        return list(legal)

    def reflex(self, state: State, side: str, legal: Sequence[Action]) -> Optional[Action]:
        return None

    def mixed(self, state: State, side: str, legal: Sequence[Action]) -> Optional[list[tuple[Action, float]]]:
        """A choice made without seeing the other player's (simultaneous cards): the mixed
        strategy to play, as (action, probability), or None. It must not read what ``side``
        cannot see even in a full state (the other's hidden pick). Lookahead takes its
        expectation, playouts and the root draw from it."""
        return None

    def plan(self, obs: Observation, rng: random.Random) -> Optional[Action]:
        """A decision taken by rule at the root, before any search (a set-up plan), or None.
        ``rng`` is seeded by the bot's seed alone, so every step of one plan agrees."""
        return None

    def policy(self, state: State, side: str, legal: Sequence[Action], rng: random.Random) -> Action:
        found = self.reflex(state, side, legal)
        if found is not None:
            return found
        ranked = self.candidates(state, side, legal)
        return ranked[0] if ranked else legal[0]


def fresh_rng(rng: random.Random) -> int:
    """A game RNG state drawn from the bot's generator (for sampled states and playouts)."""
    return rng.getrandbits(64) & game_rng.MASK64


_cache: dict[int, GameAI] = {}


def game_ai(rules: GameRules) -> GameAI:
    """The game's AI module bound to ``rules`` (``kassen.games.<game>.ai.AI``; the defaults if the
    game has none). Cached per rules object, which is immutable."""
    key = id(rules)
    found = _cache.get(key)
    if found is None or found.rules is not rules:
        module: Any = None
        name = f"{__package__.rsplit('.', 1)[0]}.games.{rules.game}.ai"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
        found = (module.AI if module is not None else GameAI)(rules)
        _cache[key] = found
    return found
