#!/usr/bin/env python3
"""The arena survey of issue 12: every pairing in every scenario, up to 200 games per side.

    python3 tools/ai_survey.py [--games-per-side 200] [--scenario ID ...] [--pairing hard:greedy ...]
                               [--workers W] [--seed S] [--until HH:MM] [--out docs/ai-survey.json]
    python3 tools/ai_survey.py --table      (the tables of what has been played, nothing played)

Pairings (A:B, each player taking each side in half the games): hard against random and greedy
(the required figures: >= 95 % and >= 70 %), each level against the one below (easy:random,
normal:easy, hard:normal), and hard:hard (the balance of each scenario per side).

The machine is shared, so the survey is played in rounds: every scenario and pairing is brought to
5 games per side, then 10, 20, 40, ... up to the target, so that wherever it is stopped (``--until``
a UTC time, or by hand) every figure rests on a sample of about the same size. Every game's result
is written to the JSON file as its slice finishes; a new run resumes where the last one stopped
(game i of a pairing always has the seed S + i, so slices add up to one run). `make survey` runs it
with nice -n 10.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from kassen.ai.arena import GameResult, play_games, summarise  # noqa: E402
from kassen.games import load_rules, scenario_ids  # noqa: E402

PAIRINGS = ("hard:random", "hard:greedy", "easy:random", "normal:easy", "hard:normal", "hard:hard")
FORMAT = "kassen-ai-survey"


def load(out: Path, seed: int) -> dict[str, Any]:
    if out.exists():
        data = json.loads(out.read_text())
        if isinstance(data, dict) and data.get("format") == FORMAT:
            if data.get("seed") != seed:
                raise SystemExit(f"{out} was played with seed {data.get('seed')}, not {seed}")
            return data
    return {"format": FORMAT, "seed": seed, "cells": {}}


def _row(r: GameResult) -> dict[str, Any]:
    return {"i": r.index, "sides": r.sides, "winner": r.winner, "level": r.level, "actions": r.actions,
            "stopped": r.stopped}


def _result(seed: int, g: dict[str, Any]) -> GameResult:
    return GameResult(index=g["i"], seed=seed + g["i"], sides=g["sides"], winner=g["winner"], level=g["level"],
                      actions=g["actions"], stopped=g["stopped"])


def summaries(data: dict[str, Any]) -> list[dict[str, Any]]:
    """One arena summary per scenario and pairing, from the games played so far."""
    out = []
    for key, cell in data["cells"].items():
        scenario, a, b = key.split("|")
        results = sorted((_result(data["seed"], g) for g in cell["games"]), key=lambda r: r.index)
        s = summarise(load_rules(scenario), scenario, a, b, data["seed"], results, cell.get("seconds", 0.0))
        del s["decision_seconds"]
        out.append(s)
    return out


def decision_times(data: dict[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per scenario and player: decisions counted, median and 95th percentile (ms, to 10 ms), from
    every game of the survey that recorded them (CPython, on whatever load the machine had)."""
    merged: dict[str, dict[str, dict[int, int]]] = {}
    for key, cell in data["cells"].items():
        scenario = key.split("|")[0]
        for player, bins in cell.get("decision_ms", {}).items():
            into = merged.setdefault(scenario, {}).setdefault(player, {})
            for ms, n in bins.items():
                into[int(ms)] = into.get(int(ms), 0) + n
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for scenario, players in merged.items():
        for player, bins in players.items():
            total = sum(bins.values())
            marks, seen = {}, 0
            for ms in sorted(bins):
                seen += bins[ms]
                for name, q in (("median_ms", 0.5), ("p95_ms", 0.95)):
                    if name not in marks and seen >= q * total:
                        marks[name] = ms
            out.setdefault(scenario, {})[player] = {"decisions": total, **marks, "max_ms": max(bins)}
    return out


