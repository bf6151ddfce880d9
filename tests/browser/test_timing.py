"""Start-up timing: cold loads of the app against cold loads of a bare Pyodide page (`make bench`).

Each load gets a fresh browser context, so nothing is cached. The app's own cost is what it adds to
Pyodide's boot (PyScript, config, app zip, Python start-up work); the target is at most 1.3x the bare
boot. Only a sanity bound is asserted: timings depend on the machine.
"""

from __future__ import annotations

import os
import statistics

import pytest
from playwright.sync_api import Browser

from .conftest import BOOT_TIMEOUT_MS, READY

pytestmark = [pytest.mark.browser, pytest.mark.bench]

RUNS = max(5, int(os.environ.get("KASSEN_BENCH_RUNS", "7")))
TARGET_RATIO = 1.3

# Injected before any page script: the moment <body data-ready="1"> appears, on the page's clock
# (milliseconds since navigation start).
READY_CLOCK = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""

TRANSFER = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  return { bytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
           requests: 1 + resources.length };
}"""


def cold_load(browser: Browser, url: str) -> tuple[float, dict]:
    """(ms from navigation to data-ready, transfer figures) for one load in a fresh, empty context."""
    context = browser.new_context()
    try:
        context.add_init_script(READY_CLOCK)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        return page.evaluate("window.__readyAt"), page.evaluate(TRANSFER)
    finally:
        context.close()


GAMES = ("mukden", "ikedaya", "kawanakajima")


def test_cold_start_app_vs_bare_pyodide(browser: Browser, base_url: str, capsys: pytest.CaptureFixture) -> None:
    # the first visit shows the menu; a new game from the URL also imports the game and draws the map
    app_url, bare_url = base_url, base_url + "static/bench/bare.html"
    cold_load(browser, app_url)  # warm up the browser process and the server, not measured
    app: list[float] = []
    bare: list[float] = []
    transfers: list[dict] = []
    games: dict[str, list[float]] = {g: [] for g in GAMES}
    for _ in range(RUNS):  # interleaved, so drift on the machine hits all alike
        ms, transfer = cold_load(browser, app_url)
        app.append(ms)
        transfers.append(transfer)
        for game in GAMES:
            games[game].append(cold_load(browser, f"{base_url}?scenario={game}&seed=1")[0])
        bare.append(cold_load(browser, bare_url)[0])
    app_median, bare_median = statistics.median(app), statistics.median(bare)
    ratio = app_median / bare_median
    with capsys.disabled():
        print(f"\n[bench] {RUNS} cold loads each (fresh context, empty cache)")
        print(f"[bench] app (menu) navigation -> data-ready: median {app_median:.0f} ms  runs {[round(t) for t in app]}")
        for game, runs in games.items():
            median = statistics.median(runs)
            print(f"[bench] new {game} game from the URL: median {median:.0f} ms ({median / bare_median:.2f}x bare)"
                  f"  runs {[round(t) for t in runs]}")
        print(f"[bench] bare Pyodide boot:              median {bare_median:.0f} ms  runs {[round(t) for t in bare]}")
        print(f"[bench] ratio app/bare: {ratio:.2f} (target <= {TARGET_RATIO})"
              + ("" if ratio <= TARGET_RATIO else "  ** above target **"))
        print(f"[bench] cold load: {transfers[0]['bytes'] / 1e6:.2f} MB in {transfers[0]['requests']} requests"
              " (uncompressed: the local server does not gzip)")
    assert max(app) < 60_000 and max(bare) < 60_000 and all(max(r) < 60_000 for r in games.values())
