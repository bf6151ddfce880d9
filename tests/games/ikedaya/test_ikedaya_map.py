"""The reconstructed inn: the brief's geometry facts (shared/maps/ikedaya.md §3), the counters and
the scenario's provenance. If an owner corrects the map, these tests say what changed."""
import copy
import json

import pytest

from kassen import paths
from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import parse_scenario
from kassen.games.ikedaya import Rules
from kassen.games.ikedaya.movement import occupancy, reachable

from .helpers import at, destinations, get_rules, is_legal, legal, position

SCENARIO_FILE = paths.SCENARIOS_DIR / "ikedaya" / "ikedaya.json"


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def costs_from(rules, start, side="shinsengumi", where=None):
    occ = occupancy(rules.data, {u: {"at": (where or {}).get(u)} for u in rules.data.unit_order})
    return reachable(rules.data, occ, start, side, None)


def test_squares_areas_and_boxes(rules):
    d = rules.data
    assert len(d.squares) == 21
    assert sum(1 for s in d.squares if d.floor[s] == 2) == 10
    assert sum(1 for s in d.squares if d.floor[s] == 1) == 11
    assert d.areas["Street Side Rooms"] == {"2A1", "2B1", "2C1"}
    assert d.areas["Corridor"] == {"2C2", "2C3", "2C4"}
    assert d.areas["Backyard Side Rooms"] == {"2A3", "2B3", "2A4", "2B4"}
    assert d.areas["Entrance"] == {"1C1"} and d.areas["Court"] == {"1B2"}
    assert {"Street", "Backyard"} <= d.boxes and d.outside == {"Street", "Backyard"}
    for missing in ("2A2", "2B2", "1A2"):
        assert missing not in rules.board.cells


def test_brief_cheapest_moves_from_the_entrance(rules):
    """§3.6: cheapest Shinsengumi moves from the Entrance, no enemies in the way."""
    table = {1: {"1B1", "1C2", "1B2"}, 2: {"2C2", "1A1", "1C3", "1B3"}, 3: {"2C1", "2C3", "1C4", "1A3", "1B4"},
             4: {"2B1", "2C4", "2B3", "1A4"}, 5: {"2A1", "2A3", "2B4"}, 6: {"2A4"}}
    got = costs_from(rules, "1C1")
    for mp, squares in table.items():
        assert {s for s, c in got.items() if c == mp and s in rules.data.square_set} == squares, mp
    assert got["Street"] == 1


def test_back_stairs_reach_2c4_in_exactly_five(rules):
    # with a Ronin on the stair head 2C2, the front stairs are closed and the back stairs cost 5
    s = position(rules, {"kondo": "1C1", "katsura": "2C2"})
    occ = occupancy(rules.data, s["units"])
    assert reachable(rules.data, occ, "1C1", "shinsengumi", 5)["2C4"] == 5
    assert "2C4" in destinations(rules, s, "kondo")


def test_corridor_stack_on_2c2_seals_the_corridor(rules):
    d = rules.data
    assert d.same_floor["2C2"] == {"2C1", "2C3"}
    # the back rooms open on the corridor only through D2 (2B3-2C3)
    back = d.areas["Backyard Side Rooms"]
    exits = {n for s in back for n in d.same_floor[s] if n not in back}
    assert exits == {"2C3"} and frozenset(("2B3", "2C3")) in d.doors
    s = position(rules, {"kondo": "2C2", "katsura": "2A3", "yoshida": "2A1", "sugiyama": "2C4"},
                 active="ronin")
    assert destinations(rules, s, "katsura") == {"2B3", "2A4", "2B4", "2C3"}
    assert destinations(rules, s, "yoshida") == {"2B1", "2C1"}
    # the one exception: a Ronin already on 2C4 still takes the back stairs (and can walk out)
    assert {"1C4", "1C1", "Street"} <= destinations(rules, s, "sugiyama")


