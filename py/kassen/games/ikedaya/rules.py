"""Shinsengumi Ikedaya Incident: the rules as functions of (state, action).

The state is plain data::

    units   {uid: {"at": square | box | None, "spent": bool}}   None = killed or captured
    phase   "setup" | "action" | "over"
    active  the side placing counters (set-up) or the phasing player (Action Phase)
    passes  consecutive passes so far (two in a row end the Action Phase)
    acted   whether anyone has taken an action in this Action Phase
    quiet   whole turns in a row in which no counter was killed, captured, escaped or left the map
    step    None, or the unfinished part of the current action (see schema.py)

Boxes: "Pool" holds counters not yet set up, "Street"/"Backyard" hold escaped Ronin and the
Shinsengumi who left the map. One action moves (and may fight with) one counter or stack; every
die is its own chance node; decisions inside an action (Okita's roll, the combat target, the
loser's casualties and retreats) are steps of that action.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Iterator, Optional

from ...engine.actions import Action
from ...engine.errors import KassenError
from ...engine.rules import GameRules
from ...engine.scenario import Scenario
from ...engine.state import CHANCE, TERMINAL, Event, Outcome, State, View, event
from . import combat, explain as why, movement, scoring, text
from .data import POOL, InnData
from .fight import CombatFlow
from .movement import Occupancy, enemy_in, enemy_next_to, occupancy, reachable, room
from .setup import SetupFlow

OPTION_VALUES = {"shinsengumi_score": ("status", "count"), "entrance_setup": ("exempt", "wait-outside")}
CHANCE_STEPS = ("okita", "combat", "jump")


class Rules(SetupFlow, CombatFlow, GameRules):
    """Shinsengumi Ikedaya Incident (Wargame Japanese History postcard game, 2009)."""

    game = "ikedaya"
    hidden_information = False

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.data = InnData(scenario)
        self._cell_index = {lab: i for i, lab in enumerate(self.board.cells)}
        # Action objects are immutable; interning them keeps legal_actions fast (a memo of values,
        # not game state).
        self._interned: dict[tuple[Any, ...], Action] = {}
        from .schema import state_schema

        self._state_schema = state_schema(self)
        self._view_schema = GameRules.view_schema(self)

    # -- helpers -----------------------------------------------------------------------------------
    def _act(self, verb: str, units: tuple[str, ...] = (), cell: Optional[str] = None,
             arg: Optional[str] = None) -> Action:
        key = (verb, units, cell, arg)
        a = self._interned.get(key)
        if a is None:
            a = self._interned[key] = Action(verb, units, cell, arg)
        return a

    def options_of(self, state: State) -> dict[str, str]:
        return {**self.data.default_options, **state.get("options", {})}

    def _waiting_allowed(self, state: State) -> bool:
        return self.options_of(state).get("entrance_setup") == "wait-outside"

    def side_of(self, uid: str) -> str:
        return self.data.counters[uid].side

    def _actor_cells(self, state: State) -> tuple[str, ...]:
        """Where counters that may act stand: the squares, plus the Pool for Shinsengumi waiting
        outside the Entrance under the wait-outside option."""
        if state["phase"] == "action" and self._waiting_allowed(state):
            return self.data.squares + (POOL,)
        return self.data.squares

    def _fresh(self, state: State, occ: Occupancy, side: str, cell: str) -> list[str]:
        return [u for u in occ.get(cell, ()) if self.side_of(u) == side and not state["units"][u]["spent"]]

    def _ready(self, state: State, occ: Occupancy, side: str) -> list[tuple[str, list[str]]]:
        """(cell, unspent counters of ``side`` there) for every cell they may act from, in map order."""
        cells = set(self._actor_cells(state))
        out = []
        for cell in sorted((c for c in occ if c in cells), key=self._cell_index.__getitem__):
            fresh = self._fresh(state, occ, side, cell)
            if fresh:
                out.append((cell, fresh))
        return out

    # -- protocol: set-up --------------------------------------------------------------------------
    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        opts = dict(self.data.default_options)
        for key, value in (options or {}).items():
            if key not in OPTION_VALUES or value not in OPTION_VALUES[key]:
                raise KassenError(f"unknown option {key}={value!r} (options: "
                                  + "; ".join(f"{k}: {', '.join(v)}" for k, v in OPTION_VALUES.items()) + ")")
            opts[key] = value
        state = self.base_state(seed, opts)
        for u in state["units"].values():
            u["spent"] = False
        state.update({"phase": "setup", "active": self.data.setup_order[0], "passes": 0, "acted": False,
                      "quiet": 0, "step": None})
        return state

    def current_player(self, state: State) -> str:
        if state["phase"] == "over":
            return TERMINAL
        step = state["step"]
        if step is not None:
            kind = step["kind"]
            if kind in CHANCE_STEPS:
                return CHANCE
            if kind in ("loss", "retreat"):
                return step["side"]
        return state["active"]

    # -- legal actions -------------------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        player = self.current_player(state)
        if player in (CHANCE, TERMINAL):
            return []
        if state["phase"] == "setup":
            return self._setup_actions(state)
        step = state["step"]
        if step is None:
            return self._main_actions(state)
        kind = step["kind"]
        if kind == "order":
            return self._order_actions(state, step)
        if kind == "target":
            return self._target_actions(state, step)
        if kind == "loss":
            return [self._act("lose", (u,)) for u in step["units"]]
        if kind == "retreat":
            occ = occupancy(self.data, state["units"])
            src = step["from"]
            return [self._act("retreat", (u,), n) for u in step["units"]
                    for n in combat.retreat_squares(self.data, occ, u, src)]
        return []

    def is_legal(self, state: State, action: Action) -> bool:
        player = self.current_player(state)
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes(state))
        if any(u not in self.data.counters for u in action.units):
            return False
        if action.cell is not None and action.cell not in self.board.cells:
            return False
        if state["phase"] == "action" and state["step"] is None:
            if action.verb == "pass":
                return not action.units and action.cell is None and action.arg is None
            # no activation carries an argument: 'move kondo @1A1 =5' is not 'move kondo @1A1'
            return action.arg is None and self._is_legal_activation(state, action)
        return action in self.legal_actions(state)

    def _is_legal_activation(self, state: State, action: Action) -> bool:
        """The test of ``_square_actions`` for one action, without generating the others."""
        data, units = self.data, action.units
        side = state["active"]
        if not units or action.cell is None or len(units) > data.stack_limit:
            return False
        at = state["units"][units[0]]["at"]
        if at not in self._actor_cells(state) or list(units) != data.sort_units(set(units)):
            return False
        if any(state["units"][u]["at"] != at or state["units"][u]["spent"] or self.side_of(u) != side
               for u in units):
            return False
        occ = occupancy(data, state["units"])
        tb = any(data.counters[u].tuberculosis for u in units)
        verb = action.verb
        if verb == "activate":
            return tb and action.cell == at
        if tb:
            return False
        if verb == "move":
            return action.cell in self._destinations(state, occ, side, at) and room(data, occ, action.cell, len(units))
        if verb == "attack":
            return action.cell in movement.enemy_squares_in_reach(data, occ, at, side)
        if verb == "jump":
            return len(units) == 1 and self._jump_landing(state, occ, side, at) == action.cell
        return False

    def _main_actions(self, state: State) -> list[Action]:
        side = state["active"]
        occ = occupancy(self.data, state["units"])
        out = [self._act("pass")]
        for cell, fresh in self._ready(state, occ, side):
            out.extend(self._square_actions(state, occ, side, cell, fresh))
        return out

    def _destinations(self, state: State, occ: Occupancy, side: str, cell: str) -> dict[str, int]:
        """Where a counter or stack of ``side`` on ``cell`` may end a move (empty if locked)."""
        mp = self.data.mp.get(side)
        if cell == POOL:
            return self._entry_destinations(occ, side, mp)
        if enemy_next_to(self.data, occ, cell, side):
            return {}  # ikedaya.zoc.locked-at-start
        return reachable(self.data, occ, cell, side, mp)

    def _entry_destinations(self, occ: Occupancy, side: str, mp: Optional[int]) -> dict[str, int]:
        """Counters waiting outside (wait-outside option) come in through an exit square, paying
        the exit's cost, and may not go straight back out."""
        out: dict[str, int] = {}
        for square, (box, cost) in self.data.exits.items():
            if enemy_in(self.data, occ, square, side) or (mp is not None and cost > mp):
                continue
            if cost < out.get(square, 1 << 30):
                out[square] = cost
            if not enemy_next_to(self.data, occ, square, side):
                rest = None if mp is None else mp - cost
                for dest, c in reachable(self.data, occ, square, side, rest).items():
                    if dest in self.data.square_set and cost + c < out.get(dest, 1 << 30):
                        out[dest] = cost + c
        return out

    def _square_actions(self, state: State, occ: Occupancy, side: str, cell: str,
                        fresh: Optional[list[str]] = None) -> Iterator[Action]:
        """Every activation of the side's unspent counters on one square (any subset of up to three
        forms the stack: ikedaya.seq.alternate-actions, ikedaya.move.stack-moves-as-one)."""
        if fresh is None:
            fresh = self._fresh(state, occ, side, cell)
        if not fresh:
            return
        data = self.data
        dests = self._destinations(state, occ, side, cell)
        order = self._cell_index
        dest_list = sorted(dests, key=order.__getitem__)
        targets = movement.enemy_squares_in_reach(data, occ, cell, side)
        for size in range(1, min(len(fresh), data.stack_limit) + 1):
            for sub in combinations(fresh, size):
                if any(data.counters[u].tuberculosis for u in sub):
                    yield self._act("activate", sub, cell)  # roll first: ikedaya.okita.roll-on-activation
                    continue
                for d in dest_list:
                    if room(data, occ, d, size):
                        yield self._act("move", sub, d)
                for t in targets:
                    yield self._act("attack", sub, t)
        landing = self._jump_landing(state, occ, side, cell)
        if landing is not None:
            for u in fresh:
                yield self._act("jump", (u,), landing)

    def _jump_landing(self, state: State, occ: Occupancy, side: str, cell: str) -> Optional[str]:
        """Where a jump from ``cell`` lands, if one is allowed now (ikedaya.escape.*)."""
        data = self.data
        if side != data.jumps["side"] or state["turn"] < data.jumps["from_turn"]:
            return None
        landing = data.railings.get(cell)
        if landing is None:
            return None
        if landing in data.square_set and (enemy_in(data, occ, landing, side) or not room(data, occ, landing, 1)):
            return None  # ruling ikedaya-n01: no jump into an enemy-held or full square
        return landing

    def _order_actions(self, state: State, step: dict[str, Any]) -> list[Action]:
        """After Okita's roll: what the activated stack does (its counters are fixed)."""
        side, cell, group = state["active"], step["at"], step["group"]
        occ = occupancy(self.data, state["units"])
        out = []
        dests = self._destinations(state, occ, side, cell)
        for d in sorted(dests, key=self._cell_index.__getitem__):
            if room(self.data, occ, d, len(group)):
                out.append(self._act("move", (), d))
        for t in movement.enemy_squares_in_reach(self.data, occ, cell, side):
            out.append(self._act("attack", (), t))
        out.append(self._act("hold"))
        return out

    def _target_actions(self, state: State, step: dict[str, Any]) -> list[Action]:
        """After a move that ends next to enemies: the target square (ikedaya.combat.one-target)."""
        side, cell = state["active"], step["at"]
        occ = occupancy(self.data, state["units"])
        out = [self._act("attack", (), t) for t in movement.enemy_squares_in_reach(self.data, occ, cell, side)]
        if not movement.same_floor_enemy_squares(self.data, occ, cell, side):
            out.append(self._act("hold"))  # only a cross-floor enemy: combat is optional
        return out

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if self.current_player(state) != CHANCE:
            return []
        n = self.data.die
        return [(self._act("roll", arg=str(d)), 1.0 / n) for d in range(1, n + 1)]

    # -- applying actions --------------------------------------------------------------------------
    def _apply(self, state: State, action: Action) -> list[Event]:
        events: list[Event] = []
        verb = action.verb
        step = state["step"]
        if verb == "place":
            self._place(state, action, events)
        elif verb == "pass":
            self._pass(state, events)
        elif verb == "roll":
            kind = step["kind"]
            value = int(action.arg or 0)
            if kind == "okita":
                self._okita_roll(state, value, events)
            elif kind == "combat":
                self._combat_roll(state, value, events)
            else:
                self._jump_roll(state, value, events)
        elif verb == "activate":
            group = list(action.units)
            state["step"] = {"kind": "okita", "group": group, "at": action.cell}
            tb = [u for u in group if self.data.counters[u].tuberculosis]
            events.append(event(f"{text.names(self.data, group)} activated in {self.data.square_text(action.cell)}; "
                                f"{text.names(self.data, tb)} rolls for tuberculosis first", "activate",
                                side=state["active"]))
        elif verb == "move":
            group, at = self._group_of(state, action)
            self._move(state, group, at, action.cell or "", events)
        elif verb == "attack":
            group, at = self._group_of(state, action)
            self._start_combat(state, group, at, action.cell or "", events)
        elif verb == "hold":
            group = step["group"]
            events.append(event(f"{text.names(self.data, group)} {text.verb(group, 'ends', 'end')} the action in "
                                f"{self.data.square_text(step['at'])}", "move", side=state["active"]))
            self._end_action(state, group, events)
        elif verb == "jump":
            uid = action.units[0]
            src = state["units"][uid]["at"]
            state["step"] = {"kind": "jump", "group": [uid], "at": src, "to": action.cell}
            events.append(event(f"{self.data.counters[uid].name} jumps from the railing of "
                                f"{self.data.square_text(src)} towards {self.data.square_text(action.cell)}",
                                "jump", side=state["active"]))
        elif verb == "lose":
            self._lose(state, action.units[0], events)
        elif verb == "retreat":
            self._retreat(state, action.units[0], action.cell or "", events)
        else:  # pragma: no cover - is_legal refuses unknown verbs
            raise KassenError(f"unknown action {action.to_text()}")
        return events

    def _group_of(self, state: State, action: Action) -> tuple[list[str], str]:
        step = state["step"]
        if step is not None:  # an "order" or "target" step: the stack is already chosen
            return list(step["group"]), step["at"]
        group = list(action.units)
        return group, state["units"][group[0]]["at"]

    def _start_turn(self, state: State, events: list[Event]) -> None:
        state.update({"phase": "action", "active": self.data.first_player, "passes": 0, "acted": False,
                      "step": None})
        events.append(event(f"Turn {state['turn']}: Action Phase, the {self.side_name(self.data.first_player)} "
                            f"act first", "phase"))
        self._auto_pass(state, events)

    # the Action Phase's alternation
    def _pass(self, state: State, events: list[Event]) -> None:
        side = state["active"]
        events.append(event(f"The {self.side_name(side)} player passes", "pass", side=side))
        state["passes"] += 1
        if state["passes"] >= 2:
            self._end_phase(state, events, "both players passed one after the other")
            return
        state["active"] = self.data.other[side]
        self._auto_pass(state, events)

    def _can_act(self, state: State, side: str) -> bool:
        """Has ``side`` any activation at all? (a quick test first, the full search if needed)"""
        data = self.data
        occ = occupancy(data, state["units"])
        mp = data.mp.get(side)
        for cell, fresh in self._ready(state, occ, side):
            if any(data.counters[u].tuberculosis for u in fresh):
                return True
            if cell != POOL:
                if movement.enemy_squares_in_reach(data, occ, cell, side):
                    return True
                if self._jump_landing(state, occ, side, cell) is not None:
                    return True
                if enemy_next_to(data, occ, cell, side):
                    continue
                for step in data.moves[cell]:
                    if (mp is None or step.cost <= mp) and not enemy_in(data, occ, step.to, side) and \
                            room(data, occ, step.to, 1):
                        return True
            if any(room(data, occ, d, 1) for d in self._destinations(state, occ, side, cell)):
                return True
        return False

    def _auto_pass(self, state: State, events: list[Event]) -> None:
        """A player with no counter able to act passes without being asked (ruling ikedaya-n07)."""
        while state["phase"] == "action" and not self._can_act(state, state["active"]):
            side = state["active"]
            if not self._can_act(state, self.data.other[side]):
                self._end_phase(state, events, "every counter has finished its action")
                return
            events.append(event(f"The {self.side_name(side)} have no counter able to act and pass", "pass",
                                side=side))
            state["passes"] += 1
            if state["passes"] >= 2:
                self._end_phase(state, events, "both players passed one after the other")
                return
            state["active"] = self.data.other[side]

    def _end_action(self, state: State, group: Iterable[str], events: list[Event]) -> None:
        """Rotate the stack (ikedaya.seq.mark-acted) and hand the turn to the other player."""
        for u in group:
            if state["units"][u]["at"] in self.data.square_set or state["units"][u]["at"] == POOL:
                state["units"][u]["spent"] = True
        state["step"] = None
        state["passes"] = 0
        state["acted"] = True
        if self._all_ronin_gone(state):
            state["phase"] = "over"
            events.append(self._end_event(state, "every Ronin has been removed or has escaped"))
            return
        side = state["active"]
        other = self.data.other[side]
        if self._can_act(state, other):
            state["active"] = other
        elif self._can_act(state, side):
            # the other player can only pass, and does so by himself (ruling ikedaya-n07)
            events.append(event(f"The {self.side_name(other)} have no counter able to act and pass", "pass",
                                side=other))
            state["passes"] = 1
        else:
            self._end_phase(state, events, "every counter has finished its action")

    def _end_phase(self, state: State, events: list[Event], reason: str) -> None:
        """End of the Action Phase, the Recovery Phase, and the next turn (ikedaya.seq.*)."""
        events.append(event(f"The Action Phase ends: {reason}", "phase"))
        state["passes"] = 0
        for u in state["units"].values():
            u["spent"] = False
        events.append(event("Recovery Phase: every counter is turned upright", "phase"))
        if not state["acted"] and state["turn"] >= self.data.jumps["from_turn"]:
            # ruling ikedaya-n06: an Action Phase in which nobody acted would repeat unchanged for ever
            state["phase"] = "over"
            state["step"] = None
            events.append(self._end_event(state, "neither player took an action in a whole turn"))
            return
        state["quiet"] += 1
        limit = self.data.quiet_limit
        if limit is not None and state["quiet"] >= limit:
            # ruling ikedaya-n13: nobody can (or will) make progress; the game would go on for ever
            state["phase"] = "over"
            state["step"] = None
            events.append(self._end_event(state, self._quiet_reason()))
            return
        state["turn"] += 1
        self._start_turn(state, events)

    def _quiet_reason(self) -> str:
        return (f"{self.data.quiet_limit} whole turns in a row passed without any counter killed, captured, "
                f"escaping or leaving the map")

    def ending(self, state: State) -> str:
        """Why a finished game ended: every Ronin gone, a turn without actions, or no progress."""
        if self._all_ronin_gone(state):
            return "every Ronin has been removed or has escaped"
        limit = self.data.quiet_limit
        if limit is not None and state.get("quiet", 0) >= limit:
            return self._quiet_reason()
        return "neither player took an action in a whole turn"

    def _all_ronin_gone(self, state: State) -> bool:
        for u in self.data.side_units[self.data.escaping_side]:
            at = state["units"][u]["at"]
            if at in self.data.square_set or at == POOL:
                return False
        return True

    def _end_event(self, state: State, reason: str) -> Event:
        out = scoring.outcome(self, state, reason)
        return event(f"The game ends. {out['reason']}", "end")

    # movement
    def _move(self, state: State, group: list[str], at: str, dest: str, events: list[Event]) -> None:
        data = self.data
        side = state["active"]
        for u in group:
            state["units"][u]["at"] = dest
        who = text.names(data, group)
        if dest in data.square_set:
            events.append(event(f"{who} {text.verb(group, 'moves', 'move')} {data.square_text(at)} → {data.square_text(dest)}", "move", side=side))
        elif side == data.escaping_side:
            events.append(event(f"{who} {text.verb(group, 'escapes', 'escape')} through the Entrance into the {data.square_text(dest)}", "escape",
                                side=side))
        else:
            events.append(event(f"{who} {text.verb(group, 'leaves', 'leave')} the map into the {data.square_text(dest)} and may never return; "
                                f"each gives -1 to later jumps into the Street or Backyard", "move", side=side))
        if dest not in data.square_set:
            state["quiet"] = 0  # escaped or left the map: the game moved on (ruling ikedaya-n13)
            self._end_action(state, group, events)
            return
        occ = occupancy(data, state["units"])
        targets = movement.enemy_squares_in_reach(data, occ, dest, side)
        must = bool(movement.same_floor_enemy_squares(data, occ, dest, side))
        if not targets:
            self._end_action(state, group, events)
        elif must and len(targets) == 1:
            self._start_combat(state, group, dest, targets[0], events)
        else:
            state["step"] = {"kind": "target", "group": group, "at": dest}

    def _remove(self, state: State, uid: str) -> None:
        state["units"][uid]["at"] = None
        state["units"][uid]["spent"] = False
        state["quiet"] = 0

    # Okita and jumps
    def _okita_roll(self, state: State, value: int, events: list[Event]) -> None:
        data = self.data
        step = state["step"]
        group = step["group"]
        tb = [u for u in group if data.counters[u].tuberculosis]
        events.append(event(f"Tuberculosis roll for {text.names(data, tb)}: {value}", "dice", dice=[value],
                            side=state["active"]))
        if value >= data.tb_acts_on:
            events.append(event(f"{text.names(data, tb)} may act", "activate", side=state["active"]))
            state["step"] = {"kind": "order", "group": group, "at": step["at"]}
            return
        for u in tb:
            state["units"][u]["spent"] = True
        rest = [u for u in group if u not in tb]
        events.append(event(f"{text.names(data, tb)} coughs and ends his action"
                            + (f"; {text.names(data, rest)} still act" if rest else ""), "activate",
                            side=state["active"]))
        if rest:
            state["step"] = {"kind": "order", "group": rest, "at": step["at"]}
        else:
            self._end_action(state, [], events)

    def _jump_roll(self, state: State, value: int, events: list[Event]) -> None:
        data = self.data
        step = state["step"]
        uid, src, land = step["group"][0], step["at"], step["to"]
        occ = occupancy(data, state["units"])
        mods = scoring.jump_modifiers(self, state, occ, uid, src, land)
        total = value + sum(m for m, _ in mods)
        detail = "".join(f" {m:+d} ({why_})" for m, why_ in mods)
        events.append(event(f"Jump roll for {data.counters[uid].name}: {value}{detail} = {total}", "dice",
                            dice=[value], side=self.side_of(uid)))
        if total <= data.jumps["captured_at_most"]:
            self._remove(state, uid)
            events.append(event(f"{data.counters[uid].name} is captured by the Shinsengumi below", "loss",
                                side=self.side_of(uid)))
        elif land in data.square_set:
            state["units"][uid]["at"] = land
            events.append(event(f"{data.counters[uid].name} lands in {data.square_text(land)}; the action ends",
                                "jump", side=self.side_of(uid)))
        else:
            state["units"][uid]["at"] = land
            state["quiet"] = 0
            events.append(event(f"{data.counters[uid].name} escapes into the {data.square_text(land)}", "escape",
                                side=self.side_of(uid)))
        self._end_action(state, [uid], events)

    # -- outcome, explanations, checks ---------------------------------------------------------------
    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        return scoring.outcome(self, state, self.ending(state))

    def explain(self, state: State, action: Action) -> Optional[str]:
        return why.explain(self, state, action)

    def validate(self, state: State) -> list[str]:
        from .checks import validate_state

        errors = super().validate(state)
        if errors:
            return errors
        return validate_state(self, state)

    def state_schema(self) -> dict[str, Any]:
        """Built once per scenario (callers never modify it)."""
        return self._state_schema

    def view_schema(self) -> dict[str, Any]:
        return self._view_schema

    def rulings(self) -> list[dict[str, Any]]:
        from .rulings import RULINGS

        return [dict(r, clauses=list(r["clauses"])) for r in RULINGS]

    # -- UI hooks ----------------------------------------------------------------------------------
    def describe(self, action: Action, view: Optional[View] = None) -> str:
        from .ui import describe

        return describe(self, action, view)

    def prompt(self, view: View) -> str:
        from .ui import prompt

        return prompt(self, view)

    def status(self, view: View) -> list[tuple[str, str]]:
        from .ui import status

        return status(self, view)

    def unit_details(self, view: View, unit_id: str) -> list[str]:
        from .ui import unit_details

        return unit_details(self, view, unit_id)

    def render_svg(self, view: View, highlight: Iterable[str] = (), selected: Optional[str] = None) -> str:
        from .render import render_svg

        return render_svg(self, view, highlight, selected)
