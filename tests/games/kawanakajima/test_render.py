"""The SVG map: the automation contract and no hidden identities."""
import re
import xml.etree.ElementTree as ET

from .helpers import R, T, play, position, started

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def units_in(root):
    return [g for g in root.iter(NS + "g") if g.get("data-unit")]


def test_contract_attributes_and_legal_cells():
    s = started()
    view = R.view_for(s, "uesugi")
    svg = R.render_svg(view, highlight=["0705", "0806"], selected="uM")
    root = parse(svg)
    cells = [g.get("data-cell") for g in root.iter(NS + "g") if g.get("data-cell")]
    assert len(cells) == 321 and set(cells) == set(T.map_cells) | {T.night_box}
    legal = {g.get("data-cell") for g in root.iter(NS + "g") if "legal" in (g.get("class") or "").split()}
    assert legal == {"0705", "0806"}
    drawn = units_in(root)
    assert len(drawn) == 46  # 38 on the map (21 + 14 + 3 on X1-X3) and 8 in the night box
    for g in drawn:
        assert g.get("data-side") in ("uesugi", "takeda") and g.get("data-at")
        assert view["units"][g.get("data-unit")]["at"] == g.get("data-at")
    assert any("selected" in g.get("class") for g in drawn if g.get("data-unit") == "uM")
    assert "style=" not in svg and "<style" not in svg


def test_own_units_show_name_and_value_enemy_face_down_units_only_a_crest():
    s = position({"uM": "0705:up", "uB": "0707", "tB": "1205", "tC": "1005:up"}, turn=2)
    view = R.view_for(s, "uesugi")
    root = parse(R.render_svg(view))
    by_unit = {g.get("data-unit"): g for g in units_in(root)}
    texts = lambda g: [t.text for t in g.iter(NS + "text")]  # noqa: E731
    assert texts(by_unit["uM"])[:2] == ["景家", "M 6"]
    assert texts(by_unit["uB"])[:2] == ["景信", "B 6"]  # his own face-down unit, drawn paler
    assert texts(by_unit["tC"])[:2] == ["信廉", "C 5"]  # face up: public
    hidden = [k for k, u in view["units"].items() if u["at"] == "1205"][0]
    assert hidden.startswith("?takeda-") and texts(by_unit[hidden]) == ["菱"]
    title = by_unit[hidden].find(NS + "title").text
    assert title == "Face-down Takeda unit"


def test_markers_are_badges():
    s = position({"uM": "0705:mm", "uB": "0707:seen,rm", "tB": "1205"}, turn=2)
    root = parse(R.render_svg(R.view_for(s, "takeda")))
    by_unit = {g.get("data-unit"): g for g in units_in(root)}
    anon = [k for k in by_unit if by_unit[k].get("data-at") == "0705"][0]
    assert anon.startswith("?uesugi-") and "M" in [t.text for t in by_unit[anon].iter(NS + "text")]
    assert "R" in [t.text for t in by_unit["uB"].iter(NS + "text")]  # seen before: known to Takeda


def test_map_features_are_drawn():
    svg = R.render_svg(R.view_for(started(), None))
    for words in ("X1", "X2", "X3", "Hachimanbara", "Kaizu castle", "Amenomiya ford", "Night attack army (8)"):
        assert words in svg
    assert svg.count('class="start-group"') == 21
    assert 'class="scoring-region"' in svg
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})" stroke="#5b5b5b"', svg))
    assert {"#8cb6dc", "#b39a6c", "#e8e3c6", "#dcc18c", "#c4c8cf"} <= fills


def test_spectator_svg_has_crests_only_for_face_down_units():
    s = play(started(), "flip uM @0605")
    svg = R.render_svg(R.view_for(s, None))
    root = parse(svg)
    ids = {g.get("data-unit") for g in units_in(root)}
    assert ids & set(T.unit_ids) == {"uM"}
    for uid, g in T.generals.items():
        if uid != "uM":
            assert g.name not in svg and g.kanji[-2:] not in svg
