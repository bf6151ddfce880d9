#!/usr/bin/env python3
"""The hard player's decision time on a fixed set of positions (issue 12: <= 2 s per decision).

    python3 tools/ai_speed.py collect [--scenario ID ...] [--per 24] [--out /tmp/ai-speed-positions.json]
    python3 tools/ai_speed.py time    [--positions FILE] [--scenario ID ...] [--level hard] [--out FILE]
    python3 tools/ai_speed.py compare --old OLD_CHECKOUT [--positions FILE] [--scenario ID ...]

``collect`` plays one seeded game per scenario between two ``easy`` players and keeps ``--per``
decisions spread evenly over it (decisions with more than one legal action, each as the deciding
side's observation: view and readable log), written as JSON; the set is fixed by the seed.

``time`` decides each position with a fresh hard player (a fixed bot seed: the same observation
gives the same decision) and prints per scenario the median, 95th percentile and maximum
milliseconds (CPython) and the chosen actions.

``compare`` measures two checkouts on the same positions in the same run: one worker process per
checkout (its ``py/`` on the path), the positions decided alternately by the old and the new
(old first on even positions, new first on odd ones), so the machine's load falls on both alike.
It reports the ratios and every position whose decision differs.

Not part of ``make test``: it takes minutes. Run it under ``nice -n 5``.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent

SCENARIOS = ("mukden", "ikedaya", "kawanakajima", "toba-fushimi", "tabarazaka",
             "yao", "domyoji", "connected", "goto-dream")
DEFAULT_POSITIONS = Path("/tmp/ai-speed-positions.json")
BOT_SEED = "ai-speed"


def _path(py: Path) -> None:
    sys.path.insert(0, str(py))


# -- collect ------------------------------------------------------------------------------------------
def collect(scenarios: list[str], per: int, seed: int, max_actions: int, into: Optional[Path] = None
            ) -> dict[str, Any]:
    from kassen.ai.observation import observe
    from kassen.ai.players import make_player
    from kassen.engine.play import play_steps
    from kassen.games import load_rules

    out: dict[str, Any] = {"format": "kassen-ai-speed-positions", "seed": seed, "scenarios": {}}
    for sid in scenarios:
        rules = load_rules(sid)
        players = {side: make_player(rules, "easy", f"collect:{seed}:{i}") for i, side in enumerate(rules.sides)}
        events: list[Any] = []
        found: list[dict[str, Any]] = []
        t0 = time.perf_counter()

        def decide(state: Any, player: str, legal: list[Any]) -> Any:
            obs = observe(rules, state, events, player)
            if len(legal) > 1:  # the legal actions let a timing check each answer (make bench)
                found.append({"side": player, "view": obs.view, "events": list(obs.events),
                              "legal": sorted(a.to_text() for a in legal)})
            return players[player].choose(obs)

        actions = 0
        for step in play_steps(rules, rules.setup(seed), decide, max_actions):
            events.extend(step.events)
            actions += 1
        if len(found) > per:
            # evenly spread over the game, first and last decision included
            picks = [round(i * (len(found) - 1) / (per - 1)) for i in range(per)]
            found = [found[i] for i in picks]
        out["scenarios"][sid] = found
        print(f"{sid}: {actions} actions, {len(found)} positions kept ({time.perf_counter() - t0:.0f} s)",
              file=sys.stderr, flush=True)
        if into is not None:  # written as each scenario is done: the long games take minutes
            old = json.loads(into.read_text()) if into.exists() else {**out, "scenarios": {}}
            old["scenarios"][sid] = found
            into.write_text(json.dumps(old, separators=(",", ":")))
    return out


# -- time ---------------------------------------------------------------------------------------------
class Decider:
    """Decides stored positions with a fresh player of ``level`` (in this process)."""

    def __init__(self, positions: dict[str, Any], level: str) -> None:
        self.positions = positions
        self.level = level

    def decide(self, sid: str, index: int) -> dict[str, Any]:
        from kassen.ai.gameai import game_ai
        from kassen.ai.observation import Observation
        from kassen.ai.players import make_player
        from kassen.games import load_rules

        rules = load_rules(sid)  # loading the rules and the game's AI tables is not timed
        game_ai(rules)
        pos = self.positions["scenarios"][sid][index]
        obs = Observation(rules, pos["side"], pos["view"], tuple(pos["events"]))
        player = make_player(rules, self.level, BOT_SEED)
        c0, t0 = time.process_time(), time.perf_counter()
        thinker = player.start(obs)
        action = thinker.run()
        ms, cpu = 1000 * (time.perf_counter() - t0), 1000 * (time.process_time() - c0)
        return {"ms": ms, "cpu_ms": cpu, "action": action.to_text(), "work": thinker.work}


def summary(ms: list[float]) -> dict[str, float]:
    """Median, 95th percentile (as the arena takes it) and maximum."""
    ordered = sorted(ms)
    return {"median": statistics.median(ordered),
            "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], "max": ordered[-1]}


def fmt(s: dict[str, float]) -> str:
    return f"median {s['median']:7.0f}  p95 {s['p95']:7.0f}  max {s['max']:7.0f} ms"


def load_positions(path: Path) -> dict[str, Any]:
    if not path.exists():
        raise SystemExit(f"{path} does not exist: run `tools/ai_speed.py collect` first")
    return json.loads(path.read_text())


def worker(positions: Path, level: str) -> None:
    """Answer "scenario index" lines on stdin with one JSON line each (the compare mode's worker)."""
    decider = Decider(load_positions(positions), level)
    for line in sys.stdin:
        sid, index = line.split()
        print(json.dumps(decider.decide(sid, int(index))), flush=True)


class Remote:
    def __init__(self, checkout: Path, positions: Path, level: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout / "py"), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "worker",
                                      "--positions", str(positions), "--level", level],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                     cwd=str(checkout))

    def decide(self, sid: str, index: int) -> dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(f"{sid} {index}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a worker died")
        return json.loads(line)

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("collect", "time", "compare", "worker"))
    ap.add_argument("--scenario", action="append", default=None)
    ap.add_argument("--positions", type=Path, default=DEFAULT_POSITIONS)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--per", type=int, default=24, help="positions per scenario (collect)")
    ap.add_argument("--seed", type=int, default=1, help="the self-play game's seed (collect)")
    ap.add_argument("--max-actions", type=int, default=4000)
    ap.add_argument("--every", type=int, default=1, help="time every k-th position only (a quick look)")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--old", type=Path, help="the checkout to compare against (compare)")
    ap.add_argument("--new", type=Path, default=ROOT, help="the checkout measured (compare; default this one)")
    args = ap.parse_args()
    scenarios = args.scenario or list(SCENARIOS)

    if args.mode == "worker":
        _path(Path.cwd() / "py")
        worker(args.positions, args.level)
        return
    if args.mode == "collect":
        _path(ROOT / "py")
        out = args.out or args.positions
        collect(scenarios, args.per, args.seed, args.max_actions, out)  # the other scenarios are kept
        print(f"written {out}", file=sys.stderr)
        return
    positions = load_positions(args.positions)
    report: dict[str, Any] = {"level": args.level, "load": os.getloadavg(), "scenarios": {}}
    if args.mode == "time":
        _path(ROOT / "py")
        decider = Decider(positions, args.level)
        for sid in scenarios:
            rows = [decider.decide(sid, i) for i in range(0, len(positions["scenarios"][sid]), args.every)]
            report["scenarios"][sid] = rows
            print(f"{sid:14} CPU {fmt(summary([r['cpu_ms'] for r in rows]))} | wall {fmt(summary([r['ms'] for r in rows]))}"
                  f" | load {os.getloadavg()[0]:.1f}", flush=True)
    else:
        if args.old is None:
            raise SystemExit("compare needs --old CHECKOUT")
        old, new = Remote(args.old, args.positions, args.level), Remote(args.new, args.positions, args.level)
        try:
            for sid in scenarios:
                rows = []
                for i in range(0, len(positions["scenarios"][sid]), args.every):
                    if len(rows) % 2 == 0:
                        a, b = old.decide(sid, i), new.decide(sid, i)
                    else:
                        b, a = new.decide(sid, i), old.decide(sid, i)
                    rows.append({"index": i, "old": a, "new": b})
                report["scenarios"][sid] = rows
                same = sum(1 for r in rows if r["old"]["action"] == r["new"]["action"])
                lines = []
                for clock in ("cpu_ms", "ms"):
                    so, sn = summary([r["old"][clock] for r in rows]), summary([r["new"][clock] for r in rows])
                    total = sum(r["old"][clock] for r in rows) / max(1e-6, sum(r["new"][clock] for r in rows))
                    lines.append(f"{'':14} {'CPU' if clock == 'cpu_ms' else 'wall'}: old {fmt(so)} | new {fmt(sn)} | "
                                 f"speed-up: total {total:.2f}x, median {so['median'] / max(sn['median'], 1e-6):.2f}x, "
                                 f"p95 {so['p95'] / max(sn['p95'], 1e-6):.2f}x, max {so['max'] / max(sn['max'], 1e-6):.2f}x")
                print(f"{sid}: same decision {same}/{len(rows)}; load {os.getloadavg()[0]:.1f}\n" + "\n".join(lines),
                      flush=True)
                for r in rows:
                    if r["old"]["action"] != r["new"]["action"]:
                        print(f"{'':14}   position {r['index']}: old {r['old']['action']} new {r['new']['action']}")
        finally:
            old.close()
            new.close()
    report["load_after"] = os.getloadavg()
    if args.out:
        args.out.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
