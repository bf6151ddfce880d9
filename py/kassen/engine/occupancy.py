"""Who stands where: occupancy maps of a state's units.

Every game needs them on hot paths (one unit per hex, three counters per square), so they live
here once; zones of control are engine/zoc.py's, and engine/position.py caches both per state.
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
