"""Semantic checks of a decoded position (links, saves): every impossible position is named.

Runs after the schema, so every id, cell and type is known to be valid; only combinations are
checked here: stacking, sides mixing in a square, spent flags, set-up counts, the unfinished step.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.state import State
from . import combat, movement
from .data import POOL
from .movement import occupancy
from .phases import setup_actions
from .victory import all_ronin_gone

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def validate(rules: "Rules", state: State, errors: list[str]) -> list[str]:
    """The engine's checks first (ids, cells); then this game's, once those hold."""
    if errors:
        return errors
    return validate_state(rules, state)


def validate_state(rules: "Rules", state: State) -> list[str]:
    data = rules.data
    errors: list[str] = []
    units = state["units"]
    phase = state["phase"]
    opts = rules.options_of(state)
    occ = occupancy(data, units)
    waiting_ok = phase != "setup" and opts["entrance_setup"] == "wait-outside"

    for uid in data.unit_order:
        u, c = units[uid], data.counters[uid]
        at = u["at"]
        if phase != "setup" and at == POOL and not (waiting_ok and c.side == data.off_map_side):
            errors.append(f"{c.name} is still waiting to be set up after set-up")
        if phase == "setup" and at not in data.square_set and at != POOL:
            errors.append(f"{c.name} is {'removed' if at is None else 'in ' + at} during set-up")
        if at in data.boxes and at != POOL:
            if c.side == data.escaping_side and at not in data.outside:
                errors.append(f"{c.name} cannot be in the {at}")
            if c.side != data.escaping_side and at not in data.exit_boxes:
                errors.append(f"{c.name} cannot be in the {at}: Shinsengumi leave only through the exit")
        if u["spent"] and not (at in data.square_set or (at == POOL and waiting_ok)):
            errors.append(f"{c.name} is marked spent but is not on the map")
        if u["spent"] and phase == "setup":
            errors.append(f"{c.name} is marked spent during set-up")

    exempt_ok = opts["entrance_setup"] == "exempt"
    for cell in data.squares:
        here = occ.get(cell, [])
        sides = {data.counters[u].side for u in here}
        if len(sides) > 1:
            errors.append(f"{cell} holds counters of both sides")
        if len(here) > data.stack_limit:
            setup_sides = {s for s, groups in data.setup_groups.items() if any(cell in g for g, _ in groups)}
            if not (exempt_ok and cell in data.setup_exempt and sides <= setup_sides):
                errors.append(f"{cell} holds {len(here)} counters (at most {data.stack_limit})")

    if phase == "setup":
        errors += _check_setup(rules, state, occ)
    else:
        if state["turn"] < 1:
            errors.append("the turn must be 1 or more")
        if phase == "action" and all_ronin_gone(rules, state):
            errors.append("every Ronin is gone but the game has not ended")
    if phase == "over":
        if state["step"] is not None:
            errors.append("the game is over but an action is unfinished")
        limit = data.quiet_limit
        quiet_end = limit is not None and state["quiet"] >= limit
        if not all_ronin_gone(rules, state) and state["acted"] and not quiet_end:
            errors.append("the game ended early although an action was taken this turn")
    elif data.quiet_limit is not None and state["quiet"] >= data.quiet_limit:
        errors.append(f"{state['quiet']} quiet turns in a row should have ended the game")
    elif state["step"] is not None:
        errors += _check_step(rules, state, occ, state["step"])
    return errors


def _check_setup(rules: "Rules", state: State, occ: movement.Occupancy) -> list[str]:
    data = rules.data
    errors: list[str] = []
    if state["turn"] != 1 or state["step"] is not None or state["passes"] or state["acted"] or state["quiet"]:
        errors.append("set-up happens before turn 1's Action Phase, with no action under way")
    for side, groups in data.setup_groups.items():
        allowed = set()
        for cells, count in groups:
            allowed |= cells
            placed = sum(1 for c in cells for u in occ.get(c, ()) if data.counters[u].side == side)
            if placed > count:
                errors.append(f"{placed} {rules.side_name(side)} counters set up where only {count} may go")
        for u in data.side_units[side]:
            at = state["units"][u]["at"]
            if at in data.square_set and at not in allowed:
                errors.append(f"{data.counters[u].name} is set up outside the set-up areas")
    order = data.setup_order
    active = state["active"]
    for earlier in order[: order.index(active)]:
        if any(data.counters[u].side == earlier for u in occ.get(POOL, ())):
            errors.append(f"the {rules.side_name(active)} set up before the {rules.side_name(earlier)} finished")
    for later in order[order.index(active) + 1:]:
        if any(state["units"][u]["at"] != POOL for u in data.side_units[later]):
            errors.append(f"the {rules.side_name(later)} set up before the {rules.side_name(active)} finished")
    if not setup_actions(rules, state):
        errors.append("set-up cannot continue from this position")
    return errors


def _check_step(rules: "Rules", state: State, occ: movement.Occupancy, step: dict[str, Any]) -> list[str]:
    data = rules.data
    units = state["units"]
    kind = step["kind"]
    active = state["active"]
    group = step["group"]
    needs = {"okita": {"at"}, "order": {"at"}, "target": {"at"}, "jump": {"at", "to"},
             "combat": {"at", "target", "defenders", "dice", "rolls"},
             "loss": {"side", "units", "winners", "from", "left"}, "retreat": {"side", "units", "winners", "from"}}
    keys = set(step) - {"kind", "group"}
    if keys != needs[kind]:
        return [f"a {kind} step needs exactly the fields {', '.join(sorted(needs[kind]))}"]
    errors: list[str] = []
    if any(data.counters[u].side != active for u in group):
        errors.append("the acting stack holds counters of the player not acting")
    if kind in ("okita", "order", "target", "combat", "jump"):
        if not group:
            errors.append("no counter is acting")
        if len(group) > data.stack_limit:
            errors.append("a stack is at most three counters")
        if any(units[u]["at"] != step["at"] for u in group):
            errors.append("the acting counters are not where the action says")
        if any(units[u]["spent"] for u in group):
            errors.append("a counter that already acted this turn is acting again")
        if step["at"] not in data.square_set and not (step["at"] == POOL and kind in ("okita", "order")):
            errors.append("the acting stack is not on the map")
    if errors:
        return errors
    if kind == "okita" and not any(data.counters[u].tuberculosis for u in group):
        errors.append("only Okita rolls for tuberculosis")
    elif kind == "target" and not movement.enemy_squares_in_reach(data, occ, step["at"], active):
        errors.append("there is no enemy to attack")
    elif kind == "jump":
        u = group[0] if len(group) == 1 else None
        if u is None or data.counters[u].side != data.jumps["side"]:
            errors.append("a jump is one Ronin counter")
        elif data.railings.get(step["at"]) != step["to"] or state["turn"] < data.jumps["from_turn"]:
            errors.append("that jump is not possible")
    elif kind == "combat":
        target, defenders = step["target"], step["defenders"]
        if target not in data.fight_adjacent.get(step["at"], ()):
            errors.append("the combat's squares are not adjacent")
        elif sorted(occ.get(target, [])) != sorted(defenders) or not defenders or \
                any(data.counters[u].side == active for u in defenders):
            errors.append("the defenders are not the counters in the target square")
        else:
            door = combat.door_die(data, group, step["at"], target)
            want = [combat.dice_count(data, group), combat.dice_count(data, defenders, door)]
            ra, rd = step["rolls"]
            if step["dice"] != want:
                errors.append("the number of combat dice is wrong")
            elif len(ra) > want[0] or len(rd) >= want[1] or (rd and len(ra) < want[0]):
                errors.append("the combat dice rolled so far do not fit")
    elif kind in ("loss", "retreat"):
        side, pending, winners = step["side"], step["units"], step["winners"]
        if not pending or not winners:
            errors.append("a combat result needs losers and winners")
        elif any(data.counters[u].side != side for u in pending) or any(units[u]["at"] != step["from"]
                                                                          for u in pending):
            errors.append("the losing counters are not in the losing square")
        elif any(data.counters[u].side == side for u in winners) or \
                len({units[u]["at"] for u in winners}) != 1 or units[winners[0]]["at"] not in data.square_set:
            errors.append("the winning counters are not together on the map")
        if not group:
            errors.append("no counter is acting")
        if not errors and kind == "loss" and step["left"] >= len(pending):
            errors.append("the losses to choose must be fewer than the counters that fought")
        if not errors and kind == "retreat":
            for u in pending:
                if not combat.retreat_squares(data, occ, u, step["from"]):
                    errors.append(f"{data.counters[u].name} has no retreat but was not removed")
    return errors
