"""The compact form of a state or view for links: the units as one list in scenario order.

A link carries a whole position, and with 100-250 counters the dict of dicts ``{"units": {uid:
{"at": cell}}}`` is most of it. When every unit has only a place (``{"at": ...}``), ``pack_units``
writes them as one list ``"u"`` in the scenario's unit order, optionally with ``0`` for a unit on its
printed start hex (most of them, most of the time, in a big game); anything else is left as it is for
the schema checks to refuse. ``unpack_units`` is its inverse. Games whose units carry more than a
place (facing, strength, steps) keep their own form.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

#: a unit on its start hex, in the list (never a cell label: labels are strings)
AT_START = 0


def pack_units(obj: dict[str, Any], order: Sequence[str],
               start: Optional[Mapping[str, Optional[str]]] = None) -> dict[str, Any]:
    """``obj`` with its ``units`` as the list ``"u"`` in ``order`` (``AT_START`` where ``start`` names
    the unit's place), when the units are exactly ``order`` and each has only a place."""
    out = {k: v for k, v in obj.items() if k != "units"}
    units = obj.get("units")
    if isinstance(units, dict) and set(units) == set(order) and all(
            isinstance(u, dict) and set(u) == {"at"} for u in units.values()):
        if start is None:
            out["u"] = [units[uid]["at"] for uid in order]
        else:
            out["u"] = [AT_START if units[uid]["at"] == start.get(uid) and start.get(uid) is not None
                        else units[uid]["at"] for uid in order]
    else:  # not a position this version makes: leave it for the checks to refuse
        out["units"] = units
    return out


def unpack_units(data: Any, order: Sequence[str],
                 start: Optional[Mapping[str, Optional[str]]] = None) -> Any:
    """Inverse of ``pack_units``; anything malformed is left for the schema to refuse (a list of the
    wrong length is refused here: it cannot be matched to the units)."""
    if not isinstance(data, dict) or "u" not in data:
        return data
    cells = data["u"]
    if not isinstance(cells, list) or len(cells) != len(order):
        raise ValueError("the unit list has the wrong length")
    out = {k: v for k, v in data.items() if k != "u"}
    if start is None:
        out["units"] = {uid: {"at": at} for uid, at in zip(order, cells)}
    else:  # 0 is the start hex; False (== 0 in Python) is not
        out["units"] = {uid: {"at": (start.get(uid) if at == AT_START and at is not False else at)}
                        for uid, at in zip(order, cells)}
    return out


__all__ = ["AT_START", "pack_units", "unpack_units"]
