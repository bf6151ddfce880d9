"""Strict JSON Schemas of a Kawanakajima state and of a view (links are checked against them).

Every field is typed, closed (``additionalProperties: false``) and bounded, so a tampered link of
the right shape reaches ``validate`` and ``render_svg`` without surprises. A view differs from a
state in three ways: hidden units are keyed by anonymous ids with fewer fields, another side's
hand and pick may be the placeholder "?", and it has ``viewer``, ``to_move`` and ``outcome``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import rng
from .data import CARD_ORDER, SIDES

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

ANON_PATTERN = r"^\?(uesugi|takeda)-[0-9]{1,2}$"
TRUE = {"const": True}


def _obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props) if required is None else required,
            "additionalProperties": False}


def _per_side(item: dict[str, Any]) -> dict[str, Any]:
    return _obj({s: item for s in SIDES})


def state_schema(g: "Rules", view: bool = False) -> dict[str, Any]:
    t = g.t
    cells = sorted(t.map_cells) + [t.night_box]
    unit_ids = list(t.unit_ids)
    unit_ref = {"enum": unit_ids} if not view else {"type": "string", "maxLength": 12,
                                                       "pattern": r"^([a-zA-Z0-9]+|\?(uesugi|takeda)-[0-9]{1,2})$"}
    card = {"enum": list(CARD_ORDER) + (["?"] if view else [])}
    cards = {"type": "array", "items": card, "maxItems": 9}
    # flags are present only when true
    unit = _obj({"at": {"enum": cells + [None]}, "face_up": TRUE, "seen": TRUE, "move_marker": TRUE,
                 "retreat_marker": TRUE}, required=["at"])
    units: dict[str, Any] = {"type": "object", "properties": {uid: unit for uid in unit_ids},
                             "additionalProperties": False}
    if view:
        units["patternProperties"] = {ANON_PATTERN: _obj({
            "at": {"enum": cells}, "side": {"enum": list(SIDES)}, "move_marker": TRUE, "retreat_marker": TRUE},
            required=["at", "side"])}
    else:
        units["required"] = unit_ids
    activation = {"oneOf": [{"type": "null"}, _obj({
        "unit": unit_ref, "mp": {"type": "integer", "minimum": 0, "maximum": t.mp},
        "attacked": {"type": "boolean"}, "stopped": {"type": "boolean"}, "left_zoc": {"type": "boolean"}})]}
    combat = {"oneOf": [{"type": "null"}, _obj({
        "attacker": unit_ref, "defender": unit_ref, "from": {"enum": sorted(t.map_cells)},
        "round": {"type": "integer", "minimum": 1, "maximum": 10000}, "tie": {"type": "boolean"},
        "picks": _per_side({"oneOf": [{"type": "null"}, card]}),
        "result": {"enum": [None, "tie", "attacker", "defender", "retreat"]}})]}
    pending_item = {"oneOf": [_obj({"kind": {"const": "retreat"}, "unit": unit_ref}),
                              _obj({"kind": {"const": "refill"}, "side": {"enum": list(SIDES)}})]}
    props: dict[str, Any] = {
        "game": {"const": "kawanakajima"},
        "scenario": {"type": "string", "maxLength": 64},
        "rng": {"type": "integer", "minimum": 0, "maximum": rng.MASK64},
        "turn": {"type": "integer", "minimum": 1, "maximum": t.turns},
        "options": {"type": "object", "maxProperties": 16,
                    "additionalProperties": {"type": ["string", "integer", "boolean", "null"]}},
        "units": units,
        "phase": {"enum": ["setup", "command", "move", "reinforce", "over"]},
        "active": {"enum": list(SIDES)},
        "commands": {"type": "integer", "minimum": 0, "maximum": t.command_limit},
        "activation": activation,
        "finished": {"type": "array", "items": unit_ref, "maxItems": len(unit_ids), "uniqueItems": True},
        "combat": combat,
        "pending": {"type": "array", "items": pending_item, "maxItems": 4},
        "draw": {"enum": [None] + list(t.x_hexes)},
        "hands": _per_side(cards),
        "discards": _per_side(cards),
        "set_aside": _per_side(cards),
        "exchanged": {"type": "boolean"},
        "commander_retreats": _per_side({"type": "integer", "minimum": 0, "maximum": 1000}),
    }
    if view:
        props.pop("rng")
        props["viewer"] = {"enum": [None] + list(SIDES)}
        props["to_move"] = {"enum": list(SIDES) + ["chance", "terminal"]}
        props["outcome"] = {"oneOf": [{"type": "null"}, _obj({
            "winner": {"enum": [None] + list(SIDES)}, "level": {"type": ["string", "null"], "maxLength": 20},
            "reason": {"type": ["string", "object"], "maxLength": 300},  # a message (a string before 2026-11)
            "scores": _per_side({"type": "integer", "minimum": 0, "maximum": 1000})},
            required=["winner", "level", "reason", "scores"])]}
    return _obj(props)
