"""How the play surface carries a board of the coming games' size (`make bench`; prints, asserts little).

The synthetic board of tests/render/bigboard.py (1,800 hexes, 250 counters, rivers, place names):
- the SVG drawn in Python: CPython here, and Pyodide in the page (the module's source run by a
  `<script type="py">` in the loaded app), the first time (cells and hexsides built) and again with a
  counter moved (cells and hexsides reused);
- in the page: inserting the whole map (until the next frame is drawn), replacing only the changed
  layers through the app's own MapView, and the frame times while the wheel zooms and a drag pans
  (events dispatched once a frame; the frame interval is what a player sees).
"""
from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from kassen.render import board as render

from tests.render.bigboard import big_board, big_counters, render_big

pytestmark = [pytest.mark.browser, pytest.mark.bench]

RUNS = 7
BIGBOARD = (Path(__file__).resolve().parents[1] / "render" / "bigboard.py").read_text(encoding="utf-8")

IN_PAGE = """
import json, time
from pyscript import document
from kassen.render import board as render
{source}
b = big_board()
counters = big_counters(b)
firsts, agains = [], []
for n in range({runs}):
    render._STATIC.clear()
    t = time.perf_counter(); render_big(b, counters); firsts.append(time.perf_counter() - t)
    moved = counters[:-1] + [render.Counter(**{{**counters[-1].__dict__, "at": "30%02d" % (n + 1)}})]
    t = time.perf_counter(); render_big(b, moved); agains.append(time.perf_counter() - t)
out = document.createElement("pre")
out.id = "surface-bench"
out.textContent = json.dumps({{"first": firsts, "again": agains}})
document.body.append(out)
"""

DOM_JS = """async (markups) => {
  const map = document.getElementById('map');
  const frame = () => new Promise(r => requestAnimationFrame(r));
  const out = {insert: [], layers: [], wheel: [], drag: []};
  for (let n = 0; n < markups.runs; n++) {
    map.innerHTML = '';
    await frame();
    const t = performance.now();
    map.innerHTML = markups.first;
    map.querySelector('svg').getBoundingClientRect();
    await frame(); await frame();
    out.insert.push(performance.now() - t);
    // the units layer only, as kassen.ui.mapview replaces it
    const units = map.querySelector('svg > g[data-layer="units"]');
    const t2 = performance.now();
    units.outerHTML = markups.units;
    await frame(); await frame();
    out.layers.push(performance.now() - t2);
  }
  const r = map.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  let last = await frame();
  for (let i = 0; i < 60; i++) {
    map.dispatchEvent(new WheelEvent('wheel', {deltaY: i < 30 ? -40 : 40, clientX: x, clientY: y,
                                               bubbles: true, cancelable: true}));
    const now = await frame(); out.wheel.push(now - last); last = now;
  }
  map.dispatchEvent(new PointerEvent('pointerdown', {pointerId: 9, pointerType: 'mouse', button: 0,
                                                     clientX: x, clientY: y, bubbles: true}));
  last = await frame();
  for (let i = 1; i <= 60; i++) {
    map.dispatchEvent(new PointerEvent('pointermove', {pointerId: 9, pointerType: 'mouse', buttons: 1,
        clientX: x + 4 * Math.sin(i / 6) * 20, clientY: y + 3 * i % 80, bubbles: true}));
    const now = await frame(); out.drag.push(now - last); last = now;
  }
  map.dispatchEvent(new PointerEvent('pointerup', {pointerId: 9, pointerType: 'mouse', bubbles: true}));
  return out;
}"""


def _ms(values: list[float], scale: float = 1.0) -> str:
    xs = sorted(v * scale for v in values)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):6.1f} ms   95% {p95:6.1f} ms"


def test_a_board_of_1800_hexes_in_python_and_in_the_page(open_app: Callable[..., Page],
                                                         capsys: pytest.CaptureFixture) -> None:
    b = big_board()
    counters = big_counters(b)
    first, again = [], []
    for n in range(RUNS):
        render._STATIC.clear()
        t = time.perf_counter()
        markup = render_big(b, counters)
        first.append(time.perf_counter() - t)
        moved = counters[:-1] + [render.Counter(**{**counters[-1].__dict__, "at": "30%02d" % (n + 1)})]
        t = time.perf_counter()
        moved_markup = render_big(b, moved)
        again.append(time.perf_counter() - t)

    page = open_app("/?scenario=ikedaya&seed=3")
    page.evaluate("""(code) => { const s = document.createElement("script");
        s.type = "py"; s.textContent = code; document.body.append(s); }""",
                  IN_PAGE.format(source=BIGBOARD.split('"""', 2)[2].replace("from __future__ import annotations\n", ""),
                                 runs=RUNS))
    out = page.wait_for_selector("#surface-bench", state="attached", timeout=300_000)
    pyodide = json.loads(out.text_content())
    units = dict(render.split_layers(moved_markup)[1])["units"]
    dom = page.evaluate(DOM_JS, {"first": markup, "units": units, "runs": RUNS})
    with capsys.disabled():
        print(f"\n[bench] surface: a synthetic board of {len(b.cells)} hexes and {len(counters)} counters, "
              f"SVG {len(markup) // 1024} kB (cells {len(dict(render.split_layers(markup)[1])['cells']) // 1024} kB)")
        print(f"[bench] render, first (cells and hexsides built):  CPython {_ms(first, 1000)}   "
              f"Pyodide {_ms(pyodide['first'], 1000)}")
        print(f"[bench] render, a counter moved (cells reused):    CPython {_ms(again, 1000)}   "
              f"Pyodide {_ms(pyodide['again'], 1000)}")
        print(f"[bench] page: insert the whole map, to the next frame   {_ms(dom['insert'])}")
        print(f"[bench] page: replace the units layer, to the next frame {_ms(dom['layers'])}")
        print(f"[bench] page: frame interval while wheel-zooming       {_ms(dom['wheel'])}")
        print(f"[bench] page: frame interval while dragging            {_ms(dom['drag'])}")
    assert len(dom["wheel"]) == 60 and len(dom["drag"]) == 60
