"""Hooks for the generic UI: button labels, the one-line prompt, the status panel, hover text.
They read only the view they are given, so they never show what the viewer may not see."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.state import CHANCE, TERMINAL
from .mapdata import RUSSIA, SIDES
from .text import PHASE_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def _where(view: Optional[dict[str, Any]], uid: Optional[str]) -> Optional[str]:
    if not view or not uid:
        return None
    return view.get("units", {}).get(uid, {}).get("at")


def describe(rules: "Rules", action: Action, view: Optional[dict[str, Any]] = None) -> str:
    w, m = rules.words, rules.map
    verb, uid = action.verb, action.unit
    if verb == "allot":
        # the prompt names the unit; short labels let the 13 choices sit in a compact grid on phones
        return f"{action.arg} FP"
    if verb == "confirm":
        return "Confirm the allotment"
    if verb == "move" and uid in m.side_of:
        frm = _where(view, uid)
        if frm == m.reserve_box:
            return f"Place the {w.unit(uid)} on {w.cell(action.cell)}"
        if action.cell == m.withdrawn_box:
            return f"The {w.unit(uid)} leaves the map (withdraws)"
        if frm == action.cell:
            return f"Choose the {w.unit(uid)} and stay in {w.cell(frm)}"
        return f"Move the {w.unit(uid)} to {w.cell(action.cell)}"
    if verb == "wait":
        return "The 3rd Army waits off the map"
    if verb == "attack":
        target = next((u for u, s in (view or {}).get("units", {}).items() if s.get("at") == action.cell), None)
        return f"Attack the {w.unit(target)} in {w.cell(action.cell)}" if target else f"Attack {action.cell}"
    if verb == "no-attack":
        return "Do not attack"
    if verb == "call":
        return f"Call {action.arg} FP"
    if verb == "roll":
        return f"Die shows {action.arg}"
    if verb == "retreat":
        return "Retreat off the map (withdraw)" if action.cell == m.withdrawn_box else f"Retreat to {w.cell(action.cell)}"
    if verb == "stand":
        return "Stand (no retreat)"
    if verb == "advance":
        return f"Advance into {w.cell(action.cell)}"
    if verb == "stay":
        return "Do not advance"
    if verb == "withdraw":
        return "Declare withdrawal (ends the game)"
    if verb == "end-turn":
        return "End the turn without declaring"
    return action.to_text()


def prompt(rules: "Rules", view: dict[str, Any]) -> str:
    w, m = rules.words, rules.map
    to_move = view.get("to_move")
    phase = view.get("phase")
    if to_move == TERMINAL:
        outcome = view.get("outcome") or {}
        return outcome.get("reason", "The game is over.")
    if to_move == CHANCE:
        return "Roll the attacker's die." if phase == "attacker-die" else "Roll the defender's die."
    side = w.side(to_move)
    fight = view.get("combat") or {}
    if phase == "allot":
        alloc = (view.get("alloc") or {}).get(to_move)
        if alloc is None:
            return f"{side} is allotting its fighting power in secret."
        pending = [u for u in m.units_of[to_move] if u not in alloc]
        left = m.fp_total[to_move] - sum(alloc.values())
        if not pending:
            return f"{side}: confirm your allotment."
        return (f"{side}: allot FP to the {w.unit(pending[0])} ({left} FP left for {len(pending)} units, "
                f"at least {m.fp_min} each).")
    if phase == "move" and to_move == RUSSIA and not any(
            view.get("units", {}).get(u, {}).get("at") in m.neighbors for u in m.units_of[RUSSIA]):
        return f"{side} has no unit left on the map: declare withdrawal."
    if phase == "move":
        extra = " or declare withdrawal" if to_move == RUSSIA else ""
        return f"{side}: choose one unit and click where it moves (its own hex to stay){extra}."
    if phase == "attack":
        return f"{side}: choose the enemy unit the {w.unit(view.get('chosen') or '')} attacks."
    if phase in ("attacker-call", "defender-call"):
        uid = fight.get("attacker") if phase == "attacker-call" else fight.get("defender")
        return f"{side}: call the fighting power of the {w.unit(uid)} (1 up to its real FP)."
    if phase in ("attacker-retreat", "defender-retreat"):
        uid = fight.get("attacker") if phase == "attacker-retreat" else fight.get("defender")
        return f"{side}: retreat the {w.unit(uid)} one hex (1 FP less loss) or stand."
    if phase == "advance":
        return f"{side}: advance into {w.cell(fight.get('d_at'))} or stay."
    if phase == "end-turn":
        return f"{side}: end the turn, or declare withdrawal now."
    return f"{side} to act."


def _fp_summary(rules: "Rules", view: dict[str, Any], side: str) -> str:
    fp = (view.get("fp") or {}).get(side)
    alloc = (view.get("alloc") or {}).get(side)
    if fp is None or alloc is None:
        return "hidden"
    if not fp:
        return f"allotting ({sum(alloc.values())} of {rules.map.fp_total[side]})" if alloc else "not yet allotted"
    return f"{sum(fp.values())} of {sum(alloc.values())}"


def status(rules: "Rules", view: dict[str, Any]) -> list[tuple[str, str]]:
    w, m = rules.words, rules.map
    to_move = view.get("to_move")
    phase = view.get("phase", "")
    rows = [("Turn", f"{view.get('turn', 1)} ({w.side(view.get('active'))})")]
    if to_move == TERMINAL:
        outcome = view.get("outcome") or {}
        rows.append(("Result", f"{w.side(outcome.get('winner'))} wins" if outcome.get("winner") else "over"))
    else:
        rows.append(("To act", "Dice" if to_move == CHANCE else w.side(to_move)))
    rows.append(("Time", f"{min(view.get('time', 0), m.time_limit)} / {m.time_limit}"))
    rows.append(("Phase", PHASE_WORDS.get(phase, phase)))
    fight = view.get("combat")
    if fight:
        calls = (f"{w.unit(fight['attacker'])} {fight['acall'] if fight['acall'] is not None else '?'}"
                 f" vs {w.unit(fight['defender'])} {fight['dcall'] if fight['dcall'] is not None else '?'}")
        rows.append(("Calls", calls))
        if fight.get("attack") is not None:
            bonus = ("attacker +%d" % fight["abonus"] if fight["abonus"] else
                     "defender +%d" % fight["dbonus"] if fight["dbonus"] else "none")
            rows.append(("Modified", f"{fight['attack']} vs {fight['dcall']} (die bonus: {bonus})"))
        if fight.get("adie") is not None:
            dice = f"{fight['adie']}" + (f" vs {fight['ddie']}" if fight.get("ddie") is not None else "")
            rows.append(("Dice", dice))
        if fight.get("aloss") is not None:
            rows.append(("Losses", f"attacker {fight['aloss']}, defender {fight['dloss']} (before retreats)"))
    viewer = view.get("viewer")
    for side in SIDES:
        rows.append((f"{w.side(side)} FP", _fp_summary(rules, view, side)))
    units = view.get("units", {})
    jp3 = units.get(m.detour_unit, {}).get("at")
    if jp3 == m.reserve_box:
        steps = m.detour_steps[min(view.get("waits", 0), len(m.detour_steps) - 1)]
        rows.append(("3rd Army", f"off the map, {view.get('waits', 0)} wait(s): may enter at "
                                  + "/".join(w.letter(h) or h for h in steps)))
    gone = [u for u in m.units_of[RUSSIA] if units.get(u, {}).get("at") == m.withdrawn_box]
    rows.append(("Withdrawn", ", ".join(w.short(u) for u in gone) if gone else "none"))
    if viewer is None and to_move != TERMINAL:
        rows.append(("Viewer", "spectator (fighting power hidden)"))
    return rows


def unit_details(rules: "Rules", view: dict[str, Any], uid: str) -> list[str]:
    w, m = rules.words, rules.map
    if uid not in m.side_of:
        return [uid]
    unit = rules.scenario.units[uid]
    side = m.side_of[uid]
    lines = [w.unit(uid) + (f" {unit['kanji']}" if unit.get("kanji") else ""),
             f"Commander: {unit['commander']}" if unit.get("commander") else w.side(side)]
    at = view.get("units", {}).get(uid, {}).get("at")
    lines.append("Position: " + w.cell(at))
    fp = (view.get("fp") or {}).get(side)
    alloc = (view.get("alloc") or {}).get(side)
    if fp is not None and uid in fp and alloc is not None:
        lines.append(f"Fighting power: {fp[uid]} of {alloc.get(uid, '?')} allotted")
    elif alloc is not None and uid in alloc:
        lines.append(f"Allotted: {alloc[uid]} FP")
    elif view.get("viewer") == side:
        lines.append("Fighting power: not yet allotted")
    else:
        lines.append("Fighting power: secret")
    return lines
