"""Combat [7.0]: compulsory attacks, modified calls, the die bonus, the result table, time.
Pure functions of numbers and map facts, so each can be tested on its own.
"""
from __future__ import annotations

from typing import Optional

from .data import JAPAN, RUSSIA, MukdenMap
from .movement import adjacent_enemies


def attack_required(m: MukdenMap, units: dict[str, dict], uid: str) -> bool:
    """Must the chosen unit attack? (mukden.7.attack-compulsory and its two exemptions)"""
    enemies = adjacent_enemies(m, units, uid)
    if not enemies:
        return False
    at = units[uid]["at"]
    if m.side_of[uid] == RUSSIA:
        if at == m.mukden:  # mukden.7.mukden-exemption
            return False
        if at in m.fortress_inside:  # mukden.7.fortress-exemption (ruling 8)
            return any(not m.across_fortress(at, units[e]["at"]) for e in enemies)
    return True


def halved(m: MukdenMap, attacker_side: str, attacker_at: str, defender_at: str) -> bool:
    """Japanese attacks into Mukden or across a fortress line into an inside hex are halved."""
    if attacker_side != JAPAN:
        return False
    return defender_at == m.mukden or (m.across_fortress(attacker_at, defender_at) and defender_at in m.fortress_inside)


def modifiers(m: MukdenMap, attacker_side: str, attacker_at: str, defender_at: str) -> list[str]:
    """Names of the modifiers that apply, in the order they are applied."""
    out = []
    if m.across_river(attacker_at, defender_at):
        out.append("river")
    if defender_at in m.mountain:
        out.append("mountain")
    if halved(m, attacker_side, attacker_at, defender_at):
        out.append("mukden" if defender_at == m.mukden else "fortress")
    return out


def modified_call(call: int, mods: list[str], floor: Optional[int] = 0) -> int:
    """The attacker's call after modifiers: -1 river, -1 mountain, floor, then halving (round up)."""
    value = call
    if "river" in mods:
        value -= 1
    if "mountain" in mods:
        value -= 1
    if floor is not None and value < floor:
        value = floor
    if "mukden" in mods or "fortress" in mods:
        value = -((-value) // 2)  # halved, rounding up; applied last
    return value


def die_bonus(attack: int, defence: int, cap: int = 2) -> tuple[int, int]:
    """(attacker's die bonus, defender's die bonus) from the modified FP difference, capped."""
    diff = attack - defence
    if diff > 0:
        return min(diff, cap), 0
    if diff < 0:
        return 0, min(-diff, cap)
    return 0, 0


def losses(attacker_total: int, defender_total: int) -> tuple[int, int]:
    """(attacker's loss, defender's loss) from the two modified die results."""
    diff = attacker_total - defender_total
    if abs(diff) <= 1:
        return 1, 1
    loss = 1 if abs(diff) == 2 else 2
    return (0, loss) if diff > 0 else (loss, 0)


def time_passed(attacker_die: int, defender_die: int) -> int:
    """Elapsed time from one combat: one per natural (unmodified) six."""
    return int(attacker_die == 6) + int(defender_die == 6)
