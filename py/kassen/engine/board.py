"""The board as a graph of cells and connections, on one map or several.

Cells are hexes, squares or off-map boxes; connections join two cells and carry features (a
river or fortress hexside, a road, a door, stairs, an arrow) and optionally a movement cost.
Everything is precomputed once per scenario: neighbour tuples and a feature table keyed by the
ordered pair, so rules code never recomputes geometry on a hot path.

A board either has one ``grid`` (every released scenario: bare ``CCRR`` labels, which old links
and saves rely on) or lists ``maps``, each with an id and its own grid; a cell of a map is then
labelled ``<map id>:<CCRR>`` (``D:1621``). Maps never touch: no neighbour, no distance across
them, unless an explicit board-wide connection joins two cells.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

from . import hexgrid, squaregrid
from .errors import ScenarioError, quote

ROAD = "road"  # the connection feature and the place every road hex gets


@dataclass(frozen=True)
class Cell:
    """One place a unit can stand: a hex, a square, or an off-map box."""

    label: str
    kind: str  # "hex" | "square" | "box"
    x: float  # drawing position of the centre, in grid units (hex corner radius = 1, square side = 1)
    y: float
    terrain: str = "clear"
    col: int = 0
    row: int = 0
    floor: int | None = None
    area: str | None = None
    name: str | None = None
    places: frozenset[str] = frozenset()
    map: str | None = None  # the map id on a board of several maps, else None
    w: float = 2.4  # an off-map box's drawn size, in grid units (a tray of reinforcements may be larger)
    h: float = 1.0


@dataclass(frozen=True)
class Connection:
    """An adjacency between two cells, with its features and an optional movement cost."""

    a: str
    b: str
    features: frozenset[str] = frozenset()
    cost: int | None = None


@dataclass(frozen=True)
class MapInfo:
    """One map of a board: its id (None on a single-map board), name, grid and drawing offset
    (where its top-left corner sits, in grid units)."""

    id: str | None
    name: str | None
    grid: dict[str, Any]
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass
class Board:
    """Static map data. Built once from the scenario; never part of the game state."""

    grid: dict[str, Any]
    cells: dict[str, Cell]
    connections: dict[frozenset[str], Connection]
    walls: tuple[tuple[str, str], ...] = ()
    places: dict[str, frozenset[str]] = field(default_factory=dict)
    maps: tuple[MapInfo, ...] = ()
    neighbors: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: position of each cell in board order (maps in order, columns then rows, then boxes)
    index: dict[str, int] = field(default_factory=dict)
    #: the labels of every map cell (not the boxes)
    on_map: frozenset[str] = frozenset()
    _features: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict, repr=False)
    _at: dict[tuple[str | None, int, int], str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        nbrs: dict[str, list[str]] = {label: [] for label in self.cells}
        for conn in self.connections.values():
            nbrs[conn.a].append(conn.b)
            nbrs[conn.b].append(conn.a)
            self._features[(conn.a, conn.b)] = conn.features
            self._features[(conn.b, conn.a)] = conn.features
        self.index = {label: i for i, label in enumerate(self.cells)}
        order = self.index
        self.neighbors = {k: tuple(sorted(v, key=order.__getitem__)) for k, v in nbrs.items()}
        self._at = {(c.map, c.col, c.row): lab for lab, c in self.cells.items() if c.kind == "hex"}
        self.on_map = frozenset(lab for lab, c in self.cells.items() if c.kind != "box")
        if not self.maps:
            self.maps = (MapInfo(None, None, dict(self.grid)),)

    # -- queries used on hot paths -------------------------------------------------------------
    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self._features

    def features(self, a: str, b: str) -> frozenset[str]:
        """Features of the connection a-b (empty if there is none)."""
        return self._features.get((a, b), frozenset())

    def connection(self, a: str, b: str) -> Connection | None:
        return self.connections.get(frozenset((a, b)))

    def place(self, name: str) -> frozenset[str]:
        """A named set of cells from the scenario (e.g. "exit", "railway"); empty if absent."""
        return self.places.get(name, frozenset())

    def is_on_map(self, label: str | None) -> bool:
        return label is not None and label in self.cells and self.cells[label].kind != "box"

    def distance(self, a: str, b: str) -> Optional[int]:
        """Hex distance (hex cells only); None between cells of different maps, which have no
        common geometry."""
        ca, cb = self.cells[a], self.cells[b]
        if ca.map != cb.map:
            return None
        return hexgrid.distance((ca.col, ca.row), (cb.col, cb.row))

    def map_cells(self) -> list[Cell]:
        return [c for c in self.cells.values() if c.kind != "box"]

    def hex_at(self, map_id: str | None, col: int, row: int) -> Optional[str]:
        """The label of the hex at (col, row) of a map, or None if there is none."""
        return self._at.get((map_id, col, row))

    # -- range and lines ---------------------------------------------------------------------------
    def within(self, cell: str, radius: int) -> list[str]:
        """Hexes at distance <= ``radius`` of ``cell`` on its own map (itself included), in board
        order: artillery range, command range, reinforcement areas."""
        c = self.cells[cell]
        at = self._at
        found = [at[(c.map, col, row)] for col, row in hexgrid.within(c.col, c.row, radius)
                 if (c.map, col, row) in at]
        return sorted(found, key=self.index.__getitem__)

    def line(self, a: str, b: str) -> Optional[list[str]]:
        """Labels of the hexes on the straight line from ``a`` to ``b`` (both ends included;
        positions where the map has no hex are left out); None across maps. Along a hexside it
        takes one side: use ``line_pair`` or ``line_blocked`` when that matters."""
        pair = self.line_pair(a, b)
        return None if pair is None else pair[0]

    def line_pair(self, a: str, b: str) -> Optional[tuple[list[str], list[str]]]:
        """Both ε-nudged lines from ``a`` to ``b`` in labels (equal unless the line runs along
        hexsides); None across maps."""
        ca, cb = self.cells[a], self.cells[b]
        if ca.map != cb.map or ca.kind != "hex" or cb.kind != "hex":
            return None
        at = self._at
        one, two = hexgrid.hex_line_pair((ca.col, ca.row), (cb.col, cb.row))
        return ([at[(ca.map, c, r)] for c, r in one if (ca.map, c, r) in at],
                [at[(ca.map, c, r)] for c, r in two if (ca.map, c, r) in at])


def line_blocked(board: Board, a: str, b: str, blocks: Callable[[str], bool], *, mode: str = "any") -> bool:
    """Does something block the line from ``a`` to ``b``? ``blocks(cell)`` is asked for the hexes
    strictly between the ends. Where the line runs along a hexside the two nudged lines differ:
    mode "any" blocks if either side is blocked (strict), "both" only if both are (lenient).
    A line across maps is always blocked."""
    pair = board.line_pair(a, b)
    if pair is None:
        return True
    if mode not in ("any", "both"):
        raise ValueError(f"mode must be 'any' or 'both', not {mode!r}")
    hits = [any(blocks(c) for c in line if c != a and c != b) for line in pair]
    return (hits[0] or hits[1]) if mode == "any" else (hits[0] and hits[1])


# -- building a board from scenario JSON --------------------------------------------------------

def _need(cond: bool, file: str, path: str, message: str) -> None:
    if not cond:
        raise ScenarioError(file, path, message)


#: fields a map (or a single-map board) may hold, laid out on its own labels
_LAYOUT = ("terrain_matrix", "terrain", "hexsides", "walls", "roads", "places", "areas", "names")


class _Builder:
    """Collects cells and adjacencies map by map, then board-wide parts, checking as it goes."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.cells: dict[str, dict[str, Any]] = {}
        self.adjacency: dict[frozenset[str], dict[str, Any]] = {}
        self.walls: list[tuple[str, str]] = []
        self.places: dict[str, set[str]] = {}
        self.matrix_terrain: set[str] = set()

    def fail(self, path: str, message: str) -> None:
        raise ScenarioError(self.file, path, message)

    def add_grid(self, grid: dict[str, Any], path: str, map_id: Optional[str], offset: tuple[float, float],
                 holes: Iterable[str] = ()) -> None:
        """Cells and plain adjacency of one grid (labels prefixed by ``<map id>:`` on a multi-map board)."""
        prefix = f"{map_id}:" if map_id is not None else ""
        if grid["kind"] == "hex":
            every = {hexgrid.label(c, r) for c in range(1, grid["columns"] + 1) for r in range(1, grid["rows"] + 1)}
        else:
            every = {squaregrid.label(f, col, r) for f in grid["floors"] for col in grid["columns"]
                     for r in range(1, grid["rows"] + 1)}
        for i, lab in enumerate(grid.get("missing", [])):
            if lab not in every:  # the renderer draws missing positions: each must be one of the grid's
                self.fail(f"{path}.missing[{i}]", f"{quote(lab)} is not a position of this grid")
        missing = set(grid.get("missing", [])) | set(holes)
        ox, oy = offset
        mine: dict[str, dict[str, Any]] = {}
        if grid["kind"] == "hex":
            cols, rows = grid["columns"], grid["rows"]
            for c in range(1, cols + 1):
                for r in range(1, rows + 1):
                    local = hexgrid.label(c, r)
                    if local in missing:
                        continue
                    x, y = hexgrid.center(c, r)
                    lab = prefix + local
                    mine[lab] = {"label": lab, "kind": "hex", "x": x + ox, "y": y + oy, "col": c, "row": r,
                                 "map": map_id}
            for lab, cell in mine.items():
                for nc, nr in hexgrid.neighbors(cell["col"], cell["row"]):
                    other = prefix + hexgrid.label(nc, nr) if 1 <= nc <= cols and 1 <= nr <= rows else None
                    if other in mine:
                        self.adjacency.setdefault(frozenset((lab, other)), {"features": set(), "cost": None})
        elif grid["kind"] == "square":
            columns, rows, floors = grid["columns"], grid["rows"], grid["floors"]
            for floor in floors:
                for ci, col in enumerate(columns):
                    for r in range(1, rows + 1):
                        local = squaregrid.label(floor, col, r)
                        if local in missing:
                            continue
                        x, y = squaregrid.center(grid, local)
                        lab = prefix + local
                        mine[lab] = {"label": lab, "kind": "square", "x": x + ox, "y": y + oy, "col": ci + 1,
                                     "row": r, "floor": floor, "map": map_id, "local": local}
            for lab, cell in mine.items():
                for other in squaregrid.neighbors(cell["floor"], cell["local"][1], cell["row"], columns, rows):
                    if prefix + other in mine:
                        self.adjacency.setdefault(frozenset((lab, prefix + other)), {"features": set(), "cost": None})
        else:  # pragma: no cover - the schema allows only the kinds above
            self.fail(f"{path}.kind", f"unknown grid kind {grid['kind']!r}")
        for cell in mine.values():
            cell.pop("local", None)
        self.cells.update(mine)

    def resolver(self, map_id: Optional[str], what: str) -> Callable[[str, str], str]:
        """label (as written in this part of the file) -> board label, failing with the path."""
        prefix = f"{map_id}:" if map_id is not None else ""

        def resolve(lab: str, p: str) -> str:
            full = prefix + lab
            if full not in self.cells:
                self.fail(p, f"{lab!r} is not a cell of {what}")
            return full
        return resolve

    def pair(self, pair: list[str], p: str, resolve: Callable[[str, str], str]) -> frozenset[str]:
        a, b = resolve(pair[0], f"{p}[0]"), resolve(pair[1], f"{p}[1]")
        key = frozenset((a, b))
        _need(len(key) == 2 and key in self.adjacency, self.file, p, f"{pair[0]} and {pair[1]} are not neighbours")
        return key

    def layout(self, spec: dict[str, Any], path: str, resolve: Callable[[str, str], str]) -> None:
        """Terrain, hexsides, walls, roads, places, areas and names of one map (or a one-map board)."""
        cells = self.cells
        for terrain, labels in spec.get("terrain", {}).items():
            for i, lab in enumerate(labels):
                p = f"{path}.terrain.{terrain}[{i}]"
                full = resolve(lab, p)
                # a terrain list may correct the matrix, but two lists may not disagree
                _need("terrain" not in cells[full] or full in self.matrix_terrain, self.file, p,
                      f"{lab} already has terrain {cells[full].get('terrain')!r}")
                self.matrix_terrain.discard(full)
                cells[full]["terrain"] = terrain
        for feature, pairs in spec.get("hexsides", {}).items():
            for i, pair in enumerate(pairs):
                p = f"{path}.hexsides.{feature}[{i}]"
                key = self.pair(pair, p, resolve)
                _need(feature not in self.adjacency[key]["features"], self.file, p,
                      f"duplicate {feature} hexside {pair}")
                self.adjacency[key]["features"].add(feature)
        for i, pair in enumerate(spec.get("walls", [])):
            p = f"{path}.walls[{i}]"
            key = self.pair(pair, p, resolve)
            del self.adjacency[key]
            self.walls.append((resolve(pair[0], p), resolve(pair[1], p)))

    def roads(self, roads: list[list[str]], path: str, resolve: Callable[[str, str], str]) -> None:
        """Each road is a chain of neighbouring cells: every step gets the feature "road" (a step across
        a river hexside is then a bridge), every cell the place "road"."""
        if not roads:
            return
        on_road = self.places.setdefault(ROAD, set())
        for i, chain in enumerate(roads):
            p = f"{path}.roads[{i}]"
            _need(len(chain) >= 2, self.file, p, "a road needs at least two cells")
            prev: Optional[str] = None
            for j, lab in enumerate(chain):
                full = resolve(lab, f"{p}[{j}]")
                on_road.add(full)
                if prev is not None:
                    key = frozenset((prev, full))
                    _need(len(key) == 2 and key in self.adjacency, self.file, f"{p}[{j}]",
                          f"{lab} does not neighbour the road's previous cell {chain[j - 1]}")
                    self.adjacency[key]["features"].add(ROAD)
                prev = full

    def named(self, spec: dict[str, Any], path: str, resolve: Callable[[str, str], str]) -> None:
        cells = self.cells
        for name, labels in spec.get("places", {}).items():
            target = self.places.setdefault(name, set())
            for i, lab in enumerate(labels):
                target.add(resolve(lab, f"{path}.places.{name}[{i}]"))
        for name, labels in spec.get("areas", {}).items():
            for i, lab in enumerate(labels):
                p = f"{path}.areas.{name}[{i}]"
                full = resolve(lab, p)
                _need("area" not in cells[full], self.file, p, f"{lab} is already in area {cells[full].get('area')!r}")
                cells[full]["area"] = name
        for lab, name in spec.get("names", {}).items():
            cells[resolve(lab, f"{path}.names.{lab}")]["name"] = name


