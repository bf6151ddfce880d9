"""Static tables of the inn and the counters, built once per scenario from its JSON.

Everything here is immutable and derived from the board graph: which squares are adjacent on the
same floor (the stop, lock, retreat and jump-adjacency rules), which connections a counter may move
along and at what cost, the cross-floor links (stairs, arrows) that allow combat but never stop a
move, doors, railings with their landings, and the exit. Rules code asks these tables and never
looks at geometry again. The engine's movement search and zones of control are configured here
(``steps``, ``entry_steps``, ``zones``, ``move_rules``): the inn has no search of its own.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...engine import squaregrid
from ...engine.board import Board
from ...engine.errors import ScenarioError
from ...engine.movement import MoveRules
from ...engine.scenario import Scenario
from ...engine.terrain import Steps, as_steps
from ...engine.zoc import ZoneOfControl

POOL = "Pool"

#: connection kinds a counter may move along (besides plain same-floor adjacency)
MOVE_KINDS = frozenset({"door", "stairs", "arrow", "special", "exit"})
#: default costs where a connection gives none (rulings ikedaya-r01: arrows 1 on a floor, 2 across)
SAME_FLOOR_COST = 1
STAIRS_COST = 2
CROSS_FLOOR_ARROW_COST = 2

SKILL_KANJI = {"swordsman": "剣", "sword": "刀", "spear": "槍", "light": "軽", None: ""}
SKILL_NAME = {"swordsman": "Swordsman", "sword": "Sword", "spear": "Spear", "light": "Light", None: "none"}


@dataclass(frozen=True)
class Counter:
    """One counter's printed values (static: never copied into the state)."""

    id: str
    side: str
    name: str
    kanji: str
    short: str
    strength: int
    skill: Optional[str]
    status: int
    tuberculosis: bool


@dataclass(frozen=True)
class Step:
    """One way out of a square: where it leads, what it costs, and whether it is a floor change."""

    to: str
    cost: int
    kind: str  # "open" | "door" | "stairs" | "arrow" | "special" | "exit"


