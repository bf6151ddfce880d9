"""The two scenarios as data [1, 2, 15-1-1..3, 15-2-1..3]: one rules system, the maps, the counters
and their values, the numeric statements of shared/rules/bakumatsu.md, the schema's messages, and
the provenance of every reconstructed item."""
import copy
import json
from collections import Counter

import pytest

from kassen import paths
from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import parse_scenario
from kassen.games import GAME_MODULES, scenario_ids
from kassen.games.bakumatsu.rules import Rules

from .helpers import TB, TF, rules

SCEN = paths.SCENARIOS_DIR / "bakumatsu"


def data(sid):
    return json.loads((SCEN / f"{sid}.json").read_text(encoding="utf-8"))


@pytest.mark.rules("bakumatsu.1.same-system", "bakumatsu.15-1-2.map", "bakumatsu.15-2-2.map")
def test_both_battles_on_one_rules_system_each_with_its_map():
    assert {TF, TB} <= set(scenario_ids())
    tf, tb = rules(TF), rules(TB)
    assert type(tf) is type(tb) is Rules and GAME_MODULES["bakumatsu"] == "kassen.games.bakumatsu"
    assert (tf.board.grid["columns"], tf.board.grid["rows"]) == (24, 28)
    assert (tb.board.grid["columns"], tb.board.grid["rows"]) == (20, 16)
    assert tf.scenario.title == "Battle of Toba-Fushimi" and tb.scenario.title == "Battle of Tabarazaka"


@pytest.mark.rules("bakumatsu.2.components", "bakumatsu.2.dice-cup")
def test_components_maps_counters_dice_and_cups():
    tf, tb = rules(TF), rules(TB)
    pieces = len(tf.d.units) + len(tb.d.units)
    assert pieces == 104 <= 198  # combat units and commanders; the other counters are markers (2-2-3)
    # six-sided dice: every die is a chance step with six equal outcomes; the cups are chance draws
    s = tb.setup(1)
    assert [a.arg for a, _ in tb.chance_outcomes(s)] == ["1", "2", "3", "4", "5", "6"]
    assert tf.d.lines[0].pool == "cup" and all(line.pool in ("hand", "commander-cup") for line in tb.d.lines)


@pytest.mark.rules("bakumatsu.2-1-1.terrain-two-kinds")
def test_in_hex_and_hexside_terrain():
    for sid in (TF, TB):
        d = rules(sid).d
        hex_kinds = {d.board.cells[h].terrain for h in d.hexes}
        side_kinds = {f for feats in d.side_features.values() for f in feats}
        assert hex_kinds <= set(d.tec["terrain"]) and side_kinds <= set(d.tec["hexsides"])
        assert hex_kinds and side_kinds  # (a pond is both: a hex, and the hexsides around it)
    assert {"river", "stream", "pond"} <= {x for v in rules(TF).d.side_features.values() for x in v}


@pytest.mark.rules("bakumatsu.2-1-2.color-key")
def test_every_formation_has_its_colour():
    for sid in (TF, TB):
        r = rules(sid)
        key = r.d.color_key
        assert {u.formation for u in r.d.units.values()} <= set(key)
        colours = {key[f]["color"] for f in {u.formation for u in r.d.units.values() if not u.commander}}
        assert len(colours) == len({u.formation for u in r.d.units.values() if not u.commander})


@pytest.mark.rules("bakumatsu.2-2-1.unit-values", "bakumatsu.2-2-1.range-means-artillery")
def test_unit_values():
    for sid in (TF, TB):
        r = rules(sid)
        for uid, raw in r.scenario.units.items():
            u = r.d.units[uid]
            assert raw["name"] and raw["kanji"]
            if u.commander:
                assert u.command_range >= 0 and u.ma > 0
                continue
            assert u.fire is not None and u.morale > 0 and u.ma > 0 and raw["code"]
            assert (u.range is not None) == u.artillery and (u.melee is None) == u.artillery


@pytest.mark.rules("bakumatsu.15-1-1.turns", "bakumatsu.15-2-1.turns")
def test_eight_and_fourteen_turns():
    assert rules(TF).d.turns == 8 and rules(TB).d.turns == 14


@pytest.mark.rules("bakumatsu.15-1-3.shogunate-oob")
def test_shogunate_order_of_battle():
    d = rules(TF).d
    forms = Counter(d.units[u].formation for u in d.combat_units["shogunate"])
    assert forms == {"army": 17, "shinsengumi": 1, "various": 3, "aizu": 2, "domains": 10}
    codes = Counter(rules(TF).scenario.units[u]["code"] for u in d.combat_units["shogunate"])
    assert codes == {"西": 7, "東": 10, "R": 16} and sum(codes.values()) == 33


