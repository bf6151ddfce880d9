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
