"""One cheapest-path movement search for every game, and why a cell is out of reach.

A game describes its movement rules once (``MoveRules``: zone-of-control stop, lock, exit cost,
no ZOC-to-ZOC, no re-entry, road movement's "never into a ZOC", minimum move, its own stop
rules) and asks ``reach`` for the cells a unit may end its move in, with the cheapest cost and
one path each. The search is a bucket queue over small integer costs. Its state is the cell alone
wherever the rules allow (every rule then depends only on the cell entered, and the start is
treated on its own); only a stop rule that depends on the step taken, or a ZOC re-entry rule
without the ZOC stop, makes it track how each cell was reached.

``why_not`` explains a refusal by relaxing one rule at a time: it runs several searches, so it
is for the refused action only, never for a hot path.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Container, Mapping, Optional, Sequence

Steps = Mapping[str, Sequence[tuple[str, int]]]

#: reason codes of ``why_not`` (a game maps them to its clause ids through ``MoveRules.clauses``)
REASONS = ("off-board", "start", "occupied", "zoc-locked", "pass-only", "zoc-to-zoc", "zoc-reentry",
           "zoc-forbidden", "zoc-stop", "stop", "too-far", "impassable")

_EMPTY: frozenset[str] = frozenset()


@dataclass(frozen=True)
class MoveRules:
    """How a game (or one movement mode of it) moves; built once."""

    zoc_stop: bool = True  # entering an enemy ZOC cell ends the move
    zoc_to_zoc: bool = True  # may step directly from a ZOC cell into another ZOC cell
    zoc_locked: bool = False  # a unit starting in an enemy ZOC may not move at all
    zoc_exit_cost: int = 0  # extra MP to leave the start cell when it is in an enemy ZOC
    zoc_no_reentry: bool = False  # once in a ZOC (started in one, or entered and left it), no ZOC cell may be entered
    zoc_forbidden: bool = False  # no ZOC cell may be entered at all (road movement)
    minimum_move: bool = False  # may always move one cell spending all MP (if otherwise legal)
    stop: Optional[Callable[[str, str], bool]] = None  # entering b from a ends the move (river crossing)
    stop_cells: frozenset[str] = _EMPTY  # entering one of these ends the move (mountain): cheaper than ``stop``
    #: {a: cells b such that the step a->b ends the move}: ``stop`` precomputed once per scenario (faster)
    stop_steps: Optional[Mapping[str, Container[str]]] = None
    clauses: Mapping[str, str] = field(default_factory=dict)  # reason code -> clause id

    def clause(self, code: Optional[str]) -> Optional[str]:
        """The game's clause id for a reason code of ``why_not`` (None if it names none)."""
        return None if code is None else self.clauses.get(code)


