"""Words for the log, the buttons, the prompt line, the status panel and unit tooltips.

Everything that takes a view uses only that view: a hidden unit is "a face-down unit" and the
opponent's hand is a count.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.actions import Action
from ...engine.state import CHANCE, TERMINAL, State, View
from .victory import score_breakdown
from .data import RETREAT_CARD, SIDES, TAKEDA, UESUGI, Tables
from .visibility import HIDDEN, anonymous_side, identifies, is_anonymous

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

SIDE_NAMES = {UESUGI: "Uesugi", TAKEDA: "Takeda"}
PHASE_NAMES = {"setup": "Set-up", "command": "Command phase", "move": "Movement/attack phase",
               "reinforce": "Reinforcement phase", "over": "Game over"}


def side_name(side: Optional[str]) -> str:
    return SIDE_NAMES.get(side or "", "Spectator")


def num(x: float) -> str:
    """6.0 -> "6", 4.5 -> "4.5", -1.0 -> "-1"."""
    return str(int(x)) if x == int(x) else str(x)


def card_name(card: str) -> str:
    if card == RETREAT_CARD:
        return "Retreat"
    if card == HIDDEN:
        return "a hidden card"
    return card


def name(t: Tables, uid: str) -> str:
    return t.generals[uid].name


def full_name(t: Tables, uid: str) -> str:
    """"Kakizaki Kageie 柿崎景家 (M, 6)"; uncoded units show "night army"."""
    g = t.generals[uid]
    code = g.code if g.code else "night army"
    return f"{g.name} {g.kanji} ({code}, {num(g.value)})"


def public_name(state: State, t: Tables, uid: str) -> str:
    """The unit's name if everyone may identify it, else "a face-down Takeda unit at 1206"."""
    if identifies(state, t, uid, None):
        return name(t, uid)
    return f"A face-down {side_name(t.side_of(uid))} unit"


def _unit_words(rules: "Rules", view: Optional[View], key: str) -> str:
    """How a view refers to a unit key (a real id or an anonymous one)."""
    if is_anonymous(key):
        at = (view or {}).get("units", {}).get(key, {}).get("at") if view else None
        side = side_name(anonymous_side(key))
        return f"the face-down {side} unit" + (f" at {at}" if at else "")
    if key in rules.t.generals:
        return name(rules.t, key)
    return key


def _hour(t: Tables, turn: int) -> str:
    return t.hours[turn - 1] if 1 <= turn <= len(t.hours) else ""


def describe(rules: "Rules", action: Action, view: Optional[View] = None) -> str:
    """A button label or log line for an action, from the acting player's view."""
    t = rules.t
    verb = action.verb
    who = _unit_words(rules, view, action.units[0]) if action.units else ""
    cell = action.cell or ""
    if verb == "swap":
        other = None
        if view:
            for key, u in view.get("units", {}).items():
                if u.get("at") == cell and key != action.units[0]:
                    other = key
        return f"Swap {who} with {_unit_words(rules, view, other)} ({cell})" if other else f"Move {who} to {cell}"
    if verb == "flip":
        return f"Turn {who} face up ({cell})"
    if verb == "mark":
        return f"Give {who} a move marker ({cell})"
    if verb == "move":
        return f"Move {who} to {cell}"
    if verb == "attack":
        target = None
        if view:
            for key, u in view.get("units", {}).items():
                if u.get("at") == cell:
                    target = key
        return f"Attack {_unit_words(rules, view, target) if target else cell}" + (f" with {who}" if who else "")
    if verb == "end":
        return "End this unit's move"
    if verb == "play":
        return "Play the Retreat card" if action.arg == RETREAT_CARD else f"Play card {action.arg}"
    if verb == "refill":
        if action.arg == "exchange":
            return "Take back the discards and exchange a Retreat card for the spare 5"
        return "Take back the discards"
    if verb == "retreat":
        return f"Retreat {who} to {cell}"
    if verb == "reinforce":
        return f"Bring a night-army unit onto {t.x_name.get(cell, cell)} ({cell})"
    if verb == "draw":
        return "Draw a night-army unit at random"
    if verb == "done":
        phase = (view or {}).get("phase")
        return {"setup": "Finish placing units", "command": "End the command phase",
                "move": "End the movement/attack phase", "reinforce": "No more reinforcements"}.get(phase or "", "Done")
    return verb.capitalize()


def prompt(rules: "Rules", view: View) -> str:
    """One line for the player to act."""
    to_move = view.get("to_move")
    if to_move == TERMINAL:
        out = view.get("outcome") or {}
        return "The game is over: " + out.get("reason", "")
    if to_move == CHANCE:
        return "A night-army unit is drawn at random."
    who = side_name(to_move)
    pending = view.get("pending") or []
    if pending:
        item = pending[0]
        if item["kind"] == "retreat":
            return f"{who}: choose the hex {_unit_words(rules, view, item['unit'])} retreats into."
        return f"{who}: your hand is empty. Take back your discards (and, if you wish, exchange a Retreat card)."
    combat = view.get("combat")
    if combat is not None:
        what = "a tie-break card" if combat.get("tie") else "a combat card"
        return (f"{who}: choose {what} in secret ({_unit_words(rules, view, combat['attacker'])} attacks "
                f"{_unit_words(rules, view, combat['defender'])}).")
    phase = view.get("phase")
    if phase == "setup":
        if to_move == UESUGI:
            return "Uesugi: swap units inside a start group (I, II or III) if you wish, then finish."
        return "Takeda: swap your coded units among the 15 start hexes if you wish, then finish."
    if phase == "command":
        left = rules.t.command_limit - view.get("commands", 0)
        if to_move == TAKEDA and view.get("turn") == 1:
            return f"Takeda (surprised): you may turn face up the units on X1-X3 only ({left} commands left)."
        return f"{who}: turn face-down units face up or give them move markers ({left} commands left), then end."
    if phase == "move":
        act = view.get("activation")
        if act is not None:
            return (f"{who}: {_unit_words(rules, view, act['unit'])} has {act['mp']} MP: move, "
                    f"{'attack, ' if not act['attacked'] else ''}or end its move.")
        return f"{who}: pick a face-up or move-marked unit to move or attack, or end the phase."
    if phase == "reinforce":
        return "Takeda: bring night-army units onto empty X hexes (drawn unseen), or stop."
    return f"{who} to act."


