"""The Kawanakajima sequence of play as phase objects (shared/rules/kawanakajima.md; clause ids).

Set-up (Uesugi swaps inside groups, Takeda swaps freely, three blind draws onto X1-X3 as chance),
then six turns of an Uesugi player-turn (recovery, command, movement/attack) and a Takeda
player-turn (recovery, command, movement/attack, reinforcement with blind draws), then the score.
A combat interrupts the movement: the attacker's card, the defender's card (chosen one after the
other behind the hot-seat cover, revealed together), then retreats and refills.

The phase is derived from the state (``phase_of``): a chance draw, then pending retreats and
refills, then the cards of a combat, then ``state["phase"]`` (the movement phase is two steps:
choosing the unit to activate and the activation itself). Decisions are actions; everything
forced happens at once in ``settle`` (called after every action): an empty hand is refilled, a
retreat with one possible hex is made, a unit with nothing left to do ends its activation, a phase
with nothing to do is skipped.

Each phase keeps together who acts, the legal actions (in an order that depends only on what the
acting player may know: hexes, not identities), the refusal of anything else with the clause
that forbids it, the effects and the prompt. Refusals and log lines never name a unit the reader
may not identify.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.phases import ChancePhase, Over, Phase, Refusal, phase_table, refuse
from ...engine.state import Event, State, View, event
from . import cards
from . import movement as mv
from .combat import combat_value, loser_removed
from .data import RETREAT_CARD, SIDES, TAKEDA, UESUGI, card_value, sort_cards
from .hooks import card, hour, num, unit_at
from .victory import outcome
from .visibility import anonymous_ids, anonymous_side, identifies, is_anonymous, resolve, token

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

K = "kawanakajima."
C = "kawanakajima."
DONE = Action("done")
END = Action("end")
REFILL = Action("refill")
EXCHANGE = "exchange"
BOTH = sorted(SIDES)


# == helpers: naming units the way the reader may ========================================================
def public(g: "Rules", state: State, uid: str) -> Any:
    """A unit as everyone may name it: its name, or "a face-down Takeda unit"."""
    if identifies(state, g.t, uid, None):
        return unit(uid)
    return msg(K + "name.a-face-down", side=side(g.t.side[uid]))


def named(g: "Rules", state: State, uid: str, reader: Optional[str]) -> Any:
    """A unit with its hex as ``reader`` may name it."""
    return unit_at(g, token(state, g.t, uid, reader), state["units"][uid]["at"])


def own_unit(g: "Rules", state: State, player: str, tok: str, *clauses: str) -> tuple[Optional[str], Optional[Refusal]]:
    """The unit of ``player`` an action token names, or why it names none (never saying more
    than ``player`` may know: an anonymous id is resolved in his own numbering only)."""
    t = g.t
    if is_anonymous(tok):
        owner = anonymous_side(tok, SIDES)
        if owner != player:
            return None, refuse(K + "refuse.not-yours-hidden", *clauses, token=tok, side=side(owner))
        uid = resolve(state, t, tok, player)
        if uid is None:
            return None, refuse(K + "refuse.no-such-token", *clauses, token=tok)
        return uid, None
    general = t.generals.get(tok)
    if general is None:
        return None, refuse(K + "refuse.unknown-unit", *clauses, token=tok)
    known = identifies(state, t, tok, player)
    if general.side != player:  # a unit he may not identify is named only by the id he typed
        who = unit(tok) if known else msg(K + "name.typed", token=tok)
        return None, refuse(K + "refuse.not-yours", *clauses, unit=who, side=side(player))
    if not known:
        return None, refuse(K + "refuse.blind", C + "4.blind-units", token=tok)
    return tok, None


def only(action: Action, form: Action, phase: Phase, g: "Rules") -> Optional[Refusal]:
    """An action with no choices in it (``done``, ``end``) must be exactly that."""
    if action == form:
        return None
    return refuse(K + "refuse.nothing-more", phase.clause, action=form.to_text())


# == set-up ================================================================================================
class SetUp(Phase):
    """4(2): Uesugi swaps units inside a start group, then Takeda swaps his coded units freely over
    the 15 start hexes; each then finishes."""

    name, clause = "setup", C + "4.uesugi-place"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        t = g.t
        units = state["units"]
        out: list[Action] = []
        swaps = g.swaps
        uesugi = state["active"] == UESUGI
        for uid in sorted(t.side_units[UESUGI] if uesugi else t.coded_takeda, key=lambda u: units[u]["at"]):
            at = units[uid]["at"]
            found = swaps.get((uid, at))
            if found is None:  # the same few lists again and again: built once (they are immutable)
                hexes = t.group_hexes[t.group_of[at]] if uesugi else t.takeda_start
                found = swaps[uid, at] = [g.action("swap", uid, h) for h in hexes if h != at]
            out.extend(found)
        return out + [DONE]

    def refuse_swap(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        t = g.t
        player = state["active"]
        clause = C + ("4.uesugi-swap-in-group" if player == UESUGI else "4.takeda-swap-free")
        if len(action.units) != 1 or action.cell is None or action.arg is not None:
            return refuse(K + "refuse.swap-form", clause)
        uid = action.units[0]
        general = t.generals.get(uid)
        # (during set-up a player knows all his own units but the night army: checked in this order
        # because legality asks it at every swap)
        if general is None or general.side != player or uid in t.blind:
            if general is not None and general.side == player:
                return refuse(K + "refuse.swap-night", C + "4.takeda-place-coded")
            found, no = own_unit(g, state, player, uid, clause)
            if found is None:
                return no
            return refuse(K + "refuse.swap-night", C + "4.takeda-place-coded")  # an anonymous id: blind
        at = state["units"][uid]["at"]
        if action.cell == at:
            return refuse(K + "refuse.swap-same", clause, at=cell(at))
        if player == UESUGI:
            if action.cell not in t.group_hexes[t.group_of[at]]:
                return refuse(K + "refuse.swap-group", clause, group=t.group_of[at])
        elif action.cell not in t.takeda_start:
            return refuse(K + "refuse.swap-start", clause, count=len(t.takeda_start))
        return None

    def do_swap(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid, target = action.units[0], action.cell or ""
        units = state["units"]
        here = units[uid]["at"]
        player = state["active"]
        # start hexes hold only their side's units: the other unit of a swap is one of his own
        other = next((u for u in g.t.side_units[player] if units[u]["at"] == target), None)
        units[uid]["at"] = target
        if other is not None:
            units[other]["at"] = here
            return [event(msg(K + "log.swap", unit=unit(uid), at=cell(here), other=unit(other), to=cell(target)),
                          "setup", to=player)]
        return [event(msg(K + "log.swap-empty", unit=unit(uid), at=cell(here), to=cell(target)), "setup", to=player)]

    def refuse_done(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return only(action, DONE, self, g)

    def do_done(self, g: "Rules", state: State, action: Action) -> list[Event]:
        player = state["active"]
        ev = [event(msg(K + "log.placed", side=side(player)), "phase")]
        if player == UESUGI:
            state["active"] = TAKEDA
        else:
            state["draw"] = g.t.x_hexes[0]
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        if view.get("to_move") == UESUGI:
            return msg(K + "prompt.setup-uesugi")
        return msg(K + "prompt.setup-takeda", count=len(g.t.takeda_start))


class BlindDraw(ChancePhase):
    """4(2), 5 B4): a night-army unit drawn unseen from the box onto the X hex in ``draw``; every
    unit in the box is equally likely."""

    name, clause = "blind-draw", C + "4.takeda-x-draw"

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        pool = in_box(g, state)
        return [(g.action("draw", arg=uid), 1.0 / len(pool)) for uid in pool]

    def do_draw(self, g: "Rules", state: State, action: Action) -> list[Event]:
        t = g.t
        uid, x = action.arg or "", state["draw"]
        state["units"][uid]["at"] = x
        ev = [event(msg(K + "log.drawn", x=t.x_name[x], at=cell(x)), "draw")]
        contact_reveal(g, state, uid, ev)  # ruling R9: a unit placed next to an enemy is face up
        if state["phase"] == "setup":
            occ = mv.occupancy(state, t)
            nxt = [h for h in t.x_hexes if h not in occ]
            state["draw"] = nxt[0] if nxt and in_box(g, state) else None
            if state["draw"] is None:
                begin_player_turn(g, state, UESUGI, ev)
        else:
            state["draw"] = None
            if not reinforce_cells(g, state):
                end_turn(g, state, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg(K + "prompt.draw")


# == the command phase =========================================================================================
class Command(Phase):
    """5 A2)/B2): up to six face-down units each turned face up or given a move marker; Takeda on
    turn 1 may only turn face up the units on X1-X3 (ruling R5)."""

    name, clause = "command", C + "5.command-up-to-six"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        player = state["active"]
        surprised = player == TAKEDA and state["turn"] == 1
        out: list[Action] = []
        anon = None
        for uid in command_candidates(g, state, player):
            if anon is None and not identifies(state, g.t, uid, player):
                anon = anonymous_ids(state, g.t, player)
            tok = token(state, g.t, uid, player, anon)
            at = state["units"][uid]["at"]
            out.append(g.action("flip", tok, at))
            if not surprised:
                out.append(g.action("mark", tok, at))
        return out + [DONE]

    def refuse_flip(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return self.refuse_command(g, state, action)

    def refuse_mark(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return self.refuse_command(g, state, action)

    def refuse_command(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        t = g.t
        player = state["active"]
        surprised = player == TAKEDA and state["turn"] == 1
        if len(action.units) != 1 or action.cell is None or action.arg is not None:
            return refuse(K + "refuse.command-form", self.clause)
        if state["commands"] >= t.command_limit:
            return refuse(K + "refuse.command-limit", self.clause, limit=t.command_limit)
        if surprised and action.verb == "mark":
            return refuse(K + "refuse.surprised", C + "5.takeda-t1-command")
        uid, no = own_unit(g, state, player, action.units[0], self.clause)
        if uid is None:
            return no
        u = state["units"][uid]
        if u["at"] not in t.on_map:
            return refuse(K + "refuse.command-off-map", self.clause)
        if u.get("face_up") or u.get("move_marker"):
            return refuse(K + "refuse.command-done", self.clause)
        if surprised and u["at"] not in t.x_name:
            return refuse(K + "refuse.surprised", C + "5.takeda-t1-command")
        if action.cell != u["at"]:
            # the command phase acts on a unit where it stands: say when it moves instead
            return refuse(K + "refuse.command-in-place", self.clause, at=cell(u["at"]), to=cell(action.cell))
        return None

    def do_flip(self, g: "Rules", state: State, action: Action) -> list[Event]:
        player = state["active"]
        uid = actor_unit(g, state, action)
        u = state["units"][uid]
        state["commands"] += 1
        u["face_up"] = True
        u.pop("seen", None)
        ev = [event(msg(K + "log.flip", side=side(player), unit=unit(uid), at=cell(u["at"])), "reveal", unit=uid)]
        return ev + self.after(g, state)

    def do_mark(self, g: "Rules", state: State, action: Action) -> list[Event]:
        player = state["active"]
        uid = actor_unit(g, state, action)
        u = state["units"][uid]
        state["commands"] += 1
        u["move_marker"] = True
        ev = [event(msg(K + "log.mark", side=side(player), at=cell(u["at"])), "command")]
        if identifies(state, g.t, uid, player):
            ev.append(event(msg(K + "log.mark-own", unit=unit(uid)), "command", to=player))
        return ev + self.after(g, state)

    def after(self, g: "Rules", state: State) -> list[Event]:
        ev: list[Event] = []
        if not command_candidates(g, state, state["active"]):
            begin_move(g, state, ev)
        return ev

    def refuse_done(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return only(action, DONE, self, g)

    def do_done(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        begin_move(g, state, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        left = g.t.command_limit - view.get("commands", 0)
        if view.get("to_move") == TAKEDA and view.get("turn") == 1:
            return msg(K + "prompt.command-surprised", count=left)
        return msg(K + "prompt.command", side=side(view.get("to_move")), count=left)


def command_candidates(g: "Rules", state: State, player: str) -> list[str]:
    """The face-down units on the map that may still be commanded this phase, in the order of
    their hexes (5 A2)/B2))."""
    t = g.t
    if state["commands"] >= t.command_limit:
        return []
    units = state["units"]
    surprised = player == TAKEDA and state["turn"] == 1
    found = [uid for uid in t.side_units[player]
             if units[uid]["at"] in t.on_map and not units[uid].get("face_up") and not units[uid].get("move_marker")
             and not (surprised and units[uid]["at"] not in t.x_name)]  # turn 1: only Mt. Saijo's X1-X3
    found.sort(key=lambda uid: units[uid]["at"])
    return found


def actor_unit(g: "Rules", state: State, action: Action) -> str:
    """The unit a legal action of the player to act names (its token resolved)."""
    tok = action.units[0]
    if is_anonymous(tok):
        return resolve(state, g.t, tok, state["active"]) or ""
    return tok


# == the movement/attack phase =============================================================================
class Activate(Phase):
    """5 A3)/B3), 7(1), 7(12): pick a face-up or move-marked unit to move or attack (its first
    move or attack starts its activation), or end the phase."""

    name, clause = "activate", C + "5.move-attack-phase"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        player = state["active"]
        out: list[Action] = []
        occ = mv.occupancy(state, g.t)
        anon = None
        for uid in mv.movers(g, state, player):
            if anon is None and not identifies(state, g.t, uid, player):
                anon = anonymous_ids(state, g.t, player)
            out.extend(mv.unit_actions(g, state, uid, None, token(state, g.t, uid, player, anon), occ))
        return out + [DONE]

    def mover(self, g: "Rules", state: State, action: Action, clause: str) -> tuple[Optional[str], Optional[Refusal]]:
        t = g.t
        if len(action.units) != 1 or action.cell is None or action.arg is not None:
            return None, refuse(K + "refuse.move-form", clause)
        uid, no = own_unit(g, state, state["active"], action.units[0], C + "7.who-may-move")
        if uid is None:
            return None, no
        u = state["units"][uid]
        if uid in state["finished"]:
            return None, refuse(K + "refuse.finished", C + "7.one-unit-at-a-time", C + "7.move-marker-removed",
                                unit=named(g, state, uid, state["active"]))
        if u["at"] not in t.on_map:
            return None, refuse(K + "refuse.mover-off-map", C + "7.who-may-move")
        if not u.get("face_up") and not u.get("move_marker"):
            return None, refuse(K + "refuse.who-may-move", C + "7.who-may-move")
        return uid, None

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        uid, no = self.mover(g, state, action, C + "7.seven-mp")
        if uid is None:
            return no
        return mv.refuse_move(g, state, uid, action.cell or "", g.t.mp, False)

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        uid, no = self.mover(g, state, action, C + "8.target-in-zoc")
        if uid is None:
            return no
        return mv.refuse_attack(g, state, uid, action.cell, g.t.mp, False)

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = actor_unit(g, state, action)
        return move(g, state, new_activation(g, state, uid), action.cell or "")

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = actor_unit(g, state, action)
        return attack(g, state, new_activation(g, state, uid), action.cell or "")

    def refuse_done(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return only(action, DONE, self, g)

    def do_done(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        end_move(g, state, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg(K + "prompt.activate", side=side(view.get("to_move")))


class Activation(Phase):
    """7(2)-(13): the active unit moves (one action per destination), attacks once for 3 MP, and
    ends its activation."""

    name, clause = "activation", C + "7.one-unit-at-a-time"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        act = state["activation"]
        uid = act["unit"]
        return mv.unit_actions(g, state, uid, act, token(state, g.t, uid, state["active"])) + [END]

    def other_unit(self, g: "Rules", state: State, action: Action, form: tuple[str, ...]) -> Optional[Refusal]:
        """The moving unit is named in a move, not in an attack during its move; no other unit."""
        if action.units == form:
            return None
        uid = state["activation"]["unit"]
        who = named(g, state, uid, state["active"])
        if action.units and action.units != (token(state, g.t, uid, state["active"]),):
            return refuse(K + "refuse.one-at-a-time", C + "7.one-unit-at-a-time", unit=who)
        if form:
            return refuse(K + "refuse.name-mover", C + "7.one-unit-at-a-time", unit=who, token=form[0])
        return refuse(K + "refuse.attack-unnamed", C + "8.choose-target", unit=who)

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        act = state["activation"]
        uid = act["unit"]
        no = self.other_unit(g, state, action, (token(state, g.t, uid, state["active"]),))
        if no is not None:
            return no
        if action.cell is None or action.arg is not None:
            return refuse(K + "refuse.move-form", C + "7.seven-mp")
        if act["stopped"]:
            return refuse(K + "refuse.zoc-stop", C + "7.zoc-stop", unit=named(g, state, uid, state["active"]))
        return mv.refuse_move(g, state, uid, action.cell, act["mp"], act["left_zoc"])

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        act = state["activation"]
        no = self.other_unit(g, state, action, ())
        if no is not None:
            return no
        if action.cell is None or action.arg is not None:
            return refuse(K + "refuse.attack-form", C + "8.target-in-zoc")
        return mv.refuse_attack(g, state, act["unit"], action.cell, act["mp"], act["attacked"])

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return move(g, state, state["activation"], action.cell or "")

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        return attack(g, state, state["activation"], action.cell or "")

    def refuse_end(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return only(action, END, self, g)

    def do_end(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        finish_activation(g, state, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        act = view.get("activation") or {}
        key = act.get("unit")
        who = unit_at(g, key, ((view.get("units") or {}).get(key) or {}).get("at"))
        return msg(K + ("prompt.activation-attacked" if act.get("attacked") else "prompt.activation"),
                   side=side(view.get("to_move")), unit=who, mp=act.get("mp"))


def new_activation(g: "Rules", state: State, uid: str) -> dict[str, Any]:
    act = {"unit": uid, "mp": g.t.mp, "attacked": False, "stopped": False, "left_zoc": False}
    state["activation"] = act
    return act


def move(g: "Rules", state: State, act: dict[str, Any], there: str) -> list[Event]:
    """7(3)-(9): pay the cheapest path; leaving a ZOC is remembered; entering one stops the unit
    and turns it and the enemy units next to it face up (7(5), 7(6))."""
    t = g.t
    uid = act["unit"]
    player = t.side[uid]
    u = state["units"][uid]
    here = u["at"]
    zoc = mv.enemy_zoc(state, t, player)
    cost = mv.reach(g, state, uid, act["mp"], act["left_zoc"])[there]
    who = public(g, state, uid)
    if here in zoc:
        act["left_zoc"] = True
    act["mp"] -= cost
    u["at"] = there
    ev = [event(msg(K + "log.moves", unit=who, at=cell(here), to=cell(there), cost=cost, mp=act["mp"]), "move")]
    if not u.get("face_up") and identifies(state, t, uid, player):
        ev.append(event(msg(K + "log.that-is", unit=unit(uid)), "move", to=player))
    if there in zoc:
        act["stopped"] = True  # 7(5): entering an enemy ZOC ends the move
        contact_reveal(g, state, uid, ev)
    return ev


def contact_reveal(g: "Rules", state: State, uid: str, ev: list[Event]) -> None:
    """Units next to an enemy are always face up (7(6)): turn the unit and its neighbours up."""
    touched = [uid] + mv.adjacent_enemies(state, g.t, uid)
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
        units = state["units"]
        names = [msg(K + "name.unit-at", unit=unit(f), at=cell(units[f]["at"])) for f in flipped]
        ev.append(event(msg(K + "log.contact", at=cell(units[uid]["at"]), units=names), "reveal", units=flipped))


def attack(g: "Rules", state: State, act: dict[str, Any], target_cell: str) -> list[Event]:
    """8 Attacks: 3 MP, once per turn; the combat starts at once (8 Attacks: resolve-immediately)."""
    t = g.t
    uid = act["unit"]
    act["mp"] -= t.attack_cost
    act["attacked"] = True
    target = mv.occupancy(state, t)[target_cell]
    here = state["units"][uid]["at"]
    state["combat"] = {"attacker": uid, "defender": target, "from": here, "round": 1, "tie": False,
                       "picks": {s: None for s in BOTH}, "result": None}
    return [event(msg(K + "log.attacks", unit=unit(uid), at=cell(here), target=unit(target), to=cell(target_cell),
                      cost=t.attack_cost, mp=act["mp"]), "combat")]


def finish_activation(g: "Rules", state: State, ev: list[Event]) -> None:
    """The unit is done for this phase: its move marker goes (7(4)); a unit that left an enemy
    ZOC is turned face down with a retreat marker (7(10))."""
    act = state["activation"]
    uid = act["unit"]
    u = state["units"][uid]
    u.pop("move_marker", None)
    if act["left_zoc"] and u["at"] in g.t.on_map:
        u.pop("face_up", None)
        u["seen"] = True
        u["retreat_marker"] = True
        ev.append(event(msg(K + "log.disengaged", unit=unit(uid), at=cell(u["at"])), "move"))
    state["finished"].append(uid)
    state["activation"] = None


# == combat: the cards ======================================================================================
class Cards(Phase):
    """8 Resolution (1): each player secretly chooses a card, the attacker first; both are revealed
    together. 8 Other (4), (6): a hand of only Retreat cards may first take back the discards
    (Takeda from turn 4 with the exchange)."""

    clause = C + "8.cards-simultaneous"
    attacker = True

    def player(self, g: "Rules", state: State) -> str:
        attacker_side = g.side_of_token(state["combat"]["attacker"]) or UESUGI
        return attacker_side if self.attacker else g.other_side(attacker_side)

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        player = self.player(g, state)
        hand = state["hands"][player]
        out = [g.action("play", arg=c) for c in sort_cards(list(set(hand)))]
        if cards.may_refill(state, player):
            out.append(REFILL)
            if cards.may_exchange(state, g.t, player):
                out.append(g.action("refill", arg=EXCHANGE))
        return out

    def refuse_play(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action.units or action.cell is not None or action.arg is None:
            return refuse(K + "refuse.play-form", self.clause)
        if action.arg not in state["hands"][self.player(g, state)]:
            return refuse(K + "refuse.no-card", self.clause, card=action.arg)
        return None

    def do_play(self, g: "Rules", state: State, action: Action) -> list[Event]:
        player = self.player(g, state)
        pick = action.arg or ""
        cards.play(state, player, pick)
        ev = [event(msg(K + "log.chosen", side=side(player)), "card"),
              event(msg(K + "log.you-chose", card=card(pick)), "card", to=player)]
        if all(state["combat"]["picks"][s] is not None for s in SIDES):
            resolve_cards(g, state, ev)
        return ev

    def refuse_refill(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        player = self.player(g, state)
        no = refill_form(action)
        if no is not None:
            return no
        if not cards.may_refill(state, player):
            return refuse(K + "refuse.refill-when", C + "8.refill")
        return refuse_exchange(g, state, player, action)

    def do_refill(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        refill(g, state, self.player(g, state), action.arg == EXCHANGE, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        combat = view.get("combat") or {}
        units = view.get("units") or {}
        a, d = combat.get("attacker"), combat.get("defender")
        return msg(K + ("prompt.tie-card" if combat.get("tie") else "prompt.card"), side=side(view.get("to_move")),
                   attacker=unit_at(g, a, (units.get(a) or {}).get("at")),
                   defender=unit_at(g, d, (units.get(d) or {}).get("at")))


class AttackerCard(Cards):
    name, attacker = "attacker-card", True


class DefenderCard(Cards):
    name, attacker = "defender-card", False


def refill_form(action: Action) -> Optional[Refusal]:
    if action.units or action.cell is not None or action.arg not in (None, EXCHANGE):
        return refuse(K + "refuse.refill-form", C + "8.refill")
    return None


def refuse_exchange(g: "Rules", state: State, player: str, action: Action) -> Optional[Refusal]:
    """8 Other (6): only Takeda, from turn 4, once and for good."""
    t = g.t
    if action.arg != EXCHANGE or cards.may_exchange(state, t, player):
        return None
    if player != t.exchange_side:
        return refuse(K + "refuse.exchange-who", C + "8.takeda-exchange-when", side=side(t.exchange_side))
    if state["exchanged"]:
        return refuse(K + "refuse.exchange-again", C + "8.takeda-exchange-permanent")
    if state["turn"] < t.exchange_from:
        return refuse(K + "refuse.exchange-turn", C + "8.takeda-exchange-when", turn=t.exchange_from)
    return refuse(K + "refuse.exchange-cards", C + "8.takeda-exchange-when")


def resolve_cards(g: "Rules", state: State, ev: list[Event]) -> None:
    """Both cards are revealed together (8 Resolution (1)) and the round is decided."""
    t = g.t
    combat = state["combat"]
    a, d = combat["attacker"], combat["defender"]
    sa, sd = t.side_of(a), t.side_of(d)
    ca, cd = combat["picks"][sa], combat["picks"][sd]
    for s, c in ((sa, ca), (sd, cd)):
        cards.discard(state, s, c)
        combat["picks"][s] = None
    tie_round = combat["tie"]
    ev.append(event(msg(K + ("log.revealed-tie" if tie_round else "log.revealed"), attacker_side=side(sa),
                        attacker_card=card(ca), defender_side=side(sd), defender_card=card(cd)), "reveal",
                    cards={sa: ca, sd: cd}))
    if RETREAT_CARD in (ca, cd):  # 8 Resolution (2)
        combat["result"] = "retreat"
        if cd == RETREAT_CARD:  # ruling R3: the defender retreats first when both do
            state["pending"].append({"kind": "retreat", "unit": d})
        if ca == RETREAT_CARD:
            state["pending"].append({"kind": "retreat", "unit": a})
    else:
        if tie_round:  # 8 Resolution (4), ruling R2
            va, vd = card_value(ca), card_value(cd)
            ev.append(event(msg(K + "log.tie-break", attacker=num(va), defender=num(vd)), "combat"))
        else:  # 8 Resolution (3)
            base_a, base_d = combat_value(t, state, a, False), combat_value(t, state, d, True)
            va, vd = base_a + card_value(ca), base_d + card_value(cd)
            ev.append(event(msg(K + "log.totals", attacker=unit(a), attacker_value=num(base_a), attacker_card=ca,
                                attacker_total=num(va), defender=unit(d), defender_value=num(base_d),
                                defender_card=cd, defender_total=num(vd)), "combat"))
        if va == vd:
            combat["result"] = "tie"
            combat["tie"] = True
            ev.append(event(msg(K + "log.tie"), "combat"))
        else:
            winner, loser = (a, d) if va > vd else (d, a)
            margin = abs(va - vd)
            combat["result"] = "attacker" if winner == a else "defender"
            marked = bool(state["units"][loser].get("retreat_marker"))
            ev.append(event(msg(K + "log.wins", unit=unit(winner), margin=num(margin)), "combat"))
            if loser_removed(margin, marked):
                why = msg(K + "log.why-marker") if marked and margin <= 1 else \
                    msg(K + "log.why-margin", margin=num(margin))
                remove(g, state, loser, why, ev)
                if state["phase"] == "over":
                    return
            else:
                state["pending"].append({"kind": "retreat", "unit": loser})
    for s in (sa, sd):
        if not state["hands"][s]:
            state["pending"].append({"kind": "refill", "side": s})


# == combat: retreats and refills =======================================================================
class Retreat(Phase):
    """8 Resolution (2): the retreating unit's owner chooses one adjacent hex, empty and outside
    every enemy ZOC (a single possible hex is taken at once, none removes the unit)."""

    name, clause = "retreat", C + "8.retreat-procedure"

    def player(self, g: "Rules", state: State) -> str:
        return g.side_of_token(state["pending"][0]["unit"]) or UESUGI

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        uid = state["pending"][0]["unit"]
        tok = token(state, g.t, uid, g.t.side[uid])
        return [g.action("retreat", tok, h) for h in mv.retreat_hexes(state, g.t, uid)]

    def refuse_retreat(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        t = g.t
        uid = state["pending"][0]["unit"]
        player = t.side[uid]
        tok = token(state, t, uid, player)
        if action.units != (tok,) or action.cell is None or action.arg is not None:
            return refuse(K + "refuse.retreat-who", self.clause, unit=named(g, state, uid, player), token=tok)
        options = mv.retreat_hexes(state, t, uid)
        if action.cell in options:
            return None
        if action.cell not in t.neighbors.get(state["units"][uid]["at"], ()):
            return refuse(K + "refuse.retreat-one", self.clause)
        return refuse(K + "refuse.retreat-where", C + "8.retreat-restrictions", options=[cell(h) for h in options])

    def do_retreat(self, g: "Rules", state: State, action: Action) -> list[Event]:
        item = state["pending"].pop(0)
        ev: list[Event] = []
        retreat(g, state, item["unit"], action.cell or "", ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        key = view["pending"][0].get("unit")
        return msg(K + "prompt.retreat", side=side(view.get("to_move")),
                   unit=unit_at(g, key, ((view.get("units") or {}).get(key) or {}).get("at")))


class Refill(Phase):
    """8 Other (4), (6): an emptied hand takes the discards back at once; Takeda, from turn 4,
    chooses whether to exchange a Retreat card for the spare 5 (ruling R4)."""

    name, clause = "refill", C + "8.refill"

    def player(self, g: "Rules", state: State) -> str:
        return state["pending"][0]["side"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        out = [REFILL]
        if cards.may_exchange(state, g.t, self.player(g, state)):
            out.append(g.action("refill", arg=EXCHANGE))
        return out

    def refuse_refill(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return refill_form(action) or refuse_exchange(g, state, self.player(g, state), action)

    def do_refill(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        refill(g, state, self.player(g, state), action.arg == EXCHANGE, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg(K + "prompt.refill", side=side(view.get("to_move")))


def retreat(g: "Rules", state: State, uid: str, hex_: str, ev: list[Event]) -> None:
    """Face down, a retreat marker and exactly one hex (8 Resolution (2)); a commanding general's
    retreat costs his side's other units 1 each, for the rest of the game (8 Other (8))."""
    t = g.t
    u = state["units"][uid]
    here = u["at"]
    u.pop("face_up", None)
    u.update(at=hex_, seen=True, retreat_marker=True)
    ev.append(event(msg(K + "log.retreats", unit=unit(uid), at=cell(here), to=cell(hex_)), "retreat"))
    general = t.generals[uid]
    if general.commander:
        state["commander_retreats"][general.side] += 1
        n = state["commander_retreats"][general.side]
        ev.append(event(msg(K + "log.commander-retreated", unit=unit(uid), side=side(general.side),
                            penalty=num(n * t.commander_penalty)), "combat"))


