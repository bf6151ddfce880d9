"""Movement [6.0], leaving the map [9.0] and the 3rd Army's detour [8.0].

A move is chosen by its destination: the unit's own hex (stay), a hex one or two steps away, or
the withdrawn box (Russians, from an exit hex, one hex of movement). The stop rules decide which
second steps are possible; `refuse_destination` turns a refused destination back into the clause that
bars it.
"""
from __future__ import annotations

from typing import Iterable, Optional

from ...engine.messages import msg
from ...engine.movement import reach
from ...engine.phases import Refusal, refuse
from ...engine.retreat import retreat_cells, retreat_routes
from .data import JAPAN, RUSSIA, MukdenMap


def occupancy(units: dict[str, dict], m: MukdenMap) -> dict[str, str]:
    """{hex: unit id} of every unit on the map (one unit per hex: mukden.6.no-shared-hex)."""
    return {u["at"]: uid for uid, u in units.items() if u["at"] in m.neighbors}


def enemy_zone(units: dict[str, dict], m: MukdenMap, side: str) -> frozenset[str]:
    """Hexes adjacent to at least one enemy of ``side`` (where a move stops, a retreat may not go)."""
    side_of = m.side_of
    return m.zones.zone([u["at"] for uid, u in units.items() if side_of[uid] != side])


def held_hexes(m: MukdenMap, units: dict[str, dict]) -> frozenset[str]:
    """Every hex a unit stands on (no unit may enter one)."""
    return frozenset([u["at"] for u in units.values() if u["at"] in m.neighbors])


def destinations(m: MukdenMap, units: dict[str, dict], uid: str,
                 held: Optional[frozenset[str]] = None, zone: Optional[frozenset[str]] = None) -> list[str]:
    """Every cell the unit may end its move in, its own hex first, the withdrawn box (a Russian
    leaving from an exit hex) last; [] if it is not on the map. One or two hexes (mukden.6.*): the
    engine's search with an allowance of 2 and Mukden's stops. ``held`` and ``zone`` (the enemy
    zone of the unit's side) may be passed in when asking for every unit of a side at once."""
    start = units[uid]["at"]
    if start not in m.neighbors:
        return []
    side = m.side_of[uid]
    if held is None:
        held = held_hexes(m, units)
    if zone is None:
        zone = enemy_zone(units, m, side)
    found = reach(m.steps[side], start, 2, m.move_rules[side], blocked=held, zoc=zone)
    out = list(found.cost)
    if m.withdrawn_box in found.cost:
        out.remove(m.withdrawn_box)
        out.append(m.withdrawn_box)
    return out


def retreat_hexes(m: MukdenMap, units: dict[str, dict], uid: str) -> list[str]:
    """One hex, empty and not next to an enemy (mukden.7.retreat-*), plus the withdrawn box for a
    Russian unit on an exit hex (ruling 10)."""
    at = units[uid]["at"]
    if at not in m.neighbors:
        return []
    side = m.side_of[uid]
    held = held_hexes(m, units)
    out = retreat_cells(retreat_routes(m.board, at, 1, forbidden=held | enemy_zone(units, m, side)))
    return out + ([m.withdrawn_box] if side == RUSSIA and at in m.exits else [])


def detour_cells(m: MukdenMap, units: dict[str, dict], waits: int) -> list[str]:
    """Free entry hexes for the 3rd Army after ``waits`` earlier waits (mukden.8.*)."""
    step = m.detour_steps[min(waits, len(m.detour_steps) - 1)]
    occupied = occupancy(units, m)
    return [h for h in step if h not in occupied]


def may_wait(m: MukdenMap, units: dict[str, dict], waits: int) -> bool:
    """Waiting is allowed before the last choice, or when every hex it allows is occupied."""
    return waits < len(m.detour_steps) - 1 or not detour_cells(m, units, waits)


