"""A Yukimura Gaiden scenario as the rules see it: built once per scenario, never part of the state.

Counter values and forces, the terrain chart (12) resolved into step tables for normal and road
movement, the zone-of-control table (6), the results tables, and each scenario's own parameters:
frozen forces and movement limits (14-1(5), 14-2(5)), reinforcements (8, 14-1(4)), Hideyori's
staging (14-3(6)), key leaders and victory (14-x(6)). The scenario JSON is the only source of
numbers; the reading is lenient about the spelling of keys so an owner correcting the data by hand
is not tripped up by a name.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional, Union

from ...engine.board import ROAD, Board
from ...engine.errors import ScenarioError
from ...engine.movement import MoveRules
from ...engine.scenario import Scenario
from ...engine.tables import ResultsTable, load_tables
from ...engine.terrain import Steps, road_steps, step_table
from ...engine.zoc import ZoneOfControl

EAST, OSAKA = "east", "osaka"
#: 2-2(2): the branches; 9 and ruling 9: both rifle branches fire
RIFLE_TYPES = frozenset({"riflemen", "mounted_riflemen", "mounted-riflemen"})
COMMANDER = "commander"
#: 12-1, 12-2: movement points per terrain (None: no entry except along a road) and per hexside
TERRAIN_COST: dict[str, Optional[int]] = {"flat": 1, "marsh": 2, "mountain": 2, "burial-mound": 1,
                                          "burial_mound": 1, "mound": 1, "large-river": None, "large_river": None,
                                          "river": None, "clear": 1}
SMALL_RIVER = ("small-river", "small_river")
IMPASSABLE = ("impassable",)
MOUNTAIN = frozenset({"mountain"})
LARGE_RIVER = frozenset({"large-river", "large_river", "river"})
#: 7-5-2: road movement, up to 8 hexes whatever the Movement Allowance (ruling 18)
ROAD_HEXES = 8
#: the box that holds units waiting off the map (reinforcements, Hideyori's staged force)
WAITING = "waiting"


@dataclass(frozen=True)
class Unit:
    """One counter's printed values (2-2(3)-(5)) and whose force it is (2-2(1))."""

    id: str
    side: str
    kind: str  # commander | cavalry | mounted_riflemen | riflemen | ashigaru
    force: str  # the scenario group it belongs to (14-x: "Date's force (26 units)")
    leader: str  # the leader named in its "～隊" (its own id's leader for a leader unit)
    cs: int
    morale: Optional[int]  # None: "*" (11)
    ma: int
    start: Optional[str]
    command_range: int = 0  # a leader unit's range (13-1(1)); 0 for others

    @property
    def rifle(self) -> bool:
        return self.kind in RIFLE_TYPES

    @property
    def is_leader(self) -> bool:
        return self.kind == COMMANDER

    @property
    def star(self) -> bool:
        return self.morale is None


@dataclass(frozen=True)
class Limit:
    """A force that may not move before a turn (14-1(5)), with its early release, if any."""

    force: str
    until: int  # may move from this turn on (a frozen force: never, turns + 1)
    release: Optional[str] = None  # "ishikawa": once an Eastern unit has been west of the line; "roll": then a die
    die: tuple[int, ...] = ()  # the rolls that release it (Sanada: 1-3)
    clause: str = ""  # the clause that holds it


@dataclass(frozen=True)
class Arrival:
    """Reinforcements: a force's units entering from a turn through entry hexes (8, 14-1(4))."""

    side: str
    turn: int
    units: tuple[str, ...]
    entry: tuple[str, ...]
    die: tuple[int, ...] = ()  # Hideyori: released on these rolls from ``turn`` (14-3(6))
    staging: tuple[str, ...] = ()  # Hideyori: the road hexes Osaka may choose among at set-up
    clause: str = "yukimura.8.scenario-defined"  # the scenario clause that brings them


def _first(d: dict[str, Any], *keys: str, default: Any = None) -> Any:
    for k in keys:
        if k in d:
            return d[k]
    return default


