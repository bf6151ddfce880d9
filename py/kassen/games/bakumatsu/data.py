"""The Bakumatsu scenario as the rules see it: built once per scenario, never part of the state.

Counter values, the Terrain Effects Chart resolved per hex and hexside, the step tables of normal
and road movement, the zone-of-control table, victory and entry hexes, set-up areas, the turn
track and the results tables. Everything the rules ask on a hot path is a dict or frozenset
lookup here; the scenario JSON is the only source of numbers (nothing is written in code).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...engine.board import ROAD, Board
from ...engine.errors import ScenarioError
from ...engine.movement import MoveRules
from ...engine.reinforcements import Arrival, Schedule
from ...engine.scenario import Scenario
from ...engine.tables import ResultsTable, load_tables
from ...engine.terrain import Steps, road_steps, step_table
from ...engine.zoc import ZoneOfControl

#: the off-map boxes a unit can be in (besides a hex, or None once removed)
ARRIVED = "arrived"  # received reinforcements waiting to be placed on the entry hex (13-1(4), ruling 5)
CUP = "cup"  # Toba-Fushimi: the Shogunate's R units (15-1-4(1)(3))
HAND = "hand"  # Tabarazaka: units held in hand (15-2-4)
COMMANDER_CUP = "commander-cup"  # Tabarazaka: commanders not drawn yet (15-2-7-2(1))
SET_ASIDE = "set-aside"  # Tabarazaka: Saigō Takamori until his roll succeeds
SETUP = "setup"  # Toba-Fushimi: units waiting to be set up (15-1-4)
BOX_KINDS = (SETUP, CUP, HAND, ARRIVED, COMMANDER_CUP, SET_ASIDE)

INFANTRY, ARTILLERY, COMMANDER = "infantry", "artillery", "commander"
#: hexside features: what a zone of control, a retreat and a melee do not cross (3-2(2), 11(1)(3), 10-2(1))
RIVER_LIKE = frozenset({"river", "pond"})


def box(kind: str, side: str) -> str:
    """The id of one side's box of a kind: "arrived-shogunate", "hand-saigo"..."""
    return f"{kind}-{side}"


@dataclass(frozen=True)
class Unit:
    """One counter's printed values (2-2-1(2), 15-2-7-2(3))."""

    id: str
    side: str
    kind: str  # infantry | artillery | commander
    formation: str
    fire: Optional[int]  # None: no fire strength
    melee: Optional[int]  # None: no melee strength (artillery)
    morale: int
    ma: int
    range: Optional[int]  # artillery only
    setup: str  # a set-up area, "cup", "hand", "commander-cup" or "takamori"
    command_range: int = 0
    fire_mod: int = 0
    melee_mod: int = 0

    @property
    def artillery(self) -> bool:
        return self.kind == ARTILLERY

    @property
    def commander(self) -> bool:
        return self.kind == COMMANDER


@dataclass(frozen=True)
class Line:
    """One line of the turn track (a schedule line of engine/reinforcements.py, given its meaning
    here): an Appearance Check drawing from the cup or choosing from the hand (R), or a commander
    draw (Lx1)."""

    side: str
    turns: frozenset[int]
    entry: str
    pool: str  # cup | hand | commander-cup
    count: tuple[int, ...]  # units for a roll of 1..6
    minimum: dict[int, int]  # turn -> fewest units
    artillery_last: bool
    draw: int


