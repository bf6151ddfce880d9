"""The maps the page shows before Python starts: each scenario's map with its starting counters,
drawn at build time by the app's own renderer (kassen.render via the game's ``render_svg``).

Why: a cold start waits ~2 s for Pyodide; a player can study the map meanwhile. The page
(static/js/preview.js) shows ``maps/<scenario>.svg`` in ``#map`` at once for a new game, and
``maps/board/<scenario>.svg`` (the same map without its counters) for a link or a resumed game
(their counters come when Python is ready); the menu shows each battle's file as a small picture.
They are shown as images: an image is what browsers count as the page's largest paint. The same
pictures in Japanese (``maps/ja/...``, drawn with ``lang="ja"``) are shown to a reader whose language
static/js/lang.js decided is Japanese.

Only what a spectator may see is drawn (the view of no player): a pre-rendered file is public. A
scenario whose starting counters depend on the seed gets its map without counters (a new game
would otherwise show counters that then move). Every scenario the page offers is covered, found as
the page finds them (kassen.games.scenario_ids).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS_DIR = "maps"
#: languages other than English drawn too, each under maps/<lang>/ (static/js/preview.js picks by <html lang>)
LANGUAGES = ("ja",)
# The seeds compared to decide whether the starting counters are the same in every new game.
SEEDS = (1, 2, 3)
_UNITS = re.compile(r'(<g data-layer="units"[^>]*>).*?(</g>)(?=<g data-layer=|</svg>)', re.S)


_COUNTER = re.compile(r'<g\b[^>]*\bdata-unit="')
_G_TAG = re.compile(r"<g\b|</g>")


def without_counters(markup: str) -> str:
    """The map with every counter taken out: its counters layer emptied and any counter drawn
    elsewhere (Ikedaya draws the counters waiting to be set up in its marks layer) removed."""
    markup = _UNITS.sub(r"\1\2", markup, count=1)
    while (found := _COUNTER.search(markup)):
        depth, end = 0, len(markup)
        for tag in _G_TAG.finditer(markup, found.start()):
            depth += 1 if tag.group(0) == "<g" else -1
            if depth == 0:
                end = tag.end()
                break
        markup = markup[:found.start()] + markup[end:]
    return markup


# What a picture (an <img>) never uses: the page's styles do not reach into it (class), nor assistive
# technology (it is decorative: alt=""), nor the keyboard. Left out, the files are ~20 % smaller to send
# and to parse; the cells and counters keep their data-cell / data-unit / data-layer.
_PICTURE_ONLY = re.compile(r'\s(?:aria-[a-z-]+|role|tabindex|class)="[^"]*"|<title>[^<]*</title>')


def picture(markup: str) -> str:
    """The renderer's SVG as a picture: without what only the live map in the page uses."""
    return _PICTURE_ONLY.sub("", markup)


def prerendered() -> tuple[dict[str, bytes], list[str]]:
    """({dist path: SVG bytes}, scenario ids in menu order) for every scenario the page offers."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from kassen.games import load_rules, scenario_ids
    finally:
        sys.path.remove(str(ROOT / "py"))
    out: dict[str, bytes] = {}
    ids = scenario_ids()
    for sid in ids:
        rules = load_rules(sid)
        drawn = {rules.render_svg(rules.view_for(rules.setup(seed), None), highlight=(), selected=None)
                 for seed in SEEDS}
        same = len(drawn) == 1
        markup = picture(drawn.pop() if same else without_counters(drawn.pop()))
        out[f"{MAPS_DIR}/{sid}.svg"] = markup.encode("utf-8")
        out[f"{MAPS_DIR}/board/{sid}.svg"] = without_counters(markup).encode("utf-8")
        for lang in LANGUAGES:
            drawn_in = rules.draw(rules.view_for(rules.setup(SEEDS[0]), None), lang=lang)
            markup = picture(drawn_in if same else without_counters(drawn_in))
            out[f"{MAPS_DIR}/{lang}/{sid}.svg"] = markup.encode("utf-8")
            out[f"{MAPS_DIR}/{lang}/board/{sid}.svg"] = without_counters(markup).encode("utf-8")
    return out, ids


def prerendered_in_subprocess() -> tuple[dict[str, bytes], list[str]]:
    """``prerendered()`` in a fresh interpreter, so the build's own process never imports the app
    (the renderer's output does not depend on the hash seed: tests/render/test_deterministic.py)."""
    import json
    import os
    import subprocess

    done = subprocess.run([sys.executable, __file__], capture_output=True, check=False, env=dict(os.environ))
    if done.returncode != 0:
        raise RuntimeError("tools/prerender.py failed:\n" + done.stderr.decode("utf-8", "replace"))
    found = json.loads(done.stdout)
    return {rel: text.encode("utf-8") for rel, text in found["maps"].items()}, found["ids"]


def meta_tag(ids: list[str]) -> str:
    """The <meta> the build puts in index.html: which scenarios have a pre-rendered map (so the page
    never asks for a file that does not exist)."""
    return f'<meta name="kassen-maps" content="{" ".join(ids)}">'


if __name__ == "__main__":
    import json

    maps, ids = prerendered()
    json.dump({"ids": ids, "maps": {rel: data.decode("utf-8") for rel, data in maps.items()}}, sys.stdout)
