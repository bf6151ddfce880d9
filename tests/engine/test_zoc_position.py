"""Zones of control with blocking hexsides and unenterable cells (engine/zoc.py), and the per-state
Position with its explicit invalidation (engine/position.py)."""
from __future__ import annotations

import json
import random
from pathlib import Path

from kassen.engine.board import ROAD, build_board
from kassen.engine.position import Position
from kassen.engine.scenario import load_scenario
from kassen.engine.zoc import ZoneOfControl, zone

DATA = Path(__file__).parent / "data"


def test_a_zone_is_the_six_neighbours_and_optionally_the_own_hex():
    board = build_board({"grid": {"kind": "hex", "columns": 5, "rows": 5}})
    assert zone(board, ["0303"]) == set(board.neighbors["0303"])
    assert zone(board, ["0303"], include_own=True) == set(board.neighbors["0303"]) | {"0303"}
    assert zone(board, ["0101", "0505"]) == set(board.neighbors["0101"]) | set(board.neighbors["0505"])
    assert zone(board, []) == frozenset()


def test_bakumatsu_zone_stops_at_river_and_pond():
    """Bakumatsu 3-2: own hex and the six around; never across a river or pond hexside."""
    board = build_board(json.loads((DATA / "bakumatsu_toba_fushimi_board.json").read_text()))
    ponds = {lab for lab, c in board.cells.items() if c.terrain == "pond"}
    zoc = ZoneOfControl(board, include_own=True, blocked_features={"river"}, unenterable=ponds)
    z = zoc.zone(["2411"])  # north end of Koeda bridge
    assert z == {"2411", "2410"}  # the Kamo on the other sides, the bridge included
    assert z == {"2411"} | {n for n in board.neighbors["2411"] if "river" not in board.features("2411", n)}
    assert not (zoc.zone(["0519", "0418"]) & ponds)
    assert zoc.zone(["nowhere"]) == frozenset()


def test_yukimura_zone_stops_at_impassable_sides_and_unenterable_hexes():
    """Yukimura 6-2: no ZOC across an impassable hexside or into a hex normal movement cannot enter."""
    board = build_board(json.loads((DATA / "yukimura_connected_board.json").read_text()))
    unenterable = {lab for lab, c in board.cells.items() if c.terrain == "large-river" and ROAD not in c.places}
    zoc = ZoneOfControl(board, blocked_features={"impassable"}, unenterable=unenterable)
    assert "D:0909" not in zoc.zone(["D:0808"]) and "D:0909" in zoc.zone(["D:0809"])  # the tomb's causeway
    z = zoc.zone(["D:2316"])
    assert "D:2217" in unenterable and "D:2217" not in z
    assert "D:2326" not in unenterable  # the ferry hex carries a road
    assert all(board.cells[c].map == "Y" for c in zoc.zone(["Y:0101"]))


def test_ikedaya_zone_keeps_to_one_floor():
    """Ikedaya: stairs and arrows join floors for combat, but a zone stays on its floor."""
    board = load_scenario("ikedaya").board
    zoc = ZoneOfControl(board, crosses=lambda a, b: board.cells[a].floor == board.cells[b].floor)
    assert "2C2" not in zoc.zone(["1C1"]) and "1B2" in zoc.zone(["1C1"])  # the stairs; the special link
    assert "Street" not in zoc.zone(["1C1"])


def units_and_sides(board, rnd: random.Random, n: int):
    cells = rnd.sample([c for c in board.cells], n)
    units = {f"u{i}": {"at": cells[i]} for i in range(n)}
    side_of = {f"u{i}": ("red" if i % 2 else "blue") for i in range(n)}
    return units, side_of


def test_position_occupancy_zones_and_moves_stay_exact():
    board = build_board({"grid": {"kind": "hex", "columns": 6, "rows": 6}, "boxes": [{"id": "box"}]})
    zoc = ZoneOfControl(board)
    cells = list(board.cells)
    rnd = random.Random(7)
    units, side_of = units_and_sides(board, rnd, 10)
    pos = Position(units, side_of, board, zoc.zone)
    for _ in range(300):
        uid = rnd.choice(list(units))
        target = rnd.choice(cells + [None, "box"])
        before = pos.zone("red"), pos.enemy_zone("red"), pos.cells_of("blue"), pos.occupied
        pos.move(uid, target)
        assert units[uid]["at"] == target
        fresh = Position(units, side_of, board, zoc.zone)
        assert pos.occupied == fresh.occupied
        assert pos.held() == fresh.held() == {c for c in fresh.occupied if c in board.cells and c != "box"}
        for side in ("red", "blue"):
            assert pos.cells_of(side) == fresh.cells_of(side)
            assert pos.zone(side) == fresh.zone(side) == zoc.zone(
                u["at"] for k, u in units.items() if side_of[k] == side and board.is_on_map(u["at"]))
            assert pos.enemy_zone(side) == fresh.zone("blue" if side == "red" else "red")
        assert before  # the old caches were asked before the move
    some = next(iter(pos.occupied))
    assert pos.occupant(some) == pos.occupants(some)[0] and pos.occupant("nowhere") is None


def test_position_exerts_and_invalidate():
    board = build_board({"grid": {"kind": "hex", "columns": 4, "rows": 4}})
    zoc = ZoneOfControl(board)
    units = {"a": {"at": "0202", "commander": True}, "b": {"at": "0404"}, "c": {"at": "0202"}}
    side_of = {"a": "red", "b": "blue", "c": "red"}
    pos = Position(units, side_of, board, zoc.zone, exerts=lambda u: not units[u].get("commander"))
    assert pos.occupants("0202") == ["a", "c"]
    assert pos.zone("red") == zoc.zone(["0202"])  # c exerts it
    pos.move("c", "0101")
    assert pos.zone("red") == zoc.zone(["0101"])  # the commander exerts none
    units["a"]["commander"] = False
    assert pos.zone("red") == zoc.zone(["0101"])  # cached until told
    pos.invalidate("red")
    assert pos.zone("red") == zoc.zone(["0101", "0202"])
    pos.move("c", "0202")
    assert pos.occupants("0202") == ["a", "c"]  # the units' order, whatever the order of arrival
    units["b"]["at"] = "0303"
    pos.invalidate()
    assert pos.occupant("0303") == "b" and pos.cells_of("blue") == {"0303"}
