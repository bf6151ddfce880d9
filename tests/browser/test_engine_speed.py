"""How much slower the engine runs in the page than under CPython (`make bench`; prints, asserts little).

The same function, `kassen.cli.bench_scenario` (the one `python3 -m kassen bench` prints), plays
seeded random games of each scenario in both: here under the test's CPython, and in the page by adding a
`<script type="py">` to the loaded app, which PyScript runs in the page's own interpreter (no hook in
the app for it). Rounds alternate between the two so that load on the machine hits both alike.
Only whole rounds are timed: the page's clock is coarsened to 100 us steps.
"""
from __future__ import annotations

import json
import os
import statistics
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from kassen.cli import bench_scenario
from kassen.games import load_rules

pytestmark = [pytest.mark.browser, pytest.mark.bench]

ROUNDS = max(3, int(os.environ.get("KASSEN_BENCH_RUNS", "5")))
# random games per round, per scenario (a random Kawanakajima game is ~800 actions, Bakumatsu's 400-650)
GAMES = {"mukden": 40, "ikedaya": 40, "kawanakajima": 4, "toba-fushimi": 3, "tabarazaka": 2}

IN_PAGE = """
import json
from pyscript import document
from kassen.cli import bench_scenario
from kassen.games import load_rules
result = bench_scenario(load_rules("{scenario}"), {games}, seed={seed})
out = document.createElement("pre")
out.id = "engine-bench-{scenario}-{n}"
out.textContent = json.dumps(result)
document.body.append(out)
"""


def run_in_page(page: Page, scenario: str, n: int, seed: int) -> dict:
    page.evaluate("""(code) => { const s = document.createElement("script");
        s.type = "py"; s.textContent = code; document.body.append(s); }""",
                  IN_PAGE.format(scenario=scenario, games=GAMES[scenario], seed=seed, n=n))
    out = page.wait_for_selector(f"#engine-bench-{scenario}-{n}", state="attached", timeout=300_000)
    return json.loads(out.text_content())


@pytest.mark.parametrize("scenario", list(GAMES))
def test_engine_speed_in_the_page_vs_cpython(scenario: str, open_app: Callable[..., Page],
                                             capsys: pytest.CaptureFixture) -> None:
    page = open_app("/")
    rules = load_rules(scenario)
    bench_scenario(rules, 1)  # warm-up (imports, caches) on both sides, not measured
    run_in_page(page, scenario, 0, 1000)
    browser_runs, cpython_runs = [], []
    for n in range(1, ROUNDS + 1):
        seed = 100 * n
        browser_runs.append(run_in_page(page, scenario, n, seed))
        cpython_runs.append(bench_scenario(rules, GAMES[scenario], seed=seed))
        assert browser_runs[-1]["actions"] == cpython_runs[-1]["actions"]  # the very same games

    def median(runs: list[dict], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    gps_b, gps_c = median(browser_runs, "games_per_second"), median(cpython_runs, "games_per_second")
    with capsys.disabled():
        print(f"\n[bench] engine: {ROUNDS} rounds of {GAMES[scenario]} random {scenario} games "
              f"({browser_runs[0]['actions']} actions in the first round)")
        # per-call medians mean nothing in the page: its clock ticks in 100 us steps (no cross-origin
        # isolation), so only whole rounds are compared
        per_action = 1e6 * GAMES[scenario] / browser_runs[0]["actions"]
        print(f"[bench] games per second: page {gps_b:.1f}   CPython {gps_c:.1f}   slowdown {gps_c / gps_b:.2f}x")
        print(f"[bench] mean time per action (legal_actions + apply): page {per_action / gps_b:.0f} us   "
              f"CPython {per_action / gps_c:.0f} us")
    assert gps_b > 0 and gps_c > 0
