"""JSON Schemas of a Mukden state and view: strict enough that a tampered link of the right
shape cannot crash validate() or render_svg()."""
from __future__ import annotations

from typing import Any

from ...engine import rng
from .mapdata import SIDES, MukdenMap

PHASES = ("allot", "move", "attack", "attacker-call", "defender-call", "attacker-die", "defender-die",
          "attacker-retreat", "defender-retreat", "advance", "end-turn", "over")
ENDINGS = ("time", "withdrawal", "supply", "annihilation")
COMBAT_PHASES = ("attacker-call", "defender-call", "attacker-die", "defender-die", "attacker-retreat",
                 "defender-retreat", "advance")


def _small_int(lo: int, hi: int, nullable: bool = False) -> dict[str, Any]:
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": lo, "maximum": hi}


def state_schema(m: MukdenMap, scenario_id: str, view: bool = False) -> dict[str, Any]:
    """The schema of a state (view=False) or of a view (secrets may be null; viewer keys added)."""
    cells = list(m.hexes) + [m.reserve_box, m.withdrawn_box]
    uids = [u for side in SIDES for u in m.units_of[side]]
    top = max(m.fp_total.values())
    unit = {"type": "object", "required": ["at"], "additionalProperties": False,
            "properties": {"at": {"enum": cells + [None]}}}

    def per_side(lo: int) -> dict[str, Any]:
        props = {}
        for side in SIDES:
            props[side] = {"type": ["object", "null"] if view else "object",
                           "propertyNames": {"enum": list(m.units_of[side])},
                           "additionalProperties": _small_int(lo, top)}
        return {"type": "object", "required": list(SIDES), "additionalProperties": False, "properties": props}

    combat = {
        "type": ["object", "null"],
        "required": ["attacker", "defender", "a_at", "d_at", "acall", "dcall", "attack", "abonus", "dbonus",
                     "adie", "ddie", "aloss", "dloss", "aretreat", "dretreat"],
        "additionalProperties": False,
        "properties": {
            "attacker": {"enum": uids}, "defender": {"enum": uids},
            "a_at": {"enum": list(m.hexes)}, "d_at": {"enum": list(m.hexes)},
            "acall": _small_int(1, top, True), "dcall": _small_int(1, top, True),
            "attack": _small_int(-top, top, True),
            "abonus": _small_int(0, 6, True), "dbonus": _small_int(0, 6, True),
            "adie": _small_int(1, 6, True), "ddie": _small_int(1, 6, True),
            "aloss": _small_int(0, 2, True), "dloss": _small_int(0, 2, True),
            "aretreat": {"type": "boolean"}, "dretreat": {"type": "boolean"},
        },
    }
    props: dict[str, Any] = {
        "game": {"const": "mukden"},
        "scenario": {"const": scenario_id},
        "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
        "turn": _small_int(1, 100000),
        "options": {"type": "object", "additionalProperties": False,
                    "properties": {"modified_fp_floor": _small_int(-10, 0, True)}},
        "units": {"type": "object", "required": uids, "additionalProperties": False,
                  "properties": {u: unit for u in uids}},
        "phase": {"enum": list(PHASES)},
        "active": {"enum": list(SIDES)},
        "time": _small_int(0, m.time_limit + 1),
        "waits": _small_int(0, len(m.detour_steps) - 1),
        "chosen": {"enum": uids + [None]},
        "combat": combat,
        "ended": {"enum": list(ENDINGS) + [None]},
        "alloc": per_side(1),
        "fp": per_side(0),
    }
    required = ["game", "scenario", "rng", "turn", "options", "units", "phase", "active", "time", "waits",
                "chosen", "combat", "ended", "alloc", "fp"]
    if view:
        del props["rng"]
        required.remove("rng")
        props["viewer"] = {"enum": list(SIDES) + [None]}
        props["to_move"] = {"enum": list(SIDES) + ["chance", "terminal"]}
        props["outcome"] = {
            "type": ["object", "null"], "required": ["winner", "level", "reason", "scores"],
            "additionalProperties": False,
            "properties": {"winner": {"enum": list(SIDES) + [None]}, "level": {"enum": list(ENDINGS) + [None]},
                           "reason": {"type": "string", "maxLength": 400},
                           "scores": {"type": "object", "additionalProperties": {"type": "number"}}}}
        required += ["viewer", "to_move", "outcome"]
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}