class Reach:
    """The result of one search: every cell reached with its cheapest cost, the legal end cells,
    and one cheapest path to each."""

    __slots__ = ("start", "cost", "_ctx")

    def __init__(self, start: str, cost: dict[str, int], steps: Steps, pass_only: Container[str],
                 halt: Container[str], first: tuple[Any, ...], minimum: Container[str],
                 trace: Optional[Callable[[str], list[str]]] = None,
                 links: Optional[tuple[dict[str, str], dict[str, str]]] = None) -> None:
        #: the start cell (cost 0)
        self.start = start
        #: {cell: cheapest cost} of every cell reached, the start included (0, first), pass-only cells
        #: too; in the order the search first reached them
        self.cost = cost
        # what ``destinations`` and ``path`` need, kept in one tuple (a Reach is built per search):
        # the step table, pass-only cells, cells where a move ends, the first step's rules (blocked,
        # zoc, no ZOC-to-ZOC at the start, exit cost), cells reached only by the minimum move, and a
        # search's own links (a trace function, or (came from, movable arrival came from))
        self._ctx = (steps, pass_only, halt, first, minimum, trace, links)

    def __contains__(self, cell: object) -> bool:
        return cell in self.cost and cell != self.start and cell not in self._ctx[1]

    def destinations(self, order: str = "board") -> list[str]:
        """Legal end cells: reached, not the start, not pass-only. In board order (the order of the
        step table's cells), or "found": the order the search first reached them (for a unit-cost
        search: by distance, then in neighbour order, as a breadth-first search finds them)."""
        start, pass_only = self.start, self._ctx[1]
        found = [c for c in self.cost if c != start and c not in pass_only]
        if order == "found":
            return found
        index = getattr(self._ctx[0], "index", None)
        return sorted(found, key=index.__getitem__) if index is not None else sorted(found)

    def path(self, cell: str) -> list[str]:
        """One cheapest path start..cell (both included). KeyError if the cell was not reached."""
        if cell not in self.cost:
            raise KeyError(cell)
        start = self.start
        if cell == start:
            return [cell]
        steps, _, halt, (blocked, zoc, ztz, extra), minimum, trace, links = self._ctx
        if trace is not None:
            return trace(cell)
        if cell in minimum:
            return [start, cell]
        if links is not None:
            came, go_from = links
            out = [cell]
            here = came[cell]
            while here != start:
                out.append(here)
                here = go_from[here]
            out.append(here)
            return out[::-1]
        first: dict[str, int] = {}
        for n, c in steps[start]:
            if n not in blocked and not (ztz and n in zoc) and c + extra < first.get(n, c + extra + 1):
                first[n] = c + extra
        # walk back: some expanded cell p with cost[p] + step(p, here) == cost[here] set ``here``
        out = [cell]
        here = cell
        cost = self.cost
        while here != start:
            want = cost[here]
            if first.get(here) == want:
                here = start
            else:
                for p, c in cost.items():
                    if p == here or p == start or p in minimum or p in halt:
                        continue
                    if any(n == here and c + s == want for n, s in steps[p]):
                        here = p
                        break
                else:  # pragma: no cover - the costs always lead back
                    raise AssertionError(f"no path back from {cell}")
            out.append(here)
        return out[::-1]


def reach(steps: Steps, start: str, allowance: Optional[int], rules: MoveRules = MoveRules(), *,
          blocked: Container[str] = (), pass_only: Container[str] = (),
          zoc: Container[str] = (), costs: bool = True) -> Reach:
    """Every cell a unit on ``start`` may reach spending at most ``allowance`` (None: no limit).

    ``steps``: {cell: ((neighbour, cost), ...)} (engine.terrain.step_table); ``blocked``: cells it
    may not enter (occupied by a unit that blocks it); ``pass_only``: cells it may pass through but
    not end in (friendly units where a game allows passing); ``zoc``: the enemy zone of control.
    ``costs=False`` with no allowance: only where the unit may end matters (Ikedaya's Ronin), so a
    breadth-first search will do and a cell's cost is that of the first path found.
    """
    extra = 0
    zoc_start = start in zoc
    if zoc_start:
        if rules.zoc_locked:
            return Reach(start, {start: 0}, steps, pass_only, _EMPTY, ((), (), False, 0), _EMPTY, None)
        extra = rules.zoc_exit_cost
    if zoc and (rules.zoc_forbidden or (zoc_start and rules.zoc_no_reentry)):
        blocked = _union(blocked, zoc)  # every ZOC cell is out: the other ZOC rules have nothing to do
        ztz = False
    else:
        ztz = zoc_start and not rules.zoc_to_zoc
    if rules.zoc_stop or (rules.zoc_to_zoc and not rules.zoc_no_reentry):
        halt: Container[str] = zoc if rules.zoc_stop else _EMPTY
        if (allowance is None and not costs) or (
                getattr(steps, "unit_cost", False) and not extra and (allowance is None or allowance > 0)):
            # breadth-first: no minimum move arises (every first step is affordable, or there is no limit)
            if rules.stop is None and rules.stop_steps is None:
                return _bfs(steps, start, allowance, blocked, pass_only, zoc, ztz, extra, halt, rules.stop_cells)
            return _layers(steps, start, allowance, rules, blocked, pass_only, zoc, ztz, extra, halt)
        if rules.stop is None and rules.stop_steps is None:
            if rules.stop_cells:
                halt = rules.stop_cells if halt is _EMPTY else _union(halt, rules.stop_cells)
            return _by_cell(steps, start, allowance, rules.minimum_move, blocked, pass_only, zoc, ztz, extra, halt)
        return _by_edge(steps, start, allowance, rules, blocked, pass_only, zoc, ztz, extra, halt)
    return _by_state(steps, start, allowance, rules, blocked, pass_only, zoc, zoc_start, extra)


