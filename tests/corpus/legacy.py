"""The state formats of earlier releases, for comparing today's positions with frozen digests.

``rules.upgrade`` reads every old format a release wrote; ``legacy`` is its inverse for the tests
only: a frozen digest made by an earlier version is compared with ``digest(legacy(scenario, x))``,
which proves today's position is the old one with only its keys renamed.
"""
from __future__ import annotations

from typing import Any

from kassen.games.mukden.schema import COMBAT_KEYS, OLD_COMBAT_KEYS


def _mukden(obj: dict[str, Any]) -> dict[str, Any]:
    if "allotment" not in obj:
        return obj
    out = dict(obj)
    out["alloc"] = out.pop("allotment")
    fight = out.get("combat")
    if isinstance(fight, dict):
        out["combat"] = {old: fight[new] for new, old in zip(COMBAT_KEYS, OLD_COMBAT_KEYS)}
    return out


LEGACY = {"mukden": _mukden}


def legacy(scenario: str, obj: Any) -> Any:
    """``obj`` (a state, a view, or a list of them) in the format of the first release."""
    if isinstance(obj, list):
        return [legacy(scenario, o) for o in obj]
    convert = LEGACY.get(scenario)
    return convert(obj) if convert and isinstance(obj, dict) else obj
