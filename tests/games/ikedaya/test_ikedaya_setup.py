"""Set-up: Ronin first, seven in the Street Side Rooms and three in the Corridor/Backyard Side Rooms,
all Shinsengumi in the Entrance (exempt from stacking at set-up only), three counters a square."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import apply, at, get_rules, is_legal, legal, setup_done


@pytest.fixture(scope="module")
def rules():
    return get_rules()


@pytest.mark.rules("ikedaya.setup.ronin-first")
def test_ronin_set_up_first(rules):
    s = rules.setup(1)
    assert rules.current_player(s) == "ronin"
    acts = rules.legal_actions(s)
    assert acts and all(a.verb == "place" and rules.data.counters[a.units[0]].side == "ronin" for a in acts)
    with pytest.raises(IllegalAction, match="ikedaya.setup.ronin-first"):
        rules.apply(s, "place kondo,nagakura,todo,takeda,okita @1C1")
    # still the Ronin after nine placements; the Shinsengumi only once all ten are down
    s = setup_done(rules)
    assert rules.current_player(s) == "shinsengumi" and s["phase"] == "setup"


@pytest.mark.rules("ikedaya.setup.ronin-street-seven")
def test_exactly_seven_ronin_in_the_street_side_rooms(rules):
    s = rules.setup(1)
    street = rules.data.areas["Street Side Rooms"]
    placed = ["katsura", "yoshida", "sugiyama", "yamada", "hirooka", "saeki", "miyabe"]
    cells = ["2A1", "2A1", "2A1", "2B1", "2B1", "2B1", "2C1"]
    for uid, cell in zip(placed, cells):
        s = apply(rules, s, f"place {uid} @{cell}")
    assert not any(a.cell in street for a in rules.legal_actions(s))
    with pytest.raises(IllegalAction, match="ikedaya.setup.ronin-street-seven"):
        rules.apply(s, "place kitazoe @2C1")
    # the seven are a minimum too: with three left for the back, they must all go to the other areas
    s2 = rules.setup(1)
    for uid, cell in (("katsura", "2C2"), ("yoshida", "2C3"), ("sugiyama", "2A4")):
        s2 = apply(rules, s2, f"place {uid} @{cell}")
    assert {a.cell for a in rules.legal_actions(s2)} == street


@pytest.mark.rules("ikedaya.setup.ronin-rest")
def test_the_other_three_ronin_in_corridor_or_backyard_side_rooms(rules):
    s = rules.setup(1)
    cells = {a.cell for a in rules.legal_actions(s)}
    want = set().union(*(rules.data.areas[a] for a in ("Street Side Rooms", "Corridor", "Backyard Side Rooms")))
    assert cells == want
    assert not is_legal(rules, s, "place katsura @1A1")
    with pytest.raises(IllegalAction, match="ikedaya.setup.ronin-rest"):
        rules.apply(s, "place katsura @1C1")
    s = setup_done(rules)
    ronin_at = [at(s, u) for u in rules.data.side_units["ronin"]]
    assert sum(c in rules.data.areas["Street Side Rooms"] for c in ronin_at) == 7
    assert sum(c in rules.data.areas["Corridor"] | rules.data.areas["Backyard Side Rooms"] for c in ronin_at) == 3


@pytest.mark.rules("ikedaya.setup.shinsengumi-entrance")
def test_shinsengumi_all_in_the_entrance(rules):
    s = setup_done(rules)
    assert legal(rules, s) == {"place kondo,nagakura,todo,takeda,okita @1C1"}
    s = apply(rules, s, "place kondo,nagakura,todo,takeda,okita @1C1")
    assert all(at(s, u) == "1C1" for u in rules.data.side_units["shinsengumi"])
    assert s["phase"] == "action" and s["turn"] == 1


@pytest.mark.rules("ikedaya.stack.max-three")
def test_three_counters_a_square_except_the_entrance_at_set_up(rules):
    s = rules.setup(1)
    for uid in ("katsura", "yoshida", "sugiyama"):
        s = apply(rules, s, f"place {uid} @2A1")
    assert not any(a.cell == "2A1" for a in rules.legal_actions(s))
    with pytest.raises(IllegalAction, match="ikedaya.stack.max-three"):
        rules.apply(s, "place yamada @2A1")
    # ruling r04: five in the Entrance at set-up is fine...
    s = apply(rules, setup_done(rules), "place kondo,nagakura,todo,takeda,okita @1C1")
    assert not rules.validate(s)
    # ... but a stack is at most three counters, so no more than three leave the Entrance together
    assert not any(len(a.units) > 3 for a in rules.legal_actions(s))
    # once three have left, only one may come back into the Entrance, where two still stand
    s = apply(rules, s, "move kondo,nagakura,todo @1C2", "pass", "pass")
    assert s["turn"] == 2 and rules.current_player(s) == "shinsengumi"
    back = [a for a in rules.legal_actions(s) if a.verb == "move" and a.cell == "1C1"]
    assert back and all(len(a.units) == 1 for a in back)


def test_wait_outside_option_keeps_the_limit_at_set_up(rules):
    s = setup_done(rules, options={"entrance_setup": "wait-outside"})
    assert legal(rules, s) == {f"place {u} @1C1" for u in rules.data.side_units["shinsengumi"]}
    s = apply(rules, s, "place kondo @1C1", "place okita @1C1", "place nagakura @1C1")
    assert s["phase"] == "action"
    assert at(s, "todo") == "Pool" and at(s, "takeda") == "Pool"
    # the waiting counters come in through the Entrance later (the exit's 1 MP first)
    s = apply(rules, s, "move kondo @1C2", "pass")
    assert "move todo @1C1" in legal(rules, s) and "move todo,takeda @1C1" not in legal(rules, s)
    assert "move todo @1B1" in legal(rules, s)