def table(rows: list[dict[str, Any]]) -> str:
    """Markdown: one line per scenario and pairing, A's win rate with its interval, per side."""
    out = ["| scenario | A | B | games | A wins | B wins | draws | A win rate (95 %) | A's wins per side (95 %) "
           "| each side's wins (95 %) |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lo, hi = r["a_win_interval"]
        sides = "; ".join(f"as {s} {g['a_wins']}/{g['a_games']} ({100 * g['a_win_interval'][0]:.0f}-"
                          f"{100 * g['a_win_interval'][1]:.0f} %)" for s, g in r["per_side"].items())
        wins = "; ".join(f"{s} {g['side_wins']}/{r['games']} ({100 * (g['side_win_rate'] or 0):.0f} %, "
                         f"{100 * g['side_win_interval'][0]:.0f}-{100 * g['side_win_interval'][1]:.0f})"
                         for s, g in r["per_side"].items())
        out.append(f"| {r['scenario']} | {r['a']} | {r['b']} | {r['games']} | {r['a_wins']} | {r['b_wins']} | "
                   f"{r['draws']} | {100 * (r['a_win_rate'] or 0):.1f} % ({100 * lo:.1f}-{100 * hi:.1f}) | {sides} "
                   f"| {wins} |")
    return "\n".join(out)


class Recorder:
    """Writes each game to the survey's file as it ends (``play_games``' progress), with its
    decision times and the cell's time so far: a survey stopped in the middle of a slice keeps the
    games that ended (a Dōmyōji slice of 10 games takes over an hour on two workers; before, a
    slice was written only when all of it had ended, and a stopped one lost everything)."""

    def __init__(self, out: Path, data: dict[str, Any], cell: dict[str, Any], a: str, b: str) -> None:
        self.out, self.data, self.cell, self.names = out, data, cell, {"a": a, "b": b}
        self.seconds = cell["seconds"]
        self.started = time.time()

    def __call__(self, r: GameResult) -> None:
        cell = self.cell
        cell["games"].append(_row(r))
        cell["games"].sort(key=lambda g: g["i"])
        times = cell.setdefault("decision_ms", {})  # per player: {10 ms bin: decisions}
        for slot, seconds in r.decisions.items():
            bins = times.setdefault(self.names[slot], {})
            for t in seconds:
                key = str(int(1000 * t) // 10 * 10)
                bins[key] = bins.get(key, 0) + 1
        cell["seconds"] = round(self.seconds + time.time() - self.started, 1)
        self.out.write_text(json.dumps(self.data, indent=0, separators=(",", ":")) + "\n")


def deadline(text: str | None) -> float | None:
    if not text:
        return None
    hh, mm = (int(x) for x in text.split(":"))
    now = datetime.datetime.now(datetime.timezone.utc)
    when = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
    if when <= now:  # a time past midnight: tomorrow's (a survey started at 23:50 --until 01:30)
        when += datetime.timedelta(days=1)
    return when.timestamp()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games-per-side", type=int, default=200)
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--pairing", action="append", help="A:B, e.g. hard:greedy (default: all)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--until", help="UTC HH:MM: start no slice after it")
    ap.add_argument("--first", type=int, default=5, help="games per side in the first round (then doubled)")
    ap.add_argument("--table", action="store_true", help="print the tables only")
    ap.add_argument("--out", default=str(ROOT / "docs" / "ai-survey.json"))
    args = ap.parse_args()
    out = Path(args.out)
    data = load(out, args.seed)
    stop = deadline(args.until)
    scenarios = args.scenario or scenario_ids()
    pairings = args.pairing or list(PAIRINGS)
    per_side = max(1, args.first)
    while not args.table:
        target = min(per_side, args.games_per_side)
        for scenario in scenarios:
            for pairing in pairings:
                a, b = pairing.split(":")
                cell = data["cells"].setdefault(f"{scenario}|{a}|{b}", {"games": [], "seconds": 0.0})
                have = {g["i"] for g in cell["games"]}
                todo = [i for i in range(2 * target) if i not in have]
                if not todo:
                    continue
                if stop is not None and time.time() > stop:
                    print(f"stopped at {args.until} UTC", flush=True)
                    print(table(summaries(data)))
                    return 0
                started = time.time()
                results = play_games(scenario, a, b, todo, args.seed, workers=args.workers,
                                     progress=Recorder(out, data, cell, a, b))
                won = sum(1 for r in results if r.winner_slot == "a")
                print(f"{time.strftime('%H:%M:%S')} {scenario} {pairing}: {len(todo)} games, A won {won} "
                      f"({time.time() - started:.0f} s); {len(cell['games'])} in all", flush=True)
        if target >= args.games_per_side:
            break
        per_side *= 2
    print(table(summaries(data)))
    print(json.dumps(decision_times(data), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
