"""Battle of Mukden in the page: a full hot-seat turn by clicking, covers that hide the other side's
fighting power, reload, links into fresh browsers, undo/redo, keyboard-only play, phone layout.

Every action goes through the page as a player would do it; a CPython mirror (play.Player) plans
and checks each step, and at the end the page's play link must equal CPython's encoding of the
same game: the same seed and actions give the same state, RNG included, in Pyodide and CPython.
"""
from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from kassen.engine import codec

from .conftest import BOOT_TIMEOUT_MS, READY
from .play import Player, drawn_positions, fragment_of, positions, show_place, status

pytestmark = pytest.mark.browser

JP = {"jp-1": 11, "jp-2": 4, "jp-3": 4, "jp-4": 4, "jp-yalu": 4}
RU = {"ru-1": 4, "ru-2": 4, "ru-3": 4, "ru-gr-right": 4, "ru-gr-left": 4}
SEED = 7


def new_game(open_app: Callable[..., Page], seed: int = SEED) -> Player:
    page = open_app(f"/?scenario=mukden&seed={seed}")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    assert "scenario=" not in page.url and "seed=" not in page.url  # a reload resumes, not restarts
    return Player(page, "mukden", seed)


def allot_both(p: Player) -> None:
    page = p.page
    for uid, fp in JP.items():
        p.do(f"allot {uid} ={fp}")
    p.do("confirm")
    # Russia's turn to allot: the cover is up and the page holds nothing of Japan's allotment
    expect(page.locator('#cover [data-cover="russia"]')).to_be_visible()
    html = page.content()
    for secret in ("11 FP", "=11", "11 of", "11/11", "You allot", "Your record", "data-action"):
        assert secret not in html, secret
    assert status(page)["Japan FP"] == "hidden"
    for uid, fp in RU.items():
        p.do(f"allot {uid} ={fp}")
    p.do("confirm")
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    html = page.content()
    assert "Your record" not in html and "4 of 20" not in html and "You allot" not in html


