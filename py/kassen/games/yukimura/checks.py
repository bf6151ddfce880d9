"""Semantic checks of a decoded state or view (links, saves): positions the rules can never produce
are listed in words. Never raises on input that passed the schema."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

SEGMENT_OF = {"staging": "move", "move": "move", "release-roll": "move", "hideyori-roll": "move",
              "defensive-fire": "defensive-fire", "fire": "fire", "h2h": "h2h", "over": "over"}
COMBAT_STEPS = ("declare", "dice", "check", "retreat", "double", "advance")


def validate(rules: "Rules", state: dict[str, Any], errors: list[str]) -> list[str]:
    d = rules.d
    units = state.get("units", {})
    if errors or any(u not in units for u in d.units):
        return errors
    phase, segment = state["phase"], state["segment"]
    # -- where the units are (5, 7-6-2, 8) ---------------------------------------------------------
    where: dict[str, list[str]] = {}
    for uid, u in d.units.items():
        at = units[uid]["at"]
        if at is None:
            continue
        if at in d.hex_set:
            where.setdefault(at, []).append(uid)
            if at in d.large_river and at not in d.road_hexes:
                errors.append(f"{uid} stands in {at}, a large river off the road (12-1(6))")
            continue
        if at != d.waiting_box.get(u.side) or uid not in d.reinforcing:
            errors.append(f"{uid} cannot be in {at}")
    for h, us in where.items():
        if len(us) < 2:  # nearly every hex: nothing below applies
            continue
        # a key leader's first retreat step into a friend's hex ends the game at once (14-2(6)):
        # the double occupancy is never resolved
        collapsed = phase == "over" and (state["ended"] or {}).get("how") == "collapse"
        if phase not in ("retreat", "double", "check", "advance", "dice") and not collapsed:
            errors.append(f"{', '.join(us)} share hex {h} (5)")
        if len(us) > 2:
            errors.append(f"three units in {h} (5, 11-2-5)")
        if len({d.side_of[u] for u in us}) > 1:
            errors.append(f"enemy units share hex {h}")
    # -- the sequence of play (4-1) ------------------------------------------------------------------
    if phase in SEGMENT_OF and SEGMENT_OF[phase] != segment:
        errors.append(f"step {phase} does not belong to phase {segment}")
    if phase in COMBAT_STEPS and segment not in ("defensive-fire", "fire", "h2h"):
        errors.append(f"step {phase} outside a firing or combat phase")
    if (phase == "over") != (state["ended"] is not None):
        errors.append("the game is over exactly when it has an ending")
    if (phase in COMBAT_STEPS) != (state["combat"] is not None):
        errors.append(f"step {phase} and the combat record do not match")
    for key, step in (("check", "check"), ("retreat", "retreat"), ("double", "double"), ("advance", "advance")):
        if (phase == step) != (state[key] is not None):
            errors.append(f"a {key} record outside its step")
    if phase == "staging" and (state["hideyori"] is not None or not any(a.die for a in d.arrivals)):
        errors.append("Hideyori's staging is asked twice or in a scenario without him")
    if any(a.die for a in d.arrivals) and phase != "staging" and state["hideyori"] is None:
        errors.append("Hideyori's force has no staging hex")
    if phase in ("release-roll", "hideyori-roll"):
        if not state["pending"] or state["pending"][0].split(":", 1)[0] != phase:
            errors.append(f"step {phase} is not the next pending start step")
    elif state["pending"]:
        errors.append("start steps are pending outside the start of a Movement Phase")
    record = state["combat"]
    if record is not None:
        if len(record["units"]) != len(record["froms"]):
            errors.append("each unit of the combat needs the hex it fights from")
        if any(d.side_of[u] != record["side"] for u in record["units"]) or d.side_of[record["target"]] == record["side"]:
            errors.append("a combat between units of one side")
        fighting = state["active"] if segment in ("fire", "h2h") else rules.other_side(state["active"])
        if record["side"] != fighting:
            errors.append(f"{record['side']} may not fight in this phase")
        if record["kind"] == "h2h" and segment != "h2h":
            errors.append("hand-to-hand outside the hand-to-hand step (10)")
        if record["kind"] == "fire" and segment == "h2h":
            errors.append("fire in the hand-to-hand step (10)")
        for u, h in zip(record["units"], record["froms"]):
            if not d.board.adjacent(h, record["at"]):
                errors.append(f"{u} fights from a hex not adjacent to its target (9-1-1, 10-1-1)")
            if d.units[u].kind not in ("riflemen", "mounted_riflemen") and record["kind"] == "fire":
                errors.append(f"{u} fires but is no rifle unit (9)")
        if phase == "declare" and (record["dice"] or units[record["target"]]["at"] != record["at"]):
            errors.append("a declared combat whose target has moved or whose dice are rolled")
    r = state["retreat"]
    if r is not None and units[r["unit"]]["at"] != r["path"][-1]:
        errors.append("the retreating unit is not at the end of its path")
    if state["double"] is not None:
        dbl = state["double"]
        if any(units[u]["at"] != dbl["at"] for u in dbl["units"]):
            errors.append("the two units of a double occupancy are not in its hex")
    return errors