class YukimuraData:
    """Static data of one scenario (one map or two)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        board: Board = scenario.board
        self.board = board
        rules: dict[str, Any] = scenario.params
        self.rules_data = rules
        file = scenario.file
        self.file = file
        self.sides: tuple[str, str] = (scenario.sides[0], scenario.sides[1])
        first = rules.get("first_player", EAST if EAST in self.sides else self.sides[0])
        if first not in self.sides:
            raise ScenarioError(file, "$.rules.first_player", f"expected one of {', '.join(self.sides)}")
        self.first = first  # 4-1: the Eastern Army moves first
        self.second = self.sides[1] if first == self.sides[0] else self.sides[0]
        self.east = first
        self.osaka = self.second
        self.turns: int = int(rules.get("turns", 12))
        self.hexes: tuple[str, ...] = tuple(c.label for c in board.map_cells())
        self.hex_set: frozenset[str] = frozenset(self.hexes)
        self.maps: tuple[Optional[str], ...] = tuple(m.id for m in board.maps)
        # -- counters ---------------------------------------------------------------------------
        ranges = dict(rules.get("command_ranges", {}))
        self.units: dict[str, Unit] = {}
        for i, u in enumerate(scenario.data["units"]):
            p = f"$.units[{i}]"
            kind = str(_first(u, "type", "kind", "branch", default="ashigaru")).replace("-", "_")
            kind = {"cmd": COMMANDER, "leader": COMMANDER, "cav": "cavalry", "mounted": "cavalry",
                    "rif": "riflemen", "ash": "ashigaru", "foot": "ashigaru"}.get(kind.lower(), kind.lower())
            morale = _first(u, "morale", "mor")
            if morale == "*" or morale is None:
                morale_v: Optional[int] = None
            elif isinstance(morale, int):
                morale_v = morale
            else:
                raise ScenarioError(file, p + ".morale", "expected a number or \"*\"")
            cs = _first(u, "cs", "strength", "combat_strength")
            ma = _first(u, "ma", "movement", "movement_allowance")
            if not isinstance(cs, int) or not isinstance(ma, int):
                raise ScenarioError(file, p, "each unit needs integer cs (combat strength) and ma (movement allowance)")
            force = str(_first(u, "force", "group", default=u["id"]))
            leader = str(_first(u, "leader", "commander", default=force))
            rng = _first(u, "command_range", "range", default=None)
            if rng is None and kind == COMMANDER:
                rng = ranges.get(u["id"], ranges.get(leader, 3))
            self.units[u["id"]] = Unit(id=u["id"], side=u["side"], kind=kind, force=force, leader=leader,
                                       cs=cs, morale=morale_v, ma=ma, start=u.get("start"),
                                       command_range=int(rng or 0))
        #: the counter values a game begun under an earlier rules revision (GameRules.revision) keeps:
        #: rules.before_revision[n].units holds those of every game begun before revision n, so a
        #: value tuned for balance never changes a game already under way, its saves or its links
        self.earlier_values: tuple[tuple[int, dict[str, dict[str, Any]]], ...] = tuple(sorted(
            (int(n), self._earlier_values(old, f"$.rules.before_revision.{n}"))
            for n, old in rules.get("before_revision", {}).items()))
        self._of_revision: dict[tuple[str, int], Unit] = {}
        self.side_of: dict[str, str] = {uid: u.side for uid, u in self.units.items()}
        self.by_side: dict[str, tuple[str, ...]] = {s: tuple(u for u in self.units if self.side_of[u] == s)
                                                   for s in self.sides}
        # the leader unit of each leader id (a "～隊" names its leader, 2-2(1)B)
        self.leader_unit: dict[str, str] = {}
        for uid, u in self.units.items():
            if u.is_leader:
                self.leader_unit.setdefault(u.leader, uid)
        self.forces: dict[str, tuple[str, ...]] = {}
        for uid, u in self.units.items():
            self.forces[u.force] = self.forces.get(u.force, ()) + (uid,)
        # -- terrain (12) -----------------------------------------------------------------------
        terrains = {board.cells[h].terrain for h in self.hexes}
        unknown = sorted(t for t in terrains if t not in TERRAIN_COST)
        if unknown:
            raise ScenarioError(file, "$.board", f"unknown terrain {unknown[0]!r} (expected flat, marsh, mountain, "
                                                 "burial-mound or large-river)")
        self.mountain: frozenset[str] = frozenset(h for h in self.hexes if board.cells[h].terrain in MOUNTAIN)
        self.large_river: frozenset[str] = frozenset(h for h in self.hexes if board.cells[h].terrain in LARGE_RIVER)
        self.road_hexes: frozenset[str] = board.place(ROAD)
        self.small_river: set[tuple[str, str]] = set()
        self.impassable: set[tuple[str, str]] = set()
        for conn in board.connections.values():
            if any(f in conn.features for f in SMALL_RIVER):
                self.small_river.update({(conn.a, conn.b), (conn.b, conn.a)})
            if any(f in conn.features for f in IMPASSABLE):
                self.impassable.update({(conn.a, conn.b), (conn.b, conn.a)})
        extra: dict[str, Optional[int]] = {f: 1 for f in SMALL_RIVER}
        extra.update({f: None for f in IMPASSABLE})
        # a road never crosses an impassable hexside: impassable wins over the road (7-4-2)
        self.normal_steps: Steps = step_table(board, TERRAIN_COST, extra, road_feature=ROAD, road_cost=1)
        for a, steps in list(self.normal_steps.items()):
            if any((a, b) in self.impassable for b, _ in steps):
                self.normal_steps[a] = tuple((b, c) for b, c in steps if (a, b) not in self.impassable)
        self.road_steps: Steps = road_steps(board, ROAD, 1)
        for a, steps in list(self.road_steps.items()):
            if any((a, b) in self.impassable for b, _ in steps):
                self.road_steps[a] = tuple((b, c) for b, c in steps if (a, b) not in self.impassable)
        #: 7-3-1, 7-3-2: entering an enemy zone of control stops; starting in one, no move at all
        self.normal_rules = MoveRules(zoc_stop=True, zoc_to_zoc=True, zoc_locked=True, clauses=NORMAL_CLAUSES)
        #: 7-5-1(2): road movement never enters an enemy zone of control
        self.road_rules = MoveRules(zoc_stop=False, zoc_forbidden=True, zoc_locked=True, clauses=ROAD_CLAUSES)
        #: 6-1, 6-2: every unit's zone covers its six neighbours, not across an impassable hexside and
        #: not into a hex normal movement cannot enter (a large river without a road)
        self.zoc = ZoneOfControl(board, include_own=False, blocked_features=IMPASSABLE,
                                 unenterable=self.large_river)
        #: retreat searches kept across states (movement.Situation.retreat_steps says when that is
        #: exact); only where every cell that exerts a zone is a hex (a side's zone is then a
        #: function of the hexes its units hold)
        self.retreat_memo: Optional[dict[tuple[Any, ...], list[str]]] = (
            {} if set(self.zoc.covers) == set(self.hex_set) else None)
        #: 11-3-4, 11-3-6: the free advance ignores terrain costs (one a hex) but not impassable hexsides
        free_cost = {t: (None if t in LARGE_RIVER else 1) for t in TERRAIN_COST}
        self.free_steps: Steps = step_table(board, free_cost, {f: None for f in IMPASSABLE})
        self.edge: frozenset[str] = frozenset(h for h in self.hexes if len(board.neighbors[h]) < 6)
        # -- tables -----------------------------------------------------------------------------
        self.tables: dict[str, ResultsTable] = load_tables(scenario.data, file)
        self.fire_table = self.tables.get("fire")
        self.h2h_table = self.tables.get("hand-to-hand") or self.tables.get("h2h") or self.tables.get("melee")
        if self.fire_table is None or self.h2h_table is None:
            raise ScenarioError(file, "$.tables", "expected a \"fire\" and a \"hand-to-hand\" table")
        # -- scenario rules (14) ----------------------------------------------------------------
        self.limits: dict[str, Limit] = {}
        for force in rules.get("frozen", []):
            self.limits[force] = Limit(force, self.turns + 1)
        for i, lim in enumerate(rules.get("movement_limits", rules.get("limits", []))):
            force = lim["force"]
            until = int(_first(lim, "from_turn", "until_turn", "turn", default=None) or self.turns + 1)
            rel = lim.get("early_release")
            release, die = None, ()
            if isinstance(rel, dict):
                release = "roll" if rel.get("die") else "ishikawa"
                die = tuple(rel.get("die", ()))
            elif isinstance(rel, str):
                release = "roll" if "roll" in rel or "die" in rel else "ishikawa"
                die = tuple(lim.get("die", ()))
            self.limits[force] = Limit(force, until, release, die, str(lim.get("clause", "")))
        self.frozen_until: dict[str, int] = {f: lim.until for f, lim in self.limits.items()}
        self.key_leaders: dict[str, tuple[str, ...]] = {s: tuple(v) for s, v in rules.get("key_leaders", {}).items()}
        self.breakthrough: tuple[str, ...] = self.cells(rules.get("breakthrough", sorted(board.place("breakthrough"))))
        west = rules.get("ishikawa_west")
        self.ishikawa_west: frozenset[str] = frozenset(self.cells(west)) if isinstance(west, list) \
            else frozenset(board.place("ishikawa-west") | board.place("ishikawa_west"))
        self.komatsuyama: Optional[str] = next(iter(self.cells([rules["komatsuyama"]])), None) \
            if rules.get("komatsuyama") else next(iter(board.place("komatsuyama")), None)
        self.victory: dict[str, Any] = dict(rules.get("victory", {}))
        self.flags: dict[str, Any] = dict(rules.get("flags", {}))
        kinds = {c.get("kind") for c in self.victory.get("conditions", [])}
        if "surround_key_leaders" in kinds:
            self.kind = "yao"
        elif "control" in kinds:
            self.kind = "goto"
        elif "occupy" in kinds:
            self.kind = "connected"
        elif "units_in_place" in kinds:
            self.kind = "domyoji"
        else:
            self.kind = str(self.victory.get("kind", "yao"))
        self.west_needed: int = next((int(c["at_least"]) for c in self.victory.get("conditions", [])
                                      if c.get("kind") == "units_in_place" and "at_least" in c), 10)
        self.collapse_on_removal: bool = bool(self.flags.get("collapse_on_removal",
                                                             rules.get("collapse_on_removal", True)))
        self.mori_early_release: bool = bool(self.flags.get("mori_early_release", True))
        self.arrivals: tuple[Arrival, ...] = tuple(self._arrival(i, a)
                                                   for i, a in enumerate(rules.get("reinforcements", [])))
        self.reinforcing: frozenset[str] = frozenset(u for a in self.arrivals for u in a.units)
        self.arrival_of: dict[str, Arrival] = {u: a for a in self.arrivals for u in a.units}
        self.waiting_box: dict[str, Optional[str]] = {
            s: next((b for b in (f"{WAITING}-{s}", f"reinforcements-{s}", f"off-map-{s}") if b in board.cells), None)
            for s in self.sides}
        for uid in self.reinforcing:
            if self.waiting_box[self.side_of[uid]] is None:
                raise ScenarioError(file, "$.board.boxes", f"reinforcements of {self.side_of[uid]} need a box "
                                                           f"{WAITING}-{self.side_of[uid]}")
        problems = self.problems()
        if problems:
            raise ScenarioError(file, "$", problems[0])

    def _earlier_values(self, old: dict[str, Any], path: str) -> dict[str, dict[str, Any]]:
        """One revision's old counter values (their types are the schema's): what the schema cannot
        check, that each names a unit and a unit's start is a hex of this board."""
        out: dict[str, dict[str, Any]] = {}
        for uid, values in old.get("units", {}).items():
            if uid not in self.units:
                raise ScenarioError(self.file, f"{path}.units", f"{uid} is not a unit of this scenario")
            changed = dict(values)
            if changed.get("morale") == "*":
                changed["morale"] = None
            if "start" in changed:
                if self.units[uid].start is None:
                    raise ScenarioError(self.file, f"{path}.units.{uid}.start", "a reinforcement has no start hex")
                try:
                    changed["start"] = self.cells([changed["start"]])[0]
                except ScenarioError:
                    raise ScenarioError(self.file, f"{path}.units.{uid}.start",
                                        f"{changed['start']!r} is not a hex") from None
            out[uid] = changed
        return out

    def unit_of(self, uid: str, revision: int) -> Unit:
        """``uid``'s counter values in a game begun under the rules' ``revision``: for each value the
        one kept by the first later revision that changed it (rules.before_revision), else today's."""
        key = (uid, revision)
        found = self._of_revision.get(key)
        if found is None:
            changes: dict[str, Any] = {}
            for n, values in reversed(self.earlier_values):
                if n > revision:
                    changes.update(values.get(uid, {}))
            found = self._of_revision[key] = replace(self.units[uid], **changes) if changes else self.units[uid]
        return found

    def cells(self, labels: Any) -> tuple[str, ...]:
        """Labels as written in the scenario's rules (bare 0201 on a one-map board, or D:1621)."""
        out = []
        for lab in labels or ():
            if lab in self.board.cells:
                out.append(lab)
                continue
            found = [f"{m}:{lab}" for m in self.maps if m is not None and f"{m}:{lab}" in self.board.cells]
            if len(found) != 1:
                raise ScenarioError(self.file, "$.rules", f"{lab!r} is not a hex of this board")
            out.append(found[0])
        return tuple(out)

    def _arrival(self, i: int, a: dict[str, Any]) -> Arrival:
        p = f"$.rules.reinforcements[{i}]"
        units = a.get("units")
        if units is None and "force" in a:
            units = [u for u in self.units if self.units[u].force == a["force"]]
        if not units:
            raise ScenarioError(self.file, p, "a reinforcement line needs units or a force")
        side = self.side_of[units[0]]
        staging = self.cells(a.get("staging", ()))
        return Arrival(side=side, turn=int(_first(a, "turn", "from_turn", default=1)), units=tuple(units),
                       entry=self.cells(a.get("entry", ())), die=tuple(a.get("die", ())), staging=staging,
                       clause=str(a.get("clause") or "yukimura.8.scenario-defined"))

    def problems(self) -> list[str]:
        """Cross-checks the schema cannot express."""
        out: list[str] = []
        seen: dict[str, str] = {}
        for uid, u in self.units.items():
            if u.start is None:
                if uid not in self.reinforcing:
                    out.append(f"{uid} starts off the map but is no reinforcement")
                continue
            if u.start not in self.hex_set:
                out.append(f"{uid} starts on {u.start}, which is not a hex")
            elif u.start in seen:
                out.append(f"{uid} and {seen[u.start]} both start on {u.start} (5)")
            seen[u.start] = uid
        for n, _ in self.earlier_values:  # the set-up of a game begun before revision n
            held: dict[str, str] = {}
            for uid in self.units:
                start = self.unit_of(uid, n - 1).start
                if start is not None and start in held:
                    out.append(f"before rules revision {n}, {uid} and {held[start]} both start on {start} (5)")
                if start is not None:
                    held[start] = uid
        for s, leaders in self.key_leaders.items():
            for uid in leaders:
                if uid not in self.units:
                    out.append(f"key leader {uid} is not a unit")
        for f in self.limits:
            if f not in self.forces:
                out.append(f"movement limit for an unknown force {f!r}")
        return out

    def limit_clause(self, force: str) -> str:
        """The clause that holds a force in place in this scenario (14-1(5), 14-2(5), 14-3(7)-(8))."""
        lim = self.limits.get(force)
        if lim is not None and lim.clause:
            return lim.clause
        if lim is not None and lim.until > self.turns:
            return FROZEN_CLAUSES.get(force, "yukimura.14-2.frozen-sakakibara")
        if self.kind == "connected" and force in FROZEN_CLAUSES:
            return "yukimura.14-3.limits-yao-until-8"
        return HELD_CLAUSES.get(force, "yukimura.14-1.akashi-turn5")

    # -- hot-path questions -------------------------------------------------------------------------
    def across_small_river(self, a: str, b: str) -> bool:
        return (a, b) in self.small_river

    def across_impassable(self, a: str, b: str) -> bool:
        return (a, b) in self.impassable

    def map_of(self, label: Optional[str]) -> Optional[str]:
        c = self.board.cells.get(label or "")
        return c.map if c is not None else None


