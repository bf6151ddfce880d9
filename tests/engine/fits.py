"""The games' movement, zone-of-control and retreat rules as configurations of the toolkit
(engine/terrain, movement, zoc, position, retreat), next to the games' own functions, for the
games not yet moved onto the toolkit (Mukden's movement now is this configuration: its golden
games in tests/corpus are the proof).

This is what each game will configure when it moves onto the toolkit; tests/engine/
test_toolkit_fits_games.py asserts both give the same answers over seeded self-play positions,
and tools/toolkit_speed.py times them on the same positions.
"""
from __future__ import annotations

from collections import ChainMap
from dataclasses import replace
from typing import Any, Container, Iterator, Optional

from kassen.engine.movement import MoveRules, reach
from kassen.engine.play import random_walk
from kassen.engine.position import Position
from kassen.engine.retreat import retreat_cells, retreat_routes
from kassen.engine.terrain import as_steps, step_table
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


class IkedayaFit:
    """Ikedaya: doors, stairs and arrows at their costs; a square next to a same-floor enemy ends a
    move (and locks a counter that starts there); enemy squares are never entered; the exit to the
    street ends a move; at most three counters stop on a square (they may pass a full one); the
    Ronin move without limit; counters waiting outside enter through the exit square."""

    def __init__(self, rules: Any) -> None:
        from kassen.games.ikedaya.data import POOL
        from kassen.games.ikedaya.movement import occupancy
        self.occupancy = occupancy
        data = self.data = rules.data
        board = self.board = rules.scenario.board
        self.pool = POOL
        self.steps = step_table(board, {"clear": 1}, {"railing": None})
        self.entry = ChainMap({POOL: tuple((sq, cost) for sq, (_, cost) in data.exits.items())}, self.steps)
        boxes = frozenset(lab for lab, c in board.cells.items() if c.kind == "box")
        self.rules = MoveRules(zoc_locked=True, stop_cells=boxes)
        self.zoc = ZoneOfControl(board, crosses=lambda a, b: board.cells[a].floor == board.cells[b].floor)
        self.side_of = {uid: c.side for uid, c in data.counters.items()}
        self.other = dict(data.other)
        self.no_railing = lambda a, b: "railing" not in board.features(a, b)

    def position(self, units: dict) -> Position:
        return Position(units, self.side_of, self.board, self.zoc.zone, sides=tuple(self.other))

    def enemy_squares(self, pos: Position, side: str) -> set[str]:
        squares = self.data.square_set
        return {c for c, here in pos.occupied.items() if c in squares and self.side_of[here[0]] != side}

    def destinations(self, units: dict, side: str, cell: str, size: int, pos: Optional[Position] = None,
                     occupied: Optional[dict[str, list[str]]] = None) -> dict[str, int]:
        """Where ``size`` counters of ``side`` on ``cell`` (or the Pool) may end a move, with costs
        (the Ronin move without limit: their costs are those of the path found)."""
        data = self.data
        if pos is None:  # one question about this state: given the occupancy only, as the game's own search
            occupied = occupied if occupied is not None else self.occupancy(data, units)
            side_of = self.side_of
            enemies: Container[str] = {c for c, here in occupied.items()
                                       if side_of[here[0]] != side and c in data.square_set}
            stops: Container[str] = self.zoc.zone(enemies)  # type: ignore[arg-type]
        else:
            occupied = pos.occupied
            enemies = pos.cells_of(self.other[side])  # squares only: boxes are off the map
            stops = pos.zone(self.other[side])  # the Position's zone is the same-floor one
        limit = data.stack_limit
        full = {c for c, here in occupied.items() if len(here) + size > limit and c in data.square_set}
        mp = data.mp.get(side)
        steps = self.entry if cell == self.pool else self.steps
        r = reach(steps, cell, mp, self.rules, blocked=enemies, pass_only=full, zoc=stops, costs=mp is not None)
        cost = r.cost
        del cost[cell]
        if cell == self.pool:
            return {c: v for c, v in cost.items() if c in data.square_set and c not in full}
        return {c: v for c, v in cost.items() if c not in full} if full else cost

    def retreat(self, units: dict, uid: str, start: str) -> list[str]:
        pos = self.position(units)
        side = self.side_of[uid]
        enemies = self.enemy_squares(pos, side)
        data = self.data
        full = {c for c, here in pos.occupied.items() if c in data.square_set and len(here) + 1 > data.stack_limit}
        forbidden = enemies | self.zoc.zone(enemies) | full
        return retreat_cells(retreat_routes(self.board, start, 1, may_enter=self.no_railing, forbidden=forbidden))
