"""Semantic checks of a decoded state or view (links, saves): positions the rules can never
produce are listed in words. Never raises on input that passed the schema."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import ARRIVED, HAND, SET_ASIDE, SETUP, box
from .schema import COMBAT_PHASES, PENDING

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

RM_PHASES = ("check", "draw", "commander", "takamori", "rm", "entering", "recover")
SEGMENT_OF = {**{p: "rm" for p in RM_PHASES}, "setup": "setup", "fire": "fire", "fire-support": "fire",
              "fire-dice": "fire", "melee": "melee", "melee-support": "melee", "melee-dice": "melee",
              "morale": "melee", "advance": "melee", "over": "over"}


def validate(rules: "Rules", state: dict[str, Any], errors: list[str]) -> list[str]:
    d = rules.d
    units = state.get("units", {})
    if errors or any(u not in units for u in d.units):
        return errors
    phase, segment = state["phase"], state["segment"]
    # -- where the units are -----------------------------------------------------------------------
    combat: dict[str, str] = {}
    cmdr: dict[str, str] = {}
    for uid, u in d.units.items():
        at = units[uid]["at"]
        if at is None:
            if u.setup in d.areas and segment == "setup":
                errors.append(f"{uid} is removed before the game began")
            continue
        if at in d.move_cost:
            if d.move_cost[at] is None:
                errors.append(f"{uid} stands in {at}, which no unit may enter")
            where = cmdr if u.commander else combat
            if at in where:
                clause = "15-2-7-2(4)(2)" if u.commander else "3-1"
                errors.append(f"{where[at]} and {uid} share hex {at} ({clause})")
            where[at] = uid
            continue
        allowed = {box(ARRIVED, u.side)}
        if u.setup in d.areas:
            allowed.add(box(SETUP, u.side))
        elif u.setup == "takamori":
            allowed.add(box(SET_ASIDE, u.side))
        else:
            allowed.add(box(u.setup, u.side))
        if at not in allowed:
            errors.append(f"{uid} cannot be in {at}")
        if at == box(SETUP, u.side) and segment != "setup":
            errors.append(f"{uid} waits to be set up after the set-up")
        if at == box(ARRIVED, u.side) and segment == "setup":
            errors.append(f"{uid} has arrived before the game began")
    for h, c in cmdr.items():
        other = combat.get(h)
        if other is not None and d.side_of[other] != d.side_of[c]:
            errors.append(f"commander {c} shares {h} with an enemy unit (15-2-7-2(4)(6))")
    # -- markers --------------------------------------------------------------------------------------
    for uid in state["disordered"]:
        if uid in d.all_commanders or units[uid]["at"] not in d.move_cost:
            errors.append(f"{uid} is marked disordered but is not a combat unit on the map")
    if state["disordered"] != sorted(state["disordered"]) or state["done"] != sorted(state["done"]):
        errors.append("the marker lists are not in order")
    for uid in state["done"]:
        if units[uid]["at"] not in d.move_cost:
            errors.append(f"{uid} is marked as done but is not on the map")
    # -- the sequence of play -------------------------------------------------------------------------
    if SEGMENT_OF.get(phase) not in (segment, None) and phase != "retreat":
        errors.append(f"step {phase} does not belong to phase {segment}")
    if phase == "retreat" and segment not in ("fire", "melee"):
        errors.append("a retreat outside fire and melee")
    if segment == "setup":
        if not d.setup_order:
            errors.append("this scenario has no set-up")
        if state["control"] != d.victory_of(rules.revision_of(state))[1]:
            errors.append("victory hexes changed hands before the game began")
    if (phase == "over") != (state["ended"] is not None):
        errors.append("the game is over exactly when it has an ending")
    pending = state["pending"]
    if phase in PENDING:
        if not pending or pending[0] != phase:
            errors.append(f"step {phase} is not the next pending start step")
    elif pending:
        errors.append("start steps are pending outside the start of a Recovery/Movement phase")
    record = state["combat"]
    if (phase in COMBAT_PHASES) != (record is not None):
        errors.append(f"step {phase} and the combat record do not match")
    if record is not None:
        errors += _record_problems(rules, state, record, combat)
    entering = state["entering"]
    if (phase == "entering") != (entering is not None):
        errors.append("a unit is entering outside the entering step")
    elif entering is not None:
        if d.side_of[entering] != state["active"] or units[entering]["at"] not in d.move_cost \
                or entering in state["done"]:
            errors.append(f"{entering} is not a unit of the active side just placed on the map")
    if (phase == "retreat") != (state["retreat"] is not None):
        errors.append("a retreat record outside the retreat step")
    if state["retreat"] is not None and record is not None:
        r = state["retreat"]
        if units[r["unit"]]["at"] != r["path"][0] or r["unit"] != record.get("target"):
            errors.append("the retreating unit is not the target of the combat, in its hex")
    for s in d.sides:
        owed = state["owed"][s]
        hand = sum(1 for u in d.units if units[u]["at"] == box(HAND, s))
        if owed > hand:
            errors.append(f"{s} is owed more units than it holds in hand")
        if owed and not any(line.side == s and line.pool == HAND for line in d.lines):
            errors.append(f"{s} is owed units it never chooses from a hand")
    # -- victory ------------------------------------------------------------------------------------------
    if set(state["control"]) != set(d.victory_of(rules.revision_of(state))[0]):
        errors.append("the victory hexes are not those of the game's rules revision")
    for h, who in combat.items():
        owner = d.sudden_death.get(h)
        if owner is not None and owner != d.side_of[who] and state["ended"] is None:
            errors.append(f"an enemy unit is on {h}, {owner}'s entry hex, but the game goes on (14(4)(1))")
        if h in state["control"] and state["control"][h] != d.side_of[who] and phase not in ("retreat",):
            errors.append(f"{who} stands on victory hex {h} without holding it (14(2))")
    if state["ended"] is not None and state["ended"]["how"] == "turns":
        count = {s: sum(1 for v in state["control"].values() if v == s) for s in d.sides}
        winner = next((s for s in d.sides if count[s] >= d.needed), None)
        if state["ended"]["winner"] != winner:
            errors.append("the result does not follow from the victory hexes held (14(4)(2))")
    return errors


def _record_problems(rules: "Rules", state: dict[str, Any], record: dict[str, Any],
                     combat: dict[str, str]) -> list[str]:
    d = rules.d
    out: list[str] = []
    kind, phase = record["kind"], state["phase"]
    uid = record["unit"]
    if (kind == "recover") != (phase == "recover"):
        out.append(f"a {kind} record in step {phase}")
    if kind == "recover":
        if d.side_of[uid] != state["active"] or uid not in state["disordered"]:
            out.append("only the active side's disordered units try to recover (7)")
        return out
    for key in ("target", "at", "support", "dice", "code", "result"):
        if key not in record:
            out.append(f"the combat record lacks {key}")
            return out
    firing = d.side_of[uid]
    expected = state["active"] if kind == "melee" else rules.other_side(state["active"])
    if firing != expected:
        out.append(f"{uid} may not {kind} in this phase")
    if d.side_of[record["target"]] == firing:
        out.append("a unit fights a friendly unit")
    if state["units"][uid]["at"] not in (record["from"],) and phase != "advance":
        out.append("the main unit has left its hex during the combat")
    if kind == "melee" and not d.board.adjacent(record["from"], record["at"]):
        out.append("melee between hexes that are not adjacent (10-1(2))")
    for s in record["support"]:
        if d.side_of[s] != firing or s == uid:
            out.append(f"{s} cannot support this {kind}")
    dice = len(record["dice"])
    want = {"fire-support": 0, "melee-support": 0}.get(phase)
    if want is not None and dice:
        out.append("dice rolled before the supporters were chosen")
    if phase in ("fire-dice", "melee-dice") and dice > 1:
        out.append("both dice are in but the result is not read")
    if phase in ("morale", "retreat", "advance") and dice != 2:
        out.append("a result without both dice")
    if phase in ("fire-support", "melee-support") and state["units"][record["target"]]["at"] != record["at"]:
        out.append("the target is not in the hex fired at")
    return out

