"""The board as a graph of cells and connections.

Cells are hexes, squares or off-map boxes; connections join two cells and carry features (a
river or fortress hexside, a door, stairs, an arrow) and optionally a movement cost. Everything
is precomputed once per scenario: neighbour tuples and a feature table keyed by the ordered pair,
so rules code never recomputes geometry on a hot path.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import hexgrid, squaregrid
from .errors import ScenarioError


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


@dataclass(frozen=True)
class Connection:
    """An adjacency between two cells, with its features and an optional movement cost."""

    a: str
    b: str
    features: frozenset[str] = frozenset()
    cost: int | None = None


@dataclass
class Board:
    """Static map data. Built once from the scenario; never part of the game state."""

    grid: dict[str, Any]
    cells: dict[str, Cell]
    connections: dict[frozenset[str], Connection]
    walls: tuple[tuple[str, str], ...] = ()
    places: dict[str, frozenset[str]] = field(default_factory=dict)
    neighbors: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _features: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        nbrs: dict[str, list[str]] = {label: [] for label in self.cells}
        for conn in self.connections.values():
            nbrs[conn.a].append(conn.b)
            nbrs[conn.b].append(conn.a)
            self._features[(conn.a, conn.b)] = conn.features
            self._features[(conn.b, conn.a)] = conn.features
        order = {label: i for i, label in enumerate(self.cells)}
        self.neighbors = {k: tuple(sorted(v, key=order.__getitem__)) for k, v in nbrs.items()}

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

    def distance(self, a: str, b: str) -> int:
        """Hex distance (hex boards only)."""
        ca, cb = self.cells[a], self.cells[b]
        return hexgrid.distance((ca.col, ca.row), (cb.col, cb.row))

    def map_cells(self) -> list[Cell]:
        return [c for c in self.cells.values() if c.kind != "box"]


# -- building a board from scenario JSON --------------------------------------------------------

def _need(cond: bool, file: str, path: str, message: str) -> None:
    if not cond:
        raise ScenarioError(file, path, message)


def build_board(spec: dict[str, Any], file: str = "<scenario>", path: str = "$.board") -> Board:
    """Build a Board from the scenario's ``board`` object (already checked against the schema).

    Raises ScenarioError naming the JSON path of anything that does not fit the grid: an unknown
    cell label, a hexside between cells that are not neighbours, a duplicate connection.
    """
    grid = spec["grid"]
    cells: dict[str, dict[str, Any]] = {}
    adjacency: dict[frozenset[str], dict[str, Any]] = {}
    missing = set(grid.get("missing", []))

    if grid["kind"] == "hex":
        cols, rows = grid["columns"], grid["rows"]
        for c in range(1, cols + 1):
            for r in range(1, rows + 1):
                lab = hexgrid.label(c, r)
                if lab in missing:
                    continue
                x, y = hexgrid.center(c, r)
                cells[lab] = {"label": lab, "kind": "hex", "x": x, "y": y, "col": c, "row": r}
        for lab, cell in cells.items():
            for nc, nr in hexgrid.neighbors(cell["col"], cell["row"]):
                other = hexgrid.label(nc, nr) if 1 <= nc <= cols and 1 <= nr <= rows else None
                if other in cells:
                    adjacency.setdefault(frozenset((lab, other)), {"features": set(), "cost": None})
    elif grid["kind"] == "square":
        columns, rows, floors = grid["columns"], grid["rows"], grid["floors"]
        for floor in floors:
            for ci, col in enumerate(columns):
                for r in range(1, rows + 1):
                    lab = squaregrid.label(floor, col, r)
                    if lab in missing:
                        continue
                    x, y = squaregrid.center(grid, lab)
                    cells[lab] = {"label": lab, "kind": "square", "x": x, "y": y, "col": ci + 1, "row": r,
                                  "floor": floor}
        for lab, cell in cells.items():
            for other in squaregrid.neighbors(cell["floor"], lab[1], cell["row"], columns, rows):
                if other in cells:
                    adjacency.setdefault(frozenset((lab, other)), {"features": set(), "cost": None})
    else:  # pragma: no cover - the schema allows only the kinds above
        raise ScenarioError(file, f"{path}.grid.kind", f"unknown grid kind {grid['kind']!r}")

    for i, box in enumerate(spec.get("boxes", [])):
        p = f"{path}.boxes[{i}]"
        _need(box["id"] not in cells, file, p + ".id", f"box id {box['id']!r} clashes with a cell label")
        cells[box["id"]] = {"label": box["id"], "kind": "box", "x": box.get("x", -2.0), "y": box.get("y", 0.0),
                            "name": box.get("name", box["id"])}

    def check_label(lab: str, p: str) -> None:
        _need(lab in cells, file, p, f"{lab!r} is not a cell of this board")

    for terrain, labels in spec.get("terrain", {}).items():
        for i, lab in enumerate(labels):
            check_label(lab, f"{path}.terrain.{terrain}[{i}]")
            _need("terrain" not in cells[lab], file, f"{path}.terrain.{terrain}[{i}]",
                  f"{lab} already has terrain {cells[lab].get('terrain')!r}")
            cells[lab]["terrain"] = terrain

    for feature, pairs in spec.get("hexsides", {}).items():
        for i, pair in enumerate(pairs):
            p = f"{path}.hexsides.{feature}[{i}]"
            for j, lab in enumerate(pair):
                check_label(lab, f"{p}[{j}]")
            key = frozenset(pair)
            _need(len(key) == 2 and key in adjacency, file, p, f"{pair[0]} and {pair[1]} are not neighbours")
            _need(feature not in adjacency[key]["features"], file, p, f"duplicate {feature} hexside {pair}")
            adjacency[key]["features"].add(feature)

    walls: list[tuple[str, str]] = []
    for i, pair in enumerate(spec.get("walls", [])):
        p = f"{path}.walls[{i}]"
        for j, lab in enumerate(pair):
            check_label(lab, f"{p}[{j}]")
        key = frozenset(pair)
        _need(len(key) == 2 and key in adjacency, file, p, f"{pair[0]} and {pair[1]} are not neighbours")
        del adjacency[key]
        walls.append((pair[0], pair[1]))

    for i, conn in enumerate(spec.get("connections", [])):
        p = f"{path}.connections[{i}]"
        check_label(conn["a"], p + ".a")
        check_label(conn["b"], p + ".b")
        key = frozenset((conn["a"], conn["b"]))
        _need(len(key) == 2, file, p, "a connection needs two different cells")
        entry = adjacency.setdefault(key, {"features": set(), "cost": None})
        entry["features"].add(conn["kind"])
        if "cost" in conn:
            entry["cost"] = conn["cost"]

    places: dict[str, frozenset[str]] = {}
    for name, labels in spec.get("places", {}).items():
        for i, lab in enumerate(labels):
            check_label(lab, f"{path}.places.{name}[{i}]")
        places[name] = frozenset(labels)
    for name, labels in spec.get("areas", {}).items():
        for i, lab in enumerate(labels):
            p = f"{path}.areas.{name}[{i}]"
            check_label(lab, p)
            _need("area" not in cells[lab], file, p, f"{lab} is already in area {cells[lab].get('area')!r}")
            cells[lab]["area"] = name
    for lab, name in spec.get("names", {}).items():
        check_label(lab, f"{path}.names.{lab}")
        cells[lab]["name"] = name

    default = spec.get("default_terrain", "clear")
    in_places: dict[str, set[str]] = {}
    for name, labels in places.items():
        for lab in labels:
            in_places.setdefault(lab, set()).add(name)
    built = {
        lab: Cell(label=lab, kind=c["kind"], x=c["x"], y=c["y"], terrain=c.get("terrain", default),
                  col=c.get("col", 0), row=c.get("row", 0), floor=c.get("floor"), area=c.get("area"),
                  name=c.get("name"), places=frozenset(in_places.get(lab, ())))
        for lab, c in cells.items()
    }
    order = {lab: i for i, lab in enumerate(cells)}
    conns = {}
    for key, entry in adjacency.items():
        a, b = sorted(key, key=order.__getitem__)
        conns[key] = Connection(a, b, frozenset(entry["features"]), entry["cost"])
    return Board(grid=dict(grid), cells=built, connections=conns, walls=tuple(walls), places=places)

