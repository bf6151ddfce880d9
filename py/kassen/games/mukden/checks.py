"""Semantic checks of a decoded state or view (links, saves): positions the rules can never
produce are listed in words. Never raises on input that passed the schema."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import JAPAN, RUSSIA, SIDES
from . import combat as cb
from .schema import COMBAT_PHASES

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def validate(rules: "Rules", state: dict[str, Any], errors: list[str]) -> list[str]:
    m = rules.map
    units = state.get("units", {})
    if errors or any(u not in units for u in m.side_of):
        return errors
    # -- where units are --------------------------------------------------------------------------
    seen: dict[str, str] = {}
    for uid, unit in units.items():
        at = unit["at"]
        side = m.side_of[uid]
        if at in m.neighbors:
            if at in seen:
                errors.append(f"two units share hex {at}: {seen[at]} and {uid} (mukden.6.no-shared-hex)")
            seen[at] = uid
        elif at == m.reserve_box and uid != m.detour_unit:
            errors.append(f"only the {rules.name_unit(m.detour_unit)} can wait off the map, not {uid}")
        elif at == m.withdrawn_box and side != RUSSIA:
            errors.append(f"{uid} is in the withdrawn box, but only Russian units leave the map (mukden.9.russian-only-exit)")
    phase = state["phase"]
    allotting = phase == "allot"
    if allotting:
        for uid, unit in units.items():
            if unit["at"] != rules.scenario.units[uid]["start"]:
                errors.append(f"{uid} has left its start cell before the first turn")
        if state["time"] or state["turn"] != 1 or state["waits"]:
            errors.append("time, turn and waits start at 0, 1 and 0 before the first turn")
    # -- fighting power -------------------------------------------------------------------------------
    for side in SIDES:
        allotment, fp = state["allotment"][side], state["fp"][side]
        order = m.units_of[side]
        total = m.fp_total[side]
        side_done = not allotting or (side == JAPAN and state["active"] == RUSSIA)
        if allotment is not None:
            if any(v < m.fp_min for v in allotment.values()):
                errors.append(f"{side} allotted less than {m.fp_min} FP to a unit (mukden.3.min-three)")
            if side_done:
                if sorted(allotment) != sorted(order) or sum(allotment.values()) != total:
                    errors.append(f"{side}'s allotment does not add up to exactly {total} FP over its five units")
            else:
                pending = [u for u in order if u not in allotment]
                if [u for u in order if u in allotment] != list(order[:len(order) - len(pending)]):
                    errors.append(f"{side}'s allotment skips a unit of the fixed order")
                if sum(allotment.values()) + m.fp_min * len(pending) > total or (
                        not pending and sum(allotment.values()) != total):
                    errors.append(f"{side}'s partial allotment cannot reach exactly {total} FP")
                if allotting and side == RUSSIA and state["active"] == JAPAN and allotment:
                    errors.append("Russia allots only after Japan")
        if fp is not None:
            if not side_done:
                if fp:
                    errors.append(f"{side} has current FP before confirming its allotment")
                continue
            if sorted(fp) != sorted(order):
                errors.append(f"{side}'s current FP record does not list its five units")
                continue
            for uid in order:
                if allotment is not None and fp[uid] > allotment.get(uid, 0):
                    errors.append(f"{uid} has more current FP ({fp[uid]}) than it was allotted")
                if (fp[uid] == 0) != (units[uid]["at"] is None):
                    errors.append(f"{uid}: a unit is removed exactly when its FP reaches 0 (mukden.7.zero-removed)")
    # -- phase fields ---------------------------------------------------------------------------------
    fight = state["combat"]
    chosen = state["chosen"]
    active = state["active"]
    over = phase == "over"
    if over != (state["ended"] is not None):
        errors.append("the game is over exactly when it has an ending")
    if not over and state["time"] >= m.time_limit and phase not in COMBAT_PHASES[2:]:
        errors.append(f"time has reached {m.time_limit} but the game goes on (mukden.7.time-ten-ends)")
    if state["time"] > m.time_limit + 1:
        errors.append("elapsed time beyond the limit")
    if (phase in COMBAT_PHASES) != (fight is not None):
        errors.append(f"phase {phase} and the combat record do not match")
    if phase in ("attack",) + COMBAT_PHASES:
        if chosen is None or m.side_of.get(chosen) != active:
            errors.append("the chosen unit is missing or not the active side's")
        elif units[chosen]["at"] not in m.neighbors and phase in ("attack", "attacker-call", "defender-call"):
            errors.append("the chosen unit is not on the map")
    elif phase in ("allot", "move") and chosen is not None:
        errors.append(f"no unit is chosen yet in phase {phase}")
    if phase == "end-turn" and active != RUSSIA:
        errors.append("only a Russian turn has an end-of-turn withdrawal step")
    if not over and not allotting and not any(units[u]["at"] is not None for u in m.units_of[JAPAN]):
        errors.append("every Japanese unit is gone but the game goes on")
    if any(units[u]["at"] in m.supply for u in m.units_of[RUSSIA]) and not over:
        errors.append("a Russian unit is on the supply source but the game goes on (mukden.4.supply-sudden-death)")
    if fight is not None:
        errors += _combat_problems(rules, state, fight)
    return errors


def _combat_problems(rules: "Rules", state: dict[str, Any], fight: dict[str, Any]) -> list[str]:
    m, units, phase = rules.map, state["units"], state["phase"]
    out: list[str] = []
    a, d = fight["attacker"], fight["defender"]
    if a != state["chosen"]:
        out.append("the attacker is not the chosen unit (mukden.5.move-then-attack)")
    if m.side_of[a] == m.side_of[d]:
        out.append("a unit attacks a friendly unit")
    if fight["defender_at"] not in m.neighbors.get(fight["attacker_at"], ()):
        out.append("the attacker and the defender are not adjacent (mukden.7.one-target)")
    order = ["attacker_call", "defender_call", "attacker_die", "defender_die"]
    known = {"attacker-call": 0, "defender-call": 1, "attacker-die": 2, "defender-die": 3}.get(phase, 4)
    for i, key in enumerate(order):
        if (fight[key] is not None) != (i < known):
            out.append(f"the combat record's {key} does not fit phase {phase}")
    if (fight["modified_call"] is None) != (known < 2):
        out.append(f"the modified attack does not fit phase {phase}")
    if (fight["attacker_loss"] is None) != (known < 4):
        out.append(f"the losses do not fit phase {phase}")
    for key, uid in (("attacker_call", a), ("defender_call", d)):
        value, fp = fight[key], state["fp"][m.side_of[uid]]
        if value is not None and fp is not None and uid in fp and phase in ("defender-call", "attacker-die",
                                                                              "defender-die") and value > fp[uid]:
            out.append("a call above the unit's real FP (mukden.7.call-min-one)")
    if known >= 2 and fight["attacker_call"] is not None and fight["defender_call"] is not None:
        # the modified attack and the die bonuses follow from the calls (a play link of the right
        # types could otherwise carry any totals)
        mods = cb.modifiers(m, m.side_of[a], fight["attacker_at"], fight["defender_at"])
        attack = cb.modified_call(fight["attacker_call"], mods, rules.floor(state))
        bonus = cb.die_bonus(attack, fight["defender_call"], m.die_bonus_cap)
        if fight["modified_call"] != attack:
            out.append(f"the modified attack {fight['modified_call']} does not follow from the call "
                       f"{fight['attacker_call']} (mukden.7.mods-cumulative)")
        elif (fight["attacker_bonus"], fight["defender_bonus"]) != bonus:
            out.append("the die bonuses do not follow from the calls (mukden.7.step3-difference)")
        elif known >= 4 and fight["attacker_die"] is not None and fight["defender_die"] is not None:
            loss = cb.losses(fight["attacker_die"] + bonus[0], fight["defender_die"] + bonus[1])
            if (fight["attacker_loss"], fight["defender_loss"]) != loss:
                out.append("the losses do not follow from the dice (mukden.7.result-diff-0-1)")
    if known < 4:
        if units[a]["at"] != fight["attacker_at"] or units[d]["at"] != fight["defender_at"]:
            out.append("a unit moved during the combat before the dice")
    if fight["attacker_retreated"] and fight["defender_retreated"]:
        out.append("both sides retreated (mukden.7.attacker-retreat-blocks-defender)")
    if phase == "defender-retreat" and fight["attacker_retreated"]:
        out.append("the defender may not retreat after the attacker did")
    return out
