"""Reinforcements: schedules by turn, entry cells, draws from a cup, units that wait.

A schedule is scenario data (usually under the game's ``rules``): lines of which side gets what on
which turns, through which entry cells; the game gives each line its meaning (Yukimura: named forces;
Bakumatsu: an appearance check that draws from a cup). A draw from a cup is a chance node whose
outcomes are the counters in the cup, each as likely. A unit whose entry is blocked waits, and
enters before any new arrival (Bakumatsu 13-1(4), Yukimura 8-3).
"""
from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass, field
from typing import Any, Container, Iterable, Mapping, Optional, Sequence

from .actions import Action
from .board import Board
from .errors import ScenarioError
from .movement import MoveRules, Reach, Steps, reach

ENTRY = "<entry>"  # the virtual start of a search for a unit that comes onto the map


@dataclass(frozen=True)
class Arrival:
    """One line of a schedule."""

    turns: tuple[int, ...]
    side: str
    units: tuple[str, ...] = ()  # named units (a force); empty for a line that draws or rolls
    entry: tuple[str, ...] = ()  # entry cells (place names resolved)
    extra: Mapping[str, Any] = field(default_factory=dict)  # the game's own keys ("cup", "check"...)


class Schedule:
    """Every arrival of a scenario, checked against its board and units when loaded."""

    def __init__(self, arrivals: Sequence[Arrival]) -> None:
        self.arrivals = tuple(arrivals)

    @classmethod
    def from_json(cls, data: Any, path: str, file: str, board: Board, side_of: Mapping[str, str]) -> "Schedule":
        """Lines ``{"turn": 1 | "turns": [2, 3], "side": s, "units": [...], "entry": [cells or place
        names], ...}``; ScenarioError with the JSON path of an unknown turn form, side, unit or cell."""

        def need(cond: bool, where: str, message: str) -> None:
            if not cond:
                raise ScenarioError(file, where, message)

        need(isinstance(data, list), path, "expected a list of arrivals")
        sides = set(side_of.values())
        out = []
        for i, line in enumerate(data):
            p = f"{path}[{i}]"
            need(isinstance(line, dict), p, "an arrival is an object")
            if "turn" in line:
                turns = [line["turn"]]
                tp = f"{p}.turn"
            else:
                turns = line.get("turns")
                tp = f"{p}.turns"
            need(isinstance(turns, list) and len(turns) > 0 and all(
                isinstance(t, int) and not isinstance(t, bool) and t >= 1 for t in turns), tp,
                "expected \"turn\": a turn number, or \"turns\": a list of them")
            side = line.get("side")
            need(side in sides, f"{p}.side", f"expected one of {', '.join(sorted(sides))}, found {side!r}")
            units = line.get("units", [])
            need(isinstance(units, list), f"{p}.units", "expected a list of unit ids")
            for j, uid in enumerate(units):
                need(uid in side_of, f"{p}.units[{j}]", f"{uid!r} is not a unit of this scenario")
                need(side_of[uid] == side, f"{p}.units[{j}]", f"{uid} is not a unit of {side}")
            entry = line.get("entry", [])
            need(isinstance(entry, list), f"{p}.entry", "expected a list of cells or place names")
            cells: list[str] = []
            for j, e in enumerate(entry):
                if e in board.cells:
                    cells.append(e)
                else:
                    need(bool(board.place(e)) if isinstance(e, str) else False, f"{p}.entry[{j}]",
                         f"{e!r} is neither a cell nor a place of this board")
                    cells.extend(sorted(board.place(e), key=board.index.__getitem__))
            extra = {k: v for k, v in line.items() if k not in ("turn", "turns", "side", "units", "entry")}
            out.append(Arrival(tuple(turns), side, tuple(units), tuple(dict.fromkeys(cells)), extra))
        return cls(out)

    def due(self, turn: int, side: str) -> list[Arrival]:
        """The lines for ``side`` on ``turn``, in the schedule's order."""
        return [a for a in self.arrivals if a.side == side and turn in a.turns]


def due(schedule: Schedule, turn: int, side: str) -> list[Arrival]:
    """The schedule's lines for ``side`` on ``turn``."""
    return schedule.due(turn, side)


def entry_cells(board: Board, entries: Iterable[str], blocked: Container[str]) -> list[str]:
    """The entry cells (labels or place names) a unit may be placed on now, in board order: not
    ``blocked`` (Yukimura 8-2: an entry hex that holds a unit; Bakumatsu: its one entry hex). None
    free: the unit waits (Yukimura 8-3, Bakumatsu 13-1(4))."""
    cells: list[str] = []
    for e in entries:
        cells.extend([e] if e in board.cells else board.place(e))
    free = {c for c in cells if c not in blocked}
    return sorted(free, key=board.index.__getitem__)


def cup_outcomes(cup: Sequence[str], verb: str = "draw") -> list[tuple[Action, float]]:
    """A draw from a cup as chance outcomes: ``draw =<unit>`` for every counter in it, each as
    likely (empty cup: no outcome, no chance node)."""
    if not cup:
        return []
    p = 1.0 / len(cup)
    return [(Action(verb, arg=uid), p) for uid in cup]


def arrivals(waiting: Sequence[str], new: Iterable[str]) -> list[str]:
    """The order units come on: those that waited first (they entered nothing last time and enter
    before any new roll: Bakumatsu ruling 5), then the new ones; a unit is listed once."""
    return list(dict.fromkeys([*waiting, *new]))


def entry_reach(steps: Steps, entries: Iterable[str], allowance: Optional[int], rules: MoveRules = MoveRules(), *,
                entry_cost: int = 0, blocked: Container[str] = (), pass_only: Container[str] = (),
                zoc: Container[str] = ()) -> Reach:
    """Where a unit coming on through ``entries`` may end its move: a search from a virtual start
    ``ENTRY`` whose first step onto each entry cell costs ``entry_cost`` (Yukimura 8-1: 1 MP; an
    entry cell in an enemy ZOC is entered and the move ends there, as any ZOC cell). ``path`` of a
    cell starts with ``ENTRY``."""
    table = _WithEntry({ENTRY: tuple((e, entry_cost) for e in entries)}, steps)  # type: ignore[arg-type]
    index = getattr(steps, "index", None)
    if index is not None:
        table.index = index  # board order for destinations (the virtual start is never one)
    return reach(table, ENTRY, allowance, rules, blocked=blocked, pass_only=pass_only, zoc=zoc)


class _WithEntry(ChainMap):  # type: ignore[type-arg]
    """A step table plus the virtual start's steps, without copying the table."""

    index: dict[str, int]
