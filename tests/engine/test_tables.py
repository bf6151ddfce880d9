"""Results tables as data (engine/tables.py), with the two briefs' tables as test data:
Bakumatsu's FRT and MCRT (shared/maps/bakumatsu.md 0.4-0.6), Yukimura's FRT and HCRT (yukimura.md 5)."""
from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from kassen.engine.errors import ScenarioError
from kassen.engine.tables import Modifier, ResultsTable, load_tables

DATA = Path(__file__).parent / "data"
BAKUMATSU = json.loads((DATA / "bakumatsu_tables.json").read_text(encoding="utf-8"))
YUKIMURA = json.loads((DATA / "yukimura_tables.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def bakumatsu():
    return load_tables(BAKUMATSU, "bakumatsu.json")


@pytest.fixture(scope="module")
def yukimura():
    return load_tables(YUKIMURA, "yukimura.json")


def test_ge2_mountain_top_fire_reads_d(bakumatsu):
    """GE2: strength 3 from a mountain top at a target in a mountain, dice 7: −2 and +2, row 7 -> D."""
    fire = bakumatsu["fire"]
    res = fire.lookup(3, 7, modifiers=[Modifier(-2, "target in mountain"), Modifier(+2, "firing from a mountain top")])
    assert (res.column_header, res.modified_roll, res.row, res.code) == ("3", 7, 7, "D")
    assert res.effects == [{"effect": "disorder"}]
    assert res.lines() == ["die roll \u22122: target in mountain", "die roll +2: firing from a mountain top",
                           "fire: column 3, roll 7 modified to 7: D"]
    # GE1: 6 + 2 supporters reads the 8 column; 10 and more read "10+"
    assert fire.lookup(8, 7).column_header == "8" and fire.lookup(14, 7).column_header == "10+"
    with pytest.raises(ValueError):
        fire.column_for(0)


def test_bakumatsu_fire_table_is_built_as_the_brief_says(bakumatsu):
    """0.4: D from 9, 8, 7, 7, 6, 6, 5, 5, 4, 4; DD from 13, 12, 12, 11, 11, 10, 10, 9, 9, 8."""
    fire = bakumatsu["fire"]
    d_from = [9, 8, 7, 7, 6, 6, 5, 5, 4, 4]
    dd_from = [13, 12, 12, 11, 11, 10, 10, 9, 9, 8]
    for col in range(10):
        for row in range(3, 14):
            want = "DD" if row >= dd_from[col] else "D" if row >= d_from[col] else "-"
            assert fire.results[row - 3][col] == want, (col + 1, row)


def test_bakumatsu_melee_table_follows_the_band_formula(bakumatsu):
    """0.5: result = band of (row + difference): <=4 -, 5-6 M0, 7-8 M1, 9-10 M2, 11-12 M3, >=13 M4."""
    melee = bakumatsu["melee"]
    for col, diff in enumerate(range(-3, 6)):
        for row in range(1, 14):
            t = row + diff
            want = "-" if t <= 4 else f"M{min((t - 5) // 2, 4)}"
            assert melee.results[row - 1][col] == want, (diff, row)
    # GE3: a difference of +1 is a column; GE4: M2 is a morale check at +2
    res = melee.lookup(1, 8)
    assert res.column_header == "+1" and res.code == "M2"
    assert res.effects == [{"effect": "morale-check", "plus": 2}]
    # a modified roll off the table reads its end rows; a difference off the table its end columns
    assert melee.lookup(0, 2, modifiers=[Modifier(-4, "defender on a hill, behind a stream")]).row == 1
    assert melee.lookup(0, 12, modifiers=[Modifier(3, "commander")]).row == 13
    assert melee.lookup(-7, 8).column_header == "≤−3" and melee.lookup(9, 8).column_header == "≥+5"


def test_bakumatsu_fire_odds_match_the_brief(bakumatsu):
    """0.6: chance of D or better / of DD (%) by column at +0, −2 and +2."""
    fire = bakumatsu["fire"]
    expected = {0: "28/0 42/3 58/3 58/8 72/8 72/17 83/17 83/28 92/28 92/42",
                -2: "8/0 17/0 28/0 28/0 42/0 42/3 58/3 58/8 72/8 72/17",
                2: "58/8 72/17 83/17 83/28 92/28 92/42 97/42 97/58 100/58 100/72"}
    for drm, text in expected.items():
        mods = [Modifier(drm, "net")] if drm else []
        got = []
        for col in range(1, 11):
            p = fire.probabilities(col, modifiers=mods)
            got.append(f"{round(100 * (p.get('D', 0) + p.get('DD', 0)))}/{round(100 * p.get('DD', 0))}")
        assert " ".join(got) == text, drm
    assert sum(fire.probabilities(5).values()) == 1


def test_yukimura_tables_with_column_shifts(yukimura):
    """5.1/5.2: fire by total strength (5-6, 7-8, 9+ bands), hand-to-hand by difference; a shift past
    either end uses the end column (shift_clamps_at_ends)."""
    fire, h2h = yukimura["fire"], yukimura["hand-to-hand"]
    assert fire.lookup(6, 10).column_header == "5-6" and fire.lookup(6, 10).code == "3"
    assert fire.lookup(12, 11).code == "E" and fire.lookup(12, 11).effects == [{"effect": "eliminate"}]
    # YE2: a fire result "2" is a morale check at +2
    assert fire.lookup(4, 9).effects == [{"effect": "morale-check", "plus": 2}]
    # Mizuno assault (5.3): +4 with the target on a mountain shifts to +3
    res = h2h.lookup(4, 8, shifts=[Modifier(-1, "defender in a mountain")])
    assert (res.base_column, res.column_header, res.code) == (6, "+3", "D2")
    assert res.lines()[0] == "column shift \u22121: defender in a mountain"
    # Date forces the Ishikawa: 8 against 3 is +5, the small river shifts it to +4
    assert h2h.lookup(5, 7, shifts=[Modifier(-1, "every attacker across a small river")]).column_header == "+4"
    assert h2h.lookup(-9, 2, shifts=[Modifier(-1, "x")]).column_header == "≤−3"
    assert h2h.lookup(12, 12, shifts=[Modifier(+2, "x")]).column_header == "≥+9"
    # the column a prompt names before the roll is the one the roll reads, clamped the same way
    for value, moved in ((4, [Modifier(-1, "x")]), (-9, [Modifier(-1, "x")]), (12, [Modifier(+2, "x")])):
        assert h2h.labels[h2h.shifted_column(value, moved)] == h2h.lookup(value, 7, shifts=moved).column_header
    assert h2h.labels[h2h.shifted_column(-9, [Modifier(-1, "x")])] == "≤−3"
    # B1: the defender checks first (10-3-1)
    assert [e["who"] for e in h2h.effects("B1")] == ["defender", "attackers"]
    assert h2h.lookup(-1, 9).code == "B1" and h2h.lookup(-2, 9).column_header == "−2/−1"


def test_odds_columns_round_for_the_defender():
    table = ResultsTable.from_json("crt", {
        "column_kind": "odds", "columns": ["1:2", "1:1", "3:2", "2:1", "3:1"], "dice": "1d6", "rows": [1, 6],
        "results": [["AE", "AR", "DR", "DR", "DE"]] * 6,
        "legend": {"AE": [{"effect": "eliminate", "who": "attacker"}], "AR": [{"effect": "retreat", "hexes": 1}],
                   "DR": [{"effect": "retreat", "hexes": 1, "who": "defender"}], "DE": [{"effect": "eliminate"}]}})
    assert [table.labels[table.column_for(v)] for v in ((5, 2), (3, 2), (5, 4), (1, 1), (2, 5), (1, 3), (20, 1),
                                                         (4, 0))] == \
        ["2:1", "3:2", "1:1", "1:1", "1:2", "1:2", "3:1", "3:1"]
    assert table.lookup((7, 2), 3).column_header == "3:1"
    assert table.probabilities((1, 1)) == {"AR": Fraction(1)}


def good() -> dict:
    return copy.deepcopy(BAKUMATSU)


@pytest.mark.parametrize("mutate, path, words", [
    (lambda t: t["fire"]["results"].pop(), "$.tables.fire.results", "expected 11 rows"),
    (lambda t: t["fire"]["results"][3].pop(), "$.tables.fire.results[3]", "expected 10 results"),
    (lambda t: t["fire"]["results"][2].__setitem__(4, "X"), "$.tables.fire.results[2][4]", "'X' is not a code"),
    (lambda t: t["fire"]["columns"].reverse(), "$.tables.fire.columns", "must increase"),
    (lambda t: t["fire"]["columns"].__setitem__(0, "one"), "$.tables.fire.columns[0]", "whole number"),
    (lambda t: t["fire"].update(dice="2D6"), "$.tables.fire.dice", "2d6"),
    (lambda t: t["fire"].update(rows=[13, 3]), "$.tables.fire.rows", "lowest row"),
    (lambda t: t["fire"].update(column_kind="ratio"), "$.tables.fire.column_kind", "strength"),
    (lambda t: t["fire"]["labels"].pop(), "$.tables.fire.labels", "10 column labels"),
    (lambda t: t["fire"].pop("legend"), "$.tables.fire.legend", "missing"),
    (lambda t: t["melee"]["legend"]["M2"].append({"plus": 2}), "$.tables.melee.legend.M2[1]", "\"effect\""),
    (lambda t: t["melee"].update(column_kind="odds"), "$.tables.melee.columns[0]", "odds"),
])
def test_bad_table_data_names_the_json_path(mutate, path, words):
    data = good()
    mutate(data["tables"])
    with pytest.raises(ScenarioError) as info:
        load_tables(data, "bakumatsu.json")
    assert info.value.file == "bakumatsu.json"
    assert info.value.path == path, str(info.value)
    assert words in info.value.detail, str(info.value)


def test_a_scenario_with_tables_passes_the_schema():
    from kassen.engine.scenario import parse_scenario

    from .toy import SCENARIO
    data = copy.deepcopy(SCENARIO)
    data["tables"] = copy.deepcopy(YUKIMURA["tables"])
    sc = parse_scenario(data, "toy.json")
    assert load_tables(sc.data, sc.file)["fire"].lookup(9, 12).code == "E"
    data["tables"]["fire"]["dice"] = "two dice"
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "toy.json")
    assert info.value.path == "$.tables.fire.dice"
