"""Why an action is illegal, in words, citing the rule clause (used in apply's error message)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ...engine.actions import Action
from ...engine.state import CHANCE, TERMINAL, State
from . import movement
from .data import POOL
from .movement import enemy_in, enemy_next_to, occupancy, reachable, room

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def explain(rules: "Rules", state: State, action: Action) -> Optional[str]:
    data = rules.data
    player = rules.current_player(state)
    if player == TERMINAL:
        return "The game is over (ikedaya.seq.game-end)."
    if player == CHANCE:
        return f"A die decides now: roll =1 to ={data.die}."
    unknown = [u for u in action.units if u not in data.counters]
    if unknown:
        return f"There is no counter {unknown[0]!r} (ikedaya.counters.roster)."
    if action.cell is not None and action.cell not in rules.board.cells:
        return f"There is no square {action.cell!r} on this map."
    if state["phase"] == "setup":
        return _explain_setup(rules, state, action)
    step = state["step"]
    if step is not None:
        return _explain_step(rules, state, action, step)
    side = state["active"]
    verb = action.verb
    if verb in ("lose", "retreat", "hold", "place", "roll"):
        return f"'{verb}' is not possible now: the {rules.side_name(side)} player chooses a counter or stack to " \
               f"act with, or passes (ikedaya.seq.alternate-actions)."
    if not action.units:
        return "Name the counters that act (ikedaya.seq.alternate-actions)."
    mine = [u for u in action.units if data.counters[u].side == side]
    if len(mine) != len(action.units):
        return f"It is the {rules.side_name(side)} player's action; those counters are not his " \
               f"(ikedaya.seq.alternate-actions)."
    units = state["units"]
    spots = {units[u]["at"] for u in action.units}
    if len(spots) != 1:
        return "A stack is counters in one square: one action moves one counter or one stack " \
               "(ikedaya.seq.alternate-actions)."
    at = spots.pop()
    if at not in data.square_set and at != POOL:
        return "That counter is not on the map."
    spent = [u for u in action.units if units[u]["spent"]]
    if spent:
        return f"{data.counters[spent[0]].name} has already acted this turn (ikedaya.seq.mark-acted)."
    if len(action.units) > data.stack_limit:
        return f"A stack is at most {data.stack_limit} counters (ikedaya.stack.max-three)."
    if len(set(action.units)) != len(action.units) or list(action.units) != data.sort_units(action.units):
        return "List each counter once, in counter-list order."
    occ = occupancy(data, units)
    tb = [u for u in action.units if data.counters[u].tuberculosis]
    if verb in ("move", "attack") and tb:
        return f"{data.counters[tb[0]].name} rolls for tuberculosis before he does anything: activate the stack " \
               f"first (ikedaya.okita.roll-on-activation)."
    if verb == "activate" and not tb:
        return "Only a stack with Okita is activated before it acts; move or attack directly."
    if verb == "move":
        return _explain_move(rules, state, occ, list(action.units), at, action.cell or "")
    if verb == "attack":
        return _explain_attack(rules, occ, side, at, action.cell or "")
    if verb == "jump":
        return _explain_jump(rules, state, occ, list(action.units), at, action.cell)
    return None


def _explain_setup(rules: "Rules", state: State, action: Action) -> Optional[str]:
    data = rules.data
    side = state["active"]
    if action.verb != "place":
        return "First the counters are set up: Ronin first, then the Shinsengumi (ikedaya.setup.ronin-first)."
    others = [u for u in action.units if data.counters[u].side != side]
    if others:
        return f"The Ronin player places all his counters before the Shinsengumi player places any " \
               f"(ikedaya.setup.ronin-first); now the {rules.side_name(side)} set up."
    placed = [u for u in action.units if state["units"][u]["at"] != POOL]
    if placed:
        return f"{data.counters[placed[0]].name} is already set up."
    cell = action.cell
    occ = occupancy(data, state["units"])
    groups = data.setup_groups[side]
    for cells, count in groups:
        if cell in cells:
            done = sum(1 for c in cells for u in occ.get(c, ()) if data.counters[u].side == side)
            if done + len(action.units) > count:
                if side == data.escaping_side and count == 7:
                    return "Exactly seven Ronin set up in the Street Side Rooms (ikedaya.setup.ronin-street-seven)."
                if side == data.escaping_side:
                    return f"Only {count} Ronin set up in the Corridor and Backyard Side Rooms " \
                           f"(ikedaya.setup.ronin-rest)."
                return f"Only {count} counters set up there."
            if not room(data, occ, cell, len(action.units)):
                return f"A square may hold at most {data.stack_limit} counters (ikedaya.stack.max-three)."
            if len(action.units) > 1:
                waiting = [u for u in occ.get(POOL, ()) if data.counters[u].side == side]
                return f"Set up the counters one at a time, or all {len(waiting)} together."
            return "Set up all the waiting counters together in one click."
    if side == data.escaping_side:
        return "Ronin set up seven counters in the Street Side Rooms and the others in the Corridor and Backyard " \
               "Side Rooms (ikedaya.setup.ronin-street-seven, ikedaya.setup.ronin-rest)."
    return "Every Shinsengumi counter starts in the Entrance (ikedaya.setup.shinsengumi-entrance)."


def _explain_step(rules: "Rules", state: State, action: Action, step: dict) -> Optional[str]:
    data = rules.data
    kind = step["kind"]
    if kind == "order":
        return "The activated stack must move, attack or end its action (ikedaya.okita.stack-continues)."
    if kind == "target":
        occ = occupancy(data, state["units"])
        if action.verb == "hold":
            return "Combat must happen when a counter becomes adjacent to an enemy on the same floor " \
                   "(ikedaya.combat.mandatory-same-floor)."
        if action.verb == "attack" and action.cell and not enemy_in(data, occ, action.cell, state["active"]):
            return "Choose one adjacent square holding enemy counters (ikedaya.combat.one-target)."
        return "Choose the one square to attack (ikedaya.combat.one-target)."
    if kind == "loss":
        return f"The {rules.side_name(step['side'])} player removes {step['left']} more of the counters that " \
               f"fought: {', '.join(data.counters[u].name for u in step['units'])} " \
               f"(ikedaya.combat.loss-equals-diff)."
    if kind == "retreat":
        if action.verb == "retreat" and action.units and action.cell:
            occ = occupancy(data, state["units"])
            side = step["side"]
            if enemy_next_to(data, occ, action.cell, side):
                return "A counter may not retreat into a square adjacent to an enemy counter " \
                       "(ikedaya.retreat.not-adjacent-enemy)."
            if action.cell not in {s.to for s in data.moves.get(step["from"], ())}:
                return "A retreat is exactly one square (ikedaya.retreat.survivors-retreat)."
        return "Each surviving loser retreats one square, not next to an enemy (ikedaya.retreat.survivors-retreat)."
    return None


def _explain_move(rules: "Rules", state: State, occ: movement.Occupancy, units: list[str], at: str,
                  dest: str) -> Optional[str]:
    data = rules.data
    side = data.counters[units[0]].side
    if at != POOL and enemy_next_to(data, occ, at, side):
        return "A counter that starts its action adjacent to an enemy on the same floor may not move " \
               "(ikedaya.zoc.locked-at-start); it may fight in place."
    if dest in data.square_set and enemy_in(data, occ, dest, side):
        return "A counter may never move into a square holding an enemy (ikedaya.move.no-enemy-square)."
    if dest in data.boxes and dest not in data.exit_boxes:
        return f"The {dest} is reached only by jumping from a railing (ikedaya.escape.railing-square)."
    if dest == at:
        return "That is where the stack already is."
    mp = data.mp.get(side)
    start = at if at != POOL else None
    if start is not None:
        free = reachable(data, occ, start, side, None, ignore_stops=True)
        if dest not in free:
            return "No route leads there: walls block and squares touching only at a corner are not adjacent " \
                   "(ikedaya.map.wall, ikedaya.move.no-diagonal)."
        if mp is not None and dest not in reachable(data, occ, start, side, mp, ignore_stops=True):
            return f"A Shinsengumi counter has {mp} Movement Points: 1 per square on a floor, 2 by the Stairs " \
                   f"(ikedaya.move.ma-shinsengumi, ikedaya.move.cost-stairs)."
        if dest not in reachable(data, occ, start, side, mp):
            return "A moving counter must stop on entering a square next to an enemy on the same floor " \
                   "(ikedaya.zoc.stop-same-floor)."
    if not room(data, occ, dest, len(units)):
        return f"A square may hold at most {data.stack_limit} counters (ikedaya.stack.max-three)."
    return None


def _explain_attack(rules: "Rules", occ: movement.Occupancy, side: str, at: str, target: str) -> Optional[str]:
    data = rules.data
    if not enemy_in(data, occ, target, side):
        return "There is no enemy there to attack (ikedaya.combat.one-target)."
    if target not in data.fight_adjacent.get(at, ()):
        return "Only an adjacent square may be attacked: on the same floor, or across the Stairs or an arrow " \
               "(ikedaya.combat.cross-floor-allowed, ikedaya.map.wall)."
    return None


def _explain_jump(rules: "Rules", state: State, occ: movement.Occupancy, units: list[str], at: str,
                  landing: Optional[str]) -> Optional[str]:
    data = rules.data
    side = data.counters[units[0]].side
    if side != data.jumps["side"]:
        return "Only Ronin jump from the railings (ikedaya.escape.railing-square)."
    if len(units) != 1:
        return "A jump is made by one counter, never a stack (ikedaya.escape.single-counter)."
    if state["turn"] < data.jumps["from_turn"]:
        return f"Ronin may jump only from Turn {data.jumps['from_turn']} on (ikedaya.escape.turn2-plus)."
    if at not in data.railings:
        return "A jump is made from a square with a Railing (ikedaya.escape.railing-square)."
    want = data.railings[at]
    if landing != want:
        return f"A jump from {at} lands in {data.square_text(want)} (ikedaya.map.railing)."
    if want in data.square_set:
        return f"{data.square_text(want)} holds enemies or is full: no jump can land there."
    return None
