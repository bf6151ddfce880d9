"""The Bakumatsu sequence of play as phase objects (shared/rules/bakumatsu.md; clause ids inline).

Set-up (Toba-Fushimi 15-1-4), then turns of six phases (5): the first player's Recovery/Movement
phase, the second player's Fire phase, the first player's Melee phase, and the same with the
sides swapped. A Recovery/Movement phase starts with the side's reinforcement steps (13-1: the
Appearance Check, draws from the cup; Tabarazaka: reorganization, commander draws, Saigō
Takamori's roll), all chance steps; units then recover, move or enter one at a time. A fire or a
melee is declared, supporters are added one by one, the dice are rolled (two chance steps, then a
morale die for an Mx), and a retreat is taken hex by hex by the retreating unit's owner.

``state["segment"]`` is the phase of the turn (rm, fire, melee) and ``state["active"]`` the player
whose turn it is; ``state["phase"]`` is the step (the key of the phase table).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.phases import ACTIVE, OTHER, ChancePhase, Over, Phase, Refusal, phase_table, refuse
from ...engine.reinforcements import cup_outcomes
from ...engine.retreat import RetreatStep
from ...engine.state import Event, State, View, event
from . import combat as cb
from . import victory
from .data import ARRIVED, COMMANDER_CUP, CUP, HAND, SET_ASIDE, SETUP, box
from .movement import Situation, moved_message

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def unit_at(view: View, uid: Optional[str], at: Optional[str] = None) -> Msg:
    """A unit as prompts name it, with the hex it stands on ("Aizu 1 (1120)"), so the player finds it
    on a big map (issue 9); ``at`` when the hex to name is not the unit's own (a unit retreating)."""
    where = at or ((view.get("units") or {}).get(uid or "") or {}).get("at")
    return msg("bakumatsu.name.unit-at", unit=unit(uid), at=str(where))  # the bare number, as printed


def combat_words(view: View) -> Msg:
    """The combat being resolved: "Satsuma 1 (1021) fires at Aizu 1 (1120)"."""
    record = view.get("combat") or {}
    key = "bakumatsu.prompt.combat-melee" if record.get("kind") == cb.MELEE else "bakumatsu.prompt.combat-fire"
    return msg(key, unit=unit_at(view, record.get("unit"), record.get("from")),
               target=unit_at(view, record.get("target"), record.get("at")))


ROLLS = tuple(Action("roll", arg=str(d)) for d in range(1, 7))
SIXTH = 1.0 / 6.0
END = Action("end")
RESOLVE = Action("resolve")
STAY = Action("stay")
PLACE_ALL = Action("place-all")

#: set-up area -> the clause that puts its units there (15-1-4)
AREA_CLAUSES = {
    "shogunate-west": "bakumatsu.15-1-4.shogunate-west", "shogunate-east": "bakumatsu.15-1-4.shogunate-east",
    "satsuma-west": "bakumatsu.15-1-4.satsuma-west", "satsuma-east": "bakumatsu.15-1-4.satsuma-east",
    "choshu": "bakumatsu.15-1-4.choshu", "tosa": "bakumatsu.15-1-4.tosa",
}


def sit(g: "Rules", state: State) -> Situation:
    """A fresh Situation: for effects, which change the state as they go."""
    return Situation(g.d, state)


def seen(g: "Rules", state: State) -> Situation:
    """The Situation of a state that is only looked at (legal actions, refusals): shared by every
    question about the same state object (states are never changed once made, engine/rules.py)."""
    return g.situation(state)


def via(commander: Optional[str]) -> Any:
    """', Nozu Shizuo's' after a morale value a commander lends (15-2-7-2(3)(5)), else nothing."""
    return msg("bakumatsu.log.via", commander=unit(commander)) if commander else ""


def _dis(state: State, uid: str) -> bool:
    return uid in state["disordered"]


def _set(state: State, key: str, uid: str, on: bool) -> None:
    """Add or remove ``uid`` in one of the state's unit lists (kept sorted: one form per position)."""
    lst = state[key]
    if on and uid not in lst:
        lst.append(uid)
        lst.sort()
    elif not on and uid in lst:
        lst.remove(uid)


