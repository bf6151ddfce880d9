"""Issue 9's play surface, the parts that need a game in a given state: log numbers of 100 and more
in full and the same for both players, what the other side did since (summary and marked places)
when the device passes, Undo with a chooser open, the setting that turns confirmation off, and an
embed of a finished game whose game-over box leaves the map in view.

Games are reached by playing through the page (play.Player, with its CPython mirror) or, for a long
one, by a save written in CPython (the page resumes it from localStorage, as after a reload).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from kassen.app.controller import Controller, consequence_codes, consequences
from kassen.app.storage import MemoryStore, Saves
from kassen.games import load_rules

from .conftest import BOOT_TIMEOUT_MS, READY
from .play import Player, positions

pytestmark = pytest.mark.browser

# the log as shown: (action number, text) per line; a line continuing its action's shows no number
LOG_JS = """() => {
  let n = null;
  return [...document.querySelectorAll('#log li')].map(li => {
    const shown = li.querySelector('.log-n').textContent;
    if (shown) n = +shown;
    return [n, li.querySelector('.log-text').textContent];
  });
}"""
# every number drawn whole: not wider than its box, and its box inside the log's
CLIPPED_JS = """() => {
  const log = document.getElementById('log').getBoundingClientRect();
  return [...document.querySelectorAll('#log .log-n')].filter(e => e.textContent).filter(e => {
    const r = e.getBoundingClientRect();
    return e.scrollWidth > e.clientWidth + 0.5 || r.left < log.left - 0.5;
  }).map(e => e.textContent);
}"""


def long_kawanakajima(actions: int = 100) -> tuple[Controller, dict[str, str]]:
    """Kawanakajima after ``actions`` seeded actions (ends of phases a quarter of the time, so the
    game moves on past the set-up), saved in a store the page can be given as its localStorage."""
    rules = load_rules("kawanakajima")
    store = MemoryStore()
    c = Controller(lambda sid: rules, Saves(store))
    c.start_new("kawanakajima", 1)
    rnd = random.Random(1)
    for _ in range(actions):
        c.reveal()
        legal = c.legal()
        cell_less = [a for a in legal if a.cell is None]
        c.perform(rnd.choice(cell_less) if cell_less and rnd.random() < 0.25 else rnd.choice(legal), confirmed=True)
    return c, dict(store.data)


def page_with_storage(browser: Browser, base_url: str, data: dict[str, str]) -> Page:
    """A new browser holding ``data`` in its localStorage, opened on the site with no parameters (it
    resumes the last game)."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
      for (const [k, v] of Object.entries({json.dumps(data)})) localStorage.setItem(k, v);
      sessionStorage.setItem('seeded', '1'); }}""")
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


# the cell farthest from a given one (to look away from it)
FARTHEST_JS = """(label) => {
  const c = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x, y] = c(document.querySelector(`#map [data-cell="${label}"]`));
  let best = null, far = -1;
  for (const e of document.querySelectorAll('#map [data-cell]:not(.box)')) {
    const [u, v] = c(e); const d = (u - x) ** 2 + (v - y) ** 2;
    if (d > far) { far = d; best = e.dataset.cell; }
  }
  return best;
}"""


def in_view(page: Page, label: str) -> bool:
    """The centre of a cell lies inside the map's box on screen."""
    cell = page.locator(f'#map [data-cell="{label}"]').bounding_box()
    frame = page.locator("#map").bounding_box()
    assert cell and frame
    x, y = cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2
    return frame["x"] <= x <= frame["x"] + frame["width"] and frame["y"] <= y <= frame["y"] + frame["height"]


def shown_log(page: Page) -> list[tuple[int, str]]:
    return [(n, text) for n, text in page.evaluate(LOG_JS)]


def unique_lines(lines: list[tuple[int, str]]) -> dict[str, int]:
    """{text: number} of the lines whose text occurs once."""
    counts = Counter(text for _, text in lines)
    return {text: n for n, text in lines if counts[text] == 1}


def expected_log(c: Controller) -> list[tuple[int, str]]:
    s = c.screen()
    return list(zip(s.log_n, s.log))


