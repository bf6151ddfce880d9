import copy

import pytest

from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import parse_scenario
from kassen.render.board import Counter, render_board

from .toy import SCENARIO


def test_board_built_from_json():
    sc = parse_scenario(SCENARIO, "toy.json")
    b = sc.board
    assert len(b.cells) == 12
    assert b.cells["0202"].terrain == "hill" and b.cells["0101"].terrain == "clear"
    assert "river" in b.features("0201", "0202") and "river" in b.features("0202", "0201")
    assert b.adjacent("0101", "0201") and not b.adjacent("0101", "0301")
    assert b.place("goal") == {"0403"}
    assert set(b.neighbors["0202"]) == {"0201", "0203", "0102", "0103", "0302", "0303"}


@pytest.mark.parametrize("mutate, path, words", [
    (lambda d: d["board"]["grid"].update(columns="9"), "$.board.grid", "hex grid"),
    (lambda d: d["board"]["hexsides"]["river"].append(["0101", "0303"]), "$.board.hexsides.river[1]", "not neighbours"),
    (lambda d: d["board"]["terrain"]["hill"].append("0909"), "$.board.terrain.hill[1]", "not a cell"),
    (lambda d: d["units"][0].update(start="0000"), "$.units[0].start", "not a cell"),
    (lambda d: d["units"][1].update(id="r1"), "$.units[1].id", "duplicate"),
    (lambda d: d.pop("provenance"), "$.provenance", "missing"),
    (lambda d: d["sides"][0].update(color="red"), "$.sides[0].color", "matching"),
    (lambda d: d.update(extra=1), "$.extra", "unexpected field"),
])
def test_scenario_errors_name_file_path_and_expectation(mutate, path, words):
    data = copy.deepcopy(SCENARIO)
    mutate(data)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "scenarios/toy/toy.json")
    err = info.value
    assert err.file == "scenarios/toy/toy.json"
    assert err.path == path, str(err)
    assert words in err.detail, str(err)


def test_render_escapes_text_from_data():
    sc = parse_scenario(SCENARIO, "toy.json")
    markup = render_board(sc.board, cell_fill=lambda c: "#eeeeee",
                          counters=[Counter(unit="r1", side="red", at="0101", lines=["<b>&'\""], title="<script>")],
                          highlight=["0102"])
    assert "<script>" not in markup and "<b>" not in markup
    assert "&lt;script&gt;" in markup
    assert 'data-cell="0102"' in markup and 'class="cell legal"' in markup
    assert 'data-unit="r1"' in markup and 'data-at="0101"' in markup
    assert markup.count("data-cell=") == 12
