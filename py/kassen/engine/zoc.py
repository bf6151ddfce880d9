"""Zones of control: the cells next to a unit that it controls, with what blocks them.

Each game says once what a zone does not cross or enter (Bakumatsu: river and pond hexsides;
Yukimura: impassable hexsides and hexes normal movement cannot enter; Ikedaya: stairs and arrows,
which join floors) and whether a unit controls its own cell. ``ZoneOfControl`` turns that into a
table per cell, built once per scenario; asking for the zone of a set of cells is then one union.
"""
from __future__ import annotations

from itertools import chain
from typing import Callable, Container, Iterable, Optional

from .board import Board


class ZoneOfControl:
    """The cells each map cell's zone covers, precomputed for one game's zone rules."""

    def __init__(self, board: Board, *, include_own: bool = False,
                 blocked_features: Iterable[str] = frozenset(), unenterable: Container[str] = (),
                 crosses: Optional[Callable[[str, str], bool]] = None) -> None:
        """``blocked_features``: hexside features a zone does not cross (river, impassable);
        ``unenterable``: cells a zone never covers (a large-river hex); ``crosses(a, b)``: any other
        test of whether the zone of ``a`` covers its neighbour ``b`` (same floor only), asked here
        only, never on a hot path. Off-map boxes are never in a zone and exert none."""
        blocked = frozenset(blocked_features)
        self.covers: dict[str, tuple[str, ...]] = {}
        for cell in board.map_cells():
            a = cell.label
            out = [a] if include_own and a not in unenterable else []
            for b in board.neighbors[a]:
                if board.cells[b].kind == "box" or b in unenterable:
                    continue
                if board.features(a, b) & blocked:
                    continue
                if crosses is not None and not crosses(a, b):
                    continue
                out.append(b)
            self.covers[a] = tuple(out)

    def zone(self, cells: Iterable[str]) -> frozenset[str]:
        """The cells in the zone of units standing on ``cells`` (cells off the map add nothing)."""
        covers = self.covers
        return frozenset(chain.from_iterable([covers[c] for c in cells if c in covers]))


def zone(board: Board, cells: Iterable[str], *, include_own: bool = False,
         blocked_features: Iterable[str] = frozenset(), unenterable: Container[str] = ()) -> frozenset[str]:
    """The zone of units on ``cells``, built from scratch (for tests and one-off questions; rules
    code keeps a ``ZoneOfControl`` per scenario)."""
    return ZoneOfControl(board, include_own=include_own, blocked_features=blocked_features,
                         unenterable=unenterable).zone(cells)
