"""Accessibility in the page: axe-core on every kind of page, a game played by keyboard only through
the labels a screen reader reads, arrow keys between places, the aria-live announcements, the rules
reference (search, a refusal's clause id as a link) and the how-to-play page of each game.

axe-core is the pinned npm package (package.json devDependencies), read from node_modules and run in
the page through the test driver: nothing is fetched, and the page itself never ships it.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from kassen.engine.actions import Action
from kassen.games import load_rules

from .conftest import READY
from .play import Player
from .test_ikedaya import SEED as IKEDAYA_SEED, plan as ikedaya_plan

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("serious", "critical")


def axe_violations(page: Page) -> list[dict]:
    """axe-core's violations on the page as it is now: [{id, impact, nodes: [targets]}]."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # by the driver, not a <script>: the CSP stays as it is
    found = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}});
            return r.violations.map(v => ({id: v.id, impact: v.impact,
                                           nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
        }""", TAGS)
    return found


def assert_axe_clean(page: Page, where: str) -> None:
    bad = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    assert not bad, f"{where}: " + json.dumps(bad, indent=1)


def start(open_app: Callable[..., Page], scenario: str) -> Page:
    page = open_app(f"/?scenario={scenario}&seed=1")
    cover = page.locator("#cover-button")
    if cover.is_visible():
        cover.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#cover")).to_be_hidden()
    return page


def test_axe_on_the_menu_every_game_and_the_pages(open_app: Callable[..., Page], page: Page) -> None:
    open_app("/")
    expect(page.locator("#menu")).to_be_visible()
    assert_axe_clean(page, "menu")
    for scenario in ("mukden", "ikedaya", "kawanakajima", "toba-fushimi", "tabarazaka", "yao"):
        start(open_app, scenario)
        assert_axe_clean(page, scenario)
        can_act = page.locator("#map .unit.can-act")
        if can_act.count():  # a selection: its destinations are buttons with labels
            can_act.first.focus()
            page.keyboard.press("Enter")
            # the whole map in view: axe takes a counter's lines cut off by the map's frame for a
            # name that does not match what is seen (label-content-name-mismatch)
            page.locator("#fit-map").click()
            assert_axe_clean(page, f"{scenario} with a unit selected")
    for opener, ready, where in (("#nav-help", "#page-body h3", "how to play"),
                                 ("#nav-rulings", "#page-body .ruling", "rulings"),
                                 ("#nav-rules", "#rules-search", "rules reference")):
        page.locator(opener).click()
        expect(page.locator(ready).first).to_be_visible()
        assert_axe_clean(page, where)
        page.locator("#page-close").click()
        expect(page.locator("#page-dialog")).not_to_have_attribute("open", "")


class KeyboardPlayer(Player):
    """Plays through the labels a screen reader announces: a counter is found by its name, a place by
    its own words, a button by its text; every activation is a key press on the focused element."""

    def press(self, locator) -> None:
        expect(locator).to_have_count(1)
        locator.focus()
        expect(locator).to_be_focused()
        self.page.keyboard.press("Enter")

    def do(self, text: str) -> None:
        assert text in self.legal()
        page = self.page
        action = Action.parse(text)
        if action.cell is None:
            name = page.locator(f'#actions button[data-action="{text}"]').inner_text()
            self.press(page.locator("#actions").get_by_role("button", name=name, exact=True))
        else:
            if action.units:
                uid = action.units[0]
                if not page.locator(f'#map [data-unit="{uid}"].selected').count():
                    name = self.rules.unit_name(uid)
                    self.press(page.locator("#map").get_by_role("button", name=re.compile(re.escape(name))))
                    expect(page.locator(f'#map [data-unit="{uid}"].selected')).to_have_count(1)
                    # the destinations are announced, and the focus is on the first of them
                    expect(page.locator("#announce")).to_contain_text("may go")
                    expect(page.locator('#map [data-cell].legal:focus')).to_have_count(1)
            place = page.locator('#map g[data-layer="cells"]').get_by_role(
                "button", name=re.compile(rf"(^|\s){re.escape(action.cell)}\.\s.*press Enter"))
            self.press(place)
            if page.locator("#chooser").is_visible():
                name = page.locator(f'#chooser-entries button[data-action="{text}"]').inner_text()
                self.press(page.locator("#chooser-entries").get_by_role("button", name=name, exact=True))
        if self.asks_first(text):
            expect(page.locator("#confirm-go")).to_be_focused()  # the keyboard flow lands on it
            page.keyboard.press("Enter")
        before = page.locator("#log li").count()
        self.apply(text)
        self.check()
        if page.locator("#log li").count() > before:  # what happened was read out
            last = page.locator("#log li .log-text").last.inner_text()
            expect(page.locator("#announce")).to_contain_text(last[:40])


def test_a_game_played_by_keyboard_through_the_labels(open_app: Callable[..., Page]) -> None:
    """Ikedaya's set-up, moves and a combat with its dice, by keyboard alone: counters and places are
    found by the names a screen reader reads; Enter acts; confirmations are reached without Tab hunting."""
    actions = ikedaya_plan()
    page = open_app(f"/?scenario=ikedaya&seed={IKEDAYA_SEED}")
    page.evaluate("""() => { window.__said = []; const box = document.getElementById('announce');
        new MutationObserver(() => window.__said.push(box.textContent))
            .observe(box, {childList: true, characterData: true, subtree: true}); }""")
    p = KeyboardPlayer(page, "ikedaya", IKEDAYA_SEED)
    seen = set()
    for text in actions:
        p.do(text)
        seen.add(text.split()[0])
        if text.startswith("attack"):  # the dice were read out with who rolled them
            said = page.evaluate("() => window.__said")
            assert any(re.search(r"Dice: (Shinsengumi|Ronin) rolled \d", s) for s in said), said[-3:]
    assert {"place", "move", "attack"} <= seen


def test_every_place_and_counter_is_labelled_and_arrows_step_between_places(open_app: Callable[..., Page],
                                                                           page: Page) -> None:
    start(open_app, "mukden")
    rules = load_rules("mukden")
    cells = page.locator('#map g[data-layer="cells"] [data-cell]')
    assert cells.count() == len(rules.board.cells)
    labels = cells.evaluate_all("els => els.map(e => [e.dataset.cell, e.getAttribute('aria-label'), e.tabIndex])")
    for cell, label, tab in labels:
        assert cell in label and tab >= -1 and ("Here:" in label or "No counter" in label), label
    assert any("mountain" in label for _, label, _ in labels)
    units = page.locator("#map [data-unit]")
    for label, tab in units.evaluate_all("els => els.map(e => [e.getAttribute('aria-label'), e.getAttribute('tabindex')])"):
        assert label and tab in ("0", "-1")
    # Russia's fighting power is hidden from Japan: no Russian counter label tells a number of FP
    for label in page.locator('#map [data-unit][data-side="russia"]').evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"):
        assert not re.search(r"FP \d", label), label
    # arrows: from a counter to a neighbouring place, and on to one of its neighbours
    page.locator('#map [data-unit="jp-1"]').focus()
    page.keyboard.press("ArrowUp")
    moved = page.evaluate("() => document.activeElement.dataset.cell")
    assert moved and rules.board.adjacent("0707", moved)
    page.keyboard.press("ArrowDown")
    back = page.evaluate("() => document.activeElement.dataset.cell")
    assert back and rules.board.adjacent(moved, back)
    expect(page.locator(":focus")).to_have_attribute("aria-label", re.compile(r"\b" + back + r"\b"))


@pytest.mark.allow_page_errors
def test_rules_reference_search_and_a_refusal_links_its_clause(open_app: Callable[..., Page], page: Page) -> None:
    start(open_app, "ikedaya")
    page.locator("#nav-rules").click()
    expect(page.locator("#page-title")).to_contain_text("Rules")
    expect(page.locator("#page-body .clause")).to_have_count(75)
    expect(page.locator("#page-body h3").first).to_contain_text("Outline of the game")
    page.locator("#rules-search").fill("swordsman die")
    shown = page.locator("#page-body .clause:visible")
    expect(shown).not_to_have_count(0)
    for text in shown.all_inner_texts():
        assert "swordsman" in text.lower() and "die" in text.lower()
    expect(page.locator("#rules-count")).to_contain_text(re.compile(r"\d+ of 75 clauses match"))
    # a ruling that touches a clause is listed under it
    page.locator("#rules-search").fill("")
    expect(page.locator("#page-body .clause-rulings").first).to_be_visible()
    page.locator("#page-close").click()
    # an imported save whose record breaks a set-up rule is refused with the clause ids: they are links
    p = KeyboardPlayer(page, "ikedaya", 1)
    first = p.legal()[0]
    p.do(first)
    with page.expect_download() as download:
        page.locator("#export").click()
    save = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    uid = first.split()[1]
    save["record"][0] = f"place {uid} @Street"
    page.locator("#import-file").set_input_files(files=[{"name": "bad.json", "mimeType": "application/json",
                                                         "buffer": json.dumps(save).encode("utf-8")}])
    link = page.locator("#messages a.clause-link").first
    expect(link).to_be_visible()
    cid = link.get_attribute("data-clause")
    assert cid and cid.startswith("ikedaya.")
    link.focus()
    page.keyboard.press("Enter")
    target = page.locator(f'#page-body [id="clause-{cid}"]')
    expect(target).to_be_focused()
    expect(target).to_have_class(re.compile("target"))


def test_how_to_play_has_the_games_goal_turn_and_counters(open_app: Callable[..., Page], page: Page) -> None:
    for scenario, word in (("mukden", "FP"), ("toba-fushimi", "morale")):  # every game: tests/app/test_reference.py
        start(open_app, scenario)
        page.locator("#nav-help").click()
        body = page.locator("#page-body")
        expect(body.locator("h3").first).to_have_text("The goal")
        expect(body.locator("ol.howto-turn li")).to_have_count(5)
        expect(body).to_contain_text(word)
        body.get_by_role("button", name="Open the rules reference").click()
        expect(page.locator("#rules-search")).to_be_visible()
        page.locator("#page-close").click()  # Back to the page it was opened from, then to the game
        expect(page.locator("#page-body ol.howto-turn")).to_be_visible()
        page.locator("#page-close").click()
        page.wait_for_function("() => history.state && history.state.kassen === 'game'")
