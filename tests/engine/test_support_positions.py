"""The shared position builders and forced dice (tests/support/positions.py) on the toy game."""
import pytest

from tests.engine.toy import toy_rules
from tests.support import positions as support


def test_play_force_and_place():
    r = toy_rules()
    s = r.setup(3)
    assert support.legal(r, s)[0] == "move r1 @0101"
    s, events = support.play(r, s, "move r1 @0102")
    assert support.at(s, "r1") == "0102" and events
    s = support.placed(r, s, {"r1": "0402"})
    assert support.at(s, "r1") == "0402" and support.at(s, "b1") == "0403"
    legal = support.legal(r, s)
    assert "attack @0403" in legal
    s, _ = support.play(r, s, "attack @0403")
    s, events = support.forced(r, s, "roll =6")
    assert support.at(s, "b1") is None
    with pytest.raises(AssertionError, match="no chance node"):
        support.forced(r, s, "roll =1")
    with pytest.raises(AssertionError):
        support.placed(r, s, {"r1": "9999"})  # a cell that does not exist: validate says so