def _matrix(grid: dict[str, Any], spec: dict[str, Any], file: str, path: str) -> dict[str, Optional[str]]:
    """{local label: terrain or None (no such hex)} from a typed-in terrain matrix."""
    _need(grid["kind"] == "hex", file, path, "a terrain matrix needs a hex grid")
    by, legend, lines = spec["by"], spec["legend"], spec["lines"]
    if spec.get("descending", False):
        lines = list(reversed(lines))
    outer, inner = (grid["columns"], grid["rows"]) if by == "column" else (grid["rows"], grid["columns"])
    _need(len(lines) == outer, file, f"{path}.lines",
          f"expected {outer} lines (one per {by} of the grid), found {len(lines)}")
    out: dict[str, Optional[str]] = {}
    for i, line in enumerate(lines):
        at = len(lines) - 1 - i if spec.get("descending", False) else i
        p = f"{path}.lines[{at}]"
        _need(len(line) == inner, file, p, f"expected {inner} characters, found {len(line)}")
        for j, ch in enumerate(line):
            _need(ch in legend, file, p, f"character {ch!r} at position {j + 1} is not in the legend")
            col, row = (i + 1, j + 1) if by == "column" else (j + 1, i + 1)
            out[hexgrid.label(col, row)] = legend[ch]
    return out


