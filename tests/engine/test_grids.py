from kassen.engine import hexgrid, squaregrid


def test_hex_neighbours_match_the_mukden_brief():
    # shared/maps/mukden.md 3.1 worked examples
    got = {hexgrid.label(c, r) for c, r in hexgrid.neighbors(5, 3)}
    assert got == {"0502", "0504", "0602", "0603", "0402", "0403"}
    got = {hexgrid.label(c, r) for c, r in hexgrid.neighbors(4, 5)}
    assert got == {"0404", "0406", "0505", "0506", "0305", "0306"}


def test_cube_round_trip_and_distance():
    for c in range(1, 21):
        for r in range(1, 17):
            assert hexgrid.from_cube(hexgrid.to_cube(c, r)) == (c, r)
            for n in hexgrid.neighbors(c, r):
                assert hexgrid.distance((c, r), n) == 1
    assert hexgrid.distance((1, 1), (1, 5)) == 4
    assert hexgrid.distance((5, 3), (5, 8)) == 5


def test_hex_labels():
    assert hexgrid.label(24, 11) == "2411"
    assert hexgrid.parse_label("2411") == (24, 11)


def test_neighbour_centres_are_equidistant():
    cx, cy = hexgrid.center(4, 5)
    for c, r in hexgrid.neighbors(4, 5):
        x, y = hexgrid.center(c, r)
        assert abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - 3 ** 0.5) < 1e-9


def test_square_neighbours_are_orthogonal_only():
    assert sorted(squaregrid.neighbors(2, "B", 2, "ABC", 4)) == ["2A2", "2B1", "2B3", "2C2"]
    assert sorted(squaregrid.neighbors(1, "A", 1, "ABC", 4)) == ["1A2", "1B1"]
    assert squaregrid.parse_label("2B3") == (2, "B", 3)


def test_square_centres_place_floors_side_by_side():
    grid = {"kind": "square", "floors": [1, 2], "columns": "ABC", "rows": 4}
    assert squaregrid.center(grid, "1A1") == (0.5, 3.5)  # row 1 at the bottom by default
    assert squaregrid.center(grid, "2A1") == (4.5, 3.5)  # one square between the floors
    assert squaregrid.center(dict(grid, row1="top", floor_gap=0.0), "2C4") == (5.5, 3.5)


def test_board_cells_sit_at_the_square_centres():
    from kassen.engine.board import build_board

    grid = {"kind": "square", "floors": [2, 1], "columns": "AB", "rows": 2, "row1": "top", "missing": ["2B2"]}
    board = build_board({"grid": grid})
    assert "2B2" not in board.cells and len(board.cells) == 7
    for cell in board.cells.values():
        assert (cell.x, cell.y) == squaregrid.center(grid, cell.label)