def remove(g: "Rules", state: State, uid: str, why: Msg, ev: list[Event]) -> None:
    u = state["units"][uid]
    ev.append(event(msg(K + "log.removed", unit=unit(uid), at=cell(u["at"]), why=why), "removed"))
    u.clear()
    u.update(at=None, face_up=True)
    if g.t.generals[uid].commander:
        game_over(g, state, ev)  # 9 1): sudden death


def refill(g: "Rules", state: State, player: str, exchange: bool, ev: list[Event]) -> None:
    if state["pending"] and state["pending"][0].get("side") == player:
        state["pending"].pop(0)
    n = len(state["discards"][player])
    cards.refill(state, g.t, player, exchange)
    ev.append(event(msg(K + "log.refill", side=side(player), count=n), "card"))
    if exchange:
        ev.append(event(msg(K + "log.exchange"), "card"))


def close_combat(g: "Rules", state: State, ev: list[Event]) -> None:
    combat = state["combat"]
    state["combat"] = None
    act = state["activation"]
    if act is None or act["unit"] != combat["attacker"]:
        return
    if state["units"][combat["attacker"]]["at"] != combat["from"]:
        finish_activation(g, state, ev)  # the attacker retreated or was removed
    else:
        act["stopped"] = False  # 7(13): it may move on, but not attack again


