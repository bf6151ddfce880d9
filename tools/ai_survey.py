#!/usr/bin/env python3
"""The arena survey of issue 12: every pairing in every scenario, 200 games per side by default.

    python3 tools/ai_survey.py [--games-per-side 200] [--scenario ID ...] [--pairing hard:greedy ...]
                               [--workers W] [--seed S] [--out docs/ai-survey.json]

Pairings (A:B, each player taking each side in half the games): hard against random and greedy
(the required figures: >= 95 % and >= 70 %), each level against the one below (easy:random,
normal:easy, hard:normal), and hard:hard (the balance of each scenario per side). Results are
appended to the JSON file as they finish (a long run can be resumed: finished pairings are
skipped), and a markdown table is printed at the end. `make survey` runs it with nice -n 10.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kassen.ai.arena import run_arena  # noqa: E402
from kassen.games import scenario_ids  # noqa: E402

PAIRINGS = ("hard:random", "hard:greedy", "easy:random", "normal:easy", "hard:normal", "hard:hard")


def table(rows: list[dict]) -> str:
    """Markdown: one line per scenario and pairing, A's win rate with its interval, per side."""
    out = ["| scenario | A | B | games | A wins | B wins | draws | A win rate (95 %) | per side: A's wins as | side wins |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = r["a_win_interval"]
        sides = "; ".join(f"{s} {g['a_wins']}/{g['a_games']}" for s, g in r["per_side"].items())
        wins = "; ".join(f"{s} {g['side_wins']}/{r['games']} ({100 * g['side_win_rate']:.0f} %, "
                         f"{100 * g['side_win_interval'][0]:.0f}-{100 * g['side_win_interval'][1]:.0f})"
                         for s, g in r["per_side"].items())
        out.append(f"| {r['scenario']} | {r['a']} | {r['b']} | {r['games']} | {r['a_wins']} | {r['b_wins']} | "
                   f"{r['draws']} | {100 * r['a_win_rate']:.1f} % ({100 * lo:.1f}-{100 * hi:.1f}) | {sides} | {wins} |")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games-per-side", type=int, default=200)
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--pairing", action="append", help="A:B, e.g. hard:greedy (default: all)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--out", default=str(ROOT / "docs" / "ai-survey.json"))
    args = ap.parse_args()
    out = Path(args.out)
    done: list[dict] = json.loads(out.read_text()) if out.exists() else []
    for scenario in args.scenario or scenario_ids():
        for pairing in args.pairing or PAIRINGS:
            a, b = pairing.split(":")
            games = 2 * args.games_per_side
            if any(r["scenario"] == scenario and r["a"] == a and r["b"] == b and r["games"] == games for r in done):
                continue
            started = time.time()
            summary = run_arena(scenario, a, b, games, args.seed, workers=args.workers)
            summary["finished"] = time.strftime("%Y-%m-%d %H:%M")
            done.append(summary)
            out.write_text(json.dumps(done, indent=1))
            print(f"{scenario} {pairing}: A {summary['a_wins']}, B {summary['b_wins']}, draws {summary['draws']} "
                  f"({time.time() - started:.0f} s)", flush=True)
    print(table(done))
    return 0


if __name__ == "__main__":
    sys.exit(main())
