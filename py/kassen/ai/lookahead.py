"""Exact odds from the protocol: the value of an action with the dice enumerated.

``Lookahead.after(state, action)`` applies the action and plays on to the next *quiet* state (the
game's ``quiet``: no combat half resolved), taking every chance node's outcomes from
``chance_outcomes`` with their probabilities, so a combat is judged by its real odds, not by one
roll. Decisions met on the way (a call, a retreat, an advance) are taken by the game's ``reflex``
or, while the budget lasts, by comparing the options (each side maximising its own value); past
the budget a chance node is sampled with the bot's generator and a decision falls to the game's
fast ``policy``. The budget is a number of leaves, so the cost of a lookahead is bounded whatever
the game.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Optional

from ..engine import rng as game_rng
from ..engine.actions import Action
from ..engine.rules import GameRules
from ..engine.state import CHANCE, TERMINAL, State, clone
from .gameai import GameAI

ValueFn = Callable[[State, str], float]


def advance(rules: GameRules, state: State, *actions: Action, in_place: bool = False) -> State:
    """The state after ``actions``, each legal where it comes (taken from ``legal_actions`` or
    the chance outcomes): one copy for the whole sequence and no second legality check, which
    ``GameRules.apply`` makes for actions from outside. The game's RNG steps after each chance
    action exactly as ``apply`` does.

    ``in_place``: ``state`` is the caller's own copy, made by an earlier ``advance`` and held by
    nothing else, so it is changed rather than copied. A lookahead or a playout walks most of its
    steps down one line (a retreat hex by hex, a sampled roll), and copying the whole state for
    each of them was over a third of a hard Gotō's Dream player's time (877,815 copies in 240 s)."""
    new = state if in_place else clone(state)
    for action in actions:
        player = rules.current_player(new)
        if player == TERMINAL:
            break
        rules.forget(new)  # what the rules kept about this object is about to stop holding
        rules._apply(new, action)
        if player == CHANCE:
            new["rng"] = game_rng.step(new["rng"])
    rules.forget(new)
    return new

#: the most steps a lookahead plays between two quiet states (a guard, never reached by the games)
MAX_STEPS = 120


class Lookahead:
    """Expectimax to the next quiet state, for ``side``, judged by ``value`` (a GameAI method)."""

    def __init__(self, ai: GameAI, side: str, value: ValueFn, rng: random.Random) -> None:
        self.ai = ai
        self.rules = ai.rules
        self.side = side
        self.value_fn = value
        self.rng = rng
        self.leaves = 0  # positions judged (a measure of work)

    def after(self, state: State, action: Action, budget: int = 64) -> float:
        """The expected value for ``side`` of playing ``action`` in ``state``."""
        return self.value(advance(self.rules, state, action), budget, 1, owned=True)

    def value(self, state: State, budget: int, steps: int = 0, owned: bool = False) -> float:
        """``owned``: ``state`` is this call's own copy (see ``advance``), changed as the line goes on."""
        rules, ai = self.rules, self.ai
        while True:
            player = rules.current_player(state)
            if player == TERMINAL:
                self.leaves += 1
                return ai.terminal_value(state, self.side)
            mix = None
            if player != CHANCE:
                if steps and ai.quiet(state) or steps >= MAX_STEPS:
                    self.leaves += 1
                    return self.value_fn(state, self.side)
                legal = rules.legal_actions(state)
                if not legal:  # a sampled state the game cannot go on from (a sampler's fault): judge it
                    self.leaves += 1
                    return self.value_fn(state, self.side)
                mix = ai.mixed(state, player, legal) if len(legal) > 1 else None
            if player == CHANCE or mix:
                outcomes = ai.chance(state) if mix is None else [([a], p) for a, p in mix if p > 0]
                if 1 < len(outcomes) <= budget:
                    share = budget // len(outcomes)
                    total = weight = 0.0
                    for actions, p in outcomes:
                        nxt = advance(rules, state, *actions)
                        total += p * self.value(nxt, share, steps + len(actions), owned=True)
                        weight += p
                    return total / weight
                actions = pick(outcomes, self.rng)
                state = advance(rules, state, *actions, in_place=owned)
                owned = True
                steps += len(actions)
                continue
            action = self._decide(state, player, legal, budget, steps)
            if action is None:  # the options were compared: _decide returned their best value
                return self._best
            state = advance(rules, state, action, in_place=owned)
            owned = True
            steps += 1

    def _decide(self, state: State, player: str, legal: list[Action], budget: int, steps: int) -> Optional[Action]:
        """The action taken at a decision inside the lookahead, or None after comparing the
        options (their best value for ``player`` is left in ``self._best``)."""
        ai = self.ai
        if len(legal) == 1:
            return legal[0]
        found = ai.reflex(state, player, legal)
        if found is not None:
            return found
        options = ai.candidates(state, player, legal)
        if 2 <= len(options) <= budget:
            share = budget // len(options)
            best: Optional[float] = None
            for action in options:
                v = self.value(advance(self.rules, state, action), share, steps + 1, owned=True)
                if player != self.side:
                    v = 1.0 - v  # the other side maximises its own chances
                if best is None or v > best:
                    best = v
            assert best is not None
            self._best = best if player == self.side else 1.0 - best
            return None
        return ai.policy(state, player, legal, self.rng)

    _best = 0.5


def pick(outcomes: "list[tuple[Any, float]]", rng: random.Random) -> Any:
    """One chance outcome drawn with the bot's generator, by probability."""
    u = rng.random() * sum(p for _, p in outcomes)
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]
