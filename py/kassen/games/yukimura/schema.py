"""JSON Schemas of a Yukimura state and view (strict enough that a tampered link of the right shape
cannot crash validate() or render_svg()), the compact form of links, and upgrade()."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import rng
from ...engine.rules import add_view_keys
from ...engine.compact import pack_units, unpack_units

if TYPE_CHECKING:  # pragma: no cover
    from .data import YukimuraData
    from .rules import Rules

PHASES = ("staging", "move", "release-roll", "hideyori-roll", "defensive-fire", "fire", "h2h", "declare", "dice",
          "check", "retreat", "double", "advance", "over")
SEGMENTS = ("move", "defensive-fire", "fire", "h2h", "over")
RESULTS = ("removed", "retreat")
ENDINGS = ("collapse", "breakthrough", "superior", "ishikawa", "komatsuyama")


def _int(lo: int, hi: int, nullable: bool = False) -> dict[str, Any]:
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": lo, "maximum": hi}


def state_schema(g: "Rules", view: bool = False) -> dict[str, Any]:
    d, scenario_id = g.d, g.scenario.id
    uids = list(d.units)
    cells = list(d.board.cells)
    hexes = list(d.hexes)
    sides = list(d.sides)
    forces = sorted(d.forces)
    ulist = {"type": "array", "items": {"enum": uids}, "uniqueItems": True, "maxItems": len(uids)}
    hlist = {"type": "array", "items": {"enum": hexes}, "maxItems": 40}
    # ruling X1: the hexes each unit has stood in by extra hexes of 11-2-5 (absent before its first)
    been = {"type": "object", "propertyNames": {"enum": uids}, "additionalProperties": hlist}
    item = {"type": ["object", "null"], "required": ["unit", "plus", "chain", "sources"], "additionalProperties": False,
            "properties": {"unit": {"enum": uids}, "plus": _int(0, 9), "chain": {"type": "boolean"},
                           "sources": {"type": "array", "items": {"enum": hexes}, "maxItems": 7}}}
    record = {
        "type": ["object", "null"],
        "required": ["kind", "side", "units", "froms", "target", "at", "dice", "code", "queue", "path", "result"],
        "additionalProperties": False,
        "properties": {
            "kind": {"enum": ["fire", "h2h"]}, "side": {"enum": sides},
            "units": {"type": "array", "items": {"enum": uids}, "minItems": 1, "maxItems": 6, "uniqueItems": True},
            "froms": {"type": "array", "items": {"enum": hexes}, "minItems": 1, "maxItems": 6},
            "target": {"enum": uids}, "at": {"enum": hexes},
            "dice": {"type": "array", "items": _int(1, 6), "maxItems": 2},
            "code": {"type": ["string", "null"], "maxLength": 4},
            "queue": {"type": "array", "items": item, "maxItems": 8},
            "path": hlist, "result": {"enum": list(RESULTS) + [None]},
            "chain_from": {"type": "array", "items": {"enum": hexes}, "maxItems": 7},
        },
    }
    last = {"type": ["object", "null"], "required": ["kind", "units", "target", "at", "dice", "code", "result"],
            "additionalProperties": False,
            "properties": {"kind": {"enum": ["fire", "h2h"]}, "units": {"type": "array", "items": {"enum": uids},
                                                                     "maxItems": 6},
                           "target": {"enum": uids}, "at": {"enum": hexes},
                           "dice": {"type": "array", "items": _int(1, 6), "maxItems": 2},
                           "code": {"type": ["string", "null"], "maxLength": 4},
                           "result": {"enum": list(RESULTS) + [None]}}}
    props: dict[str, Any] = {
        "game": {"const": "yukimura"},
        "scenario": {"const": scenario_id},
        "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
        "turn": _int(1, d.turns),
        # GameRules.revision: 1 since ruling X1, 2 since Yao's key leaders were tuned, 3 since ruling X2;
        # absent in earlier games
        "revision": _int(1, 3),
        "options": {"type": "object", "additionalProperties": False,
                    "properties": {"command_range": {"type": "boolean"}, "mori_literal": {"type": "boolean"}}},
        "units": {"type": "object", "required": uids, "additionalProperties": False,
                  "properties": {u: {"type": "object", "required": ["at"], "additionalProperties": False,
                                     "properties": {"at": {"enum": cells + [None]}}} for u in uids}},
        "phase": {"enum": list(PHASES)},
        "segment": {"enum": list(SEGMENTS)},
        "active": {"enum": sides},
        "done": ulist, "fired": ulist, "attacked": ulist, "targets": ulist,
        "combat": record, "last": last, "check": item,
        "retreat": {"type": ["object", "null"], "required": ["unit", "path", "left", "sources", "chain", "extra"],
                    "additionalProperties": False,
                    "properties": {"unit": {"enum": uids}, "path": {**hlist, "minItems": 1},
                                   "left": _int(1, 6), "sources": {"type": "array", "items": {"enum": hexes},
                                                                   "maxItems": 7},
                                   "chain": {"type": "boolean"}, "extra": {"type": "boolean"}, "been": been}},
        "double": {"type": ["object", "null"], "required": ["at", "units", "sources"], "additionalProperties": False,
                   "properties": {"at": {"enum": hexes},
                                  "units": {"type": "array", "items": {"enum": uids}, "minItems": 2, "maxItems": 2},
                                  "sources": {"type": "array", "items": {"enum": hexes}, "maxItems": 7},
                                  "been": been}},
        "advance": {"type": ["object", "null"], "required": ["mode", "moved"], "additionalProperties": False,
                    "properties": {"mode": {"enum": ["fire", "path", "free"]},
                                   "moved": {"type": "array", "items": {"enum": uids}, "maxItems": 6}}},
        "markers": ulist, "retreated": ulist, "chained": ulist,
        "pending": {"type": "array", "items": {"enum": ["hideyori-roll"] + [f"release-roll:{f}" for f in forces]},
                    "maxItems": 8},
        "released": {"type": "array", "items": {"enum": forces}, "uniqueItems": True},
        "west": {"type": "boolean"},
        "holder": {"enum": sides + [None]},
        "hideyori": {"type": ["object", "null"], "required": ["at", "released"], "additionalProperties": False,
                     "properties": {"at": {"enum": hexes}, "released": {"type": "boolean"}}},
        "ended": {"type": ["object", "null"], "required": ["how", "winner"], "additionalProperties": False,
                  "properties": {"how": {"enum": list(ENDINGS)}, "winner": {"enum": sides + [None]},
                                 "unit": {"enum": uids}}},
    }
    required = [k for k in props if k != "revision"]
    if view:
        add_view_keys(props, required, sides, list(ENDINGS) + ["draw"])
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}


def pack(g: "Rules", obj: dict[str, Any]) -> Any:
    """The compact form for links: the units as one list in scenario order (``"u"``, engine.compact),
    0 for a unit on its printed start hex (most of them, most of the time), else its cell or null."""
    return pack_units(obj, list(g.d.units), _starts(g.d, obj))


def unpack(g: "Rules", data: Any) -> dict[str, Any]:
    return unpack_units(data, list(g.d.units), _starts(g.d, data))


def _starts(d: "YukimuraData", data: Any) -> dict[str, Any]:
    """The printed start hexes of the rules revision ``data`` (a state, a view or its compact form)
    was begun under: a link keeps the set-up its game began with (rules.before_revision)."""
    revision = data.get("revision", 0) if isinstance(data, dict) else 0
    if not isinstance(revision, int) or isinstance(revision, bool):
        revision = 0  # not a revision: the schema refuses the position after unpacking
    return {uid: d.unit_of(uid, revision).start for uid in d.units}


def upgrade(data: Any) -> Any:
    """A state or view in today's format (the first release: nothing to change)."""
    return data
