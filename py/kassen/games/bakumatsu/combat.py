"""Fire (9), melee (10), artillery (12) and commanders' help (15-2-7-2(3)) as pure functions of a
position: who may fire or melee at whom, who may support, the total strength and every die
modifier with its reason, read on the scenario's tables (engine/tables.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.messages import msg, unit
from ...engine.tables import Modifier, Resolution

if TYPE_CHECKING:  # pragma: no cover
    from .data import BakumatsuData
    from .movement import Situation

FIRE, MELEE = "fire", "melee"


# -- commanders (15-2-7-2(3)) -----------------------------------------------------------------------
def commanders_in_range(sit: "Situation", uid: str) -> list[str]:
    """Friendly commanders on the map whose Command Range reaches ``uid``'s hex (15-2-7-2(3)(2))."""
    d = sit.d
    here = sit.at(uid)
    if here not in d.move_cost or not d.all_commanders:
        return []
    side = d.side_of[uid]
    out = []
    for c in d.commanders[side]:
        at = sit.at(c)
        if at in d.move_cost:
            dist = d.board.distance(at, here)
            if dist is not None and dist <= d.units[c].command_range:
                out.append(c)
    return out


def best_commander(sit: "Situation", uid: str, value: str) -> Optional[str]:
    """The commander whose ``value`` (fire_mod, melee_mod or morale) helps ``uid`` most: a unit uses
    one commander of its owner's choice (15-2-7-2(3)(2)), and no owner would choose a smaller help
    (ruling: the choice is made for him). None if no commander in range helps."""
    d = sit.d
    best: Optional[str] = None
    for c in commanders_in_range(sit, uid):
        v = getattr(d.units[c], value)
        if value == "morale":
            if v <= d.units[uid].morale:
                continue
        elif v <= 0:
            continue
        if best is None or v > getattr(d.units[best], value):
            best = c
    return best


def morale_of(sit: "Situation", uid: str) -> tuple[int, Optional[str]]:
    """The morale a unit checks against: its own, or a commander's in range if higher
    (15-2-7-2(3)(5)); and that commander."""
    c = best_commander(sit, uid, "morale")
    return (sit.d.units[c].morale, c) if c else (sit.d.units[uid].morale, None)


# -- fire (9, 12) -------------------------------------------------------------------------------------
def may_fire(sit: "Situation", uid: str, done: set[str]) -> bool:
    """A combat unit on the map, normal side up, with a fire strength, that has not fired (9-1)."""
    d = sit.d
    u = d.units[uid]
    return (not u.commander and u.fire is not None and sit.on_map(uid) and uid not in done
            and uid not in sit.state["disordered"])


def fire_targets(sit: "Situation", uid: str) -> list[str]:
    """Hexes of the enemy units ``uid`` may fire at: adjacent ones (9-1(1)); for artillery also any
    within its Range that is adjacent to a friendly combat unit, whatever lies between (12(2))."""
    d = sit.d
    side = d.side_of[uid]
    here = sit.at(uid)
    assert here is not None
    enemies = sit.enemy_cells(side)
    targets = {n for n in d.board.neighbors[here] if n in enemies}
    rng = d.units[uid].range
    if rng:
        friends = sit.friendly_cells(side)
        for h in d.board.within(here, rng):
            if h in enemies and h not in targets and any(n in friends for n in d.board.neighbors[h]):
                targets.add(h)
    index = d.board.index
    return sorted(targets, key=index.__getitem__)


def fire_supporters(sit: "Situation", record: dict[str, Any], done: set[str]) -> list[str]:
    """Units that may still give supporting fire: friendly, adjacent to the target, normal side up,
    with a fire strength, not yet fired, not already supporting (9-2(2), 9-1(4))."""
    d = sit.d
    side = d.side_of[record["unit"]]
    taken = set(record["support"]) | {record["unit"]}
    out = []
    for n in d.board.neighbors[record["at"]]:
        s = sit.combat_at.get(n)
        if s is not None and d.side_of[s] == side and s not in taken and may_fire(sit, s, done):
            out.append(s)
    return out


def fire_strength(d: "BakumatsuData", record: dict[str, Any], reading: str) -> tuple[int, list[Any]]:
    """Total fire strength (9-2(3): the main firer's fire + 1 per supporter, whatever their own
    strengths), and the parts for the log. Under the rule-text reading of 9-2(4)(2) a main firer
    on a mountain top adds its +2 here instead of to the dice (ruling 2)."""
    main = record["unit"]
    total = d.units[main].fire or 0
    parts: list[Any] = [msg("bakumatsu.arith.strength", unit=unit(main), value=total)]
    n = len(record["support"])
    if n:
        total += n
        parts.append(msg("bakumatsu.arith.supporters", count=n))
    bonus = d.firer_bonus.get(record["from"], 0)
    if reading == "strength" and bonus:
        total += bonus
        parts.append(msg("bakumatsu.arith.mountain-top-strength", value=bonus))
    return total, parts