def _union(a: Container[str], b: Container[str]) -> Container[str]:
    if isinstance(a, (set, frozenset, dict)) and isinstance(b, (set, frozenset, dict)):
        return set(a).union(b)
    return _Either(a, b)


class _Either:
    """A container holding what either of two containers holds (no copy)."""

    __slots__ = ("a", "b")

    def __init__(self, a: Container[str], b: Container[str]) -> None:
        self.a, self.b = a, b

    def __contains__(self, x: object) -> bool:
        return x in self.a or x in self.b


def _minimum_moves(steps: Steps, start: str, allowance: Optional[int], blocked: Container[str],
                   pass_only: Container[str], zoc: Container[str], ztz: bool, extra: int,
                   best: dict[str, int]) -> list[str]:
    """Neighbours the unit may enter only by the minimum move (too dear, otherwise allowed): they
    cost the whole allowance."""
    out = []
    for nxt, c in steps[start]:
        if (allowance is not None and c + extra > allowance and nxt not in best and nxt not in blocked
                and not (ztz and nxt in zoc) and nxt not in pass_only):
            best[nxt] = allowance
            out.append(nxt)
    return out


def _by_cell(steps: Steps, start: str, allowance: Optional[int], minimum_move: bool, blocked: Container[str],
             pass_only: Container[str], zoc: Container[str], ztz: bool, extra: int, halt: Container[str]) -> Reach:
    """The fast search: whether a cell is entered and whether the move goes on from it depend on
    the cell alone (the start is expanded on its own)."""
    best: dict[str, int] = {start: 0}
    if allowance is None:
        buckets: list[list[str]] = [[]]
        size = 1  # len(buckets), kept by hand: this is the hot loop of an unlimited move
        for nxt, c in steps[start]:
            if nxt in blocked or (ztz and nxt in zoc):
                continue
            total = c + extra
            if nxt in best and best[nxt] <= total:
                continue
            best[nxt] = total
            if nxt not in halt:
                if total >= size:
                    buckets.extend([] for _ in range(total + 1 - size))
                    size = total + 1
                buckets[total].append(nxt)
        spent = 0
        while spent < size:
            for here in buckets[spent]:
                if best[here] != spent:
                    continue
                for nxt, cost in steps[here]:
                    if nxt in blocked:
                        continue
                    total = spent + cost
                    if nxt in best and best[nxt] <= total:
                        continue
                    best[nxt] = total
                    if nxt not in halt:
                        if total >= size:
                            buckets.extend([] for _ in range(total + 1 - size))
                            size = total + 1
                        buckets[total].append(nxt)
            spent += 1
    else:
        # with no free step, a cell reached with no MP left is not expanded
        limit = allowance
        last = limit if getattr(steps, "min_cost", 0) > 0 else limit + 1
        buckets = [[] for _ in range(limit + 1)]
        for nxt, c in steps[start]:
            if nxt in blocked or (ztz and nxt in zoc):
                continue
            total = c + extra
            if total > limit:
                continue
            if nxt in best and best[nxt] <= total:
                continue
            best[nxt] = total
            if nxt not in halt:
                buckets[total].append(nxt)
        for spent in range(1, last):
            for here in buckets[spent]:
                if best[here] != spent:
                    continue
                for nxt, cost in steps[here]:
                    total = spent + cost
                    if total > limit or nxt in blocked:
                        continue
                    if nxt in best and best[nxt] <= total:
                        continue
                    best[nxt] = total
                    if nxt not in halt:
                        buckets[total].append(nxt)
        if buckets[0]:  # free first steps (cost 0): expanded like the rest
            return _by_edge(steps, start, allowance, MoveRules(minimum_move=minimum_move, stop_steps={}), blocked,
                            pass_only, zoc, ztz, extra, halt)
    minimum: Container[str] = _EMPTY
    if minimum_move:
        minimum = frozenset(_minimum_moves(steps, start, allowance, blocked, pass_only, zoc, ztz, extra, best))
    return Reach(start, best, steps, pass_only, halt, (blocked, zoc, ztz, extra), minimum, None)


