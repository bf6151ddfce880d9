"""The reconstructed map: the brief's geometry facts (shared/maps/mukden.md §3), checked on the
loaded scenario. An owner of the postcard who corrects the map updates these expectations."""
import json

import pytest

from kassen.engine.scenario import load_scenario, parse_scenario
from kassen.engine.errors import ScenarioError
from kassen.games.mukden import movement as mv
from kassen.paths import SCENARIOS_DIR

from .helpers import rules


@pytest.fixture(scope="module")
def r():
    return rules()


def activations(r, uid, start, targets, limit=8):
    """Fewest activations (moves) for ``uid`` alone on the map to reach any of ``targets``."""
    units = {u: {"at": None} for u in r.map.side_of}
    frontier, seen = {start}, {start}
    for n in range(limit + 1):
        if frontier & set(targets):
            return n
        nxt = set()
        for cell in frontier:
            units[uid]["at"] = cell
            nxt.update(d for d in mv.destinations(r.map, units, uid) if d in r.map.neighbors)
        frontier = nxt - seen
        seen |= nxt
    return None


def test_grid_and_feature_counts(r):
    sc = r.scenario
    assert sc.data["provenance"]["status"] == "reconstructed" and sc.data["provenance"]["how_to_correct"]
    assert len(r.map.hexes) == 72 and r.board.grid["columns"] == 9 and r.board.grid["rows"] == 8
    assert len(r.map.river) == 2 * 17 and len(r.map.fortress) == 2 * 9 and len(r.map.mountain) == 10
    assert r.map.mukden == "0503" and r.map.supply == {"0508"} and r.map.exits == {"0501", "0701", "0901"}
    assert r.map.victory == {"0501", "0502", "0503"}
    assert r.map.detour_cells == {"A": "0107", "B": "0105", "C": "0103"}
    assert r.map.fortress_inside == {"0405", "0505", "0605", "0705"}
    assert r.map.railway == {f"05{row:02d}" for row in range(1, 9)}
    # the Hun is the whole boundary between rows 03 and 04
    crossings = {frozenset(p) for p in r.map.river}
    boundary = {frozenset((a, b)) for a in r.map.hexes for b in r.map.neighbors[a]
                if int(a[2:]) <= 3 < int(b[2:]) or int(b[2:]) <= 3 < int(a[2:])}
    assert crossings == boundary


def test_neighbours_worked_examples(r):
    assert set(r.map.neighbors["0503"]) == {"0502", "0504", "0602", "0603", "0402", "0403"}
    assert set(r.map.neighbors["0405"]) == {"0404", "0406", "0505", "0506", "0305", "0306"}


def test_paths_to_the_objective_from_c(r):
    units = {u: {"at": None} for u in r.map.side_of}
    units["jp-3"]["at"] = "0103"
    assert "0302" in mv.destinations(r.map, units, "jp-3")  # 0103 -> 0202 -> 0302, no river
    units["jp-3"]["at"] = "0302"
    units["ru-gr-right"]["at"] = "0503"
    assert "0501" in mv.destinations(r.map, units, "jp-3")  # 0302 -> 0401 -> 0501 past Mukden
    assert not r.board.adjacent("0401", "0503") and r.board.adjacent("0502", "0503")


def test_hexes_adjacent_to_mukden(r):
    plain = {h for h in r.map.neighbors["0503"] if not r.map.across_river(h, "0503")}
    assert plain == {"0402", "0403", "0502", "0602", "0603"}
    assert r.map.across_river("0504", "0503")


def test_fortress_hexes_from_the_south(r):
    for h in ("0405", "0505", "0605"):
        assert r.board.adjacent("0506", h) and r.map.across_fortress("0506", h)
    assert r.board.adjacent("0804", "0705") and not r.map.across_fortress("0804", "0705")
    assert "0804" not in r.map.mountain and not r.map.across_river("0804", "0705")
    # the Russian right has no fortress line
    assert not any(r.map.across_fortress("0305", h) for h in r.map.neighbors["0305"])


@pytest.mark.parametrize("uid, start, expected", [
    ("jp-4", "0507", 2), ("jp-2", "0307", 3), ("jp-1", "0707", 3), ("jp-yalu", "0907", 4),
    ("jp-3", "0107", 3), ("jp-3", "0105", 3), ("jp-3", "0103", 2),
])
def test_minimum_activations_to_the_objective(r, uid, start, expected):
    assert activations(r, uid, start, r.map.victory) == expected


@pytest.mark.parametrize("uid, expected", [
    ("ru-gr-right", 1), ("ru-3", 2), ("ru-1", 2), ("ru-gr-left", 2), ("ru-2", 3),
])
def test_russian_activations_to_an_exit(r, uid, expected):
    start = r.scenario.units[uid]["start"]
    assert activations(r, uid, start, r.map.exits) == expected


def test_russian_3rd_army_reaches_the_supply_source_in_two(r):
    assert activations(r, "ru-3", "0505", r.map.supply) == 2


def test_start_positions(r):
    starts = {u: d["start"] for u, d in r.scenario.units.items()}
    on_map = {u: h for u, h in starts.items() if h in r.map.neighbors}
    assert len(set(on_map.values())) == len(on_map) == 9
    for u, h in on_map.items():
        for v, g in on_map.items():
            if r.map.side_of[u] != r.map.side_of[v]:
                assert not r.board.adjacent(h, g), (u, v)  # no unit starts next to an enemy
    facing = {"jp-2": "ru-2", "jp-4": "ru-3", "jp-1": "ru-1"}
    for jp, ru in facing.items():
        assert r.board.distance(starts[jp], starts[ru]) == 2
    assert min(r.board.distance("0907", h) for u, h in on_map.items() if u.startswith("ru-")) == 3


def test_scenario_errors_name_the_json_path():
    data = json.loads((SCENARIOS_DIR / "mukden" / "mukden.json").read_text(encoding="utf-8"))
    data["board"]["hexsides"]["river"][3] = ["0203", "0305"]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "mukden.json")
    assert info.value.path == "$.board.hexsides.river[3]" and "not neighbours" in info.value.detail
    data = json.loads((SCENARIOS_DIR / "mukden" / "mukden.json").read_text(encoding="utf-8"))
    del data["board"]["places"]["supply_source"]
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "mukden.json")
    assert "supply_source" in info.value.path
    data = json.loads((SCENARIOS_DIR / "mukden" / "mukden.json").read_text(encoding="utf-8"))
    data["units"][0]["start"] = "0503"  # two units on Mukden
    from kassen.games.mukden import Rules
    with pytest.raises(ScenarioError, match="same hex"):
        Rules(parse_scenario(data, "mukden.json"))


def test_scenario_loads_by_id():
    assert load_scenario("mukden").game == "mukden"
