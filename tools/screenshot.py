#!/usr/bin/env python3
"""Take docs/screenshot.png: a Battle of Mukden game in progress, drawn by the real page.

Run with the test venv (it has Playwright):  .venv/bin/python tools/screenshot.py [--out docs/screenshot.png]
It builds dist/, serves it like `make serve`, opens a position made here in CPython (both sides have
allotted their fighting power, Japan's 4th Army attacks and has called its fighting power) through a
play link, makes Russia's call in the page (the dice are rolled and shown), looks at the result as Japan
(the retreat hexes are highlighted) and saves the picture.
The kanji come from the bundled Noto Sans JP (no font needed on the machine).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402
import serve  # noqa: E402

from kassen.engine import codec  # noqa: E402
from kassen.engine.play import sample_chance  # noqa: E402
from kassen.engine.state import CHANCE  # noqa: E402
from kassen.games import load_rules  # noqa: E402

SEED = 11
ACTIONS = [
    "allot jp-1 =7", "allot jp-2 =5", "allot jp-3 =5", "allot jp-4 =6", "allot jp-yalu =4", "confirm",
    "allot ru-1 =4", "allot ru-2 =4", "allot ru-3 =5", "allot ru-gr-right =4", "allot ru-gr-left =3", "confirm",
    "move jp-yalu @0806", "move ru-2 @0405",
    "move jp-4 @0506", "attack @0505", "call =5",
]
IN_PAGE = "call =4"  # Russia's call, clicked in the page: the dice are rolled there and shown


def position_fragment() -> str:
    """A play link to the game after ACTIONS (dice rolled with the state's RNG, as the page does)."""
    rules = load_rules("mukden")
    state = rules.setup(SEED)
    for text in ACTIONS:
        legal = [a.to_text() for a in rules.legal_actions(state)]
        if text not in legal:
            raise SystemExit(f"screenshot: {text!r} is not legal here; legal: {legal}")
        state, _ = rules.apply(state, text)
        while rules.current_player(state) == CHANCE:
            state, _ = rules.apply(state, sample_chance(rules, state))
    return codec.encode(rules, "p", state)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build(build.DIST)
    server = serve.start(build.DIST, port=0, quiet=True)
    try:
        with sync_playwright() as p:
            chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
            browser = p.chromium.launch(executable_path=chromium if Path(chromium).exists() else None,
                                        args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
            page = browser.new_page(viewport={"width": 1280, "height": 860}, device_scale_factor=1)
            page.goto(f"{server.url}#{position_fragment()}")
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
            page.locator("#cover-button").click()  # Russia
            page.locator(f'#actions [data-action="{IN_PAGE}"]').click()
            page.locator("#confirm-go").click()  # the call rolls the dice: the page asks first
            page.locator("#cover-button").click()  # Japan: retreat or stand, dice on the table
            page.evaluate("() => document.getElementById('map').setAttribute('data-reveal', '0506 0505')")
            page.locator('#map [data-unit="jp-4"]').hover()
            page.wait_for_timeout(200)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(args.out))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"screenshot: wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
