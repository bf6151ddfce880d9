"""Computer against computer: whole games, win rates with 95 % intervals, decision times.

``python3 -m kassen arena SCENARIO --a hard --b greedy --games N --seed S [--workers W] [--json]``
plays N games; player A takes the first side in the even-numbered games and the second side in
the odd ones, so each player takes each side in half the games (N even). Game i uses the game
seed S + i; each bot's seed is derived from S, i and its slot, so a run is reproducible and a
player's decisions never depend on the game's dice generator.
"""
from __future__ import annotations

import contextlib
import math
import signal
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Optional

from ..engine.actions import Action
from ..engine.play import play_steps
from ..engine.rules import GameRules
from ..engine.state import TERMINAL, Event, State
from .observation import observe
from .players import Player, make_player

#: a game longer than this many actions is stopped and counted as a draw: a guard against a game
#: that never ends, far above the longest real ones (a Yukimura Dōmyōji or Gotō's Dream game between
#: computer players takes about 3,000 actions: 2,000 stopped them before their last turns)
MAX_ACTIONS = 20000


@dataclass
class GameResult:
    index: int
    seed: int
    sides: dict[str, str]  # side -> "a" | "b"
    winner: Optional[str]  # a side, or None (draw or stopped)
    level: Optional[str]
    actions: int
    decisions: dict[str, list[float]] = field(default_factory=dict)  # "a"/"b" -> seconds per decision
    stopped: bool = False

    @property
    def winner_slot(self) -> Optional[str]:
        return self.sides.get(self.winner) if self.winner else None


def play_game(rules: GameRules, players: dict[str, Player], seed: int | str,
              max_actions: int = MAX_ACTIONS, options: Optional[dict[str, Any]] = None,
              ) -> tuple[State, list[str], list[Event], dict[str, list[float]]]:
    """One game (with the rule ``options`` given, else the scenario's defaults): the players decide
    from their observations, the dice come from the game's RNG. Returns the final state, the action
    record, the log and each side's times per decision that had more than one legal action."""
    state = rules.setup(seed, options)
    events: list[Event] = []
    record: list[str] = []
    times: dict[str, list[float]] = {side: [] for side in players}

    def decide(now: State, player: str, _legal: list[Action]) -> Action:
        t0 = time.perf_counter()
        thinker = players[player].start(observe(rules, now, events, player))
        action = thinker.run()
        if len(thinker.legal) > 1:
            times[player].append(time.perf_counter() - t0)
        return action

    for step in play_steps(rules, state, decide, max_actions):
        state = step.after
        events.extend(step.events)
        record.append(step.action.to_text())
    return state, record, events, times


