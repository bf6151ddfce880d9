"""The page boots offline-clean under the deployed CSP, is never blank, and reports boot failures on the page.

The conftest fails any of these tests on a request outside loopback, an HTTP error, a page error or a
console error (unless marked allow_page_errors).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

import serve  # tools/ is put on sys.path by conftest.py

from .conftest import BOOT_TIMEOUT_MS, READY, Watch

pytestmark = pytest.mark.browser

STAGES = [
    "Downloading the Python runtime…",
    "Starting Python…",
    "Loading the game engine…",
    "Starting the game…",
]

# Injected before any page script (Playwright init scripts are not subject to the page's CSP): records
# what the page shows at DOMContentLoaded, each loading stage shown, and any CSP violation.
PROBE = """
(() => {
  const probe = (window.__kassenProbe = { dcl: null, stages: [], csp: [] });
  document.addEventListener("securitypolicyviolation",
    (e) => probe.csp.push(`${e.effectiveDirective} blocked ${e.blockedURI}`));
  document.addEventListener("DOMContentLoaded", () => {
    const loading = document.getElementById("loading");
    probe.dcl = {
      text: document.body.innerText,
      stage: document.getElementById("loading-stage")?.textContent ?? null,
      loadingVisible: !!loading && loading.getClientRects().length > 0,
      ready: document.body.dataset.ready ?? null,
    };
  });
  new MutationObserver(() => {
    const text = document.getElementById("loading-stage")?.textContent;
    if (text && probe.stages.at(-1) !== text) probe.stages.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


def test_boots_to_ready_with_nothing_from_outside(open_app: Callable[..., Page], page_watch: Watch,
                                                   base_url: str) -> None:
    page = open_app("/")
    assert page.title() == "kassen 合戦"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#messages")).to_have_text("")
    assert page.locator("body").get_attribute("data-boot") is None
    # the engine came from the app zip, the runtime from dist/runtime: all from this server
    assert any(url.endswith("/app/kassen.tar.gz") for url in page_watch.requests)
    assert any(url.endswith("/app/stdlib.zip") for url in page_watch.requests)
    assert not any(url.endswith("/python_stdlib.zip") for url in page_watch.requests)
    assert any(url.endswith("/pyodide.asm.wasm") for url in page_watch.requests)
    assert all(url.startswith(base_url) for url in page_watch.requests), page_watch.requests


def test_page_shows_content_and_progress_before_python_is_ready(page: Page, base_url: str) -> None:
    page.add_init_script(PROBE)
    page.goto(base_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    probe = page.evaluate("window.__kassenProbe")
    dcl = probe["dcl"]
    assert dcl is not None
    assert "kassen 合戦" in dcl["text"]
    assert dcl["stage"] == STAGES[0]
    assert dcl["loadingVisible"] is True
    assert dcl["ready"] is None
    # the stages go forward only, from the first to the last (a fast machine may skip one in between)
    seen = probe["stages"]
    assert seen[0] == STAGES[0] and seen[-1] == STAGES[-1], seen
    assert [STAGES.index(s) for s in seen] == sorted({STAGES.index(s) for s in seen}), seen


def test_csp_header_is_served_and_the_page_boots_under_it(page: Page, base_url: str) -> None:
    page.add_init_script(PROBE)
    response = page.goto(base_url)
    assert response is not None
    expected = serve.headers_for("/", serve.load_rules())["Content-Security-Policy"]
    assert response.headers["content-security-policy"] == expected
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__kassenProbe.csp") == []


@pytest.mark.allow_page_errors  # the blocked script is reported on the console, as it should be
def test_csp_is_enforced_by_the_browser(page: Page, base_url: str) -> None:
    page.add_init_script(PROBE)
    page.goto(base_url)
    page.evaluate("""() => {
        const s = document.createElement("script");
        s.textContent = "window.__inlineRan = true";
        document.head.append(s);
    }""")
    expect(page.locator("body")).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__inlineRan === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.__kassenProbe.csp"))


@pytest.mark.allow_page_errors
def test_python_error_at_boot_is_shown_in_the_alert(page: Page, base_url: str) -> None:
    page.goto(base_url + "?kassen-test-crash=1")
    alert = page.locator('[role="alert"]')
    expect(alert).to_contain_text("kassen could not start: RuntimeError", timeout=BOOT_TIMEOUT_MS)
    expect(alert).to_contain_text("kassen-test-crash")
    expect(alert.locator("details pre")).to_contain_text("Traceback")  # full traceback, folded away
    expect(page.locator("#loading-stage")).to_have_text("kassen could not start.")
    assert page.locator("body").get_attribute("data-boot") == "failed"
    assert page.locator("body").get_attribute("data-ready") is None


@pytest.mark.allow_page_errors
@pytest.mark.parametrize("missing, shown", [
    ("runtime/pyscript/*/core.js", "the Python runtime failed to load"),
    ("runtime/pyodide/*/pyodide.mjs", "pyodide.mjs"),
    ("runtime/pyodide/*/pyodide.asm.wasm", "pyodide.asm.wasm could not be downloaded (HTTP 404)"),
    ("app/kassen.tar.gz", "kassen.tar.gz could not be downloaded (HTTP 404)"),
    ("app/stdlib.zip", "stdlib.zip"),
])
def test_a_missing_file_is_reported_not_a_stuck_page(page: Page, base_url: str, missing: str, shown: str) -> None:
    page.route(base_url + missing, lambda route: route.fulfill(status=404, body="not found"))
    page.goto(base_url)
    expect(page.locator('[role="alert"]')).to_contain_text("kassen could not start", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('[role="alert"]')).to_contain_text(shown)
    expect(page.locator("#loading-stage")).to_have_text("kassen could not start.")


def test_layout_stacks_the_side_panel_below_the_board_on_narrow_screens(page: Page, base_url: str) -> None:
    page.goto(base_url + "?scenario=ikedaya&seed=1")  # a game: the board and the panel beside it
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert "width=device-width" in (page.locator('meta[name="viewport"]').get_attribute("content") or "")
    page.set_viewport_size({"width": 1280, "height": 800})
    board, dock, side = (page.locator(f"#{region}").bounding_box() for region in ("board", "dock", "side-panel"))
    assert board and dock and side
    # the prompt and buttons beside the map, the panel under them; the page fits the window
    assert dock["x"] >= board["x"] + board["width"] and abs(dock["y"] - board["y"]) < 2
    assert side["x"] == dock["x"] and side["y"] >= dock["y"] + dock["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    page.set_viewport_size({"width": 375, "height": 740})
    board, side = page.locator("#board").bounding_box(), page.locator("#side-panel").bounding_box()
    assert board and side
    assert side["y"] >= board["y"] + board["height"] and abs(side["x"] - board["x"]) < 2  # stacked
    assert side["x"] + side["width"] <= 375  # nothing wider than the phone
    # the dock stays at the bottom of the screen while the map is in view
    dock = page.locator("#dock").bounding_box()
    assert dock and abs(dock["y"] + dock["height"] - 740) < 2