def test_log_numbers_of_100_and_more_are_whole_and_the_same_for_both_players(browser: Browser,
                                                                             base_url: str) -> None:
    c, data = long_kawanakajima()
    page = page_with_storage(browser, base_url, data)
    p = Player(page, "kawanakajima", 1, state=c.history.state)
    first = p.to_move
    p.reveal()
    c.reveal()
    mine = shown_log(page)
    assert mine == expected_log(c)
    assert max(n for n, _ in mine) >= 100 and page.locator("#log .log-n", has_text="100").count() == 1
    assert page.evaluate(CLIPPED_JS) == []
    # the first player ends the phase, passing the device; the other player reads the same numbers
    ending = next(a for a in c.legal()
                  if "passes-device" in consequence_codes(consequences(p.rules, p.state, a)))
    p.do(ending.to_text())
    c.perform(ending, confirmed=True)
    assert p.to_move != first and p.covered()
    p.reveal()
    c.reveal()
    theirs = shown_log(page)
    assert theirs == expected_log(c)
    # a line both players read (one of a kind in each log) carries the same number for both
    a, b = unique_lines(mine), unique_lines(theirs)
    shared = set(a) & set(b)
    assert len(shared) > 20 and {t: a[t] for t in shared} == {t: b[t] for t in shared}
    assert page.evaluate(CLIPPED_JS) == []
    # what happened since this player last had the device: the summary above the log
    # what happened since this player last had the device (here: since the game was opened) is
    # summarised above the log, in the log's words
    expect(page.locator("#since")).to_be_visible()
    news = page.locator("#since-list li").all_text_contents()
    assert news and set(news) <= set(c.screen().since) and set(news) <= {text for _, text in theirs}
    page.context.close()


def test_the_player_receiving_the_device_sees_the_other_sides_move(open_app: Callable[..., Page]) -> None:
    """Mukden: Japan moves its 2nd Army, then Russia takes the device: the move is summarised above
    the log, its two hexes are marked on the map and brought into view; when Japan has the device
    again, the news is Russia's move, not its own."""
    page = open_app("/?scenario=mukden&seed=7")
    p = Player(page, "mukden", 7)
    for uid, fp in {"jp-1": 11, "jp-2": 4, "jp-3": 4, "jp-4": 4, "jp-yalu": 4}.items():
        p.do(f"allot {uid} ={fp}")
    p.do("confirm")
    for uid in ("ru-1", "ru-2", "ru-3", "ru-gr-right", "ru-gr-left"):
        p.do(f"allot {uid} =4")
    p.do("confirm")
    p.reveal()
    assert p.state["units"]["jp-2"]["at"] == "0307"
    page.locator("#map").focus()
    for _ in range(4):
        page.keyboard.press("+")  # zoomed in: the move's place may be out of view
    p.do("move jp-2 @0208")  # no enemy next to it: Russia's turn
    far = page.evaluate(FARTHEST_JS, "0208")
    page.evaluate("(l) => document.getElementById('map').setAttribute('data-reveal', l)", far)
    assert not in_view(page, "0208")
    p.reveal()
    expect(page.locator("#since")).to_be_visible()
    expect(page.locator("#since-list")).to_contain_text("0208")
    marked = page.eval_on_selector_all("#map .cell.last-move", "els => els.map(e => e.dataset.cell)")
    assert set(marked) == {"0307", "0208"}
    assert in_view(page, "0208")  # brought into view when Russia looks
    russian = next(a for a in p.legal() if a.startswith("move ru-") and p.asks_first(a))
    p.do(russian)  # it ends the turn: Japan's device
    p.reveal()
    expect(page.locator("#since")).to_be_visible()
    expect(page.locator("#since-list")).not_to_contain_text("0208")  # its own move is no news
    where = russian.split("@")[1]
    expect(page.locator("#since-list")).to_contain_text(where)


# Ikedaya, seed 1, the set-up by the first legal action each time: then the Shinsengumi's Kondō may
# move to 1A3 alone or with others (a chooser), and the last set-up action can still be undone
IKEDAYA_SETUP = ["place katsura @2A1", "place yoshida @2A1", "place sugiyama @2A1", "place yamada @2B1",
                 "place hirooka @2B1", "place saeki @2B1", "place miyabe @2C1", "place kitazoe @2A3",
                 "place mochizuki @2A3", "place ishikawa @2A3", "place kondo,nagakura,todo,takeda,okita @1C1"]


