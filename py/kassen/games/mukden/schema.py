"""JSON Schemas of a Mukden state and view: strict enough that a tampered link of the right
shape cannot crash validate() or render_svg()."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import rng
from ...engine.rules import add_view_keys
from .data import SIDES

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

PHASES = ("allot", "move", "attack", "attacker-call", "defender-call", "attacker-die", "defender-die",
          "attacker-retreat", "defender-retreat", "advance", "end-turn", "over")
ENDINGS = ("time", "withdrawal", "supply", "annihilation", "stalemate")
#: the combat record's keys; before 2026-11 they were abbreviated (OLD_COMBAT_KEYS), see upgrade()
COMBAT_KEYS = ("attacker", "defender", "attacker_at", "defender_at", "attacker_call", "defender_call", "modified_call",
               "attacker_bonus", "defender_bonus", "attacker_die", "defender_die", "attacker_loss", "defender_loss",
               "attacker_retreated", "defender_retreated")
OLD_COMBAT_KEYS = ("attacker", "defender", "a_at", "d_at", "acall", "dcall", "attack", "abonus", "dbonus", "adie",
                   "ddie", "aloss", "dloss", "aretreat", "dretreat")
COMBAT_PHASES = ("attacker-call", "defender-call", "attacker-die", "defender-die", "attacker-retreat",
                 "defender-retreat", "advance")


def _small_int(lo: int, hi: int, nullable: bool = False) -> dict[str, Any]:
    return {"type": ["integer", "null"] if nullable else "integer", "minimum": lo, "maximum": hi}


def state_schema(g: "Rules", view: bool = False) -> dict[str, Any]:
    """The schema of a state (view=False) or of a view (secrets may be null; viewer keys added)."""
    m, scenario_id = g.map, g.scenario.id
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
        "required": list(COMBAT_KEYS),
        "additionalProperties": False,
        "properties": {
            "attacker": {"enum": uids}, "defender": {"enum": uids},
            "attacker_at": {"enum": list(m.hexes)}, "defender_at": {"enum": list(m.hexes)},
            "attacker_call": _small_int(1, top, True), "defender_call": _small_int(1, top, True),
            "modified_call": _small_int(-top, top, True),
            "attacker_bonus": _small_int(0, 6, True), "defender_bonus": _small_int(0, 6, True),
            "attacker_die": _small_int(1, 6, True), "defender_die": _small_int(1, 6, True),
            "attacker_loss": _small_int(0, 2, True), "defender_loss": _small_int(0, 2, True),
            "attacker_retreated": {"type": "boolean"}, "defender_retreated": {"type": "boolean"},
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
        # GameRules.revision (1 since ruling X8) and the player turns since the last combat
        # (ruling X8); both absent in a game begun before
        "revision": _small_int(1, 1),
        "quiet": _small_int(0, m.quiet_turns_limit),
        "waits": _small_int(0, len(m.detour_steps) - 1),
        "chosen": {"enum": uids + [None]},
        "combat": combat,
        "ended": {"enum": list(ENDINGS) + [None]},
        "allotment": per_side(1),
        "fp": per_side(0),
    }
    required = ["game", "scenario", "rng", "turn", "options", "units", "phase", "active", "time", "waits",
                "chosen", "combat", "ended", "allotment", "fp"]
    if view:
        add_view_keys(props, required, list(SIDES), list(ENDINGS) + [None])
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}


def upgrade(data: Any) -> Any:
    """A state or view in today's format, from any released format (links and saves live forever).

    The first release (2026-10) named the allotment ``alloc`` and abbreviated the combat record's
    keys (``a_at``, ``dcall``...); anything else is returned as it is, for the checks to judge.
    """
    if not isinstance(data, dict) or "alloc" not in data or "allotment" in data:
        return data
    out = dict(data)
    out["allotment"] = out.pop("alloc")
    fight = out.get("combat")
    if isinstance(fight, dict) and set(fight) == set(OLD_COMBAT_KEYS):
        out["combat"] = {new: fight[old] for old, new in zip(OLD_COMBAT_KEYS, COMBAT_KEYS)}
    return out
