"""JSON Schemas of a Bakumatsu state and view (strict enough that a tampered link of the right
shape cannot crash validate() or render_svg()), the compact form of links, and upgrade()."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import rng
from ...engine.rules import add_view_keys
from ...engine.compact import pack_units, unpack_units

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

PHASES = ("setup", "check", "draw", "commander", "takamori", "rm", "entering", "recover", "fire", "fire-support", "fire-dice",
          "melee", "melee-support", "melee-dice", "morale", "retreat", "advance", "over")
SEGMENTS = ("setup", "rm", "fire", "melee", "over")
PENDING = ("check", "draw", "commander", "takamori")
RESULTS = ("none", "disordered", "retreat", "removed", "passed")
COMBAT_PHASES = ("recover", "fire-support", "fire-dice", "melee-support", "melee-dice", "morale", "retreat",
                 "advance")


def _int(lo: int, hi: int, nullable: bool = False) -> dict[str, Any]:
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": lo, "maximum": hi}


def state_schema(g: "Rules", view: bool = False) -> dict[str, Any]:
    """The schema of a state (view=False) or of a view (viewer keys added, no RNG)."""
    d, scenario_id = g.d, g.scenario.id
    uids = list(d.units)
    combat_ids = [u for u in uids if u not in d.all_commanders]
    cells = list(d.board.cells)
    hexes = list(d.hexes)
    sides = list(d.sides)
    unit_list = {"type": "array", "items": {"enum": uids}, "uniqueItems": True, "maxItems": len(uids)}
    record = {
        "type": ["object", "null"],
        "required": ["kind", "unit", "from"],
        "additionalProperties": False,
        "properties": {
            "kind": {"enum": ["fire", "melee", "recover"]},
            "unit": {"enum": combat_ids}, "from": {"enum": hexes},
            "target": {"enum": combat_ids}, "at": {"enum": hexes},
            "support": {"type": "array", "items": {"enum": combat_ids}, "uniqueItems": True, "maxItems": 6},
            "commander": {"enum": sorted(d.all_commanders) + [None]},
            "defender_commander": {"enum": sorted(d.all_commanders) + [None]},
            "dice": {"type": "array", "items": _int(1, 6), "maxItems": 2},
            "code": {"type": ["string", "null"], "maxLength": 8},
            "check": _int(1, 6, True),
            "result": {"enum": list(RESULTS) + [None]},
        },
    }
    props: dict[str, Any] = {
        "game": {"const": "bakumatsu"},
        "scenario": {"const": scenario_id},
        "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
        "turn": _int(1, d.turns),
        "revision": _int(1, 1),  # GameRules.revision: 1 since Akaike moved (Toba-Fushimi); absent before
        "options": {"type": "object", "additionalProperties": False,
                    "properties": {"mountain_top": {"enum": ["dice", "strength"]}}},
        "units": {"type": "object", "required": uids, "additionalProperties": False,
                  "properties": {u: {"type": "object", "required": ["at"], "additionalProperties": False,
                                     "properties": {"at": {"enum": cells + [None]}}} for u in uids}},
        "phase": {"enum": list(PHASES)},
        "segment": {"enum": list(SEGMENTS)},
        "active": {"enum": sides},
        "disordered": unit_list,
        "done": unit_list,
        "pending": {"type": "array", "items": {"enum": list(PENDING)}, "maxItems": 40},
        "owed": {"type": "object", "required": sides, "additionalProperties": False,
                 "properties": {s: _int(0, len(uids)) for s in sides}},
        # keyed by the victory hexes of the game's rules revision (checks.py: exactly those)
        "control": {"type": "object", "minProperties": len(d.victory),
                    "additionalProperties": False,
                    "properties": {h: {"enum": sides + [None]} for h in d.any_victory}},
        "combat": record,
        "last": record,
        "retreat": {"type": ["object", "null"], "required": ["unit", "path"], "additionalProperties": False,
                    "properties": {"unit": {"enum": combat_ids},
                                   "path": {"type": "array", "items": {"enum": hexes}, "minItems": 1,
                                            "maxItems": 40, "uniqueItems": True}}},
        "entering": {"enum": uids + [None]},
        "ended": {"type": ["object", "null"], "required": ["how", "winner"], "additionalProperties": False,
                  "properties": {"how": {"enum": ["entry", "turns"]}, "winner": {"enum": sides + [None]}}},
    }
    required = ["game", "scenario", "rng", "turn", "options", "units", "phase", "segment", "active", "disordered",
                "done", "pending", "owed", "control", "combat", "last", "retreat", "ended", "entering"]
    if view:
        add_view_keys(props, required, sides, ["entry", "victory-hexes", "draw"])
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}


def pack(g: "Rules", obj: dict[str, Any]) -> Any:
    """The compact form of a state or view for links: the units as one list of cells in scenario
    order (``"u"``, engine.compact); everything else as it is."""
    return pack_units(obj, list(g.d.units))


def unpack(g: "Rules", data: Any) -> dict[str, Any]:
    """Inverse of ``pack``; anything malformed is left for the schema to refuse."""
    return unpack_units(data, list(g.d.units))


def upgrade(data: Any) -> Any:
    """A state or view in today's format (the first release: nothing to change)."""
    return data
