"""Movement [6.0], leaving the map [9.0] and the 3rd Army's detour [8.0].

A move is chosen by its destination: the unit's own hex (stay), a hex one or two steps away, or
the withdrawn box (Russians, from an exit hex, one hex of movement). The stop rules decide which
second steps are possible; `why_not` turns a refused destination back into the clause that bars it.
"""
from __future__ import annotations

from typing import Iterable, Optional

from ...engine.occupancy import cells_next_to, sole_occupants
from .mapdata import JAPAN, RUSSIA, MukdenMap


def occupancy(units: dict[str, dict], m: MukdenMap) -> dict[str, str]:
    """{hex: unit id} of every unit on the map (one unit per hex: mukden.6.no-shared-hex)."""
    return sole_occupants(units, m.neighbors)


def enemy_zone(units: dict[str, dict], m: MukdenMap, side: str) -> frozenset[str]:
    """Hexes adjacent to at least one enemy of ``side`` (where a move stops, a retreat may not go)."""
    return frozenset(cells_next_to(units, m.neighbors, (uid for uid in units if m.side_of[uid] != side)))


def _stops_in(m: MukdenMap, side: str, frm: str, to: str, zone: frozenset[str]) -> bool:
    """Must a unit entering ``to`` from ``frm`` end its move there?"""
    return (to in zone or to in m.mountain or m.across_river(frm, to)
            or (side == RUSSIA and to in m.supply))  # entering the supply source ends the game


def destinations(m: MukdenMap, units: dict[str, dict], uid: str) -> list[str]:
    """Every cell the unit may end its move in, its own hex first; [] if it is not on the map."""
    start = units[uid]["at"]
    if start not in m.neighbors:
        return []
    side = m.side_of[uid]
    zone = enemy_zone(units, m, side)
    out = [start]
    if start in zone:  # mukden.6.locked-if-adjacent
        return out
    occupied = occupancy(units, m)
    exits = m.exits if side == RUSSIA else frozenset()
    seen = {start}
    second: list[str] = []
    can_exit = start in exits
    for n in m.neighbors[start]:
        if n in occupied:
            continue
        out.append(n)
        seen.add(n)
        if start in m.mountain or _stops_in(m, side, start, n, zone):
            continue
        if n in exits:
            can_exit = True
        second.extend(n2 for n2 in m.neighbors[n] if n2 not in occupied)
    for n2 in second:
        if n2 not in seen:
            seen.add(n2)
            out.append(n2)
    if can_exit:
        out.append(m.withdrawn_box)
    return out


def detour_cells(m: MukdenMap, units: dict[str, dict], waits: int) -> list[str]:
    """Free entry hexes for the 3rd Army after ``waits`` earlier waits (mukden.8.*)."""
    step = m.detour_steps[min(waits, len(m.detour_steps) - 1)]
    occupied = occupancy(units, m)
    return [h for h in step if h not in occupied]


def may_wait(m: MukdenMap, units: dict[str, dict], waits: int) -> bool:
    """Waiting is allowed before the last choice, or when every hex it allows is occupied."""
    return waits < len(m.detour_steps) - 1 or not detour_cells(m, units, waits)


def why_not(m: MukdenMap, units: dict[str, dict], uid: str, dest: str) -> Optional[str]:
    """The rule that forbids moving ``uid`` to ``dest`` (None if nothing specific applies)."""
    side = m.side_of[uid]
    start = units[uid]["at"]
    if start is None:
        return "That unit has been removed from the game (mukden.7.zero-removed)."
    if start == m.withdrawn_box:
        return "A unit that has left the map may never return (mukden.9.no-return)."
    if start == m.reserve_box:
        letters = {h: k for k, h in m.detour_cells.items()}
        return (f"The 3rd Army can only be placed on an entry hex open at this choice "
                f"({'/'.join(letters.get(h, h) for h in m.detour_steps[0])} at first, "
                "then A or B, then A, B or C) and not on an occupied hex (mukden.8.jp3-first-choice, "
                "mukden.8.jp3-second-choice, mukden.8.jp3-third-choice).")
    zone = enemy_zone(units, m, side)
    occupied = occupancy(units, m)
    if dest == m.withdrawn_box or dest == m.reserve_box:
        if side != RUSSIA or dest != m.withdrawn_box:
            return "Only Russian units may leave the map (mukden.9.russian-only-exit)."
        if start in zone:
            return "A unit that starts next to an enemy may not move (mukden.6.locked-if-adjacent)."
        if start in m.exits:
            return None
        return ("Russian units leave the map only from the north-edge exit hexes "
                f"{', '.join(sorted(m.exits))}, and leaving costs one hex of movement (mukden.9.russian-only-exit).")
    if dest not in m.neighbors:
        return f"{dest} is not a hex of this map."
    if dest == start:
        return None
    if start in zone:
        return "A unit that starts next to an enemy may not move (mukden.6.locked-if-adjacent)."
    if dest in occupied:
        return "A unit may not enter a hex that holds another unit (mukden.6.no-shared-hex)."
    if dest in m.neighbors[start]:
        return None
    middles = [n for n in m.neighbors[start] if dest in m.neighbors[n]]
    if not middles:
        return "A unit moves one or two hexes (mukden.6.move-one-or-two)."
    if start in m.mountain:
        return "A unit that starts in a mountain hex may move only one hex (mukden.6.mountain-start-one)."
    reasons = []
    for n in middles:
        if n in occupied:
            reasons.append("it may not pass through a hex that holds another unit (mukden.6.no-shared-hex)")
        elif n in zone:
            reasons.append(f"it would stop in {n}, next to an enemy (mukden.6.stop-adjacent)")
        elif n in m.mountain:
            reasons.append(f"it would stop in the mountain hex {n} (mukden.6.mountain-stop)")
        elif m.across_river(start, n):
            reasons.append(f"it would stop in {n} after crossing the river (mukden.6.river-stop)")
        elif side == RUSSIA and n in m.supply:
            reasons.append(f"entering {n} ends the game (mukden.4.supply-sudden-death)")
    return "The unit cannot reach " + dest + ": " + "; ".join(dict.fromkeys(reasons)) + "." if reasons else None


def units_on_map(m: MukdenMap, units: dict[str, dict], side: str) -> list[str]:
    return [uid for uid in m.units_of[side] if units[uid]["at"] in m.neighbors]


def adjacent_enemies(m: MukdenMap, units: dict[str, dict], uid: str) -> list[str]:
    """Enemy units next to ``uid`` (in a fixed order: sorted by hex)."""
    at = units[uid]["at"]
    if at not in m.neighbors:
        return []
    side = m.side_of[uid]
    occupied = occupancy(units, m)
    found = [occupied[n] for n in m.neighbors[at] if n in occupied and m.side_of[occupied[n]] != side]
    return sorted(found, key=lambda e: units[e]["at"])


def choosable(m: MukdenMap, units: dict[str, dict], side: str) -> Iterable[str]:
    """Units a side may choose this turn, in allotment order."""
    for uid in m.units_of[side]:
        at = units[uid]["at"]
        if at in m.neighbors or (side == JAPAN and at == m.reserve_box):
            yield uid
