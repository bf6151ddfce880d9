"""Step-cost tables from a terrain effects chart: what entering each neighbour costs.

A game states its chart as data (terrain -> MP, hexside feature -> extra MP, None = impassable)
and gets, once per scenario, the table the movement search walks: for every cell the neighbours
it may step to and what each step costs. A game with several movement modes (normal and road
movement, a commander's own rates) builds one table per mode.
"""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

from .board import ROAD, Board

Step = tuple[str, int]


class Steps(dict):  # type: ignore[type-arg]
    """{cell: ((neighbour, cost), ...)} in board order, plus ``index`` (cell -> board order) so a
    search can list what it found in board order without rebuilding it, and ``min_cost`` (the
    cheapest step: when it is above 0, a search need not expand a cell reached with no MP left)."""

    index: dict[str, int]
    min_cost: int = 0
    unit_cost: bool = False  # every step costs 1: a breadth-first search will do


def as_steps(table: Mapping[str, Sequence[Step]], index: Optional[Mapping[str, int]] = None) -> Steps:
    """Any {cell: ((neighbour, cost), ...)} as a ``Steps`` (its cells' order is the board order unless
    ``index`` says otherwise): for a game that adds its own steps (an exit to an off-map box)."""
    out = Steps((cell, tuple(steps)) for cell, steps in table.items())
    out.index = dict(index) if index is not None else {cell: i for i, cell in enumerate(out)}
    costs = {c for steps in out.values() for _, c in steps}
    out.min_cost = min(costs, default=0)
    out.unit_cost = costs == {1}
    return out


def _steps(board: Board, table: dict[str, list[Step]]) -> Steps:
    return as_steps({cell: table[cell] for cell in board.cells}, board.index)


def step_table(board: Board, hex_cost: Mapping[str, Optional[int]],
               hexside_extra: Mapping[str, Optional[int]] = {},
               road_feature: Optional[str] = None, road_cost: int = 1,
               connection_cost: bool = True, out_of_boxes: bool = False) -> Steps:
    """The cost of every step a->b of the board.

    - along a road (``road_feature`` on the a-b connection): ``road_cost``, whatever the terrain of b
      and the other features of the hexside (a road over a river is a bridge, into a large-river
      hex a ferry);
    - else a feature whose extra is None makes the step impossible (river, impassable hexside);
    - else the connection's own cost if it has one and ``connection_cost`` (doors, stairs);
    - else ``hex_cost[terrain of b]`` (None = may not be entered) plus the extras of the
      hexside's features (a stream +1).
    No step leads out of an off-map box unless ``out_of_boxes``: a unit that left the map does not
    walk back (Mukden 9, Yukimura 7-6-2, Ikedaya's street); units entering from a box are searched
    from a virtual start (see ``movement.reach``).
    A terrain missing from ``hex_cost`` is a mistake in the chart: KeyError naming it.
    """
    blocking = frozenset(f for f, extra in hexside_extra.items() if extra is None)
    extras = {f: extra for f, extra in hexside_extra.items() if extra is not None}
    table: dict[str, list[Step]] = {}
    for a, cell in board.cells.items():
        out: list[Step] = []
        table[a] = out
        if cell.kind == "box" and not out_of_boxes:
            continue
        for b in board.neighbors[a]:
            feats = board.features(a, b)
            if road_feature is not None and road_feature in feats:
                out.append((b, road_cost))
                continue
            if feats & blocking:
                continue
            conn = board.connection(a, b)
            if connection_cost and conn is not None and conn.cost is not None:
                out.append((b, conn.cost))
                continue
            terrain = board.cells[b].terrain
            if terrain not in hex_cost:
                raise KeyError(f"the terrain chart gives no cost for {terrain!r} (cell {b})")
            cost = hex_cost[terrain]
            if cost is None:
                continue
            for f in feats:
                cost += extras.get(f, 0)
            out.append((b, cost))
    return _steps(board, table)


def road_steps(board: Board, feature: str = ROAD, cost: int = 1) -> Steps:
    """Steps along the road only, each costing ``cost``: road movement (Bakumatsu 8-2: 2 hexes per
    MP, i.e. cost 1 with an allowance of 2 x MA; Yukimura 7-5: 8 hexes whatever the MA). Same shape
    as ``step_table`` so the one search walks both."""
    table: dict[str, list[Step]] = {a: [] for a in board.cells}
    for a in board.cells:
        for b in board.neighbors[a]:
            if feature in board.features(a, b):
                table[a].append((b, cost))
    return _steps(board, table)