def _never(a: str, b: str) -> bool:
    return False


def _by_edge(steps: Steps, start: str, allowance: Optional[int], rules: MoveRules, blocked: Container[str],
             pass_only: Container[str], zoc: Container[str], ztz: bool, extra: int, halt: Container[str]) -> Reach:
    """The search for a stop rule that depends on the step taken (a river crossing): an arrival that
    must stop is an end cell but is not expanded, so a dearer arrival that may go on still counts."""
    stop = rules.stop
    stop_steps = rules.stop_steps if rules.stop_steps is not None else {}
    stop_cells = rules.stop_cells
    limit = allowance
    # with no free step, an arrival with no MP left goes no further: no need to ask the stop rules
    last = limit if limit is not None and getattr(steps, "min_cost", 0) > 0 else None
    best: dict[str, int] = {start: 0}  # every arrival, stopping or not
    came: dict[str, str] = {}  # where the cheapest arrival came from
    go: dict[str, int] = {start: 0}  # arrivals that may move on
    go_from: dict[str, str] = {}
    buckets: list[list[str]] = [[] for _ in range(limit + 1 if limit is not None else 1)]
    buckets[0].append(start)
    spent = 0
    while spent < len(buckets):
        for here in buckets[spent]:
            if go[here] != spent:
                continue
            if here == start and (extra or ztz):
                out: Sequence[tuple[str, int]] = [(n, c + extra) for n, c in steps[start] if not (ztz and n in zoc)]
            else:
                out = steps[here]
            ends = stop_steps.get(here, _EMPTY)
            for nxt, cost in out:
                total = spent + cost
                if nxt in go and go[nxt] <= total:
                    continue
                if (limit is not None and total > limit) or nxt in blocked:
                    continue
                if nxt not in best or total < best[nxt]:
                    best[nxt] = total
                    came[nxt] = here
                if (total == last or nxt in halt or nxt in ends or nxt in stop_cells
                        or (stop is not None and stop(here, nxt))):
                    continue
                go[nxt] = total
                go_from[nxt] = here
                if limit is None:
                    while total >= len(buckets):
                        buckets.append([])
                buckets[total].append(nxt)
        spent += 1
    minimum: Container[str] = _EMPTY
    if rules.minimum_move:
        minimum = frozenset(_minimum_moves(steps, start, allowance, blocked, pass_only, zoc, ztz, extra, best))
    return Reach(start, best, steps, pass_only, halt, (blocked, zoc, ztz, extra), minimum, None, (came, go_from))