def test_undo_with_a_chooser_open_closes_it_and_confirmation_can_be_turned_off(
        open_app: Callable[..., Page]) -> None:
    page = open_app("/?scenario=ikedaya&seed=1")
    p = Player(page, "ikedaya", 1)
    for text in IKEDAYA_SETUP:
        p.do(text)
    undo, note = page.locator("#undo"), page.locator("#undo-note")
    expect(undo).to_be_enabled()
    takes_back = undo.get_attribute("title")
    assert takes_back and takes_back.startswith("Undo takes back: ")
    if not page.locator('#map [data-unit="kondo"].selected').count():
        p.click_unit("kondo")
    p.click_cell("1A3")
    chooser = page.locator("#chooser")
    expect(chooser).to_be_visible()
    assert page.locator("#chooser-entries button").count() >= 2
    expect(note).to_be_visible()
    expect(note).to_have_text("Undo closes this choice; nothing is taken back.")
    undo.click()
    expect(chooser).to_be_hidden()
    p.check()  # nothing was taken back: the page still shows the mirror's position
    expect(undo).to_be_enabled()
    expect(undo).to_have_attribute("title", takes_back)
    # Escape closes it the same way
    p.click_cell("1A3")
    expect(chooser).to_be_visible()
    page.keyboard.press("Escape")
    expect(chooser).to_be_hidden()
    p.check()

    # the setting off: an action that would be asked about happens at once
    page.locator("#setting-confirm").uncheck()
    bar = page.locator("#confirm-bar")
    for _ in range(20):
        legal = p.legal()
        asking = [a for a in legal if p.asks_first(a)]
        if asking:
            break
        p.do(next((a for a in legal if "@" not in a), legal[0]))
    else:
        raise AssertionError("no action that asks first")
    text = next((a for a in asking if "@" not in a), asking[0])
    p.confirm_if_asked = lambda _text: expect(bar).to_be_hidden()  # type: ignore[method-assign]
    p.do(text)  # Player.do clicks it; the mirror applies it; the page must show the result at once
    assert p.record[-1] == text


def _finished_mukden_embed(base_url: str) -> str:
    """An embed of a Mukden game ended by Russia's withdrawal (the last frame shows the result)."""
    rules = load_rules("mukden")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.start_new("mukden", 7)
    for uid, fp in (("jp-1", 11), ("jp-2", 4), ("jp-3", 4), ("jp-4", 4), ("jp-yalu", 4)):
        c.reveal()
        c.press(f"allot {uid} ={fp}")
    c.press("confirm")
    for uid in ("ru-1", "ru-2", "ru-3", "ru-gr-right", "ru-gr-left"):
        c.reveal()
        c.press(f"allot {uid} =4")
    c.press("confirm")
    for text in ("move jp-yalu @0907", "withdraw"):
        c.reveal()
        c.press(text)
    assert rules.outcome(c.history.state)
    return f"{base_url}?embed=1#{c.embed_link()}"


def test_the_game_over_box_of_an_embed_leaves_the_map_in_view(base_url: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 600, "height": 450})
    page = context.new_page()
    page.goto(_finished_mukden_embed(base_url))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("Japan wins")
    box = outcome.bounding_box()
    frame = page.locator("#map-frame").bounding_box()
    assert box and frame
    assert box["width"] * box["height"] < 600 * 450 / 3 / 4, box  # a line, not a panel
    overlap_h = max(0.0, min(box["y"] + box["height"], frame["y"] + frame["height"]) - max(box["y"], frame["y"]))
    assert overlap_h < frame["height"] / 3
    assert frame["width"] * frame["height"] >= 0.5 * 600 * 450, frame
    assert page.evaluate("document.documentElement.scrollHeight") <= 450
    assert page.evaluate("document.documentElement.scrollWidth") <= 600
    assert positions(page)  # the final position is drawn
    expect(page.locator("#frame-move")).to_contain_text("Move ")
    context.close()
