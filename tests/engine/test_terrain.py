"""Step-cost tables from a terrain effects chart (engine/terrain.py), with the two briefs' charts."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kassen.engine.board import ROAD, build_board
from kassen.engine.scenario import load_scenario
from kassen.engine.terrain import road_steps, step_table

DATA = Path(__file__).parent / "data"

#: shared/maps/bakumatsu.md 0.3 (city, mountain top: the other terrain's cost, here flat / mountain)
BAKUMATSU_TEC = {"flat": 1, "wetland": 2, "hills": 2, "mountain": 3, "mountain-top": 3, "city": 1, "pond": None}
BAKUMATSU_SIDES = {"stream": 1, "river": None}
#: shared/rules/yukimura.md 12-1, 12-2
YUKIMURA_TEC = {"flat": 1, "marsh": 2, "mountain": 2, "burial-mound": 1, "large-river": None}
YUKIMURA_SIDES = {"small-river": 1, "impassable": None}


@pytest.fixture(scope="module")
def toba():
    return build_board(json.loads((DATA / "bakumatsu_toba_fushimi_board.json").read_text()))


@pytest.fixture(scope="module")
def connected():
    return build_board(json.loads((DATA / "yukimura_connected_board.json").read_text()))


def cost(steps, a, b):
    found = [c for n, c in steps[a] if n == b]
    return found[0] if found else None


def test_bakumatsu_chart(toba):
    """8-1(1) terrain, 8-1(2) stream +1, river/pond impassable except by a bridge, 1 MP along a road."""
    steps = step_table(toba, BAKUMATSU_TEC, BAKUMATSU_SIDES, road_feature=ROAD)
    assert toba.cells["1313"].terrain == "wetland" and cost(steps, "1312", "1313") == 2
    assert cost(steps, "0519", "0520") == 1 + 1  # into Chūshojima (city on flat) across the Takase canal
    assert cost(steps, "0618", "0719") == 1  # the Yodo embankment road crosses the canal: road cost only
    assert cost(steps, "2412", "2411") is None  # the Kamo: no crossing off the road
    assert cost(steps, "2311", "2411") == 1  # Koeda bridge
    assert all(cost(steps, a, b) is None for b in toba.cells if toba.cells[b].terrain == "pond"
               for a in toba.neighbors[b])
    assert cost(steps, "1026", "1027") == 3  # the mountain top costs its mountain
    # entering a road hex off the road pays its terrain (8-1(1)③)
    assert ROAD not in toba.features("1310", "1311") and cost(steps, "1310", "1311") == 1
    assert list(steps)[:3] == ["0101", "0102", "0103"] and steps.index["0102"] == 1


def test_road_steps_follow_the_road_only(toba):
    """Bakumatsu 8-2(3), Yukimura 7-5-1: road movement stays on the road."""
    road = road_steps(toba)
    assert road["2411"] == (("2311", 1),)
    assert {n for n, _ in road["2011"]} == {"2111", "1912", "2012"}
    assert road["0101"] == ()
    assert all(ROAD in toba.features(a, b) for a in road for b, _ in road[a])


def test_yukimura_chart_on_the_connected_board(connected):
    """Yukimura 12-1(5)(6), 12-2: road 1 MP, large river only along a road, small river +1, impassable."""
    steps = step_table(connected, YUKIMURA_TEC, YUKIMURA_SIDES, road_feature=ROAD)
    river = [lab for lab, c in connected.cells.items() if c.terrain == "large-river"]
    assert river
    for b in river:  # a large-river hex only along a road (the ferry D:2326)
        for a in connected.neighbors[b]:
            assert (cost(steps, a, b) is not None) == (ROAD in connected.features(a, b))
    assert cost(steps, "D:2426", "D:2326") == 1
    assert cost(steps, "D:0808", "D:0909") is None  # the Ōjin tomb's rim
    assert cost(steps, "D:0809", "D:0909") == 1  # its causeway side
    assert cost(steps, "D:1816", "D:1817") == 1 + 1  # across the Ishikawa off the road
    assert cost(steps, "D:1916", "D:1917") == 1  # the ford on the Nara road
    assert cost(steps, "Y:0101", "Y:0102") == 2  # marsh
    assert all(connected.cells[n].map == connected.cells[a].map for a in steps for n, _ in steps[a])


def test_connection_costs_win_and_blocking_features_close_steps():
    inn = load_scenario("ikedaya").board
    steps = step_table(inn, {"clear": 1}, {"railing": None})
    assert cost(steps, "1C1", "2C2") == 2  # stairs
    assert cost(steps, "1C4", "2C4") == 2  # the back staircase (arrow)
    assert cost(steps, "1C1", "Street") == 1  # the exit
    assert cost(steps, "2B1", "1B2") is None  # a railing is a jump, not a step
    assert cost(steps, "2A1", "2A2") is None  # 2A2 is not a square
    plain = step_table(inn, {"clear": 5}, {"railing": None}, connection_cost=False)
    assert cost(plain, "1C1", "2C2") == 5


def test_a_terrain_missing_from_the_chart_is_named():
    board = build_board({"grid": {"kind": "hex", "columns": 2, "rows": 2}, "terrain": {"swamp": ["0101"]}})
    with pytest.raises(KeyError, match="swamp"):
        step_table(board, {"clear": 1})