#: engine/movement.py reason codes -> the clause that forbids (normal movement)
NORMAL_CLAUSES = {
    "occupied": "yukimura.5.one-unit-per-hex",
    "pass-only": "yukimura.7-4-1.through-friendly",
    "zoc-locked": "yukimura.7-3-2.zoc-locked",
    "zoc-stop": "yukimura.7-3-1.zoc-stop",
    "zoc-to-zoc": "yukimura.7-3-1.zoc-stop",
    "too-far": "yukimura.7-2-2.terrain-costs",
    "impassable": "yukimura.7-4-2.no-impassable",
    "off-board": "yukimura.7-1-2.hex-by-hex",
    "start": "yukimura.7-1-2.hex-by-hex",
}
#: the same for road movement (7-5)
ROAD_CLAUSES = {
    "occupied": "yukimura.5.one-unit-per-hex",
    "pass-only": "yukimura.7-4-1.through-friendly",
    "zoc-locked": "yukimura.7-5-1.road-no-zoc",
    "zoc-forbidden": "yukimura.7-5-1.road-no-zoc",
    "zoc-stop": "yukimura.7-5-1.road-no-zoc",
    "zoc-to-zoc": "yukimura.7-5-1.road-no-zoc",
    "too-far": "yukimura.7-5-2.road-eight-hexes",
    "impassable": "yukimura.7-5-1.road-start-and-path",
    "off-board": "yukimura.7-5-1.road-start-and-path",
    "start": "yukimura.7-1-2.hex-by-hex",
}

FROZEN_CLAUSES = {
    "sakakibara": "yukimura.14-2.frozen-sakakibara", "ogasawara": "yukimura.14-2.frozen-ogasawara",
    "hoshina": "yukimura.14-2.frozen-hoshina", "suwa": "yukimura.14-2.frozen-suwa", "sakai": "yukimura.14-2.frozen-sakai",
    "sengoku": "yukimura.14-2.frozen-sengoku", "tadayoshi": "yukimura.14-2.frozen-m-tadayoshi",
    "yasunaga": "yukimura.14-2.frozen-m-yasunaga", "naito_t": "yukimura.14-2.frozen-naito",
}
HELD_CLAUSES = {"akashi": "yukimura.14-1.akashi-turn5", "mori": "yukimura.14-1.mori-turn7",
                "sanada": "yukimura.14-1.sanada-turn10"}

Number = Union[int, float]
