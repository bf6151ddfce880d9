"""Movement, zones of control, attacks and retreat hexes (rules chapters 6 and 7, 8-2): the
engine's search (engine.movement), zones (engine.zoc) and retreat routes (engine.retreat),
configured with Kawanakajima's rules.

Movement is offered one action per destination. That is exact under these rules because the
outcome of a move does not depend on the path taken, only on where it ends and what it costs:

- a unit that starts outside every enemy ZOC must stop as soon as it enters one (7(5)), so every
  hex it passes through is outside all enemy ZOCs and nothing happens on the way; only the
  last hex can reveal units (7(6)) or stop the unit;
- a unit that starts inside an enemy ZOC may not step to another ZOC hex (7(8)) and, once out, may
  not enter any ZOC again (7(9)): its whole path after the start hex is ZOC-free and it always
  counts as having left a ZOC (7(10));
- no path may enter or cross an occupied hex (7(7)).

So a move is fully described by its destination; the unit pays the cheapest such path, which is
never worse for the player than any other (unused MP can only help). Legal moves and attacks, and
the reason any other is refused, come from the same functions here.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Container, Optional

from ...engine.actions import Action
from ...engine.messages import cell
from ...engine.movement import MoveRules, reach as search, why_not
from ...engine.occupancy import sole_occupants
from ...engine.phases import Refusal, refuse
from ...engine.retreat import retreat_cells, retreat_routes
from ...engine.state import State
from .data import OTHER, Tables

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

K = "kawanakajima."
Reach = tuple[dict[str, int], list[str], dict[str, list[Action]]]

#: 7(5): entering an enemy ZOC ends the move (the engine's default); 7(8), 7(9): a unit that
#: starts in an enemy ZOC may enter none; 7(7): occupied hexes block (``blocked``)
MOVE = MoveRules(zoc_no_reentry=True, clauses={
    "occupied": K + "7.no-enter-occupied", "zoc-reentry": K + "7.no-reenter-zoc",
    "zoc-forbidden": K + "7.no-reenter-zoc", "zoc-stop": K + "7.zoc-stop", "too-far": K + "7.seven-mp"})
#: 7(9): once it has left an enemy ZOC this activation, no ZOC hex at all
LEFT_ZOC = replace(MOVE, zoc_forbidden=True)


def occupancy(state: State, tables: Tables) -> dict[str, str]:
    """{map hex: unit id} of every unit on the map (one unit per hex: 4(2))."""
    return sole_occupants(state["units"], tables.on_map)


def enemy_zoc(state: State, tables: Tables, side: str) -> frozenset[str]:
    """Hexes in the ZOC of ``side``'s enemies: all six neighbours of every enemy unit on the map,
    face up or face down (6)."""
    units = state["units"]
    return tables.zones.zone([units[u]["at"] for u in tables.side_units[OTHER[side]]])


def destinations(tables: Tables, start: str, mp: Optional[int], occupied: Container[str], zoc: Container[str],
                 left_zoc: bool) -> dict[str, int]:
    """{hex: cheapest MP cost} of every hex a unit at ``start`` with ``mp`` MP (None: any) may move
    to now (engine.movement.reach with the rules above)."""
    found = search(tables.steps, start, mp, LEFT_ZOC if left_zoc else MOVE, blocked=occupied, zoc=zoc)
    cost = found.cost
    return {c: cost[c] for c in found.destinations("found")}


def retreat_hexes(state: State, tables: Tables, uid: str, occupied: Optional[dict[str, str]] = None) -> list[str]:
    """Hexes the unit may retreat into: adjacent, empty and outside every enemy ZOC (8-2)."""
    at = state["units"][uid]["at"]
    if at not in tables.on_map:
        return []
    occ = occupancy(state, tables) if occupied is None else occupied
    forbidden = enemy_zoc(state, tables, tables.side_of(uid)).union(occ)
    return retreat_cells(retreat_routes(tables.board, at, 1, forbidden=forbidden))


def adjacent_enemies(state: State, tables: Tables, uid: str, occupied: Optional[dict[str, str]] = None) -> list[str]:
    """Enemy units next to ``uid`` (the units whose ZOC it is in), in neighbour order."""
    at = state["units"][uid]["at"]
    if at not in tables.on_map:
        return []
    occ = occupancy(state, tables) if occupied is None else occupied
    side = tables.side_of(uid)
    out = []
    for n in tables.neighbors[at]:
        other = occ.get(n)
        if other is not None and tables.side_of(other) != side:
            out.append(other)
    return out


# == a unit's moves and attacks =========================================================================
def reach_entry(g: "Rules", state: State, uid: str, mp: int, left_zoc: bool) -> Reach:
    """``destinations`` for a unit, memoized on everything it depends on (the unit, its hex, its
    MP, whether it has left a ZOC, and the units within MP + 1 hexes -- no other unit can block a
    path or put a ZOC on it): a pure, bounded cache, because legality checks, apply, redo and
    replay ask for the same search many times. The entry also keeps the sorted destinations and,
    per action token, the move actions built from them. Never mutate what it returns."""
    t = g.t
    units = state["units"]
    start = units[uid]["at"]
    near = t.near(start)
    key = (uid, start, mp, left_zoc, tuple([(u, units[u]["at"]) for u in t.unit_ids if units[u]["at"] in near]))
    memo = g.reach_memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= 1024:
            memo.clear()
        reach = destinations(t, start, mp, occupancy(state, t), enemy_zoc(state, t, t.side[uid]), left_zoc)
        found = memo[key] = (reach, sorted(reach), {})
    return found


def reach(g: "Rules", state: State, uid: str, mp: int, left_zoc: bool) -> dict[str, int]:
    """{hex: MP cost} of every hex ``uid`` may move to with ``mp`` MP."""
    return reach_entry(g, state, uid, mp, left_zoc)[0]


def movers(g: "Rules", state: State, side: str) -> list[str]:
    """Units that may still start an activation: face up or move-marked, on the map (7(1)), in
    the order of their hexes (so the order of the legal actions says nothing of identities)."""
    on_map = g.t.on_map
    done = state["finished"]
    units = state["units"]
    out = [uid for uid in g.t.side_units[side]
           if units[uid]["at"] in on_map and (units[uid].get("face_up") or units[uid].get("move_marker"))
           and uid not in done]
    out.sort(key=lambda uid: units[uid]["at"])
    return out


def unit_actions(g: "Rules", state: State, uid: str, act: Optional[dict[str, Any]], tok: str,
                 occ: Optional[dict[str, str]] = None) -> list[Action]:
    """Moves and attacks of one unit: the active one (``act``) or one about to start; ``tok`` is
    how its player names it."""
    t = g.t
    at = state["units"][uid]["at"]
    if at not in t.on_map:
        return []
    fresh = act is None
    mp = t.mp if fresh else act["mp"]
    out: list[Action] = []
    if occ is None:
        occ = occupancy(state, t)
    if fresh or (not act["stopped"] and mp > 0):
        _, cells, by_token = reach_entry(g, state, uid, mp, False if fresh else act["left_zoc"])
        moves = by_token.get(tok)
        if moves is None:
            action = g.action
            moves = by_token[tok] = [action("move", tok, h) for h in cells]
        out.extend(moves)
    if (fresh or not act["attacked"]) and mp >= t.attack_cost:
        for enemy in adjacent_enemies(state, t, uid, occ):
            out.append(g.action("attack", tok if fresh else None, state["units"][enemy]["at"]))
    return out


def has_unit_actions(g: "Rules", state: State, uid: str, act: Optional[dict[str, Any]]) -> bool:
    """Whether ``unit_actions`` would be non-empty, without the full search: a move exists
    exactly when a first step does."""
    t = g.t
    at = state["units"][uid]["at"]
    if at not in t.on_map:
        return False
    fresh = act is None
    mp = t.mp if fresh else act["mp"]
    occ = occupancy(state, t)
    if (fresh or not act["attacked"]) and mp >= t.attack_cost and adjacent_enemies(state, t, uid, occ):
        return True
    if fresh or (not act["stopped"] and mp > 0):
        zoc = enemy_zoc(state, t, t.side_of(uid))
        no_zoc = (not fresh and act["left_zoc"]) or at in zoc
        cost = t.cost
        for n in t.neighbors[at]:
            if n not in occ and cost[n] <= mp and not (no_zoc and n in zoc):
                return True
    return False


# == why a move or an attack is refused =============================================================
def refuse_move(g: "Rules", state: State, uid: str, target: str, mp: int, left: bool) -> Optional[Refusal]:
    """None if ``uid`` may move to ``target`` now, else the rule that forbids it (engine.movement's
    why_not: the rule whose relaxation would allow the move)."""
    t = g.t
    if target in reach(g, state, uid, mp, left):
        return None
    at = state["units"][uid]["at"]
    if target == at:
        return refuse(K + "refuse.move-same", K + "7.seven-mp", at=cell(at))
    if target not in t.on_map:
        return refuse(K + "refuse.off-map", K + "7.seven-mp", at=cell(target))
    occ = occupancy(state, t)
    zoc = enemy_zoc(state, t, t.side[uid])
    rules = LEFT_ZOC if left else MOVE
    code = why_not(t.steps, at, mp, rules, target, blocked=occ, zoc=zoc)
    if code == "occupied":
        return refuse(K + "refuse.occupied", K + "7.no-enter-occupied")
    if code in ("zoc-reentry", "zoc-forbidden"):
        if at in zoc and target in t.neighbors[at]:
            return refuse(K + "refuse.zoc-to-zoc", K + "7.no-zoc-to-zoc")
        return refuse(K + "refuse.zoc-again", rules.clause(code))
    unlimited = search(t.steps, at, None, rules, blocked=occ, zoc=zoc).cost if code == "too-far" else {}
    if target in unlimited:  # (too far only once several rules are relaxed: then it is unreachable)
        return refuse(K + "refuse.too-far", K + "7.seven-mp", K + "7.cost-plains", K + "7.cost-mountain",
                      K + "7.cost-river", to=cell(target), cost=unlimited[target], mp=mp)
    return refuse(K + "refuse.unreachable", K + "7.no-enter-occupied", K + "7.zoc-stop", to=cell(target))


def refuse_attack(g: "Rules", state: State, uid: str, target: Optional[str], mp: int,
                  attacked: bool) -> Optional[Refusal]:
    """None if ``uid`` may attack the unit on ``target`` now (8 Attacks, 7(11)), else why not."""
    t = g.t
    if attacked:
        return refuse(K + "refuse.attacked", K + "8.one-attack-per-turn", K + "7.win-continue-moving")
    if mp < t.attack_cost:
        return refuse(K + "refuse.attack-mp", K + "7.attack-cost", K + "7.attack-needs-3mp", cost=t.attack_cost,
                      mp=mp)
    at = state["units"][uid]["at"]
    enemy = occupancy(state, t).get(target or "")
    if enemy is None or t.side[enemy] == t.side[uid] or target not in t.neighbors.get(at, ()):
        return refuse(K + "refuse.target", K + "8.target-in-zoc")
    return None

