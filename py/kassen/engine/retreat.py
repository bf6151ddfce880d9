"""Retreat routes after combat, and the cells an advance after combat may take.

A retreat is a walk of a given number of cells from the loser's cell. The game says what may not
be entered (enemy units, enemy zones of control: ``forbidden``), which hexsides may not be
crossed (``may_enter``), where friendly units stand and what they allow: passing through them
(Yukimura 11-2) or going on past a friendly unit until a free cell (Bakumatsu 11(4)). Every route
is listed, so the owner chooses (and a game can tell which friendly units a route passes: chain
retreats and disorder are the game's own). No route means the unit cannot retreat.

``RetreatStep`` is the step of play in which the owner walks such a route hex by hex: who acts,
the ``retreat @hex`` actions, and the refusals every retreat shares; the game adds its own.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Container, Iterable, Mapping, Optional, Sequence

from .actions import Action
from .board import Board
from .messages import cell
from .phases import Phase, Refusal, refuse
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from .phases import PhasedRules


def retreat_routes(board: Board, start: str, hexes: int, *, away_from: Iterable[str] = (),
                   may_enter: Optional[Callable[[str, str], bool]] = None, forbidden: Container[str] = (),
                   friendly: Container[str] = (), through_friendly: bool = False,
                   extend_through_friendly: bool = False) -> list[list[str]]:
    """Every route of ``hexes`` cells (the start not included) a unit on ``start`` may retreat along.

    - never off the map (boxes are not entered), never twice into one cell, never back to ``start``;
    - ``away_from``: the cells of the units that caused the retreat; each cell of the route must be
      farther from the nearest of them than the cell before (Yukimura ruling 6; sources on another
      map are ignored);
    - ``may_enter(a, b)``: False for a step the retreat may not take (a river or impassable hexside);
    - ``forbidden``: cells never entered (enemy units, enemy zones of control: the game says which);
    - ``friendly``: cells holding friendly units: entered only if ``through_friendly`` (anywhere on
      the route, which may then end on one), or at the end if ``extend_through_friendly``: a route
      that ends on a friendly unit goes on, cell by cell under the same rules, to the first cell
      without one (it is left out if it cannot get there).
    """
    sources = list(away_from)
    cells = board.cells
    neighbors = board.neighbors

    def nearest(cell: str) -> Optional[int]:
        ds = [d for d in (board.distance(cell, s) for s in sources) if d is not None]
        return min(ds) if ds else None

    def ok(a: str, b: str, route: list[str]) -> bool:
        if cells[b].kind == "box" or b == start or b in route or b in forbidden:
            return False
        if may_enter is not None and not may_enter(a, b):
            return False
        if sources:
            da, db = nearest(a), nearest(b)
            if da is not None and db is not None and db <= da:
                return False
        return True

    out: list[list[str]] = []

    def extend(route: list[str]) -> None:
        here = route[-1]
        for b in neighbors[here]:
            if ok(here, b, route):
                route.append(b)
                if b in friendly:
                    extend(route)
                else:
                    out.append(list(route))
                route.pop()

    def walk(route: list[str]) -> None:
        here = route[-1] if route else start
        last = len(route) + 1 == hexes
        for b in neighbors[here]:
            if not ok(here, b, route):
                continue
            if b in friendly and not through_friendly and not (last and extend_through_friendly):
                continue
            route.append(b)
            if not last:
                walk(route)
            elif b in friendly and extend_through_friendly:
                extend(route)
            else:
                out.append(list(route))
            route.pop()

    if hexes <= 0:
        return [[]]
    walk([])
    return out


def retreat_cells(routes: Iterable[Sequence[str]]) -> list[str]:
    """The distinct end cells of some routes, in the order first met (what a player picks when only
    the end matters)."""
    return list(dict.fromkeys(r[-1] for r in routes if r))


def advance_cells(vacated: str, route: Sequence[str], *, occupied: Container[str] = (),
                  hexes: Optional[int] = None, may_enter: Optional[Callable[[str, str], bool]] = None,
                  frm: Optional[str] = None) -> list[str]:
    """The cells an advance after combat may stop in, in order along the way: the loser's ``vacated``
    cell, then the cells of its retreat ``route`` up to, not into, its new cell (Yukimura 11-3-3),
    at most ``hexes`` of them (Bakumatsu 10-2(9): 1, the vacated hex only). The advance stops before
    the first cell held by a unit (``occupied``: so serial advances stop behind the units that went
    first) or a step ``may_enter(a, b)`` refuses (``frm``: the advancing unit's own cell, for the
    first step)."""
    path = [vacated, *route[:-1]]
    out: list[str] = []
    prev = frm
    for cell in path:
        if hexes is not None and len(out) >= hexes:
            break
        if cell in occupied or (may_enter is not None and prev is not None and not may_enter(prev, cell)):
            break
        out.append(cell)
        prev = cell
    return out


class RetreatStep(Phase):
    """A retreat after combat, walked hex by hex: the retreating unit's owner picks each next hex
    (the action ``retreat @hex``) among ``options``, the hexes that begin a legal route.

    ``state[<name>]`` holds the retreat under way: ``{"unit": uid, "path": [start, hexes so far],
    ...}`` (the game's own keys besides). The refusals every retreat shares come here, in this
    order, worded and cited by the game's ``refusals``; then the game's own (``refuse_more``). The
    game's Rules answers ``situation(state)`` with ``enemy_cells(side)`` and ``enemy_zone(side)``.
    """

    name = "retreat"
    #: reason -> (message key, clause ids), the game's words and clauses for: "hex" (the action
    #: names no single hex), "off" (off the map), "step" (not next to the unit, or a hex it has
    #: already been in), "enemy" (an enemy unit's hex), "zoc" (an enemy zone of control); every
    #: refusal but "hex" names the hex as ``to``
    refusals: Mapping[str, tuple[str, tuple[str, ...]]] = {}

    def player(self, g: "PhasedRules", state: State) -> str:
        return g.scenario.units[state[self.name]["unit"]]["side"]

    def options(self, g: "PhasedRules", state: State) -> list[str]:
        """The hexes the retreating unit may enter next (the game's retreat rules)."""
        raise NotImplementedError

    def on_map(self, g: "PhasedRules", target: str) -> bool:
        """May a retreat enter ``target`` at all (a cell of the map, not a box)?"""
        return target in g.board.on_map

    def actions(self, g: "PhasedRules", state: State) -> Iterable[Action]:
        return [Action("retreat", cell=h) for h in self.options(g, state)]

    def refuse_retreat(self, g: "PhasedRules", state: State, action: Action) -> Optional[Refusal]:
        r = state[self.name]
        uid, here = r["unit"], r["path"][-1]
        target = action.cell
        if action.units or action.arg is not None or target is None:
            key, clauses = self.refusals["hex"]
            return refuse(key, *clauses)
        if target in self.options(g, state):
            return None
        if not self.on_map(g, target):
            return self._refused("off", target)
        if not g.board.adjacent(here, target) or target in r["path"]:
            return self._refused("step", target)
        s: Any = g.situation(state)  # type: ignore[attr-defined]
        mine = self.player(g, state)
        if target in s.enemy_cells(mine):
            return self._refused("enemy", target)
        if target in s.enemy_zone(mine):
            return self._refused("zoc", target)
        return self.refuse_more(g, state, uid, here, target)

    def refuse_more(self, g: "PhasedRules", state: State, uid: str, here: str, target: str) -> Refusal:
        """Why ``target``, next to ``here`` and free of enemies and their zones, is still refused:
        the game's own retreat rules (hexsides, "away from"), last the route that leads nowhere."""
        raise NotImplementedError

    def _refused(self, reason: str, target: str) -> Refusal:
        key, clauses = self.refusals[reason]
        return refuse(key, *clauses, to=cell(target))
