"""The rules reference and the how-to-play pages as data (kassen.app.reference), and what the build ships."""
from __future__ import annotations

import json
import sys
import textwrap
import io
import tarfile
from pathlib import Path

import pytest

from kassen.app import reference
from kassen.engine.messages import catalog
from kassen.games import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]
SHARED_RULES = ROOT.parent / "shared" / "rules"
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402

INVENTORY = """
| id | section | clause (paraphrased) | kind |
|---|---|---|---|
| toy.1.first | [1.0] | The first clause. | setup |
| toy.12-3(1).pipe | 12-3(1) | A text with a \\| pipe. | combat |
| toy.2.second | [2.0] | The second clause. | movement |
| TE1 | [7.0] | A worked example, not a clause. | example |
| other.1.x | [1.0] | Another game's clause. | setup |
"""


def test_inventory_rows_sections_and_order() -> None:
    data = reference.extract("toy", INVENTORY, {})
    assert [c["id"] for c in data["clauses"]] == ["toy.1.first", "toy.12-3(1).pipe", "toy.2.second"]
    assert data["clauses"][1]["text"] == "A text with a | pipe."
    assert data["sections"] == ["1", "2", "12"]  # numbered sections in the rulebook's order
    assert reference.section_of("ikedaya.escape.jump") == "escape"
    assert reference.section_of("bakumatsu.15-2-7-1.x") == "15"


def test_status_comes_from_the_tests_rules_marks(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_toy.py").write_text(textwrap.dedent('''
        import pytest
        @pytest.mark.rules("toy.1.first", "toy.2.second")
        def test_a(): pass
        @pytest.mark.skip(reason="later")
        @pytest.mark.rules("toy.2.second")
        def test_b(): pass
        class TestC:
            @pytest.mark.xfail
            @pytest.mark.rules("toy.3.third")
            def test_c(self): pass
        @pytest.mark.skipif(False, reason="machine")
        @pytest.mark.rules("toy.4.fourth")
        def test_d(): pass
        @pytest.mark.rules("toy.5.fifth")
        def helper(): pass
    '''), encoding="utf-8")
    (tests / "test_skipped_module.py").write_text(textwrap.dedent('''
        import pytest
        pytestmark = [pytest.mark.skip]
        @pytest.mark.rules("toy.6.sixth")
        def test_e(): pass
    '''), encoding="utf-8")
    found = reference.scan_tests(tests)
    status = {cid: reference.clause_status(tests) for cid, tests in found.items()}
    assert status == {"toy.1.first": "tested", "toy.2.second": "tested", "toy.3.third": "xfail",
                      "toy.4.fourth": "tested", "toy.6.sixth": "skipped"}
    assert found["toy.3.third"][0]["test"] == "tests/test_toy.py::TestC::test_c"
    assert reference.clause_status([]) == "untested"


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="needs ../shared/rules")
def test_the_repository_copy_is_the_inventory_of_shared() -> None:
    """py/kassen/reference/<game>.json (what a build without ../shared ships) is current:
    refresh it with `python3 tools/build.py --refresh-reference`."""
    for md in sorted(SHARED_RULES.glob("*.md")):
        data = reference.extract(md.stem, md.read_text(encoding="utf-8"), {})
        copy = ROOT / "py" / "kassen" / "reference" / f"{md.stem}.json"
        assert copy.read_bytes() == reference.to_json(reference.snapshot(md.stem, data)), md.stem


def test_the_build_ships_every_game_with_its_status() -> None:
    shipped = {name: json.loads(data) for name, data in build.rules_reference().items()}
    games = {Path(n).stem for n in shipped}
    assert set(GAME_MODULES) <= games  # every playable game; a coming one (yukimura) as soon as it lands
    mukden = shipped["py/kassen/reference/mukden.json"]
    assert all(c["status"] in ("tested", "xfail", "skipped", "untested") for c in mukden["clauses"])
    cap = next(c for c in mukden["clauses"] if c["id"] == "mukden.7.diff-cap-two")
    assert cap["status"] == "tested" and any("tests/games/mukden/" in t for t in cap["tests"])
    with tarfile.open(fileobj=io.BytesIO(build.app_archive_bytes()), mode="r:gz") as tf:
        assert json.loads(tf.extractfile("py/kassen/reference/mukden.json").read()) == mukden


def test_every_section_of_every_game_has_a_title_in_both_languages() -> None:
    for path in sorted((ROOT / "py" / "kassen" / "reference").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in data["sections"]:
            en, ja = (reference.section_title(path.stem, key, lang) for lang in ("en", "ja"))
            assert f"reference.{path.stem}.section.{key}" in catalog("ja").entries, (path.stem, key)
            assert en != ja and "Section" not in en, (path.stem, key, en, ja)


def test_catalog_keys_of_this_page_exist_in_both_languages() -> None:
    en, ja = catalog("en").entries, catalog("ja").entries
    mine = [k for k in en if k.split(".")[0] in ("reference", "a11y", "howto")]
    assert len(mine) > 100
    assert [k for k in mine if k not in ja] == []
    assert [k for k in ja if k.split(".")[0] in ("reference", "a11y", "howto") and k not in en] == []


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_how_to_play_every_game_in_both_languages(game: str) -> None:
    en, ja = reference.how_to_play_game(game, "en"), reference.how_to_play_game(game, "ja")
    assert en is not None and ja is not None
    assert len(en["turn"]) == 5 and all(en["turn"]) and en["goal"] and en["counters"]
    assert all(a != b for a, b in zip(en["turn"], ja["turn"])) and en["goal"] != ja["goal"]
    assert all(any(ord(ch) > 0x3000 for ch in line) for line in ja["turn"])


def test_clause_ids_in_a_refusal_become_links() -> None:
    text = "Mountains stop a unit (mukden.6.mountain-stop, mukden.9.nothing)."
    pieces = reference.clause_ids_in(text, {"mukden.6.mountain-stop"})
    assert pieces == [("Mountains stop a unit (", False), ("mukden.6.mountain-stop", True),
                      (", mukden.9.nothing).", False)]
    assert "".join(p for p, _ in pieces) == text
    assert reference.clause_ids_in("no ids here", {"x.1.y"}) == [("no ids here", False)]


def test_search_matches_every_word() -> None:
    clause = {"id": "mukden.7.river-minus-one", "text": "Attacking across a river costs 1.", "kind": "combat",
              "ref": "[7.0]"}
    assert reference.matches(clause, "River combat")
    assert reference.matches(clause, "mukden.7")
    assert not reference.matches(clause, "river mountain")
