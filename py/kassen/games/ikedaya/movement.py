"""Where counters are, where a counter or stack may go in one action, and where a jump lands.

Movement outcomes depend only on the destination: a move ends where it ends, combat is decided
there, and no square passed through matters (a square that would force a stop cannot be passed
through at all). So the legal moves are one action per reachable destination, found by a cheapest-
path search that never expands a square where the mover must stop (ikedaya.zoc.stop-same-floor).
Jumps from the railings are this game's own (ikedaya.escape.*).
"""
from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Optional

from ...engine.occupancy import occupants
from ...engine.state import State
from .data import POOL, InnData

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

Occupancy = dict[str, list[str]]


def occupancy(data: InnData, units: dict[str, dict]) -> Occupancy:
    """{cell: [unit ids in counter-list order]} for every cell (squares and boxes) that holds one."""
    return occupants(units, order=data.unit_order)


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


def destinations(g: "Rules", occ: Occupancy, side: str, cell: str) -> dict[str, int]:
    """Where a counter or stack of ``side`` on ``cell`` may end a move, with the cost (empty if it
    may not move: ikedaya.zoc.locked-at-start). Stacking is the caller's question (``room``)."""
    data = g.data
    mp = data.mp.get(side)
    if cell == POOL:
        return entry_destinations(data, occ, side, mp)
    if enemy_next_to(data, occ, cell, side):
        return {}  # ikedaya.zoc.locked-at-start
    return reachable(data, occ, cell, side, mp)


def entry_destinations(data: InnData, occ: Occupancy, side: str, mp: Optional[int]) -> dict[str, int]:
    """Counters waiting outside (wait-outside option) come in through an exit square, paying the
    exit's cost, and may not go straight back out."""
    out: dict[str, int] = {}
    for square, (box, cost) in data.exits.items():
        if enemy_in(data, occ, square, side) or (mp is not None and cost > mp):
            continue
        if cost < out.get(square, 1 << 30):
            out[square] = cost
        if not enemy_next_to(data, occ, square, side):
            rest = None if mp is None else mp - cost
            for dest, c in reachable(data, occ, square, side, rest).items():
                if dest in data.square_set and cost + c < out.get(dest, 1 << 30):
                    out[dest] = cost + c
    return out


def why_not(g: "Rules", occ: Occupancy, side: str, start: str, dest: str) -> str:
    """Why a counter of ``side`` on ``start`` may not end a move on ``dest`` (a square or box it may
    not reach, stacking aside): a reason code the phases turn into words with the clause.

    Called only for a refused action (it searches several times)."""
    data = g.data
    mp = data.mp.get(side)
    if start != POOL and enemy_next_to(data, occ, start, side):
        return "zoc-locked"
    if dest in data.square_set and enemy_in(data, occ, dest, side):
        return "occupied"
    if dest in data.boxes and dest not in data.exit_boxes:
        return "railing" if dest in data.outside else "impassable"
    if dest == start:
        return "start"
    if start == POOL:
        return "entry"
    if dest not in reachable(data, occ, start, side, None, ignore_stops=True):
        return "impassable"
    if mp is not None and dest not in reachable(data, occ, start, side, mp, ignore_stops=True):
        return "too-far"
    return "zoc-stop"


# -- jumps from the railings (ikedaya.escape.*) ------------------------------------------------------
def jump_landing(g: "Rules", state: State, occ: Occupancy, side: str, cell: str) -> Optional[str]:
    """Where a jump from ``cell`` lands, if one is allowed now (ikedaya.escape.*)."""
    data = g.data
    if side != data.jumps["side"] or state["turn"] < data.jumps["from_turn"]:
        return None
    landing = data.railings.get(cell)
    if landing is None:
        return None
    if landing in data.square_set and (enemy_in(data, occ, landing, side) or not room(data, occ, landing, 1)):
        return None  # ruling ikedaya-n01: no jump into an enemy-held or full square
    return landing


def jump_modifiers(g: "Rules", state: State, occ: Occupancy, uid: str, src: str,
                   landing: str) -> list[tuple[int, str, int]]:
    """(modifier, reason code, count) for a jump: Light +1, next to a Shinsengumi -1, -1 per
    Shinsengumi off the map unless the jump lands inside (the Court: ikedaya.escape.court-no-guard-mod)."""
    data = g.data
    j = data.jumps
    side = data.counters[uid].side
    mods: list[tuple[int, str, int]] = []
    if data.counters[uid].skill == "light" and j["light_bonus"]:
        mods.append((j["light_bonus"], "light", 1))  # ikedaya.escape.light-bonus
    if enemy_next_to(data, occ, src, side) and j["adjacent_penalty"]:
        mods.append((-j["adjacent_penalty"], "adjacent", 1))  # ikedaya.escape.adjacent-penalty
    if landing not in data.square_set:
        guards = sum(1 for u in data.side_units[data.other[side]] if state["units"][u]["at"] in data.exit_boxes)
        if guards and j["off_map_penalty"]:
            mods.append((-guards * j["off_map_penalty"], "guards", guards))  # ikedaya.escape.guard-cumulative
    return mods
