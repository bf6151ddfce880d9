"""JSON Schema of an Ikedaya state: strict enough that a tampered link of the right types cannot
crash ``validate`` or the renderer (every id and cell is an enum, every list is bounded)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import rng
from ...engine.rules import view_of_state_schema

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

STEP_KINDS = ["okita", "order", "target", "combat", "jump", "loss", "retreat"]


def state_schema(rules: "Rules", view: bool = False) -> dict[str, Any]:
    """The schema of a state, or of a view (nothing is hidden: the state's, less the RNG)."""
    if view:
        return view_of_state_schema(rules.state_schema())
    data = rules.data
    ids = list(data.unit_order)
    cells = list(rules.board.cells)
    sides = list(rules.sides)
    n = len(ids)
    id_list = {"type": "array", "items": {"enum": ids}, "maxItems": n, "uniqueItems": True}
    cell = {"enum": cells}
    unit = {"type": "object", "required": ["at", "spent"], "additionalProperties": False,
            "properties": {"at": {"enum": cells + [None]}, "spent": {"type": "boolean"}}}
    rolls = {"type": "array", "maxItems": 2 * n, "items": {"type": "integer", "minimum": 1, "maximum": data.die}}
    step = {
        "type": ["object", "null"], "required": ["kind", "group"], "additionalProperties": False,
        "properties": {
            "kind": {"enum": STEP_KINDS},
            "group": id_list,
            "at": cell,
            "to": cell,
            "target": cell,
            "defenders": id_list,
            "dice": {"type": "array", "minItems": 2, "maxItems": 2,
                     "items": {"type": "integer", "minimum": 1, "maximum": 2 * n}},
            "rolls": {"type": "array", "minItems": 2, "maxItems": 2, "items": rolls},
            "side": {"enum": sides},
            "units": id_list,
            "winners": id_list,
            "from": cell,
            "left": {"type": "integer", "minimum": 1, "maximum": n},
        },
    }
    return {
        "type": "object",
        "required": ["game", "scenario", "rng", "turn", "options", "units", "phase", "active", "passes", "acted",
                     "quiet", "step"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": rules.game},
            "scenario": {"const": rules.scenario.id},
            "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
            "turn": {"type": "integer", "minimum": 1, "maximum": 1_000_000},
            "options": {"type": "object", "additionalProperties": False,
                        "required": ["shinsengumi_score", "entrance_setup"],
                        "properties": {"shinsengumi_score": {"enum": ["status", "count"]},
                                       "entrance_setup": {"enum": ["exempt", "wait-outside"]}}},
            "units": {"type": "object", "required": ids, "additionalProperties": False,
                      "properties": {uid: unit for uid in ids}},
            "phase": {"enum": ["setup", "action", "over"]},
            "active": {"enum": sides},
            "passes": {"type": "integer", "minimum": 0, "maximum": 1},
            "acted": {"type": "boolean"},
            "quiet": {"type": "integer", "minimum": 0, "maximum": data.quiet_limit or 1_000_000},
            "step": step,
        },
    }
