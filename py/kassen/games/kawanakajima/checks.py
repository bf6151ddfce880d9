"""Semantic checks of states and views from links and saves: impossible positions, in words.

Both run on data that already passed the strict schema (schema.py), so types are right; these
checks find what types cannot: two units on a hex, a face-down unit next to an enemy, cards that do
not make up the deck, a second exchange, a move marker in the wrong phase, ...
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.state import State, View
from . import cards
from .victory import fallen_commander
from .data import OTHER, SIDES, TAKEDA, UESUGI
from .visibility import HIDDEN, identifies, is_anonymous, side_of_token

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules



def _side(rules: "Rules", key: str) -> Optional[str]:
    return side_of_token(rules.t, key)


def _common(rules: "Rules", data: dict[str, Any]) -> list[str]:
    """Checks that hold for states and views alike (units may be keyed by anonymous ids)."""
    t = rules.t
    errors: list[str] = []
    units = data["units"]
    phase, active, turn = data["phase"], data["active"], data["turn"]
    counts = {s: 0 for s in SIDES}
    where: dict[str, tuple[str, str]] = {}
    for key, u in units.items():
        side = _side(rules, key)
        if side is None:
            errors.append(f"unknown unit {key!r}")
            continue
        counts[side] += 1
        at = u["at"]
        if u.get("face_up") and u.get("seen"):
            errors.append(f"{key}: 'seen' is kept only for face-down units")
        if at is None:
            if not u.get("face_up") or len(u) != 2:
                errors.append(f"removed unit {key} must be face up without markers")
            continue
        if at == t.night_box:
            if side != TAKEDA or len(u) != (2 if is_anonymous(key) else 1):
                errors.append(f"{key} cannot be in the night-attack box: it holds face-down, unseen Takeda night-army "
                              f"units")
            continue
        if at in where:
            errors.append(f"{key} and {where[at][0]} are both on {at}: one unit per hex (4(2))")
            continue
        where[at] = (key, side)
        if u.get("move_marker") and not (phase in ("command", "move") and side == active):
            errors.append(f"{key} has a move marker outside its side's command and movement phases")
        if u.get("move_marker") and side == TAKEDA and turn == 1:
            errors.append("Takeda cannot place move markers on turn 1 (5 B2))")
    if counts[UESUGI] != len(t.side_units[UESUGI]) or counts[TAKEDA] != len(t.side_units[TAKEDA]):
        errors.append(f"wrong number of units: {counts[UESUGI]} Uesugi and {counts[TAKEDA]} Takeda")
    for at, (key, side) in where.items():
        if units[key].get("face_up"):
            continue
        for n in t.neighbors[at]:
            other = where.get(n)
            if other is not None and other[1] != side:
                errors.append(f"{key} at {at} is next to an enemy but face down (7(6))")
                break
    # phase and sequence
    if data["draw"] is not None:
        if phase not in ("setup", "reinforce") or active != TAKEDA:
            errors.append("a night-army draw happens only in set-up or the Takeda reinforcement phase")
        elif data["draw"] in where:
            errors.append(f"the draw goes to {data['draw']}, which is occupied")
        elif not any(u["at"] == t.night_box for u in units.values()):
            errors.append("a draw from an empty night box")
    if phase != "move" and (data["activation"] is not None or data["combat"] is not None or data["finished"]):
        errors.append(f"no unit moves or fights in the {phase} phase")
    if phase in ("reinforce",) and active != TAKEDA:
        errors.append("only Takeda has a reinforcement phase")
    if phase == "command" and active == UESUGI and turn == t.turns:
        errors.append("Uesugi has no command phase on turn 6 (5 A2))")
    if phase == "setup":
        if turn != 1 or any(len(u) != (2 if is_anonymous(k) else 1) for k, u in units.items()):
            errors.append("during set-up every unit is face down on the map or in the night box")
    fallen = fallen_commander(data, t)
    if fallen is not None and phase != "over":
        errors.append("a commanding general has been removed, so the game is over (9 1))")
    if phase == "over":
        if fallen is None and turn != t.turns:
            errors.append("the game ends after turn 6 unless a commanding general is removed (9)")
        if data["pending"] or data["draw"] is not None:
            errors.append("nothing is pending in a finished game")
    act = data["activation"]
    if act is not None:
        if act["unit"] not in units or _side(rules, act["unit"]) != active:
            errors.append("the moving unit must be a unit of the side whose turn it is")
        elif units[act["unit"]]["at"] not in t.on_map and data["combat"] is None:
            errors.append("the moving unit is not on the map")
    for key in data["finished"]:
        if key not in units or _side(rules, key) != active:
            errors.append(f"finished unit {key} is not a unit of the side whose turn it is")
    combat = data["combat"]
    if combat is not None:
        a, d = combat["attacker"], combat["defender"]
        if act is None or act["unit"] != a or not act["attacked"]:
            errors.append("a combat needs the moving unit as attacker")
        elif a not in units or d not in units or _side(rules, a) == _side(rules, d):
            errors.append("attacker and defender must be units of opposite sides")
        elif combat["result"] is None:
            ua, ud = units[a], units[d]
            if ua["at"] not in t.on_map or ud["at"] not in t.on_map or ud["at"] not in t.neighbors[ua["at"]]:
                errors.append("attacker and defender must be adjacent while cards are chosen (8)")
            if all(combat["picks"][s] is not None for s in SIDES):
                errors.append("both cards are chosen: the combat would have been resolved")
            side_a = _side(rules, a)
            if combat["picks"][OTHER[side_a or UESUGI]] is not None and combat["picks"][side_a or UESUGI] is None:
                errors.append("the attacker chooses his card first")
            if data["pending"]:
                errors.append("nothing is pending while cards are being chosen")
        if combat["result"] is not None and not data["pending"]:
            errors.append("a decided combat with nothing pending would have been closed")
    elif data["pending"]:
        errors.append("retreats and refills are pending only during a combat")
    for item in data["pending"]:
        if item["kind"] == "retreat":
            key = item["unit"]
            if key not in units or units[key]["at"] not in t.on_map:
                errors.append("a retreating unit must be on the map")
        elif data["hands"][item["side"]]:
            errors.append("a compulsory refill is pending only for an empty hand")
    return errors


def validate(rules: "Rules", state: State, errors: list[str]) -> list[str]:
    """The engine's checks first (ids, cells); the game's only on a state that passed them."""
    return errors if errors else check_state(rules, state)


def check_state(rules: "Rules", state: State) -> list[str]:
    """Everything ``_common`` checks, plus what only the full state shows."""
    t = rules.t
    errors = _common(rules, state)
    for uid, u in state["units"].items():
        g = t.generals[uid]
        if u["at"] == t.night_box and not g.night_army:
            errors.append(f"{uid} cannot be in the night box (only uncoded Takeda units)")
        if state["phase"] == "setup" and u["at"] is not None:
            if g.side == UESUGI and t.group_of.get(u["at"]) != t.group_of[g.start]:
                errors.append(f"{uid} must stay in start group {t.group_of[g.start]} during set-up (4(2))")
            if g.side == TAKEDA and not g.night_army and u["at"] not in t.takeda_start:
                errors.append(f"{uid} must be on a Takeda start hex during set-up (4(2))")
            if g.night_army and u["at"] not in t.x_name and u["at"] != t.night_box:
                errors.append(f"{uid} is in the night box or on X1-X3 during set-up (4(2))")
    errors.extend(cards.card_problems(state, t))
    return errors


def _anon_order(u: dict[str, Any]) -> tuple[str, bool, bool]:
    return (u["at"], bool(u.get("move_marker")), bool(u.get("retreat_marker")))


def check_view(rules: "Rules", view: View) -> list[str]:
    """Checks of a view: structure as a state, anonymous units consistent with the viewer."""
    t = rules.t
    errors = []
    if view.get("game") != rules.game or view.get("scenario") != rules.scenario.id:
        errors.append("the view is for another game or scenario")
        return errors
    errors.extend(_common(rules, view))
    viewer = view.get("viewer")
    units = view["units"]
    if view["phase"] == "over":  # everything is revealed at the end
        if any(is_anonymous(k) for k in units) or any(HIDDEN in view["hands"][s] for s in SIDES):
            errors.append("a finished game hides nothing")
        return errors + cards.card_problems(view, t, hidden=HIDDEN)
    numbers: dict[str, list[int]] = {s: [] for s in SIDES}
    for key, u in units.items():
        if is_anonymous(key):
            side = side_of_token(rules.t, key)
            if side is None or u.get("side") != side:
                errors.append(f"anonymous unit {key} has the wrong side")
            else:
                numbers[side].append(int(key.rsplit("-", 1)[1]))
        elif key in t.generals:
            if not identifies({"units": {key: u}}, t, key, viewer):
                errors.append(f"{key} is face down and unknown to this viewer, so it must be anonymous")
    for side, nums in numbers.items():
        if sorted(nums) != list(range(1, len(nums) + 1)):
            errors.append(f"anonymous {side} units must be numbered 1..{len(nums)}")
        else:
            # numbered by cell, as visibility.anonymous_ids numbers them: any other order would
            # tie a number to a unit (the k-th counter is the k-th general)
            by_number = {int(k.rsplit("-", 1)[1]): u for k, u in units.items()
                         if is_anonymous(k) and side_of_token(t, k) == side}
            keys = [_anon_order(by_number[n]) for n in sorted(by_number)]
            if keys != sorted(keys):
                errors.append(f"anonymous {side} units must be numbered in the order of their cells")
    for side in SIDES:
        hand = view["hands"][side]
        if side != viewer and any(c != HIDDEN for c in hand):
            errors.append(f"{side}'s hand is private")
        if side == viewer and HIDDEN in hand:
            errors.append("the viewer sees his own hand")
    errors.extend(cards.card_problems(view, t, hidden=HIDDEN))
    return errors