def _layers(steps: Steps, start: str, allowance: Optional[int], rules: MoveRules, blocked: Container[str],
            pass_only: Container[str], zoc: Container[str], ztz: bool, extra: int, halt: Container[str]) -> Reach:
    """A breadth-first search: exact for a table whose every step costs 1 (Mukden's hexes), and the
    quick way for a move without a limit whose costs do not matter (``costs=False``: a cell's cost
    is then that of the first path found)."""
    stop = rules.stop
    stop_steps = rules.stop_steps if rules.stop_steps is not None else {}
    stop_cells = rules.stop_cells
    limit = allowance
    best: dict[str, int] = {start: 0}
    came: dict[str, str] = {}
    go: dict[str, int] = {start: 0}  # cells reached by an arrival that may move on
    go_from: dict[str, str] = {}
    layer = [start]
    while layer:
        found: list[str] = []
        for here in layer:
            base = go[here]
            first = here == start
            if first:
                base += extra
            ends = stop_steps.get(here, _EMPTY)
            for nxt, c in steps[here]:
                if nxt in go or nxt in blocked or (first and ztz and nxt in zoc):
                    continue
                total = base + c
                if limit is not None and total > limit:
                    continue
                if nxt not in best:
                    best[nxt] = total
                    came[nxt] = here
                if (total == limit or nxt in halt or nxt in ends or nxt in stop_cells
                        or (stop is not None and stop(here, nxt))):
                    continue
                go[nxt] = total
                go_from[nxt] = here
                found.append(nxt)
        layer = found
    return Reach(start, best, steps, pass_only, halt, (blocked, zoc, ztz, extra), _EMPTY, None, (came, go_from))


def _bfs(steps: Steps, start: str, allowance: Optional[int], blocked: Container[str], pass_only: Container[str],
         zoc: Container[str], ztz: bool, extra: int, halt: Container[str], halt2: Container[str]) -> Reach:
    """``_layers`` when every stop depends on the cell alone: a cell is seen once, and whether the
    move goes on from it is asked when its turn comes (the tightest loop, as Ikedaya's own)."""
    limit = allowance
    unit_bound = limit is not None and getattr(steps, "min_cost", 0) > 0
    best: dict[str, int] = {start: 0}
    came: dict[str, str] = {}
    layer: list[str] = []
    for nxt, c in steps[start]:
        if nxt in best or nxt in blocked or (ztz and nxt in zoc):
            continue
        total = c + extra
        if limit is not None and total > limit:
            continue
        best[nxt] = total
        came[nxt] = start
        if not (unit_bound and total == limit):
            layer.append(nxt)
    while layer:
        found: list[str] = []
        for here in layer:
            if here in halt or here in halt2:
                continue
            base = best[here]
            for nxt, c in steps[here]:
                if nxt in best or nxt in blocked:
                    continue
                total = base + c
                if limit is not None and total > limit:
                    continue
                best[nxt] = total
                came[nxt] = here
                if not (unit_bound and total == limit):
                    found.append(nxt)
        layer = found
    return Reach(start, best, steps, pass_only, _Either(halt, halt2), (blocked, zoc, ztz, extra), _EMPTY, None,
                 (came, came))


