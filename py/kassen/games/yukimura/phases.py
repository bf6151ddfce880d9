"""The Yukimura Gaiden sequence of play as phase objects (shared/rules/yukimura.md; clause ids inline).

A turn (4-1) is six phases: the Eastern Movement Phase, the Osaka Defensive Firing Phase, the
Eastern Combat Phase (firing, then hand-to-hand), and the same with the sides swapped.
``state["segment"]`` is the phase of the turn (move, defensive-fire, fire, h2h), ``state["active"]``
the side whose half of the turn it is, ``state["phase"]`` the step (the key of the phase table).

A fire or a hand-to-hand combat is declared with one unit and a target, joined by more units one
at a time, rolled (two chance steps) and applied at once: morale checks one unit at a time (one
chance step each), retreats hex by hex by the owner, chain-retreat checks for the units passed
through (11-2), the owner's choice of who takes the extra hex when two units end in one (11-2-5,
ruling 3), then the advance after combat (11-3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.movement import MoveRules, reach
from ...engine.phases import ACTIVE, OTHER, ChancePhase, Over, Phase, Refusal, phase_table, refuse
from ...engine.retreat import RetreatStep, advance_cells
from ...engine.state import Event, State, View, event
from . import combat as cb
from . import victory
from .movement import Situation, moved_message

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

ROLLS = tuple(Action("roll", arg=str(d)) for d in range(1, 7))
SIXTH = 1.0 / 6.0
END = Action("end")
RESOLVE = Action("resolve")
STAY = Action("stay")
FREE_ADVANCE = 4  # 11-3-4


def sit(g: "Rules", state: State) -> Situation:
    """A fresh Situation: for effects, which change the state as they go."""
    return Situation(g.d, state)


def seen(g: "Rules", state: State) -> Situation:
    return g.situation(state)


def _add(state: State, key: str, uid: str) -> None:
    lst = state[key]
    if uid not in lst:
        lst.append(uid)


# == who may act (14-x(5), 13) =============================================================================
def held_reason(g: "Rules", state: State, uid: str) -> Optional[Refusal]:
    """Why ``uid`` may not move (or advance) now: a frozen force (14-2(5)), a force held until a turn
    (14-1(5), 14-3(8)) and not released early; None if it may."""
    d = g.d
    u = d.units[uid]
    lim = d.limits.get(u.force)
    if lim is None or state["turn"] >= lim.until or u.force in state["released"]:
        return None
    clause = g.d.limit_clause(u.force)
    if lim.until > d.turns:
        return refuse("yukimura.refuse.frozen", clause, unit=unit(uid))
    return refuse("yukimura.refuse.held", clause, unit=unit(uid), turn=lim.until)


def command_reason(g: "Rules", state: State, uid: str) -> Optional[Refusal]:
    """13-1(3), ruling 19: with the command-range option on, a unit farther from its own leader than
    his range (or whose leader is gone) may neither move nor attack."""
    if not (state.get("options") or {}).get("command_range"):
        return None
    d = g.d
    u = d.units[uid]
    if u.is_leader:
        return None
    leader = d.leader_unit.get(u.leader)
    if leader is None:
        return None
    lat = state["units"][leader]["at"]
    here = state["units"][uid]["at"]
    if lat is None:
        return refuse("yukimura.refuse.leader-gone", "yukimura.13-1.out-of-range", unit=unit(uid), leader=unit(leader))
    if lat not in d.hex_set:  # the leader has not entered yet: in command until he does (brief 4)
        return None
    far = d.board.distance(lat, here) if here in d.hex_set else None
    rng = d.units[leader].command_range
    if far is None or far > rng:
        return refuse("yukimura.refuse.out-of-command", "yukimura.13-1.out-of-range", "yukimura.13-1.measure",
                      unit=unit(uid), leader=unit(leader), range=rng)
    return None


# == the Movement Phase (7, 8) ============================================================================
def due(g: "Rules", state: State, uid: str) -> Optional[list[str]]:
    """The entry hexes of a reinforcement that may come on now (8, 14-1(4), 14-3(6)), or None."""
    d = g.d
    a = d.arrival_of.get(uid)
    if a is None or state["units"][uid]["at"] != d.waiting_box[a.side]:
        return None
    if state["turn"] < a.turn:
        return None
    if a.die:
        h = state.get("hideyori") or {}
        if not h.get("released") or not h.get("at"):
            return None
        return [h["at"]]
    return list(a.entry)


class Move(Phase):
    """7: the active player moves any of his units, one at a time, each once (7-1-1, 7-2), and brings
    on his reinforcements (8)."""

    name, clause = "move", "yukimura.7.optional"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        d = g.d
        side_id = state["active"]
        s = seen(g, state)
        out: list[Action] = []
        done = set(state["done"])
        for uid in d.by_side[side_id]:
            at = state["units"][uid]["at"]
            if at in d.hex_set:
                if uid in done or held_reason(g, state, uid) or command_reason(g, state, uid):
                    continue
                to = g.actions_to("move", uid)
                out.extend([to[h] for h in s.destinations(uid)])
                exits = s.exits(uid)
                if exits:
                    to = g.actions_to("exit", uid)
                    out.extend([to[h] for h in exits])
            elif at is not None:
                entries = due(g, state, uid)
                if entries:
                    out.extend(g.action("enter", uid, h) for h in s.entry(uid, entries).destinations())
        out.append(END)
        return out

    def _own(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None or not action.cell:
            return refuse("yukimura.refuse.name-unit", "yukimura.7-1-1.one-at-a-time")
        uid = action.units[0]
        if d.side_of[uid] != state["active"]:
            return refuse("yukimura.refuse.own-unit", "yukimura.4-1.eastern-move" if state["active"] == d.east
                          else "yukimura.4-1.osaka-move", side=side(state["active"]))
        return None

    def _may_move(self, g: "Rules", state: State, uid: str) -> Optional[Refusal]:
        if state["units"][uid]["at"] not in g.d.hex_set:
            if state["units"][uid]["at"] is None:
                return refuse("yukimura.refuse.gone", "yukimura.7-6-2.offmap-no-return", unit=unit(uid))
            return refuse("yukimura.refuse.not-on-map", "yukimura.8.scenario-defined", unit=unit(uid))
        if uid in state["done"]:
            return refuse("yukimura.refuse.moved", "yukimura.7-2.ma-once", unit=unit(uid))
        return held_reason(g, state, uid) or command_reason(g, state, uid)

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        found = self._own(g, state, action) or self._may_move(g, state, action.units[0])
        if found is not None:
            return found
        uid = action.units[0]
        s = seen(g, state)
        if action.cell in s.destinations(uid):
            return None
        return s.refuse_destination(uid, action.cell or "")

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, dest = action.units[0], action.cell or ""
        s = sit(g, state)
        frm = s.at(uid) or ""
        by_road = s.by_road_only(uid, dest)
        state["units"][uid]["at"] = dest
        _add(state, "done", uid)
        return [event(moved_message(uid, frm, dest, by_road), "move")] + after_action(g, state)

    def refuse_exit(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        found = self._own(g, state, action) or self._may_move(g, state, action.units[0])
        if found is not None:
            return found
        uid = action.units[0]
        if action.cell in seen(g, state).exits(uid):
            return None
        if action.cell not in g.d.edge:
            return refuse("yukimura.refuse.exit-edge", "yukimura.7-6.offmap-allowed", at=cell(action.cell))
        return refuse("yukimura.refuse.exit-mp", "yukimura.7-6-1.offmap-cost", "yukimura.7-3-1.zoc-stop",
                      unit=unit(uid), at=cell(action.cell))

    def do_exit(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = None
        _remove_from(state, uid)
        return [event(msg("yukimura.log.exits", unit=unit(uid), at=cell(action.cell), **{"from": cell(frm)}),
                      "move")] + after_action(g, state)

    def refuse_enter(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        found = self._own(g, state, action)
        if found is not None:
            return found
        d = g.d
        uid = action.units[0]
        at = state["units"][uid]["at"]
        if at in d.hex_set or at is None:
            return refuse("yukimura.refuse.not-waiting", "yukimura.8.scenario-defined", unit=unit(uid))
        entries = due(g, state, uid)
        if entries is None:
            a = d.arrival_of.get(uid)
            if a is not None and a.die:
                return refuse("yukimura.refuse.hideyori-not-yet", "yukimura.14-3.hideyori-roll", unit=unit(uid))
            return refuse("yukimura.refuse.not-due", "yukimura.8.scenario-defined",
                          *([a.clause] if a and a.clause != "yukimura.8.scenario-defined" else []), unit=unit(uid),
                          turn=a.turn if a else 0)
        s = seen(g, state)
        r = s.entry(uid, entries)
        if action.cell in r:
            return None
        occupied = set(s.occupied)
        if all(e in occupied for e in entries):
            return refuse("yukimura.refuse.entry-blocked", "yukimura.8-2.entry-hex-occupied",
                          "yukimura.8-3.entry-delay", unit=unit(uid))
        return refuse("yukimura.refuse.entry-reach", "yukimura.8-1.entry-cost", "yukimura.8-1.entry-into-zoc",
                      unit=unit(uid), to=cell(action.cell), entries=[cell(e) for e in entries])

    def do_enter(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, dest = action.units[0], action.cell or ""
        state["units"][uid]["at"] = dest
        _add(state, "done", uid)
        return [event(msg("yukimura.log.enters", unit=unit(uid), to=cell(dest)), "reinforcement")] + \
            after_action(g, state)

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.move", side=side(view["to_move"]))


def _remove_from(state: State, uid: str) -> None:
    for key in ("markers",):
        if uid in state[key]:
            state[key].remove(uid)


class ReleaseRoll(ChancePhase):
    """14-1(5)(3), ruling 12: once an Eastern unit has been west of the Ishikawa Line, Osaka rolls a
    die at the start of each of its Movement Phases; on 1-3 Sanada's force is free for good."""

    name, clause = "release-roll", "yukimura.14-1.sanada-early-roll"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        die = int(action.arg or 0)
        force = state["pending"].pop(0).split(":", 1)[1]
        lim = g.d.limits[force]
        ok = die in lim.die
        if ok:
            _add(state, "released", force)
        key = "yukimura.log.release-roll-ok" if ok else "yukimura.log.release-roll-fail"
        events = [event(msg(key, force=g.force_name(force), die=die, need=_need(lim.die)), "dice", dice=[die],
                        side=g.d.osaka)]
        return events + next_start_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.release-roll")