def test_stair_head_blocks_but_allows_cross_floor_combat(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2C2"})
    assert "2C2" not in destinations(rules, s, "kondo")
    assert is_legal(rules, s, "attack kondo @2C2")


def test_entrance_guard_is_next_to_every_ground_floor_route(rules):
    d = rules.data
    assert d.same_floor["1C1"] == {"1B1", "1C2", "1B2"}
    s = position(rules, {"takeda": "1C1", "katsura": "1C4"}, active="ronin")
    dest = destinations(rules, s, "katsura")
    assert "Street" not in dest and "1C2" in dest and "1C1" not in dest


def test_ronin_can_walk_out_by_the_back_stairs_if_nobody_guards(rules):
    s = position(rules, {"kondo": "2A1", "katsura": "2C4", "yoshida": "2B1"}, active="ronin")
    assert "Street" in destinations(rules, s, "katsura")


def test_railings_and_landings(rules):
    assert rules.data.railings == {"2A1": "Street", "2B1": "1B2", "2C2": "1B2", "2A4": "Backyard",
                                   "2B4": "Backyard"}
    assert rules.data.exits == {"1C1": ("Street", 1)}


def test_connections_of_the_brief(rules):
    d = rules.data
    assert d.doors == {frozenset(p) for p in (("2C1", "2C2"), ("2B3", "2C3"), ("1B1", "1B2"), ("1B2", "1B3"),
                                              ("1B4", "1C4"))}
    assert d.cross_floor["1C1"] == {"2C2"} and d.cross_floor["1C4"] == {"2C4"}
    assert rules.board.walls == (("2B4", "2C4"), ("1B3", "1C3"))
    same_pairs = {frozenset((a, b)) for a in d.squares for b in d.same_floor[a]}
    assert len(same_pairs) == 18 + 5 + 1  # open + doors + Entrance-Court


@pytest.mark.rules("ikedaya.counters.roster")
def test_counter_list(rules):
    d = rules.data
    want = [("kondo", "shinsengumi", 4, "swordsman", 4), ("nagakura", "shinsengumi", 3, "swordsman", 2),
            ("todo", "shinsengumi", 2, "sword", 2), ("takeda", "shinsengumi", 2, None, 2),
            ("okita", "shinsengumi", 5, "swordsman", 2), ("katsura", "ronin", 3, "light", 4),
            ("yoshida", "ronin", 2, "spear", 2), ("sugiyama", "ronin", 2, "sword", 1),
            ("yamada", "ronin", 2, "light", 1), ("hirooka", "ronin", 1, "sword", 1), ("saeki", "ronin", 1, "sword", 1),
            ("miyabe", "ronin", 2, None, 3), ("kitazoe", "ronin", 2, None, 2), ("mochizuki", "ronin", 2, "light", 1),
            ("ishikawa", "ronin", 2, "sword", 1)]
    got = [(c.id, c.side, c.strength, c.skill, c.status) for c in d.counters.values()]
    assert got == want
    assert d.counters["kondo"].kanji == "近藤勇" and d.counters["saeki"].kanji == "佐伯稜威雄"
    assert sum(d.counters[u].status for u in d.side_units["ronin"]) == 17
    assert sum(d.counters[u].status for u in d.side_units["shinsengumi"]) == 12
    assert [u for u in d.unit_order if d.counters[u].tuberculosis] == ["okita"]


@pytest.mark.rules("ikedaya.competences.three-attributes")
def test_every_counter_has_strength_skill_and_status(rules):
    for c in rules.data.counters.values():
        assert isinstance(c.strength, int) and isinstance(c.status, int)
        assert c.skill in ("swordsman", "sword", "spear", "light", None)
    data = json.loads(SCENARIO_FILE.read_text(encoding="utf-8"))
    del data["units"][0]["status"]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "ikedaya.json")
    assert info.value.path == "$.units[0].status"
    lines = rules.unit_details(rules.view_for(rules.setup(1), None), "kondo")
    assert any("Strength 4" in ln and "Swordsman" in ln and "Status 4" in ln for ln in lines)


@pytest.mark.rules("ikedaya.outline.chronicle-counters")
def test_other_counters_can_be_used_as_the_pieces(rules):
    """The pieces are data: a Shinsengumi Chronicle counter set is a scenario edit, not a code change."""
    data = json.loads(SCENARIO_FILE.read_text(encoding="utf-8"))
    data["units"][0].update(name="Kondō Isami (Chronicle)", short="Kondō*", strength=5)
    other = Rules(parse_scenario(data, "chronicle.json"))
    assert other.data.counters["kondo"].strength == 5
    s = position(other, {"kondo": "2C2", "katsura": "2C1"})
    s, events = other.apply(s, "attack kondo @2C1")
    assert "Kondō Isami (Chronicle)" in other.say(events[0])


@pytest.mark.rules("ikedaya.outline.two-player")
def test_two_players(rules):
    assert rules.sides == ("shinsengumi", "ronin")
    s = position(rules, {"kondo": "1C1", "katsura": "2A1"})
    assert rules.current_player(s) == "shinsengumi"
    s = rules.apply(s, "pass")[0]
    assert rules.current_player(s) == "ronin"


def test_provenance_and_readme():
    data = json.loads(SCENARIO_FILE.read_text(encoding="utf-8"))
    prov = data["provenance"]
    assert prov["status"] == "reconstructed" and "how_to_correct" in prov and prov["sources"]
    readme = (paths.SCENARIOS_DIR / "ikedaya" / "README.md").read_text(encoding="utf-8")
    assert "reconstructed" in readme and "How an owner of the game corrects it" in readme


@pytest.mark.parametrize("mutate, path", [
    (lambda d: d["rules"]["setup"]["ronin"][0]["areas"].append("Attic"), "$.rules.setup.ronin[0].areas"),
    (lambda d: d["rules"]["setup"]["ronin"][0].update(count=6), "$.rules.setup.ronin"),
    (lambda d: d["units"][3].update(skill="axe"), "$.units[3].skill"),
    (lambda d: d["board"]["connections"].append({"a": "2A1", "b": "9Z9", "kind": "door"}),
     "$.board.connections[14].b"),
])
def test_scenario_mistakes_name_the_json_path(mutate, path):
    data = json.loads(SCENARIO_FILE.read_text(encoding="utf-8"))
    mutate(data)
    with pytest.raises(ScenarioError) as info:
        Rules(parse_scenario(copy.deepcopy(data), "ikedaya.json"))
    assert info.value.path == path, str(info.value)


def test_the_map_is_one_board_model(rules):
    """Stairs, arrows, doors, the exit and railings are connection kinds on the one board graph."""
    kinds = set()
    for conn in rules.board.connections.values():
        kinds |= conn.features
    assert kinds == {"door", "stairs", "arrow", "special", "exit", "railing"}
    assert at(position(rules, {"kondo": "1C1", "katsura": "2A1"}), "kondo") == "1C1"
    assert legal(rules, position(rules, {"kondo": "1C1", "katsura": "2A1"}))
