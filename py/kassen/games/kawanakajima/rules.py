"""Kenshin vs. Shingen: The Battle of Kawanakajima -- the rules as functions of (state, action).

The sequence (chapters 4-5): set-up (Uesugi swaps inside groups, Takeda swaps freely, three blind
draws onto X1-X3), then six turns of Uesugi player-turn (recovery, command, movement/attack) and
Takeda player-turn (recovery, command, movement/attack, reinforcement), then the score.

Decisions are actions; everything forced happens at once in ``_settle``: an empty hand is
refilled, a retreat with one possible hex is made, a unit with nothing left to do ends its
activation, a phase with nothing to do is skipped. Combat cards are chosen one player after the
other behind the hot-seat cover: the first pick is hidden in every other view until both cards
are revealed together (a ``reveal`` event).

State keys beyond the engine's (see schema.py for the exact types):
``phase`` (setup | command | move | reinforce | over), ``active`` (whose player-turn),
``commands`` (used this command phase), ``activation`` (the unit moving now: MP left, whether
it attacked, stopped in a ZOC or left one), ``finished`` (units done this phase), ``combat``
(attacker, defender, round, picks, result), ``pending`` (retreats and refills to settle, in
order), ``draw`` (the X hex a blind draw goes to: a chance node), ``hands``/``discards``/
``set_aside`` (cards), ``exchanged`` and ``commander_retreats``. Per unit: ``at`` plus flags that are
present only when true: ``face_up``, ``seen`` (face down again, but both sides saw it face up, so
both still know it), ``move_marker`` and ``retreat_marker``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.rules import GameRules
from ...engine.scenario import Scenario
from ...engine.state import CHANCE, TERMINAL, Event, Outcome, State, View, event
from . import cards, checks, hooks, schema
from .explain import why_not
from .movement import adjacent_enemies, destinations, enemy_zoc, occupancy, retreat_hexes
from .rulings import RULINGS
from .victory import final_outcome
from .data import OTHER, RETREAT_CARD, SIDES, TAKEDA, UESUGI, Tables, card_value, sort_cards
from .visibility import anonymous_ids, anonymous_side, identifies, redact, resolve, token

DONE = Action("done")
END = Action("end")
BOTH = sorted(SIDES)
EXCHANGE = "exchange"


class Rules(GameRules):
    """The Kawanakajima rules bound to one scenario (immutable tables only)."""

    game = "kawanakajima"
    hidden_information = True

    def __init__(self, scenario: Scenario) -> None:
        super().__init__(scenario)
        self.t = Tables(scenario)
        # A memo of immutable Action values (never game state): building an Action checks its
        # tokens with regular expressions, which dominated legal_actions on this 320-hex map.
        self._actions: dict[tuple[str, Optional[str], Optional[str], Optional[str]], Action] = {}
        self._reach_memo: dict[tuple[Any, ...], tuple[dict[str, int], list[str], dict[str, list[Action]]]] = {}
        #: the SVG layers that depend only on the scenario (render.static_layers fills it once)
        self.svg_static: Optional[tuple[str, list[str]]] = None

    def _act(self, verb: str, unit: Optional[str] = None, cell: Optional[str] = None,
             arg: Optional[str] = None) -> Action:
        key = (verb, unit, cell, arg)
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = Action(verb, (unit,) if unit else (), cell, arg)
        return action

    def _reach(self, state: State, uid: str, mp: int, left_zoc: bool) -> dict[str, int]:
        return self._reach_entry(state, uid, mp, left_zoc)[0]

    def _reach_entry(self, state: State, uid: str, mp: int, left_zoc: bool
                     ) -> tuple[dict[str, int], list[str], dict[str, list[Action]]]:
        """``movement.destinations`` for a unit, memoized on everything it depends on (the unit, its
        hex, its MP, whether it has left a ZOC, and the units within MP + 1 hexes -- no other unit
        can block a path or put a ZOC on it): a pure cache, bounded, because
        legality checks, apply, redo and replay ask for the same search many times. The entry also
        keeps the sorted destinations and, per action token, the move actions built from them.
        Never mutate the returned dicts."""
        t = self.t
        units = state["units"]
        start = units[uid]["at"]
        near = t.near(start)
        key = (uid, start, mp, left_zoc, tuple([(u, units[u]["at"]) for u in t.unit_ids if units[u]["at"] in near]))
        memo = self._reach_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= 1024:
                memo.clear()
            reach = destinations(t, units[uid]["at"], mp, occupancy(state, t), enemy_zoc(state, t, t.side[uid]),
                                 left_zoc)
            found = memo[key] = (reach, sorted(reach), {})
        return found

    # == set-up ===================================================================================
    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        """Every unit face down on its printed start hex; the 11 uncoded Takeda units in the night
        box (the three blind draws onto X1-X3 follow Takeda's swaps as chance actions)."""
        state = self.base_state(seed, options)
        t = self.t
        hands = {}
        for side in SIDES:
            hand = Counter(t.decks[side]) - Counter(t.set_aside[side])
            hands[side] = sort_cards(list(hand.elements()))
        state.update(phase="setup", active=UESUGI, commands=0, activation=None, finished=[], combat=None,
                     pending=[], draw=None, hands=hands, discards={s: [] for s in SIDES},
                     set_aside={s: list(t.set_aside[s]) for s in SIDES}, exchanged=False,
                     commander_retreats={s: 0 for s in SIDES})
        return state

    # == who acts =================================================================================
    def current_player(self, state: State) -> str:
        if state["phase"] == "over":
            return TERMINAL
        if state["draw"] is not None:
            return CHANCE
        if state["pending"]:
            item = state["pending"][0]
            return self._side_of_token(item["unit"]) if item["kind"] == "retreat" else item["side"]
        combat = state["combat"]
        if combat is not None and combat["result"] is None:
            attacker_side = self._side_of_token(combat["attacker"])
            return attacker_side if combat["picks"][attacker_side] is None else OTHER[attacker_side]
        return state["active"]

    def _side_of_token(self, tok: str) -> str:
        """The side of a unit id, or of an anonymous id in a view (so views say who is to act)."""
        side = self.t.side.get(tok) or anonymous_side(tok)
        if side is None:
            raise KeyError(tok)
        return side

    # == legal actions ============================================================================
    def legal_actions(self, state: State) -> list[Action]:
        player = self.current_player(state)
        if player in (CHANCE, TERMINAL):
            return []
        if state["pending"]:
            return self._pending_actions(state)
        if state["combat"] is not None:
            return self._card_actions(state, player)
        phase = state["phase"]
        if phase == "setup":
            return self._setup_actions(state, player) + [DONE]
        if phase == "command":
            return self._command_actions(state, player) + [DONE]
        if phase == "move":
            act = state["activation"]
            if act is not None:
                return self._unit_actions(state, act["unit"], act) + [END]
            out: list[Action] = []
            occ = occupancy(state, self.t)
            for uid in self._movers(state, player):
                out.extend(self._unit_actions(state, uid, None, occ))
            return out + [DONE]
        if phase == "reinforce":
            return self._reinforce_actions(state) + [DONE]
        return []

    def is_legal(self, state: State, action: Action) -> bool:
        """``action in legal_actions(state)``, decided directly where the list is long (movement,
        set-up swaps, commands): the tests compare both ways on every self-play step."""
        player = self.current_player(state)
        if player in (CHANCE, TERMINAL) or state["pending"] or state["combat"] is not None:
            return super().is_legal(state, action)
        phase, verb = state["phase"], action.verb
        if verb == "done":
            return action == DONE and (phase != "move" or state["activation"] is None)
        if phase == "move":
            if verb == "end":
                return action == END and state["activation"] is not None
            return verb in ("move", "attack") and self._move_legal(state, player, action)
        if phase == "setup":
            return verb == "swap" and self._swap_legal(state, player, action)
        if phase == "command":
            if verb not in ("flip", "mark") or len(action.units) != 1 or action.arg is not None:
                return False
            uid = resolve(state, self.t, action.units[0], player)
            if uid is None or uid not in self._command_candidates(state, player):
                return False
            if verb == "mark" and player == TAKEDA and state["turn"] == 1:
                return False
            return (action.cell == state["units"][uid]["at"]
                    and action.units[0] == token(state, self.t, uid, player))
        return super().is_legal(state, action)

    def _move_legal(self, state: State, player: str, action: Action) -> bool:
        """``action in legal_actions(state)`` for a move or an attack, testing only that action."""
        t = self.t
        if action.arg is not None or action.cell is None or len(action.units) > 1:
            return False
        act = state["activation"]
        if act is not None:
            uid = act["unit"]
            mp, attacked, stopped, left = act["mp"], act["attacked"], act["stopped"], act["left_zoc"]
        else:
            if not action.units:
                return False
            uid = resolve(state, t, action.units[0], player) or ""
            if uid not in self._movers(state, player):
                return False
            mp, attacked, stopped, left = t.mp, False, False, False
        tok = token(state, t, uid, player)
        if action.verb == "move":
            if action.units != (tok,) or stopped or mp <= 0:
                return False
            return action.cell in self._reach(state, uid, mp, left)
        if action.units != ((tok,) if act is None else ()) or attacked or mp < t.attack_cost:
            return False
        target = occupancy(state, t).get(action.cell)
        return (target is not None and t.side[target] != player
                and action.cell in t.neighbors[state["units"][uid]["at"]])

    def _swap_legal(self, state: State, side: str, action: Action) -> bool:
        t = self.t
        if len(action.units) != 1 or action.arg is not None or action.cell is None:
            return False
        uid = action.units[0]
        if uid not in t.generals or t.side_of(uid) != side or t.generals[uid].night_army:
            return False
        at = state["units"][uid]["at"]
        if action.cell == at:
            return False
        if side == UESUGI:
            return action.cell in t.group_hexes[t.group_of[at]]
        return action.cell in t.takeda_start

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        """A blind draw from the night box: every unit in it is equally likely (4(2), 5 B4))."""
        if state["phase"] == "over" or state["draw"] is None:
            return []
        pool = self._in_box(state)
        return [(self._act("draw", arg=uid), 1.0 / len(pool)) for uid in pool]

    def _pending_actions(self, state: State) -> list[Action]:
        item = state["pending"][0]
        if item["kind"] == "retreat":
            uid = item["unit"]
            tok = token(state, self.t, uid, self.t.side_of(uid))
            return [self._act("retreat", tok, h) for h in retreat_hexes(state, self.t, uid)]
        return [self._act("refill"), self._act("refill", arg=EXCHANGE)]

    def _card_actions(self, state: State, side: str) -> list[Action]:
        hand = state["hands"][side]
        out = [self._act("play", arg=c) for c in sort_cards(list(set(hand)))]
        if cards.may_refill(state, side):
            out.append(self._act("refill"))
            if cards.may_exchange(state, self.t, side):
                out.append(self._act("refill", arg=EXCHANGE))
        return out

    def _setup_actions(self, state: State, side: str) -> list[Action]:
        t = self.t
        units = state["units"]
        out = []
        if side == UESUGI:
            for uid in t.side_units[UESUGI]:
                at = units[uid]["at"]
                out.extend(self._act("swap", uid, h) for h in t.group_hexes[t.group_of[at]] if h != at)
        else:
            for uid in t.coded_takeda:
                at = units[uid]["at"]
                out.extend(self._act("swap", uid, h) for h in t.takeda_start if h != at)
        return out

    def _command_candidates(self, state: State, side: str) -> list[str]:
        """Face-down units on the map that may still be commanded this phase (5 A2)/B2))."""
        t = self.t
        if state["commands"] >= t.command_limit:
            return []
        out = []
        for uid in t.side_units[side]:
            u = state["units"][uid]
            if u["at"] in t.on_map and not u.get("face_up") and not u.get("move_marker"):
                if side == TAKEDA and state["turn"] == 1 and u["at"] not in t.x_name:
                    continue  # turn 1: only the Mt. Saijo units on X1-X3
                out.append(uid)
        return out

    def _command_actions(self, state: State, side: str) -> list[Action]:
        t = self.t
        out = []
        anon = None
        for uid in self._command_candidates(state, side):
            if not identifies(state, t, uid, side) and anon is None:
                anon = anonymous_ids(state, self.t, side)
            tok = token(state, self.t, uid, side, anon)
            at = state["units"][uid]["at"]
            out.append(self._act("flip", tok, at))
            if not (side == TAKEDA and state["turn"] == 1):
                out.append(self._act("mark", tok, at))
        return out

    def _movers(self, state: State, side: str) -> list[str]:
        """Units that may still start an activation: face up or move-marked, on the map (7(1))."""
        on_map = self.t.on_map
        done = state["finished"]
        out = []
        for uid in self.t.side_units[side]:
            u = state["units"][uid]
            if u["at"] in on_map and (u.get("face_up") or u.get("move_marker")) and uid not in done:
                out.append(uid)
        return out

    def _unit_actions(self, state: State, uid: str, act: Optional[dict[str, Any]],
                      occ: Optional[dict[str, str]] = None) -> list[Action]:
        """Moves and attacks of one unit: the active one (``act``) or one about to start."""
        t = self.t
        side = t.side_of(uid)
        at = state["units"][uid]["at"]
        if at not in t.on_map:
            return []
        fresh = act is None
        mp = t.mp if fresh else act["mp"]
        tok = token(state, t, uid, side)
        out: list[Action] = []
        if occ is None:
            occ = occupancy(state, t)
        if fresh or (not act["stopped"] and mp > 0):
            _, cells, by_token = self._reach_entry(state, uid, mp, False if fresh else act["left_zoc"])
            moves = by_token.get(tok)
            if moves is None:
                act_ = self._act
                moves = by_token[tok] = [act_("move", tok, h) for h in cells]
            out.extend(moves)
        if (fresh or not act["attacked"]) and mp >= t.attack_cost:
            for enemy in adjacent_enemies(state, t, uid, occ):
                where = state["units"][enemy]["at"]
                out.append(self._act("attack", tok if fresh else None, where))
        return out

    def _has_unit_actions(self, state: State, uid: str, act: Optional[dict[str, Any]]) -> bool:
        """Whether ``_unit_actions`` would be non-empty, without the full search: a move exists
        exactly when a first step does."""
        t = self.t
        at = state["units"][uid]["at"]
        if at not in t.on_map:
            return False
        fresh = act is None
        mp = t.mp if fresh else act["mp"]
        occ = occupancy(state, t)
        if (fresh or not act["attacked"]) and mp >= t.attack_cost and adjacent_enemies(state, t, uid, occ):
            return True
        if fresh or (not act["stopped"] and mp > 0):
            zoc = enemy_zoc(state, t, t.side_of(uid))
            no_zoc = (not fresh and act["left_zoc"]) or at in zoc
            cost = t.cost
            for n in t.neighbors[at]:
                if n not in occ and cost[n] <= mp and not (no_zoc and n in zoc):
                    return True
        return False

    def _reinforce_actions(self, state: State) -> list[Action]:
        if not self._in_box(state):
            return []
        occ = occupancy(state, self.t)
        return [self._act("reinforce", None, x) for x in self.t.x_hexes if x not in occ]

    def _in_box(self, state: State) -> list[str]:
        box = self.t.night_box
        return [uid for uid in self.t.night_army if state["units"][uid]["at"] == box]

    # == applying an action =======================================================================
    def _apply(self, state: State, action: Action) -> list[Event]:
        player = self.current_player(state)
        ev: list[Event] = []
        verb = action.verb
        if player == CHANCE:
            self._draw(state, action.arg or "", ev)
        elif verb == "swap":
            self._swap(state, player, action, ev)
        elif verb == "flip" or verb == "mark":
            self._command(state, player, action, ev)
        elif verb == "move":
            self._move(state, player, action, ev)
        elif verb == "attack":
            self._attack(state, player, action, ev)
        elif verb == "end":
            self._finish_activation(state, ev)
        elif verb == "play":
            self._play(state, player, action.arg or "", ev)
        elif verb == "refill":
            self._refill(state, player, action.arg == EXCHANGE, ev)
        elif verb == "retreat":
            item = state["pending"].pop(0)
            self._retreat(state, item["unit"], action.cell or "", ev)
        elif verb == "reinforce":
            state["draw"] = action.cell
            ev.append(event(f"Takeda calls a night-army unit down to {self.t.x_name[action.cell or '']} "
                            f"({action.cell})", "reinforce"))
        elif verb == "done":
            self._done(state, player, ev)
        self._settle(state, ev)
        return ev

    # -- set-up ---------------------------------------------------------------------------------
    def _swap(self, state: State, side: str, action: Action, ev: list[Event]) -> None:
        uid = action.units[0]
        target = action.cell or ""
        units = state["units"]
        here = units[uid]["at"]
        other = occupancy(state, self.t).get(target)
        units[uid]["at"] = target
        if other is not None:
            units[other]["at"] = here
            ev.append(event(f"You swap {hooks.name(self.t, uid)} ({here}) and {hooks.name(self.t, other)} ({target})",
                            "setup", to=side))
        else:
            ev.append(event(f"You move {hooks.name(self.t, uid)} from {here} to the empty start hex {target}",
                            "setup", to=side))

    def _done(self, state: State, side: str, ev: list[Event]) -> None:
        phase = state["phase"]
        if phase == "setup":
            ev.append(event(f"{hooks.side_name(side)} has placed his units face down", "phase"))
            if side == UESUGI:
                state["active"] = TAKEDA
            else:
                state["draw"] = self.t.x_hexes[0]
        elif phase == "command":
            self._begin_move(state, ev)
        elif phase == "move":
            self._end_move(state, ev)
        elif phase == "reinforce":
            self._end_turn(state, ev)

    def _draw(self, state: State, uid: str, ev: list[Event]) -> None:
        """A night-army unit drawn blind from the box onto the X hex in ``draw`` (4(2), 5 B4))."""
        t = self.t
        x = state["draw"]
        state["units"][uid]["at"] = x
        ev.append(event(f"A night-army unit is drawn unseen from the box onto {t.x_name[x]} ({x}), face down",
                        "draw"))
        self._contact_reveal(state, uid, ev)  # ruling: a unit placed next to an enemy is face up
        if state["phase"] == "setup":
            occ = occupancy(state, t)
            nxt = [h for h in t.x_hexes if h not in occ]
            state["draw"] = nxt[0] if nxt and self._in_box(state) else None
            if state["draw"] is None:
                self._begin_player_turn(state, UESUGI, ev)
        else:
            state["draw"] = None
            if not self._reinforce_actions(state):
                self._end_turn(state, ev)

    # -- turn sequence ----------------------------------------------------------------------------
    def _begin_player_turn(self, state: State, side: str, ev: list[Event]) -> None:
        t = self.t
        state.update(active=side, phase="command", commands=0, finished=[], activation=None)
        ev.append(event(f"Turn {state['turn']} ({t.hours[state['turn'] - 1]}): {hooks.side_name(side)}'s turn",
                        "phase"))
        cleared = 0
        for uid in t.side_units[side]:
            u = state["units"][uid]
            if u.pop("retreat_marker", False):
                cleared += 1
        if cleared:
            ev.append(event(f"Recovery: {hooks.side_name(side)} removes {cleared} retreat marker"
                            f"{'s' if cleared > 1 else ''}", "phase"))
        if side == UESUGI and state["turn"] == t.turns:
            ev.append(event("Turn 6: Kenshin fights in the front line, so Uesugi has no command phase", "phase"))
            self._begin_move(state, ev)
        elif not self._command_candidates(state, side):
            self._begin_move(state, ev)

    def _begin_move(self, state: State, ev: list[Event]) -> None:
        state.update(phase="move", finished=[], activation=None)
        side = state["active"]
        if not any(self._has_unit_actions(state, uid, None) for uid in self._movers(state, side)):
            ev.append(event(f"{hooks.side_name(side)} has no unit that can move or attack", "phase"))
            self._end_move(state, ev)

    def _end_move(self, state: State, ev: list[Event]) -> None:
        side = state["active"]
        for uid in self.t.side_units[side]:
            state["units"][uid].pop("move_marker", None)
        state["activation"] = None
        state["finished"] = []
        if side == UESUGI:
            self._begin_player_turn(state, TAKEDA, ev)
        else:
            state["phase"] = "reinforce"
            if not self._reinforce_actions(state):
                self._end_turn(state, ev)

    def _end_turn(self, state: State, ev: list[Event]) -> None:
        if state["turn"] >= self.t.turns:
            self._game_over(state, ev)
            return
        state["turn"] += 1
        self._begin_player_turn(state, UESUGI, ev)

    def _game_over(self, state: State, ev: list[Event]) -> None:
        state.update(phase="over", activation=None, combat=None, pending=[], draw=None, finished=[], commands=0)
        for u in state["units"].values():
            u.pop("move_marker", None)
        result = final_outcome(state, self.t)
        ev.append(event(f"Game over: {result['reason']}", "end"))

    # -- command phase ----------------------------------------------------------------------------
    def _command(self, state: State, side: str, action: Action, ev: list[Event]) -> None:
        uid = resolve(state, self.t, action.units[0], side) or ""
        u = state["units"][uid]
        state["commands"] += 1
        if action.verb == "flip":
            u["face_up"] = True
            u.pop("seen", None)
            ev.append(event(f"{hooks.side_name(side)} turns {hooks.name(self.t, uid)} face up at {u['at']}", "reveal",
                            unit=uid))
        else:
            u["move_marker"] = True
            ev.append(event(f"{hooks.side_name(side)} puts a move marker on the face-down unit at {u['at']}",
                            "command"))
            if identifies(state, self.t, uid, side):
                ev.append(event(f"(the move marker is on {hooks.name(self.t, uid)})", "command", to=side))
        if not self._command_candidates(state, side):
            self._begin_move(state, ev)

    # -- movement and attacks ------------------------------------------------------------------
    def _new_activation(self, state: State, uid: str) -> dict[str, Any]:
        act = {"unit": uid, "mp": self.t.mp, "attacked": False, "stopped": False, "left_zoc": False}
        state["activation"] = act
        return act

    def _move(self, state: State, side: str, action: Action, ev: list[Event]) -> None:
        t = self.t
        act = state["activation"]
        uid = act["unit"] if act is not None else resolve(state, t, action.units[0], side) or ""
        if act is None:
            act = self._new_activation(state, uid)
        u = state["units"][uid]
        here, there = u["at"], action.cell or ""
        zoc = enemy_zoc(state, t, side)
        cost = self._reach(state, uid, act["mp"], act["left_zoc"])[there]
        who = hooks.public_name(state, t, uid)
        if here in zoc:
            act["left_zoc"] = True
        act["mp"] -= cost
        u["at"] = there
        ev.append(event(f"{who} moves {here} -> {there} ({cost} MP, {act['mp']} left)", "move"))
        if not u.get("face_up") and identifies(state, t, uid, side):
            ev.append(event(f"(that is {hooks.name(t, uid)})", "move", to=side))
        if there in zoc:
            act["stopped"] = True  # 7(5): entering an enemy ZOC ends the move
            self._contact_reveal(state, uid, ev)

    def _contact_reveal(self, state: State, uid: str, ev: list[Event]) -> None:
        """Units next to an enemy are always face up (7(6)): turn the unit and its neighbours up."""
        t = self.t
        touched = [uid] + adjacent_enemies(state, t, uid)
        if len(touched) == 1:
            return
        flipped = []
        for other in touched:
            u = state["units"][other]
            if not u.get("face_up"):
                u["face_up"] = True
                u.pop("seen", None)
                flipped.append(other)
        if flipped:
            names = ", ".join(f"{hooks.name(t, f)} ({state['units'][f]['at']})" for f in flipped)
            ev.append(event(f"Contact at {state['units'][uid]['at']}: face up: {names}", "reveal",
                            units=flipped))

    def _attack(self, state: State, side: str, action: Action, ev: list[Event]) -> None:
        t = self.t
        act = state["activation"]
        if act is None:
            act = self._new_activation(state, resolve(state, t, action.units[0], side) or "")
        uid = act["unit"]
        act["mp"] -= t.attack_cost
        act["attacked"] = True
        target = occupancy(state, t)[action.cell or ""]
        here = state["units"][uid]["at"]
        state["combat"] = {"attacker": uid, "defender": target, "from": here, "round": 1, "tie": False,
                           "picks": {s: None for s in BOTH}, "result": None}
        ev.append(event(f"{hooks.name(t, uid)} ({here}) attacks {hooks.name(t, target)} ({action.cell}) "
                        f"[{t.attack_cost} MP, {act['mp']} left]", "combat"))

    def _finish_activation(self, state: State, ev: list[Event]) -> None:
        """The unit is done for this phase: its move marker goes (7(4)); a unit that left an enemy
        ZOC is turned face down with a retreat marker (7(10))."""
        act = state["activation"]
        uid = act["unit"]
        u = state["units"][uid]
        u.pop("move_marker", None)
        if act["left_zoc"] and u["at"] in self.t.on_map:
            u.pop("face_up", None)
            u["seen"] = True
            u["retreat_marker"] = True
            ev.append(event(f"{hooks.name(self.t, uid)} left an enemy ZOC: turned face down with a retreat marker "
                            f"at {u['at']}", "move"))
        state["finished"].append(uid)
        state["activation"] = None

    # -- combat -----------------------------------------------------------------------------------
    def combat_value(self, state: State, uid: str, defending: bool) -> float:
        """Printed value minus the river (8 Other (7)), commander-retreat (8 Other (8)) and, for a
        defender, retreat-marker (8 Other (1)) penalties."""
        t = self.t
        g = t.generals[uid]
        u = state["units"][uid]
        value = g.value
        if u["at"] in t.river:
            value -= t.river_penalty
        if not g.commander:
            value -= t.commander_penalty * state["commander_retreats"][g.side]
        if defending and u.get("retreat_marker"):
            value -= t.retreat_marker_penalty
        return value

    def _play(self, state: State, side: str, card: str, ev: list[Event]) -> None:
        cards.play(state, side, card)
        ev.append(event(f"{hooks.side_name(side)} has chosen a card", "card"))
        ev.append(event(f"You chose {hooks.card_name(card)}", "card", to=side))
        combat = state["combat"]
        if all(combat["picks"][s] is not None for s in SIDES):
            self._resolve_cards(state, ev)

    def _resolve_cards(self, state: State, ev: list[Event]) -> None:
        """Both cards are revealed together (8 Resolution (1)) and the round is decided."""
        t = self.t
        combat = state["combat"]
        a, d = combat["attacker"], combat["defender"]
        sa, sd = t.side_of(a), t.side_of(d)
        ca, cd = combat["picks"][sa], combat["picks"][sd]
        for side, card in ((sa, ca), (sd, cd)):
            cards.discard(state, side, card)
            combat["picks"][side] = None
        tie_round = combat["tie"]
        ev.append(event(f"Cards revealed{' (tie-break)' if tie_round else ''}: {hooks.side_name(sa)} "
                        f"{hooks.card_name(ca)}, {hooks.side_name(sd)} {hooks.card_name(cd)}", "reveal",
                        cards={sa: ca, sd: cd}))
        if RETREAT_CARD in (ca, cd):
            combat["result"] = "retreat"
            if cd == RETREAT_CARD:  # ruling: the defender retreats first when both do
                state["pending"].append({"kind": "retreat", "unit": d})
            if ca == RETREAT_CARD:
                state["pending"].append({"kind": "retreat", "unit": a})
        else:
            if tie_round:
                va, vd = card_value(ca), card_value(cd)
                ev.append(event(f"Tie-break: the higher card wins ({hooks.num(va)} against {hooks.num(vd)})",
                                "combat"))
            else:
                base_a, base_d = self.combat_value(state, a, False), self.combat_value(state, d, True)
                va, vd = base_a + card_value(ca), base_d + card_value(cd)
                ev.append(event(f"Totals: {hooks.name(t, a)} {hooks.num(base_a)} + {ca} = {hooks.num(va)} against "
                                f"{hooks.name(t, d)} {hooks.num(base_d)} + {cd} = {hooks.num(vd)}", "combat"))
            if va == vd:
                combat["result"] = "tie"
                combat["tie"] = True
                ev.append(event("A tie: each player plays another card", "combat"))
            else:
                winner, loser = (a, d) if va > vd else (d, a)
                margin = abs(va - vd)
                combat["result"] = "attacker" if winner == a else "defender"
                marked = bool(state["units"][loser].get("retreat_marker"))
                ev.append(event(f"{hooks.name(t, winner)} wins by {hooks.num(margin)}", "combat"))
                if margin > 1 or marked:
                    why = "it had a retreat marker" if marked and margin <= 1 else f"lost by {hooks.num(margin)}"
                    self._remove(state, loser, why, ev)
                    if state["phase"] == "over":
                        return
                else:
                    state["pending"].append({"kind": "retreat", "unit": loser})
        for side in (sa, sd):
            if not state["hands"][side]:
                state["pending"].append({"kind": "refill", "side": side})

    def _retreat(self, state: State, uid: str, hex_: str, ev: list[Event]) -> None:
        """Face down, a retreat marker and exactly one hex (8 Resolution (2))."""
        t = self.t
        u = state["units"][uid]
        here = u["at"]
        u.pop("face_up", None)
        u.update(at=hex_, seen=True, retreat_marker=True)
        ev.append(event(f"{hooks.name(t, uid)} retreats {here} -> {hex_}: face down with a retreat marker", "retreat"))
        g = t.generals[uid]
        if g.commander:
            state["commander_retreats"][g.side] += 1
            n = state["commander_retreats"][g.side]
            ev.append(event(f"{g.name} has retreated: every other {hooks.side_name(g.side)} unit now fights at "
                            f"-{hooks.num(n * t.commander_penalty)}", "combat"))

    def _remove(self, state: State, uid: str, why: str, ev: list[Event]) -> None:
        u = state["units"][uid]
        ev.append(event(f"{hooks.name(self.t, uid)} is removed at {u['at']} ({why})", "removed"))
        u.clear()
        u.update(at=None, face_up=True)
        if self.t.generals[uid].commander:
            self._game_over(state, ev)

    def _refill(self, state: State, side: str, exchange: bool, ev: list[Event]) -> None:
        if state["pending"] and state["pending"][0].get("side") == side:
            state["pending"].pop(0)
        n = len(state["discards"][side])
        cards.refill(state, self.t, side, exchange)
        ev.append(event(f"{hooks.side_name(side)} takes back {n} discarded card{'s' if n != 1 else ''}", "card"))
        if exchange:
            ev.append(event("Takeda exchanges a Retreat card for the spare 5 from the box, for good", "card"))

    def _close_combat(self, state: State, ev: list[Event]) -> None:
        combat = state["combat"]
        state["combat"] = None
        act = state["activation"]
        if act is None or act["unit"] != combat["attacker"]:
            return
        if state["units"][combat["attacker"]]["at"] != combat["from"]:
            self._finish_activation(state, ev)  # the attacker retreated or was removed
        else:
            act["stopped"] = False  # 7(13): it may move on, but not attack again

    # -- settling forced steps ------------------------------------------------------------------
    def _settle(self, state: State, ev: list[Event]) -> None:
        """Carry out everything that needs no decision, until a player (or chance) must act."""
        t = self.t
        while state["phase"] != "over" and state["draw"] is None:
            pending = state["pending"]
            if pending:
                item = pending[0]
                if item["kind"] == "retreat":
                    options = retreat_hexes(state, t, item["unit"])
                    if len(options) > 1:
                        return
                    pending.pop(0)
                    if options:
                        self._retreat(state, item["unit"], options[0], ev)
                    else:
                        self._remove(state, item["unit"], "no hex to retreat into", ev)
                    continue
                if cards.may_exchange(state, t, item["side"]):
                    return  # Takeda chooses whether to exchange
                self._refill(state, item["side"], False, ev)
                continue
            combat = state["combat"]
            if combat is not None:
                if combat["result"] is None:
                    return
                if combat["result"] == "tie":
                    combat["result"] = None
                    combat["round"] += 1
                    return
                self._close_combat(state, ev)
                continue
            act = state["activation"]
            if state["phase"] == "move" and act is not None and not self._has_unit_actions(state, act["unit"], act):
                self._finish_activation(state, ev)
                continue
            return

    # == outcome, views, checks ===================================================================
    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        return final_outcome(state, self.t)

    def redact(self, view: View, state: State, player: Optional[str]) -> None:
        if state["phase"] != "over":  # once the game is over nothing is secret (ruling A13)
            redact(view, state, self.t, player)

    def has_secrets(self, state: State) -> bool:
        return state["phase"] != "over"

    def validate(self, state: State) -> list[str]:
        errors = super().validate(state)
        if errors:
            return errors
        return checks.check_state(self, state)

    def validate_view(self, view: View) -> list[str]:
        return checks.check_view(self, view)

    def state_schema(self) -> dict[str, Any]:
        return schema.state_schema(self.t)

    def view_schema(self) -> dict[str, Any]:
        return schema.view_schema(self.t)

    def explain(self, state: State, action: Action) -> Optional[str]:
        return why_not(self, state, action)

    # == UI hooks ==================================================================================
    def describe(self, action: Action, view: Optional[View] = None) -> str:
        return hooks.describe(self, action, view)

    def prompt(self, view: View) -> str:
        return hooks.prompt(self, view)

    def status(self, view: View) -> list[tuple[str, str]]:
        return hooks.status(self, view)

    def unit_details(self, view: View, unit_id: str) -> list[str]:
        return hooks.unit_details(self, view, unit_id)

    def unit_name(self, unit_id: str) -> str:
        return hooks.name(self.t, unit_id) if unit_id in self.t.generals else "a face-down unit"

    def rulings(self) -> list[dict[str, Any]]:
        return [dict(r) for r in RULINGS]

    def render_svg(self, view: View, highlight: Iterable[str] = (), selected: Optional[str] = None) -> str:
        from .render import render_svg

        return render_svg(self, view, highlight, selected)
