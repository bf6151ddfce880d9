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


def test_rulings_page_lists_the_scenarios_rule_options_with_their_default():
    """Every option a scenario's card offers is on its rulings page, each value with what it does
    (words in both languages) and exactly one marked as the default a new game uses."""
    from kassen.engine.messages import has_key
    from kassen.games import scenario_ids
    from kassen.games.options import options_of

    seen = set()
    for sid in scenario_ids():
        rules = load_rules(sid)
        page = rulings_page(rules)
        offered = [o.id for o in options_of(rules.scenario.game) if o.offered_in(sid)]
        assert [o["id"] for o in page["options"]] == offered, sid
        for o in page["options"]:
            seen.add((rules.scenario.game, o["id"]))
            assert sum(v["default"] for v in o["values"]) == 1, (sid, o["id"])
            for key in [o["label"]] + [v[k] for v in o["values"] for k in ("name", "explain")]:
                assert has_key(key, "en") and has_key(key, "ja"), key
    assert ("bakumatsu", "mountain_top") in seen and ("yukimura", "command_range") in seen
    assert ("ikedaya", "entrance_setup") in seen
    assert rulings_page(load_rules("mukden"))["options"] == []  # a game without options says nothing
    # the Mōri clause's reading is offered only where Mōri can be released early
    assert [o["id"] for o in rulings_page(load_rules("yao"))["options"]] == ["command_range"]
