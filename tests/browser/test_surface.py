"""The play surface of every scenario on a desktop (1280x800, mouse) and a phone (390x844, touch).

For each (every scenario of every game, so a new game is measured too): at the default zoom every
counter is at least 28 px across on the desktop and 24 px on the phone, and its text and every cell
label or place name drawn at all is at least 9 px tall (measured with getBoundingClientRect and the
font size on screen); labels too small to draw name the place pointed at; place names sit on no
counter or label; on the phone the prompt, the buttons and Undo stay in reach with the map in view;
drag, wheel (desktop), pinch and one-finger drag (phone), the keyboard and the fit buttons change the
view, the overview shows when part of the map is; the first action that ends the turn, rolls dice,
reveals, passes the device or ends the game waits for confirmation (in reach on the phone); Back and
Forward move between menu, game and rulings. Then each scenario's embed at 600x450: nothing cut off
or scrolling, the map at least half the frame, each step saying what moved. And a kanji is drawn with
the bundled font, not the fallback box. (tests/browser/test_surface_play.py: the parts that need a
game in a given state.)

One browser context per screen for the whole module (pages are reused), so the module stays quick.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from kassen.app.controller import Controller
from kassen.app.storage import MemoryStore, Saves
from kassen.games import load_rules, scenario_ids

from .conftest import BOOT_TIMEOUT_MS, READY, Watch
from .play import Player

pytestmark = pytest.mark.browser

SCENARIOS = tuple(sorted(scenario_ids()))  # every scenario of every game, those to come included
SCREENS = {
    "desktop": {"options": dict(viewport={"width": 1280, "height": 800}), "counter": 28},
    "phone": {"options": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True),
              "counter": 24},
}
MIN_TEXT = 9

# Sizes on screen, in CSS px: counters (smallest side of [data-unit]'s box), counter text (box height
# and font size on screen), cell labels and place names that are drawn (visibility not hidden).
SIZES_JS = """() => {
  const map = document.querySelector('#map svg');
  const k = map.getScreenCTM().a;
  const shown = (e) => getComputedStyle(e).visibility !== 'hidden';
  const font = (e) => parseFloat(e.getAttribute('font-size') || getComputedStyle(e).fontSize) * k;
  const min = (xs) => xs.length ? Math.min(...xs) : null;
  const units = [...document.querySelectorAll('#map [data-unit]')].map(e => e.getBoundingClientRect());
  const texts = [...document.querySelectorAll('#map [data-unit] text')].filter(t => t.textContent.trim());
  const labels = [...document.querySelectorAll('#map .cell-label, #map .place-name')].filter(shown);
  return {
    counters: units.length,
    counter_px: min(units.map(r => Math.min(r.width, r.height))),
    text_box_px: min(texts.map(t => t.getBoundingClientRect().height)),
    text_font_px: min(texts.map(font)),
    labels_drawn: labels.length,
    label_box_px: min(labels.map(t => t.getBoundingClientRect().height)),
    label_font_px: min(labels.map(font)),
    scale: +document.getElementById('map').dataset.scale,
  };
}"""


class Screen:
    """One screen size's context and its page, kept for the module. When Chromium's renderer crashes
    (it has, rarely, on CI: "Page crashed"), every later goto on that page fails too, so the next test
    that asks gets a new page in the same context: one crash costs one test (which make test reruns),
    not the rest of the module."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.watch = Watch()
        self.watch.attach(context)
        self.page = self._new_page()

    def _new_page(self) -> Page:
        page = self.context.new_page()
        page.on("crash", lambda _page: setattr(self, "crashed", True))
        self.crashed = False
        return page

    def current(self) -> tuple[Page, Watch]:
        if self.crashed or self.page.is_closed():
            if not self.page.is_closed():
                self.page.close()
            self.page = self._new_page()
        return self.page, self.watch


@pytest.fixture(scope="module")
def screen_contexts(browser: Browser) -> Iterator[dict[str, Screen]]:
    """One context per screen size for the module; each watched like conftest's pages."""
    out = {name: Screen(browser.new_context(**spec["options"])) for name, spec in SCREENS.items()}
    yield out
    for screen in out.values():
        screen.context.close()


@pytest.fixture
def screens(screen_contexts: dict[str, Screen]) -> dict[str, tuple[Page, Watch]]:
    """Each screen's page (a new one if the last crashed) and its watch."""
    return {name: screen.current() for name, screen in screen_contexts.items()}


