"""Battle of Mukden: the rules protocol (shared/rules/mukden.md, clause ids in comments).

A game is: the secret allotment (Japan, then Russia, one unit at a time), then alternating single
turns, Japan first. A turn: choose one unit and move it (one action per destination), attack with
it (compulsory unless exempt), then the combat steps: attacker's call, defender's call, attacker's
die, defender's die (chance nodes), retreat decisions, losses, advance. Time passes on natural
sixes; the game ends on time, on a Russian withdrawal declaration, or at once when a Russian unit
enters the Japanese supply source.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.errors import ScenarioError
from ...engine.rules import GameRules
from ...engine.scenario import Scenario
from ...engine.state import CHANCE, TERMINAL, Event, Outcome, State, View, event
from . import combat as cb
from . import movement as mv
from . import victory
from .checks import validate as _validate
from .explain import explain as _explain
from .mapdata import JAPAN, RUSSIA, SIDES, MukdenMap, other
from .render import render_svg as _render_svg
from .rulings import rulings as _rulings
from .schema import state_schema
from .text import Words
from .ui import describe as _describe
from .ui import prompt as _prompt
from .ui import status as _status
from .ui import unit_details as _unit_details

#: who acts in each phase: the side whose turn it is, the other side, or chance
_ACTOR = {"allot": "active", "move": "active", "attack": "active", "attacker-call": "active",
          "defender-call": "other", "attacker-die": CHANCE, "defender-die": CHANCE,
          "attacker-retreat": "active", "defender-retreat": "other", "advance": "active",
          "end-turn": "active"}
_ROLLS = tuple(Action("roll", arg=str(d)) for d in range(1, 7))


class Rules(GameRules):
    """The Mukden rules bound to one scenario; holds only precomputed map data."""

    game = "mukden"
    hidden_information = True

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.map = MukdenMap.from_scenario(scenario)
        problems = self.map.problems(scenario)
        if problems:
            raise ScenarioError(scenario.file, "$", problems[0])
        self.words = Words(scenario, self.map)
        # Actions are immutable: build the move and attack actions once (legal_actions is hot).
        m = self.map
        targets = list(m.hexes) + [m.withdrawn_box]
        self._moves = {(u, c): Action("move", (u,), c) for u in m.side_of for c in targets}
        self._attacks = {c: Action("attack", cell=c) for c in m.hexes}
        self._retreats = {c: Action("retreat", cell=c) for c in targets}
        self._calls = tuple(Action("call", arg=str(n)) for n in range(max(m.fp_total.values()) + 1))
        self._schema = state_schema(self.map, scenario.id)
        self._view_schema = state_schema(self.map, scenario.id, view=True)

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """Units on their printed hexes (mukden.3.start-named-hex), the 3rd Army off the map
        (mukden.3.jp3-offmap); Japan allots first."""
        state = self.base_state(seed, options)
        state.update({
            "phase": "allot", "active": JAPAN, "time": 0, "waits": 0, "chosen": None, "combat": None,
            "ended": None, "alloc": {JAPAN: {}, RUSSIA: {}}, "fp": {JAPAN: {}, RUSSIA: {}},
        })
        return state

    def floor(self, state: State) -> Optional[int]:
        options = state.get("options") or {}
        if "modified_fp_floor" in options:
            return options["modified_fp_floor"]
        return self.map.modified_fp_floor

    # -- who acts ---------------------------------------------------------------------------------
    def current_player(self, state: State) -> str:
        phase = state["phase"]
        if phase == "over":
            return TERMINAL
        actor = _ACTOR[phase]
        if actor == "active":
            return state["active"]
        if actor == "other":
            return other(state["active"])
        return CHANCE

    # -- legal actions ------------------------------------------------------------------------------
    def allot_values(self, state: State) -> tuple[Optional[str], list[int]]:
        """The next unit to allot and the values that still allow a legal total (mukden.3.*)."""
        side = state["active"]
        done = state["alloc"][side]
        order = self.map.units_of[side]
        pending = [u for u in order if u not in done]
        if not pending:
            return None, []
        remaining = self.map.fp_total[side] - sum(done.values())
        after = len(pending) - 1
        low = self.map.fp_min
        high = remaining - self.map.fp_min * after
        if after == 0:
            low = high = remaining
        return pending[0], list(range(low, high + 1))

    def legal_actions(self, state: State) -> Iterable[Action]:
        phase = state["phase"]
        if phase in ("over", "attacker-die", "defender-die"):
            return []
        m, units = self.map, state["units"]
        if phase == "allot":
            uid, values = self.allot_values(state)
            if uid is None:
                return [Action("confirm")]
            return [Action("allot", (uid,), arg=str(v)) for v in values]
        if phase == "move":
            return self._move_actions(state)
        if phase == "attack":
            uid = state["chosen"]
            out = [self._attacks[units[e]["at"]] for e in mv.adjacent_enemies(m, units, uid)]
            if not cb.attack_required(m, units, uid):
                out.append(Action("no-attack"))
            return out
        fight = state["combat"]
        if phase in ("attacker-call", "defender-call"):
            uid = fight["attacker"] if phase == "attacker-call" else fight["defender"]
            real = state["fp"][m.side_of[uid]][uid]
            return list(self._calls[1:real + 1])
        if phase in ("attacker-retreat", "defender-retreat"):
            uid = fight["attacker"] if phase == "attacker-retreat" else fight["defender"]
            return [self._retreats[c] for c in cb.retreat_cells(m, units, uid)] + [Action("stand")]
        if phase == "advance":
            return [Action("advance", cell=fight["d_at"]), Action("stay")]
        if phase == "end-turn":
            return [Action("end-turn"), Action("withdraw")]
        return []  # pragma: no cover - every phase is listed above

    def _move_actions(self, state: State) -> list[Action]:
        m, units = self.map, state["units"]
        side = state["active"]
        if side == RUSSIA and not mv.units_on_map(m, units, RUSSIA):
            return [Action("withdraw")]  # ruling 9: nothing else is left to do
        out: list[Action] = []
        for uid in mv.choosable(m, units, side):
            if units[uid]["at"] == m.reserve_box:
                out.extend(self._moves[uid, c] for c in mv.detour_cells(m, units, state["waits"]))
                if mv.may_wait(m, units, state["waits"]):
                    out.append(Action("wait", (uid,)))
            else:
                out.extend(self._moves[uid, c] for c in mv.destinations(m, units, uid))
        if side == RUSSIA:
            out.append(Action("withdraw"))  # ruling 9: at the start of a Russian turn
        return out

    def is_legal(self, state: State, action: Action) -> bool:
        """A move is checked against its own unit's destinations only; the rest by membership."""
        if action.verb == "move" and state["phase"] == "move" and action.units:
            m, units = self.map, state["units"]
            uid = action.units[0]
            if len(action.units) != 1 or action.arg is not None or m.side_of.get(uid) != state["active"]:
                return False
            if state["active"] == RUSSIA and not mv.units_on_map(m, units, RUSSIA):
                return False  # only the declaration is left (ruling 9)
            if units[uid]["at"] == m.reserve_box:
                return action.cell in mv.detour_cells(m, units, state["waits"])
            return action.cell in mv.destinations(m, units, uid)
        return super().is_legal(state, action)

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state["phase"] not in ("attacker-die", "defender-die"):
            return []
        return [(a, 1 / 6) for a in _ROLLS]

    # -- applying ----------------------------------------------------------------------------------
    def _apply(self, state: State, action: Action) -> list[Event]:
        handler = getattr(self, "_do_" + action.verb.replace("-", "_"))
        return handler(state, action)

    def _do_allot(self, state: State, action: Action) -> list[Event]:
        side, uid, value = state["active"], action.units[0], int(action.arg or 0)
        state["alloc"][side][uid] = value
        return [event(f"You allot {value} FP to the {self.words.unit(uid)}.", "secret", to=side)]

    def _do_confirm(self, state: State, action: Action) -> list[Event]:
        side = state["active"]
        state["fp"][side] = dict(state["alloc"][side])
        total = sum(state["alloc"][side].values())
        events = [event(f"{self.words.side(side)} has allotted its {total} FP in secret.", "phase"),
                  event("Your record: " + self.words.fp_line(state["fp"][side], state["alloc"][side],
                                                              list(self.map.units_of[side])), "secret", to=side)]
        if side == JAPAN:
            state["active"] = RUSSIA
            events.append(event("Russia allots its fighting power.", "phase"))
        else:
            events += self._start_turn(state, JAPAN)  # mukden.5.japan-first
        return events

    def _start_turn(self, state: State, side: str) -> list[Event]:
        state.update({"active": side, "phase": "move", "chosen": None, "combat": None})
        return [event(f"Turn {state['turn']}: {self.words.side(side)} to choose a unit.", "phase")]

    def _do_move(self, state: State, action: Action) -> list[Event]:
        m, units = self.map, state["units"]
        uid, dest = action.units[0], action.cell
        frm = units[uid]["at"]
        units[uid]["at"] = dest
        state["chosen"] = uid
        name = self.words.unit(uid)
        if frm == m.reserve_box:  # mukden.8.jp3-place-no-move
            events = [event(f"The {name} comes onto the map at {self.words.cell(dest)}.", "move")]
        elif dest == m.withdrawn_box:  # mukden.9.russian-only-exit
            events = [event(f"The {name} leaves the map from {frm} and withdraws towards Tieling.", "move")]
            return events + self._end_turn(state)
        elif dest == frm:
            events = [event(f"The {name} is chosen and stays in {self.words.cell(frm)}.", "move")]
        else:
            events = [event(f"The {name} moves {self.words.cell(frm)} -> {self.words.cell(dest)}.", "move")]
        if self._entered_supply(state, uid):
            return events + self._finish(state, "supply")
        return events + self._after_move(state)

    def _do_wait(self, state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        state["waits"] = min(state["waits"] + 1, len(self.map.detour_steps) - 1)
        state["chosen"] = uid
        return [event(f"The {self.words.unit(uid)} waits off the map (detour).", "move")] + self._end_turn(state)

    def _after_move(self, state: State) -> list[Event]:
        uid = state["chosen"]
        if not mv.adjacent_enemies(self.map, state["units"], uid):
            return self._end_turn(state)
        state["phase"] = "attack"
        return []

    def _do_no_attack(self, state: State, action: Action) -> list[Event]:
        return [event(f"The {self.words.unit(state['chosen'])} does not attack.", "combat")] + self._end_turn(state)

    def _do_attack(self, state: State, action: Action) -> list[Event]:
        units = state["units"]
        attacker = state["chosen"]
        defender = mv.occupancy(units, self.map)[action.cell]
        state["combat"] = {
            "attacker": attacker, "defender": defender, "a_at": units[attacker]["at"], "d_at": action.cell,
            "acall": None, "dcall": None, "attack": None, "abonus": None, "dbonus": None,
            "adie": None, "ddie": None, "aloss": None, "dloss": None, "aretreat": False, "dretreat": False,
        }
        state["phase"] = "attacker-call"
        return [event(f"The {self.words.unit(attacker)} ({units[attacker]['at']}) attacks the "
                      f"{self.words.unit(defender)} ({self.words.cell(action.cell)}).", "combat")]

    def _do_call(self, state: State, action: Action) -> list[Event]:
        m, fight = self.map, state["combat"]
        value = int(action.arg or 0)
        if state["phase"] == "attacker-call":
            fight["acall"] = value
            state["phase"] = "defender-call"
            return [event(f"The {self.words.unit(fight['attacker'])} calls {value} FP.", "combat")]
        fight["dcall"] = value
        attacker_side = m.side_of[fight["attacker"]]
        mods = cb.modifiers(m, attacker_side, fight["a_at"], fight["d_at"])
        attack = cb.modified_call(fight["acall"], mods, self.floor(state))
        abonus, dbonus = cb.die_bonus(attack, value, m.die_bonus_cap)
        fight.update({"attack": attack, "abonus": abonus, "dbonus": dbonus})
        state["phase"] = "attacker-die"
        words = {"river": "-1 across the river", "mountain": "-1 against a mountain hex",
                 "fortress": "halved across the fortress line", "mukden": "halved against Mukden"}
        how = (" (" + ", ".join(words[x] for x in mods) + f" -> {attack})") if mods else ""
        bonus = (f"attacker's die +{abonus}" if abonus else f"defender's die +{dbonus}" if dbonus else "no die bonus")
        return [event(f"The {self.words.unit(fight['defender'])} calls {value} FP.", "combat"),
                event(f"Attack {fight['acall']}{how} against {value}: {bonus}.", "combat")]

    def _do_roll(self, state: State, action: Action) -> list[Event]:
        m, fight = self.map, state["combat"]
        die = int(action.arg or 0)
        if state["phase"] == "attacker-die":
            fight["adie"] = die
            state["phase"] = "defender-die"
            return [event(f"Attacker rolls {die}.", "dice", dice=[die], side=m.side_of[fight["attacker"]])]
        fight["ddie"] = die
        events = [event(f"Defender rolls {die}.", "dice", dice=[die], side=m.side_of[fight["defender"]])]
        a_total, d_total = fight["adie"] + fight["abonus"], die + fight["dbonus"]
        aloss, dloss = cb.losses(a_total, d_total)
        fight.update({"aloss": aloss, "dloss": dloss})
        events.append(event(f"Result {a_total} against {d_total}: the {self.words.unit(fight['attacker'])} "
                            f"loses {aloss} FP, the {self.words.unit(fight['defender'])} loses {dloss} FP "
                            "(before any retreat).", "combat"))
        passed = cb.time_passed(fight["adie"], die)
        if passed:
            state["time"] = min(state["time"] + passed, m.time_limit + 1)
            events.append(event(f"Time passes {passed}: elapsed time is {min(state['time'], m.time_limit)} "
                                f"of {m.time_limit}.", "time"))
            if state["time"] >= m.time_limit:
                events.append(event("Time has run out: the game ends after this combat.", "phase"))
        return events + self._attacker_retreat_stage(state)

    def _attacker_retreat_stage(self, state: State) -> list[Event]:
        fight = state["combat"]
        if fight["aloss"] and cb.retreat_cells(self.map, state["units"], fight["attacker"]):
            state["phase"] = "attacker-retreat"
            return []
        return self._defender_retreat_stage(state)

    def _defender_retreat_stage(self, state: State) -> list[Event]:
        fight = state["combat"]
        if (not fight["aretreat"] and fight["dloss"]
                and cb.retreat_cells(self.map, state["units"], fight["defender"])):
            state["phase"] = "defender-retreat"
            return []
        return self._take_losses(state)

    def _do_retreat(self, state: State, action: Action) -> list[Event]:
        m, fight = self.map, state["combat"]
        attacker_turn = state["phase"] == "attacker-retreat"
        uid = fight["attacker"] if attacker_turn else fight["defender"]
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = action.cell
        fight["aretreat" if attacker_turn else "dretreat"] = True
        if action.cell == m.withdrawn_box:  # mukden.9.exit-by-retreat
            events = [event(f"The {self.words.unit(uid)} retreats off the map from {frm} (withdrawn).", "move")]
        else:
            events = [event(f"The {self.words.unit(uid)} retreats {frm} -> {self.words.cell(action.cell)}.", "move")]
        if self._entered_supply(state, uid):
            return events + self._finish(state, "supply")
        # an attacker's retreat skips the defender's decision: mukden.7.attacker-retreat-blocks-defender
        return events + self._take_losses(state)

    def _do_stand(self, state: State, action: Action) -> list[Event]:
        fight = state["combat"]
        if state["phase"] == "attacker-retreat":
            return [event(f"The {self.words.unit(fight['attacker'])} stands.", "combat")] + \
                self._defender_retreat_stage(state)
        return [event(f"The {self.words.unit(fight['defender'])} stands.", "combat")] + self._take_losses(state)

    def _take_losses(self, state: State) -> list[Event]:
        """Net losses after the retreat reductions; units at 0 are removed (ruling 3)."""
        m, fight, units = self.map, state["combat"], state["units"]
        aloss, dloss = fight["aloss"], fight["dloss"]
        if fight["aretreat"]:
            aloss, dloss = max(aloss - 1, 0), 0  # mukden.7.attacker-retreat-zeroes-defender-loss
        if fight["dretreat"]:
            dloss = max(dloss - 1, 0)  # mukden.7.retreat-reduces-loss
        events: list[Event] = []
        for uid, loss in ((fight["attacker"], aloss), (fight["defender"], dloss)):
            side = m.side_of[uid]
            name = self.words.unit(uid)
            if not loss:
                events.append(event(f"The {name} loses no FP.", "combat"))
                continue
            fp = state["fp"][side]
            fp[uid] = max(fp[uid] - loss, 0)  # mukden.7.record-loss
            events.append(event(f"The {name} loses {loss} FP.", "combat"))
            if fp[uid] == 0:  # mukden.7.zero-removed
                where = units[uid]["at"]
                units[uid]["at"] = None
                events.append(event(f"The {name} is destroyed and removed from {self.words.cell(where)}.", "combat"))
            else:
                events.append(event(f"Your {self.scenario.units[uid]['name']} now has {fp[uid]} FP "
                                    f"of {state['alloc'][side][uid]}.", "secret", to=side))
        if not any(units[u]["at"] is not None for u in m.units_of[JAPAN]):
            return events + self._finish(state, "annihilation")
        attacker_here = units[fight["attacker"]]["at"] == fight["a_at"]
        defender_gone = units[fight["defender"]]["at"] != fight["d_at"]
        if attacker_here and defender_gone:
            state["phase"] = "advance"
            return events
        return events + self._after_combat(state)

    def _do_advance(self, state: State, action: Action) -> list[Event]:
        uid = state["combat"]["attacker"]
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = action.cell  # mukden.7.advance (ruling 13: no stops, no new attack)
        events = [event(f"The {self.words.unit(uid)} advances {frm} -> {self.words.cell(action.cell)}.", "move")]
        if self._entered_supply(state, uid):
            return events + self._finish(state, "supply")
        return events + self._after_combat(state)

    def _do_stay(self, state: State, action: Action) -> list[Event]:
        uid = state["combat"]["attacker"]
        return [event(f"The {self.words.unit(uid)} does not advance.", "combat")] + self._after_combat(state)

    def _after_combat(self, state: State) -> list[Event]:
        if state["time"] >= self.map.time_limit:  # mukden.7.time-ten-ends (ruling 11)
            return self._finish(state, "time")
        return self._end_turn(state)

    def _end_turn(self, state: State) -> list[Event]:
        m = self.map
        side = state["active"]
        if side == RUSSIA:
            if state["phase"] != "end-turn" and any(state["units"][u]["at"] == m.withdrawn_box
                                                    for u in m.units_of[RUSSIA]):
                state.update({"phase": "end-turn", "combat": None})  # ruling 9: declare at the end
                return []
            state["turn"] += 1
        return self._start_turn(state, other(side))

    def _do_end_turn(self, state: State, action: Action) -> list[Event]:
        return [event("Russia does not declare withdrawal.", "phase")] + self._end_turn(state)

    def _do_withdraw(self, state: State, action: Action) -> list[Event]:
        return [event("Russia declares withdrawal.", "phase")] + self._finish(state, "withdrawal")

    def _entered_supply(self, state: State, uid: str) -> bool:
        """mukden.4.supply-sudden-death: a Russian unit in the supply source ends the game."""
        return self.map.side_of[uid] == RUSSIA and state["units"][uid]["at"] in self.map.supply

    def _finish(self, state: State, how: str) -> list[Event]:
        state.update({"phase": "over", "ended": how, "chosen": None, "combat": None})
        parts = []
        for side in SIDES:
            parts.append(f"{self.words.side(side)}: " + self.words.fp_line(
                state["fp"][side], state["alloc"][side], list(self.map.units_of[side])))
        result = self.outcome(state) or {}
        return [event("Fighting power revealed. " + "; ".join(parts) + ".", "reveal"),
                event(result.get("reason", "The game is over."), "end", winner=result.get("winner"))]

    # -- the end ----------------------------------------------------------------------------------
    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        return victory.outcome(self.map, self.words, state)

    # -- explanations ---------------------------------------------------------------------------------
    def explain(self, state: State, action: Action) -> Optional[str]:
        return _explain(self, state, action)

    # -- views and checks ---------------------------------------------------------------------------
    def redact(self, view: View, state: State, player: Optional[str]) -> None:
        """mukden.3.secret-until-end: each side sees only its own record until the game ends."""
        if state["phase"] == "over":
            return
        for side in SIDES:
            if side != player:
                view["fp"][side] = None
                view["alloc"][side] = None

    def state_schema(self) -> dict[str, Any]:
        return self._schema

    def view_schema(self) -> dict[str, Any]:
        return self._view_schema

    def validate(self, state: State) -> list[str]:
        return _validate(self, state, super().validate(state))

    def validate_view(self, view: View) -> list[str]:
        errors = _validate(self, view, super().validate(view))
        if view.get("to_move") not in (*self.sides, CHANCE, TERMINAL):
            errors.append(f"unknown player to move {view.get('to_move')!r}")
        elif "phase" in view and view["to_move"] != self.current_player(view):
            errors.append("the player to move does not match the phase")
        return errors

    # -- UI hooks ---------------------------------------------------------------------------------------
    def rulings(self) -> list[dict[str, Any]]:
        return _rulings()

    def side_name(self, side: Optional[str]) -> str:
        if side == CHANCE:
            return "Dice"
        return self.words.side(side)

    def unit_name(self, unit_id: str) -> str:
        return self.words.unit(unit_id) if unit_id in self.scenario.units else unit_id

    def describe(self, action: Action, view: Optional[View] = None) -> str:
        return _describe(self, action, view)

    def prompt(self, view: View) -> str:
        return _prompt(self, view)

    def status(self, view: View) -> list[tuple[str, str]]:
        return _status(self, view)

    def unit_details(self, view: View, unit_id: str) -> list[str]:
        return _unit_details(self, view, unit_id)

    def render_svg(self, view: View, highlight: Iterable[str] = (), selected: Optional[str] = None) -> str:
        return _render_svg(self, view, highlight, selected)