class InnData:
    """The inn's precomputed geometry plus the counter list and rule parameters."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        board: Board = scenario.board
        self.board = board
        p = scenario.params
        file = scenario.file
        self.squares: tuple[str, ...] = tuple(c.label for c in board.map_cells())
        self.square_set = frozenset(self.squares)
        self.squares_and_pool = self.square_set | {POOL}  # where counters act under wait-outside
        self.floor: dict[str, int] = {c.label: int(c.floor or 0) for c in board.map_cells()}
        self.area: dict[str, Optional[str]] = {c.label: c.area for c in board.cells.values()}
        self.boxes = frozenset(lab for lab, c in board.cells.items() if c.kind == "box")
        for needed in (POOL,):
            if needed not in board.cells:
                raise ScenarioError(file, "$.board.boxes", f"the game needs a box with id {needed!r}")

        moves: dict[str, list[Step]] = {s: [] for s in board.cells}
        same: dict[str, set[str]] = {s: set() for s in self.squares}
        cross: dict[str, set[str]] = {s: set() for s in self.squares}
        doors: set[frozenset[str]] = set()
        railings: dict[str, str] = {}
        exits: dict[str, tuple[str, int]] = {}
        for i, conn in enumerate(board.connections.values()):
            a, b, feats = conn.a, conn.b, conn.features
            on_a, on_b = a in self.square_set, b in self.square_set
            grid_pair = on_a and on_b and self.floor[a] == self.floor[b] and _grid_neighbours(a, b)
            if "railing" in feats:
                src, land = (a, b) if on_a and (not on_b or self.floor[a] > self.floor[b]) else (b, a)
                if src in railings:
                    raise ScenarioError(file, "$.board.connections", f"{src} has two railings")
                railings[src] = land
            if "exit" in feats:
                if on_a == on_b:
                    raise ScenarioError(file, "$.board.connections", "an exit joins a square to a box")
                src, box = (a, b) if on_a else (b, a)
                exits[src] = (box, conn.cost if conn.cost is not None else SAME_FLOOR_COST)
                moves[src].append(Step(box, exits[src][1], "exit"))
                continue
            movable = grid_pair or bool(feats & MOVE_KINDS)
            if not movable or not (on_a and on_b):
                continue
            kind = next((k for k in ("stairs", "arrow", "door", "special") if k in feats), "open")
            if self.floor[a] == self.floor[b]:
                cost = conn.cost if conn.cost is not None else SAME_FLOOR_COST
                same[a].add(b)
                same[b].add(a)
            else:
                cost = conn.cost if conn.cost is not None else (
                    STAIRS_COST if kind == "stairs" else CROSS_FLOOR_ARROW_COST)
                cross[a].add(b)
                cross[b].add(a)
            if "door" in feats:
                doors.add(frozenset((a, b)))
            moves[a].append(Step(b, cost, kind))
            moves[b].append(Step(a, cost, kind))
        order = {lab: i for i, lab in enumerate(board.cells)}
        self.moves: dict[str, tuple[Step, ...]] = {
            s: tuple(sorted(v, key=lambda st: order[st.to])) for s, v in moves.items()}
        self.same_floor: dict[str, frozenset[str]] = {s: frozenset(v) for s, v in same.items()}
        self.cross_floor: dict[str, frozenset[str]] = {s: frozenset(v) for s, v in cross.items()}
        #: every square a counter there may fight (same floor or across stairs/arrows)
        self.fight_adjacent: dict[str, frozenset[str]] = {s: same[s] | cross[s] for s in self.squares}
        #: the same two tables as tuples in map order (legal actions list targets in map order)
        self.fight_order = {s: tuple(n for n in self.squares if n in self.fight_adjacent[s]) for s in self.squares}
        self.same_floor_order = {s: tuple(n for n in self.squares if n in same[s]) for s in self.squares}
        self.doors = frozenset(doors)
        self.railings: dict[str, str] = railings
        self.exits: dict[str, tuple[str, int]] = exits
        self.exit_boxes = frozenset(box for box, _ in exits.values())
        self.outside = frozenset(land for land in railings.values() if land in self.boxes) | self.exit_boxes

        # the engine's movement (engine.movement.reach), configured for the inn: the steps are the
        # connections above at their costs (doors, stairs, arrows, the exit); counters waiting outside
        # (wait-outside option) start from the Pool and step in through an exit square at its cost; a
        # zone of control is the same-floor neighbours (ikedaya.zoc.no-stop-cross-floor) and ends a move
        # (ikedaya.zoc.stop-same-floor); a counter starting in one is locked (ikedaya.zoc.locked-at-start);
        # a box (the street through the exit) ends a move.
        self.steps: Steps = as_steps({c: tuple((st.to, st.cost) for st in self.moves[c]) for c in board.cells},
                                     order)
        self.entry_steps: Steps = as_steps({**self.steps, POOL: tuple((sq, cost) for sq, (_, cost) in exits.items())},
                                           order)
        self._step_pairs = frozenset((a, b) for a, out in self.steps.items() for b, _ in out)
        self.zones = ZoneOfControl(board, crosses=lambda a, b: b in self.same_floor.get(a, ()))
        self.free_moves = MoveRules(stop_cells=self.boxes)
        self.move_rules = MoveRules(zoc_locked=True, stop_cells=self.boxes)

        # counters: all start in the pool and are placed during set-up (ikedaya.setup.*)
        for i, u in enumerate(scenario.data["units"]):
            if u.get("start") != POOL:
                raise ScenarioError(file, f"$.units[{i}].start", f"every counter starts in the box {POOL!r} and is "
                                                                f"placed during set-up")
        self.counters: dict[str, Counter] = {}
        for uid, u in scenario.units.items():
            self.counters[uid] = Counter(uid, u["side"], u["name"], u.get("kanji", ""), u.get("short", u["name"]),
                                         int(u["strength"]), u.get("skill"), int(u["status"]),
                                         bool(u.get("tuberculosis", False)))
        self.side_of: dict[str, str] = {uid: c.side for uid, c in self.counters.items()}
        self.unit_order: tuple[str, ...] = tuple(scenario.units)
        self.unit_index = {uid: i for i, uid in enumerate(self.unit_order)}
        self.side_units: dict[str, tuple[str, ...]] = {
            side: tuple(u for u in self.unit_order if self.counters[u].side == side) for side in scenario.sides}

        # rule parameters
        self.mp: dict[str, Optional[int]] = {s: p["movement_points"].get(s) for s in scenario.sides}
        self.stack_limit: int = p["stack_limit"]
        self.max_dice: int = p["max_dice"]
        self.die: int = p["die"]
        self.first_player: str = p["first_player"]
        self.setup_order: tuple[str, ...] = tuple(p["setup_order"])
        self.jumps: dict[str, Any] = dict(p["jumps"])
        self.tb_acts_on: int = p["tuberculosis"]["acts_on_at_least"]
        self.escaping_side: str = p["escaping_side"]
        self.off_map_side: str = p["off_map_side"]
        self.quiet_limit: Optional[int] = p.get("quiet_turns_limit")
        self.default_options: dict[str, str] = dict(p["options"])
        self.setup_groups: dict[str, tuple[tuple[frozenset[str], int], ...]] = {}
        areas = _areas(board)
        self.areas = areas
        for side, groups in p["setup"].items():
            built = []
            for gi, g in enumerate(groups):
                cells: set[str] = set()
                for name in g["areas"]:
                    if name not in areas:
                        raise ScenarioError(file, f"$.rules.setup.{side}[{gi}].areas", f"no area named {name!r}")
                    cells |= areas[name]
                room_for = sum(10 ** 6 if c in self._exempt_areas(p, areas) else p["stack_limit"]
                               for c in cells)
                if room_for < int(g["count"]):
                    raise ScenarioError(file, f"$.rules.setup.{side}[{gi}].count",
                                        f"{g['count']} counters do not fit in these areas ({len(cells)} squares of "
                                        f"at most {p['stack_limit']} counters)")
                built.append((frozenset(cells), int(g["count"])))
            if sum(c for _, c in built) != len(self.side_units.get(side, ())):
                raise ScenarioError(file, f"$.rules.setup.{side}", "the counts must add up to the side's counters")
            self.setup_groups[side] = tuple(built)
        exempt: set[str] = set()
        for name in p["setup_stack_exempt"]:
            if name not in areas:
                raise ScenarioError(file, "$.rules.setup_stack_exempt", f"no area named {name!r}")
            exempt |= areas[name]
        self.setup_exempt = frozenset(exempt)
        self.other = {scenario.sides[0]: scenario.sides[1], scenario.sides[1]: scenario.sides[0]}

    @staticmethod
    def _exempt_areas(p: dict[str, Any], areas: dict[str, frozenset[str]]) -> frozenset[str]:
        """Squares exempt from the stacking limit at set-up (unknown area names are reported later)."""
        return frozenset(c for name in p["setup_stack_exempt"] for c in areas.get(name, ()))

    # -- small helpers ---------------------------------------------------------------------------
    def sort_units(self, units: Any) -> list[str]:
        return sorted(units, key=self.unit_index.__getitem__)

    def may_retreat(self, a: str, b: str) -> bool:
        """A retreat takes one step a move could take (same floor, stairs, arrow, door; ruling
        ikedaya-r14), never over a railing."""
        return (a, b) in self._step_pairs


def _grid_neighbours(a: str, b: str) -> bool:
    fa, ca, ra = squaregrid.parse_label(a)
    fb, cb, rb = squaregrid.parse_label(b)
    return fa == fb and abs(ord(ca) - ord(cb)) + abs(ra - rb) == 1


def _areas(board: Board) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for lab, cell in board.cells.items():
        if cell.area:
            out.setdefault(cell.area, set()).add(lab)
    return {k: frozenset(v) for k, v in out.items()}
