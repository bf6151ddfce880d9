"""The games' movement, zone-of-control and retreat rules as configurations of the toolkit
(engine/terrain, movement, zoc, position, retreat), next to the games' own functions, for the
games not yet moved onto the toolkit (Mukden's and Ikedaya's movement now are these configurations:
their golden games in tests/corpus are the proof).

This is what each game will configure when it moves onto the toolkit; tests/engine/
test_toolkit_fits_games.py asserts both give the same answers over seeded self-play positions,
and tools/toolkit_speed.py times them on the same positions.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, Optional

from kassen.engine.movement import MoveRules, reach
from kassen.engine.play import random_walk
from kassen.engine.position import Position
from kassen.engine.retreat import retreat_cells, retreat_routes
from kassen.engine.terrain import step_table
from kassen.engine.zoc import ZoneOfControl
from kassen.games import load_rules


def positions(game: str, seeds: range, every: int = 1, cap: int = 10 ** 9,
              options: Optional[dict[str, Any]] = None) -> Iterator[dict[str, Any]]:
    """States of seeded random games (every ``every``-th, at most ``cap``)."""
    rules = load_rules(game)
    n = 0
    for seed in seeds:
        for i, (state, _) in enumerate(random_walk(rules, seed, options=options)):
            if i % every == 0:
                yield state
                n += 1
                if n >= cap:
                    return


class KawanakajimaFit:
    """Kawanakajima 7: MP by terrain; entering an enemy ZOC ends the move (7(5)); a unit that starts in
    one, or has left one this activation, may enter none (7(8), 7(9)); occupied hexes block (7(7))."""

    def __init__(self, rules: Any) -> None:
        t = self.t = rules.t
        board = self.board = rules.scenario.board
        self.steps = step_table(board, rules.scenario.params["terrain_cost"])
        self.rules = MoveRules(zoc_no_reentry=True)
        self.left_rules = replace(self.rules, zoc_forbidden=True)
        self.zoc = ZoneOfControl(board)
        self.side_of = dict(t.side)

    def position(self, units: dict) -> Position:
        return Position(units, self.side_of, self.board, self.zoc.zone)

    def destinations(self, start: str, mp: int, occupied: Any, zoc: Any, left_zoc: bool) -> dict[str, int]:
        r = reach(self.steps, start, mp, self.left_rules if left_zoc else self.rules, blocked=occupied, zoc=zoc)
        cost = r.cost
        return {c: cost[c] for c in r.destinations("found")}

    def retreat(self, units: dict, uid: str) -> list[str]:
        at = units[uid]["at"]
        if at not in self.t.on_map:
            return []
        pos = self.position(units)
        forbidden = pos.held() | pos.enemy_zone(self.side_of[uid])
        return retreat_cells(retreat_routes(self.board, at, 1, forbidden=forbidden))
