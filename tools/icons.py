#!/usr/bin/env python3
"""Draw the app icons the web app manifest names (static/icons/icon-<size>.png and a maskable one)
from static/icons/favicon.svg, in Chromium (Playwright, the test venv). Run by hand when the icon
changes; the PNGs are committed (the build only copies them).

    .venv/bin/python tools/icons.py
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SIZES = (192, 512)
BACKGROUND = "#1b1b1b"  # the favicon's own square: a maskable icon's safe zone is its inner 80 %


def page(svg: str, size: int, maskable: bool) -> str:
    inner = int(size * 0.72) if maskable else size
    return (f"<html><body style='margin:0;background:{BACKGROUND if maskable else 'transparent'};width:{size}px;"
            f"height:{size}px;display:grid;place-items:center'><img src='data:image/svg+xml,"
            f"{svg.replace('#', '%23')}' width='{inner}' height='{inner}'></body></html>")


def main() -> None:
    svg = (ICONS / "favicon.svg").read_text(encoding="utf-8").strip()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
        for size in SIZES:
            for maskable in (False, True):
                tab = browser.new_page(viewport={"width": size, "height": size})
                tab.set_content(page(svg, size, maskable))
                name = f"icon-{size}{'-maskable' if maskable else ''}.png"
                tab.screenshot(path=str(ICONS / name), omit_background=not maskable)
                tab.close()
                print("wrote", ICONS / name)
        browser.close()


if __name__ == "__main__":
    main()