def steps_between(m: MukdenMap, start: str, dest: str) -> Optional[int]:
    """How many hexes from ``start`` to ``dest`` (None if no way of hexes joins them)."""
    seen, frontier, steps = {start}, [start], 0
    while frontier:
        if dest in frontier:
            return steps
        steps += 1
        nearer, frontier = frontier, []
        for h in nearer:
            for n in m.neighbors.get(h, ()):
                if n not in seen:
                    seen.add(n)
                    frontier.append(n)
    return None


def refuse_destination(m: MukdenMap, units: dict[str, dict], uid: str, dest: str) -> Refusal:
    """Why ``uid`` may not move to ``dest`` (a destination ``destinations`` does not offer)."""
    side = m.side_of[uid]
    start = units[uid]["at"]
    if start is None:
        return refuse("mukden.refuse.removed", "mukden.7.zero-removed")
    if start == m.withdrawn_box:
        return refuse("mukden.refuse.no-return", "mukden.9.no-return")
    if start == m.reserve_box:
        letter_of = {h: k for k, h in m.detour_cells.items()}
        letters = "/".join(letter_of.get(h, h) for h in m.detour_steps[0])
        return refuse("mukden.refuse.detour", "mukden.8.jp3-first-choice", "mukden.8.jp3-second-choice",
                      "mukden.8.jp3-third-choice", letters=letters)
    zone = enemy_zone(units, m, side)
    occupied = occupancy(units, m)
    if dest == m.withdrawn_box or dest == m.reserve_box:
        if side != RUSSIA or dest != m.withdrawn_box:
            return refuse("mukden.refuse.exit-russian", "mukden.9.russian-only-exit")
        if start in zone:
            return refuse("mukden.refuse.locked", "mukden.6.locked-if-adjacent")
        return refuse("mukden.refuse.exit-where", "mukden.9.russian-only-exit", exits=", ".join(sorted(m.exits)))
    if dest not in m.neighbors:
        return refuse("mukden.refuse.not-hex", "mukden.6.move-one-or-two", cell=dest)
    if start in zone:
        return refuse("mukden.refuse.locked", "mukden.6.locked-if-adjacent")
    if dest in occupied:
        return refuse("mukden.refuse.occupied", "mukden.6.no-shared-hex")
    middles = [n for n in m.neighbors[start] if dest in m.neighbors[n]]
    if dest in m.neighbors[start] or not middles:
        away = steps_between(m, start, dest) if dest not in m.neighbors[start] else None
        if away is not None:  # say how far it is: the player clicked it on the map
            return refuse("mukden.refuse.too-far", "mukden.6.move-one-or-two", cell=dest, count=away)
        return refuse("mukden.refuse.one-or-two", "mukden.6.move-one-or-two")
    if start in m.mountain:
        return refuse("mukden.refuse.mountain-start", "mukden.6.mountain-start-one")
    reasons: list[tuple[str, dict, str]] = []
    for n in middles:
        if n in occupied:
            reasons.append(("mukden.refuse.reason-occupied", {}, "mukden.6.no-shared-hex"))
        elif n in zone:
            reasons.append(("mukden.refuse.reason-zone", {"cell": n}, "mukden.6.stop-adjacent"))
        elif n in m.mountain:
            reasons.append(("mukden.refuse.reason-mountain", {"cell": n}, "mukden.6.mountain-stop"))
        elif m.across_river(start, n):
            reasons.append(("mukden.refuse.reason-river", {"cell": n}, "mukden.6.river-stop"))
        elif side == RUSSIA and n in m.supply:
            reasons.append(("mukden.refuse.reason-supply", {"cell": n}, "mukden.4.supply-sudden-death"))
    unique = list(dict.fromkeys((key, tuple(sorted(args.items())), clause) for key, args, clause in reasons))
    if not unique:
        return refuse("mukden.refuse.unreachable", "mukden.6.move-one-or-two")
    return Refusal(msg("mukden.refuse.cannot-reach", cell=dest, reasons=[msg(k, **dict(a)) for k, a, _ in unique]),
                   tuple(dict.fromkeys(c for _, _, c in unique)))


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
