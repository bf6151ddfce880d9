"""The Ikedaya sequence of play as phase objects (shared/rules/ikedaya.md; clause ids in comments).

Set-up (the Ronin first, then the Shinsengumi), then turns of an Action Phase -- the players take
turns, the Shinsengumi first, each action moving (and maybe fighting with) one counter or stack, a
jump, or a pass -- and a Recovery Phase. The steps inside one action are phases of their own:
Okita's tuberculosis roll, what the activated stack does, the combat target, the combat dice (one
chance node per die), the loser's casualties and retreats, and the jump roll.

The state's ``phase`` is "setup", "action" or "over"; an unfinished action is ``step`` (its
``kind`` names the phase now). Each phase keeps together who acts, the legal actions, the
refusals with their clauses, the effects and the prompt; the procedures several phases share
(ending an action, the end of the Action Phase, combat resolution) are the functions at the end.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, catalog, cell, msg, side, unit
from ...engine.phases import ChancePhase, Over, Phase, PhasedRules, Refusal, phase_table, refuse
from ...engine.state import Event, State, View, event
from . import combat as cb
from . import movement as mv
from . import victory
from .data import POOL

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

SEQ = "ikedaya.seq.alternate-actions"
STACK = "ikedaya.stack.max-three"
ROLL_FIRST = "ikedaya.okita.roll-on-activation"
#: the set-up clause of each set-up group, by side and the group's place in the scenario's list
SETUP_CLAUSES = {"ronin": ("ikedaya.setup.ronin-street-seven", "ikedaya.setup.ronin-rest"),
                 "shinsengumi": ("ikedaya.setup.shinsengumi-entrance",)}


# == words shared by several phases ==================================================================

def place(name: str) -> Any:
    """An area of the map as the catalog names it in each language (the scenario's words otherwise)."""
    key = f"ikedaya.place.{name}"
    return msg(key) if key in catalog("en").entries else name


def either(words: list[Any]) -> Any:
    """"a", "a or b", "a, b or c" (a set-up group's areas)."""
    return words[0] if len(words) == 1 else msg("ikedaya.name.or", items=words[:-1], last=words[-1])

def units_arg(g: "Rules", uids: Iterable[str]) -> list[dict[str, Any]]:
    """Counters as a message argument, in counter-list order ('Kondō Isami, Okita Sōji')."""
    return [unit(u) for u in g.data.sort_units(uids)]


def where(label: Optional[str]) -> Any:
    """A counter's square for 'Kondō Isami (2C2)': the bare label, or words for a box."""
    if label == POOL:
        return msg("ikedaya.name.outside")
    return label or ""


def with_square(g: "Rules", uids: Iterable[str], at: Optional[str]) -> Msg:
    """'Kondō Isami, Okita Sōji (1C1)': counters named with their square (issue 9)."""
    uids = list(uids)
    return msg("ikedaya.name.at", units=units_arg(g, uids), at=where(at), count=len(uids))


def side_clauses(side_id: str) -> tuple[str, ...]:
    return SETUP_CLAUSES.get(side_id, ("ikedaya.setup.ronin-first",))


def join(parts: list[Any], key: str) -> Any:
    """Parts joined by the template ``key`` ("{a}; {b}"): a message of messages, folded pairwise."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = msg(key, a=out, b=part)
    return out


def no_value(phase: Phase, action: Action) -> Refusal:
    return refuse("ikedaya.refuse.no-value", phase.clause, verb=action.verb)


# == a phase of this game: unknown counters and squares are refused first ===============================
class Step(Phase):
    """A phase whose refusals first name a counter or square that does not exist."""

    def refusal(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return malformed(g, self, action) or super().refusal(g, state, action)


def malformed(g: "Rules", phase: Phase, action: Action) -> Optional[Refusal]:
    for u in action.units:
        if u not in g.data.counters:
            return refuse("ikedaya.refuse.no-counter", "ikedaya.counters.roster", id=u)
    if action.cell is not None and action.cell not in g.board.cells:
        return refuse("ikedaya.refuse.no-square", phase.clause, id=action.cell)
    return None


class Roll(ChancePhase):
    """A die decides now: one chance node per die."""

    def chance(self, g: "Rules", state: State) -> list[tuple[Action, float]]:
        return g.rolls

    def refusal(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if any(action == a for a, _ in g.rolls):
            return None
        return refuse("ikedaya.refuse.die", self.clause, high=g.data.die)


# == set-up ==========================================================================================
class Setup(Step):
    """ikedaya.setup.*: the Ronin place their counters one at a time in their areas, then the
    Shinsengumi set up in the Entrance (rulings ikedaya-r04 and ikedaya-n12)."""

    name, clause = "setup", "ikedaya.setup.ronin-first"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return setup_actions(g, state)

    def refuse_place(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action in setup_actions(g, state):
            return None
        data = g.data
        side_id = state["active"]
        clauses = side_clauses(side_id)
        if action.arg is not None:
            return no_value(self, action)
        if not action.units:
            return refuse("ikedaya.refuse.setup-who", *clauses)
        if any(data.counters[u].side != side_id for u in action.units):
            return refuse("ikedaya.refuse.setup-order", "ikedaya.setup.ronin-first", side=side(side_id))
        placed = [u for u in action.units if state["units"][u]["at"] != POOL]
        if placed:
            return refuse("ikedaya.refuse.set-up-already", *clauses, unit=unit(placed[0]))
        if action.cell is None:
            return refuse("ikedaya.refuse.setup-where", *clauses)
        occ = mv.occupancy(data, state["units"])
        for i, (cells, count) in enumerate(data.setup_groups[side_id]):
            if action.cell not in cells:
                continue
            clause = clauses[min(i, len(clauses) - 1)]
            if placed_in(g, occ, cells, side_id) + len(action.units) > count:
                key = {"ikedaya.setup.ronin-street-seven": "setup-street-full",
                       "ikedaya.setup.ronin-rest": "setup-rest-full"}.get(clause, "setup-full")
                return refuse(f"ikedaya.refuse.{key}", clause, count=count)
            if not mv.room(data, occ, action.cell, len(action.units)):
                return refuse("ikedaya.refuse.stack", STACK, limit=data.stack_limit)
            offered = setup_actions(g, state)
            if len(offered) == 1 and len(offered[0].units) > 1:
                return refuse("ikedaya.refuse.setup-together", clause)
            waiting = [u for u in occ.get(POOL, ()) if data.counters[u].side == side_id]
            return refuse("ikedaya.refuse.setup-one-at-a-time", clause, count=len(waiting))
        return refuse(f"ikedaya.refuse.setup-area-{side_id}", *clauses)

    def do_place(self, g: "Rules", state: State, action: Action) -> list[Event]:
        data = g.data
        side_id = state["active"]
        for u in action.units:
            state["units"][u]["at"] = action.cell
        events = [event(msg("ikedaya.log.set-up", units=units_arg(g, action.units), at=cell(action.cell),
                            count=len(action.units)), "setup", side=side_id)]
        occ = mv.occupancy(data, state["units"])
        waiting = [u for u in occ.get(POOL, ()) if data.counters[u].side == side_id]
        if waiting and setup_cells(g, state, occ, side_id):
            return events
        order = data.setup_order
        for nxt in order[order.index(side_id) + 1:]:
            if any(data.counters[u].side == nxt for u in occ.get(POOL, ())) and setup_cells(g, state, occ, nxt):
                state["active"] = nxt
                events.append(event(msg("ikedaya.log.sets-up", side=side(nxt)), "phase"))
                return events
        if waiting:
            events.append(event(msg("ikedaya.log.wait-outside", units=units_arg(g, waiting), count=len(waiting)),
                                "setup", side=side_id))
        return events + start_turn(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        data = g.data
        side_id = view["active"]
        if side_id != data.escaping_side:
            return msg("ikedaya.prompt.setup-entrance", side=side(side_id))
        occ = mv.occupancy(data, view["units"])
        parts = []
        for cells, count in data.setup_groups[side_id]:
            parts.append(msg("ikedaya.prompt.setup-group", done=placed_in(g, occ, cells, side_id), count=count,
                             areas=either([place(a) for a in sorted({data.area[c] or c for c in cells})])))
        return msg("ikedaya.prompt.setup", side=side(side_id), groups=join(parts, "ikedaya.join.semicolon"))


def placed_in(g: "Rules", occ: mv.Occupancy, cells: Iterable[str], side_id: str) -> int:
    """How many counters of ``side_id`` stand in ``cells`` (a set-up group's areas)."""
    side_of = g.data.side_of
    return sum(1 for c in cells for u in occ.get(c, ()) if side_of[u] == side_id)


def setup_cells(g: "Rules", state: State, occ: mv.Occupancy, side_id: str) -> list[str]:
    """Squares where the side's next counter may be set up (ikedaya.setup.*)."""
    data = g.data
    exempt = data.setup_exempt if g.options_of(state)["entrance_setup"] == "exempt" else frozenset()
    cells: list[str] = []
    for group_cells, count in data.setup_groups[side_id]:
        if placed_in(g, occ, group_cells, side_id) >= count:
            continue
        for c in data.squares:
            if c in group_cells and (c in exempt or mv.room(data, occ, c, 1)):
                cells.append(c)
    return cells


def setup_actions(g: "Rules", state: State) -> list[Action]:
    data = g.data
    side_id = state["active"]
    occ = mv.occupancy(data, state["units"])
    waiting = [u for u in occ.get(POOL, ()) if data.counters[u].side == side_id]
    cells = setup_cells(g, state, occ, side_id)
    if not waiting or not cells:
        return []
    exempt = data.setup_exempt if g.options_of(state)["entrance_setup"] == "exempt" else frozenset()
    if len(cells) == 1 and len(waiting) > 1:
        # one square for everybody (the Shinsengumi in the Entrance): one click places them all
        c = cells[0]
        group_left = min(count - placed_in(g, occ, group_cells, side_id)
                         for group_cells, count in data.setup_groups[side_id] if c in group_cells)
        if group_left >= len(waiting) and (c in exempt or mv.room(data, occ, c, len(waiting))):
            return [g.action("place", tuple(waiting), c)]
    return [g.action("place", (u,), c) for u in waiting for c in cells]


# == the Action Phase: one counter or stack acts, or the player passes ===================================
class Actions(Step):
    """ikedaya.seq.alternate-actions: the players take turns, each action moving (and maybe
    fighting with) one counter or stack of unspent counters in one square, or a jump; or a pass."""

    name, clause = "action", SEQ

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        side_id = state["active"]
        occ = mv.occupancy(g.data, state["units"])
        enemy = mv.enemy_cells(g.data, occ, side_id)
        out = [g.action("pass")]
        for at, fresh in ready(g, state, occ, side_id):
            out.extend(square_actions(g, state, occ, enemy, side_id, at, fresh))
        return out

    def refuse_pass(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        if action.units or action.cell is not None or action.arg is not None:
            return refuse("ikedaya.refuse.pass", "ikedaya.seq.pass")
        return None

    def do_pass(self, g: "Rules", state: State, action: Action) -> list[Event]:
        """ikedaya.seq.pass, ikedaya.seq.end-double-pass, ikedaya.seq.act-after-pass."""
        side_id = state["active"]
        events = [event(msg("ikedaya.log.passes", side=side(side_id)), "pass", side=side_id)]
        state["passes"] += 1
        if state["passes"] >= 2:
            return events + end_phase(g, state, "both-passed")
        state["active"] = g.data.other[side_id]
        return events + auto_pass(g, state)

    def refuse_activate(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        at = stack_of(g, state, action)
        if isinstance(at, Refusal):
            return at
        if not any(g.data.counters[u].tuberculosis for u in action.units):
            return refuse("ikedaya.refuse.activate-okita", ROLL_FIRST)
        if action.cell != at:
            return refuse("ikedaya.refuse.activate-where", ROLL_FIRST, at=cell(at))
        if action.arg is not None:
            return no_value(self, action)
        return None

    def do_activate(self, g: "Rules", state: State, action: Action) -> list[Event]:
        group = list(action.units)
        state["step"] = {"kind": "okita", "group": group, "at": action.cell}
        tb = [u for u in group if g.data.counters[u].tuberculosis]
        key = "ikedaya.log.activated-outside" if action.cell == POOL else "ikedaya.log.activated"
        return [event(msg(key, units=units_arg(g, group), at=cell(action.cell),
                          tb=units_arg(g, tb)), "activate", side=state["active"])]

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        at = stack_of(g, state, action)
        if isinstance(at, Refusal):
            return at
        return okita_first(g, action) or refuse_destination(g, self, state, at, len(action.units), action)

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        group = list(action.units)
        return move_group(g, state, group, state["units"][group[0]]["at"], action.cell or "")

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        at = stack_of(g, state, action)
        if isinstance(at, Refusal):
            return at
        return okita_first(g, action) or refuse_target(g, self, state, at, action)

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        group = list(action.units)
        return start_combat(g, state, group, state["units"][group[0]]["at"], action.cell or "")

    def refuse_jump(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        """ikedaya.escape.*: one Ronin on a railing square, from Turn 2, into the railing's landing."""
        at = stack_of(g, state, action)
        if isinstance(at, Refusal):
            return at
        data = g.data
        jumps = data.jumps
        if action.arg is not None:
            return no_value(self, action)
        if state["active"] != jumps["side"]:
            return refuse("ikedaya.refuse.jump-ronin", "ikedaya.escape.railing-square", side=side(jumps["side"]))
        if len(action.units) != 1:
            return refuse("ikedaya.refuse.jump-one", "ikedaya.escape.single-counter")
        if state["turn"] < jumps["from_turn"]:
            return refuse("ikedaya.refuse.jump-turn", "ikedaya.escape.turn2-plus", turn=jumps["from_turn"])
        landing = data.railings.get(at)
        if landing is None:
            return refuse("ikedaya.refuse.jump-railing", "ikedaya.escape.railing-square")
        if action.cell != landing:
            return refuse("ikedaya.refuse.jump-landing", "ikedaya.map.railing", at=at, to=cell(landing))
        occ = mv.occupancy(data, state["units"])
        if mv.jump_landing(g, state, occ, state["active"], at) is None:
            if mv.enemy_in(data, occ, landing, state["active"]):
                return refuse("ikedaya.refuse.jump-enemy", "ikedaya.move.no-enemy-square", to=cell(landing))
            return refuse("ikedaya.refuse.stack", STACK, limit=data.stack_limit)
        return None

    def do_jump(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        src = state["units"][uid]["at"]
        state["step"] = {"kind": "jump", "group": [uid], "at": src, "to": action.cell}
        return [event(msg("ikedaya.log.jumps", unit=unit(uid), at=cell(src), to=cell(action.cell)), "jump",
                      side=state["active"])]

    def prompt(self, g: "Rules", view: View) -> Msg:
        to_move = view["to_move"]
        passed = msg("ikedaya.prompt.passed", side=side(g.data.other[to_move])) if view.get("passes") else ""
        return msg("ikedaya.prompt.act", side=side(to_move), passed=passed)


def actor_cells(g: "Rules", state: State) -> frozenset[str]:
    """Where counters that may act stand: the squares, plus the Pool for Shinsengumi waiting
    outside the Entrance under the wait-outside option."""
    if state["phase"] == "action" and g.options_of(state).get("entrance_setup") == "wait-outside":
        return g.data.squares_and_pool
    return g.data.square_set


def ready(g: "Rules", state: State, occ: mv.Occupancy, side_id: str) -> list[tuple[str, list[str]]]:
    """(cell, unspent counters of ``side_id`` there) for every cell they may act from, in map order."""
    cells = actor_cells(g, state)
    side_of, units = g.data.side_of, state["units"]
    out = []
    for at in sorted((c for c in occ if c in cells), key=g.cell_index.__getitem__):
        fresh = [u for u in occ[at] if side_of[u] == side_id and not units[u]["spent"]]
        if fresh:
            out.append((at, fresh))
    return out


def square_actions(g: "Rules", state: State, occ: mv.Occupancy, enemy: mv.Enemies, side_id: str, at: str,
                   fresh: list[str]) -> Iterator[Action]:
    """Every activation of the side's unspent counters on one square (any subset of up to three
    forms the stack: ikedaya.seq.alternate-actions, ikedaya.move.stack-moves-as-one)."""
    data = g.data
    dests = mv.destinations(data, occ, side_id, at, enemy)
    dest_list = sorted(dests, key=g.cell_index.__getitem__)
    targets = mv.enemy_squares_in_reach(data, occ, at, side_id)
    limit, squares = data.stack_limit, data.square_set
    # room left on each destination (ikedaya.stack.max-three; a box off the map is never full)
    space = [(d, limit - len(occ.get(d, ())) if d in squares else limit) for d in dest_list]
    for size in range(1, min(len(fresh), limit) + 1):
        fits = [d for d, free in space if size <= free]  # where a stack this big may stop
        for sub in combinations(fresh, size):
            if any(data.counters[u].tuberculosis for u in sub):
                yield g.action("activate", sub, at)  # roll first: ikedaya.okita.roll-on-activation
                continue
            for d in fits:
                yield g.action("move", sub, d)
            for t in targets:
                yield g.action("attack", sub, t)
    landing = mv.jump_landing(g, state, occ, side_id, at)
    if landing is not None:
        for u in fresh:
            yield g.action("jump", (u,), landing)


def stack_of(g: "Rules", state: State, action: Action) -> Any:
    """The square of the counters an action names, or why they may not act together now."""
    data = g.data
    side_id = state["active"]
    units = state["units"]
    if not action.units:
        return refuse("ikedaya.refuse.name-counters", SEQ)
    if any(data.counters[u].side != side_id for u in action.units):
        return refuse("ikedaya.refuse.not-yours", SEQ, side=side(side_id))
    spots = {units[u]["at"] for u in action.units}
    if len(spots) != 1:
        return refuse("ikedaya.refuse.one-square", SEQ)
    at = spots.pop()
    first = action.units[0]
    if at not in actor_cells(g, state):
        if at is None:
            return refuse("ikedaya.refuse.removed", "ikedaya.combat.removed-is-killed", unit=unit(first))
        if at in data.exit_boxes and side_id == data.off_map_side:
            return refuse("ikedaya.refuse.left-map", "ikedaya.escape.guard-no-return", unit=unit(first))
        if at in data.outside:
            return refuse("ikedaya.refuse.escaped", "ikedaya.escape.success-outside", unit=unit(first))
        return refuse("ikedaya.refuse.off-map", SEQ, unit=unit(first))
    spent = [u for u in action.units if units[u]["spent"]]
    if spent:
        return refuse("ikedaya.refuse.spent", "ikedaya.seq.mark-acted", unit=unit(spent[0]))
    if len(action.units) > data.stack_limit:
        return refuse("ikedaya.refuse.stack-size", STACK, limit=data.stack_limit)
    if len(set(action.units)) != len(action.units) or list(action.units) != data.sort_units(action.units):
        return refuse("ikedaya.refuse.list-order", SEQ)
    return at


def okita_first(g: "Rules", action: Action) -> Optional[Refusal]:
    """ikedaya.okita.roll-on-activation: a stack with Okita is activated (he rolls) before it acts."""
    tb = [u for u in action.units if g.data.counters[u].tuberculosis]
    return refuse("ikedaya.refuse.okita-first", ROLL_FIRST, unit=unit(tb[0])) if tb else None


def refuse_destination(g: "Rules", phase: Phase, state: State, at: str, size: int,
                       action: Action) -> Optional[Refusal]:
    """Why a stack of ``size`` on ``at`` may not end its move on the action's cell (None: it may)."""
    if action.arg is not None:
        return no_value(phase, action)
    dest = action.cell
    if dest is None:
        return refuse("ikedaya.refuse.move-where", "ikedaya.move.cost-same-floor")
    data = g.data
    side_id = state["active"]
    occ = mv.occupancy(data, state["units"])
    if dest in mv.destinations(data, occ, side_id, at) and mv.room(data, occ, dest, size):
        return None  # the quick answer for a legal move (the Ronin's search is breadth-first)
    code = mv.why_not(data, occ, side_id, at, dest, size)
    if code is None:  # pragma: no cover - why_not agrees with destinations
        return None
    if code == "pass-only":
        return refuse("ikedaya.refuse.stack", STACK, limit=data.stack_limit)
    if code == "zoc-locked":
        return refuse("ikedaya.refuse.locked", "ikedaya.zoc.locked-at-start")
    if code == "occupied":
        if mv.enemy_in(data, occ, dest, side_id):
            return refuse("ikedaya.refuse.enemy-square", "ikedaya.move.no-enemy-square")
        return refuse("ikedaya.refuse.enemies-in-the-way", "ikedaya.move.no-enemy-square")
    if code == "railing":
        return refuse("ikedaya.refuse.jump-only", "ikedaya.escape.railing-square", to=cell(dest))
    if code == "start":
        return refuse("ikedaya.refuse.same-square", "ikedaya.move.cost-same-floor")
    if code == "entry":
        return refuse("ikedaya.refuse.entry", "ikedaya.setup.shinsengumi-entrance")
    if code == "too-far":
        return refuse("ikedaya.refuse.too-far", "ikedaya.move.ma-shinsengumi", "ikedaya.move.cost-stairs",
                      mp=data.mp.get(side_id))
    if code == "zoc-stop":
        return refuse("ikedaya.refuse.must-stop", "ikedaya.zoc.stop-same-floor")
    return refuse("ikedaya.refuse.no-route", "ikedaya.map.wall", "ikedaya.move.no-diagonal")


def refuse_target(g: "Rules", phase: Phase, state: State, at: str, action: Action) -> Optional[Refusal]:
    """Why the stack on ``at`` may not attack the action's cell (None: it may)."""
    if action.arg is not None:
        return no_value(phase, action)
    if action.cell is None:
        return refuse("ikedaya.refuse.attack-where", "ikedaya.combat.one-target")
    data = g.data
    side_id = state["active"]
    occ = mv.occupancy(data, state["units"])
    if action.cell in mv.enemy_squares_in_reach(data, occ, at, side_id):
        return None
    if not mv.enemy_in(data, occ, action.cell, side_id):
        return refuse("ikedaya.refuse.no-enemy", "ikedaya.combat.one-target")
    return refuse("ikedaya.refuse.not-adjacent", "ikedaya.combat.cross-floor-allowed", "ikedaya.map.wall")


# == steps inside an action ===========================================================================
class Okita(Roll):
    """ikedaya.okita.*: Okita rolls for tuberculosis before he does anything; on 1-3 his action
    ends at once, and the rest of his stack still acts."""

    name, clause = "okita", ROLL_FIRST

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        data = g.data
        value = int(action.arg or 0)
        step = state["step"]
        group = step["group"]
        tb = [u for u in group if data.counters[u].tuberculosis]
        events = [event(msg("ikedaya.log.tuberculosis-roll", units=units_arg(g, tb), value=value), "dice",
                        dice=[value], side=state["active"])]
        if value >= data.tb_acts_on:  # ikedaya.okita.4-6-acts
            events.append(event(msg("ikedaya.log.okita-acts", units=units_arg(g, tb)), "activate",
                                side=state["active"]))
            state["step"] = {"kind": "order", "group": group, "at": step["at"]}
            return events
        for u in tb:  # ikedaya.okita.1-3-spent
            state["units"][u]["spent"] = True
        rest = [u for u in group if u not in tb]
        still = msg("ikedaya.log.still-act", units=units_arg(g, rest), count=len(rest)) if rest else ""
        events.append(event(msg("ikedaya.log.coughs", units=units_arg(g, tb), rest=still), "activate",
                            side=state["active"]))
        if rest:  # ikedaya.okita.stack-continues
            state["step"] = {"kind": "order", "group": rest, "at": step["at"]}
            return events
        return events + end_action(g, state, [])

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        tb = [u for u in step["group"] if g.data.counters[u].tuberculosis]
        return msg("ikedaya.prompt.okita", units=with_square(g, tb, step["at"]), low=g.data.tb_acts_on,
                   high=g.data.die)


class Chosen(Step):
    """A step in which the stack that acts is already chosen: its actions name only a square."""

    def chosen(self, action: Action) -> Optional[Refusal]:
        return refuse("ikedaya.refuse.stack-chosen", self.clause) if action.units else None

    def refuse_attack(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return self.chosen(action) or refuse_target(g, self, state, state["step"]["at"], action)

    def do_attack(self, g: "Rules", state: State, action: Action) -> list[Event]:
        step = state["step"]
        return start_combat(g, state, list(step["group"]), step["at"], action.cell or "")

    def do_hold(self, g: "Rules", state: State, action: Action) -> list[Event]:
        step = state["step"]
        group = step["group"]
        key = "ikedaya.log.holds-outside" if step["at"] == POOL else "ikedaya.log.holds"
        return [event(msg(key, units=units_arg(g, group), at=cell(step["at"]), count=len(group)),
                      "move", side=state["active"])] + end_action(g, state, group)


class Order(Chosen):
    """After Okita's roll: the activated stack (its counters fixed) moves, attacks or ends its
    action (ikedaya.okita.stack-continues)."""

    name, clause = "order", "ikedaya.okita.stack-continues"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        step = state["step"]
        side_id, at, group = state["active"], step["at"], step["group"]
        data = g.data
        occ = mv.occupancy(data, state["units"])
        dests = mv.destinations(g.data, occ, side_id, at)
        out = [g.action("move", (), d) for d in sorted(dests, key=g.cell_index.__getitem__)
               if mv.room(data, occ, d, len(group))]
        out += [g.action("attack", (), t) for t in mv.enemy_squares_in_reach(data, occ, at, side_id)]
        return out + [g.action("hold")]

    def refuse_move(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        step = state["step"]
        return self.chosen(action) or refuse_destination(g, self, state, step["at"], len(step["group"]), action)

    def do_move(self, g: "Rules", state: State, action: Action) -> list[Event]:
        step = state["step"]
        return move_group(g, state, list(step["group"]), step["at"], action.cell or "")

    def refuse_hold(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        return None if action == Action("hold") else refuse("ikedaya.refuse.hold", self.clause)

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        return msg("ikedaya.prompt.order", side=side(view["to_move"]), units=with_square(g, step["group"], step["at"]))


class Target(Chosen):
    """After a move that ends next to enemies: the one square to fight (ikedaya.combat.one-target);
    compulsory on the same floor (ikedaya.combat.mandatory-same-floor), optional across the stairs
    or an arrow (ikedaya.combat.cross-floor-allowed)."""

    name, clause = "target", "ikedaya.combat.one-target"

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        side_id, at = state["active"], state["step"]["at"]
        occ = mv.occupancy(g.data, state["units"])
        out = [g.action("attack", (), t) for t in mv.enemy_squares_in_reach(g.data, occ, at, side_id)]
        if not mv.same_floor_enemy_squares(g.data, occ, at, side_id):
            out.append(g.action("hold"))  # only a cross-floor enemy: combat is optional
        return out

    def refuse_hold(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        occ = mv.occupancy(g.data, state["units"])
        if mv.same_floor_enemy_squares(g.data, occ, state["step"]["at"], state["active"]):
            return refuse("ikedaya.refuse.combat-compulsory", "ikedaya.combat.mandatory-same-floor")
        return None if action == Action("hold") else refuse("ikedaya.refuse.no-combat", self.clause)

    def prompt(self, g: "Rules", view: View) -> Msg:
        to_move = view["to_move"]
        occ = mv.occupancy(g.data, view["units"])
        if mv.same_floor_enemy_squares(g.data, occ, view["step"]["at"], to_move):
            return msg("ikedaya.prompt.target-compulsory", side=side(to_move))
        return msg("ikedaya.prompt.target-optional", side=side(to_move))


class Combat(Roll):
    """ikedaya.combat.dice-per-counter: the attacker's dice, then the defender's, one chance node each."""

    name, clause = "combat", "ikedaya.combat.dice-per-counter"

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        value = int(action.arg or 0)
        step = state["step"]
        i = 0 if len(step["rolls"][0]) < step["dice"][0] else 1
        step["rolls"][i].append(value)
        side_id = state["active"] if i == 0 else g.data.other[state["active"]]
        events = [event(msg("ikedaya.log.combat-die", side=side(side_id), n=len(step["rolls"][i]), of=step["dice"][i],
                            value=value), "dice", dice=[value], side=side_id)]
        if len(step["rolls"][1]) == step["dice"][1]:
            events += resolve_combat(g, state)
        return events

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        i = 0 if len(step["rolls"][0]) < step["dice"][0] else 1
        side_id = view["active"] if i == 0 else g.data.other[view["active"]]
        return msg("ikedaya.prompt.combat", attackers=with_square(g, step["group"], step["at"]),
                   defenders=with_square(g, step["defenders"], step["target"]), side=side(side_id),
                   n=len(step["rolls"][i]) + 1, of=step["dice"][i])


class Jump(Roll):
    """ikedaya.escape.roll: the jumper rolls one die with its modifiers; 1 or less is captured
    (ikedaya.escape.one-captured), else it escapes (ikedaya.escape.success-outside) or lands
    inside (ikedaya.escape.land-inside)."""

    name, clause = "jump", "ikedaya.escape.roll"

    def do_roll(self, g: "Rules", state: State, action: Action) -> list[Event]:
        data = g.data
        value = int(action.arg or 0)
        step = state["step"]
        uid, src, land = step["group"][0], step["at"], step["to"]
        side_id = data.counters[uid].side
        occ = mv.occupancy(data, state["units"])
        mods = mv.jump_modifiers(g, state, occ, uid, src, land)
        total = value + sum(m for m, _, _ in mods)
        detail = [msg("ikedaya.log.modifier", value=m, why=msg(f"ikedaya.modifier.{code}", count=n))
                  for m, code, n in mods]
        events = [event(msg("ikedaya.log.jump-roll", unit=unit(uid), value=value, total=total,
                            detail=join(detail, "ikedaya.join.none")), "dice", dice=[value], side=side_id)]
        if total <= data.jumps["captured_at_most"]:
            remove(state, uid)
            events.append(event(msg("ikedaya.log.captured", unit=unit(uid)), "loss", side=side_id))
        elif land in data.square_set:
            state["units"][uid]["at"] = land
            events.append(event(msg("ikedaya.log.lands", unit=unit(uid), at=cell(land)), "jump", side=side_id))
        else:
            state["units"][uid]["at"] = land
            state["quiet"] = 0
            events.append(event(msg("ikedaya.log.escapes-into", unit=unit(uid), to=cell(land)), "escape",
                                side=side_id))
        return events + end_action(g, state, [uid])

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        return msg("ikedaya.prompt.jump", unit=with_square(g, step["group"], step["at"]), to=into(g, step["to"]))


def into(g: "Rules", label: str) -> Msg:
    """'into the Street (Sanjō-dōri)' for a box, 'into 1B2 (Court)' for a square."""
    return msg("ikedaya.name.into-box" if label in g.data.boxes else "ikedaya.name.into", to=cell(label))


class Loss(Step):
    """ikedaya.combat.loss-equals-diff: the loser removes as many of the counters that fought as
    the difference (ruling ikedaya-r08: the loser chooses which)."""

    name, clause = "loss", "ikedaya.combat.loss-equals-diff"

    def player(self, g: "Rules", state: State) -> str:
        return state["step"]["side"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        return [g.action("lose", (u,)) for u in state["step"]["units"]]

    def refuse_lose(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        step = state["step"]
        if len(action.units) == 1 and action.units[0] in step["units"] and action.cell is None and action.arg is None:
            return None
        return loss_refusal(g, step)

    def do_lose(self, g: "Rules", state: State, action: Action) -> list[Event]:
        uid = action.units[0]
        step = state["step"]
        remove(state, uid)
        events = [event(msg("ikedaya.log.killed-choice", unit=unit(uid), side=side(step["side"])), "loss",
                        side=step["side"])]
        step["units"] = [u for u in step["units"] if u != uid]
        step["left"] -= 1
        if step["left"] == 0:
            del step["left"]
            step["kind"] = "retreat"
            events += settle_retreats(g, state)
        return events

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        return msg("ikedaya.prompt.loss", side=side(view["to_move"]), count=step["left"],
                   units=with_square(g, step["units"], step["from"]))


def loss_refusal(g: "Rules", step: dict[str, Any]) -> Refusal:
    return refuse("ikedaya.refuse.loss", "ikedaya.combat.loss-equals-diff", side=side(step["side"]),
                  count=step["left"], units=units_arg(g, step["units"]))


class Retreat(Step):
    """ikedaya.retreat.*: each surviving loser retreats one square, not next to an enemy (ruling
    ikedaya-r14: along any connection, not into enemies, within the stacking limit)."""

    name, clause = "retreat", "ikedaya.retreat.survivors-retreat"

    def player(self, g: "Rules", state: State) -> str:
        return state["step"]["side"]

    def actions(self, g: "Rules", state: State) -> Iterable[Action]:
        step = state["step"]
        occ = mv.occupancy(g.data, state["units"])
        return [g.action("retreat", (u,), n)
                for u in step["units"] for n in cb.retreat_squares(g.data, occ, u, step["from"])]

    def refuse_retreat(self, g: "Rules", state: State, action: Action) -> Optional[Refusal]:
        data = g.data
        step = state["step"]
        if len(action.units) != 1 or action.units[0] not in step["units"]:
            return refuse("ikedaya.refuse.retreat-who", self.clause, units=units_arg(g, step["units"]))
        if action.arg is not None:
            return no_value(self, action)
        dest = action.cell
        if dest is None:
            return refuse("ikedaya.refuse.retreat-where", self.clause)
        occ = mv.occupancy(data, state["units"])
        if dest in cb.retreat_squares(data, occ, action.units[0], step["from"]):
            return None
        if dest not in data.square_set or not data.may_retreat(step["from"], dest):
            return refuse("ikedaya.refuse.retreat-one", self.clause)
        side_id = step["side"]
        if mv.enemy_in(data, occ, dest, side_id):
            return refuse("ikedaya.refuse.enemy-square", "ikedaya.move.no-enemy-square")
        if not mv.room(data, occ, dest, 1):
            return refuse("ikedaya.refuse.stack", STACK, limit=data.stack_limit)
        return refuse("ikedaya.refuse.retreat-enemy", "ikedaya.retreat.not-adjacent-enemy")

    def do_retreat(self, g: "Rules", state: State, action: Action) -> list[Event]:
        step = state["step"]
        uid = action.units[0]
        state["units"][uid]["at"] = action.cell
        events = [event(msg("ikedaya.log.retreats", unit=unit(uid), **{"from": step["from"]}, to=cell(action.cell)),
                        "retreat", side=step["side"])]
        step["units"] = [u for u in step["units"] if u != uid]
        return events + settle_retreats(g, state)

    def prompt(self, g: "Rules", view: View) -> Msg:
        step = view["step"]
        return msg("ikedaya.prompt.retreat", side=side(view["to_move"]),
                   units=with_square(g, step["units"], step["from"]), count=len(step["units"]))


class GameOver(Over):
    label_key = "ikedaya.phase.over"
    clause = "ikedaya.seq.game-end"

    def prompt(self, g: "Rules", view: View) -> Msg:
        outcome = view.get("outcome") or {}
        return msg("ikedaya.prompt.over", reason=outcome.get("reason") or "")


PHASES = phase_table(Setup(), Actions(), Okita(), Order(), Target(), Combat(), Jump(), Loss(), Retreat(),
                     GameOver())


def phase_of(g: "Rules", state: State) -> str:
    """The phase now: the unfinished step of an action, else the state's phase."""
    step = state.get("step")
    if step is not None and state["phase"] == "action":
        return step["kind"]
    return state["phase"]


def wrong_time(g: "Rules", state: State, phase: Phase, action: Action) -> Refusal:
    """An action of another phase: what now is, citing the clause that says why."""
    if not any(action.verb in p.verbs() for p in g.phases.values()):
        return PhasedRules.wrong_time(g, state, phase, action)
    if isinstance(phase, Roll):
        return refuse("ikedaya.refuse.die", phase.clause, high=g.data.die)
    found = malformed(g, phase, action)
    if found is not None:
        return found
    name = phase.name
    if name == "setup":
        return refuse("ikedaya.refuse.setup-first", "ikedaya.setup.ronin-first")
    if name == "action":
        return refuse("ikedaya.refuse.act-or-pass", SEQ, verb=action.verb, side=side(state["active"]))
    if name == "order":
        return refuse("ikedaya.refuse.order", phase.clause)
    if name == "target":
        return refuse("ikedaya.refuse.target", phase.clause)
    if name == "loss":
        return loss_refusal(g, state["step"])
    if name == "retreat":
        return refuse("ikedaya.refuse.retreat", phase.clause)
    return refuse("engine.refuse.over", "ikedaya.seq.game-end")


# == procedures several phases share =================================================================
def start_turn(g: "Rules", state: State) -> list[Event]:
    """ikedaya.seq.turn-structure, ikedaya.seq.shinsengumi-first."""
    first = g.data.first_player
    state.update({"phase": "action", "active": first, "passes": 0, "acted": False, "step": None})
    events = [event(msg("ikedaya.log.turn", turn=state["turn"], side=side(first)), "phase")]
    return events + auto_pass(g, state)


def can_act(g: "Rules", state: State, side_id: str) -> bool:
    """Has ``side_id`` any activation at all? (a quick test first, the full search if needed)"""
    data = g.data
    occ = mv.occupancy(data, state["units"])
    mp = data.mp.get(side_id)
    enemy = None
    for at, fresh in ready(g, state, occ, side_id):
        if any(data.counters[u].tuberculosis for u in fresh):
            return True
        if at != POOL:
            if mv.enemy_squares_in_reach(data, occ, at, side_id):
                return True
            if mv.jump_landing(g, state, occ, side_id, at) is not None:
                return True
            if mv.enemy_next_to(data, occ, at, side_id):
                continue
            for to, cost in data.steps[at]:
                if (mp is None or cost <= mp) and not mv.enemy_in(data, occ, to, side_id) and mv.room(data, occ, to, 1):
                    return True
        enemy = enemy or mv.enemy_cells(data, occ, side_id)
        if any(mv.room(data, occ, d, 1) for d in mv.destinations(data, occ, side_id, at, enemy)):
            return True
    return False


def auto_pass(g: "Rules", state: State) -> list[Event]:
    """A player with no counter able to act passes without being asked (ruling ikedaya-n07)."""
    events: list[Event] = []
    while state["phase"] == "action" and not can_act(g, state, state["active"]):
        side_id = state["active"]
        if not can_act(g, state, g.data.other[side_id]):
            return events + end_phase(g, state, "all-spent")
        events.append(event(msg("ikedaya.log.auto-pass", side=side(side_id)), "pass", side=side_id))
        state["passes"] += 1
        if state["passes"] >= 2:
            return events + end_phase(g, state, "both-passed")
        state["active"] = g.data.other[side_id]
    return events


def end_action(g: "Rules", state: State, group: Iterable[str]) -> list[Event]:
    """Rotate the stack (ikedaya.seq.mark-acted) and hand the turn to the other player."""
    data = g.data
    for u in group:
        if state["units"][u]["at"] in data.square_set or state["units"][u]["at"] == POOL:
            state["units"][u]["spent"] = True
    state["step"] = None
    state["passes"] = 0
    state["acted"] = True
    if victory.all_ronin_gone(g, state):  # ikedaya.seq.game-end
        state["phase"] = "over"
        return [end_event(g, state)]
    side_id = state["active"]
    other = data.other[side_id]
    if can_act(g, state, other):
        state["active"] = other
        return []
    if can_act(g, state, side_id):
        # the other player can only pass, and does so by himself (ruling ikedaya-n07)
        state["passes"] = 1
        return [event(msg("ikedaya.log.auto-pass", side=side(other)), "pass", side=other)]
    return end_phase(g, state, "all-spent")


def end_phase(g: "Rules", state: State, why: str) -> list[Event]:
    """End of the Action Phase (ikedaya.seq.end-double-pass, ikedaya.seq.end-all-spent), the
    Recovery Phase (ikedaya.seq.recovery) and the next turn."""
    data = g.data
    events = [event(msg("ikedaya.log.phase-ends", why=msg(f"ikedaya.phase-end.{why}")), "phase")]
    state["passes"] = 0
    for u in state["units"].values():
        u["spent"] = False
    events.append(event(msg("ikedaya.log.recovery"), "phase"))
    if not state["acted"] and state["turn"] >= data.jumps["from_turn"]:
        # ruling ikedaya-n06: an Action Phase in which nobody acted would repeat unchanged for ever
        state["phase"] = "over"
        state["step"] = None
        return events + [end_event(g, state)]
    state["quiet"] += 1
    limit = data.quiet_limit
    if limit is not None and state["quiet"] >= limit:
        # ruling ikedaya-n13: nobody can (or will) make progress; the game would go on for ever
        state["phase"] = "over"
        state["step"] = None
        return events + [end_event(g, state)]
    state["turn"] += 1
    return events + start_turn(g, state)


def end_event(g: "Rules", state: State) -> Event:
    out = victory.outcome(g, state)
    return event(msg("ikedaya.log.game-ends", reason=out["reason"]), "end")


def remove(state: State, uid: str) -> None:
    """Killed or captured (ikedaya.combat.removed-is-killed)."""
    state["units"][uid]["at"] = None
    state["units"][uid]["spent"] = False
    state["quiet"] = 0


def move_group(g: "Rules", state: State, group: list[str], at: str, dest: str) -> list[Event]:
    """The stack moves (ikedaya.move.stack-moves-as-one); off the map, or into combat when it ends
    next to an enemy (ikedaya.combat.mandatory-same-floor: one target is fought at once, several
    make the player choose)."""
    data = g.data
    side_id = state["active"]
    for u in group:
        state["units"][u]["at"] = dest
    who = units_arg(g, group)
    if dest in data.square_set:
        key = "ikedaya.log.enters" if at == POOL else "ikedaya.log.moves"  # wait-outside: in through the exit
        events = [event(msg(key, units=who, count=len(group), **{"from": cell(at)}, to=cell(dest)),
                        "move", side=side_id)]
    elif side_id == data.escaping_side:  # ikedaya.escape.entrance-exit
        events = [event(msg("ikedaya.log.escapes", units=who, count=len(group), to=cell(dest)), "escape",
                        side=side_id)]
    else:  # ikedaya.escape.guard-offmap
        events = [event(msg("ikedaya.log.leaves", units=who, count=len(group), to=cell(dest)), "move", side=side_id)]
    if dest not in data.square_set:
        state["quiet"] = 0  # escaped or left the map: the game moved on (ruling ikedaya-n13)
        return events + end_action(g, state, group)
    occ = mv.occupancy(data, state["units"])
    targets = mv.enemy_squares_in_reach(data, occ, dest, side_id)
    must = bool(mv.same_floor_enemy_squares(data, occ, dest, side_id))
    if not targets:
        return events + end_action(g, state, group)
    if must and len(targets) == 1:
        return events + start_combat(g, state, group, dest, targets[0])
    state["step"] = {"kind": "target", "group": group, "at": dest}
    return events


def start_combat(g: "Rules", state: State, group: list[str], at: str, target: str) -> list[Event]:
    """Who takes part (ruling ikedaya-r06) and how many dice each side rolls
    (ikedaya.combat.dice-per-counter, swordsman-die, door-defender-die, door-cancel)."""
    data = g.data
    occ = mv.occupancy(data, state["units"])
    defenders = list(occ[target])
    door = cb.door_die(data, group, at, target)
    na = cb.dice_count(data, group)
    nd = cb.dice_count(data, defenders, door)
    state["step"] = {"kind": "combat", "group": group, "at": at, "target": target, "defenders": defenders,
                     "dice": [na, nd], "rolls": [[], []]}
    attacker, defender = state["active"], data.other[state["active"]]
    note: Any = ""
    if cb.door_between(data, at, target):
        note = msg("ikedaya.log.door-die" if door else "ikedaya.log.door-cancelled")
    return [event(msg("ikedaya.log.combat", attackers=with_square(g, group, at), count=len(group),
                      defenders=with_square(g, defenders, target), note=note, attacker=side(attacker),
                      attacker_dice=msg("ikedaya.name.dice", count=na), defender=side(defender),
                      defender_dice=msg("ikedaya.name.dice", count=nd)), "combat", side=attacker)]


def resolve_combat(g: "Rules", state: State) -> list[Event]:
    """ikedaya.combat.total, higher-wins, tie-nothing, loss-equals-diff."""
    data = g.data
    step = state["step"]
    group, at, target, defenders = step["group"], step["at"], step["target"], step["defenders"]
    attacker, defender = state["active"], data.other[state["active"]]
    attack = cb.total(data, group, step["rolls"][0])
    defence = cb.total(data, defenders, step["rolls"][1])
    best_a, best_d = max(step["rolls"][0]), max(step["rolls"][1])
    events = [event(msg("ikedaya.log.totals", attacker=side(attacker), attacker_die=best_a,
                        attacker_strength=attack - best_a, attack=attack, defender=side(defender),
                        defender_die=best_d, defender_strength=defence - best_d, defence=defence), "combat")]
    if attack == defence:
        events.append(event(msg("ikedaya.log.tie"), "combat"))
        return events + end_action(g, state, group)
    if attack > defence:
        loser, losers, lose_at, winners = defender, list(defenders), target, list(group)
    else:
        loser, losers, lose_at, winners = attacker, list(group), at, list(defenders)
    k = min(abs(attack - defence), len(losers))
    events.append(event(msg("ikedaya.log.loses-by", side=side(loser), by=abs(attack - defence), count=k), "combat"))
    ctx = {"group": group, "side": loser, "winners": winners, "from": lose_at}
    if k == len(losers):
        for u in losers:
            remove(state, u)
        events.append(event(msg("ikedaya.log.all-killed", units=units_arg(g, losers)), "loss", side=loser))
        events += advance(g, state, ctx)
        return events + end_action(g, state, group)
    state["step"] = {"kind": "loss", **ctx, "units": losers, "left": k}
    return events


def settle_retreats(g: "Rules", state: State) -> list[Event]:
    """Remove survivors with nowhere to go (ikedaya.retreat.blocked-removed); when nobody is left
    to retreat, the winners advance and the action ends. A retreat only ever fills squares, so a
    counter without a retreat now never gets one later."""
    step = state["step"]
    occ = mv.occupancy(g.data, state["units"])
    events: list[Event] = []
    for u in list(step["units"]):
        if not cb.retreat_squares(g.data, occ, u, step["from"]):
            remove(state, u)
            step["units"].remove(u)
            events.append(event(msg("ikedaya.log.cannot-retreat", unit=unit(u)), "loss", side=step["side"]))
    if not step["units"]:
        ctx = dict(step)
        events += advance(g, state, ctx)
        events += end_action(g, state, ctx["group"])
    return events


def advance(g: "Rules", state: State, ctx: dict[str, Any]) -> list[Event]:
    """The winners take the loser's square (ikedaya.combat.winner-advance) when it is free of
    enemies and has room (ruling ikedaya-n05); no further combat (ruling ikedaya-r13)."""
    data = g.data
    winners, dest = ctx["winners"], ctx["from"]
    occ = mv.occupancy(data, state["units"])
    side_id = data.counters[winners[0]].side
    if mv.enemy_in(data, occ, dest, side_id) or not mv.room(data, occ, dest, len(winners)):
        return [event(msg("ikedaya.log.no-advance", units=units_arg(g, winners), to=dest), "move", side=side_id)]
    src = state["units"][winners[0]]["at"]
    for w in winners:
        state["units"][w]["at"] = dest
    return [event(msg("ikedaya.log.advances", units=units_arg(g, winners), count=len(winners), **{"from": src},
                      to=cell(dest)), "move", side=side_id)]
