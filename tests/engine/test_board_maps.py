"""Boards of several maps, roads, terrain matrices, hex lines and rings (engine/board.py, hexgrid.py).

The customers are the two big games: Yukimura's connected scenario puts the Dōmyōji and Yao maps
side by side (labels D:1621, Y:2801), Bakumatsu's Toba-Fushimi map is typed in as a terrain matrix
one column per line from the north edge down. The briefs' data (tests/engine/data) must build.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from kassen.engine import hexgrid
from kassen.engine.board import ROAD, build_board, line_blocked
from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import parse_scenario

from .toy import SCENARIO

DATA = Path(__file__).parent / "data"


def two_maps() -> dict:
    return {
        "maps": [
            {"id": "A", "name": "West", "grid": {"kind": "hex", "columns": 4, "rows": 3},
             "terrain": {"hill": ["0202"]}, "hexsides": {"river": [["0201", "0202"]]},
             "roads": [["0101", "0201", "0302"]], "places": {"goal": ["0403"]}, "names": {"0101": "Fort"}},
            {"id": "B", "grid": {"kind": "hex", "columns": 3, "rows": 3}, "offset": [8, 0],
             "default_terrain": "marsh", "places": {"goal": ["0101"]}},
        ],
        "boxes": [{"id": "off", "name": "Off map"}],
        "connections": [{"a": "A:0403", "b": "B:0101", "kind": "ford"}],
        "places": {"entry": ["B:0303"]},
    }


def test_labels_are_prefixed_and_cells_know_their_map():
    b = build_board(two_maps())
    assert len(b.cells) == 12 + 9 + 1
    assert list(b.cells)[:2] == ["A:0101", "A:0102"] and list(b.cells)[-1] == "off"
    assert b.cells["A:0202"].terrain == "hill" and b.cells["B:0202"].terrain == "marsh"
    assert b.cells["A:0101"].terrain == "clear"
    assert b.cells["A:0101"].map == "A" and b.cells["B:0303"].map == "B" and b.cells["off"].map is None
    assert (b.cells["A:0101"].col, b.cells["A:0101"].row) == (1, 1)
    assert b.cells["A:0101"].name == "Fort"
    assert [(m.id, m.name, m.offset) for m in b.maps] == [("A", "West", (0.0, 0.0)), ("B", None, (8.0, 0.0))]
    assert b.grid["maps"] == ["A", "B"] and b.grid["kind"] == "hex"
    # drawing positions: each map's own centres, shifted by its offset (side by side)
    assert (b.cells["A:0101"].x, b.cells["A:0101"].y) == hexgrid.center(1, 1)
    x, y = hexgrid.center(2, 3)
    assert (b.cells["B:0203"].x, b.cells["B:0203"].y) == (x + 8, y)


def test_maps_touch_only_through_explicit_connections():
    b = build_board(two_maps())
    for lab, nbrs in b.neighbors.items():
        for n in nbrs:
            if b.cells[lab].map != b.cells[n].map and b.cells[lab].kind != "box":
                assert {lab, n} == {"A:0403", "B:0101"}
    assert b.features("A:0403", "B:0101") == {"ford"}
    assert b.distance("A:0101", "A:0403") == hexgrid.distance((1, 1), (4, 3))
    assert b.distance("A:0403", "B:0101") is None  # no geometry across maps, even where connected
    assert b.line("A:0101", "B:0101") is None
    assert line_blocked(b, "A:0101", "B:0101", lambda c: False)
    assert b.within("B:0101", 1) == ["B:0101", "B:0102", "B:0201"]


def test_places_merge_across_maps_and_roads_become_features_and_a_place():
    b = build_board(two_maps())
    assert b.place("goal") == {"A:0403", "B:0101"}
    assert b.place("entry") == {"B:0303"}
    assert b.place(ROAD) == {"A:0101", "A:0201", "A:0302"}
    assert ROAD in b.features("A:0101", "A:0201") and ROAD in b.features("A:0302", "A:0201")
    assert ROAD not in b.features("A:0101", "A:0102")
    assert ROAD in b.cells["A:0201"].places
    assert b.features("A:0201", "A:0202") == {"river"}


def test_a_road_across_a_river_hexside_is_a_bridge():
    spec = {"grid": {"kind": "hex", "columns": 3, "rows": 3}, "hexsides": {"river": [["0201", "0202"]]},
            "roads": [["0101", "0201", "0202", "0203"]]}
    b = build_board(spec)
    assert b.features("0201", "0202") == {"river", ROAD}
    assert b.cells["0201"].map is None and b.maps[0].id is None  # a single map keeps bare labels


def test_a_multi_map_scenario_loads_and_units_start_on_prefixed_cells():
    data = copy.deepcopy(SCENARIO)
    data["board"] = two_maps()
    data["units"][0]["start"] = "A:0101"
    data["units"][1]["start"] = "B:0303"
    sc = parse_scenario(data, "two.json")
    assert sc.units["b1"]["start"] == "B:0303"


@pytest.mark.parametrize("mutate, path, words", [
    (lambda d: d["board"].update(grid={"kind": "hex", "columns": 2, "rows": 2}), "$.board", "several"),
    (lambda d: d["board"].pop("maps"), "$.board", "several"),
    (lambda d: d["board"]["maps"][1].update(id="A"), "$.board.maps[1].id", "duplicate map id"),
    (lambda d: d["board"]["maps"][1].update(id="B:1"), "$.board.maps[1].id", "letters and digits"),
    (lambda d: d["board"].update(terrain={"hill": ["A:0101"]}), "$.board.terrain", "belongs in each map"),
    (lambda d: d["board"]["maps"][0]["roads"].append(["0101", "0303"]), "$.board.maps[0].roads[1][1]",
     "does not neighbour"),
    (lambda d: d["board"]["maps"][0]["places"]["goal"].append("0909"), "$.board.maps[0].places.goal[1]",
     "not a cell of map A"),
    (lambda d: d["board"]["maps"][0]["places"]["goal"].append("B:0101"), "$.board.maps[0].places.goal[1]",
     "not a cell of map A"),
    (lambda d: d["board"]["connections"][0].update(b="0101"), "$.board.connections[0].b", "not a cell"),
    (lambda d: d["board"]["places"]["entry"].append("0303"), "$.board.places.entry[1]", "not a cell"),
])
def test_multi_map_errors_name_the_path(mutate, path, words):
    data = copy.deepcopy(SCENARIO)
    data["board"] = two_maps()
    data["units"][0]["start"] = "A:0101"
    data["units"][1]["start"] = "B:0303"
    mutate(data)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "two.json")
    assert info.value.path == path, str(info.value)
    assert words in info.value.detail, str(info.value)


def matrix_board(**matrix) -> dict:
    base = {"by": "column", "legend": {".": "flat", "w": "wetland", "x": None}, "lines": ["..w", ".w.", "w.x"]}
    base.update(matrix)
    return {"grid": {"kind": "hex", "columns": 3, "rows": 3}, "terrain_matrix": base}


def test_terrain_matrix_by_column_row_and_descending():
    b = build_board(matrix_board())
    assert [b.cells[lab].terrain for lab in ("0101", "0102", "0103", "0202", "0301")] == \
        ["flat", "flat", "wetland", "wetland", "wetland"]
    assert "0303" not in b.cells  # a null legend value: no hex there (an irregular edge)
    assert "0303" not in b.neighbors["0302"]
    b = build_board(matrix_board(by="row"))
    assert [b.cells[lab].terrain for lab in ("0301", "0103", "0202")] == ["wetland", "wetland", "wetland"]
    b = build_board(matrix_board(descending=True, lines=["w.x", ".w.", "..w"]))  # column 3 typed first
    assert b.cells["0103"].terrain == "wetland" and "0303" not in b.cells
    # a terrain list corrects the matrix
    spec = matrix_board()
    spec["terrain"] = {"hill": ["0101"]}
    assert build_board(spec).cells["0101"].terrain == "hill"


@pytest.mark.parametrize("matrix, path, words", [
    ({"lines": ["..w", ".w."]}, "$.board.terrain_matrix.lines", "expected 3 lines"),
    ({"lines": ["..w", ".w", "w.x"]}, "$.board.terrain_matrix.lines[1]", "expected 3 characters"),
    ({"lines": ["..w", ".q.", "w.x"]}, "$.board.terrain_matrix.lines[1]", "'q' at position 2"),
    ({"lines": [".q.", "..w", "w.x"], "descending": True}, "$.board.terrain_matrix.lines[0]", "'q'"),
])
def test_terrain_matrix_errors(matrix, path, words):
    with pytest.raises(ScenarioError) as info:
        build_board(matrix_board(**matrix))
    assert info.value.path == path and words in info.value.detail, str(info.value)


def test_bakumatsu_toba_fushimi_brief_builds_with_its_counts():
    """shared/maps/bakumatsu.md 1.2: 24 x 28 typed from column 24 (north) down; counts as stated."""
    spec = json.loads((DATA / "bakumatsu_toba_fushimi_board.json").read_text())
    b = build_board(spec)
    assert len(b.cells) == 672
    assert Counter(c.terrain for c in b.cells.values()) == {
        "flat": 366, "wetland": 128, "hills": 80, "mountain": 6, "mountain-top": 1, "city": 23, "pond": 68}
    assert b.cells["1027"].terrain == "mountain-top" and b.cells["1122"].terrain == "hills"
    assert b.features("2411", "2311") == {"river", ROAD}  # Koeda bridge over the Kamo
    assert b.features("0306", "0205") == {"river", ROAD}  # the Yodo bridge over the Uji
    assert b.place(ROAD) == {lab for chain in spec["roads"] for lab in chain} and "0105" in b.place(ROAD)


def test_yukimura_connected_board_from_the_brief():
    """shared/maps/yukimura.md 2.2-2.4: two 29 x 30 maps, Yao to the right of Dōmyōji."""
    b = build_board(json.loads((DATA / "yukimura_connected_board.json").read_text()))
    assert len(b.cells) == 2 * 29 * 30
    assert b.cells["D:1621"].terrain == "mountain" and b.cells["D:2326"].terrain == "large-river"
    assert b.cells["Y:2801"].map == "Y" and ROAD in b.cells["Y:2801"].places
    assert b.features("D:1917", "D:1916") == {"small-river", ROAD}  # the Ishikawa ford
    assert "impassable" in b.features("D:0909", "D:0808")
    assert b.cells["Y:0101"].x > max(c.x for c in b.cells.values() if c.map == "D")
    assert b.distance("D:2801", "Y:0101") is None


def test_hex_lines_step_through_neighbours_and_the_pair_splits_along_hexsides():
    for a, c in [((1, 1), (6, 4)), ((3, 7), (9, 2)), ((5, 5), (5, 9)), ((2, 2), (2, 2))]:
        line = hexgrid.hex_line(a, c)
        assert line[0] == a and line[-1] == c and len(line) == hexgrid.distance(a, c) + 1
        assert all(hexgrid.distance(p, q) == 1 for p, q in zip(line, line[1:]))
    # cube (0,0,0) -> (2,-1,-1) runs along the hexside between (1,0,-1) and (1,-1,0)
    a = hexgrid.from_cube((4, -6, 2))
    c = hexgrid.from_cube((6, -7, 1))
    one, two = hexgrid.hex_line_pair(a, c)
    assert one != two and one[0] == two[0] == a and one[-1] == two[-1] == c
    assert {one[1], two[1]} == {hexgrid.from_cube((5, -6, 1)), hexgrid.from_cube((5, -7, 2))}
    straight = hexgrid.hex_line_pair((2, 2), (2, 6))
    assert straight[0] == straight[1]


def test_line_blocked_any_or_both_sides():
    b = build_board({"grid": {"kind": "hex", "columns": 9, "rows": 9}})
    a = b.hex_at(None, *hexgrid.from_cube((4, -6, 2)))
    c = b.hex_at(None, *hexgrid.from_cube((6, -7, 1)))
    one, two = b.line_pair(a, c)
    side = one[1]
    assert line_blocked(b, a, c, lambda x: x == side, mode="any")
    assert not line_blocked(b, a, c, lambda x: x == side, mode="both")
    assert line_blocked(b, a, c, lambda x: x in (one[1], two[1]), mode="both")
    assert not line_blocked(b, a, c, lambda x: x in (a, c))  # the ends never block
    with pytest.raises(ValueError):
        line_blocked(b, a, c, lambda x: False, mode="most")


def test_within_counts_rings_and_clips_at_the_edge():
    b = build_board({"grid": {"kind": "hex", "columns": 9, "rows": 9}})
    for r in range(4):
        assert len(b.within("0505", r)) == 1 + 3 * r * (r + 1)
        assert all(b.distance("0505", x) <= r for x in b.within("0505", r))
    assert b.within("0101", 1) == ["0101", "0102", "0201"]
    assert set(b.within("0505", 2)) == {lab for lab in b.cells if b.distance("0505", lab) <= 2}
