#!/usr/bin/env python3
"""Measure the play surface of every scenario on a desktop and a phone, and take screenshots.

Run with the test venv (it has Playwright):
    .venv/bin/python tools/surface_survey.py [--label after] [--shots docs/surface]
For each scenario and screen (1280x800 desktop, 390x844 phone with touch) it opens a new game at its
default zoom, lifts the hot-seat cover if there is one, and reports in CSS px, from
getBoundingClientRect: the smallest counter ([data-unit]), the smallest counter text, the smallest
hex/square label that is shown at all, and the share of the screen the map takes; then the same
game's embed at 600x450 (map share of the frame, overflow). Prints a table and writes JSON next to
the screenshots (<shots>/<label>-<scenario>-<screen>.png).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402
import serve  # noqa: E402

SCREENS = {"desktop": dict(viewport={"width": 1280, "height": 800}),
           "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                         device_scale_factor=1)}

def scenarios() -> list[str]:
    """Every scenario of every game, in the order of the menu's games."""
    from kassen.games import scenario_ids

    return sorted(scenario_ids(), key=lambda sid: (["mukden", "ikedaya", "kawanakajima"] + [sid]).index(sid))

MEASURE_JS = """() => {
  const vis = (r) => r.width > 0 && r.height > 0;
  const min = (xs) => xs.length ? Math.min(...xs) : null;
  const inBox = (e) => document.querySelector(`#map [data-cell="${CSS.escape(e.dataset.at)}"]`)?.classList.contains('box');
  const onMap = [...document.querySelectorAll('#map [data-unit]')].filter(e => !inBox(e))
      .map(e => e.getBoundingClientRect()).filter(vis);
  const units = [...document.querySelectorAll('#map [data-unit]')].map(e => e.getBoundingClientRect()).filter(vis);
  const texts = [...document.querySelectorAll('#map [data-unit] text')]
      .filter(t => t.textContent.trim()).map(e => e.getBoundingClientRect()).filter(vis);
  const labels = [...document.querySelectorAll('#map .cell-label')]
      .filter(e => getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none')
      .map(e => e.getBoundingClientRect()).filter(vis);
  const svg = document.querySelector('#map svg');
  const m = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
  const frame = document.querySelector('#map').getBoundingClientRect();
  const w = innerWidth, h = innerHeight;
  const shown = Math.max(0, Math.min(frame.right, w) - Math.max(frame.left, 0)) *
                Math.max(0, Math.min(frame.bottom, h) - Math.max(frame.top, 0));
  return {
    counters: units.length,
    counter_min: min(units.map(r => Math.min(r.width, r.height))),
    map_counter_min: min(onMap.map(r => Math.min(r.width, r.height))),
    counter_text_min: min(texts.map(r => r.height)),
    label_min: min(labels.map(r => r.height)),
    labels_shown: labels.length,
    map_share: +(shown / (w * h)).toFixed(2),
    overflow_x: document.documentElement.scrollWidth > w,
    overflow_y: document.documentElement.scrollHeight > h,
  };
}"""


def survey(label: str, shots: Path) -> dict:
    from playwright.sync_api import sync_playwright

    build.build(build.DIST)
    server = serve.start(build.DIST, port=0, quiet=True)
    results: dict = {}
    try:
        with sync_playwright() as p:
            chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
            browser = p.chromium.launch(executable_path=chromium if Path(chromium).exists() else None,
                                        args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
            for screen, options in SCREENS.items():
                context = browser.new_context(**options)
                page = context.new_page()
                for sid in scenarios():
                    page.goto(f"{server.url}?scenario={sid}&seed=1")
                    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                    cover = page.locator("#cover-button")
                    if cover.is_visible():
                        cover.click()
                    page.wait_for_timeout(300)
                    results[f"{sid}/{screen}"] = page.evaluate(MEASURE_JS)
                    shots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(shots / f"{label}-{sid}-{screen}.png"))
                    if screen == "desktop":
                        page.locator("#embed").click()
                        snippet = page.locator("#embed-code").input_value()
                        src = snippet.split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
                        page.locator("#embed-close").click()
                        embed = browser.new_context(viewport={"width": 600, "height": 450}).new_page()
                        embed.goto(src)
                        embed.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
                        embed.wait_for_timeout(300)
                        results[f"{sid}/embed"] = embed.evaluate(MEASURE_JS)
                        embed.screenshot(path=str(shots / f"{label}-{sid}-embed.png"))
                        embed.context.close()
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", default="after")
    parser.add_argument("--shots", type=Path, default=ROOT / "docs" / "surface")
    args = parser.parse_args()
    results = survey(args.label, args.shots)
    (args.shots / f"{args.label}.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    cols = ("counters", "counter_min", "map_counter_min", "counter_text_min", "label_min", "labels_shown", "map_share",
            "overflow_x", "overflow_y")
    print("where".ljust(22) + "".join(c.rjust(17) for c in cols))
    for key, row in results.items():
        cells = []
        for c in cols:
            v = row.get(c)
            cells.append(("-" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))).rjust(17))
        print(key.ljust(22) + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
