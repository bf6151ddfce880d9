"""Why an action is illegal, in words, citing the clause id (used in apply's error message)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.actions import Action
from ...engine.state import State
from . import combat as cb
from . import movement as mv
from .mapdata import JAPAN, RUSSIA
from .text import PHASE_WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

_PHASES_OF = {
    "allot": ("allot",), "confirm": ("allot",), "move": ("move",), "wait": ("move",),
    "withdraw": ("move", "end-turn"), "end-turn": ("end-turn",), "attack": ("attack",), "no-attack": ("attack",),
    "call": ("attacker-call", "defender-call"), "roll": ("attacker-die", "defender-die"),
    "retreat": ("attacker-retreat", "defender-retreat"), "stand": ("attacker-retreat", "defender-retreat"),
    "advance": ("advance",), "stay": ("advance",),
}


def _int(text: Optional[str]) -> Optional[int]:
    try:
        return int(text or "")
    except ValueError:
        return None


def explain(rules: "Rules", state: State, action: Action) -> Optional[str]:
    phase = state["phase"]
    verb = action.verb
    if verb not in _PHASES_OF:
        return f"'{verb}' is not an action of the Mukden game."
    if phase not in _PHASES_OF[verb]:
        return _wrong_time(rules, state, action)
    handler = globals().get("_why_" + verb.replace("-", "_"))
    reason = handler(rules, state, action) if handler else None
    if reason:
        return reason
    if phase in ("attacker-die", "defender-die"):
        return "A die shows 1 to 6 (mukden.2.dice)."
    return None


def _wrong_time(rules: "Rules", state: State, action: Action) -> str:
    phase, verb = state["phase"], action.verb
    fight = state.get("combat")
    if verb == "withdraw":
        if state["active"] != RUSSIA or phase == "allot":
            return ("Only the Russian player may declare withdrawal, at the start or the end of a Russian turn "
                    "(mukden.9.declare-withdrawal).")
        return "Withdrawal may be declared only at the start or the end of a Russian turn (mukden.9.declare-withdrawal)."
    if verb == "retreat" and fight and fight.get("aretreat"):
        return "The attacker retreated, so the defender may not retreat (mukden.7.attacker-retreat-blocks-defender)."
    if verb == "retreat" and fight and fight.get("aloss") is not None and 0 in (fight["aloss"], fight["dloss"]):
        return "A side that took no loss in the combat may not retreat (mukden.7.retreat-undamaged-forbidden)."
    if verb == "retreat" and fight and fight.get("aloss") is not None:
        return ("There is no hex to retreat to: a retreat needs an empty hex not adjacent to an enemy "
                "(mukden.7.retreat-none-available).")
    if verb in ("move", "wait") and phase in ("attack",) + tuple(_PHASES_OF["call"]):
        return ("Only one unit is chosen each turn, and it moves before it attacks (mukden.5.choose-one-unit, "
                "mukden.5.move-then-attack).")
    if verb == "attack" and phase == "move":
        return "The chosen unit first moves, then attacks (mukden.5.move-then-attack)."
    if verb == "roll":
        return "The dice are rolled after both calls (mukden.7.step4-roll)."
    if verb == "call" and phase in ("attack", "move"):
        return "Calls are made once an attack has been declared (mukden.7.step1-attacker-call)."
    if verb in ("allot", "confirm"):
        return "Fighting power is allotted only before the first turn (mukden.3.jp-fp-27, mukden.3.ru-fp-20)."
    return f"Now is the time for: {PHASE_WORDS.get(phase, phase)}; '{action.to_text()}' is not possible now."


def _why_allot(rules: "Rules", state: State, action: Action) -> Optional[str]:
    m = rules.map
    side = state["active"]
    uid, values = rules.allot_values(state)
    if uid is None:
        return "Every unit has its fighting power: confirm the allotment."
    if action.units != (uid,):
        return f"Fighting power is allotted one unit at a time, in order: next is the {rules.words.unit(uid)}."
    value = _int(action.arg)
    if value is None:
        return "Allot a whole number of FP."
    clause = "mukden.3.jp-fp-27" if side == JAPAN else "mukden.3.ru-fp-20"
    if value < m.fp_min:
        return f"Every unit receives at least {m.fp_min} FP (mukden.3.min-three)."
    if value not in values:
        return (f"{rules.words.side(side)} divides exactly {m.fp_total[side]} FP with at least {m.fp_min} for every "
                f"unit: this unit may receive {values[0]} to {values[-1]} ({clause}, mukden.3.min-three).")
    return None


def _why_confirm(rules: "Rules", state: State, action: Action) -> Optional[str]:
    uid, _ = rules.allot_values(state)
    if uid is not None:
        return f"Allot fighting power to every unit first (next: the {rules.words.unit(uid)}) (mukden.3.min-three)."
    return None


def _why_move(rules: "Rules", state: State, action: Action) -> Optional[str]:
    m, units = rules.map, state["units"]
    side = state["active"]
    if not action.units or action.units[0] not in m.side_of:
        return "Name one unit to move."
    uid = action.units[0]
    if m.side_of[uid] != side:
        return "A player chooses one of his own units (mukden.5.choose-one-unit)."
    if side == RUSSIA and not mv.units_on_map(m, units, RUSSIA):
        return "No Russian unit is left on the map: Russia can only declare withdrawal (ruling R9)."
    if action.cell is None:
        return "Give the hex the unit moves to (its own hex to stay)."
    if units[uid]["at"] == m.reserve_box:
        return _why_place(rules, state, action.cell)
    return mv.why_not(m, units, uid, action.cell)


def _why_place(rules: "Rules", state: State, cell: str) -> str:
    m = rules.map
    waits = state["waits"]
    open_cells = m.detour_steps[min(waits, len(m.detour_steps) - 1)]
    clause = ("mukden.8.jp3-first-choice", "mukden.8.jp3-second-choice", "mukden.8.jp3-third-choice")[min(waits, 2)]
    letters = "/".join(rules.words.letter(h) or h for h in open_cells)
    if cell in open_cells:
        return "That entry hex is occupied; a unit may not enter another unit's hex (mukden.6.no-shared-hex)."
    return (f"After {waits} wait(s) the 3rd Army may be placed only on {letters}; it moves no further in the turn "
            f"it is placed ({clause}, mukden.8.jp3-place-no-move).")


def _why_wait(rules: "Rules", state: State, action: Action) -> Optional[str]:
    m, units = rules.map, state["units"]
    if action.units != (m.detour_unit,) or units[m.detour_unit]["at"] != m.reserve_box:
        return "Only the 3rd Army, while off the map, may wait (mukden.8.jp3-first-choice)."
    if not mv.may_wait(m, units, state["waits"]):
        return "After waiting twice the 3rd Army must be placed on A, B or C (mukden.8.jp3-third-choice)."
    return None


def _why_attack(rules: "Rules", state: State, action: Action) -> Optional[str]:
    m, units = rules.map, state["units"]
    uid = state["chosen"]
    target = mv.occupancy(units, m).get(action.cell or "")
    if target is None or m.side_of[target] == m.side_of[uid]:
        return "The chosen unit attacks one enemy unit (mukden.7.one-target)."
    if target not in mv.adjacent_enemies(m, units, uid):
        return "The chosen unit may attack only an adjacent enemy unit (mukden.7.one-target)."
    return None


def _why_no_attack(rules: "Rules", state: State, action: Action) -> Optional[str]:
    if cb.attack_required(rules.map, state["units"], state["chosen"]):
        return "The chosen unit is next to an enemy and must attack it (mukden.7.attack-compulsory)."
    return None


def _why_call(rules: "Rules", state: State, action: Action) -> Optional[str]:
    value = _int(action.arg)
    if value is None or value < 1:
        return "A call is at least 1 (mukden.7.call-min-one)."
    fight = state["combat"]
    uid = fight["attacker"] if state["phase"] == "attacker-call" else fight["defender"]
    if value > state["fp"][rules.map.side_of[uid]][uid]:
        return "A call may be lower than the unit's real fighting power, never higher (mukden.7.call-min-one)."
    return None


def _why_roll(rules: "Rules", state: State, action: Action) -> Optional[str]:
    value = _int(action.arg)
    if value is None or not 1 <= value <= 6:
        return "A die shows 1 to 6 (mukden.2.dice)."
    return None


def _why_retreat(rules: "Rules", state: State, action: Action) -> Optional[str]:
    m, units, fight = rules.map, state["units"], state["combat"]
    attacker_turn = state["phase"] == "attacker-retreat"
    uid = fight["attacker"] if attacker_turn else fight["defender"]
    at = units[uid]["at"]
    cell = action.cell or ""
    if cell == m.withdrawn_box:
        if m.side_of[uid] != RUSSIA or at not in m.exits:
            return ("Only a Russian unit on a north-edge exit hex may retreat off the map "
                    "(mukden.9.exit-by-retreat, mukden.9.russian-only-exit).")
        return None
    if cell not in m.neighbors.get(at, ()):
        return "A retreat is exactly one hex (mukden.7.retreat-one-hex)."
    if cell in mv.occupancy(units, m):
        return "A unit may not retreat into another unit's hex (mukden.6.no-shared-hex)."
    if cell in mv.enemy_zone(units, m, m.side_of[uid]):
        return "A unit may not retreat into a hex adjacent to an enemy unit (mukden.7.retreat-not-adjacent-enemy)."
    return None


def _why_advance(rules: "Rules", state: State, action: Action) -> Optional[str]:
    if action.cell != state["combat"]["d_at"]:
        return "The attacker may advance only into the hex the defender left (mukden.7.advance)."
    return None


def _why_withdraw(rules: "Rules", state: State, action: Action) -> Optional[str]:
    if state["active"] != RUSSIA:
        return ("Only the Russian player may declare withdrawal, at the start or the end of a Russian turn "
                "(mukden.9.declare-withdrawal).")
    return None
