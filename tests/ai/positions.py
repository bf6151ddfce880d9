"""Positions for the computer-player tests: seeded games played by a cheap policy, with the log.

Each position is (state, events so far, side to act). Random play reaches the odd corners of the
rules; the AI tests must hold there too.
"""
from __future__ import annotations

import random
from typing import Iterator

from kassen.engine.play import sample_chance
from kassen.engine.rules import GameRules
from kassen.engine.state import CHANCE, TERMINAL, Event, State


def positions(rules: GameRules, seeds: range, every: int = 1, max_actions: int = 3000
              ) -> Iterator[tuple[State, list[Event], str]]:
    """Every ``every``-th decision of uniformly random games (one per seed)."""
    for seed in seeds:
        chooser = random.Random(f"positions:{seed}")
        state = rules.setup(seed)
        events: list[Event] = []
        n = 0
        for _ in range(max_actions):
            player = rules.current_player(state)
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = sample_chance(rules, state)
            else:
                legal = rules.legal_actions(state)
                if n % every == 0:
                    yield state, list(events), player
                n += 1
                action = chooser.choice(legal)
            state, ev = rules.apply(state, action)
            events.extend(ev)