def _cards(cards: list[str]) -> str:
    return " ".join(card_name(c) if c != HIDDEN else "?" for c in cards) or "none"


def status(rules: "Rules", view: View) -> list[tuple[str, str]]:
    """Turn and hour, phase, commands left, hands, discards, penalties and the score so far."""
    t = rules.t
    turn = view.get("turn", 1)
    viewer = view.get("viewer")
    out = [("Turn", f"{turn} of {t.turns} ({_hour(t, turn)})")]
    phase = view.get("phase", "")
    active = view.get("active")
    phase_text = PHASE_NAMES.get(phase, phase)
    if phase not in ("over",):
        phase_text = f"{side_name(active)}: {phase_text}"
    out.append(("Phase", phase_text))
    if phase == "command":
        out.append(("Commands left", str(t.command_limit - view.get("commands", 0))))
    act = view.get("activation")
    if act is not None:
        out.append(("Moving", f"{_unit_words(rules, view, act['unit'])}: {act['mp']} MP left"
                              f"{', has attacked' if act['attacked'] else ''}"))
    combat = view.get("combat")
    if combat is not None:
        picked = [side_name(s) for s in SIDES if combat["picks"].get(s) is not None]
        out.append(("Combat", f"{_unit_words(rules, view, combat['attacker'])} attacks "
                              f"{_unit_words(rules, view, combat['defender'])}"
                              f"{' (tie-break)' if combat.get('tie') else ''}"
                              + (f"; card chosen by {', '.join(picked)}" if picked else "")))
    hands = view.get("hands", {})
    for side in SIDES:
        hand = hands.get(side, [])
        if side == viewer:
            out.append(("Your hand", _cards(hand)))
        else:
            out.append((f"{side_name(side)} hand", f"{len(hand)} card{'s' if len(hand) != 1 else ''}"))
    for side in SIDES:
        out.append((f"{side_name(side)} discards", _cards(view.get("discards", {}).get(side, []))))
    box = view.get("set_aside", {}).get(t.exchange_side, [])
    if view.get("exchanged"):
        out.append(("Takeda box", "the exchanged Retreat card (out of play)"))
    else:
        out.append(("Takeda box", f"spare {_cards(box)} (exchange possible from turn {t.exchange_from})"))
    retreats = view.get("commander_retreats", {})
    parts = []
    for side in SIDES:
        n = retreats.get(side, 0)
        cname = name(t, t.commander[side]).split()[-1]
        parts.append(f"{cname} {n}" + (f" (other {side_name(side)} units -{num(n * t.commander_penalty)})" if n else ""))
    out.append(("Commander retreats", ", ".join(parts)))
    box_units = sum(1 for u in view.get("units", {}).values() if u.get("at") == t.night_box)
    out.append(("Night box", f"{box_units} unit{'s' if box_units != 1 else ''}"))
    breakdown = score_breakdown(view, t)
    out.append(("Score", ", ".join(
        f"{side_name(s)} {v['total']} ({v['removed']} removed, {v['face_up']} face up, "
        f"{v['commander_retreats']} commander retreats)" for s, v in breakdown.items())))
    outcome = view.get("outcome")
    if outcome:
        out.append(("Result", outcome.get("reason", "")))
    return out


def unit_details(rules: "Rules", view: View, key: str) -> list[str]:
    """Tooltip lines: only what the view shows."""
    t = rules.t
    u = view.get("units", {}).get(key)
    if u is None:
        return [key]
    markers = [m for m, on in (("move marker", u.get("move_marker")), ("retreat marker", u.get("retreat_marker"))) if on]
    where = u.get("at")
    place = "removed" if where is None else ("in the night-attack army box" if where == t.night_box else f"at {where}")
    if is_anonymous(key):
        lines = [f"Face-down {side_name(anonymous_side(key))} unit", place]
        if markers:
            lines.append(", ".join(markers))
        return lines
    g = t.generals[key]
    lines = [full_name(t, key), f"{side_name(g.side)}{', commanding general' if g.commander else ''}", place]
    lines.append("face up" if u.get("face_up") else "face down" + (
        "" if view.get("viewer") == g.side else " (seen before)"))
    if markers:
        lines.append(", ".join(markers))
    if where in t.on_map:
        mods = []
        if where in t.river:
            mods.append("-1 in a river hex")
        n = view.get("commander_retreats", {}).get(g.side, 0)
        if n and not g.commander:
            mods.append(f"-{num(n * t.commander_penalty)} for commander retreats")
        if u.get("retreat_marker"):
            mods.append("-1 when attacked (retreat marker)")
        if mods:
            lines.append("Combat value " + num(g.value) + ": " + "; ".join(mods))
        if g.side == UESUGI:
            lines.append("scores when face up here" if where in t.scoring_region else "does not score here")
    return lines

