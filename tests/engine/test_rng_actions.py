import pytest

from kassen.engine import rng
from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction


def test_rng_is_deterministic_and_fair_enough():
    s = rng.seed_state(42)
    assert s == rng.seed_state("42")
    counts = [0] * 6
    for _ in range(60000):
        d, s = rng.roll(s)
        counts[d - 1] += 1
    assert all(9400 < c < 10600 for c in counts)


def test_rng_known_values():
    # Pinned: the browser suite checks Pyodide gives the same numbers for the same seed.
    s = rng.seed_state(1)
    assert s == 7748076420210162913
    rolls = []
    for _ in range(10):
        d, s = rng.roll(s)
        rolls.append(d)
    assert rolls == [4, 2, 4, 3, 4, 4, 5, 3, 1, 1]


def test_peek_does_not_advance():
    s = rng.seed_state(7)
    assert rng.peek_below(s, 6) == rng.peek_below(s, 6)
    v, s2 = rng.draw_below(s, 6)
    assert v == rng.peek_below(s, 6) and s2 == rng.step(s)


@pytest.mark.parametrize("text", ["pass", "move jp-4 @0506", "call =5", "move kondo,okita @2C2",
                                  "attack @0505", "allot jp-1 =3", "enter jp-3 @0107 =A", "draw ?takeda-1 @D:1621"])
def test_action_text_round_trip(text):
    a = Action.parse(text)
    assert a.to_text() == text
    assert Action.parse(a.to_text()) == a


@pytest.mark.parametrize("bad", ["", "   ", "Move x", "move a b", "move @1 @2", "move a =1 @2", "move <x>",
                                 "move  a", " move a", "pass\n"])
def test_bad_action_text_is_rejected(bad):
    with pytest.raises(IllegalAction):
        Action.parse(bad)
