"""Static data of one Kawanakajima scenario, precomputed once when the rules are built.

Everything here is immutable and derived from the scenario JSON: neighbour tuples of the map
hexes, terrain costs, the river and scoring-region sets, start groups, X1-X3, the decks and each
general's printed values. Rules code reads these tables on hot paths instead of the Board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...engine.errors import ScenarioError
from ...engine.scenario import Scenario
from ...engine.terrain import Steps, step_table
from ...engine.zoc import ZoneOfControl

UESUGI = "uesugi"
TAKEDA = "takeda"
SIDES = (UESUGI, TAKEDA)
OTHER = {UESUGI: TAKEDA, TAKEDA: UESUGI}
RETREAT_CARD = "R"
CARD_ORDER = ("1", "2", "3", "4", "4.5", "5", "6", RETREAT_CARD)
CARD_RANK = {c: i for i, c in enumerate(CARD_ORDER)}
GROUPS = ("I", "II", "III")


def card_value(card: str) -> float:
    """The modifier printed on a numbered card (a Retreat card has none)."""
    return float(card)


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in printed order (1 ... 6, then Retreat): a canonical order for hands and piles."""
    return sorted(cards, key=CARD_RANK.__getitem__)


@dataclass(frozen=True)
class General:
    """One unit as printed on its counter."""

    id: str
    side: str
    name: str
    kanji: str
    code: Optional[str]
    value: float
    commander: bool
    start: str

    @property
    def night_army(self) -> bool:
        """One of the 11 uncoded Takeda units (drawn blind onto X1-X3 or kept in the night box)."""
        return self.code is None


