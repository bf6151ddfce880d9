#!/usr/bin/env python3
"""The toolkit's movement search against each game's own, on the same positions (CPython).

Run from the project root: python3 tools/toolkit_speed.py [--seeds 8] [--repeat 5]

Positions come from seeded random games; each query is timed for the game's own function and for
the toolkit configured as the game would configure it (tests/engine/fits.py), interleaved, each the
best of ``--repeat`` runs; the table gives the median microseconds per call and the ratios.
- (Mukden's and Ikedaya's movement are the toolkit's since they moved onto it; `python3 -m kassen bench`
  times them.)
- Kawanakajima: movement.destinations (the search itself, unmemoized) against reach, both given
  the same occupancy and zone (so both columns are the same measure).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from kassen.engine.movement import reach  # noqa: E402
from kassen.games import load_rules  # noqa: E402
from tests.engine.fits import KawanakajimaFit, positions  # noqa: E402


def best_of(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return min(times) / 1000.0


Query = tuple[Callable[[], Any], Callable[[], Any], Callable[[], Any]]


def compare(queries: list[Query], repeat: int) -> tuple[float, float, float, int]:
    game, mine, shared = [], [], []
    for own, toolkit, toolkit_shared in queries:
        game.append(best_of(own, repeat))
        mine.append(best_of(toolkit, repeat))
        shared.append(best_of(toolkit_shared, repeat))
    return statistics.median(game), statistics.median(mine), statistics.median(shared), len(queries)


def kawanakajima(seeds: int) -> list:
    from kassen.games.kawanakajima import movement
    rules = load_rules("kawanakajima")
    fit, t = KawanakajimaFit(rules), rules.t
    out = []
    for state in positions("kawanakajima", range(seeds), every=3):
        units = state["units"]
        occ = movement.occupancy(state, t)
        pos = fit.position(units)
        held = pos.held()
        for uid in t.unit_ids:
            at = units[uid]["at"]
            if at not in t.on_map:
                continue
            zoc = set(pos.enemy_zone(t.side[uid]))
            search = (lambda a=at, h=held, z=zoc: reach(fit.steps, a, t.mp, fit.rules, blocked=h, zoc=z))
            out.append((lambda a=at, o=occ, z=zoc: movement.destinations(t, a, t.mp, o, z, False), search, search))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'game':14} {'queries':>8} {'own µs':>8} {'per call µs':>12} {'ratio':>6} {'shared µs':>10} {'ratio':>6}")
    for name, build in (("kawanakajima", kawanakajima),):
        own, mine, shared, n = compare(build(args.seeds), args.repeat)
        print(f"{name:14} {n:8d} {own:8.1f} {mine:12.1f} {mine / own:6.2f} {shared:10.1f} {shared / own:6.2f}")


if __name__ == "__main__":
    main()
