"""Combat arithmetic: how many dice each side rolls, its total, and where a loser may retreat.

A side rolls one die per counter taking part (at most three), one more if a Swordsman takes part,
and the defender one more behind a Door unless the attacker has a Sword or Spear. Its total is its
highest die plus its highest strength; the difference of the totals is the loser's losses.
"""
from __future__ import annotations

from typing import Iterable

from ...engine.retreat import retreat_cells, retreat_routes
from .data import InnData
from .movement import Occupancy, enemy_cells, full


def has_skill(data: InnData, units: Iterable[str], *skills: str) -> bool:
    return any(data.counters[u].skill in skills for u in units)


def door_between(data: InnData, a: str, b: str) -> bool:
    return frozenset((a, b)) in data.doors


def door_die(data: InnData, attackers: Iterable[str], att_at: str, def_at: str) -> bool:
    """The defender's extra die behind a Door, cancelled by an attacking Sword or Spear
    (ikedaya.combat.door-defender-die, ikedaya.combat.door-cancel)."""
    return door_between(data, att_at, def_at) and not has_skill(data, attackers, "sword", "spear")


def dice_count(data: InnData, units: list[str], door: bool = False) -> int:
    """Dice for one side: min(counters, max) + Swordsman + Door (ikedaya.combat.dice-per-counter,
    ikedaya.combat.swordsman-die)."""
    n = min(len(units), data.max_dice)
    if has_skill(data, units, "swordsman"):
        n += 1
    if door:
        n += 1
    return n


def total(data: InnData, units: list[str], rolls: list[int]) -> int:
    """Highest die plus highest strength (ikedaya.combat.total)."""
    return max(rolls) + max(data.counters[u].strength for u in units)


def retreat_squares(data: InnData, occ: Occupancy, unit: str, start: str) -> list[str]:
    """Squares one connection away (same floor, stairs or arrow; never a box off the map, never over
    a railing) that hold no enemy, have room, and are not next to an enemy on their floor
    (ikedaya.retreat.not-adjacent-enemy; ruling ikedaya-r14): the engine's retreat routes."""
    enemies, zone = enemy_cells(data, occ, data.counters[unit].side)
    forbidden = enemies | zone | full(data, occ, 1)
    return retreat_cells(retreat_routes(data.board, start, 1, may_enter=data.may_retreat, forbidden=forbidden))
