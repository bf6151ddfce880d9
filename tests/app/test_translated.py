"""The project's notes in Japanese (kassen.app.translated): every clause of every game's rules
reference, every ruling and every scenario's provenance notes have a Japanese text, none is stale,
none lost a number of its original; the rulings page and the reference use them, and fall back to
the English original (marked as English) where a text is missing."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from kassen.app import reference, translated
from kassen.app.catalog import rulings_page
from kassen.games import load_rules, scenario_ids

GAMES = ("mukden", "ikedaya", "kawanakajima", "bakumatsu", "yukimura")


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_ruling_and_note_of_the_game_reads_in_japanese(game: str) -> None:
    assert reference.load(game) is not None
    found = translated.problems(game)
    assert found == [], f"{len(found)} problems in py/kassen/reference/ja/{game}*.json:\n" + "\n".join(found[:30])


@pytest.fixture
def fake_notes() -> Iterator[dict[str, Any]]:
    """Japanese notes for Ikedaya as the test writes them (the real files put aside meanwhile)."""
    saved = dict(translated._cache)
    notes: dict[str, Any] = {"ikedaya": {"clauses": {}}, "ikedaya.rulings": {"rulings": {}, "provenance": {}}}
    translated._cache.clear()
    translated._cache.update(notes)
    yield notes
    translated._cache.clear()
    translated._cache.update(saved)


def test_the_check_names_a_missing_text_a_stale_id_a_lost_number_and_english_left(fake_notes) -> None:
    clauses = reference.load("ikedaya")["clauses"]
    with_number = next(c for c in clauses if any(ch.isdigit() for ch in c["text"]))
    texts = fake_notes["ikedaya"]["clauses"]
    texts[with_number["id"]] = "数字のない訳"
    texts[clauses[0]["id"]] = "still English"
    texts["ikedaya.no.such-clause"] = "古い条項"
    found = translated.problems("ikedaya")
    assert f"clause {clauses[1]['id']}: no Japanese text" in found
    assert any(p.startswith(f"clause {with_number['id']}: the numbers") for p in found)
    assert any(p.startswith(f"clause {clauses[0]['id']}: no Japanese in") for p in found)
    assert "clause ikedaya.no.such-clause: not a clause of ikedaya (stale?)" in found
    assert "ruling ikedaya-r01: no Japanese text" in found
    assert "provenance ikedaya: no Japanese text" in found


def test_a_missing_translation_falls_back_to_the_english_original_marked_as_english(fake_notes) -> None:
    clause = reference.load("ikedaya")["clauses"][0]
    assert translated.clause_words("ikedaya", clause, "ja") == (clause["text"], "en")
    fake_notes["ikedaya"]["clauses"][clause["id"]] = "二人用ゲーム"
    assert translated.clause_words("ikedaya", clause, "ja") == ("二人用ゲーム", "ja")
    assert translated.clause_words("ikedaya", clause, "en") == (clause["text"], "en")

    page = rulings_page(load_rules("ikedaya"), "ja")
    assert page["notes_lang"] == "en" and {r["lang"] for r in page["rulings"]} == {"en"}
    fake_notes["ikedaya.rulings"]["rulings"]["ikedaya-r03"] = {"topic": "壁", "ruling": "壁は隣接を断つ。",
                                                              "why": "理由。"}
    page = rulings_page(load_rules("ikedaya"), "ja")
    r03 = next(r for r in page["rulings"] if r["id"] == "ikedaya-r03")
    assert (r03["topic"], r03["ruling"], r03["lang"]) == ("壁", "壁は隣接を断つ。", "ja")
    assert r03["clauses"] == ["ikedaya.map.wall"]  # the clause ids stay as they are


def test_the_rulings_page_in_japanese_uses_the_notes_of_every_scenario() -> None:
    for sid in scenario_ids():
        rules = load_rules(sid)
        page = rulings_page(rules, "ja")
        english = rulings_page(rules, "en")
        assert page["notes_lang"] == "ja", sid
        assert all(r["lang"] == "ja" for r in page["rulings"]), sid
        assert len(page["reconstructed"]) == len(english["reconstructed"])
        assert page["summary"] != english["summary"] and page["status"] != english["status"]
        assert page["sources"] == english["sources"]  # citations stay as the works are titled
        assert [r["clauses"] for r in page["rulings"]] == [r["clauses"] for r in english["rulings"]]
