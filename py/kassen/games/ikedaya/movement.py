"""Where counters are, and where a counter or stack may go in one action.

Movement outcomes depend only on the destination: a move ends where it ends, combat is decided
there, and no square passed through matters (a square that would force a stop cannot be passed
through at all). So the legal moves are one action per reachable destination, found by a cheapest-
path search that never expands a square where the mover must stop (ikedaya.zoc.stop-same-floor).
"""
from __future__ import annotations

import heapq
from typing import Optional

from ...engine.occupancy import occupants
from .data import InnData

Occupancy = dict[str, list[str]]


def occupancy(data: InnData, units: dict[str, dict]) -> Occupancy:
    """{cell: [unit ids in counter-list order]} for every cell (squares and boxes) that holds one."""
    return occupants(units, order=data.unit_order)


def side_in(data: InnData, occ: Occupancy, cell: str) -> Optional[str]:
    """The side holding a square (squares never hold both sides), or None."""
    here = occ.get(cell)
    return data.counters[here[0]].side if here else None


def enemy_in(data: InnData, occ: Occupancy, cell: str, side: str) -> bool:
    """Does the square hold an enemy of ``side``? (boxes off the map never do: both sides meet there)"""
    here = occ.get(cell)
    return bool(here) and data.counters[here[0]].side != side and cell in data.square_set


def enemy_next_to(data: InnData, occ: Occupancy, cell: str, side: str) -> bool:
    """True if a same-floor neighbour of ``cell`` holds an enemy: the stop, lock, retreat and
    jump-adjacency test (cross-floor stairs and arrows never count: ikedaya.zoc.no-stop-cross-floor)."""
    if cell not in data.square_set:
        return False
    for n in data.same_floor[cell]:
        if enemy_in(data, occ, n, side):
            return True
    return False


def enemy_squares_in_reach(data: InnData, occ: Occupancy, cell: str, side: str) -> list[str]:
    """Enemy-held squares a stack on ``cell`` may fight: same floor or across stairs/arrows."""
    if cell not in data.square_set:
        return []
    return [n for n in data.squares if n in data.fight_adjacent[cell] and enemy_in(data, occ, n, side)]


def same_floor_enemy_squares(data: InnData, occ: Occupancy, cell: str, side: str) -> list[str]:
    return [n for n in data.squares if n in data.same_floor[cell] and enemy_in(data, occ, n, side)]


def enemy_cells(data: InnData, occ: Occupancy, side: str) -> tuple[set[str], set[str]]:
    """(squares holding an enemy of ``side``, squares next to one on the same floor)."""
    enemies = {c for c, here in occ.items() if c in data.square_set and data.counters[here[0]].side != side}
    stops: set[str] = set()
    for c in enemies:
        stops |= data.same_floor[c]
    return enemies, stops


def reachable(data: InnData, occ: Occupancy, start: str, side: str, mp: Optional[int],
              ignore_stops: bool = False) -> dict[str, int]:
    """{destination: cheapest cost} for a counter or stack of ``side`` starting on ``start``.

    ``mp`` None means unlimited (the Ronin). Enemy squares are never entered
    (ikedaya.move.no-enemy-square); a square next to a same-floor enemy is a destination but is not
    passed through (ikedaya.zoc.stop-same-floor); boxes (the Street through the exit) end a move.
    Stacking is not checked here: counters may pass through a full square, only where they stop
    counts (see ``room``). ``ignore_stops`` is for explanations only.
    """
    enemies, stops = enemy_cells(data, occ, side)
    if ignore_stops:
        stops = set()
    squares = data.square_set
    moves = data.moves
    best: dict[str, int] = {start: 0}
    if mp is None:  # unlimited movement: a breadth-first search (costs are then only informative)
        frontier = [start]
        while frontier:
            nxt_frontier = []
            for cell in frontier:
                if cell != start and (cell in stops or cell not in squares):
                    continue
                base = best[cell]
                for step in moves[cell]:
                    nxt = step.to
                    if nxt in best or nxt in enemies:
                        continue
                    best[nxt] = base + step.cost
                    nxt_frontier.append(nxt)
            frontier = nxt_frontier
    else:
        heap: list[tuple[int, str]] = [(0, start)]
        while heap:
            cost, cell = heapq.heappop(heap)
            if cost > best[cell]:
                continue
            if cell != start and (cell in stops or cell not in squares):
                continue
            for step in moves[cell]:
                nxt = step.to
                if nxt in enemies:
                    continue
                new = cost + step.cost
                if new > mp:
                    continue
                if new < best.get(nxt, 1 << 30):
                    best[nxt] = new
                    heapq.heappush(heap, (new, nxt))
    del best[start]
    return best


def room(data: InnData, occ: Occupancy, cell: str, count: int) -> bool:
    """May ``count`` more counters stop on ``cell``? (ikedaya.stack.max-three; boxes are unlimited)"""
    if cell not in data.square_set:
        return True
    return len(occ.get(cell, ())) + count <= data.stack_limit