def fire_modifiers(d: "BakumatsuData", record: dict[str, Any], reading: str) -> list[Modifier]:
    """Die modifiers of a fire (9-2(4)): the target hex's terrain, the hexside between firer and
    target when they are adjacent (ruling 12), all added together; the main firer on a mountain top
    +2 (dice reading, ruling 2); a commander's fire modifier (15-2-7-2(3)(3))."""
    frm, at = record["from"], record["at"]
    out: list[Modifier] = []
    terrain = d.board.cells[at].terrain
    if d.fire_mod[at]:
        out.append(Modifier(d.fire_mod[at], msg("bakumatsu.mod.target-terrain", terrain=_terrain(d, terrain))))
    if d.board.adjacent(frm, at):
        for feature, value in d.hexside_mod(frm, at, "fire"):
            out.append(Modifier(value, msg("bakumatsu.mod.hexside", feature=_hexside(d, feature))))
    bonus = d.firer_bonus.get(frm, 0)
    if reading == "dice" and bonus:
        out.append(Modifier(bonus, msg("bakumatsu.mod.mountain-top")))
    c = record.get("commander")
    if c:
        out.append(Modifier(d.units[c].fire_mod, msg("bakumatsu.mod.commander-fire", commander=unit(c))))
    return out


def resolve_fire(d: "BakumatsuData", record: dict[str, Any], roll: int, reading: str) -> Resolution:
    total, _ = fire_strength(d, record, reading)
    return d.tables["fire"].lookup(max(total, 1), roll, modifiers=fire_modifiers(d, record, reading))


# -- melee (10) ---------------------------------------------------------------------------------------
def may_melee(sit: "Situation", uid: str, done: set[str]) -> bool:
    """A combat unit on the map, normal side up, with a melee strength, not yet in a melee (10-1)."""
    d = sit.d
    u = d.units[uid]
    return (not u.commander and u.melee is not None and sit.on_map(uid) and uid not in done
            and uid not in sit.state["disordered"])


def melee_targets(sit: "Situation", uid: str) -> list[str]:
    """Hexes of adjacent enemy units not across a river or pond hexside (10-1(2), 10-2(1))."""
    d = sit.d
    here = sit.at(uid)
    assert here is not None
    enemies = sit.enemy_cells(d.side_of[uid])
    return [n for n in d.board.neighbors[here] if n in enemies and not d.across_river(here, n)]


def melee_supporters(sit: "Situation", record: dict[str, Any], done: set[str]) -> list[str]:
    """Units that may still give melee support: friendly, adjacent to the defender (not across a
    river or pond hexside: they could not melee it either), normal side up, with a melee strength,
    not yet in a melee (10-2(2), 10-1(5))."""
    d = sit.d
    side = d.side_of[record["unit"]]
    taken = set(record["support"]) | {record["unit"]}
    out = []
    for n in d.board.neighbors[record["at"]]:
        s = sit.combat_at.get(n)
        if (s is not None and d.side_of[s] == side and s not in taken and may_melee(sit, s, done)
                and not d.across_river(n, record["at"])):
            out.append(s)
    return out


def melee_strength(d: "BakumatsuData", record: dict[str, Any]) -> tuple[int, list[Any]]:
    """The melee strength difference (10-2(3), (4)): attacker + 1 per supporter − defender (a
    defender without a melee strength counts 0)."""
    main, target = record["unit"], record["target"]
    attack = d.units[main].melee or 0
    n = len(record["support"])
    defence = d.units[target].melee or 0
    parts: list[Any] = [msg("bakumatsu.arith.strength", unit=unit(main), value=attack)]
    if n:
        parts.append(msg("bakumatsu.arith.supporters", count=n))
    parts.append(msg("bakumatsu.arith.defender", unit=unit(target), value=defence))
    return attack + n - defence, parts


def melee_modifiers(d: "BakumatsuData", record: dict[str, Any]) -> list[Modifier]:
    """Die modifiers of a melee (10-2(5), 15-2-7-2(3)(4)): the defender's hex and the hexside
    between attacker and defender, added together; the attacker's commander's melee modifier added
    and the defender's subtracted (their net when both apply)."""
    frm, at = record["from"], record["at"]
    out: list[Modifier] = []
    terrain = d.board.cells[at].terrain
    if d.melee_mod[at]:
        out.append(Modifier(d.melee_mod[at], msg("bakumatsu.mod.defender-terrain", terrain=_terrain(d, terrain))))
    for feature, value in d.hexside_mod(frm, at, "melee"):
        out.append(Modifier(value, msg("bakumatsu.mod.hexside", feature=_hexside(d, feature))))
    c = record.get("commander")
    if c:
        out.append(Modifier(d.units[c].melee_mod, msg("bakumatsu.mod.commander-attack", commander=unit(c))))
    c = record.get("defender_commander")
    if c:
        out.append(Modifier(-d.units[c].melee_mod, msg("bakumatsu.mod.commander-defence", commander=unit(c))))
    return out


def resolve_melee(d: "BakumatsuData", record: dict[str, Any], roll: int) -> Resolution:
    diff, _ = melee_strength(d, record)
    return d.tables["melee"].lookup(diff, roll, modifiers=melee_modifiers(d, record))


def morale_plus(resolution_effects: list[dict[str, Any]]) -> Optional[int]:
    """The x of an Mx result (10-2(6)(2)), None for '—'."""
    for e in resolution_effects:
        if e.get("effect") == "morale-check":
            return int(e.get("plus", 0))
    return None


def _terrain(d: "BakumatsuData", terrain: str) -> Any:
    return msg(f"bakumatsu.terrain.{terrain}")


def _hexside(d: "BakumatsuData", feature: str) -> Any:
    return msg(f"bakumatsu.hexside.{feature}")
