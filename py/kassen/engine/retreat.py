"""Retreat routes after combat, and the cells an advance after combat may take.

A retreat is a walk of a given number of cells from the loser's cell. The game says what may not
be entered (enemy units, enemy zones of control: ``forbidden``), which hexsides may not be
crossed (``may_enter``), where friendly units stand and what they allow: passing through them
(Yukimura 11-2) or going on past a friendly unit until a free cell (Bakumatsu 11(4)). Every route
is listed, so the owner chooses (and a game can tell which friendly units a route passes: chain
retreats and disorder are the game's own). No route means the unit cannot retreat.
"""
from __future__ import annotations

from typing import Callable, Container, Iterable, Optional, Sequence

from .board import Board


def retreat_routes(board: Board, start: str, hexes: int, *, away_from: Iterable[str] = (),
                   may_enter: Optional[Callable[[str, str], bool]] = None, forbidden: Container[str] = (),
                   friendly: Container[str] = (), through_friendly: bool = False,
                   extend_through_friendly: bool = False) -> list[list[str]]:
    """Every route of ``hexes`` cells (the start not included) a unit on ``start`` may retreat along.

    - never off the map (boxes are not entered), never twice into one cell, never back to ``start``;
    - ``away_from``: the cells of the units that caused the retreat; each cell of the route must be
      farther from the nearest of them than the cell before (Yukimura ruling 6; sources on another
      map are ignored);
    - ``may_enter(a, b)``: False for a step the retreat may not take (a river or impassable hexside);
    - ``forbidden``: cells never entered (enemy units, enemy zones of control: the game says which);
    - ``friendly``: cells holding friendly units: entered only if ``through_friendly`` (anywhere on
      the route, which may then end on one), or at the end if ``extend_through_friendly``: a route
      that ends on a friendly unit goes on, cell by cell under the same rules, to the first cell
      without one (it is left out if it cannot get there).
    """
    sources = list(away_from)
    cells = board.cells
    neighbors = board.neighbors

    def nearest(cell: str) -> Optional[int]:
        ds = [d for d in (board.distance(cell, s) for s in sources) if d is not None]
        return min(ds) if ds else None

    def ok(a: str, b: str, route: list[str]) -> bool:
        if cells[b].kind == "box" or b == start or b in route or b in forbidden:
            return False
        if may_enter is not None and not may_enter(a, b):
            return False
        if sources:
            da, db = nearest(a), nearest(b)
            if da is not None and db is not None and db <= da:
                return False
        return True

    out: list[list[str]] = []

    def extend(route: list[str]) -> None:
        here = route[-1]
        for b in neighbors[here]:
            if ok(here, b, route):
                route.append(b)
                if b in friendly:
                    extend(route)
                else:
                    out.append(list(route))
                route.pop()

    def walk(route: list[str]) -> None:
        here = route[-1] if route else start
        last = len(route) + 1 == hexes
        for b in neighbors[here]:
            if not ok(here, b, route):
                continue
            if b in friendly and not through_friendly and not (last and extend_through_friendly):
                continue
            route.append(b)
            if not last:
                walk(route)
            elif b in friendly and extend_through_friendly:
                extend(route)
            else:
                out.append(list(route))
            route.pop()

    if hexes <= 0:
        return [[]]
    walk([])
    return out


def retreat_cells(routes: Iterable[Sequence[str]]) -> list[str]:
    """The distinct end cells of some routes, in the order first met (what a player picks when only
    the end matters)."""
    return list(dict.fromkeys(r[-1] for r in routes if r))


def advance_cells(vacated: str, route: Sequence[str], *, occupied: Container[str] = (),
                  hexes: Optional[int] = None, may_enter: Optional[Callable[[str, str], bool]] = None,
                  frm: Optional[str] = None) -> list[str]:
    """The cells an advance after combat may stop in, in order along the way: the loser's ``vacated``
    cell, then the cells of its retreat ``route`` up to, not into, its new cell (Yukimura 11-3-3),
    at most ``hexes`` of them (Bakumatsu 10-2(9): 1, the vacated hex only). The advance stops before
    the first cell held by a unit (``occupied``: so serial advances stop behind the units that went
    first) or a step ``may_enter(a, b)`` refuses (``frm``: the advancing unit's own cell, for the
    first step)."""
    path = [vacated, *route[:-1]]
    out: list[str] = []
    prev = frm
    for cell in path:
        if hexes is not None and len(out) >= hexes:
            break
        if cell in occupied or (may_enter is not None and prev is not None and not may_enter(prev, cell)):
            break
        out.append(cell)
        prev = cell
    return out
