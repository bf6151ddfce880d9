"""Hostile input in the page (issue 7 section 2): a link at start-up or pasted later, a save file
imported, a damaged slot in localStorage at page load. Each gives a role="alert" message, the page
stays usable, localStorage is unchanged (or only the bad slot set aside), and nothing from the
input reaches the DOM as HTML."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.engine.play import random_walk
from kassen.fuzz import Raw, link_of
from kassen.games import load_rules

from .test_app import ALERT, STORAGE_JS, ikedaya_game

pytestmark = pytest.mark.browser

#: markup that would run if it were inserted as HTML anywhere in the page
MARKUP = '<img src="x" onerror="document.body.dataset.pwned = 1"><b id="injected">bold</b>'


def _no_markup(page: Page) -> None:
    assert page.locator("#injected").count() == 0
    assert page.evaluate("document.body.dataset.pwned") is None


def _hostile_links() -> list[tuple[str, str]]:
    """(fragment, words the alert must say)."""
    mukden = load_rules("mukden")
    huge = mukden.pack(mukden.setup(1))
    huge["rng"] = Raw("1" + "0" * 5000)
    deep = mukden.view_for(mukden.setup(1), None)
    deep["combat"] = Raw("[" * 50000 + "]" * 50000)
    finished = next(s for s, _ in random_walk(mukden, 3) if mukden.outcome(s))
    russia_wins = mukden.view_for(mukden.setup(1), None)
    russia_wins["outcome"] = mukden.outcome(finished)
    surrogate = mukden.view_for(finished, None)
    surrogate["outcome"]["reason"] = "x\ud800" + MARKUP
    return [(link_of("p", "mukden", huge), "too long"),
            (link_of("v", "mukden", deep), "nested"),
            (link_of("v", "mukden", russia_wins), "result the position does not have"),
            (link_of("v", "mukden", surrogate), "not valid Unicode")]


def test_hostile_links_are_refused_with_a_message_and_the_saved_game_is_untouched(open_app: Callable[..., Page]
                                                                                  ) -> None:
    p = ikedaya_game(open_app, seed=4, moves=2)
    page = p.page
    saved = page.evaluate(STORAGE_JS)
    alert = page.locator(ALERT)
    for fragment, words in _hostile_links():
        page.evaluate("(h) => { location.hash = h; }", fragment)  # pasted into the address bar
        expect(alert).to_contain_text("This link cannot be opened")
        expect(alert).to_contain_text(words)
        assert len(alert.inner_text()) < 700
        assert page.evaluate(STORAGE_JS) == saved
        expect(page.locator("body")).to_have_attribute("data-mode", "menu")
        _no_markup(page)
    page.locator("#save-list [data-resume]").click()  # still usable: the saved game resumes as it was
    expect(page.locator("body")).to_have_attribute("data-scenario", "ikedaya")
    p.check()
    # a finished game's link whose result carries markup opens with the result in the game's own words
    mukden = load_rules("mukden")
    finished = next(s for s, _ in random_walk(mukden, 3) if mukden.outcome(s))
    view = mukden.view_for(finished, None)
    view["outcome"]["reason"] = MARKUP
    page.evaluate("(h) => { location.hash = h; }", codec.encode(mukden, "v", view))
    expect(page.locator("body")).to_have_attribute("data-mode", "spectate")
    expect(page.locator("#outcome")).to_contain_text(mukden.side_name(mukden.outcome(finished)["winner"]))
    expect(page.locator("#outcome")).not_to_contain_text("img")
    _no_markup(page)
    assert page.evaluate(STORAGE_JS) == saved


def test_a_damaged_slot_is_set_aside_at_page_load_and_the_other_game_resumes(open_app: Callable[..., Page]) -> None:
    p = ikedaya_game(open_app, seed=5, moves=3)
    page = p.page
    store = page.evaluate(STORAGE_JS)
    good = json.loads(store["kassen:index"])["current"]
    damaged = json.loads(store["kassen:game:" + good])
    damaged["log"][0] = [{"kind": "x"}]  # a log entry without text: every page load used to fail here
    bad_text = json.dumps(damaged)
    index = json.loads(store["kassen:index"])
    index["slots"].insert(0, dict(index["slots"][0], id="bad", title=MARKUP))
    index["current"] = "bad"
    page.evaluate("([t, i]) => { localStorage.setItem('kassen:game:bad', t); localStorage.setItem('kassen:index', i); }",
                  [bad_text, json.dumps(index)])
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    alert = page.locator(ALERT)
    expect(alert).to_contain_text("could not be opened")
    expect(alert).to_contain_text("set aside")
    expect(page.locator("body")).to_have_attribute("data-mode", "menu")
    after = page.evaluate(STORAGE_JS)
    assert after["kassen:aside:bad"] == bad_text and "kassen:game:bad" not in after
    assert after["kassen:game:" + good] == store["kassen:game:" + good]
    assert [s["id"] for s in json.loads(after["kassen:index"])["slots"]] == [good]
    _no_markup(page)
    # nothing is lost: the menu offers the game set aside as a file, unchanged, and deletes it only on request
    item = page.locator('#aside-list [data-aside="bad"]')
    expect(item).to_contain_text("Ikedaya")
    with page.expect_download() as download:
        item.locator("[data-aside-download]").click()
    assert Path(download.value.path()).read_text(encoding="utf-8") == bad_text
    item.locator("[data-aside-delete]").click()
    expect(page.locator("#confirm-dialog")).to_be_visible()
    page.locator("#confirm-yes").click()
    expect(page.locator("#aside-saves")).to_be_hidden()
    assert "kassen:aside:bad" not in page.evaluate(STORAGE_JS)
    page.locator(f'#save-list [data-resume="{good}"]').click()
    expect(page.locator("body")).to_have_attribute("data-scenario", "ikedaya")
    p.check()
    p.do(p.legal()[0])  # played on (and saved as the current game)
    page.reload()  # the next load resumes it, with no message
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    expect(page.locator("body")).to_have_attribute("data-scenario", "ikedaya")
    expect(alert).to_have_text("")


def test_a_save_file_with_markup_shows_it_as_text_and_a_malformed_one_is_refused(open_app: Callable[..., Page],
                                                                               tmp_path: Path) -> None:
    p = ikedaya_game(open_app, seed=7, moves=3)
    page = p.page
    with page.expect_download() as download:
        page.locator("#export").click()
    save = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    malformed = dict(save, log=[[{"kind": "x"}]] + save["log"][1:])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(malformed), encoding="utf-8")
    before = page.evaluate(STORAGE_JS)
    page.locator("#import-file").set_input_files(str(bad))
    expect(page.locator(ALERT)).to_contain_text("cannot be imported")
    expect(page.locator(ALERT)).to_contain_text("log")
    assert page.evaluate(STORAGE_JS) == before
    marked = dict(save, preface=[{"text": MARKUP, "kind": "info"}])
    file = tmp_path / "marked.json"
    file.write_text(json.dumps(marked), encoding="utf-8")
    page.locator("#import-file").set_input_files(str(file))
    expect(page.locator("#log")).to_contain_text('<img src="x"')  # shown as the text it is
    _no_markup(page)
