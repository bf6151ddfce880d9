"""Yukimura movement on the toolkit: normal and road movement (7, 7-5), zones of control (6),
leaving the map (7-6), reinforcements entering (8), frozen and held forces (14-x(5)), the optional
command range (13) and retreats (11-1), as configurations of engine/movement.py, zoc.py,
position.py, reinforcements.py and retreat.py. What is only Yukimura's stays here: which units may
move now, the exit step, and the retreat's hex-by-hex options.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.messages import cell, msg, unit
from ...engine.movement import Reach, reach, why_not
from ...engine.phases import Refusal, refuse
from ...engine.position import Position
from ...engine.reinforcements import entry_reach
from ...engine.retreat import retreat_routes
from ...engine.state import State
from .data import ROAD_HEXES

if TYPE_CHECKING:  # pragma: no cover
    from .data import YukimuraData


#: retreat searches kept in ``YukimuraData.retreat_memo`` before it is emptied (a bound on memory)
RETREAT_MEMO_SIZE = 1000


class Situation:
    """Who stands where in one state and what that implies (zones of control, blocked hexes):
    built once per question on a state, never stored in it."""

    __slots__ = ("d", "state", "pos", "_at", "_zones", "_dest", "_cells", "_entry", "_memo", "_mixed", "_frozen")

    def __init__(self, d: "YukimuraData", state: State, memo: Optional[dict[str, Any]] = None) -> None:
        self.d = d
        self.state = state
        #: where each unit's moves end, kept across states by the rules (see ``_ends``); None: not kept
        self._memo = memo
        self.pos = Position(state["units"], d.side_of, d.board, d.zoc.zone, sides=d.sides)
        self._at: Optional[dict[str, list[str]]] = None
        self._zones: dict[str, frozenset[str]] = {}
        self._dest: dict[str, tuple[Reach, Optional[Reach]]] = {}
        self._cells: dict[tuple[str, bool], set[str]] = {}
        self._entry: dict[tuple[Any, ...], Reach] = {}
        #: False once a pass over the units found no hex holding both sides' units (None: not known)
        self._mixed: Optional[bool] = None
        #: {side: (enemy hexes, friendly hexes) as frozensets}: the retreat memo's keys
        self._frozen: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    # -- occupancy ----------------------------------------------------------------------------------
    @property
    def occupied(self) -> dict[str, list[str]]:
        """{hex: [units in it]} (5: one unit, except for a moment inside a retreat, 11-2-5)."""
        if self._at is None:
            hexes = self.d.hex_set
            occ: dict[str, list[str]] = {}
            for uid, u in self.state["units"].items():
                if u["at"] in hexes:
                    occ.setdefault(u["at"], []).append(uid)
            self._at = occ
        return self._at

    def unit_at(self, h: Optional[str]) -> Optional[str]:
        found = self.occupied.get(h or "")
        return found[0] if found else None

    def at(self, uid: str) -> Optional[str]:
        return self.state["units"][uid]["at"]

    def on_map(self, uid: str) -> bool:
        return self.at(uid) in self.d.hex_set

    def enemy_zone(self, side: str) -> frozenset[str]:
        """Hexes in the zone of control of the other side's units (6-1, 6-2)."""
        got = self._zones.get(side)
        if got is None:
            got = self._zones[side] = self.pos.enemy_zone(side)
        return got

    def _side_cells(self, side: str, mine: bool) -> set[str]:
        key = (side, mine)
        found = self._cells.get(key)
        if found is None:
            side_of = self.d.side_of
            if self._at is not None:
                found = {h for h, us in self._at.items() if (side_of[us[0]] == side) == mine}
            else:
                # the side of each hex's first unit (as ``occupied`` would give it) in one pass,
                # without building the occupancy lists: a retreat asks this of every state it tries
                owner: dict[str, str] = {}
                hexes = self.d.hex_set
                mixed = False
                for uid, u in self.state["units"].items():
                    at = u["at"]
                    if at in hexes:
                        if at not in owner:
                            owner[at] = side_of[uid]
                        elif owner[at] != side_of[uid]:
                            mixed = True
                self._mixed = mixed
                found = {h for h, s in owner.items() if (s == side) == mine}
                other = {h for h, s in owner.items() if (s == side) != mine}
                self._cells[(side, not mine)] = other
            self._cells[key] = found
        return found

    def enemy_cells(self, side: str) -> set[str]:
        """Hexes holding the other side's units (kept for this situation: do not change it)."""
        return self._side_cells(side, False)

    def friendly_cells(self, side: str) -> set[str]:
        return self._side_cells(side, True)

    def adjacent_enemies(self, uid: str) -> list[str]:
        d = self.d
        here = self.at(uid)
        mine = d.side_of[uid]
        out = []
        for n in d.board.neighbors.get(here or "", ()):
            other = self.unit_at(n)
            if other is not None and d.side_of[other] != mine:
                out.append(other)
        return out

    # -- movement -------------------------------------------------------------------------------------
    def reaches(self, uid: str) -> tuple[Reach, Optional[Reach]]:
        """(normal movement, road movement or None where it may not be used) of ``uid`` from its hex."""
        found = self._dest.get(uid)
        if found is not None:
            return found
        d = self.d
        here = self.at(uid) or ""
        side = d.side_of[uid]
        zoc = self.enemy_zone(side)
        enemy = self.enemy_cells(side)
        friendly = self.friendly_cells(side)  # the start is never an end cell anyway
        normal = reach(d.normal_steps, here, d.units[uid].ma, d.normal_rules, blocked=enemy, pass_only=friendly,
                       zoc=zoc)
        road = None
        if here in d.road_hexes and here not in zoc:  # 7-5-1(1), (2)
            road = reach(d.road_steps, here, ROAD_HEXES, d.road_rules, blocked=enemy, pass_only=friendly, zoc=zoc)
        found = self._dest[uid] = (normal, road)
        return found

    def destinations(self, uid: str) -> list[str]:
        """Every hex ``uid`` may end a move in, by either mode (7, 7-5), in board order."""
        if self._memo is not None:
            friendly = self.friendly_cells(self.d.side_of[uid])
            return [h for h in self._ends(uid)[0] if h not in friendly]
        normal, road = self.reaches(uid)
        cells = set(normal.destinations())
        if road is not None:
            cells.update(road.destinations())
        index = self.d.board.index
        return sorted(cells, key=index.__getitem__)

    def _ends(self, uid: str) -> tuple[list[str], list[str]]:
        """(every hex either search reaches but the start, in board order; ``exits``), kept in the
        rules' memo while the enemy stands where it stood. Why that is exact: a search depends on
        the unit's hex and allowance, the enemy's hexes (blocked) and their zone of control, and
        the terrain, never on where friendly units stand (they are passed through, 7-4-1); friendly
        hexes only rule out end hexes, which ``destinations`` does afresh. So a Movement Phase's
        later questions (after each friendly move) reuse the first one's searches."""
        d, memo = self.d, self._memo
        assert memo is not None
        side = d.side_of[uid]
        enemy = frozenset(self.enemy_cells(side))
        kept = memo.get(side)
        if kept is None or kept[0] != enemy:
            kept = memo[side] = (enemy, {})
        here = self.at(uid) or ""
        found = kept[1].get((uid, here))
        if found is None:
            normal, road = self.reaches(uid)
            cells = set(normal.cost)
            if road is not None:
                cells.update(road.cost)
            cells.discard(here)
            index = d.board.index
            found = kept[1][(uid, here)] = (sorted(cells, key=index.__getitem__), self._exits(uid))
        return found

    def by_road_only(self, uid: str, target: str) -> bool:
        normal, road = self.reaches(uid)
        return target not in normal and road is not None and target in road

    def exits(self, uid: str) -> list[str]:
        """Edge hexes from which ``uid`` may step off the map this move (7-6, 7-6-1: 1 MP): reached
        with a point to spare and not where an enemy zone of control has stopped it (7-3-1)."""
        if self._memo is not None:
            return list(self._ends(uid)[1])
        return self._exits(uid)

    def _exits(self, uid: str) -> list[str]:
        d = self.d
        normal, _ = self.reaches(uid)
        here = self.at(uid)
        ma = d.units[uid].ma
        zoc = self.enemy_zone(d.side_of[uid])
        if here in zoc:  # 7-3-2
            return []
        edge = d.edge
        out = [h for h, c in normal.cost.items() if c <= ma - 1 and h in edge and (h == here or h not in zoc)]
        return sorted(out, key=d.board.index.__getitem__)

    def refuse_destination(self, uid: str, target: str) -> Refusal:
        """Why ``uid`` may not end a move in ``target``, citing the clause that decides."""
        d = self.d
        here = self.at(uid) or ""
        if target == here:
            return refuse("yukimura.refuse.move-nowhere", "yukimura.7-1-2.hex-by-hex", unit=unit(uid))
        if target not in d.hex_set:
            return refuse("yukimura.refuse.move-off-map", "yukimura.7-6-1.offmap-cost", to=cell(target))
        side = d.side_of[uid]
        zoc = self.enemy_zone(side)
        if here in zoc:
            return refuse("yukimura.refuse.zoc-locked", "yukimura.7-3-2.zoc-locked", unit=unit(uid))
        if target in self.enemy_cells(side):
            return refuse("yukimura.refuse.move-enemy", "yukimura.5.one-unit-per-hex", to=cell(target))
        if target in self.friendly_cells(side):
            return refuse("yukimura.refuse.move-friendly", "yukimura.7-4-1.through-friendly",
                          "yukimura.5.one-unit-per-hex", to=cell(target))
        if target in d.large_river and not (target in d.road_hexes):
            return refuse("yukimura.refuse.move-large-river", "yukimura.12-1.large-river", to=cell(target))
        if d.board.adjacent(here, target) and d.across_impassable(here, target):
            return refuse("yukimura.refuse.move-impassable", "yukimura.7-4-2.no-impassable",
                          "yukimura.12-2.impassable-move", to=cell(target))
        kw = {"blocked": self.enemy_cells(side), "pass_only": self.friendly_cells(side) - {here}, "zoc": zoc}
        code = why_not(d.normal_steps, here, d.units[uid].ma, d.normal_rules, target, **kw)
        clause = d.normal_rules.clause(code) or "yukimura.7-2-2.terrain-costs"
        if here in d.road_hexes and target in d.road_hexes:
            road_code = why_not(d.road_steps, here, ROAD_HEXES, d.road_rules, target, **kw)
            if road_code in ("zoc-forbidden", "zoc-stop", "zoc-to-zoc"):
                return refuse("yukimura.refuse.move-road-zoc", "yukimura.7-5-1.road-no-zoc", clause,
                              unit=unit(uid), to=cell(target))
        key = {"yukimura.7-3-1.zoc-stop": "yukimura.refuse.move-zoc-stop",
               "yukimura.7-4-2.no-impassable": "yukimura.refuse.move-unreachable"}.get(clause,
                                                                                       "yukimura.refuse.move-too-far")
        clauses = [clause]
        if key == "yukimura.refuse.move-too-far":
            clauses += ["yukimura.7-2.ma-once", "yukimura.7-5-2.road-eight-hexes"]
        return refuse(key, *dict.fromkeys(clauses), unit=unit(uid), to=cell(target), ma=d.units[uid].ma)

    # -- reinforcements (8) -------------------------------------------------------------------------
    def entry(self, uid: str, entries: Iterable[str]) -> Reach:
        """Where a reinforcement may end its move: 1 MP onto a free entry hex (8-1, 8-2), then the
        rest of its allowance; an entry hex in an enemy zone of control ends the move (8-1)."""
        d = self.d
        side = d.side_of[uid]
        occupied = self.occupied
        free = [e for e in entries if e not in occupied]
        key = (side, d.units[uid].ma, tuple(free))
        found = self._entry.get(key)
        if found is not None:
            return found
        found = self._entry[key] = entry_reach(d.normal_steps, free, d.units[uid].ma, d.normal_rules, entry_cost=1,
                           blocked=self.enemy_cells(side), pass_only=self.friendly_cells(side),
                           zoc=self.enemy_zone(side))
        return found

    # -- retreat (11-1) -----------------------------------------------------------------------------
    def retreat_routes(self, uid: str, here: str, hexes: int, sources: Iterable[str],
                       visited: Iterable[str] = ()) -> list[list[str]]:
        """Every route of ``hexes`` hexes ``uid`` may retreat along from ``here``: away from the units
        that caused it (11-1-1, ruling 6), not into an enemy unit or its zone of control, not across
        an impassable hexside, never off the map (11-1-2), through friendly units (11-2)."""
        d = self.d
        side = d.side_of[uid]
        forbidden = self.enemy_cells(side) | self.enemy_zone(side) | set(visited) | d.large_river
        friendly = self.friendly_cells(side)
        return retreat_routes(d.board, here, hexes, away_from=list(sources),
                              may_enter=lambda a, b: not d.across_impassable(a, b), forbidden=forbidden,
                              friendly=friendly, through_friendly=True)

    def retreat_steps(self, uid: str, here: str, hexes: int, sources: Iterable[str],
                      visited: Iterable[str] = ()) -> list[str]:
        """The hexes the next step of a retreat may take: those that begin a full-length route (11-1-3).

        Kept across states in the scenario data's memo (a search tries every step of every
        retreat, each on a fresh state): the routes read the retreating side, where it stands,
        the length, the sources and the hexes already visited, the enemy hexes, their zone of
        control and the friendly hexes. The zone is the zone of the hexes enemy units hold (every
        cell that exerts one is a hex: ``YukimuraData.retreat_memo``), which are the enemy hexes
        when no hex holds units of both sides (checked: else nothing is kept), so the key holds
        it all."""
        d = self.d
        side = d.side_of[uid]
        memo = d.retreat_memo
        key: Optional[tuple[Any, ...]] = None
        if memo is not None:
            enemy = self.enemy_cells(side)
            if self._mixed is False:
                frozen = self._frozen.get(side)
                if frozen is None:
                    frozen = self._frozen[side] = (frozenset(enemy), frozenset(self.friendly_cells(side)))
                key = (side, here, hexes, tuple(sources), tuple(visited), frozen)
                found = memo.get(key)
                if found is not None:
                    return list(found)
        routes = self.retreat_routes(uid, here, hexes, sources, visited)
        index = d.board.index
        out = sorted({r[0] for r in routes if r}, key=index.__getitem__)
        if key is not None and memo is not None:
            if len(memo) >= RETREAT_MEMO_SIZE:
                memo.clear()
            memo[key] = list(out)
        return out


def moved_message(uid: str, frm: str, to: str, by_road: bool) -> dict[str, Any]:
    key = "yukimura.log.moves-road" if by_road else "yukimura.log.moves"
    return msg(key, unit=unit(uid), to=cell(to), **{"from": cell(frm)})
