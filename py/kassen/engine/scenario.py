"""Scenario files: JSON -> Scenario (board, sides, units, rule parameters), checked on load.

A scenario is data, never code. Every file is checked against scenarios/schema/scenario.schema.json
and, when it exists, its game's schema scenarios/schema/<game>.schema.json; then the board is
built and cross-references are checked. Every error names the file, the JSON path and what was
expected, so a player correcting a reconstructed map by hand can find the mistake.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from .board import Board, build_board
from . import jsontext
from .errors import ScenarioError, quote
from .schema import SchemaViolation, Validator

SCHEMA_DIR_NAME = "schema"


@dataclass
class Scenario:
    """A loaded, checked scenario. Immutable by convention: rules never write to it."""

    id: str
    game: str
    title: str
    file: str
    data: dict[str, Any]
    board: Board
    sides: tuple[str, ...]
    side_info: dict[str, dict[str, Any]]
    units: dict[str, dict[str, Any]]
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def provenance(self) -> dict[str, Any]:
        return self.data.get("provenance", {})

    def side_name(self, side: str) -> str:
        return self.side_info.get(side, {}).get("name", side)

    def units_of(self, side: str) -> list[str]:
        return [uid for uid, u in self.units.items() if u["side"] == side]


_validators: dict[str, Validator] = {}


def _validator(schema_dir: Path, name: str) -> Validator | None:
    path = schema_dir / f"{name}.schema.json"
    key = str(path)
    if key not in _validators:
        if not path.exists():
            return None
        _validators[key] = Validator.from_file(path)
    return _validators[key]


def parse_scenario(data: Any, file: str, schema_dir: Path | None = None) -> Scenario:
    """Check decoded JSON and build the Scenario; raises ScenarioError."""
    schema_dir = schema_dir or paths.SCENARIOS_DIR / SCHEMA_DIR_NAME
    try:
        jsontext.check(data)  # NaN, Infinity, huge numbers, lone surrogates: at their JSON path
    except jsontext.BadJSON as exc:
        raise ScenarioError(file, exc.path, exc.reason) from None
    common = _validator(schema_dir, "scenario")
    try:
        if common is not None:
            common.validate(data)
        game_schema = _validator(schema_dir, data["game"]) if isinstance(data, dict) and "game" in data else None
        if game_schema is not None:
            game_schema.validate(data)
    except SchemaViolation as exc:
        raise ScenarioError(file, exc.path, exc.message) from None
    if not isinstance(data, dict):
        raise ScenarioError(file, "$", "expected a JSON object")

    board = build_board(data["board"], file, "$.board")
    sides = tuple(s["id"] for s in data["sides"])
    side_info = {s["id"]: s for s in data["sides"]}
    if len(set(sides)) != len(sides):
        raise ScenarioError(file, "$.sides", "side ids must be different")
    units: dict[str, dict[str, Any]] = {}
    for i, unit in enumerate(data["units"]):
        p = f"$.units[{i}]"
        if unit["id"] in units:
            raise ScenarioError(file, p + ".id", f"duplicate unit id {quote(unit['id'])}")
        if unit["side"] not in side_info:
            raise ScenarioError(file, p + ".side", f"expected one of {', '.join(sides)}, found {quote(unit['side'])}")
        start = unit.get("start")
        if start is not None and start not in board.cells:
            raise ScenarioError(file, p + ".start", f"{quote(start)} is not a cell of this board")
        units[unit["id"]] = unit
    return Scenario(id=data["id"], game=data["game"], title=data["title"], file=file, data=data, board=board,
                    sides=sides, side_info=side_info, units=units, params=data.get("rules", {}))


def load_scenario_file(path: Path, schema_dir: Path | None = None) -> Scenario:
    """Read and check one scenario file."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(name, "$", f"cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ScenarioError(name, "$", "the file is not UTF-8 text") from None
    try:
        data = jsontext.loads(text)
    except jsontext.BadJSON as exc:
        raise ScenarioError(name, exc.path, exc.reason) from None
    scenario = parse_scenario(data, name, schema_dir)
    # links and saves name a scenario by its id and the page finds it by file name: they must agree
    if scenario.id != path.stem:
        raise ScenarioError(name, "$.id", f"the id {quote(scenario.id)} differs from the file name "
                                          f"{quote(path.name)}: they must be the same")
    if path.parent.name != scenario.game:
        raise ScenarioError(name, "$.game", f"the game {quote(scenario.game)} differs from the folder the file is "
                                            f"in ({quote(path.parent.name)})")
    return scenario


def scenario_files(root: Path | None = None) -> dict[str, Path]:
    """{scenario id: file}, from scenarios/<game>/<id>.json."""
    root = root or paths.SCENARIOS_DIR
    found: dict[str, Path] = {}
    for path in sorted(root.glob("*/*.json")):
        if path.parent.name != SCHEMA_DIR_NAME:
            found[path.stem] = path
    return found


_cache: dict[str, Scenario] = {}


def load_scenario(scenario_id: str) -> Scenario:
    """Load a scenario by id (cached: scenarios are read-only)."""
    if scenario_id not in _cache:
        files = scenario_files()
        if scenario_id not in files:
            known = ", ".join(sorted(files)) or "none"
            raise ScenarioError(scenario_id, "$", f"no such scenario (known: {known})")
        _cache[scenario_id] = load_scenario_file(files[scenario_id])
    return _cache[scenario_id]