def _problems(watch: Watch) -> list[str]:
    found = watch.problems(allow_page_errors=False)
    watch.outside.clear()
    watch.http_errors.clear()
    watch.page_errors.clear()
    watch.console_errors.clear()
    return found


# place names (.place-name) that overlap a counter or a drawn hex label, as "name/what"
OVERLAPS_JS = """() => {
  const shown = (e) => getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none';
  const boxes = (sel) => [...document.querySelectorAll(sel)].filter(shown)
      .map(e => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.height > 0);
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
                        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const others = [...boxes('#map [data-unit]'), ...boxes('#map .cell-label')];
  const out = [];
  for (const [name, r] of boxes('#map .place-name'))
    for (const [e, q] of others) if (hit(r, q)) out.push(`${name.textContent}/${e.dataset.unit || e.textContent}`);
  return out;
}"""
# a map cell in view with nothing drawn over its centre: [label, x, y]
OPEN_CELL_JS = """() => {
  const m = document.getElementById('map').getBoundingClientRect();
  for (const e of document.querySelectorAll('#map [data-cell]:not(.box)')) {
    const r = e.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (x < m.left + 10 || x > m.right - 60 || y < m.top + 40 || y > m.bottom - 10) continue;
    if (document.elementFromPoint(x, y)?.closest('[data-cell]') === e) return [e.dataset.cell, x, y];
  }
  return null;
}"""
# every cell's box within the map's box horizontally (fit width)
WIDTH_JS = """() => {
  const m = document.getElementById('map').getBoundingClientRect();
  const cells = [...document.querySelectorAll('#map [data-cell]:not(.box)')].map(e => e.getBoundingClientRect());
  const left = Math.min(...cells.map(r => r.left)), right = Math.max(...cells.map(r => r.right));
  return left >= m.left - 1 && right <= m.right + 1 ? true : [m.left, m.right, left, right, document.getElementById('map').dataset.view];
}"""


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return bool(box and size and box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5
                and box["x"] + box["width"] <= size["width"] + 0.5)


def looking_at_the_map_the_dock_is_in_reach(page: Page) -> None:
    """Phone: with the map at the top of the screen, the dock (prompt, buttons, Undo) stays in the
    screen below it, the map keeps most of the rest, and every action button is reached by
    scrolling the dock, not the page."""
    page.evaluate("() => window.scrollTo(0, document.getElementById('map-frame').getBoundingClientRect().top"
                  " + window.scrollY)")
    scroll = page.evaluate("window.scrollY")
    size = page.viewport_size
    assert size
    # nothing (the header's buttons and language switch included) makes the page wider than the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    for region in ("#dock", "#turn", "#undo"):
        assert in_viewport(page, region), region
    dock = page.locator("#dock").bounding_box()
    frame = page.locator("#map-frame").bounding_box()
    assert dock and frame and dock["height"] <= 0.4 * size["height"]
    assert min(frame["y"] + frame["height"], dock["y"]) - max(frame["y"], 0) >= 0.45 * size["height"]
    for i in range(page.locator("#actions button").count()):
        button = page.locator("#actions button").nth(i)
        button.evaluate("b => b.scrollIntoView({block: 'nearest'})")
        assert in_viewport(page, f"#actions button >> nth={i}"), button.text_content()
        assert page.evaluate("window.scrollY") == scroll  # the page, and so the map, did not move
    page.evaluate("() => { document.getElementById('dock').scrollTop = 0; window.scrollTo(0, 0); }")


def map_data(page: Page) -> dict[str, str]:
    return page.evaluate("() => ({...document.getElementById('map').dataset})")


def map_centre(page: Page) -> tuple[float, float]:
    box = page.locator("#map").bounding_box()
    assert box
    return box["x"] + box["width"] * 0.45, box["y"] + min(box["height"] * 0.45, 260)


def gesture(page: Page, frames: list[list[tuple[float, float]]]) -> None:
    """Fingers on the screen through Chromium's input pipeline (they arrive as pointer events of type
    touch): the first frame puts them down, the others move them, then they are lifted."""
    client = page.context.new_cdp_session(page)

    def send(kind: str, points: list[tuple[float, float]]) -> None:
        client.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i, "radiusX": 2, "radiusY": 2, "force": 1} for i, (x, y) in enumerate(points)]})

    send("touchStart", frames[0])
    for points in frames[1:]:
        send("touchMove", points)
    send("touchEnd", [])
    client.detach()