# == set-up (15-1-4) =====================================================================================
class Setup(Phase):
    """15-1-4: the Former Shogunate places its 西 and 東 units one per hex in their areas first,
    then Satsuma-Chōshū; the R units are already in the cup (15-1-4(1)(3))."""

    name, clause = "setup", "bakumatsu.15-1-4.one-per-setup-hex"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        d = g.d
        side_id = state["active"]
        waiting = [u for u in d.combat_units[side_id] if state["units"][u]["at"] == box(SETUP, side_id)]
        taken = {state["units"][u]["at"] for u in d.units}
        out = []
        for uid in waiting:
            for h in d.area_hexes[d.units[uid].setup]:
                if h not in taken:
                    out.append(Action("place", (uid,), h))
        if waiting:
            out.append(PLACE_ALL)
        return out

    def refuse_place(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        side_id = state["active"]
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None:
            return refuse("bakumatsu.refuse.name-unit", "bakumatsu.15-1-4.one-per-setup-hex")
        uid = action.units[0]
        if d.side_of[uid] != side_id:
            first = "bakumatsu.15-1-4.shogunate-first" if d.setup_order[0] == side_id else "bakumatsu.15-1-4.satcho-second"
            return refuse("bakumatsu.refuse.setup-turn", first, side=side(side_id))
        if state["units"][uid]["at"] != box(SETUP, side_id):
            clause = "bakumatsu.15-1-4.shogunate-r-cup" if d.units[uid].setup == CUP else "bakumatsu.15-1-4.one-per-setup-hex"
            return refuse("bakumatsu.refuse.setup-done", clause, unit=unit(uid))
        area = d.units[uid].setup
        if action.cell not in d.area_hexes[area]:
            return refuse("bakumatsu.refuse.setup-area", AREA_CLAUSES.get(area, self.clause), unit=unit(uid),
                          area=msg(f"bakumatsu.area.{area}"))
        if any(state["units"][u]["at"] == action.cell for u in d.units):
            return refuse("bakumatsu.refuse.setup-occupied", "bakumatsu.15-1-4.one-per-setup-hex",
                          "bakumatsu.3-1.one-unit-per-hex", to=cell(action.cell))
        return None

    def do_place(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        state["units"][uid]["at"] = action.cell
        events = [event(msg("bakumatsu.log.placed", unit=unit(uid), at=cell(action.cell)), "move")]
        return events + after_setup_step(g, state)

    def refuse_place_all(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action != PLACE_ALL:
            return g.not_offered(self, action)
        return None

    def do_place_all(self, g: "Rules", state: State, action: Action) -> list[Event]:
        """Every unit still to place goes to the first free hex of its area, in the scenario's order
        (a convenience: any arrangement inside the areas is legal)."""
        d = g.d
        side_id = state["active"]
        taken = {state["units"][u]["at"] for u in d.units}
        events = []
        for uid in d.combat_units[side_id]:
            if state["units"][uid]["at"] != box(SETUP, side_id):
                continue
            h = next(h for h in d.area_hexes[d.units[uid].setup] if h not in taken)
            taken.add(h)
            state["units"][uid]["at"] = h
        events.append(event(msg("bakumatsu.log.placed-all", side=side(side_id)), "move"))
        return events + after_setup_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.setup", side=side(view["to_move"]))


def after_setup_step(g: "Rules", state: State) -> list[Event]:
    d = g.d
    side_id = state["active"]
    if any(state["units"][u]["at"] == box(SETUP, side_id) for u in d.combat_units[side_id]):
        return []
    order = list(d.setup_order)
    if order.index(side_id) + 1 < len(order):
        state["active"] = order[order.index(side_id) + 1]
        return [event(msg("bakumatsu.log.setup-next", side=side(state["active"])), "phase")]
    return begin_game(g, state)


def begin_game(g: "Rules", state: State) -> list[Event]:
    """4(4): turn 1; the first player's Recovery/Movement phase (5-1 ①)."""
    state["turn"] = 1
    return [event(msg("bakumatsu.log.turn", turn=1), "phase")] + begin_segment(g, state, "rm", g.d.first)


# == the Recovery/Movement phase: its start (13-1, 15-2-7) ==================================================
def begin_rm(g: "Rules", state: State) -> list[Event]:
    """The start of the active side's R/M phase: reorganization (15-2-7-1), then the chance steps of
    the turn track (13-1(1), 15-2-7-2(2))."""
    d = g.d
    side_id = state["active"]
    events: list[Event] = []
    if side_id in d.reorganize:
        back = [u for u in d.combat_units[side_id] if state["units"][u]["at"] is None]
        for uid in back:
            state["units"][uid]["at"] = box(ARRIVED, side_id)
            _set(state, "disordered", uid, False)
        if back:
            events.append(event(msg("bakumatsu.log.reorganized", side=side(side_id), units=[unit(u) for u in back]),
                                "reinforcement"))
    steps: list[str] = []
    for line in d.lines_for(side_id, state["turn"]):
        if line.pool in (CUP, HAND) and pool(g, state, side_id, line.pool):
            steps.append("check")
        elif line.pool == COMMANDER_CUP and pool(g, state, side_id, COMMANDER_CUP):
            steps += ["commander"] * line.draw
    t = d.takamori
    if t is not None and t["side"] == side_id and state["units"][t["unit"]]["at"] == box(SET_ASIDE, side_id):
        steps.append("takamori")
    state["pending"] = steps
    return events + next_start_step(g, state)


def pool(g: "Rules", state: State, side_id: str, kind: str) -> list[str]:
    """The units in one of a side's boxes (cup, hand, commander cup), in scenario order."""
    where = box(kind, side_id)
    return [u for u in g.d.units if g.d.side_of[u] == side_id and state["units"][u]["at"] == where]


def next_start_step(g: "Rules", state: State) -> list[Event]:
    """The next pending start step, skipping those with nothing to do now; then the phase proper."""
    d = g.d
    side_id = state["active"]
    while state["pending"]:
        step = state["pending"][0]
        if step == "draw" and not pool(g, state, side_id, CUP):
            state["pending"].pop(0)
            continue
        if step == "commander" and not pool(g, state, side_id, COMMANDER_CUP):
            state["pending"].pop(0)
            continue
        if step == "takamori":
            t = d.takamori or {}
            if victory.count(state, t["if_controls"]) < t["vh"]:
                state["pending"].pop(0)
                continue
        state["phase"] = step
        return []
    state["phase"] = "rm"
    return settle(g, state)


def check_line(g: "Rules", state: State):  # -> Line
    side_id = state["active"]
    return next(line for line in g.d.lines_for(side_id, state["turn"]) if line.pool in (CUP, HAND))


class AppearanceCheck(ChancePhase):
    """13-1(2): one die at the start of the R/M phase; the number of units is the roll (ruling 3),
    at least the turn's minimum (15-2-5(1)(1)), at most what is left (13-1(3))."""

    name, clause = "check", "bakumatsu.13-1.check-roll"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        side_id = state["active"]
        die = int(action.arg or 0)
        line = check_line(g, state)
        n = max(line.count[die - 1], line.minimum.get(state["turn"], 0))
        left = len(pool(g, state, side_id, line.pool))
        if line.pool == HAND:
            left -= state["owed"][side_id]
        n = max(min(n, left), 0)
        events = [event(msg("bakumatsu.log.check", side=side(side_id), die=die, count=n), "dice", dice=[die],
                        side=side_id)]
        state["pending"].pop(0)
        if line.pool == CUP:
            state["pending"][0:0] = ["draw"] * n
        else:
            state["owed"][side_id] += n
        return events + next_start_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.check", side=side(view.get("active")))


class CupDraw(ChancePhase):
    """15-1-5(1)(1): the units are drawn at random from the cup, one at a time."""

    name, clause = "draw", "bakumatsu.15-1-5.random-draw"
    #: the cup drawn from, and the words of the log line and the prompt
    cup, logged, asked = CUP, "bakumatsu.log.drawn", "bakumatsu.prompt.draw"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return cup_outcomes(pool(g, state, state["active"], self.cup))

    def do_draw(self, g: "Rules", state: State, action: Action) -> list[Event]:
        side_id = state["active"]
        uid = action.arg or ""
        state["units"][uid]["at"] = box(ARRIVED, side_id)
        state["pending"].pop(0)
        events = [event(msg(self.logged, unit=unit(uid)), "reinforcement")]
        return events + next_start_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg(self.asked, side=side(view.get("active")))


class CommanderDraw(CupDraw):
    """15-2-7-2(2)(1): on an Lx1 turn one commander is drawn at random from the side's cup."""

    name, clause = "commander", "bakumatsu.15-2-7-2.lx1"
    cup, logged, asked = COMMANDER_CUP, "bakumatsu.log.commander-drawn", "bakumatsu.prompt.commander"


class TakamoriRoll(ChancePhase):
    """15-2-7-2(2)(2): while the Government holds 7 or more victory hexes, Saigō rolls in his R/M
    phase; on 4 or more Saigō Takamori arrives (once: ruling 16)."""

    name, clause = "takamori", "bakumatsu.15-2-7-2.takamori"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        t = g.d.takamori or {}
        side_id = state["active"]
        die = int(action.arg or 0)
        state["pending"].pop(0)
        arrives = die >= t["roll"]
        key = "bakumatsu.log.takamori-arrives" if arrives else "bakumatsu.log.takamori-not-yet"
        events = [event(msg(key, die=die, need=t["roll"], unit=unit(t["unit"])), "dice", dice=[die], side=side_id)]
        if arrives:
            state["units"][t["unit"]]["at"] = box(ARRIVED, side_id)
        return events + next_start_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.takamori", side=side(view.get("active")))


# == the Recovery/Movement phase proper (6, 7, 8, 12(1), 13-2) ===============================================
def entry_hex(g: "Rules", side_id: str) -> Optional[str]:
    line = next((x for x in g.d.lines if x.side == side_id), None)
    if line is not None:
        return line.entry
    t = g.d.takamori
    if t is not None and t["side"] == side_id:
        return g.d.takamori_entry
    return None


def may_enter(g: "Rules", s: Situation, state: State, uid: str) -> Optional[Refusal]:
    """Why ``uid`` may not be brought on now (None: it may): it must have been received (an arrived
    unit, or a hand unit within the rolled count: 13-1(2), 15-2-5(1)); no artillery from the hand
    while other units remain in it (15-2-5(1)(2)); the entry hex must be free (13-1(4))."""
    d = g.d
    side_id = d.side_of[uid]
    at = state["units"][uid]["at"]
    if at == box(CUP, side_id):
        return refuse("bakumatsu.refuse.in-cup", "bakumatsu.15-1-5.random-draw", unit=unit(uid))
    if at == box(COMMANDER_CUP, side_id):
        return refuse("bakumatsu.refuse.commander-in-cup", "bakumatsu.15-2-7-2.lx1", unit=unit(uid))
    if at == box(SET_ASIDE, side_id):
        return refuse("bakumatsu.refuse.takamori-aside", "bakumatsu.15-2-7-2.takamori", unit=unit(uid))
    if at == box(HAND, side_id):
        if state["owed"][side_id] <= 0:
            return refuse("bakumatsu.refuse.hand-none-owed", "bakumatsu.15-2-5.choose-from-hand",
                          "bakumatsu.13-1.check-roll", side=side(side_id))
        if d.units[uid].artillery and any(
                not d.units[u].artillery for u in pool(g, state, side_id, HAND)):
            return refuse("bakumatsu.refuse.artillery-last", "bakumatsu.15-2-5.artillery-last", unit=unit(uid))
    elif at != box(ARRIVED, side_id):
        return refuse("bakumatsu.refuse.not-waiting", "bakumatsu.13-2.one-at-a-time", unit=unit(uid))
    entry = entry_hex(g, side_id)
    if entry is None:
        return refuse("bakumatsu.refuse.no-entry", "bakumatsu.15-1-5.satcho-none")
    if uid in d.all_commanders:
        if entry in s.commander_at or entry in s.enemy_cells(side_id):
            return refuse("bakumatsu.refuse.entry-blocked", "bakumatsu.13-1.blocked-delay",
                          "bakumatsu.15-2-7-2.no-commander-stack", at=cell(entry))
    elif entry in s.combat_at:
        return refuse("bakumatsu.refuse.entry-blocked", "bakumatsu.13-1.blocked-delay",
                      "bakumatsu.3-1.one-unit-per-hex", at=cell(entry))
    return None


def movable(g: "Rules", s: Situation, state: State, uid: str) -> bool:
    """On the map, the active side's, not yet marked this phase (6(3))."""
    return s.on_map(uid) and uid not in state["done"]


class RecoveryMovement(Phase):
    """6: the active player recovers (7) or moves (8) any of his units one at a time, each once,
    and brings on received reinforcements through the entry hex (13-2)."""

    name, clause = "rm", "bakumatsu.6.active-any-units"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return rm_actions(g, state)

    # -- move --
    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        found = _one_unit(g, state, action, "bakumatsu.6.one-at-a-time")
        if found is not None:
            return found
        uid = action.units[0]
        s = seen(g, state)
        if not s.on_map(uid):
            return refuse("bakumatsu.refuse.move-not-on-map", "bakumatsu.13-2.entry-then-move", unit=unit(uid))
        if uid in state["done"]:
            return refuse("bakumatsu.refuse.marked", "bakumatsu.6.recover-or-move", unit=unit(uid))
        if action.cell is None or action.arg is not None:
            return refuse("bakumatsu.refuse.give-hex", "bakumatsu.8.free-direction")
        if action.cell in s.destination_set(uid):
            return None
        return s.refuse_destination(uid, action.cell)

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, dest = action.units[0], action.cell or ""
        s = sit(g, state)
        frm = s.at(uid) or ""
        by_road = s.by_road_only(uid, dest)
        state["units"][uid]["at"] = dest
        _set(state, "done", uid, True)  # 8(5)
        state["entering"] = None
        state["phase"] = "rm"
        events = [event(moved_message(uid, frm, dest, by_road), "move")]
        events += arrived_at(g, state, uid, dest, moved=True)
        return events + after_action(g, state)

    # -- recover --
    def refuse_recover(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        found = _one_unit(g, state, action, "bakumatsu.7.recovery-eligibility")
        if found is not None:
            return found
        uid = action.units[0]
        s = seen(g, state)
        if not s.on_map(uid) or g.d.units[uid].commander or not _dis(state, uid):
            return refuse("bakumatsu.refuse.recover-normal", "bakumatsu.7.recovery-eligibility", unit=unit(uid))
        if uid in state["done"]:
            return refuse("bakumatsu.refuse.marked", "bakumatsu.7.recovery-marker", "bakumatsu.6.recover-or-move",
                          unit=unit(uid))
        if action.cell != s.at(uid) or action.arg is not None:
            return refuse("bakumatsu.refuse.recover-here", "bakumatsu.7.recovery-check", unit=unit(uid))
        return None

    def do_recover(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        state["combat"] = {"kind": "recover", "unit": uid, "from": action.cell}
        state["phase"] = "recover"
        return [event(msg("bakumatsu.log.tries-recovery", unit=unit(uid)), "morale")]

    # -- enter --
    def refuse_enter(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        found = _one_unit(g, state, action, "bakumatsu.13-2.one-at-a-time")
        if found is not None:
            return found
        uid = action.units[0]
        s = seen(g, state)
        why = may_enter(g, s, state, uid)
        if why is not None:
            return why
        entry = entry_hex(g, g.d.side_of[uid]) or ""
        if action.cell != entry or action.arg is not None:
            return refuse("bakumatsu.refuse.enter-at-entry", "bakumatsu.13-2.entry-then-move",
                          "bakumatsu.15-1-5.entry-hex" if g.d.reorganize == frozenset() else "bakumatsu.15-2-5.entry-hex",
                          at=cell(entry))
        return None

    def do_enter(self, g: "Rules", state: State, action: Action) -> list[Event]:
        """13-2(2): placed on the entry hex (no MP); it then moves from there or stays, before
        anything else is done (6(2), ruling 5)."""
        d = g.d
        uid = action.units[0]
        side_id = d.side_of[uid]
        entry = action.cell or ""
        if state["units"][uid]["at"] == box(HAND, side_id):
            state["owed"][side_id] -= 1
        state["units"][uid]["at"] = entry
        events = [event(msg("bakumatsu.log.enters", unit=unit(uid), at=cell(entry)), "reinforcement")]
        events += arrived_at(g, state, uid, entry, moved=False)
        if state["ended"] is None and sit(g, state).destination_set(uid):
            state["entering"] = uid
            state["phase"] = "entering"
            return events
        _set(state, "done", uid, True)
        return events + after_action(g, state)

    # -- end --
    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.rm", side=side(view["to_move"]))


class Entering(RecoveryMovement):
    """13-2(2), ruling 5: a reinforcement just placed on the entry hex moves from there by the
    normal rules, or stays there as its whole move, before the next unit begins (6(2))."""

    name, clause = "entering", "bakumatsu.13-2.entry-then-move"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        uid = state["entering"]
        here = state["units"][uid]["at"]
        return [g.action("move", uid, h) for h in seen(g, state).destinations(uid)] + [g.action("stay", uid, here)]

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action.units != (state["entering"],):
            return refuse("bakumatsu.refuse.entering-first", "bakumatsu.6.one-at-a-time",
                          unit=unit(state["entering"]))
        return super().refuse_move(g, state, action)

    def refuse_stay(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        uid = state["entering"]
        if action.units != (uid,) or action.cell != state["units"][uid]["at"] or action.arg is not None:
            return refuse("bakumatsu.refuse.entering-first", "bakumatsu.6.one-at-a-time", unit=unit(uid))
        return None

    def do_stay(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = state["entering"]
        _set(state, "done", uid, True)
        state["entering"] = None
        state["phase"] = "rm"
        return [event(msg("bakumatsu.log.stays-at-entry", unit=unit(uid)), "move")] + after_action(g, state)

    def refuse_recover(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refuse("bakumatsu.refuse.entering-first", "bakumatsu.6.one-at-a-time", unit=unit(state["entering"]))

    def refuse_enter(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refuse("bakumatsu.refuse.entering-first", "bakumatsu.6.one-at-a-time", unit=unit(state["entering"]))

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refuse("bakumatsu.refuse.entering-first", "bakumatsu.6.one-at-a-time", unit=unit(state["entering"]))

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.entering", unit=unit_at(view, view.get("entering")))


def _one_unit(g: "Rules", state: State, action: Action, clause: str) -> Optional[Refusal]:
    d = g.d
    if len(action.units) != 1 or action.units[0] not in d.units:
        return refuse("bakumatsu.refuse.name-unit", clause)
    if d.side_of[action.units[0]] != state["active"]:
        return refuse("bakumatsu.refuse.own-unit", "bakumatsu.6.active-any-units", side=side(state["active"]))
    return None


def rm_actions(g: "Rules", state: State) -> list[Action]:
    d = g.d
    side_id = state["active"]
    s = seen(g, state)
    out: list[Action] = []
    entry = entry_hex(g, side_id)
    for uid in d.units:
        if d.side_of[uid] != side_id:
            continue
        at = state["units"][uid]["at"]
        if at in d.move_cost:
            if uid in state["done"]:
                continue
            if _dis(state, uid):
                out.append(g.action("recover", uid, at))
            out.extend(g.action("move", uid, h) for h in s.destinations(uid))
        elif at is not None and entry is not None and may_enter(g, s, state, uid) is None:
            out.append(g.action("enter", uid, entry))
    out.append(END)
    return out


def arrived_at(g: "Rules", state: State, uid: str, dest: str, moved: bool) -> list[Event]:
    """What entering ``dest`` does: an artillery unit that moved is disordered (12(1)); a combat
    unit removes an enemy commander there (15-2-7-2(4)(6)) and takes a victory hex (14(2))."""
    d = g.d
    events: list[Event] = []
    if moved and d.units[uid].artillery and not _dis(state, uid):
        _set(state, "disordered", uid, True)
        events.append(event(msg("bakumatsu.log.artillery-moved", unit=unit(uid)), "morale"))
    events += overrun(g, state, uid, dest)
    events += victory.enters(d, state, uid, dest)
    return events


def overrun(g: "Rules", state: State, uid: str, dest: str) -> list[Event]:
    """15-2-7-2(4)(6): an enemy combat unit entering a commander's hex removes it (for good, (7))."""
    d = g.d
    if uid in d.all_commanders:
        return []
    out = []
    for c in d.all_commanders:
        if state["units"][c]["at"] == dest and d.side_of[c] != d.side_of[uid]:
            state["units"][c]["at"] = None
            _set(state, "done", c, False)
            out.append(event(msg("bakumatsu.log.commander-overrun", commander=unit(c), unit=unit(uid),
                                 at=cell(dest)), "combat"))
    return out


class Recovery(ChancePhase):
    """7(1): one die; the unit recovers if it is no higher than its morale (or a commander's in
    range, 15-2-7-2(3)(5))."""

    name, clause = "recover", "bakumatsu.7.recovery-check"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        record = state["combat"]
        uid = record["unit"]
        die = int(action.arg or 0)
        morale, c = cb.morale_of(sit(g, state), uid)
        ok = die <= morale
        if ok:
            _set(state, "disordered", uid, False)  # 7(2)
        _set(state, "done", uid, True)  # 7(3)
        key = "bakumatsu.log.recovers" if ok else "bakumatsu.log.stays-disordered"
        events = [event(msg(key, unit=unit(uid), die=die, morale=morale, via=via(c)), "dice", dice=[die],
                        side=g.d.side_of[uid])]
        state["combat"] = None
        state["phase"] = "rm"
        return events + after_action(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        record = view.get("combat") or {}
        return msg("bakumatsu.prompt.recover", unit=unit_at(view, record.get("unit"), record.get("from")))


# == fire (9, 12) ===========================================================================================
class Fire(Phase):
    """9-1: in the other player's turn the non-active player fires with any of his units, one fire at
    a time, each unit once (as main firer or supporter)."""

    name, clause, actor = "fire", "bakumatsu.9-1.nonactive-fires", OTHER

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        s = seen(g, state)
        done = set(state["done"])
        out = []
        for uid in g.d.combat_units[g.other_side(state["active"])]:
            if cb.may_fire(s, uid, done):
                out.extend(g.action("fire", uid, h) for h in cb.fire_targets(s, uid))
        out.append(END)
        return out

    def refuse_fire(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        firing = g.other_side(state["active"])
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None:
            return refuse("bakumatsu.refuse.name-unit", "bakumatsu.9-2.declare")
        uid = action.units[0]
        if d.side_of[uid] != firing:
            return refuse("bakumatsu.refuse.fire-side", "bakumatsu.9-1.nonactive-fires", side=side(firing))
        s = seen(g, state)
        if d.units[uid].commander:
            return refuse("bakumatsu.refuse.commander-fights", "bakumatsu.2-2.piece-types", unit=unit(uid))
        if not s.on_map(uid):
            return refuse("bakumatsu.refuse.not-on-map", "bakumatsu.9-1.nonactive-fires", unit=unit(uid))
        if d.units[uid].fire is None:
            return refuse("bakumatsu.refuse.no-fire", "bakumatsu.2-2-1.unit-values", unit=unit(uid))
        if _dis(state, uid):
            return refuse("bakumatsu.refuse.fire-disordered", "bakumatsu.9-1.disordered-no-fire",
                          "bakumatsu.2-2-1.disordered-no-attack", unit=unit(uid))
        if uid in state["done"]:
            return refuse("bakumatsu.refuse.fired", "bakumatsu.9-1.once-per-phase", unit=unit(uid))
        target = s.combat_at.get(action.cell or "")
        if target is None or d.side_of[target] == firing:
            return refuse("bakumatsu.refuse.fire-target", "bakumatsu.9-2.declare", at=cell(action.cell))
        if action.cell in cb.fire_targets(s, uid):
            return None
        if d.units[uid].artillery:
            return refuse("bakumatsu.refuse.artillery-range", "bakumatsu.12.range-fire", unit=unit(uid),
                          range=d.units[uid].range)
        return refuse("bakumatsu.refuse.fire-adjacent", "bakumatsu.9-1.adjacent-only", unit=unit(uid))

    def do_fire(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, at = action.units[0], action.cell or ""
        s = sit(g, state)
        target = s.combat_at[at]
        state["combat"] = {"kind": cb.FIRE, "unit": uid, "from": s.at(uid), "target": target, "at": at,
                           "support": [], "commander": cb.best_commander(s, uid, "fire_mod"),
                           "defender_commander": None, "dice": [], "code": None, "check": None, "result": None}
        state["phase"] = "fire-support"
        return [event(msg("bakumatsu.log.fire-declared", unit=unit(uid), target=unit(target), at=cell(at)),
                      "combat")]

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.fire", side=side(view["to_move"]))


class Support(Phase):
    """Supporters are added one at a time before the dice (9-2(2), 10-2(2))."""

    kind = cb.FIRE

    def supporters(self, g: "Rules", state: State) -> list[str]:
        s = seen(g, state)
        done = set(state["done"])
        if self.kind == cb.FIRE:
            return cb.fire_supporters(s, state["combat"], done)
        return cb.melee_supporters(s, state["combat"], done)

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        units = state["units"]
        return [Action("support", cell=units[u]["at"]) for u in self.supporters(g, state)] + [RESOLVE]

    def refuse_support(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        record = state["combat"]
        clause = "bakumatsu.9-2.support-eligibility" if self.kind == cb.FIRE else "bakumatsu.10-2.support-eligibility"
        once = "bakumatsu.9-1.once-per-phase" if self.kind == cb.FIRE else "bakumatsu.10-1.once-per-phase"
        if action.units or action.arg is not None or action.cell is None:
            return refuse("bakumatsu.refuse.support-hex", clause)
        s = seen(g, state)
        uid = s.combat_at.get(action.cell)
        if uid is None or d.side_of[uid] != d.side_of[record["unit"]]:
            return refuse("bakumatsu.refuse.support-friendly", clause, at=cell(action.cell))
        if uid == record["unit"] or uid in record["support"]:
            return refuse("bakumatsu.refuse.support-twice", once, unit=unit(uid))
        if uid in state["done"]:
            return refuse("bakumatsu.refuse.support-used", once, unit=unit(uid))
        if not d.board.adjacent(action.cell, record["at"]):
            return refuse("bakumatsu.refuse.support-adjacent", clause, unit=unit(uid), at=cell(record["at"]))
        if _dis(state, uid):
            return refuse("bakumatsu.refuse.support-disordered", clause, unit=unit(uid))
        value = d.units[uid].fire if self.kind == cb.FIRE else d.units[uid].melee
        if value is None:
            return refuse("bakumatsu.refuse.support-no-value", clause, unit=unit(uid))
        if self.kind == cb.MELEE and d.across_river(action.cell, record["at"]):
            return refuse("bakumatsu.refuse.support-river", clause, "bakumatsu.10-2.no-melee-across-river-pond",
                          unit=unit(uid))
        return None

    def do_support(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = sit(g, state).combat_at[action.cell or ""]
        state["combat"]["support"].append(uid)
        return [event(msg("bakumatsu.log.supports", unit=unit(uid)), "combat")]

    def refuse_resolve(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == RESOLVE else g.not_offered(self, action)

    def do_resolve(self, g: "Rules", state: State, action: Action) -> list[Event]:
        state["phase"] = "fire-dice" if self.kind == cb.FIRE else "melee-dice"
        return [event(arithmetic(g, state["combat"], state), "combat")]


class FireSupport(Support):
    name, clause, actor, kind = "fire-support", "bakumatsu.9-2.support-eligibility", OTHER, cb.FIRE

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.fire-support", side=side(view["to_move"]), combat=combat_words(view))


class MeleeSupport(Support):
    name, clause, actor, kind = "melee-support", "bakumatsu.10-2.support-eligibility", ACTIVE, cb.MELEE

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.melee-support", side=side(view["to_move"]), combat=combat_words(view))


def arithmetic(g: "Rules", record: dict[str, Any], state: State) -> Msg:
    """The sum before the dice: strength, supporters, every modifier with its reason, the column."""
    d = g.d
    reading = mountain_reading(g, state)
    if record["kind"] == cb.FIRE:
        total, parts = cb.fire_strength(d, record, reading)
        mods = cb.fire_modifiers(d, record, reading)
        column = d.tables["fire"].labels[d.tables["fire"].column_for(max(total, 1))]
        key = "bakumatsu.log.fire-arith"
    else:
        total, parts = cb.melee_strength(d, record)
        mods = cb.melee_modifiers(d, record)
        column = d.tables["melee"].labels[d.tables["melee"].column_for(total)]
        key = "bakumatsu.log.melee-arith"
    return msg(key, parts=parts, total=total, column=column,
               mods=[msg("bakumatsu.arith.modifier", value=m.value, reason=m.reason) for m in mods] or
               msg("bakumatsu.arith.no-modifier"))


def mountain_reading(g: "Rules", state: State) -> str:
    """Ruling 2: the scenario's reading of the mountain-top +2, unless the game's options say otherwise."""
    return (state.get("options") or {}).get("mountain_top", g.d.mountain_top_reading)


class Dice(ChancePhase):
    """Two dice, one chance step each (9-2(4), 10-2(5))."""

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        record = state["combat"]
        die = int(action.arg or 0)
        record["dice"].append(die)
        rolling = g.d.side_of[record["unit"]]
        events = [event(msg("bakumatsu.log.die", die=die), "dice", dice=[die], side=rolling)]
        if len(record["dice"]) < 2:
            return events
        return events + (fire_result(g, state) if record["kind"] == cb.FIRE else melee_result(g, state))


class FireDice(Dice):
    name, clause = "fire-dice", "bakumatsu.9-2.two-dice"

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.dice", combat=combat_words(view))


class MeleeDice(Dice):
    name, clause = "melee-dice", "bakumatsu.10-2.two-dice"

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.dice", combat=combat_words(view))


def fire_result(g: "Rules", state: State) -> list[Event]:
    """9-2(5): read the FRT and apply it to the target at once; artillery hit by D or DD is removed
    (12(3))."""
    d = g.d
    record = state["combat"]
    res = cb.resolve_fire(d, record, sum(record["dice"]), mountain_reading(g, state))
    record["code"] = res.code
    target = record["target"]
    events = [event(msg("bakumatsu.log.fire-result", roll=res.roll, modified=res.modified_roll, row=res.row,
                        column=res.column_header, code=res.code), "combat")]
    face = "disordered" if _dis(state, target) else "normal"
    effects = [e for e in res.effects if e.get("if", face) == face]
    if effects and d.units[target].artillery:
        return events + remove(g, state, target, "bakumatsu.log.artillery-hit") + finish_fire(g, state, "removed")
    retreat = False
    for e in effects:
        kind = e["effect"]
        if kind == "disorder":
            _set(state, "disordered", target, True)
            events.append(event(msg("bakumatsu.log.disordered", unit=unit(target)), "combat"))
            record["result"] = "disordered"
        elif kind == "retreat":
            retreat = True
        elif kind == "eliminate":
            return events + remove(g, state, target, "bakumatsu.log.removed") + finish_fire(g, state, "removed")
    if retreat:
        record["result"] = "retreat"
        return events + start_retreat(g, state, target)
    if not effects:
        events.append(event(msg("bakumatsu.log.no-effect"), "combat"))
        record["result"] = "none"
    return events + finish_fire(g, state, record["result"])


def finish_fire(g: "Rules", state: State, result: Optional[str]) -> list[Event]:
    """9-2(6), (7): no advance after fire; the main firer and every supporter are marked."""
    record = state["combat"]
    record["result"] = result
    for uid in [record["unit"], *record["support"]]:
        _set(state, "done", uid, True)
    state["last"] = record
    state["combat"] = None
    state["phase"] = "fire"
    return after_action(g, state)


def remove(g: "Rules", state: State, uid: str, key: str) -> list[Event]:
    """A combat unit leaves the map; a commander in its hex stays (15-2-7-2(4)(5))."""
    at = state["units"][uid]["at"]
    state["units"][uid]["at"] = None
    _set(state, "disordered", uid, False)
    _set(state, "done", uid, False)
    return [event(msg(key, unit=unit(uid), at=cell(at)), "combat")]


# == melee (10) =============================================================================================
class Melee(Phase):
    """10-1: in his own Melee phase the active player attacks adjacent enemy units, one melee at a time,
    each unit once (as attacker or supporter)."""

    name, clause = "melee", "bakumatsu.10-1.active-melee"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        s = seen(g, state)
        done = set(state["done"])
        out = []
        for uid in g.d.combat_units[state["active"]]:
            if cb.may_melee(s, uid, done):
                out.extend(g.action("melee", uid, h) for h in cb.melee_targets(s, uid))
        out.append(END)
        return out

    def refuse_melee(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None:
            return refuse("bakumatsu.refuse.name-unit", "bakumatsu.10-2.declare")
        uid = action.units[0]
        if d.side_of[uid] != state["active"]:
            return refuse("bakumatsu.refuse.melee-side", "bakumatsu.10-1.active-melee", side=side(state["active"]))
        s = seen(g, state)
        if d.units[uid].commander:
            return refuse("bakumatsu.refuse.commander-fights", "bakumatsu.2-2.piece-types", unit=unit(uid))
        if not s.on_map(uid):
            return refuse("bakumatsu.refuse.not-on-map", "bakumatsu.10-1.active-melee", unit=unit(uid))
        if d.units[uid].melee is None:
            return refuse("bakumatsu.refuse.no-melee", "bakumatsu.2-2-1.unit-values", unit=unit(uid))
        if _dis(state, uid):
            return refuse("bakumatsu.refuse.melee-disordered", "bakumatsu.10-1.disordered-no-melee",
                          "bakumatsu.2-2-1.disordered-no-attack", unit=unit(uid))
        if uid in state["done"]:
            return refuse("bakumatsu.refuse.meleed", "bakumatsu.10-1.once-per-phase", unit=unit(uid))
        target = s.combat_at.get(action.cell or "")
        if target is None or d.side_of[target] == state["active"]:
            return refuse("bakumatsu.refuse.melee-target", "bakumatsu.10-2.declare", at=cell(action.cell))
        here = s.at(uid) or ""
        if not d.board.adjacent(here, action.cell or ""):
            return refuse("bakumatsu.refuse.melee-adjacent", "bakumatsu.10-1.adjacent-only", unit=unit(uid))
        if d.across_river(here, action.cell or ""):
            return refuse("bakumatsu.refuse.melee-river", "bakumatsu.10-2.no-melee-across-river-pond",
                          unit=unit(uid))
        return None

    def do_melee(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, at = action.units[0], action.cell or ""
        s = sit(g, state)
        target = s.combat_at[at]
        state["combat"] = {"kind": cb.MELEE, "unit": uid, "from": s.at(uid), "target": target, "at": at,
                           "support": [], "commander": cb.best_commander(s, uid, "melee_mod"),
                           "defender_commander": cb.best_commander(s, target, "melee_mod"),
                           "dice": [], "code": None, "check": None, "result": None}
        state["phase"] = "melee-support"
        return [event(msg("bakumatsu.log.melee-declared", unit=unit(uid), target=unit(target), at=cell(at)),
                      "combat")]

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("bakumatsu.prompt.melee", side=side(view["to_move"]))


def melee_result(g: "Rules", state: State) -> list[Event]:
    """10-2(6): read the MCRT; an Mx makes the defender take a morale check, except artillery, which
    is removed at once (12(4))."""
    d = g.d
    record = state["combat"]
    res = cb.resolve_melee(d, record, sum(record["dice"]))
    record["code"] = res.code
    target = record["target"]
    events = [event(msg("bakumatsu.log.melee-result", roll=res.roll, modified=res.modified_roll, row=res.row,
                        column=res.column_header, code=res.code), "combat")]
    plus = cb.morale_plus(res.effects)
    if plus is None:
        record["result"] = "none"
        events.append(event(msg("bakumatsu.log.no-effect"), "combat"))
        return events + after_melee_result(g, state)
    if d.units[target].artillery:
        record["result"] = "removed"
        return events + remove(g, state, target, "bakumatsu.log.artillery-overrun") + after_melee_result(g, state)
    state["phase"] = "morale"
    return events


class MoraleCheck(ChancePhase):
    """10-2(7), (8): one die plus x; passed if no higher than the defender's morale (or a commander's
    in range); a failing normal unit is disordered and retreats one hex, a disordered one removed."""

    name, clause = "morale", "bakumatsu.10-2.mx-check"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        d = g.d
        record = state["combat"]
        target = record["target"]
        die = int(action.arg or 0)
        plus = cb.morale_plus(d.tables["melee"].effects(record["code"])) or 0
        morale, c = cb.morale_of(sit(g, state), target)
        record["check"] = die
        passed = die + plus <= morale
        key = "bakumatsu.log.morale-passed" if passed else "bakumatsu.log.morale-failed"
        events = [event(msg(key, unit=unit(target), die=die, plus=plus, total=die + plus, morale=morale, via=via(c)),
                        "dice", dice=[die], side=d.side_of[target])]
        if passed:
            record["result"] = "passed"
            return events + after_melee_result(g, state)
        if _dis(state, target):
            record["result"] = "removed"
            return events + remove(g, state, target, "bakumatsu.log.removed") + after_melee_result(g, state)
        _set(state, "disordered", target, True)
        record["result"] = "retreat"
        events.append(event(msg("bakumatsu.log.disordered", unit=unit(target)), "combat"))
        return events + start_retreat(g, state, target)

    def prompt(self, g: "Rules", view: View) -> Msg:
        record = view.get("combat") or {}
        return msg("bakumatsu.prompt.morale", unit=unit_at(view, record.get("target"), record.get("at")))


def after_melee_result(g: "Rules", state: State) -> list[Event]:
    """10-2(9): if the defender's hex is empty the attacking unit may advance into it."""
    if state["ended"] is not None:
        return finish_game(g, state)
    record = state["combat"]
    s = sit(g, state)
    if record["at"] not in s.combat_at and s.at(record["unit"]) == record["from"]:
        state["phase"] = "advance"
        return []
    return finish_melee(g, state)


class Advance(Phase):
    """10-2(9): the attacking unit (not a supporter) may advance into the defender's empty hex,
    whatever its terrain and enemy zones of control."""

    name, clause = "advance", "bakumatsu.10-2.advance"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [Action("advance", cell=state["combat"]["at"]), STAY]

    def refuse_advance(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action != Action("advance", cell=state["combat"]["at"]):
            return refuse("bakumatsu.refuse.advance-where", "bakumatsu.10-2.advance", at=cell(state["combat"]["at"]))
        return None

    def do_advance(self, g: "Rules", state: State, action: Action) -> list[Event]:
        record = state["combat"]
        uid, dest = record["unit"], record["at"]
        state["units"][uid]["at"] = dest
        events = [event(msg("bakumatsu.log.advances", unit=unit(uid), to=cell(dest), **{"from": cell(record["from"])}),
                        "move")]
        events += overrun(g, state, uid, dest) + victory.enters(g.d, state, uid, dest)
        if state["ended"] is not None:
            return events + finish_game(g, state)
        return events + finish_melee(g, state)

    def refuse_stay(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == STAY else g.not_offered(self, action)

    def do_stay(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("bakumatsu.log.no-advance", unit=unit(state["combat"]["unit"])), "combat")] + \
            finish_melee(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        record = view.get("combat") or {}
        return msg("bakumatsu.prompt.advance", unit=unit_at(view, record.get("unit"), record.get("from")),
                   to=cell(record.get("at")))


def finish_melee(g: "Rules", state: State) -> list[Event]:
    """10-2(10), (11): the attacking unit is flipped to disordered (after any advance, ruling 19);
    it and every supporter are marked."""
    record = state["combat"]
    uid = record["unit"]
    events: list[Event] = []
    if state["units"][uid]["at"] is not None and not _dis(state, uid):
        _set(state, "disordered", uid, True)
        events.append(event(msg("bakumatsu.log.attacker-disordered", unit=unit(uid)), "morale"))
    for u in [uid, *record["support"]]:
        _set(state, "done", u, True)
    state["last"] = record
    state["combat"] = None
    state["phase"] = "melee"
    return events + after_action(g, state)


# == retreat (11) ===========================================================================================
def start_retreat(g: "Rules", state: State, uid: str) -> list[Event]:
    """A unit must retreat one hex: its owner chooses among the legal hexes (11(3)); with none it is
    removed (11(2))."""
    here = state["units"][uid]["at"]
    options = sit(g, state).retreat_steps(uid, here, [here])
    if not options:
        events = remove(g, state, uid, "bakumatsu.log.no-retreat")
        state["combat"]["result"] = "removed"
        return events + after_retreat(g, state)
    state["retreat"] = {"unit": uid, "path": [here]}
    state["phase"] = "retreat"
    return []


class Retreat(RetreatStep):
    """11: the retreating unit's owner picks its hex; into a friendly unit's hex it goes on, and the
    unit passed is disordered, or removed if it already was (11(4))."""

    name, clause = "retreat", "bakumatsu.11.owner-chooses"
    refusals = {
        "hex": ("bakumatsu.refuse.retreat-hex", ("bakumatsu.11.owner-chooses",)),
        "off": ("bakumatsu.refuse.retreat-off", ("bakumatsu.11.no-offmap",)),
        "step": ("bakumatsu.refuse.retreat-one", ("bakumatsu.9-2.result-d-disordered",)),
        "enemy": ("bakumatsu.refuse.retreat-enemy", ("bakumatsu.11.no-enemy-hex",)),
        "zoc": ("bakumatsu.refuse.retreat-zoc", ("bakumatsu.11.no-enemy-zoc", "bakumatsu.3-2.zoc-effects")),
    }

    def options(self, g: "Rules", state: State, fresh: bool = False) -> list[str]:
        r = state["retreat"]
        s = sit(g, state) if fresh else seen(g, state)
        return s.retreat_steps(r["unit"], r["path"][-1], r["path"])

    def refuse_more(self, g: "Rules", state: State, uid: str, here: str, target: str) -> Refusal:
        d = g.d
        if d.across_river(here, target) or target in d.impassable:
            return refuse("bakumatsu.refuse.retreat-river", "bakumatsu.11.no-river-pond", to=cell(target))
        return refuse("bakumatsu.refuse.retreat-dead-end", "bakumatsu.11.through-friendly", to=cell(target))

    def do_retreat(self, g: "Rules", state: State, action: Action) -> list[Event]:
        d = g.d
        r = state["retreat"]
        uid, target = r["unit"], action.cell or ""
        s = sit(g, state)
        friend = s.combat_at.get(target)
        r["path"].append(target)
        if friend is not None and friend != uid:
            # 11(4): passing through a friendly unit disorders it (removes it if already disordered)
            if _dis(state, friend):
                events = remove(g, state, friend, "bakumatsu.log.passed-removed")
            else:
                _set(state, "disordered", friend, True)
                events = [event(msg("bakumatsu.log.passed-disordered", unit=unit(friend), by=unit(uid)), "combat")]
            events.append(event(msg("bakumatsu.log.retreats-through", unit=unit(uid), at=cell(target)), "move"))
            if self.options(g, state, fresh=True):
                return events  # the retreat goes on past the hex (11(4); also if its unit was removed: ruling)
            if target in sit(g, state).combat_at:  # cannot happen: only hexes with a way on are offered
                return events + remove(g, state, uid, "bakumatsu.log.no-retreat") + after_retreat(g, state)
        frm = r["path"][0]
        state["units"][uid]["at"] = target
        state["retreat"] = None
        events = [event(msg("bakumatsu.log.retreats", unit=unit(uid), to=cell(target), **{"from": cell(frm)}), "move")]
        events += overrun(g, state, uid, target) + victory.enters(d, state, uid, target)
        return events + after_retreat(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        r = view.get("retreat") or {}
        return msg("bakumatsu.prompt.retreat", side=side(view.get("to_move")), unit=unit_at(view, r.get("unit"), (r.get("path") or [None])[-1]))


def after_retreat(g: "Rules", state: State) -> list[Event]:
    state["retreat"] = None
    if state["ended"] is not None:
        return finish_game(g, state)
    record = state["combat"]
    if record["kind"] == cb.FIRE:
        return finish_fire(g, state, record["result"])
    return after_melee_result(g, state)


# == the order of phases (5) ===============================================================================
SEGMENTS = ("rm", "fire", "melee")


def begin_segment(g: "Rules", state: State, segment: str, active: str) -> list[Event]:
    state.update({"segment": segment, "active": active, "done": [], "combat": None, "retreat": None})
    firing = g.other_side(active)
    key = {"rm": "bakumatsu.log.rm-phase", "fire": "bakumatsu.log.fire-phase", "melee": "bakumatsu.log.melee-phase"}
    events = [event(msg(key[segment], side=side(firing if segment == "fire" else active)), "phase")]
    if segment == "rm":
        state["phase"] = "rm"
        return events + begin_rm(g, state)
    state["phase"] = segment
    return events + settle(g, state)


def end_segment(g: "Rules", state: State) -> list[Event]:
    """6(5), 9-1(6), 10-1(7): the markers are cleared and the next phase of 5 begins; after the
    sixth the turn marker moves on (5), and after the last turn the game ends (5, 14(4)(2))."""
    d = g.d
    segment, active = state["segment"], state["active"]
    state["done"] = []
    if segment != "melee":
        return begin_segment(g, state, SEGMENTS[SEGMENTS.index(segment) + 1], active)
    if active == d.first:
        return begin_segment(g, state, "rm", d.second)
    if state["turn"] >= d.turns:
        return finish_game(g, state)
    state["turn"] += 1
    return [event(msg("bakumatsu.log.turn", turn=state["turn"]), "phase")] + begin_segment(g, state, "rm", d.first)


def can_act(g: "Rules", state: State) -> bool:
    """Anything left to do in this phase besides ending it (asked after every action: it stops at
    the first thing found)."""
    d = g.d
    phase = state["phase"]
    s = sit(g, state)
    done = set(state["done"])
    if phase == "rm":
        side_id = state["active"]
        entry = entry_hex(g, side_id)
        for uid in d.units:
            if d.side_of[uid] != side_id or uid in done:
                continue
            at = state["units"][uid]["at"]
            if at in d.move_cost:
                if _dis(state, uid) or s.destinations(uid):
                    return True
            elif at is not None and entry is not None and may_enter(g, s, state, uid) is None:
                return True
        return False
    if phase == "fire":
        return any(cb.may_fire(s, u, done) and cb.fire_targets(s, u)
                   for u in d.combat_units[g.other_side(state["active"])])
    if phase == "melee":
        return any(cb.may_melee(s, u, done) and cb.melee_targets(s, u) for u in d.combat_units[state["active"]])
    return True


def settle(g: "Rules", state: State) -> list[Event]:
    """A phase in which nothing can be done ends by itself (6(5), 9-1(6), 10-1(7))."""
    events: list[Event] = []
    while state["phase"] in ("rm", "fire", "melee") and state["ended"] is None and not can_act(g, state):
        events += end_segment(g, state)
    return events


def after_action(g: "Rules", state: State) -> list[Event]:
    if state["ended"] is not None:
        return finish_game(g, state)
    return settle(g, state)


def finish_game(g: "Rules", state: State) -> list[Event]:
    d = g.d
    state.update({"phase": "over", "segment": "over", "combat": None, "retreat": None, "pending": [], "done": []})
    if state["ended"] is None:
        return victory.final_check(d, state)
    result = victory.outcome(d, state) or {}
    return [event(result.get("reason") or msg("engine.prompt.over"), "end", winner=result.get("winner"))]


class GameOver(Over):
    label_key = "bakumatsu.phase.over"


PHASES = phase_table(Setup(), AppearanceCheck(), CupDraw(), CommanderDraw(), TakamoriRoll(), RecoveryMovement(),
                     Entering(), Recovery(), Fire(), FireSupport(), FireDice(), Melee(), MeleeSupport(), MeleeDice(),
                     MoraleCheck(), Retreat(), Advance(), GameOver())


# == refusals of actions made at the wrong time ============================================================
WRONG_TIME = {
    "move": "bakumatsu.6.active-any-units", "recover": "bakumatsu.7.recovery-eligibility",
    "enter": "bakumatsu.13-2.one-at-a-time", "fire": "bakumatsu.9-1.nonactive-fires",
    "melee": "bakumatsu.10-1.active-melee", "support": "bakumatsu.9-2.support-eligibility",
    "resolve": "bakumatsu.9-2.declare", "retreat": "bakumatsu.11.owner-chooses", "advance": "bakumatsu.10-2.advance",
    "stay": "bakumatsu.10-2.advance", "place": "bakumatsu.15-1-4.one-per-setup-hex",
    "place-all": "bakumatsu.15-1-4.one-per-setup-hex", "end": "bakumatsu.6.phase-end",
}
