"""Start-up: the page shows a real map before Python is ready (the build's pre-rendered SVG), asks
nothing of other origins meanwhile, and Python's own drawing then takes over.
"""

from __future__ import annotations

import json
import re
import sys
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import BOOT_TIMEOUT_MS, READY, ROOT, Watch

pytestmark = pytest.mark.browser

# Injected before any page script: what #map held when it first got a map, and whether the page was
# ready then (Python sets data-ready only when its own drawing is done).
FIRST_MAP = """
(() => {
  window.__firstMap = null;
  new MutationObserver((_, observer) => {
    const shown = document.querySelector("#map img.map-preview, #map svg");
    if (!shown || window.__firstMap) return;
    window.__firstMap = {
      at: performance.now(),
      ready: document.body.dataset.ready ?? null,
      tag: shown.tagName.toLowerCase(),
      src: shown.getAttribute("src"),
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
    assert first == {**first, "tag": "img", "src": "./maps/mukden.svg", "preview": "mukden"}
    # Python's own drawing then replaces it: the same map, the same starting counters
    assert page.locator("#map img").count() == 0
    assert page.locator("#map [data-cell]").count() == 74
    drawn = page.locator("#map [data-unit]").count()
    picture = page.request.get(base_url + "maps/mukden.svg").text()
    assert drawn > 0 and picture.count("data-unit=") == drawn and picture.count("data-cell=") == 74
    assert page.locator("body").get_attribute("data-preview") is None  # gone once Python drew
    assert page_watch.outside == [] and all(url.startswith(base_url) for url in page_watch.requests)
    assert any(url.endswith("/maps/mukden.svg") for url in page_watch.requests)


def test_a_japanese_reader_sees_the_map_drawn_in_japanese_before_python(page: Page, base_url: str) -> None:
    """The language static/js/lang.js decides (here by the link) picks the picture drawn in Japanese."""
    first = _first_map(page, base_url + "?scenario=mukden&seed=1&lang=ja")
    assert first is not None and first["ready"] is None, first
    assert first["src"] == "./maps/ja/mukden.svg"
    picture = page.request.get(base_url + "maps/ja/mukden.svg").text()
    assert "奉天" in picture and "第一軍" in picture and ">1st<" not in picture


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
    assert first["src"] == "./maps/board/ikedaya.svg"  # the map at once; the counters are the link's
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
    # in Japanese the pictures are the maps drawn in Japanese (the menu is drawn anew on the switch)
    page.locator("#lang-ja").click()
    expect(pictures.first).to_have_attribute("src", re.compile(r"^\./maps/ja/"))
    for i in range(cards.count()):
        sid = cards.nth(i).get_attribute("data-scenario")
        assert pictures.nth(i).get_attribute("src") == f"./maps/ja/{sid}.svg"
    page.locator(".scenario-card img.scenario-map").last.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                           arg=page.locator(".scenario-card img.scenario-map").last.element_handle())


def test_the_loading_indicator_moves_and_states_the_download(page: Page, base_url: str) -> None:
    page.route(base_url + "app/kassen.tar.gz", lambda route: None)  # hold the start-up: the panel stays
    page.goto(base_url + "?scenario=kawanakajima&seed=1")
    spinner = page.locator("#loading .loading-spinner")
    expect(spinner).to_be_visible()
    assert page.evaluate("getComputedStyle(document.querySelector('#loading .loading-spinner')).animationName") \
        == "loading-turn"
    expect(page.locator("#loading-size")).to_have_text(re.compile(r"^about \d+\.\d MB$"))
    expect(page.locator("#map img.map-preview")).to_be_visible()  # the map meanwhile
    assert page.locator("#map img.map-preview").evaluate("img => img.complete && img.naturalWidth > 0")


# Run in the page's own interpreter (PyScript runs an added <script type="py"> there): how kassen was imported.
HOW_IMPORTED = """
import importlib.util, json, os, sys
from pyscript import document
import kassen.games.mukden  # a game this page has not opened: imported now, from the archive's bytecode
root = "/home/pyodide/app/py"
files = [os.path.join(d, f) for d, _, names in os.walk(root) for f in names]
modules = {n: m for n, m in sys.modules.items() if n == "kassen" or n.startswith("kassen.")}
out = document.createElement("pre")
out.id = "how-imported"
out.textContent = json.dumps({
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "pyc_magic": sorted({open(f, "rb").read(4).hex() for f in files if f.endswith(".pyc")}),
    "pyc": sum(f.endswith(".pyc") for f in files),
    "sources": [f for f in files if f.endswith(".py")],
    "caches": [f for f in files if "__pycache__" in f],
    "modules": len(modules),
    "loaders": sorted({type(m.__spec__.loader).__name__ for m in modules.values()}),
    "not_from_pyc": sorted(n for n, m in modules.items() if not m.__spec__.origin.endswith(".pyc")),
    "file": kassen.games.mukden.__spec__.origin,
    # the standard library: nothing imported from source (app/stdlib.zip has bytecode for what a start needs)
    "stdlib_from_source": sorted(n for n, m in sys.modules.items()
                                 if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith("/lib/python314.zip/")
                                 and m.__spec__.origin.endswith(".py")),
    "stdlib_compiled": sum((getattr(getattr(m, "__spec__", None), "origin", None) or "").endswith(".pyc")
                           and m.__spec__.origin.startswith("/lib/python314.zip/") for m in list(sys.modules.values())),
    # PyScript's package: the sources PyScript wrote, each with the build's bytecode for exactly that source
    "pyscript": {n: open(m.__spec__.cached, "rb").read()[8:16] == importlib.util.source_hash(open(m.__spec__.origin, "rb").read())
                 for n, m in sys.modules.items() if (n == "pyscript" or n.startswith("pyscript."))
                 and (getattr(getattr(m, "__spec__", None), "origin", None) or "").endswith(".py")},
})
document.body.append(out)
"""


def test_the_page_imports_the_app_from_bytecode_made_for_its_python(open_app) -> None:
    """app/kassen.tar.gz holds the modules as bytecode compiled by the pinned Pyodide (tools/pyc.mjs): its
    magic number is the page's, every kassen module comes from it (nothing compiled at start, no source to
    compile), and the page writes no bytecode of its own. The standard library it imports comes from
    app/stdlib.zip's bytecode, and PyScript's package from the build's bytecode of the sources PyScript
    writes (tools/stdlib.mjs, build.pyscript_bytecode): the page compiles no module at all."""
    page = open_app("/?scenario=kawanakajima&seed=1")
    page.evaluate("""(code) => { const s = document.createElement("script");
        s.type = "py"; s.textContent = code; document.body.append(s); }""", HOW_IMPORTED)
    found = json.loads(page.wait_for_selector("#how-imported", state="attached",
                                              timeout=BOOT_TIMEOUT_MS).text_content())
    assert found["pyc_magic"] == [found["magic"]]
    assert found["pyc"] > 100 and found["sources"] == [] and found["caches"] == []
    assert found["modules"] > 50, found
    assert found["loaders"] == ["SourcelessFileLoader"] and found["not_from_pyc"] == []
    assert found["file"] == "/home/pyodide/app/py/kassen/games/mukden/__init__.pyc"
    assert found["stdlib_from_source"] == [] and found["stdlib_compiled"] > 100, found["stdlib_from_source"]
    assert found["pyscript"] and all(found["pyscript"].values()), found["pyscript"]


# Python memory snapshots (static/js/runtime.mjs, static/js/snapshot-worker.js). The page makes one only
# outside automation unless asked (every browser test would boot a second Pyodide otherwise).
ASK_FOR_SNAPSHOT = "window.__kassenMakeSnapshot = true;"
SNAPSHOT_STATE = "document.documentElement.dataset.snapshot ?? null"


def _wait_snapshot(page: Page, states: tuple[str, ...], timeout_s: float = 180) -> str:
    deadline = time.monotonic() + timeout_s
    while (state := page.evaluate(SNAPSHOT_STATE)) not in states:
        assert time.monotonic() < deadline, f"snapshot state still {state!r}"
        page.wait_for_timeout(250)
    return state


def _units(page: Page) -> list[str]:
    return sorted(page.locator("#map [data-unit]").evaluate_all(
        "els => els.map(e => e.dataset.unit + '@' + e.dataset.at)"))


def test_a_second_visit_starts_python_from_the_snapshot_the_first_made(browser: Browser, base_url: str) -> None:
    context = browser.new_context()
    try:
        context.add_init_script(ASK_FOR_SNAPSHOT)
        first = context.new_page()
        first.goto(base_url + "?scenario=ikedaya&seed=4")
        first.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert first.evaluate(SNAPSHOT_STATE) in ("none", "making", "stored")  # an ordinary boot
        units = _units(first)
        assert _wait_snapshot(first, ("stored", "failed")) == "stored"
        first.close()
        second = context.new_page()
        second.goto(base_url + "?scenario=ikedaya&seed=4")
        second.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert second.evaluate(SNAPSHOT_STATE) == "used"
        assert _units(second) == units  # the same game, drawn by the restored interpreter
        # and it plays: a rulings page needs Python to answer
        second.locator("#nav-rulings").click()
        expect(second.locator("#page-dialog")).to_be_visible()
        expect(second.locator("#page-body")).not_to_be_empty()
    finally:
        context.close()


def test_a_snapshot_of_another_build_or_a_damaged_one_is_never_used(browser: Browser, base_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base_url + "static/bench/bare.html")  # same origin, no app running
        # another build's snapshot, and garbage under this build's own key
        runtime = base_url + "static/js/runtime.mjs"
        page.evaluate("""async (runtime) => {
            const { SNAPSHOT_CACHE, snapshotKey } = await import(runtime);
            const cache = await caches.open(SNAPSHOT_CACHE);
            await cache.put(snapshotKey("0000000000000000"), new Response(new Uint8Array(64)));
        }""", runtime)
        page.goto(base_url + "?scenario=mukden&seed=1")
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(SNAPSHOT_STATE) == "none"
        key = page.evaluate("document.querySelector('meta[name=kassen-app]').content")
        page.evaluate("""async ([runtime, hash]) => {
            const { SNAPSHOT_CACHE, snapshotKey } = await import(runtime);
            const cache = await caches.open(SNAPSHOT_CACHE);
            await cache.put(snapshotKey(hash), new Response(new Uint8Array(4096).fill(7)));
        }""", [runtime, key])
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(SNAPSHOT_STATE) == "none"  # refused (no Pyodide snapshot): an ordinary boot
        assert page.locator("#map [data-cell]").count() == 74
        assert page.evaluate("""async (runtime) => {
            const { SNAPSHOT_CACHE } = await import(runtime);
            return (await (await caches.open(SNAPSHOT_CACHE)).keys()).length;
        }""", runtime) == 0  # thrown away
    finally:
        context.close()
