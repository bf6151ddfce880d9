"""Derived data of one game state (who stands where, each side's zone of control), built once and
asked often, behind explicit invalidation.

Rules code builds a ``Position`` over the state's units when it starts working on a state, asks it
as often as it likes, and moves units only through ``Position.move``, which keeps the occupancy
exact and drops only the caches the move can change (the mover's side's cells and zone). Anything
else that changes who exerts a zone (a unit flipped, removed by other means) calls ``invalidate``.
The Position is never stored in the state.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, MutableMapping, Optional

from .board import Board


class Position:
    """Occupancy and zones of control of one state's units."""

    __slots__ = ("units", "side_of", "board", "zone_of", "exerts", "_order", "_sides", "_occ", "_held",
                 "_cells", "_zones")

    def __init__(self, units: MutableMapping[str, MutableMapping[str, Any]], side_of: Mapping[str, str],
                 board: Board, zone_of: Optional[Callable[[Iterable[str]], frozenset[str]]] = None, *,
                 exerts: Optional[Callable[[str], bool]] = None, sides: Optional[Iterable[str]] = None) -> None:
        """``units``: the state's {uid: {"at": cell, ...}} (moved in place by ``move``); ``side_of``:
        uid -> side; ``zone_of``: cells -> their zone (``ZoneOfControl.zone``; it is also given the
        cells of units off the map, None or a box, and must ignore them); ``exerts(uid)``: does
        this unit exert a zone now (Bakumatsu's commanders do not; default: every unit on the map);
        ``sides``: the game's sides (default: those found in ``side_of``)."""
        self.units = units
        self.side_of = side_of
        self.board = board
        self.zone_of = zone_of
        self.exerts = exerts
        self._order: Optional[dict[str, int]] = None
        self._sides: Optional[tuple[str, ...]] = tuple(sides) if sides is not None else None
        self._occ: Optional[dict[str, list[str]]] = None
        self._held: Optional[frozenset[str]] = None
        self._cells: dict[str, frozenset[str]] = {}
        self._zones: dict[str, frozenset[str]] = {}

    # -- occupancy -----------------------------------------------------------------------------
    @property
    def occupied(self) -> dict[str, list[str]]:
        """{cell: [uids in the units' order]} of every cell that holds a unit (boxes included)."""
        if self._occ is None:
            occ: dict[str, list[str]] = {}
            for uid, u in self.units.items():
                at = u["at"]
                if at is not None:
                    occ.setdefault(at, []).append(uid)
            self._occ = occ
        return self._occ

    def occupants(self, cell: str) -> list[str]:
        return self.occupied.get(cell, [])

    def occupant(self, cell: str) -> Optional[str]:
        """The unit on ``cell`` (the first, on a cell that stacks), or None."""
        here = self.occupied.get(cell)
        return here[0] if here else None

    def held(self) -> frozenset[str]:
        """Map cells holding at least one unit (what blocks a move: boxes off the map never do)."""
        got = self._held
        if got is None:
            on_map = self.board.on_map
            got = self._held = frozenset([at for u in self.units.values() if (at := u["at"]) in on_map])
        return got

    def cells_of(self, side: str) -> frozenset[str]:
        """Map cells holding at least one unit of ``side``."""
        got = self._cells.get(side)
        if got is None:
            on_map, side_of = self.board.on_map, self.side_of
            got = self._cells[side] = frozenset(
                [u["at"] for uid, u in self.units.items() if side_of[uid] == side and u["at"] in on_map])
        return got

    # -- zones of control ------------------------------------------------------------------------
    def zone(self, side: str) -> frozenset[str]:
        """The zone of control exerted by ``side``'s units."""
        got = self._zones.get(side)
        if got is None:
            if self.zone_of is None:
                raise ValueError("this Position was built without a zone_of")
            exerts, side_of, units = self.exerts, self.side_of, self.units
            if exerts is None:  # zone_of ignores cells off the map
                cells: Iterable[str] = [u["at"] for uid, u in units.items() if side_of[uid] == side]
            else:
                on_map = self.board.on_map
                cells = [units[u]["at"] for u in units
                         if side_of[u] == side and units[u]["at"] in on_map and exerts(u)]
            got = self._zones[side] = self.zone_of(cells)
        return got

    def enemy_zone(self, side: str) -> frozenset[str]:
        """The zone of control of every side but ``side`` (where ``side``'s units must stop)."""
        if self._sides is None:
            self._sides = tuple(sorted(set(self.side_of.values())))
        others = [s for s in self._sides if s != side]
        if len(others) == 1:
            return self.zone(others[0])
        out: set[str] = set()
        for s in others:
            out |= self.zone(s)
        return frozenset(out)

    # -- changes ---------------------------------------------------------------------------------
    def move(self, uid: str, cell: Optional[str]) -> None:
        """Put ``uid`` on ``cell`` (None: off the game): the one way rules code moves a unit while a
        Position is in use. Keeps the occupancy exact and drops the mover's side's caches."""
        old = self.units[uid]["at"]
        self.units[uid]["at"] = cell
        if self._occ is not None and old != cell:
            if old is not None:
                here = self._occ[old]
                here.remove(uid)
                if not here:
                    del self._occ[old]
            if cell is not None:
                there = self._occ.setdefault(cell, [])
                there.append(uid)
                if len(there) > 1:
                    if self._order is None:
                        self._order = {u: i for i, u in enumerate(self.units)}
                    there.sort(key=self._order.__getitem__)
        side = self.side_of[uid]
        self._held = None
        self._cells.pop(side, None)
        self._zones.pop(side, None)

    def invalidate(self, side: Optional[str] = None) -> None:
        """Forget the derived data of ``side`` (None: everything), after a change ``move`` did not
        make (a unit flipped so it no longer exerts a zone, units edited in bulk)."""
        if side is None:
            self._occ = None
            self._held = None
            self._cells.clear()
            self._zones.clear()
        else:
            self._cells.pop(side, None)
            self._zones.pop(side, None)
