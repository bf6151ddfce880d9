"""The page's own words: plurals, one ruling id style, no repository paths."""
from kassen.app.words import plural, ruling_id, without_paths
from kassen.app.catalog import rulings_page
from kassen.games import load_rules


def test_plural():
    assert [plural(n, "unit") for n in (0, 1, 2)] == ["0 units", "1 unit", "2 units"]
    assert plural(1, "army", "armies") == "1 army" and plural(3, "army", "armies") == "3 armies"


def test_one_ruling_id_style():
    assert [ruling_id(x) for x in ("ikedaya-r01", "ikedaya-n12", "R1", "M4", "X10", "odd id")] == \
        ["R1", "N12", "R1", "M4", "X10", "odd id"]


def test_paths_become_words():
    assert without_paths("Corrections: see shared/maps/mukden.md and test_map.py.") == \
        "Corrections: see the map reconstruction brief and the project's tests."
    assert without_paths("Edit scenarios/mukden/mukden.json (see its README).") == \
        "Edit the scenario file (the scenario's notes)."
    assert without_paths("as in shared/rules/ikedaya.md") == "as in the rules summary"


def test_the_rulings_pages_show_no_repository_path():
    import json
    import re

    for sid in ("mukden", "ikedaya", "kawanakajima"):
        page = rulings_page(load_rules(sid))
        words = [without_paths(t) for t in [page["summary"], page["how_to_correct"], *page["reconstructed"],
                                            *page["sources"]] + [without_paths(r[k]) for r in page["rulings"]
                                                                 for k in ("ruling", "why", "topic")]]
        text = json.dumps(words, ensure_ascii=False)
        assert not re.search(r"\w\.(md|py|json)\b|shared/|scenarios/|tests/", text), (sid, text)
        ids = [ruling_id(r["id"]) for r in page["rulings"]]
        assert all(re.fullmatch(r"[A-Z]\d+", i) for i in ids), ids


def test_the_japanese_rulings_pages_show_no_repository_path_and_no_english_word_for_one():
    import re

    from kassen.games import scenario_ids

    assert without_paths("地図再構成資料（shared/maps/kawanakajima.md）に従う。", "ja") == "地図再構成資料に従う。"
    assert without_paths("scenarios/mukden/mukden.jsonを編集して訂正できる（そのREADMEを参照）。", "ja") == \
        "シナリオファイルを編集して訂正できる（そのシナリオの注記を参照）。"
    assert without_paths("その後tests/games/yukimuraを実行する。", "ja") == "その後プロジェクトのテストを実行する。"
    for sid in scenario_ids():
        page = rulings_page(load_rules(sid), "ja")
        texts = [page["summary"], page["how_to_correct"], *page["reconstructed"]] + \
            [r[k] for r in page["rulings"] for k in ("ruling", "why", "topic")]
        for text in texts:
            shown = without_paths(text, "ja")
            assert not re.search(r"\w\.(md|py|json|txt)\b|shared/|scenarios/|tests/|README", shown), (sid, shown)
            assert "project" not in shown and "scenario file" not in shown, (sid, shown)
