"""The menu's catalog and the help and rulings pages' words, from the real scenarios."""
from kassen.app.catalog import catalog, how_to_play, rulings_page
from kassen.games import load_rules


def test_catalog_lists_every_playable_scenario_without_loading_games():
    import sys

    before = {m for m in sys.modules if m.startswith("kassen.games.")}
    listed = catalog()
    infos = {i.id: i for i in listed}
    assert [i.id for i in listed][:3] == ["mukden", "ikedaya", "kawanakajima"]
    assert infos["mukden"].title == "Battle of Mukden" and infos["mukden"].description
    assert infos["mukden"].sides == ["Imperial Japanese Army", "Imperial Russian Army"]
    assert {m for m in sys.modules if m.startswith("kassen.games.")} == before  # headings only


def test_help_page_covers_controls_and_the_game():
    rules = load_rules("mukden")
    sections = dict(how_to_play(rules))
    assert "Battle of Mukden" in sections and "Keyboard" in sections and "Hidden information" in sections
    assert any("Ctrl+Z" in p for p in sections["Keyboard"])
    assert "Hidden information" not in dict(how_to_play(load_rules("ikedaya")))


def test_rulings_page_has_provenance_and_every_ruling():
    rules = load_rules("mukden")
    page = rulings_page(rules)
    assert page["status"] == "reconstructed" and page["reconstructed"] and page["sources"]
    assert "mukden.json" in page["how_to_correct"] and page["file"] == "scenarios/mukden/mukden.json"
    assert [r["id"] for r in page["rulings"]] == [r["id"] for r in rules.rulings()]
    assert all(r["ruling"] and r["clauses"] for r in page["rulings"])
