"""Words for the generic UI: button labels, the one-line prompt, the status panel, unit details.

Everything here reads only the view (there is no hidden information in this game, but the UI
contract is that hooks see views, never raw states).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.actions import Action
from ...engine.state import CHANCE, TERMINAL, View
from . import scoring, text
from .data import POOL, SKILL_KANJI, SKILL_NAME
from .movement import occupancy, same_floor_enemy_squares

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def describe(rules: "Rules", action: Action, view: Optional[View] = None) -> str:
    data = rules.data
    verb = action.verb
    step = (view or {}).get("step")
    where = data.square_text(action.cell) if action.cell else ""
    who = text.names(data, action.units) if action.units else ""
    if verb == "place":
        return f"Set up {who} in {where}"
    if verb == "pass":
        return "Pass"
    if verb == "roll":
        return f"Roll: {action.arg}"
    if verb == "activate":
        return f"Activate {who} (Okita rolls for tuberculosis first)"
    if verb == "hold":
        if step and step.get("kind") == "target":
            return "No combat"
        return "End the action here"
    if verb == "move":
        if not who and step:
            who = text.names(data, step.get("group", []))
        if action.cell in data.exit_boxes:
            units = action.units or tuple((step or {}).get("group", ()))
            if units and data.counters[units[0]].side == data.escaping_side:
                return f"Escape through the Entrance: {who}"
            return f"Leave the map (never to return, -1 to Ronin jumps): {who}"
        return f"Move {who} to {where}"
    if verb == "attack":
        if who:
            return f"Fight in place: {who} attack {where}"
        return f"Attack {where}"
    if verb == "jump":
        c = data.counters[action.units[0]]
        odds = _jump_odds(rules, view, action) if view else ""
        into = f"into the {where}" if action.cell in data.boxes else f"into {where}"
        return f"Jump: {c.name} {into}{odds}"
    if verb == "lose":
        return f"Remove {who} (casualty)"
    if verb == "retreat":
        return f"Retreat {who} to {where}"
    return rules.__class__.__mro__[1].describe(rules, action, view)


def _jump_odds(rules: "Rules", view: Optional[View], action: Action) -> str:
    """' (succeeds on 3+; Light +1, ...)' from the view."""
    if not view or "units" not in view:
        return ""
    data = rules.data
    uid = action.units[0]
    src = view["units"][uid]["at"]
    occ = occupancy(data, view["units"])
    mods = scoring.jump_modifiers(rules, view, occ, uid, src, action.cell or "")
    total = sum(m for m, _ in mods)
    need = data.jumps["captured_at_most"] + 1 - total
    need = max(1, need)
    words = ", ".join(f"{why} {m:+d}" for m, why in mods)
    chance = "never" if need > data.die else f"{need}+"
    return f" (succeeds on a roll of {chance}{'; ' + words if words else ''})"


def prompt(rules: "Rules", view: View) -> str:
    data = rules.data
    to_move = view.get("to_move")
    if to_move == TERMINAL:
        out = view.get("outcome") or {}
        return "The game is over. " + out.get("reason", "")
    step = view.get("step")
    if view.get("phase") == "setup":
        side = view["active"]
        occ = occupancy(data, view["units"])
        if side == data.escaping_side:
            parts = []
            for cells, count in data.setup_groups[side]:
                done = sum(1 for c in cells for u in occ.get(c, ()) if data.counters[u].side == side)
                names = sorted({data.area[c] or c for c in cells})
                parts.append(f"{done}/{count} in the {' or '.join(names)}")
            return "Ronin: set up your counters (" + "; ".join(parts) + "). Pick a counter in the set-up box, " \
                                                                         "then a square."
        return "Shinsengumi: set up your counters in the Entrance."
    if to_move == CHANCE and step:
        kind = step["kind"]
        if kind == "okita":
            return "Roll the die for Okita's tuberculosis: he acts only on a 4-6."
        if kind == "jump":
            return f"Roll the die for {data.counters[step['group'][0]].name}'s jump."
        i = 0 if len(step["rolls"][0]) < step["dice"][0] else 1
        side = view["active"] if i == 0 else data.other[view["active"]]
        return f"Roll the combat dice: {rules.side_name(side)} die {len(step['rolls'][i]) + 1} of {step['dice'][i]}."
    name = rules.side_name(to_move)
    if step:
        kind = step["kind"]
        if kind == "order":
            return f"{name}: {text.names(data, step['group'])} may act: move, attack or end the action."
        if kind == "target":
            occ = occupancy(data, view["units"])
            if same_floor_enemy_squares(data, occ, step["at"], to_move):
                return f"{name}: combat is compulsory: choose the one square to attack."
            return f"{name}: attack across the stairs (choose the square), or No combat."
        if kind == "loss":
            return f"{name}: choose {step['left']} more {'casualty' if step['left'] == 1 else 'casualties'} among " \
                   f"{text.names(data, step['units'])}."
        if kind == "retreat":
            return f"{name}: retreat {text.names(data, step['units'])} one square each, not next to an enemy."
    other = data.other[to_move]
    passed = f" (the {rules.side_name(other)} passed)" if view.get("passes") else ""
    return f"{name}: move or fight with one counter or stack, or pass{passed}."


def status(rules: "Rules", view: View) -> list[tuple[str, str]]:
    data = rules.data
    t = scoring.tally(rules, view)
    ronin, shin = data.escaping_side, data.off_map_side
    phase = {"setup": "Set-up", "action": "Action Phase", "over": "Game over"}[view.get("phase", "setup")]
    to_move = view.get("to_move")
    if to_move == TERMINAL:
        acting = "-"
    elif to_move == CHANCE:
        acting = "Dice"
    else:
        acting = rules.side_name(to_move)
    passes = "-"
    if view.get("phase") == "action" and view.get("passes"):
        passes = f"{rules.side_name(data.other[view['active']])} passed"
    guards = len(t["off_map"])
    rows = [
        ("Turn", str(view.get("turn", 1))),
        ("Phase", phase),
        ("To act", acting),
        ("Passes", passes),
        ("Shinsengumi off the map", f"{guards}" + (f" (-{guards} to Street/Backyard jumps)" if guards else "")),
        ("Ronin score", str(t["scores"][ronin])),
        ("Shinsengumi score", str(t["scores"][shin]) + (" (count)" if t["reading"] == "count" else "")),
        ("Ronin escaped", str(len(t["escaped"]))),
        ("Ronin killed or captured", str(len(t["ronin_lost"]))),
        ("Shinsengumi killed", str(len(t["shinsengumi_killed"]))),
    ]
    if data.quiet_limit is not None and view.get("phase") == "action":
        rows.append(("Turns without a casualty or escape", f"{view.get('quiet', 0)} of {data.quiet_limit}"))
    return rows


def unit_details(rules: "Rules", view: View, uid: str) -> list[str]:
    data = rules.data
    if uid not in data.counters:
        return [uid]
    c = data.counters[uid]
    u = view.get("units", {}).get(uid, {})
    at = u.get("at")
    skill = SKILL_NAME[c.skill] + (f" ({SKILL_KANJI[c.skill]})" if c.skill else "")
    lines = [f"{c.name} {c.kanji}", rules.side_name(c.side),
             f"Strength {c.strength} · Skill {skill} · Status {c.status}"]
    if at is None:
        lines.append("Killed or captured")
    elif at == POOL:
        lines.append("Waiting to be set up" if view.get("phase") == "setup" else "Waiting outside the Entrance")
    elif at in data.boxes:
        lines.append(f"Escaped into the {data.square_text(at)}" if c.side == data.escaping_side
                     else f"Off the map ({data.square_text(at)}): -1 to Ronin jumps into the Street or Backyard")
    else:
        lines.append(f"In {data.square_text(at)}")
        lines.append("Spent this turn" if u.get("spent") else "Ready to act")
    if c.tuberculosis:
        lines.append(f"Tuberculosis: acts only on a roll of {data.tb_acts_on}-{data.die} when activated")
    return lines