def build_board(spec: dict[str, Any], file: str = "<scenario>", path: str = "$.board") -> Board:
    """Build a Board from the scenario's ``board`` object (already checked against the schema).

    Raises ScenarioError naming the JSON path of anything that does not fit the grid: an unknown
    cell label, a hexside between cells that are not neighbours, a duplicate connection.
    """
    b = _Builder(file)
    maps: list[MapInfo] = []
    if "maps" in spec:
        _need("grid" not in spec, file, f"{path}.grid", "a board has either one grid or a list of maps, not both")
        for name in _LAYOUT:
            if name not in ("places", "areas", "names", "roads") and name in spec:
                b.fail(f"{path}.{name}", f"on a board of several maps, {name} belongs in each map")
        seen: set[str] = set()
        parts: list[tuple[dict[str, Any], str, Callable[[str, str], str]]] = []
        for i, m in enumerate(spec["maps"]):
            p = f"{path}.maps[{i}]"
            _need(m["id"] not in seen, file, f"{p}.id", f"duplicate map id {m['id']!r}")
            seen.add(m["id"])
            offset = (float(m.get("offset", [0, 0])[0]), float(m.get("offset", [0, 0])[1]))
            terrain = _matrix(m["grid"], m["terrain_matrix"], file, f"{p}.terrain_matrix") \
                if "terrain_matrix" in m else {}
            holes = [lab for lab, t in terrain.items() if t is None]
            b.add_grid(m["grid"], f"{p}.grid", m["id"], offset, holes)
            for lab, t in terrain.items():
                if t is not None and f"{m['id']}:{lab}" in b.cells:
                    b.cells[f"{m['id']}:{lab}"]["terrain"] = t
                    b.matrix_terrain.add(f"{m['id']}:{lab}")
            for lab, c in b.cells.items():
                if c.get("map") == m["id"] and "terrain" not in c and "default_terrain" in m:
                    c["default"] = m["default_terrain"]
            maps.append(MapInfo(m["id"], m.get("name"), dict(m["grid"]), offset))
            parts.append((m, p, b.resolver(m["id"], f"map {m['id']}")))
        for m, p, resolve in parts:
            b.layout(m, p, resolve)
            b.roads(m.get("roads", []), p, resolve)
            b.named(m, p, resolve)
        kinds = {m.grid["kind"] for m in maps}
        grid: dict[str, Any] = {"kind": kinds.pop() if len(kinds) == 1 else "mixed", "maps": [m.id for m in maps]}
        board_part: Callable[[str, str], str] = b.resolver(None, "this board")
    else:
        grid = spec["grid"]
        terrain = _matrix(grid, spec["terrain_matrix"], file, f"{path}.terrain_matrix") \
            if "terrain_matrix" in spec else {}
        b.add_grid(grid, f"{path}.grid", None, (0.0, 0.0), [lab for lab, t in terrain.items() if t is None])
        for lab, t in terrain.items():
            if t is not None and lab in b.cells:
                b.cells[lab]["terrain"] = t
                b.matrix_terrain.add(lab)
        board_part = b.resolver(None, "this board")

    cells = b.cells
    for i, box in enumerate(spec.get("boxes", [])):
        p = f"{path}.boxes[{i}]"
        _need(box["id"] not in cells, file, p + ".id", f"box id {box['id']!r} clashes with a cell label")
        cells[box["id"]] = {"label": box["id"], "kind": "box", "x": box.get("x", -2.0), "y": box.get("y", 0.0),
                            "name": box.get("name", box["id"]), "w": box.get("w", 2.4), "h": box.get("h", 1.0)}

    if "maps" not in spec:
        b.layout(spec, path, board_part)

    for i, conn in enumerate(spec.get("connections", [])):
        p = f"{path}.connections[{i}]"
        a, bb = board_part(conn["a"], p + ".a"), board_part(conn["b"], p + ".b")
        key = frozenset((a, bb))
        _need(len(key) == 2, file, p, "a connection needs two different cells")
        entry = b.adjacency.setdefault(key, {"features": set(), "cost": None})
        entry["features"].add(conn["kind"])
        if "cost" in conn:
            entry["cost"] = conn["cost"]

    b.roads(spec.get("roads", []), path, board_part)
    b.named(spec, path, board_part)

    default = spec.get("default_terrain", "clear")
    in_places: dict[str, set[str]] = {}
    for name, labels in b.places.items():
        for lab in labels:
            in_places.setdefault(lab, set()).add(name)
    built = {
        lab: Cell(label=lab, kind=c["kind"], x=c["x"], y=c["y"], terrain=c.get("terrain", c.get("default", default)),
                  col=c.get("col", 0), row=c.get("row", 0), floor=c.get("floor"), area=c.get("area"),
                  name=c.get("name"), places=frozenset(in_places.get(lab, ())), map=c.get("map"),
                  w=float(c.get("w", 2.4)), h=float(c.get("h", 1.0)))
        for lab, c in cells.items()
    }
    order = {lab: i for i, lab in enumerate(cells)}
    conns = {}
    for key, entry in b.adjacency.items():
        a, bb = sorted(key, key=order.__getitem__)
        conns[key] = Connection(a, bb, frozenset(entry["features"]), entry["cost"])
    places = {name: frozenset(labels) for name, labels in b.places.items()}
    return Board(grid=dict(grid), cells=built, connections=conns, walls=tuple(b.walls), places=places,
                 maps=tuple(maps))
