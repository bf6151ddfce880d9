"""engine.compact: the units of a position as one list in a link, and back."""
import pytest

from kassen.engine.compact import AT_START, pack_units, unpack_units

ORDER = ["a", "b", "c"]
STATE = {"turn": 2, "units": {"a": {"at": "0101"}, "b": {"at": None}, "c": {"at": "0303"}}}


def test_units_become_one_list_in_the_scenarios_order_and_come_back() -> None:
    packed = pack_units(STATE, ORDER)
    assert packed == {"turn": 2, "u": ["0101", None, "0303"]}
    assert unpack_units(packed, ORDER) == STATE


def test_a_unit_on_its_start_hex_is_written_as_0() -> None:
    start = {"a": "0101", "b": None, "c": "0202"}
    packed = pack_units(STATE, ORDER, start)
    assert packed["u"] == [AT_START, None, "0303"]  # a unit off the map (None) is never "at start"
    assert unpack_units(packed, ORDER, start) == STATE
    # False is not 0 here: it stays for the schema to refuse
    assert unpack_units({"u": [False, None, 0]}, ORDER, start)["units"]["a"] == {"at": False}


def test_anything_else_is_left_for_the_checks_to_refuse() -> None:
    odd = {"units": {"a": {"at": "0101", "facing": 2}, "b": {"at": None}, "c": {"at": None}}}
    assert pack_units(odd, ORDER) == odd  # more than a place: not this form
    assert pack_units({"units": {"a": {"at": None}}}, ORDER)["units"] == {"a": {"at": None}}
    assert unpack_units("not a dict", ORDER) == "not a dict"
    with pytest.raises(ValueError, match="wrong length"):
        unpack_units({"u": ["0101"]}, ORDER)
