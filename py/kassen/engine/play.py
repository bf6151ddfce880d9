"""Drivers over the protocol: sampling chance with the state's RNG, random play, replay.

Bots, the command line, tests and the UI all drive games through these few functions, so a seed
and an action list give the same game everywhere.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Optional

from . import rng
from .actions import Action
from .rules import GameRules
from .state import CHANCE, TERMINAL, Event, State


def sample_chance(rules: GameRules, state: State) -> Action:
    """The chance outcome the state's RNG picks (without advancing it: ``apply`` does that)."""
    outcomes = rules.chance_outcomes(state)
    if not outcomes:
        raise RuntimeError("chance node without outcomes")
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        return outcomes[rng.peek_below(state["rng"], len(outcomes))][0]
    u = rng.peek(state["rng"]) / 2.0 ** 64
    total = 0.0
    for action, p in outcomes:
        total += p
        if u < total:
            return action
    return outcomes[-1][0]


def resolve_chance(rules: GameRules, state: State) -> tuple[State, list[tuple[Action, list[Event]]]]:
    """Apply chance outcomes until a player (or the end) is to act."""
    steps: list[tuple[Action, list[Event]]] = []
    while rules.current_player(state) == CHANCE:
        action = sample_chance(rules, state)
        state, events = rules.apply(state, action)
        steps.append((action, events))
    return state, steps


def replay(rules: GameRules, seed: int | str, options: Optional[dict[str, Any]],
           actions: Iterable[Action | str]) -> State:
    """Re-run a recorded game from its seed; every action is re-checked for legality."""
    state = rules.setup(seed, options)
    for action in actions:
        state, _ = rules.apply(state, action)
    return state


class Step(NamedTuple):
    """One action of a game being played: who acted, from which state, and what it gave."""
    before: State
    player: str  # a side, or CHANCE
    action: Action
    after: State
    events: list[Event]


#: a player's decision: (state, side to act, its legal actions) -> one of them
Decide = Callable[[State, str, list[Action]], Action]


def play_steps(rules: GameRules, state: State, decide: Decide, max_actions: int = 5000) -> Iterator[Step]:
    """Play from ``state`` until the end or ``max_actions`` actions: chance from the state's own
    RNG (``sample_chance``), every decision from ``decide``. Lazy, so a caller that keeps the log
    (a bot's observation) sees each step's events before the next decision."""
    for _ in range(max_actions):
        player = rules.current_player(state)
        if player == TERMINAL:
            return
        if player == CHANCE:
            action = sample_chance(rules, state)
        else:
            legal = list(rules.legal_actions(state))
            if not legal:
                raise RuntimeError(f"{player} has no legal action in a non-terminal state")
            action = decide(state, player, legal)
        after, events = rules.apply(state, action)
        yield Step(state, player, action, after, events)
        state = after


def random_walk(rules: GameRules, seed: int | str, max_actions: int = 5000,
                bot_seed: Optional[int | str] = None, options: Optional[dict[str, Any]] = None
                ) -> Iterator[tuple[State, Optional[Action]]]:
    """Every state of a uniformly random game, with the action that led to it (None at set-up),
    until the end or ``max_actions`` actions.

    The bot's own choices come from ``random.Random(bot_seed)`` (default: the seed), never from
    the game's RNG, so the game's dice do not depend on how the players choose.
    """
    chooser = random.Random(f"bot:{seed if bot_seed is None else bot_seed}")
    state = rules.setup(seed, options)
    yield state, None
    for step in play_steps(rules, state, lambda _state, _player, legal: chooser.choice(legal), max_actions):
        yield step.after, step.action


def random_game(rules: GameRules, seed: int | str, max_actions: int = 5000,
                bot_seed: Optional[int | str] = None, options: Optional[dict[str, Any]] = None
                ) -> tuple[State, list[Action]]:
    """The final state and the actions of one ``random_walk``."""
    state: State = {}
    record: list[Action] = []
    for state, action in random_walk(rules, seed, max_actions, bot_seed, options):
        if action is not None:
            record.append(action)
    return state, record
