"""Zones of control, movement destinations and retreat hexes (rules chapters 6 and 7, 8-2).

Movement is offered one action per destination. That is exact under these rules because the
outcome of a move does not depend on the path taken, only on where it ends and what it costs:

- a unit that starts outside every enemy ZOC must stop as soon as it enters one (7(5)), so every
  hex it passes through is outside all enemy ZOCs and nothing happens on the way; only the
  last hex can reveal units (7(6)) or stop the unit;
- a unit that starts inside an enemy ZOC may not step to another ZOC hex (7(8)) and, once out, may
  not enter any ZOC again (7(9)): its whole path after the start hex is ZOC-free and it always
  counts as having left a ZOC (7(10));
- no path may enter or cross an occupied hex (7(7)).

So a move is fully described by its destination; the unit pays the cheapest such path, which is
never worse for the player than any other (unused MP can only help).
"""
from __future__ import annotations

from typing import Optional

from ...engine.occupancy import cells_next_to, sole_occupants
from ...engine.state import State
from .data import OTHER, Tables


def occupancy(state: State, tables: Tables) -> dict[str, str]:
    """{map hex: unit id} of every unit on the map (one unit per hex: 4(2))."""
    return sole_occupants(state["units"], tables.on_map)


def enemy_zoc(state: State, tables: Tables, side: str) -> set[str]:
    """Hexes in the ZOC of ``side``'s enemies: all six neighbours of every enemy unit on the map,
    face up or face down (6)."""
    return cells_next_to(state["units"], tables.neighbors, tables.side_units[OTHER[side]])


def destinations(tables: Tables, start: str, mp: int, occupied: dict[str, str] | set[str], zoc: set[str],
                 left_zoc: bool) -> dict[str, int]:
    """{hex: cheapest MP cost} of every hex a unit at ``start`` with ``mp`` MP may move to now.

    Entering a ZOC hex ends the move (7(5)); a unit that starts in a ZOC or has already left one
    may not enter any ZOC hex (7(8), 7(9)); occupied hexes are never entered or crossed (7(7)).
    """
    blocked = set(occupied)
    if left_zoc or start in zoc:
        blocked |= zoc  # 7(8), 7(9): no ZOC hex at all
    steps = tables.steps
    best: dict[str, int] = {start: 0}
    # bucket queue: costs are small integers (1 or 2 per hex, at most mp in total)
    buckets: list[list[str]] = [[] for _ in range(mp + 1)]
    buckets[0].append(start)
    for spent in range(mp + 1):
        for here in buckets[spent]:
            if best[here] != spent:
                continue
            for nxt, cost in steps[here]:
                total = spent + cost
                if total > mp or nxt in blocked:
                    continue
                old = best.get(nxt)
                if old is not None and old <= total:
                    continue
                best[nxt] = total
                if nxt not in zoc:  # a unit entering an enemy ZOC stops there (7(5))
                    buckets[total].append(nxt)
    del best[start]
    return best


def retreat_hexes(state: State, tables: Tables, uid: str, occupied: Optional[dict[str, str]] = None) -> list[str]:
    """Hexes the unit may retreat into: adjacent, empty and outside every enemy ZOC (8-2)."""
    at = state["units"][uid]["at"]
    if at not in tables.on_map:
        return []
    occ = occupancy(state, tables) if occupied is None else occupied
    zoc = enemy_zoc(state, tables, tables.side_of(uid))
    return [n for n in tables.neighbors[at] if n not in occ and n not in zoc]


def adjacent_enemies(state: State, tables: Tables, uid: str, occupied: Optional[dict[str, str]] = None) -> list[str]:
    """Enemy units next to ``uid`` (the units whose ZOC it is in), in neighbour order."""
    at = state["units"][uid]["at"]
    if at not in tables.on_map:
        return []
    occ = occupancy(state, tables) if occupied is None else occupied
    side = tables.side_of(uid)
    out = []
    for n in tables.neighbors[at]:
        other = occ.get(n)
        if other is not None and tables.side_of(other) != side:
            out.append(other)
    return out
