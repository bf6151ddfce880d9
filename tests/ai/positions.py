"""Positions for the computer-player tests: seeded games played by a cheap policy, with the log.

Each position is (state, events so far, side to act). Random play reaches the odd corners of the
rules; the AI tests must hold there too.
"""
from __future__ import annotations

import random
from typing import Iterator

from kassen.engine.actions import Action
from kassen.engine.play import play_steps
from kassen.engine.rules import GameRules
from kassen.engine.state import Event, State


def positions(rules: GameRules, seeds: range, every: int = 1, max_actions: int = 3000
              ) -> Iterator[tuple[State, list[Event], str]]:
    """Every ``every``-th decision of uniformly random games (one per seed)."""
    for seed in seeds:
        chooser = random.Random(f"positions:{seed}")
        events: list[Event] = []
        found: list[tuple[State, list[Event], str]] = []
        count = 0

        def decide(state: State, player: str, legal: list[Action]) -> Action:
            nonlocal count
            if count % every == 0:
                found.append((state, list(events), player))
            count += 1
            return chooser.choice(legal)

        for step in play_steps(rules, rules.setup(seed), decide, max_actions):
            yield from found
            found.clear()
            events.extend(step.events)
