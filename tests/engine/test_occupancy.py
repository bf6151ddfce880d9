from kassen.engine.occupancy import occupants, sole_occupants

UNITS = {"a": {"at": "0101"}, "b": {"at": "0101"}, "c": {"at": "0203"}, "d": {"at": None}, "e": {"at": "box"}}
NEIGHBORS = {"0101": ("0102", "0201"), "0203": ("0202", "0303"), "0102": (), "0201": (), "0202": (), "0303": ()}


def test_occupants_lists_stacks_in_order_and_skips_removed_units():
    assert occupants(UNITS) == {"0101": ["a", "b"], "0203": ["c"], "box": ["e"]}
    assert occupants(UNITS, NEIGHBORS, order=["c", "b", "a", "d", "e"]) == {"0203": ["c"], "0101": ["b", "a"]}


def test_sole_occupants_on_the_given_cells_only():
    assert sole_occupants({"a": {"at": "0101"}, "c": {"at": "0203"}, "e": {"at": "box"}}, NEIGHBORS) == {
        "0101": "a", "0203": "c"}