class BakumatsuData:
    """Static data of one scenario (one map, two sides)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        board: Board = scenario.board
        self.board = board
        #: movement searches kept across states (movement.Situation.reaches says why that is exact)
        self.reach_memo: dict[tuple[Any, ...], Any] = {}
        rules: dict[str, Any] = scenario.params
        file = scenario.file
        self.sides: tuple[str, str] = (scenario.sides[0], scenario.sides[1])
        first = rules["first_player"]
        if first not in self.sides:
            raise ScenarioError(file, "$.rules.first_player", f"expected one of {', '.join(self.sides)}")
        self.first = first
        self.second = self.sides[1] if first == self.sides[0] else self.sides[0]
        self.turns: int = rules["turns"]
        self.north_turn: int = rules.get("north_turn", 0)  # drawing: quarter turns that put north up
        # -- counters --------------------------------------------------------------------------------
        self.units: dict[str, Unit] = {}
        for i, u in enumerate(scenario.data["units"]):
            kind = u["type"]
            self.units[u["id"]] = Unit(
                id=u["id"], side=u["side"], kind=kind, formation=u["formation"],
                fire=u.get("fire"), melee=u.get("melee"), morale=u["morale"], ma=u["ma"], range=u.get("range"),
                setup=u["setup"], command_range=u.get("command_range", 0), fire_mod=u.get("fire_mod", 0),
                melee_mod=u.get("melee_mod", 0))
            if u["formation"] not in rules["color_key"]:
                raise ScenarioError(file, f"$.units[{i}].formation", f"{u['formation']!r} is not in rules.color_key")
            if kind != COMMANDER and (u.get("range") is not None) != (kind == ARTILLERY):
                raise ScenarioError(file, f"$.units[{i}].range",
                                    "a unit has a range exactly when it is artillery (2-2-1(2)(6), 12)")
        self.side_of: dict[str, str] = {uid: u.side for uid, u in self.units.items()}
        self.combat_units: dict[str, tuple[str, ...]] = {
            s: tuple(uid for uid, u in self.units.items() if u.side == s and not u.commander) for s in self.sides}
        self.commanders: dict[str, tuple[str, ...]] = {
            s: tuple(uid for uid, u in self.units.items() if u.side == s and u.commander) for s in self.sides}
        self.all_commanders: frozenset[str] = frozenset(u for s in self.sides for u in self.commanders[s])
        self.color_key: dict[str, dict[str, str]] = rules["color_key"]
        # -- the map: terrain effects per hex -------------------------------------------------------
        tec = rules["terrain_effects"]
        self.tec = tec
        self.hexes: tuple[str, ...] = tuple(c.label for c in board.map_cells())
        self.move_cost: dict[str, Optional[int]] = {}
        self.fire_mod: dict[str, int] = {}
        self.melee_mod: dict[str, int] = {}
        self.mountain_top: frozenset[str] = frozenset(
            h for h in self.hexes if self._row(board.cells[h].terrain, "firer") not in (None, 0))
        self.firer_bonus: dict[str, int] = {h: self._row(board.cells[h].terrain, "firer") or 0 for h in self.hexes}
        for h in self.hexes:
            terrain = board.cells[h].terrain
            self.move_cost[h] = self._effect(terrain, "move")
            self.fire_mod[h] = self._modifier(terrain, "fire")
            self.melee_mod[h] = self._modifier(terrain, "melee")
        self.impassable: frozenset[str] = frozenset(h for h in self.hexes if self.move_cost[h] is None)
        self.hexside_tec: dict[str, dict[str, Any]] = tec["hexsides"]
        # hexside features by ordered pair, only the ones the TEC knows (road is handled apart)
        self.side_features: dict[tuple[str, str], frozenset[str]] = {}
        for conn in board.connections.values():
            feats = frozenset(f for f in conn.features if f in self.hexside_tec)
            if feats:
                self.side_features[(conn.a, conn.b)] = feats
                self.side_features[(conn.b, conn.a)] = feats
        # a hexside touching a pond hex is a pond hexside (TEC note)
        for h in self.impassable:
            for n in board.neighbors[h]:
                for pair in ((h, n), (n, h)):
                    self.side_features[pair] = self.side_features.get(pair, frozenset()) | {"pond"}
        road = tec["road"]
        self.road_rate: int = road["road_rate"]
        self.road_hexes: frozenset[str] = board.place(ROAD)
        # -- movement: the Terrain Effects Chart as step tables (engine/terrain.py) ------------------
        hex_cost = {t: self._effect(t, "move") for t in tec["terrain"]}
        extra = {f: row["move"] for f, row in self.hexside_tec.items()}
        self.normal_steps: Steps = step_table(board, hex_cost, extra, road_feature=ROAD, road_cost=road["move"])
        self.road_steps: Steps = road_steps(board, ROAD, 1)  # allowance: road_rate x MA (8-2(1))
        self.normal_rules = MoveRules(zoc_stop=True, zoc_to_zoc=False, zoc_exit_cost=1, minimum_move=True,
                                      clauses=NORMAL_CLAUSES)
        # road movement never enters an enemy zone (8-2(5)): the zone is simply out of bounds
        self.road_rules = MoveRules(zoc_stop=False, zoc_to_zoc=True, zoc_forbidden=True, minimum_move=False,
                                    clauses=ROAD_CLAUSES)
        # -- zones of control (3-2): not across a river or pond hexside, never into a pond --------------
        self.zoc = ZoneOfControl(board, include_own=True, blocked_features=RIVER_LIKE, unenterable=self.impassable,
                                 crosses=lambda a, b: not (self.side_features.get((a, b), frozenset()) & RIVER_LIKE))
        # -- victory and entry hexes (14, 15-1-6, 15-2-6) ----------------------------------------------
        self.victory: tuple[str, ...] = tuple(sorted(board.place("victory"), key=board.index.__getitem__))
        vic = rules["victory"]
        self.needed: int = vic["needed"]
        self.initial_control: dict[str, Optional[str]] = {h: None for h in self.victory}
        for s, cells in vic["control"].items():
            if s not in self.sides:
                raise ScenarioError(file, f"$.rules.victory.control.{s}", "not a side of this scenario")
            for j, h in enumerate(cells):
                if h not in self.initial_control:
                    raise ScenarioError(file, f"$.rules.victory.control.{s}[{j}]", f"{h} is not a victory hex")
                self.initial_control[h] = s
        self.entry_of: dict[str, str] = {}
        for s, h in vic["entry"].items():
            if s not in self.sides or h not in board.cells:
                raise ScenarioError(file, f"$.rules.victory.entry.{s}", "expects a side and a hex of this map")
            self.entry_of[s] = h
        self.sudden_death: dict[str, str] = {h: s for s, h in self.entry_of.items()}  # entry hex -> its owner
        #: the victory hexes and their control at the start of a game begun under an earlier rules
        #: revision (GameRules.revision): rules.before_revision[n] holds those of every game begun
        #: before revision n, (n, hexes, control) here, so its saves and links replay as they were played
        self.earlier_victory: tuple[tuple[int, tuple[str, ...], dict[str, Optional[str]]], ...] = tuple(sorted(
            self._earlier_victory(int(n), old, f"$.rules.before_revision.{n}")
            for n, old in rules.get("before_revision", {}).items()))
        #: every hex that is a victory hex under some revision (a state's control is keyed by its own)
        self.any_victory: tuple[str, ...] = tuple(sorted(
            set(self.victory).union(*(hexes for _, hexes, _ in self.earlier_victory)), key=board.index.__getitem__))
        # -- set-up (15-1-4) ------------------------------------------------------------------------
        setup = rules.get("setup")
        self.setup_order: tuple[str, ...] = tuple(setup["order"]) if setup else ()
        self.areas: dict[str, dict[str, Any]] = dict(setup["areas"]) if setup else {}
        self.area_hexes: dict[str, tuple[str, ...]] = {}
        for name in self.areas:
            cells = [c.label for c in board.map_cells() if c.area == name]
            self.area_hexes[name] = tuple(cells)
        # -- the turn track (13, 15-1-5, 15-2-5, 15-2-7-2) ------------------------------------------
        schedule = Schedule.from_json(rules["reinforcements"], "$.rules.reinforcements", file, board, self.side_of)
        self.lines: tuple[Line, ...] = tuple(self._line(a) for a in schedule.arrivals)
        self.reorganize: frozenset[str] = frozenset(rules.get("reorganize", ()))
        self.takamori: Optional[dict[str, Any]] = rules.get("takamori")
        if self.takamori is not None:
            t = self.takamori
            self.takamori_entry = sorted(board.place(t["entry"]) or {t["entry"]})[0]
        # -- tables and options -------------------------------------------------------------------------
        self.tables: dict[str, ResultsTable] = load_tables(scenario.data, file)
        self.mountain_top_reading: str = rules["mountain_top"]
        self.names_ja: dict[str, str] = dict(rules.get("names_ja", {}))
        # -- boxes: every side's boxes are cells of the board (scenario boxes) ------------------------
        self.box_cells: frozenset[str] = frozenset(c.label for c in board.cells.values() if c.kind == "box")
        problems = self.problems()
        if problems:
            raise ScenarioError(file, "$", problems[0])

    # -- building ----------------------------------------------------------------------------------
    def _row(self, terrain: str, key: str) -> Any:
        row = self.tec["terrain"].get(terrain)
        if row is None:
            raise ScenarioError(self.scenario.file, "$.rules.terrain_effects.terrain",
                                f"the Terrain Effects Chart has no row for {terrain!r}")
        return row.get(key)

    def _effect(self, terrain: str, key: str) -> Optional[int]:
        """A TEC entry, following "--" to the other terrain of the hex (2-1-2(3))."""
        seen = set()
        while True:
            value = self._row(terrain, key)
            if value != "--":
                return value
            seen.add(terrain)
            terrain = self._row(terrain, "over")
            if terrain is None or terrain in seen:
                raise ScenarioError(self.scenario.file, "$.rules.terrain_effects.terrain",
                                    f"'--' needs an 'over' terrain that gives {key}")

    def _modifier(self, terrain: str, key: str) -> int:
        """A hex's fire or melee modifier: "--" follows the other terrain of the hex (2-1-2(3)); an
        overlay with a value of its own adds the other terrain's, as negative terrain modifiers are
        cumulative (9-2(4)(1), 10-2(5))."""
        total = 0
        seen = set()
        while terrain is not None and terrain not in seen:
            seen.add(terrain)
            value = self._row(terrain, key)
            if isinstance(value, int):
                total += value
            terrain = self._row(terrain, "over")
        return total

    def _earlier_victory(self, n: int, old: dict[str, Any], path: str
                         ) -> tuple[int, tuple[str, ...], dict[str, Optional[str]]]:
        file = self.scenario.file
        for j, h in enumerate(old["victory"]):
            if h not in self.board.cells or self.board.cells[h].kind == "box":
                raise ScenarioError(file, f"{path}.victory[{j}]", f"{h!r} is not a hex of this map")
        hexes = tuple(sorted(old["victory"], key=self.board.index.__getitem__))
        control: dict[str, Optional[str]] = {h: None for h in hexes}
        for s, cells in old["control"].items():
            if s not in self.sides:
                raise ScenarioError(file, f"{path}.control.{s}", "not a side of this scenario")
            for j, h in enumerate(cells):
                if h not in control:
                    raise ScenarioError(file, f"{path}.control.{s}[{j}]", f"{h} is not one of its victory hexes")
                control[h] = s
        return n, hexes, control

    def _line(self, a: Arrival) -> Line:
        extra = a.extra
        if len(a.entry) != 1:
            raise ScenarioError(self.scenario.file, "$.rules.reinforcements", "each line names one entry hex")
        return Line(side=a.side, turns=frozenset(a.turns), entry=a.entry[0], pool=extra["pool"],
                    count=tuple(extra.get("count", (0,) * 6)),
                    minimum={int(k): v for k, v in extra.get("minimum", {}).items()},
                    artillery_last=bool(extra.get("artillery_last", False)), draw=int(extra.get("draw", 0)))

    def problems(self) -> list[str]:
        """Cross-checks the schema cannot express."""
        out: list[str] = []
        board = self.board
        for uid, u in self.units.items():
            if u.setup in self.areas:
                if self.areas[u.setup]["side"] != u.side:
                    out.append(f"{uid} sets up in {u.setup}, an area of the other side")
                if box(SETUP, u.side) not in board.cells:
                    out.append(f"{uid} is set up, but the board has no box {box(SETUP, u.side)}")
            elif u.setup in (CUP, HAND, COMMANDER_CUP):
                if box(u.setup, u.side) not in board.cells:
                    out.append(f"{uid} starts in {u.setup}, but the board has no box {box(u.setup, u.side)}")
            elif u.setup == "takamori":
                if self.takamori is None or self.takamori["unit"] != uid:
                    out.append(f"{uid} is set aside for a Saigō Takamori roll the rules do not describe")
            else:
                out.append(f"{uid}: unknown set-up {u.setup!r}")
        for name, area in self.areas.items():
            units = [u for u in self.units.values() if u.setup == name]
            if len(units) > len(self.area_hexes[name]):
                out.append(f"set-up area {name} has {len(self.area_hexes[name])} hexes for {len(units)} units")
        for line in self.lines:
            if line.entry not in self.hexes:
                out.append(f"entry hex {line.entry} is not a hex of the map")
        receiving = {line.side for line in self.lines} | set(self.reorganize)
        for s in sorted(receiving):
            if box(ARRIVED, s) not in board.cells:
                out.append(f"the board has no box {box(ARRIVED, s)} for {s}'s reinforcements")
        if len(self.victory) != 13:
            out.append(f"the map has {len(self.victory)} victory hexes, not 13 (14)")
        return out

    # -- hot-path questions --------------------------------------------------------------------------
    def features(self, a: str, b: str) -> frozenset[str]:
        """TEC hexside features of the side a-b (stream, river, pond)."""
        return self.side_features.get((a, b), frozenset())

    def across_river(self, a: str, b: str) -> bool:
        """A river or pond hexside lies between neighbours a and b (3-2(2), 10-2(1), 11(1)(3))."""
        return bool(self.side_features.get((a, b), frozenset()) & RIVER_LIKE)

    def hexside_mod(self, a: str, b: str, key: str) -> list[tuple[str, int]]:
        """(feature, modifier) of the hexside a-b for fire or melee (None entries are not modifiers)."""
        out = []
        for f in sorted(self.features(a, b)):
            value = self.hexside_tec[f].get(key)
            if isinstance(value, int) and value:
                out.append((f, value))
        return out

    def victory_of(self, revision: int) -> tuple[tuple[str, ...], dict[str, Optional[str]]]:
        """The victory hexes and their control at the start of a game begun under the rules'
        ``revision`` (GameRules.revision_of): an earlier revision keeps its own."""
        for n, hexes, control in self.earlier_victory:
            if revision < n:
                return hexes, control
        return self.victory, self.initial_control

    def lines_for(self, side: str, turn: int) -> list[Line]:
        return [line for line in self.lines if line.side == side and turn in line.turns]


#: engine/movement.py reason codes -> the clause that forbids (normal movement, 8-1)
NORMAL_CLAUSES = {
    "occupied": "bakumatsu.8.no-enter-occupied",
    "pass-only": "bakumatsu.8.no-enter-occupied",
    "zoc-to-zoc": "bakumatsu.8-1.no-zoc-to-zoc",
    "zoc-stop": "bakumatsu.8-1.zoc-stop",
    "too-far": "bakumatsu.8.ma-limit",
    "impassable": "bakumatsu.8-1.river-pond-impassable",
    "off-board": "bakumatsu.8.free-direction",
    "start": "bakumatsu.8.free-direction",
}
#: the same for road movement (8-2)
ROAD_CLAUSES = {
    "occupied": "bakumatsu.8.no-enter-occupied",
    "pass-only": "bakumatsu.8.no-enter-occupied",
    "zoc-forbidden": "bakumatsu.8-2.no-enter-zoc",
    "zoc-stop": "bakumatsu.8-2.no-enter-zoc",
    "zoc-to-zoc": "bakumatsu.8-2.no-enter-zoc",
    "too-far": "bakumatsu.8-2.two-hexes-per-mp",
    "impassable": "bakumatsu.8-2.roads-only",
    "off-board": "bakumatsu.8-2.roads-only",
    "start": "bakumatsu.8.free-direction",
}
