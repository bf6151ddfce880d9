"""The platform around the games: menu and saved games, embeds, bad links, storage refused or full,
export and import. Mostly with Ikedaya (no covers, so fewer clicks) and Mukden where it matters.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from kassen.engine import codec
from kassen.engine.state import clone
from kassen.games import load_rules

from .conftest import BOOT_TIMEOUT_MS, READY
from .play import Player, drawn_positions, fragment_of, positions, show_place

pytestmark = pytest.mark.browser

ALERT = '[role="alert"]'
STORAGE_JS = "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"

SECURITY_ERROR = """Object.defineProperty(window, "localStorage", { configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
QUOTA_ERROR = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""


def ikedaya_game(open_app: Callable[..., Page], seed: int = 1, moves: int = 3, target: Page | None = None) -> Player:
    page = open_app(f"/?scenario=ikedaya&seed={seed}", target=target)
    p = Player(page, "ikedaya", seed)
    for _ in range(moves):
        p.do(p.legal()[0])
    return p


def test_menu_lists_battles_resumes_and_deletes_only_after_confirmation(open_app: Callable[..., Page]) -> None:
    page = open_app("/")
    expect(page.locator("body")).to_have_attribute("data-mode", "menu")
    cards = page.locator("#scenario-list [data-scenario]")
    assert {"mukden", "ikedaya", "kawanakajima"} <= set(cards.evaluate_all("els => els.map(e => e.dataset.scenario)"))
    expect(page.locator("#no-saves")).to_be_visible()
    # rulings and sources of a battle, from the menu
    page.locator('[data-rulings="mukden"]').click()
    dialog = page.locator("#page-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Reconstructed")
    expect(dialog).to_contain_text("How to correct it")
    expect(dialog).to_contain_text("the scenario file")  # in words: no repository paths on the page
    assert not re.search(r"\w\.(md|py|json)\b|shared/|scenarios/", dialog.inner_text())
    expect(dialog.locator("article.ruling")).not_to_have_count(0)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # two games
    page.locator('[data-new-scenario="ikedaya"]').click()
    p = Player(page, "ikedaya", 0)
    expect(page.locator("body")).to_have_attribute("data-scenario", "ikedaya")
    page.locator("#nav-menu").click()
    page.locator('[data-new-scenario="mukden"]').click()
    expect(page.locator("body")).to_have_attribute("data-scenario", "mukden")
    page.locator("#cover-menu").click()  # the cover is up: its own way back to the menu
    items = page.locator("#save-list li")
    expect(items).to_have_count(2)
    expect(page.locator("#back-to-game-row")).to_be_visible()
    expect(items.first).to_contain_text("Battle of Mukden")
    expect(items.first).to_contain_text("(last played)")

    # delete asks first; "Keep it" keeps it
    items.nth(1).locator("[data-delete]").click()
    confirm = page.locator("#confirm-dialog")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Shinsengumi Ikedaya Incident")
    page.locator("#confirm-no").click()
    expect(items).to_have_count(2)
    items.nth(1).locator("[data-delete]").click()
    page.locator("#confirm-yes").click()
    expect(items).to_have_count(1)
    assert len(json.loads(page.evaluate("localStorage.getItem('kassen:index')"))["slots"]) == 1

    # resume the other one; a reload with no parameters resumes it too
    items.first.locator("[data-resume]").click()
    expect(page.locator("body")).to_have_attribute("data-scenario", "mukden")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-scenario", "mukden")
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    del p


def test_embed_steps_through_the_moves_in_an_iframe_sized_page(open_app: Callable[..., Page],
                                                               browser: Browser) -> None:
    p = ikedaya_game(open_app, seed=3, moves=6)
    page = p.page
    page.locator("#embed").click()
    code = page.locator("#embed-code")
    expect(code).to_have_value(re.compile(r"^<iframe src="))
    snippet = code.input_value()
    assert 'width="600" height="450"' in snippet
    src = re.search(r'src="([^"]+)"', snippet).group(1).replace("&amp;", "&")
    assert re.search(r"\?embed=1&lang=en#k1\.f\.ikedaya\.", src)  # the maker's language is fixed
    page.locator("#copy-embed").click()
    expect(page.locator("#embed-note")).not_to_be_empty()
    page.locator("#embed-close").click()
    frames = codec.decode(fragment_of(src), load_rules)[2]
    assert len(frames) >= 4

    context = browser.new_context(viewport={"width": 600, "height": 450})
    embed = context.new_page()
    embed.goto(src)
    embed.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(embed.locator("body")).to_have_class(re.compile(r"\bembed\b"))
    expect(embed.locator("#site-header")).to_be_hidden()
    expect(embed.locator("#side-panel")).to_be_hidden()
    expect(embed.locator("#view-label")).to_have_text("Spectator view")
    counter = embed.locator("#frame-counter")
    n = len(frames)
    expect(counter).to_have_text(f"Position {n} of {n}")
    assert positions(embed) == drawn_positions(p.rules, frames[-1])
    # everything fits the iframe: no scrolling, the map inside the 600x450 box
    assert embed.evaluate("document.documentElement.scrollHeight") <= 450
    assert embed.evaluate("document.documentElement.scrollWidth") <= 600
    box = embed.locator("#map svg").bounding_box()
    assert box and box["y"] + box["height"] <= 450 and box["height"] > 200
    embed.locator("#frame-prev").click()
    expect(counter).to_have_text(f"Position {n - 1} of {n}")
    assert positions(embed) == drawn_positions(p.rules, frames[-2])
    embed.locator("#frame-first").click()
    expect(counter).to_have_text(f"Position 1 of {n}")
    expect(embed.locator("#frame-prev")).to_be_disabled()
    assert positions(embed) == drawn_positions(p.rules, frames[0])
    embed.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Position 2 of {n}")
    embed.keyboard.press("End")
    expect(counter).to_have_text(f"Position {n} of {n}")
    expect(embed.locator("#frame-next")).to_be_disabled()
    unit = embed.locator("#map [data-unit]").first
    show_place(embed, unit.get_attribute("data-at"))
    unit.click()  # read-only: nothing happens
    expect(embed.locator("#actions button")).to_have_count(0)
    expect(embed.locator("#open-full")).to_have_attribute("href", re.compile(r"#k1\.f\.ikedaya\."))
    assert embed.evaluate("localStorage.length") == 0  # an embed saves nothing
    context.close()


def _bad_links() -> dict[str, str]:
    rules = load_rules("mukden")
    state = rules.setup(5)
    good = codec.encode(rules, "v", rules.view_for(state, None))
    body = good.split(".", 3)[3]
    tampered = body[:2] + ("A" if body[2] != "A" else "B") + body[3:]  # in the checksum: "altered"
    impossible = clone(state)
    impossible["units"]["jp-1"]["at"] = impossible["units"]["jp-2"]["at"]
    return {
        "truncated": good[: len(good) // 2],
        "tampered": good.rsplit(".", 1)[0] + "." + tampered,
        "newer": "k9" + good[2:],
        "impossible": codec.encode(rules, "p", impossible),
    }


BAD = [("truncated", "truncated"), ("tampered", "altered"), ("newer", "newer version"), ("impossible", "impossible")]


def test_bad_links_are_explained_and_the_saved_game_is_untouched(open_app: Callable[..., Page]) -> None:
    p = ikedaya_game(open_app, seed=4, moves=2)
    page = p.page
    saved = page.evaluate(STORAGE_JS)
    links = _bad_links()
    alert = page.locator(ALERT)
    # the first opens a fresh page; the others are pasted into the address bar of the open page
    page.goto("about:blank")
    open_app("/#" + links[BAD[0][0]])
    for n, (how, words) in enumerate(BAD):
        if n:
            page.evaluate("(h) => { location.hash = h; }", links[how])
        expect(alert).to_contain_text("This link cannot be opened")
        expect(alert).to_contain_text(words)
        assert page.evaluate(STORAGE_JS) == saved
        assert "#" not in page.url  # a reload will not show the error again
        # still usable: the menu offers the saved game, which resumes as it was
        expect(page.locator("body")).to_have_attribute("data-mode", "menu")
        page.locator("#save-list [data-resume]").click()
        expect(page.locator("body")).to_have_attribute("data-scenario", "ikedaya")
        expect(alert).to_have_text("")  # the message goes once the player moves on
        p.check()


@pytest.mark.allow_page_errors  # nothing should fail, but the browser may log the refused storage
@pytest.mark.parametrize("script, words", [(SECURITY_ERROR, "does not allow local storage"),
                                           (QUOTA_ERROR, "storage is full")])
def test_storage_refused_or_full_the_game_goes_on_and_export_works(browser: Browser, base_url: str, script: str,
                                                                   words: str, page_watch, tmp_path: Path,
                                                                   open_app: Callable[..., Page]) -> None:
    context = browser.new_context()
    context.add_init_script(script)
    page = context.new_page()
    p = ikedaya_game(open_app, seed=6, moves=0, target=page)
    alert = page.locator(ALERT)
    expect(alert).to_contain_text("Saving is off")
    if script is SECURITY_ERROR:
        expect(alert).to_contain_text(words)
    for _ in range(3):
        p.do(p.legal()[0])
    expect(alert).to_contain_text(words)
    with page.expect_download() as download:
        page.locator("#export").click()
    path = tmp_path / "save.json"
    download.value.save_as(path)
    save = json.loads(path.read_text(encoding="utf-8"))
    assert save["format"] == "kassen-save" and save["record"] == p.record
    # the menu keeps the unsaved game to go back to
    page.locator("#nav-menu").click()
    page.locator("#back-to-game").click()
    p.check()
    assert not page_watch.page_errors
    context.close()


def test_export_and_import_a_save_file(open_app: Callable[..., Page], browser: Browser, tmp_path: Path) -> None:
    p = ikedaya_game(open_app, seed=8, moves=5)
    page = p.page
    with page.expect_download() as download:
        page.locator("#export").click()
    assert re.match(r"kassen-ikedaya-\d{4}-\d{2}-\d{2}-\d{4}\.json$", download.value.suggested_filename)
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kassen-save", "version": 1, "scenario": "ikedaya", "record": 3}', encoding="utf-8")

    context = browser.new_context()
    other = context.new_page()
    open_(other, p)
    other.locator("#import-file").set_input_files(str(bad))
    expect(other.locator(ALERT)).to_contain_text("cannot be imported")
    expect(other.locator(ALERT)).to_contain_text("damaged")
    assert other.evaluate("localStorage.getItem('kassen:index')") is None
    other.locator("#import-file").set_input_files(str(path))
    expect(other.locator("body")).to_have_attribute("data-scenario", "ikedaya")
    mirror = Player(other, "ikedaya", 8, state=p.state)
    mirror.check()
    mirror.do(mirror.legal()[0])  # and it goes on, saved in the new browser
    assert json.loads(other.evaluate("localStorage.getItem('kassen:index')"))["slots"]
    context.close()


def open_(page: Page, p: Player) -> None:
    base = p.page.url.split("#")[0].split("?")[0]
    page.goto(base)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def test_a_second_tab_follows_the_game_played_in_the_first(open_app: Callable[..., Page], context) -> None:
    p = ikedaya_game(open_app, seed=9, moves=2)
    second = open_app("/", target=context.new_page())  # no parameters: resumes the same game
    assert positions(second) == positions(p.page)
    p.do(p.legal()[0])
    expect(second.locator(ALERT)).to_contain_text("played on in another tab")
    assert positions(second) == positions(p.page)
