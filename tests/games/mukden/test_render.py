"""The SVG map: contract attributes from render_board, map features, and no hidden FP."""
import xml.etree.ElementTree as ET

import pytest

from kassen.engine.play import random_game

from .helpers import allotted, arrange, play, rules

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def r():
    return rules()


def unit_groups(svg):
    root = ET.fromstring(svg)
    return {g.get("data-unit"): g for g in root.iter(NS + "g") if g.get("data-unit")}


def all_text(el):
    return " ".join(t for t in el.itertext())


def mid_game(r):
    """A position with a unit withdrawn, one removed, the 3rd Army on the map and a combat on the table."""
    s = arrange(r, {"jp-4": "0506", "ru-3": "0505", "jp-3": "0105", "jp-1": "0707", "ru-1": "withdrawn",
                    "ru-2": None, "ru-gr-right": "0503"})
    return play(r, s, "move jp-4 @0506", "attack @0505", "call =4", "call =3")[0]


@pytest.mark.parametrize("viewer", [None, "japan", "russia"])
def test_contract_attributes_at_start_and_mid_game(r, viewer):
    for s in (r.setup(1), allotted(r), mid_game(r)):
        view = r.view_for(s, viewer)
        svg = r.render_svg(view, highlight=["0506", "0107"], selected="jp-4")
        root = ET.fromstring(svg)  # well-formed
        assert "style=" not in svg and "<style" not in svg and "<script" not in svg
        cells = [g.get("data-cell") for g in root.iter(NS + "g") if g.get("data-cell")]
        assert sorted(cells) == sorted(list(r.map.hexes) + ["jp-reserve", "withdrawn"])
        legal = {g.get("data-cell") for g in root.iter(NS + "g") if "legal" in (g.get("class") or "").split()}
        assert legal == {"0506", "0107"}
        groups = unit_groups(svg)
        drawn = {u: v["at"] for u, v in s["units"].items() if v["at"] is not None}
        assert set(groups) == set(drawn)
        for uid, g in groups.items():
            assert g.get("data-side") == r.map.side_of[uid] and g.get("data-at") == drawn[uid]
        assert "selected" in groups["jp-4"].get("class")


@pytest.mark.parametrize("viewer", [None, "japan", "russia"])
def test_no_hidden_fp_in_the_svg(r, viewer):
    s = mid_game(r)
    svg = r.render_svg(r.view_for(s, viewer))
    groups = unit_groups(svg)
    for uid, g in groups.items():
        side = r.map.side_of[uid]
        text = all_text(g) + " " + (g.get("aria-label") or "")
        if side == viewer:
            assert f"FP {s['fp'][side][uid]}" in text
        else:
            assert "FP" not in text, (viewer, uid, text)
    own = sum(1 for uid in groups if r.map.side_of[uid] == viewer)
    assert svg.count("FP ") == 3 * own  # counter line, hover title and aria-label, for own units only


def test_everything_is_shown_after_the_end(r):
    s = arrange(r, {"jp-1": "0707", "ru-1": "0701"}, active="russia")
    s, _ = r.apply(s, "withdraw")
    groups = unit_groups(r.render_svg(r.view_for(s, None)))
    assert "FP" in all_text(groups["ru-1"]) and "FP" in all_text(groups["jp-1"])


def test_map_features_are_drawn(r):
    svg = r.render_svg(r.view_for(allotted(r), None))
    assert svg.count('class="edge edge-river"') == 17
    assert svg.count('class="edge edge-fortress"') == 9
    assert 'class="railway"' in svg and "◑" in svg and 'class="mukden-wall"' in svg
    root = ET.fromstring(svg)
    detours = sorted(all_text(t) for t in root.iter(NS + "text") if t.get("class") == "detour")
    assert detours == ["A", "B", "C"]
    assert svg.count('class="exit"') == 3 and svg.count('class="mountain"') == 30
    assert "Mukden 奉天" in svg and "Withdrawn to Tieling" in svg and "3rd Army off map" in svg
    assert [t.get("data-time") for t in root.iter(NS + "rect") if t.get("data-time")] == [str(t) for t in range(11)]


def test_time_track_marks_the_elapsed_time(r):
    s = allotted(r)
    s["time"] = 4
    root = ET.fromstring(r.render_svg(r.view_for(s, None)))
    current = [t.get("data-time") for t in root.iter(NS + "rect") if "current" in (t.get("class") or "")]
    assert current == ["4"]


def test_random_positions_render(r):
    for seed in range(5):
        state, _ = random_game(r, seed, max_actions=80)
        for viewer in (None, "japan", "russia"):
            ET.fromstring(r.render_svg(r.view_for(state, viewer)))