def first_asking_action(p: Player, limit: int = 14) -> str:
    """Play ordinary actions until one that the page must ask about is legal; return it."""
    for _ in range(limit):
        legal = p.legal()
        asking = [a for a in legal if p.asks_first(a)]
        if asking:
            # a button is one click; an action on the map needs its unit selected first: prefer buttons
            return next((a for a in asking if "@" not in a), asking[0])
        # buttons first ("place-all", "end"): a set-up of thirty counters is not clicked one by one
        p.do(next((a for a in legal if "@" not in a), legal[0]))
    raise AssertionError("no action that ends the turn, rolls dice or reveals within the limit")


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legible_by_default_gestures_safe_play_and_back(scenario: str, screen: str, base_url: str,
                                                          screens: dict[str, tuple[Page, Watch]]) -> None:
    page, watch = screens[screen]
    page.goto(f"{base_url}?scenario={scenario}&seed=1")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    p = Player(page, scenario, 1)
    p.reveal()

    # legible at the default zoom
    sizes = page.evaluate(SIZES_JS)
    assert sizes["counters"] > 0
    assert sizes["counter_px"] >= SCREENS[screen]["counter"], sizes
    assert sizes["text_font_px"] >= MIN_TEXT and sizes["text_box_px"] >= MIN_TEXT, sizes
    if sizes["labels_drawn"]:
        assert sizes["label_font_px"] >= MIN_TEXT and sizes["label_box_px"] >= MIN_TEXT, sizes

    # hex labels too small to draw: the place pointed at names itself
    if screen == "desktop" and page.locator("#map").get_attribute("data-labels") == "hidden":
        point = page.evaluate(OPEN_CELL_JS)
        assert point, scenario
        page.mouse.move(point[1], point[2])
        expect(page.locator("#map-tip")).to_be_visible()
        expect(page.locator("#map-tip")).to_contain_text(point[0])
        page.mouse.move(2, 2)
    # place names sit on no counter and no hex label drawn
    assert page.evaluate(OVERLAPS_JS) == [], scenario
    if screen == "phone":
        looking_at_the_map_the_dock_is_in_reach(page)

    # the legend: terrain, features, marks and a sample counter
    page.locator("#legend-toggle").click()
    legend = page.locator("#legend")
    expect(legend).to_be_visible()
    expect(legend.locator("h4")).to_have_text(["Terrain", "Hexsides and features", "Marks", "A counter"])
    assert legend.locator(".legend-swatch svg").count() >= 6
    legend.locator("[data-legend-close]").click()
    expect(legend).to_be_hidden()

    # gestures change the view: zoom in, then move
    start = map_data(page)
    x, y = map_centre(page)
    if screen == "desktop":
        page.mouse.move(x, y)
        page.mouse.wheel(0, -300)
        expect(page.locator("#map")).not_to_have_attribute("data-scale", start["scale"])
        zoomed = map_data(page)
        assert float(zoomed["scale"]) > float(start["scale"]) * 1.2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 120, y - 70, steps=6)
        page.mouse.up()
    else:
        # pinch: two fingers apart, zooming around their middle
        gesture(page, [[(x - 40 - 14 * step, y), (x + 40 + 14 * step, y)] for step in range(6)])
        zoomed = map_data(page)
        assert float(zoomed["scale"]) > float(start["scale"]) * 1.5, (start, zoomed)
        gesture(page, [[(x - 24 * step, y - 14 * step)] for step in range(6)])  # one finger drags
        # a finger's drag ends with no click: the next press of a map button counts (it was swallowed
        # once). A click: Chromium makes no click of the first synthetic tap after a CDP gesture.
        dragged = map_data(page)
        page.locator("#zoom-out").click()  # (the pinch may have zoomed in as far as it goes)
        expect(page.locator("#map")).not_to_have_attribute("data-scale", dragged["scale"])
        moved = dragged
    if screen == "desktop":
        moved = map_data(page)
    assert moved["view"] != zoomed["view"] and moved["scale"] == zoomed["scale"]
    # the keyboard: 0 shows the whole map (no overview then), + zooms in, arrows pan
    page.locator("#map").focus()
    page.keyboard.press("0")
    expect(page.locator("#map")).to_have_attribute("data-fit", "map")
    expect(page.locator("#minimap")).to_be_hidden()
    fitted = map_data(page)
    page.keyboard.press("+")
    expect(page.locator("#map")).not_to_have_attribute("data-scale", fitted["scale"])
    assert float(map_data(page)["scale"]) > float(fitted["scale"])
    page.keyboard.press("+")
    page.keyboard.press("+")
    expect(page.locator("#map")).to_have_attribute("data-fit", "part")
    expect(page.locator("#minimap")).to_be_visible()  # part of the map: the overview shows where
    zoomed = map_data(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#map")).not_to_have_attribute("data-view", zoomed["view"])
    assert map_data(page)["scale"] == zoomed["scale"]
    # fit width: the map's leftmost and rightmost places are on screen
    page.locator("#fit-width").click()
    assert page.evaluate(WIDTH_JS) is True, scenario

    # an action that ends the turn, rolls dice, reveals or passes the device asks first
    p.check()
    text = first_asking_action(p)
    before = list(p.record)
    if screen == "phone":
        confirm = p.confirm_if_asked

        def in_reach_then_confirm(action: str) -> None:
            expect(page.locator("#confirm-bar")).to_be_visible()
            assert in_viewport(page, "#confirm-bar") and in_viewport(page, "#confirm-go"), action
            confirm(action)

        p.confirm_if_asked = in_reach_then_confirm  # type: ignore[method-assign]
    p.do(text)  # Player.do: the bar appears for exactly this action, nothing has happened yet; confirmed
    assert p.record == before + [text]

    # Back: to the menu; Forward: to the game
    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-mode", "menu")
    page.go_forward()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p.reveal()
    # and between the game and its rulings page
    page.locator("#nav-rulings").click()
    dialog = page.locator("#page-dialog")
    expect(dialog).to_be_visible()
    page.go_back()
    expect(dialog).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    page.go_forward()
    expect(dialog).to_be_visible()
    expect(page.locator("#page-title")).to_contain_text("Rulings")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    p.reveal()
    p.check()
    assert not _problems(watch)


def _embed_url(base_url: str, scenario: str) -> str:
    """An embed of a game played (seeded) until a spectator sees at least three positions."""
    rules = load_rules(scenario)
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.start_new(scenario, 3)
    rnd = random.Random(5)
    for n in range(200):
        c.reveal()
        legal = c.legal()
        if not legal or (n % 10 == 9 and len(c.replay_frames()) >= 3):
            break
        c.perform(rnd.choice(legal))
    return f"{base_url}?embed=1#{c.embed_link()}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_embed_fits_600_by_450(scenario: str, base_url: str, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 600, "height": 450})
    page = context.new_page()
    page.goto(_embed_url(base_url, scenario))
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 600
    assert page.evaluate("document.documentElement.scrollHeight") <= 450
    frame = page.locator("#map-frame").bounding_box()
    assert frame and frame["width"] * frame["height"] >= 0.5 * 600 * 450, frame
    assert frame["y"] + frame["height"] <= 450 and frame["x"] + frame["width"] <= 600
    # nothing cut off: every control shown lies inside the frame
    for box in page.locator("#board-head button:visible, #board-head a:visible, .map-tools button:visible").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["right"] <= 600 and box["bottom"] <= 450 and box["left"] >= 0 and box["top"] >= 0, box
    counter = page.locator("#frame-counter")
    expect(counter).to_have_text(re.compile(r"Position (\d+) of \1$"))
    count = int(counter.text_content().split()[-1])
    assert count >= 2
    move = page.locator("#frame-move")
    expect(move).to_be_visible()
    expect(move).to_have_text(re.compile(rf"^Move {count - 1}: \S"))
    page.locator("#frame-first").click()
    expect(move).to_be_hidden()  # the first position: no move made yet
    context.close()


def test_a_kanji_is_drawn_with_the_bundled_font(screens: dict[str, tuple[Page, Watch]], base_url: str) -> None:
    """This machine has no Japanese font (a kanji falls back to a box): the bundled Noto Sans JP must
    draw it, one em wide, and the page's own text (the header's 合戦) uses it."""
    page, watch = screens["desktop"]
    page.goto(f"{base_url}?scenario=ikedaya&seed=2")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    widths = page.evaluate("""async () => {
      await document.fonts.load("700 40px 'Noto Sans JP'", '合戦剣');
      const width = (text, font) => {
        const s = document.createElement('span');
        s.style.font = font; s.style.position = 'absolute'; s.style.whiteSpace = 'nowrap';
        s.textContent = text; document.body.append(s);
        const w = s.getBoundingClientRect().width; s.remove(); return w; };
      const family = getComputedStyle(document.querySelector('.site-header h1 span')).fontFamily;
      return {page: width('合', `700 40px ${family}`), box: width('\\ue000', `700 40px ${family}`),
              loaded: document.fonts.check("700 40px 'Noto Sans JP'", '合'),
              faces: [...document.fonts].filter(f => f.family.includes('Noto Sans JP') && f.status === 'loaded').length};
    }""")
    assert widths["loaded"] and widths["faces"] >= 1, widths
    assert abs(widths["page"] - 40) < 1.5, widths  # a CJK glyph is one em wide in Noto Sans JP
    assert abs(widths["page"] - widths["box"]) > 5, widths  # not the fallback's box
    # the font is off the critical path: neither its stylesheet nor its files block the first paint
    blocking = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.name.includes('noto-sans-jp')).map(e => e.renderBlockingStatus)""")
    assert blocking and set(blocking) == {"non-blocking"}, blocking
    assert not _problems(watch)


def test_a_board_of_1800_hexes_and_250_counters_pans_zooms_and_reveals(
        screens: dict[str, tuple[Page, Watch]], base_url: str) -> None:
    """The synthetic big board (tests/render/bigboard.py) in the page's map: the default view is
    legible and shows the overview, the wheel and a drag move it, a far place comes into view, and a
    counter pointed at in a stack comes to its top. (Timings: make bench.)"""
    from tests.render.bigboard import big_board, big_counters, render_big

    page, watch = screens["desktop"]
    page.goto(f"{base_url}?scenario=ikedaya&seed=3")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    board = big_board()
    markup = render_big(board, big_counters(board))
    page.evaluate("(m) => { document.getElementById('map').innerHTML = m; }", markup)
    expect(page.locator("#map")).to_have_attribute("data-fit", "part")
    expect(page.locator("#minimap")).to_be_visible()
    assert page.locator("#map [data-cell]").count() == 1800 and page.locator("#map [data-unit]").count() == 250
    sizes = page.evaluate(SIZES_JS)
    assert sizes["counter_px"] >= 28 and sizes["text_font_px"] >= MIN_TEXT, sizes
    start = map_data(page)
    x, y = map_centre(page)
    page.mouse.move(x, y)
    page.mouse.wheel(0, 200)
    expect(page.locator("#map")).not_to_have_attribute("data-scale", start["scale"])
    zoomed = map_data(page)
    page.mouse.down()
    page.mouse.move(x + 150, y + 90, steps=5)
    page.mouse.up()
    assert map_data(page)["view"] != zoomed["view"]
    # a far place is brought into view (clear of the map's own controls)
    page.evaluate("() => document.getElementById('map').setAttribute('data-reveal', '6030')")
    cell = page.locator('#map [data-cell="6030"]').bounding_box()
    frame = page.locator("#map").bounding_box()
    assert cell and frame
    assert frame["x"] <= cell["x"] and cell["x"] + cell["width"] <= frame["x"] + frame["width"]
    assert frame["y"] <= cell["y"] and cell["y"] + cell["height"] <= frame["y"] + frame["height"]
    # a stack: the counter pointed at comes to the top of its stack
    bottom = page.locator("#map [data-unit][data-stack]").first
    at = bottom.get_attribute("data-at")
    uid = bottom.get_attribute("data-unit")
    page.evaluate("(l) => document.getElementById('map').setAttribute('data-reveal', l)", at)
    box = bottom.bounding_box()
    page.mouse.move(box["x"] + 3, box["y"] + box["height"] - 3)  # its corner that shows
    top = page.evaluate("""(at) => [...document.querySelectorAll(`#map [data-unit][data-at="${at}"]`)]
        .map(e => e.dataset.unit).pop()""", at)
    assert top == uid
    assert not _problems(watch)