# == reinforcement ==========================================================================================
class Reinforce(Phase):
    """5 B4): Takeda calls night-army units down onto empty X hexes, one at a time (each drawn
    unseen: a chance step, ruling R6), or stops."""

    name, clause = "reinforce", C + "5.takeda-reinforce"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [g.action("reinforce", None, x) for x in reinforce_cells(g, state)] + [DONE]

    def refuse_reinforce(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        t = g.t
        if action.units or action.arg is not None or action.cell not in t.x_name:
            return refuse(K + "refuse.reinforce-where", self.clause)
        if not in_box(g, state):
            return refuse(K + "refuse.box-empty", self.clause)
        if action.cell in mv.occupancy(state, t):
            return refuse(K + "refuse.x-occupied", C + "5.reinforce-hex-empty")
        return None

    def do_reinforce(self, g: "Rules", state: State, action: Action) -> list[Event]:
        x = action.cell or ""
        state["draw"] = x
        return [event(msg(K + "log.reinforce", x=g.t.x_name[x], at=cell(x)), "reinforce")]

    def refuse_done(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return only(action, DONE, self, g)

    def do_done(self, g: "Rules", state: State, action: Action) -> list[Event]:
        ev: list[Event] = []
        end_turn(g, state, ev)
        return ev

    def prompt(self, g: "Rules", view: View) -> Msg:
        return msg(K + "prompt.reinforce")


def in_box(g: "Rules", state: State) -> list[str]:
    box = g.t.night_box
    return [uid for uid in g.t.night_army if state["units"][uid]["at"] == box]


def reinforce_cells(g: "Rules", state: State) -> list[str]:
    if not in_box(g, state):
        return []
    occ = mv.occupancy(state, g.t)
    return [x for x in g.t.x_hexes if x not in occ]


class GameOver(Over):
    label_key = K + "phase.over"

    def prompt(self, g: "Rules", view: View) -> Msg:
        reason = (view.get("outcome") or {}).get("reason")
        return msg(K + "prompt.over", reason=reason if reason is not None else "")


PHASES = phase_table(SetUp(), BlindDraw(), Command(), Activate(), Activation(), AttackerCard(), DefenderCard(),
                     Retreat(), Refill(), Reinforce(), GameOver())


# == the turn sequence ==========================================================================================
def begin_player_turn(g: "Rules", state: State, player: str, ev: list[Event]) -> None:
    """5 A1)/B1) recovery, then the command phase (none for Uesugi on turn 6, 5 A2))."""
    t = g.t
    state.update(active=player, phase="command", commands=0, finished=[], activation=None)
    ev.append(event(msg(K + "log.turn", turn=state["turn"], hours=hour(t, state["turn"]), side=side(player)),
                    "phase"))
    cleared = 0
    for uid in t.side_units[player]:
        if state["units"][uid].pop("retreat_marker", False):
            cleared += 1
    if cleared:
        ev.append(event(msg(K + "log.recovery", side=side(player), count=cleared), "phase"))
    if player == UESUGI and state["turn"] == t.turns:
        ev.append(event(msg(K + "log.no-command"), "phase"))
        begin_move(g, state, ev)
    elif not command_candidates(g, state, player):
        begin_move(g, state, ev)


def begin_move(g: "Rules", state: State, ev: list[Event]) -> None:
    state.update(phase="move", finished=[], activation=None)
    player = state["active"]
    if not any(mv.has_unit_actions(g, state, uid, None) for uid in mv.movers(g, state, player)):
        ev.append(event(msg(K + "log.nothing-moves", side=side(player)), "phase"))
        end_move(g, state, ev)


def end_move(g: "Rules", state: State, ev: list[Event]) -> None:
    player = state["active"]
    for uid in g.t.side_units[player]:
        state["units"][uid].pop("move_marker", None)
    state["activation"] = None
    state["finished"] = []
    if player == UESUGI:
        begin_player_turn(g, state, TAKEDA, ev)
    else:
        state["phase"] = "reinforce"
        if not reinforce_cells(g, state):
            end_turn(g, state, ev)


def end_turn(g: "Rules", state: State, ev: list[Event]) -> None:
    """5 B5): the turn marker moves on; after turn 6 the game ends (9)."""
    if state["turn"] >= g.t.turns:
        game_over(g, state, ev)
        return
    state["turn"] += 1
    begin_player_turn(g, state, UESUGI, ev)


def game_over(g: "Rules", state: State, ev: list[Event]) -> None:
    state.update(phase="over", activation=None, combat=None, pending=[], draw=None, finished=[], commands=0)
    for u in state["units"].values():
        u.pop("move_marker", None)
    result = outcome(state, g.t)
    ev.append(event(msg(K + "log.game-over", reason=result["reason"]), "end"))


def settle(g: "Rules", state: State, ev: list[Event]) -> None:
    """Carry out everything that needs no decision, until a player (or chance) must act."""
    t = g.t
    while state["phase"] != "over" and state["draw"] is None:
        pending = state["pending"]
        if pending:
            item = pending[0]
            if item["kind"] == "retreat":
                options = mv.retreat_hexes(state, t, item["unit"])
                if len(options) > 1:
                    return
                pending.pop(0)
                if options:
                    retreat(g, state, item["unit"], options[0], ev)
                else:
                    remove(g, state, item["unit"], msg(K + "log.why-blocked"), ev)
                continue
            if cards.may_exchange(state, t, item["side"]):
                return  # Takeda chooses whether to exchange
            refill(g, state, item["side"], False, ev)
            continue
        combat = state["combat"]
        if combat is not None:
            if combat["result"] is None:
                return
            if combat["result"] == "tie":
                combat["result"] = None
                combat["round"] += 1
                return
            close_combat(g, state, ev)
            continue
        act = state["activation"]
        if state["phase"] == "move" and act is not None and not mv.has_unit_actions(g, state, act["unit"], act):
            finish_activation(g, state, ev)
            continue
        return


# == refusals of actions that come at the wrong time ==========================================================
WHEN: dict[str, tuple[str, tuple[str, ...]]] = {
    "swap": ("refuse.swap-when", (C + "4.uesugi-swap-in-group", C + "4.takeda-swap-free")),
    "draw": ("refuse.draw-when", (C + "4.takeda-x-draw",)),
    "flip": ("refuse.command-when", (C + "5.command-up-to-six",)),
    "mark": ("refuse.command-when", (C + "5.command-up-to-six",)),
    "move": ("refuse.move-when", (C + "5.move-attack-phase",)),
    "attack": ("refuse.move-when", (C + "5.move-attack-phase",)),
    "end": ("refuse.end-when", (C + "7.one-unit-at-a-time",)),
    "play": ("refuse.play-when", (C + "8.cards-simultaneous",)),
    "refill": ("refuse.refill-when", (C + "8.refill",)),
    "retreat": ("refuse.retreat-when", (C + "8.retreat-procedure",)),
    "reinforce": ("refuse.reinforce-when", (C + "5.takeda-reinforce",)),
    "done": ("refuse.done-when", (C + "5.move-attack-phase",)),
}


def wrong_time(g: "Rules", state: State, phase: Phase, action: Action) -> Optional[Refusal]:
    """Why an action of another phase does not come now, citing the clause that orders them."""
    name, verb = phase.name, action.verb
    if name == "blind-draw":
        return refuse(K + "refuse.drawing", C + "4.takeda-x-draw", C + "5.takeda-reinforce")
    if name == "retreat":
        uid = state["pending"][0]["unit"]
        return refuse(K + "refuse.retreat-first", phase.clause, side=side(g.t.side[uid]),
                      unit=named(g, state, uid, g.t.side[uid]))
    if name == "refill":
        return refuse(K + "refuse.refill-first", phase.clause, side=side(state["pending"][0]["side"]))
    if name in ("attacker-card", "defender-card"):
        return refuse(K + "refuse.cards-first", C + "8.cards-simultaneous", C + "8.resolve-immediately")
    if name == "activation" and verb == "done":
        uid = state["activation"]["unit"]
        return refuse(K + "refuse.finish-first", C + "7.one-unit-at-a-time",
                      unit=named(g, state, uid, state["active"]))
    if verb in ("flip", "mark") and state["active"] == UESUGI and state["turn"] == g.t.turns \
            and state["phase"] == "move":
        return refuse(K + "refuse.no-command-t6", C + "5.uesugi-t6-skip-command")
    found = WHEN.get(verb)
    if found is None:
        return None
    key, clauses = found
    return refuse(K + key, *clauses, limit=g.t.command_limit)