def _by_state(steps: Steps, start: str, allowance: Optional[int], rules: MoveRules, blocked: Container[str],
              pass_only: Container[str], zoc: Container[str], zoc_start: bool, extra: int) -> Reach:
    """The general search, for a ZOC re-entry rule without the ZOC stop: a state is (cell, has been
    in a ZOC); as ``_by_edge`` otherwise."""
    zoc_stop, ztz, no_reentry = rules.zoc_stop, not rules.zoc_to_zoc, rules.zoc_no_reentry
    stop, stop_cells = rules.stop or _never, rules.stop_cells
    stop_steps = rules.stop_steps if rules.stop_steps is not None else {}
    State = tuple[str, bool]
    origin: State = (start, zoc_start)
    best: dict[str, int] = {start: 0}
    came: dict[str, State] = {}
    go: dict[State, int] = {origin: 0}
    go_from: dict[State, State] = {}
    buckets: list[list[State]] = [[origin]]
    spent = 0
    while spent < len(buckets):
        for state in buckets[spent]:
            if go[state] != spent:
                continue
            here, been = state
            here_zoc = here in zoc
            first = here == start
            for nxt, cost in steps[here]:
                total = spent + cost + (extra if first else 0)
                if (allowance is not None and total > allowance) or nxt in blocked or nxt == start:
                    continue
                in_zoc = nxt in zoc
                if in_zoc and ((ztz and here_zoc) or (no_reentry and been)):
                    continue
                old = best.get(nxt)
                if old is None or total < old:
                    best[nxt] = total
                    came[nxt] = state
                if (zoc_stop and in_zoc) or nxt in stop_cells or nxt in stop_steps.get(here, _EMPTY) or stop(here, nxt):
                    continue
                nstate = (nxt, been or in_zoc)
                old = go.get(nstate)
                if old is not None and old <= total:
                    continue
                go[nstate] = total
                go_from[nstate] = state
                while total >= len(buckets):
                    buckets.append([])
                buckets[total].append(nstate)
        spent += 1
    minimum: Container[str] = _EMPTY
    if rules.minimum_move:
        minimum = frozenset(_minimum_moves(steps, start, allowance, blocked, pass_only, zoc,
                                           zoc_start and ztz, extra, best))

    def trace(cell: str) -> list[str]:
        if cell in minimum:
            return [start, cell]
        out = [cell]
        state = came[cell]
        while state != origin:
            out.append(state[0])
            state = go_from[state]
        out.append(start)
        return out[::-1]

    return Reach(start, best, steps, pass_only, _EMPTY, (blocked, zoc, zoc_start and ztz, extra), minimum, trace)


def why_not(steps: Steps, start: str, allowance: Optional[int], rules: MoveRules, cell: str, *,
            blocked: Container[str] = (), pass_only: Container[str] = (),
            zoc: Container[str] = ()) -> Optional[str]:
    """Why a unit on ``start`` may not end its move in ``cell``: a reason code (REASONS), or None if it
    may. Found by relaxing one rule at a time (then several, in the order listed), so the code names
    the rule that decides; several searches, for a refused action only."""
    if cell not in steps:
        return "off-board"
    if cell == start:
        return "start"
    kw = {"blocked": blocked, "pass_only": pass_only, "zoc": zoc}
    if cell in reach(steps, start, allowance, rules, **kw):
        return None
    if cell in blocked:
        return "occupied"
    if rules.zoc_locked and start in zoc:
        return "zoc-locked"
    if cell in pass_only:
        return "pass-only"
    if not any(n == cell for a in steps for n, _ in steps[a]):
        return "impassable"
    relaxations: list[tuple[str, Callable[[MoveRules, dict, Optional[int]], tuple[MoveRules, dict, Optional[int]]]]] = [
        ("zoc-to-zoc", lambda r, k, a: (replace(r, zoc_to_zoc=True), k, a)),
        ("zoc-reentry", lambda r, k, a: (replace(r, zoc_no_reentry=False), k, a)),
        ("zoc-forbidden", lambda r, k, a: (replace(r, zoc_forbidden=False), k, a)),
        ("zoc-stop", lambda r, k, a: (replace(r, zoc_stop=False), k, a)),
        ("stop", lambda r, k, a: (replace(r, stop=None, stop_cells=_EMPTY, stop_steps=None), k, a)),
        ("occupied", lambda r, k, a: (r, dict(k, blocked=()), a)),
        ("too-far", lambda r, k, a: (r, k, None)),
    ]
    for code, relax in relaxations:  # one rule at a time
        r, k, a = relax(rules, kw, allowance)
        if r != rules or k is not kw or a != allowance:
            if cell in reach(steps, start, a, r, **k):
                return code
    r, k, a = rules, kw, allowance
    for code, relax in relaxations:  # then cumulatively
        r, k, a = relax(r, k, a)
        if cell in reach(steps, start, a, r, **k):
            return code
    return "impassable"
