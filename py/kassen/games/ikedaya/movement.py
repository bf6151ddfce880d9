"""Where counters are, where a counter or stack may go in one action, and where a jump lands.

Movement outcomes depend only on the destination: a move ends where it ends, combat is decided
there, and no square passed through matters (a square that would force a stop cannot be passed
through at all). So the legal moves are one action per reachable destination, found by the
engine's search (engine.movement.reach) with the inn's tables from data.py: doors, stairs and
arrows at their costs, the exit, floors (a zone of control stays on its floor), the lock and the
stop next to an enemy. Jumps from the railings are this game's own (ikedaya.escape.*).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.movement import MoveRules, reach
from ...engine.movement import why_not as move_why_not
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
    return [n for n in data.fight_order[cell] if enemy_in(data, occ, n, side)]


def same_floor_enemy_squares(data: InnData, occ: Occupancy, cell: str, side: str) -> list[str]:
    """Enemy-held squares next to ``cell`` on its floor (a combat there is compulsory), in map order."""
    return [n for n in data.same_floor_order.get(cell, ()) if enemy_in(data, occ, n, side)]


def enemy_cells(data: InnData, occ: Occupancy, side: str) -> tuple[set[str], frozenset[str]]:
    """(squares holding an enemy of ``side``, their zone of control: the squares next to one on the
    same floor, where a mover must stop)."""
    enemies = {c for c, here in occ.items() if c in data.square_set and data.counters[here[0]].side != side}
    return enemies, data.zones.zone(enemies)


def room(data: InnData, occ: Occupancy, cell: str, count: int) -> bool:
    """May ``count`` more counters stop on ``cell``? (ikedaya.stack.max-three; boxes are unlimited)"""
    if cell not in data.square_set:
        return True
    return len(occ.get(cell, ())) + count <= data.stack_limit


def full(data: InnData, occ: Occupancy, count: int) -> set[str]:
    """Squares where ``count`` more counters may not stop, though they may pass (ruling ikedaya-n03)."""
    return {c for c, here in occ.items() if c in data.square_set and len(here) + count > data.stack_limit}


Enemies = tuple[set[str], frozenset[str]]  # enemy_cells: their squares and their zone


def reachable(data: InnData, occ: Occupancy, start: str, side: str, mp: Optional[int],
              rules: Optional[MoveRules] = None, enemy: Optional[Enemies] = None) -> dict[str, int]:
    """{end cell: cost} for a counter or stack of ``side`` starting on ``start`` (the Pool: waiting
    outside the Entrance), by the engine's search with the inn's tables.

    ``mp`` None means unlimited (the Ronin: then only where a move may end matters, and a cost is
    that of the first path found). Enemy squares are never entered (ikedaya.move.no-enemy-square);
    a square next to a same-floor enemy ends a move (ikedaya.zoc.stop-same-floor); boxes (the
    Street through the exit) end a move. Stacking is the caller's question (``room``): counters may
    pass through a full square. ``rules`` default: no lock (``destinations`` adds it); ``enemy``:
    ``enemy_cells`` of this occupancy and side, when the caller asks for several starts.
    """
    enemies, stops = enemy or enemy_cells(data, occ, side)
    steps = data.entry_steps if start == POOL else data.steps
    found = reach(steps, start, mp, rules or data.free_moves, blocked=enemies, zoc=stops, costs=mp is not None)
    cost = found.cost  # the search's own dict, discarded with it
    del cost[start]
    if start == POOL:  # in through the exit, never straight back out
        return {c: v for c, v in cost.items() if c in data.square_set}
    return cost


def destinations(data: InnData, occ: Occupancy, side: str, cell: str,
                 enemy: Optional[Enemies] = None) -> dict[str, int]:
    """Where a counter or stack of ``side`` on ``cell`` may end a move, with the cost (empty if it
    starts next to a same-floor enemy: ikedaya.zoc.locked-at-start)."""
    return reachable(data, occ, cell, side, data.mp.get(side), data.move_rules, enemy)


def why_not(data: InnData, occ: Occupancy, side: str, start: str, dest: str, size: int) -> Optional[str]:
    """None if ``size`` counters of ``side`` on ``start`` may end a move on ``dest``, else why not:
    the engine's reason code (engine.movement.why_not; "pass-only" is a full square), "railing" for
    a box only a jump reaches, "entry" for counters waiting outside going straight back out."""
    if dest in data.boxes and dest not in data.exit_boxes:
        return "railing" if dest in data.outside else "impassable"
    if start == POOL and dest in data.boxes:
        return "entry"
    enemies, stops = enemy_cells(data, occ, side)
    steps = data.entry_steps if start == POOL else data.steps
    return move_why_not(steps, start, data.mp.get(side), data.move_rules, dest, blocked=enemies,
                        pass_only=full(data, occ, size), zoc=stops)


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
