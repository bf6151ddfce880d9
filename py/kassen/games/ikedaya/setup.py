"""Set-up as actions: the Ronin place their counters one at a time in their areas, then the
Shinsengumi set up in the Entrance (ikedaya.setup.*, rulings ikedaya-r04 and ikedaya-n12).

A mixin of ``Rules``: the methods use its helpers (``_act``, ``side_of``, ``_start_turn``...).
"""
from __future__ import annotations

from ...engine.actions import Action
from ...engine.state import Event, State, event
from . import text
from .data import InnData, POOL
from .movement import Occupancy, occupancy, room


class SetupFlow:
    """The set-up phase of ``Rules``."""

    data: InnData

    def _setup_cells(self, state: State, occ: Occupancy, side: str) -> list[str]:
        """Squares where the side's next counter may be set up (ikedaya.setup.*)."""
        exempt = self.data.setup_exempt if self.options_of(state)["entrance_setup"] == "exempt" else frozenset()
        cells: list[str] = []
        for group_cells, count in self.data.setup_groups[side]:
            placed = sum(1 for c in group_cells for u in occ.get(c, ()) if self.side_of(u) == side)
            if placed >= count:
                continue
            for c in self.data.squares:
                if c in group_cells and (c in exempt or room(self.data, occ, c, 1)):
                    cells.append(c)
        return cells

    def _setup_actions(self, state: State) -> list[Action]:
        side = state["active"]
        occ = occupancy(self.data, state["units"])
        waiting = [u for u in occ.get(POOL, ()) if self.side_of(u) == side]
        cells = self._setup_cells(state, occ, side)
        if not waiting or not cells:
            return []
        exempt = self.data.setup_exempt if self.options_of(state)["entrance_setup"] == "exempt" else frozenset()
        if len(cells) == 1 and len(waiting) > 1:
            # one square for everybody (the Shinsengumi in the Entrance): one click places them all
            c = cells[0]
            group_left = min(count - sum(1 for g in group_cells for u in occ.get(g, ()) if self.side_of(u) == side)
                             for group_cells, count in self.data.setup_groups[side] if c in group_cells)
            if group_left >= len(waiting) and (c in exempt or room(self.data, occ, c, len(waiting))):
                return [self._act("place", tuple(waiting), c)]
        return [self._act("place", (u,), c) for u in waiting for c in cells]

    def _place(self, state: State, action: Action, events: list[Event]) -> None:
        side = state["active"]
        for u in action.units:
            state["units"][u]["at"] = action.cell
        events.append(event(f"{text.names(self.data, action.units)} set up in {self.data.square_text(action.cell)}",
                            "setup", side=side))
        occ = occupancy(self.data, state["units"])
        waiting = [u for u in occ.get(POOL, ()) if self.side_of(u) == side]
        if waiting and self._setup_cells(state, occ, side):
            return
        order = self.data.setup_order
        i = order.index(side) + 1
        while i < len(order):
            nxt = order[i]
            if any(self.side_of(u) == nxt for u in occ.get(POOL, ())) and self._setup_cells(state, occ, nxt):
                state["active"] = nxt
                events.append(event(f"The {self.side_name(nxt)} player sets up", "phase"))
                return
            i += 1
        if waiting:
            events.append(event(f"{text.names(self.data, waiting)} wait outside the Entrance", "setup", side=side))
        self._start_turn(state, events)