def _one(args: tuple[str, str, str, int, int, Optional[dict[str, Any]]]) -> GameResult:
    scenario, a, b, seed, index, options = args
    from ..games import load_rules

    rules = load_rules(scenario)
    first, second = rules.sides[0], rules.sides[1]
    slots = {first: "a", second: "b"} if index % 2 == 0 else {first: "b", second: "a"}
    names = {"a": a, "b": b}
    players = {side: make_player(rules, names[slot], f"{seed}:{index}:{slot}") for side, slot in slots.items()}
    state, record, _, times = play_game(rules, players, seed + index, options=options)
    outcome = rules.outcome(state) if rules.current_player(state) == TERMINAL else None
    return GameResult(index=index, seed=seed + index, sides=slots,
                      winner=(outcome or {}).get("winner"), level=(outcome or {}).get("level"),
                      actions=len(record), decisions={slots[s]: t for s, t in times.items()},
                      stopped=outcome is None)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (draws count half when ``wins`` does)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_arena(scenario: str, a: str, b: str, games: int, seed: int, workers: int = 1,
              progress: Any = None, options: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """Play ``games`` games and summarise them (the command's JSON object)."""
    from ..games import load_rules

    started = time.perf_counter()
    results = play_games(scenario, a, b, range(games), seed, workers, progress, options)
    summary = summarise(load_rules(scenario), scenario, a, b, seed, results, time.perf_counter() - started)
    if options:
        summary["options"] = dict(options)
    return summary


def play_games(scenario: str, a: str, b: str, indices: Iterable[int], seed: int, workers: int = 1,
               progress: Any = None, options: Optional[dict[str, Any]] = None) -> list[GameResult]:
    """The games of the given indices (game i: seed + i, A on the first side when i is even), so a
    long survey can be played in slices that add up to one run."""
    jobs = [(scenario, a, b, seed, i, options) for i in indices]
    results: list[GameResult] = []
    if workers > 1:
        import multiprocessing

        with _stopped_by_sigterm(), multiprocessing.get_context("spawn").Pool(workers) as pool:
            for r in pool.imap_unordered(_one, jobs):
                results.append(r)
                if progress:
                    progress(r)
    else:
        for job in jobs:
            r = _one(job)
            results.append(r)
            if progress:
                progress(r)
    results.sort(key=lambda r: r.index)
    return results


@contextlib.contextmanager
def _stopped_by_sigterm() -> Iterator[None]:
    """While the pool plays, SIGTERM (``kill``) stops the run as Ctrl-C does: the pool is left
    by an exception, which terminates its workers. By default SIGTERM ended the parent alone, and
    its workers played their games on for up to 25 minutes, slowing whatever ran next."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: Any) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def summarise(rules: GameRules, scenario: str, a: str, b: str, seed: int, results: list[GameResult],
              seconds: float) -> dict[str, Any]:
    n = len(results)
    a_wins = sum(1 for r in results if r.winner_slot == "a")
    b_wins = sum(1 for r in results if r.winner_slot == "b")
    draws = n - a_wins - b_wins
    per_side: dict[str, Any] = {}
    for side in rules.sides:
        rows = [r for r in results if r.sides[side] == "a"]
        rows_b = [r for r in results if r.sides[side] == "b"]
        per_side[side] = {
            "a_games": len(rows), "a_wins": sum(1 for r in rows if r.winner == side),
            "a_losses": sum(1 for r in rows if r.winner not in (side, None)),
            "b_games": len(rows_b), "b_wins": sum(1 for r in rows_b if r.winner == side),
            "b_losses": sum(1 for r in rows_b if r.winner not in (side, None)),
            "side_wins": sum(1 for r in results if r.winner == side),
        }
        g = per_side[side]
        g["a_win_rate"] = _rate(g["a_wins"], g["a_games"])
        g["a_win_interval"] = _interval(g["a_wins"], g["a_games"])
        g["side_win_rate"] = _rate(g["side_wins"], n)
        g["side_win_interval"] = _interval(g["side_wins"], n)
    times = {slot: [t for r in results for t in r.decisions.get(slot, [])] for slot in ("a", "b")}
    levels: dict[str, int] = {}
    for r in results:
        key = f"{r.winner or 'draw'}/{r.level or ('stopped' if r.stopped else '-')}"
        levels[key] = levels.get(key, 0) + 1
    return {
        "scenario": scenario, "a": a, "b": b, "games": n, "seed": seed,
        "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
        "a_win_rate": _rate(a_wins, n), "a_win_interval": _interval(a_wins, n),
        "a_score": _rate(a_wins + 0.5 * draws, n), "a_score_interval": _interval(a_wins + 0.5 * draws, n),
        "per_side": per_side, "results": levels,
        "stopped": sum(1 for r in results if r.stopped),
        "actions_median": statistics.median([r.actions for r in results]) if results else 0,
        "decision_seconds": {slot: _time_summary(t) for slot, t in times.items()},
        "seconds": round(seconds, 1),
    }


def _rate(k: float, n: int) -> Optional[float]:
    return round(k / n, 4) if n else None


def _interval(k: float, n: int) -> list[float]:
    lo, hi = wilson(k, n)
    return [round(lo, 4), round(hi, 4)]


def _time_summary(samples: list[float]) -> dict[str, Any]:
    if not samples:
        return {"decisions": 0}
    ordered = sorted(samples)
    return {"decisions": len(ordered), "median": round(statistics.median(ordered), 4),
            "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 4),
            "max": round(ordered[-1], 4)}


def format_table(summary: dict[str, Any]) -> str:
    """The arena's result as a few lines of text."""
    s = summary
    lo, hi = s["a_win_interval"]
    lines = [f"{s['scenario']}: {s['a']} (a) vs {s['b']} (b), {s['games']} games, seed {s['seed']}",
             f"  a wins {s['a_wins']}, b wins {s['b_wins']}, draws {s['draws']}: "
             f"a win rate {100 * (s['a_win_rate'] or 0):.1f} % (95 % {100 * lo:.1f}-{100 * hi:.1f})"]
    for side, g in s["per_side"].items():
        lo, hi = g["a_win_interval"]
        lines.append(f"  a as {side}: {g['a_wins']}/{g['a_games']} won ({100 * (g['a_win_rate'] or 0):.1f} %, "
                     f"95 % {100 * lo:.1f}-{100 * hi:.1f}); b as {side}: {g['b_wins']}/{g['b_games']} won; "
                     f"{side} won {g['side_wins']}/{s['games']}")
    for slot in ("a", "b"):
        t = s["decision_seconds"][slot]
        if t.get("decisions"):
            lines.append(f"  {s[slot]} ({slot}): {t['decisions']} decisions, median {1000 * t['median']:.1f} ms, "
                         f"p95 {1000 * t['p95']:.1f} ms, max {1000 * t['max']:.1f} ms")
    lines.append(f"  results: " + ", ".join(f"{k} {v}" for k, v in sorted(s["results"].items()))
                 + f"; {s['seconds']} s")
    return "\n".join(lines)