def test_a_full_turn_by_clicking_matches_cpython_and_survives_a_reload(open_app: Callable[..., Page]) -> None:
    p = new_game(open_app)
    page = p.page
    # the cover for the first player, drawn from the spectator's view
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    expect(page.locator("#cover-text")).to_contain_text("Pass the device to")
    allot_both(p)

    # Japan: move by clicking the unit then a highlighted hex; the attack follows with calls and dice
    p.reveal()
    expect(page.locator("#turn")).to_contain_text("Japan: choose one unit")
    page.locator('#map [data-unit="jp-4"]').click()
    expect(page.locator("#map .cell.legal")).not_to_have_count(0)
    assert "0506" in page.eval_on_selector_all("#map .cell.legal", "els => els.map(e => e.dataset.cell)")
    p.do("move jp-4 @0506")
    assert positions(page)["jp-4"] == "0506"
    p.do("attack @0505")
    p.do("call =4")
    expect(page.locator('#cover [data-cover="russia"]')).to_be_visible()  # the defender calls in secret
    assert "call =" not in page.content()
    p.do("call =4")  # dice are rolled at once: both shown, with who rolled
    dice = page.locator("#dice")
    expect(dice).to_be_visible()
    expect(dice).to_contain_text("Japan rolled 5")
    expect(dice).to_contain_text("Russia rolled 6")
    expect(page.locator("#log")).to_contain_text("Defender rolls 6.")
    assert status(page)["Time"] == "1 / 10"  # a six: time passes
    p.do("stand")

    # Russia: its 3rd Army is next to the enemy, so it may only stay: click it, then click it again
    expect(page.locator('#cover [data-cover="russia"]')).to_be_visible()
    p.reveal()
    page.locator('#map [data-unit="ru-3"]').click()
    expect(page.locator("#map [data-unit='ru-3'].selected")).to_have_count(1)
    page.locator('#map [data-unit="ru-3"]').click()
    stay = page.locator('#chooser-entries button[data-action="move ru-3 @0505"]')
    expect(stay).to_contain_text("stay in 0505")
    stay.click()
    p.apply("move ru-3 @0505")
    p.check()
    p.do("attack @0506")  # a click on the enemy counter attacks it
    p.do("call =1")
    p.do("call =1")
    p.do("stand")
    assert "jp-4" not in positions(page)  # destroyed
    p.do("advance @0506")
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    assert p.to_move == "japan" and p.state["turn"] == 2
    assert status(page)["Turn"].startswith("2")

    # the same seed and actions give the same state, RNG included, as CPython
    p.reveal()
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()
    expect(page.locator("#link-note")).to_contain_text("Send it only to yourself")

    # a reload resumes exactly: same position, same side to act, behind the cover again
    before = positions(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    assert positions(page) == drawn_positions(p.rules, p.view(None))
    p.reveal()
    assert positions(page) == before
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()


def _allotted_game(open_app: Callable[..., Page], seed: int = SEED) -> Player:
    p = new_game(open_app, seed)
    allot_both(p)
    p.reveal()
    return p


def test_links_open_the_same_position_in_fresh_browsers(open_app: Callable[..., Page],
                                                        open_fresh: Callable[[str], Page]) -> None:
    p = _allotted_game(open_app)
    p.do("move jp-4 @0506")
    spectator, play = p.link(secrets=False), p.link(secrets=True)
    assert "#k1.v.mukden." in spectator and "#k1.p.mukden." in play
    view = codec.decode(fragment_of(spectator), lambda sid: p.rules)[2]
    assert "rng" not in view and view["fp"] == {"japan": None, "russia": None}

    other = open_fresh(spectator)
    expect(other.locator("#view-label")).to_have_text("Spectator view")
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    expect(other.locator("#actions button")).to_have_count(0)
    expect(other.locator("#continue-row")).to_be_hidden()  # Mukden hides information
    assert "11 FP" not in other.content()

    other = open_fresh(play)
    expect(other.locator("body")).to_have_attribute("data-mode", "play")
    assert "#" not in other.url  # continued in a new slot, address cleaned
    mirror = Player(other, "mukden", SEED, state=p.state)
    mirror.reveal()
    assert positions(other) == drawn_positions(p.rules, p.view("japan"))
    mirror.do("attack @0505")  # the game goes on from there
    saved = json.loads(other.evaluate("localStorage.getItem('kassen:index')"))
    assert len(saved["slots"]) == 1


def test_undo_and_redo_with_buttons_and_keys(open_app: Callable[..., Page]) -> None:
    p = _allotted_game(open_app)
    page = p.page
    # on a wide screen the whole status shows, nothing folded
    expect(page.locator("#status .status-pair").last).to_be_visible()
    expect(page.locator("#status-more")).to_be_hidden()
    undo, redo = page.locator("#undo"), page.locator("#redo")
    expect(undo).to_be_disabled()  # a change of player is a barrier
    p.do("move jp-4 @0506")
    expect(undo).to_be_enabled()
    undo.click()
    assert positions(page)["jp-4"] == "0507"
    expect(redo).to_be_enabled()
    redo.click()
    assert positions(page)["jp-4"] == "0506"
    page.keyboard.press("Control+z")
    assert positions(page)["jp-4"] == "0507"
    page.keyboard.press("Control+y")
    assert positions(page)["jp-4"] == "0506"
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+z")
    assert positions(page)["jp-4"] == "0506"
    p.check()
    # the undone-and-redone game is the saved game
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    p.reveal()
    assert positions(page)["jp-4"] == "0506"
    expect(undo).to_be_enabled()


def test_keyboard_only_move_and_escape(open_app: Callable[..., Page]) -> None:
    p = _allotted_game(open_app)
    page = p.page
    page.locator("#undo").focus()  # start somewhere else than the map

    def focused() -> str:
        return page.evaluate("""() => { const e = document.activeElement;
            return e.dataset.unit ? 'unit:' + e.dataset.unit : e.dataset.cell ? 'cell:' + e.dataset.cell
                 : e.id || e.getAttribute('data-action') || e.tagName; }""")

    def tab_to(target: str, back: bool = False, limit: int = 80) -> None:
        for _ in range(limit):
            if focused() == target:
                return
            page.keyboard.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {target} (at {focused()})")

    tab_to("unit:jp-4", back=True)
    expect(page.locator("#unit-details")).to_contain_text("Japanese 4th Army")  # details on focus
    page.keyboard.press("Enter")
    expect(page.locator("#map [data-unit='jp-4'].selected")).to_have_count(1)
    assert focused().startswith("cell:")  # focus jumps to the first destination
    page.keyboard.press("Escape")
    expect(page.locator("#map .cell.legal")).to_have_count(0)
    assert focused() == "unit:jp-4"
    page.keyboard.press("Space")
    tab_to("cell:0506")
    page.keyboard.press("Enter")
    p.apply("move jp-4 @0506")
    p.check()
    assert positions(page)["jp-4"] == "0506"
    assert focused() == "cell:0505"  # the attack's only target is next
    page.keyboard.press("Enter")
    p.apply("attack @0505")
    p.check()
    assert focused().startswith("call =")  # then the call buttons
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    # the call passes the device: the page asks first, and the focus is on the confirmation
    expect(page.locator("#confirm-bar")).to_have_attribute("data-action", "call =2")
    assert focused() == "confirm-go"
    page.keyboard.press("Escape")  # changed my mind: back to the calls
    expect(page.locator("#confirm-bar")).to_be_hidden()
    page.locator('#actions button[data-action="call =2"]').focus()
    page.keyboard.press("Enter")
    assert focused() == "confirm-go"
    page.keyboard.press("Enter")
    p.apply("call =2")
    p.check()
    expect(page.locator('#cover [data-cover="russia"]')).to_be_visible()
    assert focused() == "cover-button"


def test_phone_layout_is_usable(open_app: Callable[..., Page], page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    p = _allotted_game(open_app)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways ({width}px)"
    svg = page.locator("#map svg").bounding_box()
    panel = page.locator("#side-panel").bounding_box()
    assert svg and panel
    assert svg["width"] >= 300 and svg["x"] >= 0 and svg["x"] + svg["width"] <= 360
    assert panel["y"] >= svg["y"] + svg["height"] - 1  # panels below the board
    for box in page.locator("#side-panel button:visible").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"):
        assert box >= 44, "buttons must be finger-sized"
    # taps work (no hover needed): select, see details, move
    show_place(page, "0507")
    page.locator('#map [data-unit="jp-4"]').tap()
    expect(page.locator("#unit-details")).to_contain_text("4th Army")
    expect(page.locator("#unit-details")).to_contain_text("Fighting power: 4 of 4")
    page.locator('#map [data-cell="0506"]').tap()
    p.apply("move jp-4 @0506")
    p.check()
    # a long status folds on a phone: four rows show, "More…" unfolds the rest
    rows = page.locator("#status .status-pair")
    assert rows.count() > 4
    expect(rows.nth(3)).to_be_visible()
    expect(rows.nth(4)).to_be_hidden()
    more = page.locator("#status-more")
    assert more.bounding_box()["height"] >= 44
    more.tap()
    expect(rows.nth(4)).to_be_visible()
    expect(more).to_have_attribute("aria-expanded", "true")
    # zooming in draws the map bigger inside its frame, never the page sideways
    before = float(page.locator("#map").get_attribute("data-scale"))
    page.locator("#zoom-in").tap()
    assert float(page.locator("#map").get_attribute("data-scale")) > before * 1.2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#fit-map").tap()
    expect(page.locator("#map")).to_have_attribute("data-fit", "map")


@pytest.fixture
def page(browser: Browser, base_url: str) -> Page:
    """Like pytest-playwright's page, with touch (phone test) enabled."""
    context = browser.new_context(has_touch=True)
    yield context.new_page()
    context.close()


def test_end_screen_says_who_won_and_why_and_offers_a_new_game(open_app: Callable[..., Page]) -> None:
    p = _allotted_game(open_app)
    page = p.page
    p.do("move jp-yalu @0907")  # Japan's 'Yalu River Army stays: no enemy next to it, Russia's turn
    p.do("withdraw")
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("Game over. Japan wins (withdrawal): Russia declares withdrawal")
    expect(page.locator("#cover")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("Fighting power revealed. Japan: 1st Army 11/11")
    expect(page.locator("#actions button")).to_have_count(0)
    # the help and rulings pages are one click away
    page.locator("#nav-help").click()
    expect(page.locator("#page-dialog")).to_contain_text("Hidden information")
    page.locator("#page-close").click()
    page.locator("#nav-rulings").click()
    expect(page.locator("#page-title")).to_have_text("Rulings — Battle of Mukden")
    expect(page.locator("#page-body article.ruling")).to_have_count(len(p.rules.rulings()))
    page.keyboard.press("Escape")
    # play again: a new game, and the finished one stays in the list with its result
    page.locator("#new-same").click()
    expect(page.locator('#cover [data-cover="japan"]')).to_be_visible()
    expect(page.locator("#outcome")).to_be_hidden()
    page.locator("#cover-menu").click()
    expect(page.locator("#save-list li")).to_have_count(2)
    expect(page.locator("#save-list li").nth(1)).to_contain_text("Japan wins")
