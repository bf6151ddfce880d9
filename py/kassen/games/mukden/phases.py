"""The Mukden sequence of play as phase objects (shared/rules/mukden.md; clause ids in comments).

The secret allotment (Japan, then Russia, one unit at a time), then alternating single turns,
Japan first: choose one unit and move it (one action per destination), attack with it (compulsory
unless exempt), then the combat steps -- the attacker's call, the defender's call, the attacker's
die, the defender's die (chance), retreat decisions, losses, advance. Time passes on natural sixes;
the game ends on time, on a Russian withdrawal declaration, or at once when a Russian unit enters
the Japanese supply source.

Each phase keeps together who acts, the legal actions, the refusals with their clauses, the effects
and the prompt. The procedures several phases share (ending a turn, taking losses, finishing the
game) are the functions at the end.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.phases import ACTIVE, OTHER, ChancePhase, Over, Phase, Refusal, phase_table, refuse
from ...engine.state import CHANCE, TERMINAL, Event, State, View, event
from . import combat as cb
from . import movement as mv
from .data import JAPAN, RUSSIA, SIDES
from .hooks import fp_record

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

ROLLS = tuple(Action("roll", arg=str(d)) for d in range(1, 7))


def _int(text: Optional[str]) -> Optional[int]:
    try:
        return int(text or "")
    except ValueError:
        return None


def _is_int_text(text: Optional[str]) -> bool:
    """A short whole number (hostile 5,000-digit arguments are refused before int())."""
    return text is not None and len(text) < 5 and text.lstrip("-").isdigit()


# == set-up: the secret allotment ====================================================================
class Allot(Phase):
    """mukden.3.*: each side divides its FP among its units in secret, one unit at a time, in a
    fixed order, at least fp_min each; then confirms."""

    name, clause = "allot", "mukden.3.secret-until-end"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        uid, values = g.allot_values(state)
        if uid is None:
            return [Action("confirm")]
        return [Action("allot", (uid,), arg=str(v)) for v in values]

    def refuse_allot(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        m = g.map
        side_id = state["active"]
        uid, values = g.allot_values(state)
        clause = "mukden.3.jp-fp-27" if side_id == JAPAN else "mukden.3.ru-fp-20"
        if uid is None:
            return refuse("mukden.refuse.allot-confirm", clause)
        if action.units != (uid,) or action.cell is not None:
            return refuse("mukden.refuse.allot-order", clause, unit=unit(uid))
        value = _int(action.arg) if _is_int_text(action.arg) else None
        if value is None:
            return refuse("mukden.refuse.allot-whole", "mukden.3.min-three")
        if value < m.fp_min:
            return refuse("mukden.refuse.allot-min", "mukden.3.min-three", minimum=m.fp_min)
        if value not in values or action.arg != str(value):
            return refuse("mukden.refuse.allot-range", clause, "mukden.3.min-three", side=side(side_id),
                          total=m.fp_total[side_id], minimum=m.fp_min, low=values[0], high=values[-1])
        return None

    def do_allot(self, g: "Rules", state: State, action: Action) -> list[Event]:
        side_id, uid, value = state["active"], action.units[0], int(action.arg or 0)
        state["allotment"][side_id][uid] = value
        return [event(msg("mukden.log.allot", value=value, unit=unit(uid)), "secret", to=side_id)]

    def refuse_confirm(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        uid, _ = g.allot_values(state)
        if uid is not None:
            return refuse("mukden.refuse.confirm-first", "mukden.3.min-three", unit=unit(uid))
        if action != Action("confirm"):
            return g.not_offered(self, action)
        return None

    def do_confirm(self, g: "Rules", state: State, action: Action) -> list[Event]:
        side_id = state["active"]
        allotment = state["allotment"][side_id]
        state["fp"][side_id] = dict(allotment)
        order = list(g.map.units_of[side_id])
        events = [event(msg("mukden.log.allotted", side=side(side_id), total=sum(allotment.values())), "phase"),
                  event(msg("mukden.log.record", record=fp_record(g, state["fp"][side_id], allotment, order)),
                        "secret", to=side_id)]
        if side_id == JAPAN:
            state["active"] = RUSSIA
            events.append(event(msg("mukden.log.russia-allots"), "phase"))
        else:
            events += start_turn(g, state, JAPAN)  # mukden.5.japan-first
        return events

    def prompt(self, g: "Rules", view: View) -> Msg:
        to_move = view["to_move"]
        allotment = (view.get("allotment") or {}).get(to_move)
        if allotment is None:
            return msg("mukden.prompt.allotting", side=side(to_move))
        m = g.map
        pending = [u for u in m.units_of[to_move] if u not in allotment]
        if not pending:
            return msg("mukden.prompt.confirm", side=side(to_move))
        return msg("mukden.prompt.allot", side=side(to_move), unit=unit(pending[0]),
                   left=m.fp_total[to_move] - sum(allotment.values()), count=len(pending), minimum=m.fp_min)


# == a turn: choose a unit and move it =================================================================
class Move(Phase):
    """mukden.5.choose-one-unit, mukden.6.*, mukden.8.* (the detour), mukden.9.* (leaving, withdrawal)."""

    name, clause = "move", "mukden.5.choose-one-unit"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        m, units = g.map, state["units"]
        side_id = state["active"]
        if side_id == RUSSIA and not mv.units_on_map(m, units, RUSSIA):
            return [Action("withdraw")]  # ruling 9: nothing else is left to do
        out: list[Action] = []
        held, zone = mv.held_hexes(m, units), mv.enemy_zone(units, m, side_id)  # the same for every unit
        for uid in mv.choosable(m, units, side_id):
            if units[uid]["at"] == m.reserve_box:
                out.extend(g.move_action(uid, c) for c in mv.detour_cells(m, units, state["waits"]))
                if mv.may_wait(m, units, state["waits"]):
                    out.append(Action("wait", (uid,)))
            else:
                out.extend(g.move_action(uid, c) for c in mv.destinations(m, units, uid, held, zone))
        if side_id == RUSSIA:
            out.append(Action("withdraw"))  # ruling 9: at the start of a Russian turn
        return out

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        m, units = g.map, state["units"]
        side_id = state["active"]
        if len(action.units) != 1 or action.units[0] not in m.side_of or action.arg is not None:
            return refuse("mukden.refuse.name-unit", "mukden.5.choose-one-unit")
        uid = action.units[0]
        if m.side_of[uid] != side_id:
            return refuse("mukden.refuse.own-unit", "mukden.5.choose-one-unit")
        if side_id == RUSSIA and not mv.units_on_map(m, units, RUSSIA):
            return refuse("mukden.refuse.only-withdraw", "mukden.9.declare-withdrawal")
        if action.cell is None:
            return refuse("mukden.refuse.give-hex", "mukden.6.move-one-or-two")
        if units[uid]["at"] == m.reserve_box:
            if action.cell in mv.detour_cells(m, units, state["waits"]):
                return None
            return refuse_placement(g, state, action.cell)
        if action.cell in mv.destinations(m, units, uid):
            return None
        return mv.refuse_destination(m, units, uid, action.cell)

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        m, units = g.map, state["units"]
        uid, dest = action.units[0], action.cell
        frm = units[uid]["at"]
        units[uid]["at"] = dest
        state["chosen"] = uid
        if frm == m.reserve_box:  # mukden.8.jp3-place-no-move
            events = [event(msg("mukden.log.enters", unit=unit(uid), to=cell(dest)), "move")]
        elif dest == m.withdrawn_box:  # mukden.9.russian-only-exit
            events = [event(msg("mukden.log.exits", unit=unit(uid), **{"from": frm}), "move")]
            return events + end_turn(g, state)
        elif dest == frm:
            events = [event(msg("mukden.log.stays", unit=unit(uid), at=cell(frm)), "move")]
        else:
            events = [event(msg("mukden.log.moves", unit=unit(uid), to=cell(dest), **{"from": cell(frm)}), "move")]
        if entered_supply(g, state, uid):
            return events + finish(g, state, "supply")
        if not mv.adjacent_enemies(m, state["units"], uid):
            return events + end_turn(g, state)
        state["phase"] = "attack"
        return events

    def refuse_wait(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        m, units = g.map, state["units"]
        if (action.units != (m.detour_unit,) or units[m.detour_unit]["at"] != m.reserve_box
                or state["active"] != JAPAN or action.cell is not None or action.arg is not None):
            return refuse("mukden.refuse.wait-who", "mukden.8.jp3-first-choice")
        if not mv.may_wait(m, units, state["waits"]):
            return refuse("mukden.refuse.wait-third", "mukden.8.jp3-third-choice")
        return None

    def do_wait(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        state["waits"] = min(state["waits"] + 1, len(g.map.detour_steps) - 1)
        state["chosen"] = uid
        return [event(msg("mukden.log.waits", unit=unit(uid)), "move")] + end_turn(g, state)

    def refuse_withdraw(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refuse_declaration(g, state, action)

    def do_withdraw(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("mukden.log.declares"), "phase")] + finish(g, state, "withdrawal")

    def prompt(self, g: "Rules", view: View) -> Msg:
        to_move = view["to_move"]
        if to_move == RUSSIA and not any(view.get("units", {}).get(u, {}).get("at") in g.map.neighbors
                                         for u in g.map.units_of[RUSSIA]):
            return msg("mukden.prompt.only-withdraw", side=side(to_move))
        key = "mukden.prompt.move-russia" if to_move == RUSSIA else "mukden.prompt.move"
        return msg(key, side=side(to_move))


def refuse_placement(g: "Rules", state: State, target: str) -> Refusal:
    """Why the 3rd Army may not be placed on ``target`` now (mukden.8.*)."""
    m = g.map
    waits = state["waits"]
    open_cells = m.detour_steps[min(waits, len(m.detour_steps) - 1)]
    clause = ("mukden.8.jp3-first-choice", "mukden.8.jp3-second-choice", "mukden.8.jp3-third-choice")[min(waits, 2)]
    if target in open_cells:
        return refuse("mukden.refuse.entry-occupied", "mukden.6.no-shared-hex")
    letters = "/".join(g.words.letter(h) or h for h in open_cells)
    return refuse("mukden.refuse.entry-open", clause, "mukden.8.jp3-place-no-move", count=waits, letters=letters)


def refuse_declaration(g: "Rules", state: State, action: Action) -> Optional[Refusal]:
    """mukden.9.declare-withdrawal: Russia, at the start or the end of its own turn."""
    if state["active"] != RUSSIA:
        return refuse("mukden.refuse.withdraw-russian", "mukden.9.declare-withdrawal")
    if action != Action("withdraw"):
        return refuse("mukden.refuse.withdraw-when", "mukden.9.declare-withdrawal")
    return None


# == attack ==============================================================================================
class Attack(Phase):
    """mukden.7.one-target, mukden.7.attack-compulsory (and its exemptions)."""

    name, clause = "attack", "mukden.5.move-then-attack"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        m, units = g.map, state["units"]
        uid = state["chosen"]
        out = [g.attack_action(units[e]["at"]) for e in mv.adjacent_enemies(m, units, uid)]
        if not cb.attack_required(m, units, uid):
            out.append(Action("no-attack"))
        return out

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        m, units = g.map, state["units"]
        uid = state["chosen"]
        target = mv.occupancy(units, m).get(action.cell or "")
        if target is None or m.side_of[target] == m.side_of[uid] or action.units or action.arg is not None:
            return refuse("mukden.refuse.one-target", "mukden.7.one-target")
        if target not in mv.adjacent_enemies(m, units, uid):
            return refuse("mukden.refuse.adjacent-target", "mukden.7.one-target")
        return None

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        units = state["units"]
        attacker = state["chosen"]
        defender = mv.occupancy(units, g.map)[action.cell]
        state["combat"] = {
            "attacker": attacker, "defender": defender, "attacker_at": units[attacker]["at"],
            "defender_at": action.cell, "attacker_call": None, "defender_call": None, "modified_call": None,
            "attacker_bonus": None, "defender_bonus": None, "attacker_die": None, "defender_die": None,
            "attacker_loss": None, "defender_loss": None, "attacker_retreated": False, "defender_retreated": False,
        }
        state["phase"] = "attacker-call"
        return [event(msg("mukden.log.attacks", unit=unit(attacker), target=unit(defender), at=cell(action.cell),
                          **{"from": units[attacker]["at"]}), "combat")]

    def refuse_no_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if cb.attack_required(g.map, state["units"], state["chosen"]):
            return refuse("mukden.refuse.must-attack", "mukden.7.attack-compulsory")
        return None if action == Action("no-attack") else g.not_offered(self, action)

    def do_no_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("mukden.log.no-attack", unit=unit(state["chosen"])), "combat")] + end_turn(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("mukden.prompt.attack", side=side(view["to_move"]), unit=unit(view.get("chosen")))


# == combat: calls ======================================================================================
class Call(Phase):
    """mukden.7.step1-attacker-call / step2-defender-call: 1 up to the unit's real FP, never more."""

    clause = "mukden.7.step1-attacker-call"
    attacker = True

    def caller(self, state: State) -> str:
        return state["combat"]["attacker" if self.attacker else "defender"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        uid = self.caller(state)
        return list(g.call_actions[1:state["fp"][g.map.side_of[uid]][uid] + 1])

    def refuse_call(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        value = _int(action.arg) if _is_int_text(action.arg) else None
        if value is None or value < 1 or action.arg != str(value):
            return refuse("mukden.refuse.call-min", "mukden.7.call-min-one")
        uid = self.caller(state)
        if value > state["fp"][g.map.side_of[uid]][uid]:
            return refuse("mukden.refuse.call-max", "mukden.7.call-min-one")
        if action.units or action.cell is not None:
            return g.not_offered(self, action)
        return None

    def do_call(self, g: "Rules", state: State, action: Action) -> list[Event]:
        m, fight = g.map, state["combat"]
        value = int(action.arg or 0)
        if self.attacker:
            fight["attacker_call"] = value
            state["phase"] = "defender-call"
            return [event(msg("mukden.log.calls", unit=unit(fight["attacker"]), value=value), "combat")]
        fight["defender_call"] = value
        mods = cb.modifiers(m, m.side_of[fight["attacker"]], fight["attacker_at"], fight["defender_at"])
        attack = cb.modified_call(fight["attacker_call"], mods, g.floor(state))
        attacker_bonus, defender_bonus = cb.die_bonus(attack, value, m.die_bonus_cap)
        fight.update({"modified_call": attack, "attacker_bonus": attacker_bonus, "defender_bonus": defender_bonus})
        state["phase"] = "attacker-die"
        how: Any = msg("mukden.log.modified", mods=[msg(f"mukden.log.mod.{x}") for x in mods], attack=attack) \
            if mods else ""
        if attacker_bonus:
            bonus = msg("mukden.log.bonus.attacker", n=attacker_bonus)
        elif defender_bonus:
            bonus = msg("mukden.log.bonus.defender", n=defender_bonus)
        else:
            bonus = msg("mukden.log.bonus.none")
        return [event(msg("mukden.log.calls", unit=unit(fight["defender"]), value=value), "combat"),
                event(msg("mukden.log.attack-vs", call=fight["attacker_call"], how=how, defence=value, bonus=bonus),
                      "combat")]

    def prompt(self, g: "Rules", view: View) -> Msg:
        fight = view.get("combat") or {}
        return msg("mukden.prompt.call", side=side(view["to_move"]),
                   unit=unit(fight.get("attacker") if self.attacker else fight.get("defender")))


class AttackerCall(Call):
    name, clause, actor, attacker = "attacker-call", "mukden.7.step1-attacker-call", ACTIVE, True


class DefenderCall(Call):
    name, clause, actor, attacker = "defender-call", "mukden.7.step2-defender-call", OTHER, False


# == combat: dice ===========================================================================================
class Die(ChancePhase):
    """mukden.7.step4-roll: each side rolls one die (one chance node each)."""

    clause = "mukden.7.step4-roll"
    attacker = True

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, 1 / 6) for a in ROLLS]

    def refusal(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action in ROLLS:
            return None
        return refuse("mukden.refuse.die", "mukden.2.dice")

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        m, fight = g.map, state["combat"]
        die = int(action.arg or 0)
        if self.attacker:
            fight["attacker_die"] = die
            state["phase"] = "defender-die"
            return [event(msg("mukden.log.attacker-rolls", die=die), "dice", dice=[die],
                          side=m.side_of[fight["attacker"]])]
        fight["defender_die"] = die
        events = [event(msg("mukden.log.defender-rolls", die=die), "dice", dice=[die],
                        side=m.side_of[fight["defender"]])]
        attacker_total, defender_total = fight["attacker_die"] + fight["attacker_bonus"], die + fight["defender_bonus"]
        attacker_loss, defender_loss = cb.losses(attacker_total, defender_total)
        fight.update({"attacker_loss": attacker_loss, "defender_loss": defender_loss})
        events.append(event(msg("mukden.log.result", attack=attacker_total, defence=defender_total,
                                attacker=unit(fight["attacker"]), attacker_loss=attacker_loss,
                                defender=unit(fight["defender"]), defender_loss=defender_loss), "combat"))
        if g.revision_of(state) >= 1:  # ruling X8: a combat was fought
            state["quiet"] = 0
        passed = cb.time_passed(fight["attacker_die"], die)
        if passed:
            state["time"] = min(state["time"] + passed, m.time_limit + 1)
            events.append(event(msg("mukden.log.time", passed=passed, time=min(state["time"], m.time_limit),
                                    limit=m.time_limit), "time"))
            if state["time"] >= m.time_limit:
                events.append(event(msg("mukden.log.time-up"), "phase"))
        return events + attacker_retreat_stage(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("mukden.prompt.roll-attacker" if self.attacker else "mukden.prompt.roll-defender")


class AttackerDie(Die):
    name, attacker = "attacker-die", True


class DefenderDie(Die):
    name, attacker = "defender-die", False


# == combat: retreats, losses, advance =================================================================
class Retreat(Phase):
    """mukden.7.retreat-*: one hex, empty, not next to an enemy (or off the map from an exit hex,
    mukden.9.exit-by-retreat); a side with no loss may not retreat."""

    clause = "mukden.7.retreat-order"
    attacker = True

    def retreater(self, state: State) -> str:
        return state["combat"]["attacker" if self.attacker else "defender"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        cells = mv.retreat_hexes(g.map, state["units"], self.retreater(state))
        return [g.retreat_action(c) for c in cells] + [Action("stand")]

    def refuse_retreat(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        m, units = g.map, state["units"]
        uid = self.retreater(state)
        at = units[uid]["at"]
        target = action.cell or ""
        if target == m.withdrawn_box:
            if m.side_of[uid] != RUSSIA or at not in m.exits:
                return refuse("mukden.refuse.retreat-off", "mukden.9.exit-by-retreat", "mukden.9.russian-only-exit")
        elif target not in m.neighbors.get(at, ()):
            return refuse("mukden.refuse.retreat-one", "mukden.7.retreat-one-hex")
        elif target in mv.occupancy(units, m):
            return refuse("mukden.refuse.retreat-occupied", "mukden.6.no-shared-hex")
        elif target in mv.enemy_zone(units, m, m.side_of[uid]):
            return refuse("mukden.refuse.retreat-zone", "mukden.7.retreat-not-adjacent-enemy")
        if action.units or action.arg is not None:
            return g.not_offered(self, action)
        return None

    def do_retreat(self, g: "Rules", state: State, action: Action) -> list[Event]:
        m, fight = g.map, state["combat"]
        uid = self.retreater(state)
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = action.cell
        fight["attacker_retreated" if self.attacker else "defender_retreated"] = True
        if action.cell == m.withdrawn_box:  # mukden.9.exit-by-retreat
            events = [event(msg("mukden.log.retreats-off", unit=unit(uid), **{"from": frm}), "move")]
        else:
            events = [event(msg("mukden.log.retreats", unit=unit(uid), to=cell(action.cell), **{"from": frm}),
                            "move")]
        if entered_supply(g, state, uid):
            return events + finish(g, state, "supply")
        # an attacker's retreat skips the defender's decision: mukden.7.attacker-retreat-blocks-defender
        return events + take_losses(g, state)

    def refuse_stand(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == Action("stand") else g.not_offered(self, action)

    def do_stand(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = self.retreater(state)
        events = [event(msg("mukden.log.stands", unit=unit(uid)), "combat")]
        if self.attacker:
            return events + defender_retreat_stage(g, state)
        return events + take_losses(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        fight = view.get("combat") or {}
        return msg("mukden.prompt.retreat", side=side(view["to_move"]),
                   unit=unit(fight.get("attacker") if self.attacker else fight.get("defender")))


class AttackerRetreat(Retreat):
    name, actor, attacker = "attacker-retreat", ACTIVE, True


class DefenderRetreat(Retreat):
    name, actor, attacker = "defender-retreat", OTHER, False


class Advance(Phase):
    """mukden.7.advance: the attacker may enter the hex the defender left (ruling 13: no stops, no
    new attack)."""

    name, clause = "advance", "mukden.7.advance"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [Action("advance", cell=state["combat"]["defender_at"]), Action("stay")]

    def refuse_advance(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action != Action("advance", cell=state["combat"]["defender_at"]):
            return refuse("mukden.refuse.advance-where", "mukden.7.advance")
        return None

    def do_advance(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = state["combat"]["attacker"]
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = action.cell
        events = [event(msg("mukden.log.advances", unit=unit(uid), to=cell(action.cell), **{"from": frm}), "move")]
        if entered_supply(g, state, uid):
            return events + finish(g, state, "supply")
        return events + after_combat(g, state)

    def refuse_stay(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == Action("stay") else g.not_offered(self, action)

    def do_stay(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = state["combat"]["attacker"]
        return [event(msg("mukden.log.no-advance", unit=unit(uid)), "combat")] + after_combat(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("mukden.prompt.advance", side=side(view["to_move"]),
                   to=cell((view.get("combat") or {}).get("defender_at")))


class EndTurn(Phase):
    """Ruling 9: Russia may declare withdrawal at the end of a turn in which one of its units left."""

    name, clause = "end-turn", "mukden.9.declare-withdrawal"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [Action("end-turn"), Action("withdraw")]

    def refuse_end_turn(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == Action("end-turn") else g.not_offered(self, action)

    def do_end_turn(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("mukden.log.no-declare"), "phase")] + end_turn(g, state)

    def refuse_withdraw(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refuse_declaration(g, state, action)

    def do_withdraw(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("mukden.log.declares"), "phase")] + finish(g, state, "withdrawal")

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("mukden.prompt.end-turn", side=side(view["to_move"]))


class GameOver(Over):
    label_key = "mukden.phase.over"


PHASES = phase_table(Allot(), Move(), Attack(), AttackerCall(), DefenderCall(), AttackerDie(), DefenderDie(),
                     AttackerRetreat(), DefenderRetreat(), Advance(), EndTurn(), GameOver())


# == refusals of actions made at the wrong time ===========================================================
def wrong_time(g: "Rules", state: State, action: Action) -> Optional[Refusal]:
    """The clause that says why this kind of action does not come now (None: the generic answer)."""
    phase, verb = state["phase"], action.verb
    fight = state.get("combat")
    if verb == "withdraw":
        if state["active"] != RUSSIA or phase == "allot":
            return refuse("mukden.refuse.withdraw-russian", "mukden.9.declare-withdrawal")
        return refuse("mukden.refuse.withdraw-when", "mukden.9.declare-withdrawal")
    if verb == "retreat" and fight and fight.get("attacker_retreated"):
        return refuse("mukden.refuse.defender-no-retreat", "mukden.7.attacker-retreat-blocks-defender")
    if verb == "retreat" and fight and fight.get("attacker_loss") is not None and \
            0 in (fight["attacker_loss"], fight["defender_loss"]):
        return refuse("mukden.refuse.undamaged-no-retreat", "mukden.7.retreat-undamaged-forbidden")
    if verb == "retreat" and fight and fight.get("attacker_loss") is not None:
        return refuse("mukden.refuse.no-retreat-hex", "mukden.7.retreat-none-available")
    if verb in ("move", "wait") and phase in ("attack", "attacker-call", "defender-call"):
        return refuse("mukden.refuse.one-unit-moves-first", "mukden.5.choose-one-unit", "mukden.5.move-then-attack")
    if verb == "attack" and phase == "move":
        return refuse("mukden.refuse.move-first", "mukden.5.move-then-attack")
    if verb == "roll":
        return refuse("mukden.refuse.roll-after-calls", "mukden.7.step4-roll")
    if verb == "call" and phase in ("attack", "move"):
        return refuse("mukden.refuse.calls-after-attack", "mukden.7.step1-attacker-call")
    if verb in ("allot", "confirm"):
        return refuse("mukden.refuse.allot-before", "mukden.3.jp-fp-27", "mukden.3.ru-fp-20")
    return None


# == procedures several phases share =======================================================================
def start_turn(g: "Rules", state: State, side_id: str) -> list[Event]:
    state.update({"active": side_id, "phase": "move", "chosen": None, "combat": None})
    return [event(msg("mukden.log.turn", turn=state["turn"], side=side(side_id)), "phase")]


def end_turn(g: "Rules", state: State) -> list[Event]:
    m = g.map
    side_id = state["active"]
    if side_id == RUSSIA:
        if state["phase"] != "end-turn" and any(state["units"][u]["at"] == m.withdrawn_box for u in m.units_of[RUSSIA]):
            state.update({"phase": "end-turn", "combat": None})  # ruling 9: declare at the end
            return []
        state["turn"] += 1
    if g.revision_of(state) >= 1:  # ruling X8 (a game begun before it keeps the old reading)
        state["quiet"] = state.get("quiet", 0) + 1
        if state["quiet"] >= m.quiet_turns_limit:
            return [event(msg("mukden.log.stalemate", turns=m.quiet_turns_limit), "phase")] + \
                finish(g, state, "stalemate")
    return start_turn(g, state, g.other_side(side_id))


def attacker_retreat_stage(g: "Rules", state: State) -> list[Event]:
    fight = state["combat"]
    if fight["attacker_loss"] and mv.retreat_hexes(g.map, state["units"], fight["attacker"]):
        state["phase"] = "attacker-retreat"
        return []
    return defender_retreat_stage(g, state)


def defender_retreat_stage(g: "Rules", state: State) -> list[Event]:
    fight = state["combat"]
    if (not fight["attacker_retreated"] and fight["defender_loss"]
            and mv.retreat_hexes(g.map, state["units"], fight["defender"])):
        state["phase"] = "defender-retreat"
        return []
    return take_losses(g, state)


def take_losses(g: "Rules", state: State) -> list[Event]:
    """Net losses after the retreat reductions; units at 0 are removed (ruling 3)."""
    m, fight, units = g.map, state["combat"], state["units"]
    attacker_loss, defender_loss = fight["attacker_loss"], fight["defender_loss"]
    if fight["attacker_retreated"]:
        attacker_loss, defender_loss = max(attacker_loss - 1, 0), 0  # mukden.7.attacker-retreat-zeroes-defender-loss
    if fight["defender_retreated"]:
        defender_loss = max(defender_loss - 1, 0)  # mukden.7.retreat-reduces-loss
    events: list[Event] = []
    for uid, loss in ((fight["attacker"], attacker_loss), (fight["defender"], defender_loss)):
        side_id = m.side_of[uid]
        if not loss:
            events.append(event(msg("mukden.log.no-loss", unit=unit(uid)), "combat"))
            continue
        fp = state["fp"][side_id]
        fp[uid] = max(fp[uid] - loss, 0)  # mukden.7.record-loss
        events.append(event(msg("mukden.log.loss", unit=unit(uid), loss=loss), "combat"))
        if fp[uid] == 0:  # mukden.7.zero-removed
            where = units[uid]["at"]
            units[uid]["at"] = None
            events.append(event(msg("mukden.log.destroyed", unit=unit(uid), at=cell(where)), "combat"))
        else:
            data = g.scenario.units[uid]
            events.append(event(msg("mukden.log.now-has", name=data["name"], kanji=data.get("kanji") or data["name"],
                                    fp=fp[uid],
                                    allotted=state["allotment"][side_id][uid]), "secret", to=side_id))
    if not any(units[u]["at"] is not None for u in m.units_of[JAPAN]):
        return events + finish(g, state, "annihilation")
    attacker_here = units[fight["attacker"]]["at"] == fight["attacker_at"]
    defender_gone = units[fight["defender"]]["at"] != fight["defender_at"]
    if attacker_here and defender_gone:
        state["phase"] = "advance"
        return events
    return events + after_combat(g, state)


def after_combat(g: "Rules", state: State) -> list[Event]:
    if state["time"] >= g.map.time_limit:  # mukden.7.time-ten-ends (ruling 11)
        return finish(g, state, "time")
    return end_turn(g, state)


def entered_supply(g: "Rules", state: State, uid: str) -> bool:
    """mukden.4.supply-sudden-death: a Russian unit in the supply source ends the game."""
    return g.map.side_of[uid] == RUSSIA and state["units"][uid]["at"] in g.map.supply


def finish(g: "Rules", state: State, how: str) -> list[Event]:
    """The game ends: every record is revealed (mukden.3.secret-until-end) and the result logged."""
    state.update({"phase": "over", "ended": how, "chosen": None, "combat": None})
    records = [msg("mukden.log.side-record", side=side(s),
                   record=fp_record(g, state["fp"][s], state["allotment"][s], list(g.map.units_of[s])))
               for s in SIDES]
    result = g.outcome(state) or {}
    return [event(msg("mukden.log.revealed", records=msg("mukden.log.records-join", first=records[0],
                                                            second=records[1])), "reveal"),
            event(result.get("reason") or msg("engine.prompt.over"), "end", winner=result.get("winner"))]


__all__ = ["PHASES", "wrong_time", "CHANCE", "TERMINAL"]
