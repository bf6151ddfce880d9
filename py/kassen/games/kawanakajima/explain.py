"""Why an action is illegal, in words, citing the rule clause (kawanakajima.<section>.<name>)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.actions import Action
from ...engine.state import CHANCE, TERMINAL, State
from . import cards
from .movement import adjacent_enemies, destinations, enemy_zoc, occupancy, retreat_hexes
from .data import TAKEDA, UESUGI
from .hooks import card_name, name, side_name
from .visibility import resolve

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

C = "kawanakajima."


def why_not(rules: "Rules", state: State, action: Action) -> Optional[str]:
    """A reason for an illegal action (None if it is legal or there is nothing better to say)."""
    if rules.is_legal(state, action):
        return None
    t = rules.t
    player = rules.current_player(state)
    verb = action.verb
    if player == TERMINAL:
        return f"The game is over ({C}9.game-length)"
    if player == CHANCE:
        return (f"A night-army unit is being drawn at random: only a draw from the box can happen now "
                f"({C}4.takeda-x-draw, {C}5.takeda-reinforce)")
    pending = state["pending"]
    if pending:
        item = pending[0]
        if item["kind"] == "retreat":
            uid = item["unit"]
            if verb != "retreat":
                return (f"{side_name(player)} must first choose where {name(t, uid)} retreats "
                        f"({C}8.retreat-procedure)")
            options = retreat_hexes(state, t, uid)
            at = state["units"][uid]["at"]
            if action.cell not in t.neighbors.get(at, ()):
                return f"A retreating unit moves exactly 1 hex ({C}8.retreat-procedure)"
            return (f"A retreating unit may not enter an enemy ZOC or an occupied hex; possible: "
                    f"{', '.join(options)} ({C}8.retreat-restrictions)")
        if verb != "refill":
            return f"{side_name(player)}'s hand is empty: he must take back his discards now ({C}8.refill)"
        return _exchange_reason(rules, state, player)
    combat = state["combat"]
    if combat is not None:
        if verb == "play":
            if action.arg not in state["hands"][player]:
                return f"{side_name(player)} has no {card_name(action.arg or '?')} card in hand"
            return None
        if verb == "refill":
            if not cards.may_refill(state, player):
                return (f"Discards can be taken back only when the hand is empty or holds only Retreat cards "
                        f"({C}8.refill)")
            return _exchange_reason(rules, state, player)
        return (f"Both players must first choose a combat card for the combat in progress "
                f"({C}8.cards-simultaneous, {C}8.resolve-immediately)")
    if player != state["active"]:
        return f"It is {side_name(state['active'])}'s turn"
    phase = state["phase"]
    uid = resolve(state, t, action.units[0], player) if action.units else None
    if uid is not None and t.side_of(uid) != player:
        return f"{name(t, uid)} is not a {side_name(player)} unit"
    if phase == "setup":
        if verb != "swap":
            return "During set-up a player can only swap units and then finish"
        if uid is None:
            return "Name the unit to swap"
        if player == UESUGI:
            at = state["units"][uid]["at"]
            return (f"Uesugi may swap units only inside their start group ({t.group_of.get(at, '?')}) "
                    f"({C}4.uesugi-swap-in-group)")
        if t.generals[uid].night_army:
            return f"Only the 14 coded Takeda units are placed and swapped ({C}4.takeda-place-coded)"
        return f"Takeda units may be swapped only among the 15 Takeda start hexes ({C}4.takeda-swap-free)"
    if phase == "command":
        if verb not in ("flip", "mark"):
            if state["turn"] == t.turns and player == UESUGI:
                return f"There is no Uesugi command phase on turn 6 ({C}5.uesugi-t6-skip-command)"
            return f"In the command phase a player turns units face up or gives them move markers ({C}5.command-up-to-six)"
        if state["commands"] >= t.command_limit:
            return f"At most {t.command_limit} units may be commanded per phase ({C}5.command-up-to-six)"
        if player == TAKEDA and state["turn"] == 1:
            return (f"On turn 1 Takeda may only turn face up the units on X1-X3, and give no move marker "
                    f"({C}5.takeda-t1-command)")
        if uid is not None:
            u = state["units"][uid]
            if u.get("face_up") or u.get("move_marker"):
                return f"Only face-down units without a move marker can be commanded ({C}5.command-up-to-six)"
            if u["at"] not in t.on_map:
                return f"Only units on the map can be commanded ({C}5.command-up-to-six)"
        return None
    if phase == "reinforce":
        if verb != "reinforce":
            return f"Takeda may now only bring night-army units onto X1-X3 ({C}5.takeda-reinforce)"
        if action.cell not in t.x_name:
            return f"Reinforcements arrive only on X1, X2 or X3 ({C}5.takeda-reinforce)"
        if action.cell in occupancy(state, t):
            return f"A reinforcement cannot be placed on an occupied X hex ({C}5.reinforce-hex-empty)"
        return f"The night-attack army box is empty ({C}5.takeda-reinforce)"
    if phase != "move":
        return None
    if verb in ("flip", "mark"):
        if state["turn"] == t.turns and player == UESUGI:
            return f"There is no Uesugi command phase on turn 6 ({C}5.uesugi-t6-skip-command)"
        return (f"Units are turned face up or given move markers only in the command phase, at most "
                f"{t.command_limit} a phase ({C}5.command-up-to-six)")
    return _movement_reason(rules, state, player, action, uid)


def _exchange_reason(rules: "Rules", state: State, side: str) -> Optional[str]:
    t = rules.t
    if side != t.exchange_side:
        return f"Only Takeda has a card to exchange ({C}8.takeda-exchange-when)"
    if state["exchanged"]:
        return f"The exchange has been made already and cannot be repeated ({C}8.takeda-exchange-permanent)"
    if state["turn"] < t.exchange_from:
        return f"The exchange is possible from turn {t.exchange_from} on ({C}8.takeda-exchange-when)"
    return None


def _movement_reason(rules: "Rules", state: State, side: str, action: Action, uid: Optional[str]) -> Optional[str]:
    t = rules.t
    act = state["activation"]
    verb = action.verb
    if verb == "done" and act is not None:
        return f"{name(t, act['unit'])} must finish its move first ({C}7.one-unit-at-a-time)"
    if verb == "end" and act is None:
        return "No unit is moving"
    if verb not in ("move", "attack"):
        return None
    if act is not None:
        if uid is not None and uid != act["unit"]:
            return (f"{name(t, act['unit'])} is moving: it must finish before another unit moves "
                    f"({C}7.one-unit-at-a-time)")
        uid = act["unit"]
        mp, attacked, stopped, left = act["mp"], act["attacked"], act["stopped"], act["left_zoc"]
    else:
        if uid is None:
            return "Name the unit that moves or attacks"
        u = state["units"][uid]
        if uid in state["finished"]:
            return (f"{name(t, uid)} has already finished its move this phase ({C}7.one-unit-at-a-time, "
                    f"{C}7.move-marker-removed)")
        if not u.get("face_up") and not u.get("move_marker"):
            return f"Only face-up units and units with a move marker may move or attack ({C}7.who-may-move)"
        mp, attacked, stopped, left = t.mp, False, False, False
    at = state["units"][uid]["at"]
    occ = occupancy(state, t)
    zoc = enemy_zoc(state, t, side)
    if verb == "attack":
        if attacked:
            return f"A unit may attack only once per turn ({C}8.one-attack-per-turn, {C}7.win-continue-moving)"
        if mp < t.attack_cost:
            return (f"An attack costs {t.attack_cost} MP and only {mp} remain "
                    f"({C}7.attack-cost, {C}7.attack-needs-3mp)")
        targets = [state["units"][e]["at"] for e in adjacent_enemies(state, t, uid, occ)]
        if action.cell not in targets:
            return f"A unit may attack only an adjacent enemy unit, one in its ZOC ({C}8.target-in-zoc)"
        return None
    cell = action.cell or ""
    if stopped:
        return f"{name(t, uid)} entered an enemy ZOC and must end its movement there ({C}7.zoc-stop)"
    if cell in occ:
        return f"No unit may enter a hex that holds another unit ({C}7.no-enter-occupied)"
    if cell not in t.on_map:
        return f"{cell} is not a hex of the map"
    if cell in zoc and at in zoc and cell in t.neighbors[at]:
        return f"A unit may not move from one enemy ZOC hex straight into another ({C}7.no-zoc-to-zoc)"
    if cell in zoc and (left or at in zoc):
        return (f"A unit that moves out of an enemy ZOC may not enter an enemy ZOC again this turn "
                f"({C}7.no-reenter-zoc)")
    unlimited = destinations(t, at, 99, occ, zoc, left)
    if cell in unlimited:
        return (f"Reaching {cell} costs {unlimited[cell]} MP (plains 1, mountain and river 2) but only {mp} remain "
                f"({C}7.seven-mp, {C}7.cost-plains, {C}7.cost-mountain, {C}7.cost-river)")
    return (f"{cell} cannot be reached: a path may not cross occupied hexes ({C}7.no-enter-occupied) nor continue "
            f"after entering an enemy ZOC ({C}7.zoc-stop)")
