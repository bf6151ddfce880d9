"""Escapes: jumps from the railings from Turn 2 (one counter, one die, Light +1, adjacency -1, -1 per
Shinsengumi off the map except into the Court, captured on 1 or less), walking out through the
Entrance (Q3), Shinsengumi leaving the map for good (Q2), jumps into the Court (Q5)."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE

from .helpers import apply, apply_events, at, destinations, get_rules, is_legal, position, text


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def jumpers(rules, where=None, turn=2, **kw):
    base = {"kondo": "1C1", "katsura": "2A1", "miyabe": "2A1", "yoshida": "2B1", "mochizuki": "2A4",
            "hirooka": "2A3"}
    base.update(where or {})
    return position(rules, base, turn=turn, active="ronin", **kw)


@pytest.mark.rules("ikedaya.escape.turn2-plus")
def test_no_jump_before_turn_two(rules):
    s = jumpers(rules, turn=1)
    assert not any(a.verb == "jump" for a in rules.legal_actions(s))
    with pytest.raises(IllegalAction, match="ikedaya.escape.turn2-plus"):
        rules.apply(s, "jump miyabe @Street")
    assert is_legal(rules, jumpers(rules, turn=2), "jump miyabe @Street")


@pytest.mark.rules("ikedaya.escape.railing-square")
@pytest.mark.rules("ikedaya.map.railing")
def test_jumps_only_from_a_railing_square(rules):
    s = jumpers(rules)
    jumps = {a.to_text() for a in rules.legal_actions(s) if a.verb == "jump"}
    assert jumps == {"jump katsura @Street", "jump miyabe @Street", "jump yoshida @1B2", "jump mochizuki @Backyard"}
    with pytest.raises(IllegalAction, match="ikedaya.escape.railing-square"):
        rules.apply(s, "jump hirooka @Backyard")  # 2A3 has no railing
    with pytest.raises(IllegalAction, match="ikedaya.map.railing"):
        rules.apply(s, "jump miyabe @Backyard")  # 2A1's railing leads to the Street


@pytest.mark.rules("ikedaya.escape.single-counter")
def test_a_jump_is_one_counter(rules):
    s = jumpers(rules)
    assert all(len(a.units) == 1 for a in rules.legal_actions(s) if a.verb == "jump")
    with pytest.raises(IllegalAction, match="ikedaya.escape.single-counter"):
        rules.apply(s, "jump katsura,miyabe @Street")


@pytest.mark.rules("ikedaya.escape.replaces-action")
def test_the_jump_is_the_counters_whole_action(rules):
    s = apply(rules, jumpers(rules), "jump yoshida @1B2", "roll =5")
    assert at(s, "yoshida") == "1B2" and s["units"]["yoshida"]["spent"]
    assert rules.current_player(s) == "shinsengumi" and s["step"] is None
    assert not any("yoshida" in a.units for a in rules.legal_actions(apply(rules, s, "pass")))


@pytest.mark.rules("ikedaya.escape.roll")
def test_a_jump_rolls_one_die(rules):
    s = apply(rules, jumpers(rules), "jump miyabe @Street")
    assert rules.current_player(s) == CHANCE and len(rules.chance_outcomes(s)) == 6
    s, events = apply_events(rules, s, "roll =4")
    assert events[0]["kind"] == "dice" and events[0]["dice"] == [4]


@pytest.mark.rules("ikedaya.escape.one-captured")
def test_a_one_is_captured(rules):
    s, events = apply_events(rules, jumpers(rules), "jump miyabe @Street", "roll =1")
    assert at(s, "miyabe") is None
    assert any("captured" in text(e) for e in events)


@pytest.mark.rules("ikedaya.escape.success-outside")
def test_two_or_more_into_street_or_backyard_escapes(rules):
    s = apply(rules, jumpers(rules), "jump miyabe @Street", "roll =2")
    assert at(s, "miyabe") == "Street"
    s = apply(rules, jumpers(rules), "jump mochizuki @Backyard", "roll =6")
    assert at(s, "mochizuki") == "Backyard"
    assert rules.status(rules.view_for(s, None))[7] == ("Ronin escaped", "1")


@pytest.mark.rules("ikedaya.escape.land-inside")
def test_a_jump_into_the_court_lands_there(rules):
    s = apply(rules, jumpers(rules), "jump yoshida @1B2", "roll =2")
    assert at(s, "yoshida") == "1B2"
    # ruling r17: the jumper stays in play; next turn it may walk out through the Entrance
    s = position(rules, {"kondo": "2A3", "yoshida": "1B2", "katsura": "2A4"}, turn=3, active="ronin")
    assert "Street" in destinations(rules, s, "yoshida")
    # ruling n01: no landing in an enemy-held or full Court
    s = jumpers(rules, {"takeda": "1B2"})
    assert not is_legal(rules, s, "jump yoshida @1B2")
    s = jumpers(rules, {"sugiyama": "1B2", "saeki": "1B2", "ishikawa": "1B2"})
    assert not is_legal(rules, s, "jump yoshida @1B2")


@pytest.mark.rules("ikedaya.escape.entrance-exit")
def test_walking_out_through_the_entrance(rules):
    s = position(rules, {"kondo": "2A4", "katsura": "1C2", "miyabe": "2A1"}, active="ronin")
    s, events = apply_events(rules, s, "move katsura @Street")
    assert at(s, "katsura") == "Street"
    assert text(events[0]) == "Katsura Kogorō escapes through the Entrance into the Street (Sanjō-dōri)"


@pytest.mark.rules("ikedaya.escape.light-bonus")
def test_light_adds_one(rules):
    s = apply(rules, jumpers(rules), "jump katsura @Street", "roll =1")  # Katsura is Light: 1 + 1 = 2
    assert at(s, "katsura") == "Street"
    s = apply(rules, jumpers(rules), "jump miyabe @Street", "roll =1")  # Miyabe is not
    assert at(s, "miyabe") is None


@pytest.mark.rules("ikedaya.escape.adjacent-penalty")
def test_next_to_a_shinsengumi_subtracts_one(rules):
    s = jumpers(rules, {"todo": "2B1", "yoshida": "2C1"})
    assert not any(a.verb == "move" and "miyabe" in a.units for a in rules.legal_actions(s))  # locked...
    assert is_legal(rules, s, "jump miyabe @Street")  # ...but it may still jump
    s, events = apply_events(rules, s, "jump miyabe @Street", "roll =2")
    assert at(s, "miyabe") is None and "-1 (next to a Shinsengumi)" in text(events[1])
    s = apply(rules, jumpers(rules, {"todo": "2B1", "yoshida": "2C1"}), "jump miyabe @Street", "roll =3")
    assert at(s, "miyabe") == "Street"


@pytest.mark.rules("ikedaya.escape.guard-offmap")
def test_a_shinsengumi_off_the_map_gives_minus_one(rules):
    s = position(rules, {"kondo": "1C1", "takeda": "1C2", "miyabe": "2A1", "katsura": "2B4"}, turn=2)
    s = apply(rules, s, "move kondo @Street")
    assert at(s, "kondo") == "Street"
    s, events = apply_events(rules, s, "jump miyabe @Street", "roll =2")
    assert at(s, "miyabe") is None and "-1 (1 Shinsengumi off the map)" in text(events[1])


@pytest.mark.rules("ikedaya.escape.guard-no-return")
def test_a_shinsengumi_off_the_map_never_returns(rules):
    s = position(rules, {"kondo": "Street", "takeda": "1C2", "miyabe": "2A1"}, turn=2)
    assert not any("kondo" in a.units for a in rules.legal_actions(s))
    # with nobody left in the inn, the Shinsengumi can only pass: they pass by themselves (ruling n07)
    s = position(rules, {"kondo": "Street", "miyabe": "2A1", "katsura": "2A4"}, turn=3, active="ronin")
    s = apply(rules, s, "move miyabe @2B1")
    assert rules.current_player(s) == "ronin" and s["passes"] == 1 and at(s, "kondo") == "Street"


@pytest.mark.rules("ikedaya.escape.guard-cumulative")
def test_IE2_off_map_penalties_add_up(rules):
    """IE2 (Q2): two Shinsengumi off the map, a jump to the Street gets -2."""
    s = jumpers(rules, {"kondo": "Street", "todo": "Street", "takeda": "1C1"})
    s2, events = apply_events(rules, s, "jump miyabe @Street", "roll =3")
    assert at(s2, "miyabe") is None and "-2 (2 Shinsengumi off the map)" in text(events[1])
    s2 = apply(rules, s, "jump miyabe @Street", "roll =4")
    assert at(s2, "miyabe") == "Street"
    # with Light: 3 + 1 - 2 = 2
    assert at(apply(rules, s, "jump katsura @Street", "roll =3"), "katsura") == "Street"


@pytest.mark.rules("ikedaya.escape.entrance-no-stop")
def test_IE3_escape_through_the_entrance_without_stopping(rules):
    """IE3 (Q3): a Ronin reaching the Entrance without entering a square next to an enemy goes out
    in the same move."""
    s = position(rules, {"kondo": "2A1", "takeda": "1A4", "katsura": "2C4"}, active="ronin")
    assert "Street" in destinations(rules, s, "katsura")
    s = apply(rules, s, "move katsura @Street")
    assert at(s, "katsura") == "Street"
    # a Shinsengumi next to the Entrance (1B1) stops him there: no escape in this move
    s = position(rules, {"kondo": "1B1", "katsura": "2C4"}, active="ronin")
    dest = destinations(rules, s, "katsura")
    assert "1C1" in dest and "Street" not in dest


@pytest.mark.rules("ikedaya.escape.court-no-guard-mod")
def test_IE5_no_off_map_penalty_for_a_jump_into_the_court(rules):
    """IE5 (Q5): one Shinsengumi off the map; a jump into the Court gets no -1 (other modifiers stay)."""
    s = jumpers(rules, {"takeda": "Street"})
    s2, events = apply_events(rules, s, "jump yoshida @1B2", "roll =2")
    assert at(s2, "yoshida") == "1B2" and "off the map" not in text(events[1])
    # the same roll into the Street is a capture
    assert at(apply(rules, s, "jump miyabe @Street", "roll =2"), "miyabe") is None
    # ruling r18: a 1 is still a capture in the Court, and adjacency still counts
    assert at(apply(rules, s, "jump yoshida @1B2", "roll =1"), "yoshida") is None
    s = jumpers(rules, {"takeda": "Street", "todo": "2C1"})
    assert at(apply(rules, s, "jump yoshida @1B2", "roll =2"), "yoshida") is None


def test_the_street_box_holds_both_sides_without_blocking_the_exit(rules):
    """Shinsengumi who left the map and escaped Ronin share the Street; it never blocks an exit."""
    s = position(rules, {"kondo": "Street", "kitazoe": "Street", "takeda": "2A4", "katsura": "1C2"},
                 active="ronin")
    assert "move katsura @Street" in {a.to_text() for a in rules.legal_actions(s)}
    assert not rules.validate(s)
    s = apply(rules, s, "move katsura @Street")
    assert at(s, "katsura") == "Street"
