"""Who stands where: occupancy maps and the cells next to a set of units.

Every game needs these on hot paths (movement stops next to enemies, retreats away from them,
one unit per hex or three per square), so they live here once; a game binds its own tables
(which cells count, which units are enemies, which neighbours count: all, or same floor only).
"""
from __future__ import annotations

from typing import Any, Container, Iterable, Mapping, Optional

Units = Mapping[str, Mapping[str, Any]]


def occupants(units: Units, cells: Optional[Container[str]] = None,
              order: Optional[Iterable[str]] = None) -> dict[str, list[str]]:
    """{cell: [unit ids]} of the units standing in ``cells`` (default: anywhere but None), listed
    in ``order`` (default: the units' own order), for games that stack."""
    occ: dict[str, list[str]] = {}
    for uid in (order if order is not None else units):
        at = units[uid]["at"]
        if at is not None and (cells is None or at in cells):
            occ.setdefault(at, []).append(uid)
    return occ


def sole_occupants(units: Units, cells: Container[str]) -> dict[str, str]:
    """{cell: unit id} for games with one unit per cell (a second unit in a cell would hide the
    first: each game's ``validate`` refuses such positions)."""
    return {u["at"]: uid for uid, u in units.items() if u["at"] in cells}


def cells_next_to(units: Units, neighbors: Mapping[str, Iterable[str]], uids: Iterable[str]) -> set[str]:
    """The cells adjacent to any of ``uids`` that stand in a cell of ``neighbors`` (a zone of
    control, the hexes where a move must stop, where a retreat may not go...)."""
    zone: set[str] = set()
    for uid in uids:
        at = units[uid]["at"]
        if at in neighbors:
            zone.update(neighbors[at])
    return zone