class HideyoriRoll(ChancePhase):
    """14-3(6), ruling 16: from turn 8, at the start of each Osaka Movement Phase, a die for the map
    where Hideyori's force is staged; on 1-2 it may enter from now on."""

    name, clause = "hideyori-roll", "yukimura.14-3.hideyori-roll"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        die = int(action.arg or 0)
        state["pending"].pop(0)
        a = next(x for x in g.d.arrivals if x.die)
        ok = die in a.die
        if ok:
            state["hideyori"]["released"] = True
        key = "yukimura.log.hideyori-ok" if ok else "yukimura.log.hideyori-fail"
        events = [event(msg(key, die=die, need=_need(a.die), at=cell(state["hideyori"]["at"])), "dice",
                        dice=[die], side=g.d.osaka)]
        return events + next_start_step(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.hideyori-roll")


def _need(die: Iterable[int]) -> str:
    values = sorted(die)
    return f"{values[0]}–{values[-1]}" if len(values) > 1 else str(values[0] if values else "—")


class Staging(Phase):
    """14-3(6): at the start, Osaka places Hideyori's force off the map beside a west-edge road hex
    of either map, chosen freely (ruling 16: all ten at one hex)."""

    name, clause = "staging", "yukimura.14-3.hideyori-staging"

    def player(self, g: "Rules", state: State) -> str:
        return g.d.osaka

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        a = next(x for x in g.d.arrivals if x.die)
        return [Action("stage", cell=h) for h in a.staging]

    def refuse_stage(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        a = next(x for x in g.d.arrivals if x.die)
        if action.units or action.arg is not None or action.cell not in a.staging:
            return refuse("yukimura.refuse.staging", "yukimura.14-3.hideyori-staging",
                          hexes=[cell(h) for h in a.staging])
        return None

    def do_stage(self, g: "Rules", state: State, action: Action) -> list[Event]:
        state["hideyori"] = {"at": action.cell, "released": False}
        events = [event(msg("yukimura.log.staged", at=cell(action.cell)), "reinforcement")]
        return events + begin_game(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.staging")


def begin_game(g: "Rules", state: State) -> list[Event]:
    """3(4): the Inning marker in box 1; the Eastern Movement Phase (4-1(1))."""
    state["turn"] = 1
    return [event(msg("yukimura.log.turn", turn=1), "phase")] + begin_segment(g, state, "move", g.d.first)


def begin_move(g: "Rules", state: State) -> list[Event]:
    """The start of a Movement Phase: Mōri's early release (ruling 11), Sanada's roll (ruling 12) and
    Hideyori's roll (14-3(6)), in that order, for Osaka."""
    d = g.d
    events: list[Event] = []
    steps: list[str] = []
    victory.watch(g, state)
    if state["active"] == d.osaka:
        for force, lim in d.limits.items():
            if force in state["released"] or state["turn"] >= lim.until or lim.release is None:
                continue
            if not state["west"]:
                continue
            if lim.release == "ishikawa":
                if (state.get("options") or {}).get("mori_literal") or not d.mori_early_release:
                    continue
                _add(state, "released", force)
                events.append(event(msg("yukimura.log.released-ishikawa", force=g.force_name(force)), "reinforcement"))
            elif lim.release == "roll":
                steps.append(f"release-roll:{force}")
        h = state.get("hideyori")
        a = next((x for x in d.arrivals if x.die), None)
        if a is not None and h and not h.get("released") and state["turn"] >= a.turn:
            steps.append("hideyori-roll")
    state["pending"] = steps
    return events + next_start_step(g, state)


def next_start_step(g: "Rules", state: State) -> list[Event]:
    if state["pending"]:
        state["phase"] = state["pending"][0].split(":", 1)[0]
        return []
    state["phase"] = "move"
    return settle(g, state)


# == fire (9) ===============================================================================================
def may_fire(g: "Rules", state: State, s: Situation, uid: str) -> bool:
    d = g.d
    u = d.units[uid]
    if not u.rifle or uid in state["done"] or not s.on_map(uid):
        return False
    if state["segment"] == "fire" and command_reason(g, state, uid) is not None:
        return False
    return True


def fire_targets(g: "Rules", state: State, s: Situation, uid: str) -> list[str]:
    """9-1-1, 9-1-5, 9-1-6: adjacent enemy units not yet fired at this phase (across any hexside)."""
    targets = set(state["targets"])
    return [s.at(t) or "" for t in s.adjacent_enemies(uid) if t not in targets]


def attack_targets(g: "Rules", state: State, s: Situation, uid: str) -> list[str]:
    """10-1-1, 10-1-5, 10-1-6: adjacent enemy units not yet attacked, not across an impassable hexside."""
    d = g.d
    here = s.at(uid) or ""
    targets = set(state["targets"])
    return [s.at(t) or "" for t in s.adjacent_enemies(uid)
            if t not in targets and not d.across_impassable(here, s.at(t) or "")]


def may_attack(g: "Rules", state: State, s: Situation, uid: str) -> bool:
    return uid not in state["done"] and s.on_map(uid) and command_reason(g, state, uid) is None


class Firing(Phase):
    """9: rifle units fire at adjacent enemy units, one fire at a time (9-1)."""

    def firing_side(self, g: "Rules", state: State) -> str:
        return state["active"] if self.name == "fire" else g.other_side(state["active"])

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        s = seen(g, state)
        out: list[Action] = []
        for uid in g.d.by_side[self.firing_side(g, state)]:
            if may_fire(g, state, s, uid):
                out.extend(g.action("fire", uid, h) for h in fire_targets(g, state, s, uid))
        out.append(END)
        return out

    def refuse_fire(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        firing = self.firing_side(g, state)
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None or not action.cell:
            return refuse("yukimura.refuse.name-unit", "yukimura.9-1.declare")
        uid = action.units[0]
        if d.side_of[uid] != firing:
            return refuse("yukimura.refuse.fire-side", self.clause, "yukimura.9.fire-phases", side=side(firing))
        return refuse_firer(g, state, seen(g, state), uid, action.cell, None)

    def do_fire(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return declare(g, state, cb.FIRE, action.units[0], action.cell or "")

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)


def refuse_firer(g: "Rules", state: State, s: Situation, uid: str, at: Optional[str],
                 record: Optional[dict[str, Any]]) -> Optional[Refusal]:
    """Why ``uid`` may not fire at the unit on ``at`` now (None: it may)."""
    d = g.d
    u = d.units[uid]
    if not u.rifle:
        return refuse("yukimura.refuse.not-rifle", "yukimura.9.riflemen-only", unit=unit(uid))
    if not s.on_map(uid):
        return refuse("yukimura.refuse.not-on-map", "yukimura.9-1-1.adjacent", unit=unit(uid))
    if uid in state["done"] or (record is not None and uid in record["units"]):
        if state["segment"] == "fire" and uid in state["done"] and uid in state.get("attacked", []):
            return refuse("yukimura.refuse.fire-or-h2h", "yukimura.9-1-7.fire-xor-h2h", unit=unit(uid))
        return refuse("yukimura.refuse.fired", "yukimura.9-1-2.once-per-phase", unit=unit(uid))
    if state["segment"] == "fire":
        why = command_reason(g, state, uid)
        if why is not None:
            return why
    target = s.unit_at(at)
    if target is None or d.side_of[target] == d.side_of[uid]:
        return refuse("yukimura.refuse.fire-target", "yukimura.9-1.declare", at=cell(at))
    if record is None and target in state["targets"]:
        return refuse("yukimura.refuse.target-once", "yukimura.9-1-5.target-once", "yukimura.9-1-4.combine-into-hex",
                      unit=unit(target))
    if not d.board.adjacent(s.at(uid) or "", at or ""):
        return refuse("yukimura.refuse.fire-adjacent", "yukimura.9-1-1.adjacent", unit=unit(uid))
    return None


class DefensiveFire(Firing):
    """4-1(2), (5): the non-moving player's rifle units fire; no advance afterwards (11-3-2)."""

    name, clause, actor = "defensive-fire", "yukimura.4-1.osaka-defensive-fire", OTHER

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.defensive-fire", side=side(view["to_move"]))


class CombatFire(Firing):
    """4-1(3)A, (6)A: the moving player's firing step, before hand-to-hand."""

    name, clause = "fire", "yukimura.4-1.eastern-combat"

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.fire", side=side(view["to_move"]))


class HandToHand(Phase):
    """10: the moving player's units attack adjacent enemy units, after firing (10, 10-1)."""

    name, clause = "h2h", "yukimura.10.own-phase"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        s = seen(g, state)
        out: list[Action] = []
        for uid in g.d.by_side[state["active"]]:
            if may_attack(g, state, s, uid):
                out.extend(g.action("attack", uid, h) for h in attack_targets(g, state, s, uid))
        out.append(END)
        return out

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        if len(action.units) != 1 or action.units[0] not in d.units or action.arg is not None or not action.cell:
            return refuse("yukimura.refuse.name-unit", "yukimura.10-1-1.adjacent")
        uid = action.units[0]
        if d.side_of[uid] != state["active"]:
            return refuse("yukimura.refuse.h2h-side", "yukimura.10.own-phase", side=side(state["active"]))
        return refuse_attacker(g, state, seen(g, state), uid, action.cell, None)

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return declare(g, state, cb.H2H, action.units[0], action.cell or "")

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == END else g.not_offered(self, action)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return end_segment(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.h2h", side=side(view["to_move"]))


def refuse_attacker(g: "Rules", state: State, s: Situation, uid: str, at: Optional[str],
                    record: Optional[dict[str, Any]]) -> Optional[Refusal]:
    d = g.d
    if not s.on_map(uid):
        return refuse("yukimura.refuse.not-on-map", "yukimura.10-1-1.adjacent", unit=unit(uid))
    if uid in state["done"] or (record is not None and uid in record["units"]):
        if uid in state.get("fired", []):
            return refuse("yukimura.refuse.fire-or-h2h", "yukimura.9-1-7.fire-xor-h2h", unit=unit(uid))
        return refuse("yukimura.refuse.attacked", "yukimura.10-1-2.attack-once", unit=unit(uid))
    why = command_reason(g, state, uid)
    if why is not None:
        return why
    target = s.unit_at(at)
    if target is None or d.side_of[target] == d.side_of[uid]:
        return refuse("yukimura.refuse.h2h-target", "yukimura.10-1-1.adjacent", at=cell(at))
    if record is None and target in state["targets"]:
        return refuse("yukimura.refuse.defend-once", "yukimura.10-1-5.defend-once", "yukimura.10-1-4.combine",
                      unit=unit(target))
    here = s.at(uid) or ""
    if not d.board.adjacent(here, at or ""):
        return refuse("yukimura.refuse.h2h-adjacent", "yukimura.10-1-1.adjacent", unit=unit(uid))
    if d.across_impassable(here, at or ""):
        return refuse("yukimura.refuse.h2h-impassable", "yukimura.10-1-6.no-h2h-impassable",
                      "yukimura.12-1.mound-no-h2h", unit=unit(uid))
    return None


def declare(g: "Rules", state: State, kind: str, uid: str, at: str) -> list[Event]:
    """9-1, 10-1: the first unit and the target; more units join before the dice (9-1-4, 10-1-4)."""
    s = sit(g, state)
    target = s.unit_at(at) or ""
    state["combat"] = {"kind": kind, "side": g.d.side_of[uid], "units": [uid], "froms": [s.at(uid)],
                       "target": target, "at": at, "dice": [], "code": None, "queue": [], "path": [],
                       "result": None}
    state["phase"] = "declare"
    key = "yukimura.log.fire-declared" if kind == cb.FIRE else "yukimura.log.h2h-declared"
    return [event(msg(key, unit=unit(uid), target=unit(target), at=cell(at)), "combat")]


class Declare(Phase):
    """9-1-4, 10-1-4: every unit firing at (attacking) one hex does so together: the player adds
    units one at a time, then rolls."""

    name, clause = "declare", "yukimura.9-1-4.combine-into-hex"

    def player(self, g: "Rules", state: State) -> str:
        return state["combat"]["side"]

    def joiners(self, g: "Rules", state: State) -> list[str]:
        record = state["combat"]
        s = seen(g, state)
        d = g.d
        out = []
        for n in d.board.neighbors[record["at"]]:
            u = s.unit_at(n)
            if u is None or d.side_of[u] != record["side"] or u in record["units"]:
                continue
            if self.refuse_unit(g, state, s, u) is None:
                out.append(u)
        return out

    def refuse_unit(self, g: "Rules", state: State, s: Situation, uid: str) -> Optional[Refusal]:
        record = state["combat"]
        if record["kind"] == cb.FIRE:
            return refuse_firer(g, state, s, uid, record["at"], record)
        return refuse_attacker(g, state, s, uid, record["at"], record)

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        units = state["units"]
        return [Action("join", cell=units[u]["at"]) for u in self.joiners(g, state)] + [RESOLVE]

    def refuse_join(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        record = state["combat"]
        clause = "yukimura.9-1-4.combine-into-hex" if record["kind"] == cb.FIRE else "yukimura.10-1-4.combine"
        if action.units or action.arg is not None or action.cell is None:
            return refuse("yukimura.refuse.join-hex", clause)
        s = seen(g, state)
        uid = s.unit_at(action.cell)
        if uid is None or d.side_of[uid] != record["side"]:
            return refuse("yukimura.refuse.join-friendly", clause, at=cell(action.cell))
        return self.refuse_unit(g, state, s, uid)

    def do_join(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = sit(g, state).unit_at(action.cell) or ""
        state["combat"]["units"].append(uid)
        state["combat"]["froms"].append(action.cell)
        return [event(msg("yukimura.log.joins", unit=unit(uid)), "combat")]

    def refuse_resolve(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == RESOLVE else g.not_offered(self, action)

    def do_resolve(self, g: "Rules", state: State, action: Action) -> list[Event]:
        state["phase"] = "dice"
        return [event(arithmetic(g, state["combat"], g.revision_of(state)), "combat")]

    def prompt(self, g: "Rules", view: View) -> Msg:
        record = view.get("combat") or {}
        key = "yukimura.prompt.join-fire" if record.get("kind") == cb.FIRE else "yukimura.prompt.join-h2h"
        return msg(key, side=side(view["to_move"]), target=unit(record.get("target")))


def arithmetic(g: "Rules", record: dict[str, Any], revision: int) -> Msg:
    """The sum before the dice: each unit's strength (of the game's rules ``revision``), the total
    (or difference), shifts, the column."""
    d = g.d
    cs = {u: d.unit_of(u, revision).cs for u in [*record["units"], record["target"]]}
    parts = [msg("yukimura.arith.part", unit=unit(u), cs=cs[u]) for u in record["units"]]
    shifts = [msg("yukimura.arith.shift", value=m.value, reason=m.reason) for m in cb.shifts(d, record)]
    column = cb.column_label(d, record, revision)
    total = cb.strength(d, record, revision)
    if record["kind"] == cb.FIRE:
        return msg("yukimura.log.fire-arith", parts=parts, total=total,
                   shifts=shifts or msg("yukimura.arith.no-shift"), column=column)
    return msg("yukimura.log.h2h-arith", parts=parts, defender=unit(record["target"]),
               dcs=cs[record["target"]], total=total,
               shifts=shifts or msg("yukimura.arith.no-shift"), column=column)


class Dice(ChancePhase):
    """9-2, 10-3: two dice, one chance step each."""

    name, clause = "dice", "yukimura.9-2.resolve"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        record = state["combat"]
        die = int(action.arg or 0)
        record["dice"].append(die)
        events = [event(msg("yukimura.log.die", die=die), "dice", dice=[die], side=record["side"])]
        if len(record["dice"]) < 2:
            return events
        return events + apply_result(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.dice")


def apply_result(g: "Rules", state: State) -> list[Event]:
    """9-2, 10-3: read the table and apply the result at once: removals (E, AE, DE), then the morale
    checks it calls for, one unit at a time (11), the defender first (10-3-1 B1)."""
    d = g.d
    record = state["combat"]
    res = cb.resolve(d, record, sum(record["dice"]), g.revision_of(state))
    record["code"] = res.code
    events = [event(msg("yukimura.log.result", roll=res.roll, column=res.column_header, code=res.code), "combat")]
    checks, removed = cb.checks_of(res.effects, record)
    if not checks and not removed:
        events.append(event(msg("yukimura.log.no-effect"), "combat"))
    for uid in removed:
        if state["units"][uid]["at"] is not None:
            events += remove(g, state, uid, "yukimura.log.removed-result")
            if uid == record["target"]:
                record["result"] = "removed"
    record["queue"] = [{"unit": u, "plus": plus, "chain": False, "sources": sources_for(record, u)}
                       for u, plus in checks]
    return events + next_check(g, state)


def sources_for(record: dict[str, Any], uid: str) -> list[str]:
    """11-1-1, ruling 6: the hexes a retreating unit moves away from: the attackers' for the target,
    the target's for an attacker. A chain-retreating unit was neither fired at nor attacked and has
    nothing to move away from; nor has the unit taking the extra hex of 11-2-5 (YE1-2 and YE1-4 name
    only the zone of control): the only reading under which the worked example YE1 can happen."""
    if uid == record["target"]:
        return list(record["froms"])
    if uid in record["units"]:
        return [record["at"]]
    return []


def remove(g: "Rules", state: State, uid: str, key: str) -> list[Event]:
    at = state["units"][uid]["at"]
    state["units"][uid]["at"] = None
    _remove_from(state, uid)
    return [event(msg(key, unit=unit(uid), at=cell(at)), "combat")]


# == morale checks, retreats and chain retreats (11) ========================================================
def next_check(g: "Rules", state: State) -> list[Event]:
    """The next morale check of this combat: first the chain-retreat checks of the units marked by
    the last retreat (11-2-2), then the next result check (11: one unit at a time); then the advance."""
    d = g.d
    record = state["combat"]
    events: list[Event] = []
    while True:
        if state["ended"] is not None:
            return events + finish_game(g, state)
        item: Optional[dict[str, Any]] = None
        if state["markers"]:
            uid = state["markers"].pop(0)
            if state["units"][uid]["at"] not in d.hex_set:
                continue
            if uid in state["retreated"] or uid in state["chained"]:
                events.append(event(msg("yukimura.log.chain-exempt", unit=unit(uid)), "morale"))
                continue
            item = {"unit": uid, "plus": 0, "chain": True, "sources": sources_for(record, uid)}
        elif record["queue"]:
            item = record["queue"].pop(0)
            if state["units"][item["unit"]]["at"] not in d.hex_set:
                continue
        else:
            return events + after_result(g, state)
        uid = item["unit"]
        if d.unit_of(uid, g.revision_of(state)).star:  # 11, ruling 5
            events.append(event(msg("yukimura.log.star", unit=unit(uid)), "morale"))
            continue
        state["check"] = item
        state["phase"] = "check"
        return events


class MoraleCheck(ChancePhase):
    """11: one die + the result number − Morale (11(1)); 0 or less stays (11(2)); 1-4 retreats that
    many hexes, 5 or more is removed (11(3)). A chain-retreat check adds nothing and a failure
    retreats die − Morale hexes (11-2-3), 5 or more removed (ruling 4)."""

    name, clause = "check", "yukimura.11.formula"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return [(a, SIXTH) for a in ROLLS]

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        d = g.d
        item = state["check"]
        state["check"] = None
        uid, plus = item["unit"], item["plus"]
        die = int(action.arg or 0)
        morale = d.unit_of(uid, g.revision_of(state)).morale or 0  # the values of the game's revision
        value = cb.check_value(die, plus, morale)
        outcome, hexes = cb.check_outcome(value)
        key = "yukimura.log.chain-check" if item["chain"] else "yukimura.log.check"
        events = [event(msg(key, unit=unit(uid), die=die, plus=plus, morale=morale, value=value,
                            outcome=msg(f"yukimura.outcome.{outcome}", hexes=hexes)),
                        "dice", dice=[die], side=d.side_of[uid])]
        record = state["combat"]
        if outcome == "pass":
            return events + next_check(g, state)
        if outcome == "removed":
            if uid == record["target"]:
                record["result"] = "removed"
            return events + remove(g, state, uid, "yukimura.log.removed-check") + next_check(g, state)
        return events + start_retreat(g, state, uid, hexes, item["sources"], chain=item["chain"], extra=False)

    def prompt(self, g: "Rules", view: View) -> Msg:
        item = view.get("check") or {}
        return msg("yukimura.prompt.check", unit=unit(item.get("unit")))


def start_retreat(g: "Rules", state: State, uid: str, hexes: int, sources: list[str], chain: bool,
                  extra: bool, been: Optional[dict[str, list[str]]] = None) -> list[Event]:
    """11-1: the owner retreats the unit hex by hex; if it cannot go the full distance it is removed
    (11-1-3). ``been``: for the extra hex of 11-2-5, the hexes each unit has left or entered by an
    extra hex in this combat (ruling X1)."""
    record = state["combat"]
    here = state["units"][uid]["at"]
    if not extra:
        _add(state, "chained" if chain else "retreated", uid)
    retreat: dict[str, Any] = {"unit": uid, "path": [here], "left": hexes, "sources": sources, "chain": chain,
                               "extra": extra}
    if been:
        retreat["been"] = been
    if sit(g, state).retreat_steps(uid, here, hexes, sources, visited(g, state, retreat)):
        state["retreat"] = retreat
        state["phase"] = "retreat"
        return []
    if uid == record["target"]:
        record["result"] = "removed"
    return remove(g, state, uid, "yukimura.log.no-retreat") + next_check(g, state)


def visited(g: "Rules", state: State, retreat: dict[str, Any]) -> list[str]:
    """The hexes a retreat may not enter: its own path, and for an extra hex the hexes the unit
    has left or entered by an extra hex in this combat (ruling X1) and, from rules revision 3, the
    hexes any unit has (ruling X2)."""
    own = (retreat.get("been") or {}).get(retreat["unit"], ())
    return [*retreat["path"], *own, *sorted(touched_by_extra(g, state, retreat) - set(own))]


def touched_by_extra(g: "Rules", state: State, retreat: dict[str, Any]) -> set[str]:
    """Ruling X2 (rules revision 3): the hexes any unit has left or entered by an extra hex in this
    combat, which no extra hex may enter. Under X1 alone a unit could not go back, but in a packed
    line every unit could still walk through every friendly hex in turn: one computer's Dōmyōji
    game took more than 200 extra hexes in one combat, which had still not ended. With X2 each
    extra hex takes a hex no extra hex has touched, so a combat has at most as many as there are
    hexes around its units."""
    if not retreat.get("extra") or g.revision_of(state) < 3:
        return set()
    return {x for hexes in (retreat.get("been") or {}).values() for x in hexes}


def been_after(retreat: dict[str, Any]) -> dict[str, list[str]]:
    """Ruling X1: the hexes each unit has left or entered by an extra hex, with this one added.
    The extra hex of 11-2-5 can end in another double occupancy; without this record three units
    in two hexes could pass the extra hex between them for ever."""
    been = {u: list(hexes) for u, hexes in (retreat.get("been") or {}).items()}
    mine = been.setdefault(retreat["unit"], [])
    mine.extend(x for x in retreat["path"] if x not in mine)
    return been


class Retreat(RetreatStep):
    """11-1, 11-2: the retreating unit's owner picks each hex; entering a friendly unit's hex marks
    it for a chain retreat (11-2-1)."""

    name, clause = "retreat", "yukimura.11.fail-retreat"
    refusals = {
        "hex": ("yukimura.refuse.retreat-hex", ("yukimura.11.fail-retreat",)),
        "off": ("yukimura.refuse.retreat-off", ("yukimura.11-1-2.no-offmap",)),
        "step": ("yukimura.refuse.retreat-step", ("yukimura.11.fail-retreat",)),
        "enemy": ("yukimura.refuse.retreat-enemy", ("yukimura.11-1-2.no-enemy-hex",)),
        "zoc": ("yukimura.refuse.retreat-zoc", ("yukimura.11-1-2.no-enemy-zoc",)),
    }

    def options(self, g: "Rules", state: State) -> list[str]:
        r = state["retreat"]
        return seen(g, state).retreat_steps(r["unit"], r["path"][-1], r["left"], r["sources"], visited(g, state, r))

    def refuse_more(self, g: "Rules", state: State, uid: str, here: str, target: str) -> Refusal:
        d = g.d
        r = state["retreat"]
        if d.across_impassable(here, target) or target in d.large_river:
            return refuse("yukimura.refuse.retreat-impassable", "yukimura.11-1-2.no-impassable", to=cell(target))
        if target in (r.get("been") or {}).get(uid, ()):  # ruling X1
            return refuse("yukimura.refuse.extra-been", "yukimura.11-2-5.double-occupancy", unit=unit(uid),
                          to=cell(target))
        if target in touched_by_extra(g, state, r):  # ruling X2
            return refuse("yukimura.refuse.extra-touched", "yukimura.11-2-5.double-occupancy", to=cell(target))
        near = [x for x in (d.board.distance(target, src) for src in r["sources"]) if x is not None]
        now = [x for x in (d.board.distance(here, src) for src in r["sources"]) if x is not None]
        if near and now and min(near) <= min(now):
            return refuse("yukimura.refuse.retreat-away", "yukimura.11-1-1.away", to=cell(target))
        return refuse("yukimura.refuse.retreat-dead-end", "yukimura.11-1-3.short-removed", to=cell(target))

    def do_retreat(self, g: "Rules", state: State, action: Action) -> list[Event]:
        d = g.d
        r = state["retreat"]
        uid, target = r["unit"], action.cell or ""
        frm = r["path"][-1]
        state["units"][uid]["at"] = target
        r["path"].append(target)
        r["left"] -= 1
        record = state["combat"]
        if uid == record["target"]:
            if not record["path"]:
                record["path"].append(frm)
            record["path"].append(target)
            record["result"] = "retreat"
        events = [event(msg("yukimura.log.retreats", unit=unit(uid), to=cell(target), **{"from": cell(frm)}), "move")]
        # the units already in the hex, in the units' order (Situation.occupied without building
        # the whole map's occupancy: this runs for every hex of every retreat a search tries)
        others = ([u for u, x in state["units"].items() if x["at"] == target and u != uid]
                  if target in d.hex_set else [])
        for other in others:  # 11-2-1
            if other not in state["markers"]:
                state["markers"].append(other)
                events.append(event(msg("yukimura.log.marked", unit=unit(other), by=unit(uid)), "morale"))
        victory.watch(g, state)
        if state["ended"] is not None:
            state["retreat"] = None
            return events + finish_game(g, state)
        if r["left"] > 0:
            return events
        state["retreat"] = None
        if others:  # 11-2-5, ruling 3: the owner chooses who takes one more hex
            state["double"] = {"at": target, "units": [others[0], uid], "sources": r["sources"]}
            if r["extra"] and g.revision_of(state) >= 1:  # ruling X1: a second double occupancy of
                # the same combat keeps the record (a game begun before X1 keeps the earlier reading)
                state["double"]["been"] = been_after(r)
            state["phase"] = "double"
            return events + [event(msg("yukimura.log.double", at=cell(target), a=unit(others[0]), b=unit(uid)),
                                   "morale")]
        return events + next_check(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        r = view.get("retreat") or {}
        return msg("yukimura.prompt.retreat", side=side(view.get("to_move")), unit=unit(r.get("unit")),
                   left=r.get("left", 0))


class Double(Phase):
    """11-2-5, ruling 3: two units in one hex after a retreat; the owner picks which of them retreats
    one more hex under every retreat rule (removed if it cannot)."""

    name, clause = "double", "yukimura.11-2-5.double-occupancy"

    def player(self, g: "Rules", state: State) -> str:
        return g.d.side_of[state["double"]["units"][0]]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [Action("extra", (u,)) for u in state["double"]["units"]]

    def refuse_extra(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if len(action.units) != 1 or action.units[0] not in state["double"]["units"] or action.cell or action.arg:
            return refuse("yukimura.refuse.extra-which", "yukimura.11-2-5.double-occupancy",
                          a=unit(state["double"]["units"][0]), b=unit(state["double"]["units"][1]))
        return None

    def do_extra(self, g: "Rules", state: State, action: Action) -> list[Event]:
        dbl = state["double"]
        state["double"] = None
        uid = action.units[0]
        events = [event(msg("yukimura.log.extra", unit=unit(uid), at=cell(dbl["at"])), "morale")]
        # YE1-2, YE1-4: the extra hex keeps out of enemy zones of control; "away" is not asked of it.
        # Ruling X1: nor may it be a hex the unit has left or entered by an extra hex in this combat.
        return events + start_retreat(g, state, uid, 1, [], chain=False, extra=True, been=dbl.get("been") or {})

    def prompt(self, g: "Rules", view: View) -> Msg:
        dbl = view.get("double") or {}
        units = dbl.get("units") or [None, None]
        return msg("yukimura.prompt.double", a=unit(units[0]), b=unit(units[1]), at=cell(dbl.get("at")))


# == advance after combat (11-3) ============================================================================
def after_result(g: "Rules", state: State) -> list[Event]:
    """11-3: once every check is done, the units that took part may advance if the enemy unit was
    removed or retreated; not after Defensive Firing (11-3-2)."""
    d = g.d
    record = state["combat"]
    state["markers"] = []
    if state["segment"] == "defensive-fire" or record["result"] not in ("removed", "retreat"):
        return finish_combat(g, state)
    if record["kind"] == cb.FIRE:
        mode = "fire"
    elif record["result"] == "removed":
        mode = "free"
    else:
        mode = "path"
    state["advance"] = {"mode": mode, "moved": []}
    if not advance_options(g, state, sit(g, state)):
        state["advance"] = None
        return finish_combat(g, state)
    state["phase"] = "advance"
    return []


def advancers(g: "Rules", state: State) -> list[str]:
    """11-3: the units that took part, still in the hex they fought from, not yet advanced; frozen or
    held units never advance (brief 6.1, 6.2)."""
    record = state["combat"]
    adv = state["advance"]
    out = []
    for u, frm in zip(record["units"], record["froms"]):
        if u in adv["moved"] or state["units"][u]["at"] != frm:
            continue
        if held_reason(g, state, u) is not None:
            continue
        out.append(u)
    return out


def advance_options(g: "Rules", state: State, s: Situation) -> dict[str, list[str]]:
    """{unit: hexes it may advance to}: 11-3-1 the vacated hex after fire (one unit only, ruling 8);
    11-3-3 along the defender's retreat path, stopping behind any unit (ruling 7); 11-3-4 up to 4
    hexes, the removed defender's hex first; never across an impassable hexside nor ending on a
    friendly unit (11-3-4, 11-3-6)."""
    d = g.d
    record = state["combat"]
    adv = state["advance"]
    at = record["at"]
    occupied = set(s.occupied)
    out: dict[str, list[str]] = {}
    if adv["mode"] == "fire" and adv["moved"]:
        return out
    for u in advancers(g, state):
        frm = s.at(u) or ""
        if d.across_impassable(frm, at):
            continue
        if adv["mode"] == "fire":
            cells = [] if at in occupied else [at]
        elif adv["mode"] == "path":
            route = record["path"][1:]
            cells = advance_cells(at, route, occupied=occupied,
                                  may_enter=lambda a, b: not d.across_impassable(a, b), frm=frm)
        else:
            side_id = d.side_of[u]
            if at in s.enemy_cells(side_id):
                continue
            friendly = s.friendly_cells(side_id)
            r = reach(d.free_steps, at, FREE_ADVANCE - 1, MoveRules(zoc_stop=False), blocked=s.enemy_cells(side_id),
                      pass_only=friendly)
            cells = ([] if at in occupied else [at]) + [c for c in r.destinations() if c != at]
        if cells:
            out[u] = cells
    return out


class Advance(Phase):
    """11-3: advancing is optional (11-3-5); the units go one at a time."""

    name, clause = "advance", "yukimura.11-3-5.optional"

    def player(self, g: "Rules", state: State) -> str:
        return state["combat"]["side"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        opts = advance_options(g, state, seen(g, state))
        return [g.action("advance", u, h) for u, cells in opts.items() for h in cells] + [STAY]

    def refuse_advance(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        d = g.d
        record = state["combat"]
        if len(action.units) != 1 or action.units[0] not in d.units or action.cell is None or action.arg:
            return refuse("yukimura.refuse.name-unit", "yukimura.11-3.participants-only")
        uid = action.units[0]
        opts = advance_options(g, state, seen(g, state))
        if action.cell in opts.get(uid, ()):
            return None
        if uid not in record["units"]:
            return refuse("yukimura.refuse.advance-participant", "yukimura.11-3.participants-only", unit=unit(uid))
        if uid in state["advance"]["moved"] or (state["advance"]["mode"] == "fire" and state["advance"]["moved"]):
            return refuse("yukimura.refuse.advance-once", "yukimura.11-3-1.fire-advance", unit=unit(uid))
        held = held_reason(g, state, uid)
        if held is not None:
            return held
        mode = state["advance"]["mode"]
        clause = {"fire": "yukimura.11-3-1.fire-advance", "path": "yukimura.11-3-3.h2h-retreat-advance",
                  "free": "yukimura.11-3-4.elim-advance-four"}[mode]
        extra = {"fire": (), "path": ("yukimura.11-3-3.stop-at-enemy", "yukimura.11-3-3.serial-advance"),
                 "free": ("yukimura.11-3-4.first-hex", "yukimura.11-3-4.no-end-on-friend",
                          "yukimura.11-3-6.ignore-terrain-zoc")}[mode]
        return refuse("yukimura.refuse.advance-where", clause, *extra, unit=unit(uid), to=cell(action.cell))

    def do_advance(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, dest = action.units[0], action.cell or ""
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = dest
        state["advance"]["moved"].append(uid)
        events = [event(msg("yukimura.log.advances", unit=unit(uid), to=cell(dest), **{"from": cell(frm)}), "move")]
        victory.watch(g, state)
        if state["ended"] is not None:
            return events + finish_game(g, state)
        if not advance_options(g, state, sit(g, state)):
            return events + finish_combat(g, state)
        return events

    def refuse_stay(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == STAY else g.not_offered(self, action)

    def do_stay(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return [event(msg("yukimura.log.no-advance"), "combat")] + finish_combat(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg("yukimura.prompt.advance", side=side(view.get("to_move")))


def finish_combat(g: "Rules", state: State) -> list[Event]:
    """The combat is over: its units have fired or attacked (9-1-2, 10-1-2), its target has been
    fired at or attacked (9-1-5, 10-1-5)."""
    record = state["combat"]
    for u in record["units"]:
        _add(state, "done", u)
        _add(state, "fired" if record["kind"] == cb.FIRE else "attacked", u)
    _add(state, "targets", record["target"])
    state["last"] = {"kind": record["kind"], "units": record["units"], "target": record["target"],
                     "at": record["at"], "dice": record["dice"], "code": record["code"], "result": record["result"]}
    state.update({"combat": None, "advance": None, "retreated": [], "chained": [], "markers": [], "check": None})
    state["phase"] = state["segment"]
    return after_action(g, state)


# == the order of phases (4-1) ===============================================================================
SEGMENTS = ("move", "defensive-fire", "fire", "h2h")
SEGMENT_KEYS = {"move": "yukimura.log.move-phase", "defensive-fire": "yukimura.log.defensive-fire-phase",
                "fire": "yukimura.log.combat-phase", "h2h": "yukimura.log.h2h-step"}


def begin_segment(g: "Rules", state: State, segment: str, active: str) -> list[Event]:
    state.update({"segment": segment, "active": active, "combat": None, "retreat": None})
    if segment != "h2h":
        state.update({"done": [], "fired": [], "attacked": []})
    state["targets"] = []  # 9-1-5 per firing phase, 10-1-5 per combat phase
    acting = g.other_side(active) if segment == "defensive-fire" else active
    events = [event(msg(SEGMENT_KEYS[segment], side=side(acting)), "phase")]
    if segment == "move":
        return events + begin_move(g, state)
    state["phase"] = segment
    return events + settle(g, state)


def end_segment(g: "Rules", state: State) -> list[Event]:
    """4-1: the next phase; after the sixth the Inning marker moves on; after the last turn the game
    ends (4)."""
    d = g.d
    segment, active = state["segment"], state["active"]
    if segment == "move":
        events = enforce_stacking(g, state)
        return events + begin_segment(g, state, "defensive-fire", active)
    if segment != "h2h":
        return begin_segment(g, state, SEGMENTS[SEGMENTS.index(segment) + 1], active)
    if active == d.first:
        return begin_segment(g, state, "move", d.second)
    events = victory.end_of_turn(g, state)
    if state["ended"] is not None:
        return events + finish_game(g, state)
    if state["turn"] >= d.turns:
        return events + victory.final(g, state) + finish_game(g, state)
    state["turn"] += 1
    return events + [event(msg("yukimura.log.turn", turn=state["turn"]), "phase")] + \
        begin_segment(g, state, "move", d.first)


def enforce_stacking(g: "Rules", state: State) -> list[Event]:
    """5: one unit per hex, checked at the end of the Movement Phase; an over-stacked unit is removed
    at once (the one that arrived last, ruling 20: the one that moved this phase, else the later in
    the order of the counters)."""
    events: list[Event] = []
    moved = state["done"]
    for h, units in sorted(sit(g, state).occupied.items()):
        if len(units) < 2:
            continue
        order = sorted(units, key=lambda u: (u in moved, list(g.d.units).index(u)))
        for uid in order[1:]:
            events += remove(g, state, uid, "yukimura.log.overstacked")
    return events


def can_act(g: "Rules", state: State) -> bool:
    phase = state["phase"]
    s = seen(g, state)
    if phase in ("defensive-fire", "fire"):
        firing = state["active"] if phase == "fire" else g.other_side(state["active"])
        return any(may_fire(g, state, s, u) and fire_targets(g, state, s, u) for u in g.d.by_side[firing])
    if phase == "h2h":
        return any(may_attack(g, state, s, u) and attack_targets(g, state, s, u) for u in g.d.by_side[state["active"]])
    return True


def settle(g: "Rules", state: State) -> list[Event]:
    """A firing step or hand-to-hand step with nothing to do ends by itself."""
    events: list[Event] = []
    while state["phase"] in ("defensive-fire", "fire", "h2h") and state["ended"] is None and not can_act(g, state):
        events += end_segment(g, state)
    return events


def after_action(g: "Rules", state: State) -> list[Event]:
    victory.watch(g, state)
    if state["ended"] is not None:
        return finish_game(g, state)
    return settle(g, state)


def finish_game(g: "Rules", state: State) -> list[Event]:
    state.update({"phase": "over", "segment": "over", "combat": None, "retreat": None, "double": None,
                  "advance": None, "check": None, "pending": [], "markers": []})
    result = victory.outcome(g, state) or {}
    return [event(result.get("reason") or msg("engine.prompt.over"), "end", winner=result.get("winner"))]


class GameOver(Over):
    label_key = "yukimura.phase.over"
    clause = "yukimura.4.game-end"


PHASES = phase_table(Staging(), Move(), ReleaseRoll(), HideyoriRoll(), DefensiveFire(), CombatFire(), HandToHand(),
                     Declare(), Dice(), MoraleCheck(), Retreat(), Double(), Advance(), GameOver())

WRONG_TIME = {
    "move": "yukimura.7.optional", "exit": "yukimura.7-6.offmap-allowed", "enter": "yukimura.8.scenario-defined",
    "fire": "yukimura.9.fire-phases", "attack": "yukimura.10.own-phase", "join": "yukimura.9-1-4.combine-into-hex",
    "resolve": "yukimura.9.fire-steps", "retreat": "yukimura.11.fail-retreat",
    "extra": "yukimura.11-2-5.double-occupancy", "advance": "yukimura.11-3.participants-only",
    "stay": "yukimura.11-3-5.optional", "end": "yukimura.4-1.advance-turn", "stage": "yukimura.14-3.hideyori-staging",
}