@pytest.mark.rules("bakumatsu.15-1-3.satcho-oob")
def test_satsuma_choshu_order_of_battle():
    d = rules(TF).d
    forms = Counter(d.units[u].formation for u in d.combat_units["satcho"])
    assert forms == {"satsuma": 12, "choshu": 3, "tosa": 2}
    codes = Counter(rules(TF).scenario.units[u]["code"] for u in d.combat_units["satcho"])
    assert codes == {"西": 6, "東": 6, "長": 3, "土": 2}


@pytest.mark.rules("bakumatsu.15-2-3.gov-oob", "bakumatsu.15-2-3.saigo-oob")
def test_tabarazaka_orders_of_battle():
    d = rules(TB).d
    assert (len(d.combat_units["government"]), len(d.commanders["government"])) == (22, 6)
    assert (len(d.combat_units["saigo"]), len(d.commanders["saigo"])) == (20, 6)
    assert d.units["TB-LS6"].setup == "takamori"


def test_numeric_statements():
    """shared/rules/bakumatsu.md's numbers: 13 VH = 4 + 9, 7 to win; at least 3 on turn 1 at
    Tabarazaka; Saigō Takamori on 4+; road 2 hexes per MP; +1 for a stream and for leaving a ZOC;
    recovery on d6 <= morale (the rules tests check each in play)."""
    tf, tb = rules(TF).d, rules(TB).d
    assert Counter(tf.initial_control.values()) == {"shogunate": 9, "satcho": 4} and tf.needed == 7
    assert all(line.minimum == {1: 3} for line in tb.lines if line.pool == "hand")
    assert tb.takamori["roll"] == 4 and tb.takamori["vh"] == 7
    assert tf.road_rate == 2 and tf.hexside_tec["stream"]["move"] == 1 and tf.normal_rules.zoc_exit_cost == 1


def test_every_scenario_says_what_is_reconstructed():
    for sid in (TF, TB):
        prov = data(sid)["provenance"]
        assert prov["status"] == "reconstructed" and len(prov["reconstructed"]) >= 10
        assert "how_to_correct" in prov and "README" in prov["how_to_correct"]
        assert all(u["basis"] in ("S", "C") for u in data(sid)["units"])
        for name in ("fire", "melee"):
            assert "Reconstructed" in data(sid)["tables"][name]["note"]
        assert "Reconstructed" in data(sid)["rules"]["terrain_effects"]["note"]
    readme = (SCEN / "README.md").read_text(encoding="utf-8")
    for words in ("terrain_matrix", "units", "tables", "reinforcements", "hexsides", "roads"):
        assert words in readme


@pytest.mark.parametrize("edit, path, words", [
    (lambda d: d["units"][0].update(range=3), "$.units[0].range", "artillery"),
    (lambda d: d["units"][0].update(formation="nobody"), "$.units[0].formation", "color_key"),
    (lambda d: d["board"]["places"]["victory"].pop(), "$.board.places.victory", "13"),
    (lambda d: d["tables"]["fire"]["results"].pop(), "$.tables.fire.results", "rows"),
    (lambda d: d["rules"]["victory"]["control"]["satcho"].append("0101"), "$.rules.victory.control.satcho[4]",
     "not a victory hex"),
    (lambda d: d["board"]["roads"][0].append("0101"), "$.board.roads[0]", "neighbour"),
    (lambda d: d["rules"]["reinforcements"][0].update(side="nobody"), "$.rules.reinforcements[0].side", "expected"),
])
def test_bad_data_names_its_place(edit, path, words):
    d = copy.deepcopy(data(TF))
    edit(d)
    with pytest.raises(ScenarioError) as info:
        Rules(parse_scenario(d, "toba-fushimi.json"))
    assert info.value.path.startswith(path) and words in str(info.value), str(info.value)


def test_a_typed_in_value_changes_the_game():
    """An owner's correction in the JSON (here a unit's fire strength and a table cell) is what the rules use."""
    d = copy.deepcopy(data(TF))
    d["units"][0]["fire"] = 9
    d["tables"]["fire"]["results"][4][2] = "DD"
    r = Rules(parse_scenario(d, "toba-fushimi.json"))
    assert r.d.units["TF-B01"].fire == 9 and r.d.tables["fire"].lookup(3, 7).code == "DD"


@pytest.mark.parametrize("sid", [TF, TB])
def test_every_victory_hex_can_be_reached_by_both_sides(sid):
    """A check of the reconstructed maps: from each side's entry hex or set-up area, normal movement
    (ignoring units) reaches every victory hex, so no objective is cut off by rivers or ponds."""
    from kassen.engine.movement import MoveRules, reach

    d = rules(sid).d
    for side in d.sides:
        starts = [line.entry for line in d.lines if line.side == side] + \
            [h for name, hexes in d.area_hexes.items() if d.areas[name]["side"] == side for h in hexes]
        reached = set()
        for start in starts:
            reached |= set(reach(d.normal_steps, start, None, MoveRules(zoc_stop=False), costs=False).cost)
        assert set(d.victory) <= reached, (side, set(d.victory) - reached)
