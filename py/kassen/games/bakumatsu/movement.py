"""Bakumatsu movement on the toolkit: normal and road movement (8, 8-1, 8-2), zones of control
(3-2), commanders' own movement (15-2-7-2(4)), reinforcements coming on through the entry hex
(13-2) and retreats (11), all as configurations of engine/movement.py, zoc.py, position.py and
retreat.py. What is only Bakumatsu's stays here: which cells block whom, the two modes of one move,
the artillery's disorder and the extended retreat taken one hex at a time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.messages import cell, msg, unit
from ...engine.movement import Reach, reach, why_not
from ...engine.phases import Refusal, refuse
from ...engine.position import Position
from ...engine.retreat import retreat_routes
from ...engine.state import State

if TYPE_CHECKING:  # pragma: no cover
    from .data import BakumatsuData


#: searches kept in ``BakumatsuData.reach_memo`` before it is emptied (a bound on memory: some 5 MB; a
#: decision asks some 70 distinct searches)
REACH_MEMO_SIZE = 1000


class Situation:
    """Who stands where in one state and what that implies (zones of control, blocked hexes):
    built once per question on a state, never stored in it."""

    __slots__ = ("d", "state", "pos", "_combat", "_cmdr", "_zones", "_dest", "_keys")

    def __init__(self, d: "BakumatsuData", state: State) -> None:
        self.d = d
        self.state = state
        commanders = d.all_commanders
        self.pos = Position(state["units"], d.side_of, d.board, d.zoc.zone,
                            exerts=lambda uid: uid not in commanders, sides=d.sides)
        self._combat: Optional[dict[str, str]] = None
        self._cmdr: Optional[dict[str, str]] = None
        self._zones: dict[str, frozenset[str]] = {}
        self._dest: dict[tuple[str, Optional[str]], frozenset[str]] = {}
        #: (combat_at, its items as a frozenset; commander_at, its hexes as a frozenset): the memo's keys
        self._keys: list[Any] = [None, None, None, None]

    # -- occupancy --------------------------------------------------------------------------------
    def _split(self) -> None:
        combat: dict[str, str] = {}
        cmdr: dict[str, str] = {}
        hexes = self.d.move_cost
        commanders = self.d.all_commanders
        for uid, u in self.state["units"].items():
            at = u["at"]
            if at in hexes:
                (cmdr if uid in commanders else combat)[at] = uid
        self._combat, self._cmdr = combat, cmdr

    @property
    def combat_at(self) -> dict[str, str]:
        """{hex: the combat unit in it} (3-1: at most one)."""
        if self._combat is None:
            self._split()
        return self._combat  # type: ignore[return-value]

    @property
    def commander_at(self) -> dict[str, str]:
        """{hex: the commander in it} (15-2-7-2(4)(2): at most one)."""
        if self._cmdr is None:
            self._split()
        return self._cmdr  # type: ignore[return-value]

    def at(self, uid: str) -> Optional[str]:
        return self.state["units"][uid]["at"]

    def on_map(self, uid: str) -> bool:
        return self.at(uid) in self.d.move_cost

    def enemy_zone(self, side: str) -> frozenset[str]:
        """Hexes in the zone of control of the other side's combat units (3-2; commanders have
        none, 15-2-7-2(4)(3))."""
        got = self._zones.get(side)
        if got is None:
            got = self._zones[side] = self.pos.enemy_zone(side)
        return got

    def enemy_cells(self, side: str) -> set[str]:
        return {h for h, uid in self.combat_at.items() if self.d.side_of[uid] != side}

    def friendly_cells(self, side: str) -> set[str]:
        return {h for h, uid in self.combat_at.items() if self.d.side_of[uid] == side}

    def adjacent_enemies(self, uid: str) -> list[str]:
        """The enemy combat units next to ``uid``, in board order of their hexes."""
        d = self.d
        here = self.at(uid)
        side = d.side_of[uid]
        out = []
        for n in d.board.neighbors.get(here or "", ()):
            other = self.combat_at.get(n)
            if other is not None and d.side_of[other] != side:
                out.append(other)
        return out

    # -- movement ---------------------------------------------------------------------------------
    def blocking(self, uid: str) -> tuple[Any, Any]:
        """(blocked, pass_only) for a move of ``uid``: a combat unit may not enter any hex holding
        another combat unit (8(4)); commanders block nobody (15-2-7-2(4)(4)). A commander may not
        enter a hex holding an enemy combat unit (ruling 14) and passes through but never ends on
        another commander (15-2-7-2(4)(2), (4))."""
        d = self.d
        if uid in d.all_commanders:
            side = d.side_of[uid]
            blocked = self.enemy_cells(side)
            pass_only = set(self.commander_at) - {self.at(uid)}
            return blocked, pass_only
        return set(self.combat_at), ()

    def reaches(self, uid: str, start: Optional[str] = None) -> tuple[Reach, Optional[Reach]]:
        """(normal movement, road movement or None where it may not be used) of ``uid`` from its hex
        (or from ``start``: a reinforcement placed on its entry hex, 13-2(2))."""
        d = self.d
        here = start or self.at(uid)
        assert here is not None
        side = d.side_of[uid]
        ma = d.units[uid].ma
        zoc = self.enemy_zone(side)
        blocked, pass_only = self.blocking(uid)
        if start is not None:
            blocked = set(blocked) - {start}
        normal = reach(d.normal_steps, here, ma, d.normal_rules, blocked=blocked, pass_only=pass_only, zoc=zoc)
        road = None
        if here in d.road_hexes and here not in zoc:  # 8-2(2)
            road = reach(d.road_steps, here, ma * d.road_rate, d.road_rules, blocked=blocked,
                         pass_only=pass_only, zoc=zoc)
        return normal, road

    def ends(self, uid: str, start: Optional[str] = None) -> tuple[frozenset[str], Optional[frozenset[str]]]:
        """The hexes each mode of ``reaches`` may end in (what ``in`` a Reach tells), kept across
        states in the scenario data's memo: the computer's search asks the same searches again and
        again (after a fire or a melee that moved nobody, on every branch of the dice). The key
        holds everything a search reads -- the unit (its allowance, side and kind), where it
        stands and where it starts, every combat unit's hex (what blocks it; a commander's blocked
        enemy hexes come from the same map), the enemy zone of control and, for a commander, the
        commanders' hexes (where it may only pass) -- so a kept answer is the search's."""
        d = self.d
        zoc = self.enemy_zone(d.side_of[uid])
        keys = self._keys
        combat = self.combat_at
        if keys[0] is not combat:
            keys[0], keys[1] = combat, frozenset(combat.items())
        commander = uid in d.all_commanders
        if commander:
            cmdr = self.commander_at
            if keys[2] is not cmdr:
                keys[2], keys[3] = cmdr, frozenset(cmdr)
        key = (uid, start, self.at(uid), keys[1], zoc, keys[3] if commander else None)
        memo = d.reach_memo
        found = memo.get(key)
        if found is None:
            normal, road = self.reaches(uid, start)
            if len(memo) >= REACH_MEMO_SIZE:
                memo.clear()
            found = memo[key] = (frozenset(normal.destinations("found")),
                                 None if road is None else frozenset(road.destinations("found")))
        return found

    def destination_set(self, uid: str, start: Optional[str] = None) -> frozenset[str]:
        """Every hex ``uid`` may end a move in, by either mode (8(3)); kept for this situation."""
        d = self.d
        # a unit coming on: its search depends only on its side, allowance and kind
        key = (f"{d.side_of[uid]}:{d.units[uid].ma}:{uid in d.all_commanders}", start) if start else (uid, None)
        found = self._dest.get(key)
        if found is None:
            normal, road = self.ends(uid, start)
            found = self._dest[key] = normal if road is None else normal | road
        return found

    def destinations(self, uid: str, start: Optional[str] = None) -> list[str]:
        """Every hex ``uid`` may end a move in, by either mode (8(3)), in board order."""
        index = self.d.board.index
        return sorted(self.destination_set(uid, start), key=index.__getitem__)

    def by_road_only(self, uid: str, target: str, start: Optional[str] = None) -> bool:
        normal, road = self.ends(uid, start)
        return target not in normal and road is not None and target in road

    def path(self, uid: str, target: str, start: Optional[str] = None) -> list[str]:
        normal, road = self.reaches(uid, start)
        if target in normal:
            return normal.path(target)
        assert road is not None
        return road.path(target)

    def refuse_destination(self, uid: str, target: str, start: Optional[str] = None) -> Refusal:
        """Why ``uid`` may not end a move in ``target``, citing the clause of the rule that decides
        (normal movement first; road movement if the unit could use it)."""
        d = self.d
        here = start or self.at(uid)
        assert here is not None
        if target == here:
            return refuse("bakumatsu.refuse.move-nowhere", "bakumatsu.8.free-direction", unit=unit(uid))
        if target not in d.move_cost:
            return refuse("bakumatsu.refuse.move-off-map", "bakumatsu.8.free-direction", to=cell(target))
        if d.move_cost[target] is None:
            return refuse("bakumatsu.refuse.move-pond", "bakumatsu.8-1.cost-basic-terrain", to=cell(target))
        blocked, pass_only = self.blocking(uid)
        if start is not None:
            blocked = set(blocked) - {start}
        if uid in d.all_commanders:
            if target in blocked:
                return refuse("bakumatsu.refuse.commander-enemy-unit", "bakumatsu.15-2-7-2.moves-like-units",
                              to=cell(target))
            if target in pass_only:
                other = self.commander_at[target]
                if d.side_of[other] != d.side_of[uid]:
                    return refuse("bakumatsu.refuse.commander-on-enemy-commander",
                                  "bakumatsu.15-2-7-2.not-on-enemy-cmdr", to=cell(target))
                return refuse("bakumatsu.refuse.commander-stack", "bakumatsu.15-2-7-2.no-commander-stack",
                              to=cell(target))
        elif target in blocked:
            return refuse("bakumatsu.refuse.move-occupied", "bakumatsu.8.no-enter-occupied", to=cell(target))
        if d.board.adjacent(here, target) and d.across_river(here, target) and "road" not in d.board.features(
                here, target):
            return refuse("bakumatsu.refuse.move-river", "bakumatsu.8-1.river-pond-impassable", to=cell(target))
        side = d.side_of[uid]
        zoc = self.enemy_zone(side)
        far = d.board.distance(here, target)
        ma = d.units[uid].ma
        if far is not None and far > max(ma * d.road_rate, 1):  # beyond any way of moving (8(2), 8-2(1))
            return refuse("bakumatsu.refuse.move-too-far", "bakumatsu.8.ma-limit", "bakumatsu.8-2.two-hexes-per-mp",
                          unit=unit(uid), to=cell(target), ma=ma)
        kw = {"blocked": blocked, "pass_only": pass_only, "zoc": zoc}
        code = why_not(d.normal_steps, here, d.units[uid].ma, d.normal_rules, target, **kw)
        if code == "impassable" and self._river_between(here, target):
            return refuse("bakumatsu.refuse.move-river", "bakumatsu.8-1.river-pond-impassable", to=cell(target))
        clause = d.normal_rules.clause(code) or "bakumatsu.8.ma-limit"
        if here in d.road_hexes and here not in zoc and target in d.road_hexes:
            road_code = why_not(d.road_steps, here, d.units[uid].ma * d.road_rate, d.road_rules, target, **kw)
            if road_code in ("zoc-forbidden", "zoc-stop", "zoc-to-zoc"):
                return refuse("bakumatsu.refuse.move-road-zoc", "bakumatsu.8-2.no-enter-zoc",
                              clause, unit=unit(uid), to=cell(target))
        key = {"bakumatsu.8-1.zoc-stop": "bakumatsu.refuse.move-zoc-stop",
               "bakumatsu.8-1.no-zoc-to-zoc": "bakumatsu.refuse.move-zoc-to-zoc",
               "bakumatsu.8-1.river-pond-impassable": "bakumatsu.refuse.move-unreachable",
               }.get(clause, "bakumatsu.refuse.move-too-far")
        clauses = [clause]
        if key == "bakumatsu.refuse.move-too-far":
            clauses.append("bakumatsu.8-1.cost-basic-terrain")
        return refuse(key, *clauses, unit=unit(uid), to=cell(target), ma=d.units[uid].ma)

    def _river_between(self, a: str, b: str) -> bool:
        return self.d.board.adjacent(a, b) and self.d.across_river(a, b)

    # -- retreat (11) -------------------------------------------------------------------------------
    def retreat_steps(self, uid: str, here: str, visited: Iterable[str]) -> list[str]:
        """The hexes a retreating unit may step into from ``here``: not an enemy unit's hex, not in
        an enemy ZOC, not across a river or pond hexside, not off the map (11(1)); into a friendly
        unit's hex only if the retreat can go on from there to a hex without one (11(4), ruling 18).
        ``visited``: its start and the hexes it passed (never entered twice)."""
        d = self.d
        side = d.side_of[uid]
        forbidden = self.enemy_cells(side) | set(self.enemy_zone(side)) | set(visited) | d.impassable
        friendly = self.friendly_cells(side) - {here}
        routes = retreat_routes(d.board, here, 1, may_enter=lambda a, b: not d.across_river(a, b),
                                forbidden=forbidden, friendly=friendly, extend_through_friendly=True)
        index = d.board.index
        return sorted({r[0] for r in routes}, key=index.__getitem__)


def moved_message(uid: str, frm: str, to: str, by_road: bool) -> dict[str, Any]:
    key = "bakumatsu.log.moves-road" if by_road else "bakumatsu.log.moves"
    return msg(key, unit=unit(uid), to=cell(to), **{"from": cell(frm)})
