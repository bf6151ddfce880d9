"""Start-up: the page shows a real map before Python is ready (the build's pre-rendered SVG), asks
nothing of other origins meanwhile, and Python's own drawing then takes over.
"""

from __future__ import annotations

import sys

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS, READY, ROOT, Watch

pytestmark = pytest.mark.browser

# Injected before any page script: what #map held when it first got a map, and whether the page was
# ready then (Python sets data-ready only when its own drawing is done).
FIRST_MAP = """
(() => {
  window.__firstMap = null;
  new MutationObserver((_, observer) => {
    const svg = document.querySelector("#map svg");
    if (!svg || window.__firstMap) return;
    window.__firstMap = {
      at: performance.now(),
      ready: document.body.dataset.ready ?? null,
      cells: svg.querySelectorAll("[data-cell]").length,
      units: svg.querySelectorAll("[data-unit]").length,
      preview: document.body.dataset.preview ?? null,
    };
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
})();
"""


def _first_map(page: Page, url: str) -> dict:
    page.add_init_script(FIRST_MAP)
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("window.__firstMap")


def test_a_new_game_shows_its_map_and_counters_before_python_is_ready(page: Page, base_url: str,
                                                                      page_watch: Watch) -> None:
    first = _first_map(page, base_url + "?scenario=mukden&seed=1")
    assert first is not None and first["ready"] is None, first  # in the DOM before data-ready
    assert first["preview"] == "mukden"
    assert first["cells"] == page.locator("#map [data-cell]").count() == 74
    # the starting counters as Python then draws them
    assert first["units"] == page.locator("#map [data-unit]").count() > 0
    assert page.locator("body").get_attribute("data-preview") is None  # gone once Python drew
    assert page_watch.outside == [] and all(url.startswith(base_url) for url in page_watch.requests)
    assert any(url.endswith("/maps/mukden.svg") for url in page_watch.requests)


def test_a_link_shows_its_map_at_once_and_its_counters_when_ready(page: Page, base_url: str,
                                                                  page_watch: Watch) -> None:
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from kassen.engine import codec
        from kassen.games import load_rules
    finally:
        sys.path.remove(str(ROOT / "py"))
    rules = load_rules("ikedaya")
    fragment = codec.encode(rules, "v", rules.view_for(rules.setup(3), None))
    first = _first_map(page, f"{base_url}#{fragment}")
    assert first is not None and first["ready"] is None, first
    assert first["cells"] > 0 and first["units"] == 0  # the map at once; the counters are the link's
    assert page.locator("#map [data-unit]").count() > 0
    assert page_watch.outside == []


def test_the_menu_shows_a_picture_of_each_battle(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    cards = page.locator(".scenario-card")
    pictures = page.locator(".scenario-card img.scenario-map")
    expect(pictures).to_have_count(cards.count())
    for i in range(cards.count()):
        sid = cards.nth(i).get_attribute("data-scenario")
        picture = pictures.nth(i)
        assert picture.get_attribute("src") == f"./maps/{sid}.svg"
        picture.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())


def test_the_loading_indicator_moves_and_states_the_download(page: Page, base_url: str) -> None:
    page.route(base_url + "app/kassen.zip", lambda route: None)  # hold the start-up: the panel stays
    page.goto(base_url + "?scenario=kawanakajima&seed=1")
    spinner = page.locator("#loading .loading-spinner")
    expect(spinner).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('#loading .loading-spinner')).animationName") \
        == "loading-turn"
    expect(page.locator("#loading-size")).to_have_text(__import__("re").compile(r"^about \d+\.\d MB$"))
    expect(page.locator("#map [data-cell]").first).to_be_attached()  # the map meanwhile