class Tables:
    """Precomputed, read-only tables for one scenario."""

    def __init__(self, scenario: Scenario) -> None:
        board = self.board = scenario.board
        params = scenario.params
        file = scenario.file
        self.map_cells: tuple[str, ...] = tuple(c.label for c in board.map_cells())
        self.on_map = frozenset(self.map_cells)
        self.neighbors: dict[str, tuple[str, ...]] = {
            lab: tuple(n for n in board.neighbors[lab] if n in self.on_map) for lab in self.map_cells}
        self.terrain: dict[str, str] = {lab: board.cells[lab].terrain for lab in self.map_cells}
        costs = params["terrain_cost"]
        self.cost: dict[str, int] = {lab: costs[t] for lab, t in self.terrain.items()}
        #: (neighbour, MP to enter it) pairs per cell, from the terrain chart (engine.terrain), for the
        #: movement search; and the six hexes around a unit, its zone of control (6)
        self.steps: Steps = step_table(board, costs)
        self.zones = ZoneOfControl(board)
        self.river = frozenset(lab for lab, t in self.terrain.items() if t == "river")
        self.mountain = frozenset(lab for lab, t in self.terrain.items() if t == "mountain")
        self.mp: int = params["movement_points"]
        self.attack_cost: int = params["attack_cost"]
        self.command_limit: int = params["command_limit"]
        self.turns: int = params["turns"]
        self.river_penalty: float = params["river_penalty"]
        self.retreat_marker_penalty: float = params["retreat_marker_penalty"]
        self.commander_penalty: float = params["commander_retreat_penalty"]
        self.hours: tuple[str, ...] = tuple(params["hours"])
        self.levels: tuple[tuple[int, str], ...] = tuple(
            sorted((lv["min"], lv["level"]) for lv in params["victory_levels"]))

        # decks: every card a side owns, and the cards set aside in the box at the start
        self.decks: dict[str, tuple[str, ...]] = {s: tuple(sort_cards(params["decks"][s])) for s in SIDES}
        self.set_aside: dict[str, tuple[str, ...]] = {s: tuple(sort_cards(params["set_aside"][s])) for s in SIDES}
        ex = params["exchange"]
        self.exchange_side: str = ex["side"]
        self.exchange_from: int = ex["from_turn"]
        self.exchange_give: str = ex["give"]
        self.exchange_take: str = ex["take"]

        # the night-attack army box and the reinforcement hexes X1-X3 (in that order)
        self.night_box: str = params["night_box"]
        if self.night_box not in board.cells or board.cells[self.night_box].kind != "box":
            raise ScenarioError(file, "$.rules.night_box", f"{self.night_box!r} is not a box of the board")
        xs = params["reinforcement_hexes"]
        for name in ("X1", "X2", "X3"):
            if xs[name] not in self.on_map:
                raise ScenarioError(file, f"$.rules.reinforcement_hexes.{name}", f"{xs[name]!r} is not a map hex")
        self.x_hexes: tuple[str, ...] = (xs["X1"], xs["X2"], xs["X3"])
        self.x_name: dict[str, str] = {xs[n]: n for n in ("X1", "X2", "X3")}

        # start hexes: Uesugi groups I-III and the 15 Takeda start hexes
        self.group_hexes: dict[str, tuple[str, ...]] = {
            g: tuple(sorted(board.place(f"uesugi_group_{g}"))) for g in GROUPS}
        self.group_of: dict[str, str] = {h: g for g, hs in self.group_hexes.items() for h in hs}
        self.takeda_start: tuple[str, ...] = tuple(sorted(board.place("takeda_start")))
        self.takeda_blank: str = params["takeda_blank"]
        if self.takeda_blank not in self.takeda_start:
            raise ScenarioError(file, "$.rules.takeda_blank", f"{self.takeda_blank!r} is not in board.places.takeda_start")

        # the Uesugi scoring region ("Takeda's side of the river"); river hexes never count
        region: set[str] = set()
        for col, (first, last) in params["uesugi_scoring_region"]["by_column"].items():
            for row in range(first, last + 1):
                lab = f"{col}{row:02d}"
                if lab not in self.on_map:
                    raise ScenarioError(file, f"$.rules.uesugi_scoring_region.by_column.{col}",
                                        f"row {row} of column {col} is not on the map")
                region.add(lab)
        self.scoring_region = frozenset(region - self.river)

        # the generals
        self.generals: dict[str, General] = {}
        for uid, u in scenario.units.items():
            self.generals[uid] = General(id=uid, side=u["side"], name=u["name"], kanji=u["kanji"], code=u["code"],
                                         value=float(u["value"]), commander=bool(u.get("commander", False)),
                                         start=u["start"])
        self.unit_ids: tuple[str, ...] = tuple(scenario.units)
        self.side: dict[str, str] = {uid: g.side for uid, g in self.generals.items()}
        self.side_units: dict[str, tuple[str, ...]] = {
            s: tuple(uid for uid in self.unit_ids if self.generals[uid].side == s) for s in SIDES}
        self.commander: dict[str, str] = {}
        for i, side in enumerate(scenario.data["sides"]):
            cid = side["commander"]
            if cid not in self.generals or self.generals[cid].side != side["id"] or not self.generals[cid].commander:
                raise ScenarioError(file, f"$.sides[{i}].commander", f"{cid!r} is not a commanding general of this side")
            self.commander[side["id"]] = cid
        self.crest: dict[str, str] = {s["id"]: s["crest"] for s in scenario.data["sides"]}
        self.coded_takeda: tuple[str, ...] = tuple(
            uid for uid in self.side_units[TAKEDA] if not self.generals[uid].night_army)
        self.night_army: tuple[str, ...] = tuple(
            uid for uid in self.side_units[TAKEDA] if self.generals[uid].night_army)
        #: the same as a set (visibility asks it often: blind units are unknown even to their owner)
        self.blind: frozenset[str] = frozenset(self.night_army)
        starts: dict[str, str] = {}
        for i, (uid, g) in enumerate(self.generals.items()):
            p = f"$.units[{i}].start"
            if not g.night_army and g.start in starts:
                raise ScenarioError(file, p, f"{uid} and {starts[g.start]} both start on {g.start}: one unit per "
                                             f"hex (4(2))")
            starts.setdefault(g.start, uid)
            if g.night_army and g.side != TAKEDA:
                raise ScenarioError(file, f"$.units[{i}].code", "only Takeda units are uncoded (the night army)")
            if g.night_army:
                if g.start != self.night_box:
                    raise ScenarioError(file, p, "an uncoded Takeda unit starts in the night-attack box")
            elif g.side == UESUGI and g.start not in self.group_of:
                raise ScenarioError(file, p, f"{g.start!r} is not in an Uesugi start group")
            elif g.side == TAKEDA and g.start not in self.takeda_start:
                raise ScenarioError(file, p, f"{g.start!r} is not a Takeda start hex")

        self._near: dict[str, frozenset[str]] = {}  # filled lazily by near(): a pure cache

    # -- small helpers used everywhere ----------------------------------------------------------
    def near(self, hex_: str) -> frozenset[str]:
        """Hexes within MP + 1 of ``hex_``: the only ones whose units can change where a unit on
        ``hex_`` may move (a path of at most MP hexes, and the ZOCs touching it)."""
        found = self._near.get(hex_)
        if found is None:
            reach = {hex_}
            ring = {hex_}
            for _ in range(self.mp + 1):
                ring = {n for h in ring for n in self.neighbors[h]} - reach
                reach |= ring
            found = self._near[hex_] = frozenset(reach)
        return found

    def side_of(self, uid: str) -> str:
        return self.side[uid]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbors.get(a, ())
