"""The Mukden map and counters as the rules see it: precomputed once per scenario, never part of the state.

Everything the rules ask on a hot path (neighbours, river and fortress hexsides, the special
hexes) is a dict or frozenset lookup here, so legal_actions and apply stay cheap.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.board import Board
from ...engine.errors import quote
from ...engine.movement import MoveRules
from ...engine.scenario import Scenario
from ...engine.terrain import Steps, as_steps, step_table
from ...engine.zoc import ZoneOfControl

JAPAN = "japan"
RUSSIA = "russia"
SIDES = (JAPAN, RUSSIA)
DETOUR_LETTERS = {"detour_a": "A", "detour_b": "B", "detour_c": "C"}


def other(side: str) -> str:
    return RUSSIA if side == JAPAN else JAPAN


@dataclass(frozen=True)
class MukdenMap:
    """Static geometry and unit data of one Mukden scenario."""

    hexes: tuple[str, ...]
    neighbors: dict[str, tuple[str, ...]]
    river: frozenset[tuple[str, str]]  # both orders of every river hexside
    fortress: frozenset[tuple[str, str]]  # both orders of every fortress-line hexside
    mountain: frozenset[str]
    mukden: str
    railway: frozenset[str]
    victory: frozenset[str]  # Mukden and the railway north of it
    supply: frozenset[str]
    exits: frozenset[str]
    fortress_inside: frozenset[str]
    detour_cells: dict[str, str]  # letter -> hex
    detour_steps: tuple[tuple[str, ...], ...]  # hexes open after 0, 1, 2 ... waits
    reserve_box: str
    withdrawn_box: str
    detour_unit: str
    side_of: dict[str, str]
    units_of: dict[str, tuple[str, ...]]  # in allotment order
    fp_total: dict[str, int]
    fp_min: int
    time_limit: int
    #: ruling X8: this many player turns in a row without a combat end the game as on time
    quiet_turns_limit: int
    die_bonus_cap: int
    modified_fp_floor: int | None
    #: the engine's movement tables (engine.movement), per side: every step costs 1 hex of the two;
    #: a Russian on an exit hex may step into the withdrawn box
    steps: dict[str, Steps]
    move_rules: dict[str, MoveRules]
    zones: ZoneOfControl  # a unit's zone is the six hexes around it (where enemies stop)
    board: Board

    @staticmethod
    def from_scenario(scenario: Scenario) -> "MukdenMap":
        board = scenario.board
        params: dict[str, Any] = scenario.params
        hexes = tuple(c.label for c in board.map_cells())
        river: set[tuple[str, str]] = set()
        fortress: set[tuple[str, str]] = set()
        for conn in board.connections.values():
            for feature, target in (("river", river), ("fortress", fortress)):
                if feature in conn.features:
                    target.add((conn.a, conn.b))
                    target.add((conn.b, conn.a))
        place = board.place
        detour_cells = {letter: sorted(place(name))[0] for name, letter in DETOUR_LETTERS.items()}
        steps = tuple(tuple(sorted(place(name))[0] for name in names) for names in params["detour_hexes"])
        mukden = sorted(place("mukden"))[0]
        side_of = {uid: u["side"] for uid, u in scenario.units.items()}
        units_of = {side: tuple(params["allot_order"][side]) for side in SIDES}
        mountain = frozenset(c.label for c in board.map_cells() if c.terrain == "mountain")
        supply = place("supply_source")
        exits = place("exit")
        withdrawn = params["withdrawn_box"]
        base = step_table(board, {t: 1 for t in {c.terrain for c in board.cells.values()}})
        russian = as_steps({c: tuple(base[c]) + (((withdrawn, 1),) if c in exits else ()) for c in base}, base.index)
        # mukden.6.river-stop / mountain-start-one: a river crossing ends the move, and so does any step
        # out of a mountain hex (only the first step can be one: entering a mountain ends the move)
        stop_steps = {a: frozenset(b for b in board.neighbors[a] if (a, b) in river or a in mountain)
                      for a in board.cells}
        clauses = {"occupied": "mukden.6.no-shared-hex", "zoc-locked": "mukden.6.locked-if-adjacent",
                   "zoc-stop": "mukden.6.stop-adjacent", "too-far": "mukden.6.move-one-or-two"}
        # mukden.6.stop-adjacent, mountain-stop, locked-if-adjacent; a Russian entering the supply
        # source ends the game (mukden.4.supply-sudden-death), so the move ends there too
        move_rules = {side: MoveRules(zoc_locked=True, stop_steps=stop_steps, clauses=clauses,
                                      stop_cells=mountain | (supply if side == RUSSIA else frozenset()))
                      for side in SIDES}
        return MukdenMap(
            hexes=hexes,
            neighbors={h: board.neighbors[h] for h in hexes},
            river=frozenset(river),
            fortress=frozenset(fortress),
            mountain=mountain,
            mukden=mukden,
            railway=place("railway"),
            victory=frozenset({mukden} | set(place("railway_north"))),
            supply=supply,
            exits=exits,
            fortress_inside=place("fortress_inside"),
            detour_cells=detour_cells,
            detour_steps=steps,
            reserve_box=params["reserve_box"],
            withdrawn_box=withdrawn,
            detour_unit=params["detour_unit"],
            side_of=side_of,
            units_of=units_of,
            fp_total=dict(params["fp_total"]),
            fp_min=params["fp_min"],
            time_limit=params["time_limit"],
            quiet_turns_limit=params.get("quiet_turns_limit", 10),
            die_bonus_cap=params["die_bonus_cap"],
            modified_fp_floor=params["modified_fp_floor"],
            steps={side: russian if side == RUSSIA else base for side in SIDES},
            move_rules=move_rules,
            zones=ZoneOfControl(board),
            board=board,
        )

    def problems(self, scenario: Scenario) -> list[str]:
        """Cross-checks the schema cannot express (used by Rules.__init__ and the map test)."""
        return [message for _, message in self.located_problems(scenario)]

    def located_problems(self, scenario: Scenario) -> list[tuple[str, str]]:
        """``problems`` with the JSON path each one is at, so an error names the place to fix."""
        out: list[tuple[str, str]] = []
        board = scenario.board
        for key, box in (("reserve_box", self.reserve_box), ("withdrawn_box", self.withdrawn_box)):
            if box not in board.cells or board.cells[box].kind != "box":
                out.append((f"$.rules.{key}", f"rules names {quote(box)} as an off-map box, but the board has no "
                                              f"such box"))
        if self.detour_unit not in self.side_of or self.side_of[self.detour_unit] != JAPAN:
            out.append(("$.rules.detour_unit", f"the detour unit {quote(self.detour_unit)} is not a Japanese unit"))
        for side in SIDES:
            order = self.units_of[side]
            if sorted(order) != sorted(u for u, s in self.side_of.items() if s == side):
                out.append((f"$.rules.allot_order.{side}", f"rules.allot_order.{side} must list exactly the {side} "
                                                          f"units"))
            if self.fp_total[side] < self.fp_min * len(order):
                out.append((f"$.rules.fp_total.{side}",
                            f"{side} cannot give every unit {self.fp_min} FP out of {self.fp_total[side]}"))
        seen: dict[str, str] = {}
        for i, unit in enumerate(scenario.data.get("units", [])):
            uid, start, path = unit["id"], unit.get("start"), f"$.units[{i}].start"
            if uid == self.detour_unit:
                if start != self.reserve_box:
                    out.append((path, f"{uid} must start in the off-map box {self.reserve_box}"))
            elif start not in self.neighbors:
                out.append((path, f"{uid} must start on a map hex, not {quote(start)}"))
            elif start in seen:
                out.append((path, f"two units start in the same hex: {seen[start]} and {uid} on {start} "
                                  f"(mukden.6.no-shared-hex)"))
            else:
                seen[start] = uid
        for name, cells in (("fortress_inside", self.fortress_inside), ("exit", self.exits),
                            ("supply_source", self.supply), ("railway", self.railway)):
            for h in cells:
                if h not in self.neighbors:
                    out.append((f"$.board.places.{name}", f"place {name} holds {quote(h)}, which is not a map hex"))
        return out

    # -- hot-path questions ------------------------------------------------------------------
    def across_river(self, a: str, b: str) -> bool:
        return (a, b) in self.river

    def across_fortress(self, a: str, b: str) -> bool:
        return (a, b) in self.fortress
