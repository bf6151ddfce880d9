"""Command line for tests, tools and benchmarks (run from the project root).

    python3 -m kassen scenarios [--json]
    python3 -m kassen selfplay SCENARIO --games N --seed S [--max-actions K] [--json]
    python3 -m kassen show LINK [--frame N]
    python3 -m kassen render SCENARIO_OR_LINK --out FILE.svg [--seed S] [--viewer SIDE]
    python3 -m kassen bench [--scenario ID ...] [--games N]
    python3 -m kassen linkstats SCENARIO [--games N]
    python3 -m kassen fuzz [--game G] [--seconds S] [--seed N] [--json]
    python3 -m kassen arena SCENARIO --a hard --b greedy --games N --seed S [--workers W] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Optional

from .engine import codec
from .engine.errors import KassenError
from .engine.play import random_game, random_walk, sample_chance
from .engine.rules import GameRules
from .engine.state import CHANCE, TERMINAL, State, View
from .games import load_rules, scenario_ids


def position_link(rules: GameRules, state: State, secrets: bool = False) -> str:
    """Relative URL opening this position in the page (spectator view unless ``secrets``)."""
    if secrets:
        return "index.html#" + codec.encode(rules, "p", state)
    return "index.html#" + codec.encode(rules, "v", rules.view_for(state, None))


def units_summary(rules: GameRules, view: View) -> dict[str, Optional[str]]:
    """{unit id: printed cell label, or None when off the map or removed}."""
    out: dict[str, Optional[str]] = {}
    for uid, unit in sorted(view.get("units", {}).items()):
        at = unit.get("at")
        out[uid] = at if rules.board.is_on_map(at) else None
    return out


def _cmd_scenarios(args: argparse.Namespace) -> int:
    ids = scenario_ids()
    if args.json:
        rows = []
        for sid in ids:
            sc = load_rules(sid).scenario
            rows.append({"id": sid, "game": sc.game, "title": sc.title})
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for sid in ids:
            print(sid)
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    rules = load_rules(args.scenario)
    for i in range(args.games):
        seed = args.seed + i
        state, record = random_game(rules, seed, max_actions=args.max_actions)
        outcome = rules.outcome(state)
        row: dict[str, Any] = {
            "scenario": rules.scenario.id,
            "seed": seed,
            "actions": len(record),
            "terminal": rules.current_player(state) == TERMINAL,
            "winner": outcome.get("winner") if outcome else None,
            "level": outcome.get("level") if outcome else None,
            "reason": rules.say(outcome.get("reason")) if outcome else None,
            "turn": state.get("turn"),
            "link": position_link(rules, state),
        }
        if args.json:
            print(json.dumps(row, ensure_ascii=False), flush=True)
        else:
            print(f"seed {seed}: {row['actions']} actions, winner {row['winner']} ({row['reason']})")
    return 0


def _view_from_link(link: str, frame: Optional[int] = None) -> tuple[str, GameRules, View]:
    kind, rules, obj = codec.decode(link, load_rules)
    if kind == "p":
        return kind, rules, rules.view_for(obj, None) | {"viewer": None}
    if kind == "f":
        return kind, rules, obj[_frame_index(obj, frame)]
    return kind, rules, obj


def _frame_index(frames: list[Any], frame: Optional[int]) -> int:
    """The index of ``--frame`` (default: the last), or KassenError if there is no such frame."""
    if frame is None:
        return len(frames) - 1
    if not 0 <= frame < len(frames):
        raise KassenError(f"there is no frame {frame}: this link holds {len(frames)} frames, numbered 0 to "
                          f"{len(frames) - 1}")
    return frame


def _cmd_show(args: argparse.Namespace) -> int:
    kind, rules, obj = codec.decode(args.link, load_rules)
    if args.frame is not None and kind != "f":
        raise KassenError(f"--frame applies to a frames link (k1.f…); this is a {codec.KINDS[kind]} link")
    if kind == "p":
        state = obj
        view = rules.view_for(state, None)
        # a play link carries everything: show the true positions, as the owner of the link may
        view_units = state["units"]
        to_move = rules.current_player(state)
    else:
        view = obj if kind == "v" else obj[_frame_index(obj, args.frame)]
        view_units = view["units"]
        to_move = view.get("to_move")
    out = {
        "scenario": rules.scenario.id,
        "game": rules.game,
        "kind": codec.KINDS[kind],
        "turn": view.get("turn"),
        "to_move": to_move,
        "units": units_summary(rules, {"units": view_units}),
        "outcome": view.get("outcome"),
        "status": dict(rules.status(view)),
    }
    if kind == "f":
        out["frames"] = len(obj)
    print(json.dumps(out, ensure_ascii=False, indent=2))
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    target = args.target
    if target.startswith("k") and "." in target or "#" in target:
        _, rules, view = _view_from_link(target)
    else:
        rules = load_rules(target)
        state = rules.setup(args.seed)
        view = rules.view_for(state, args.viewer)
    svg = rules.render_svg(view)
    Path(args.out).write_text(svg, encoding="utf-8")
    print(f"wrote {args.out} ({len(svg)} bytes)")
    return 0


def _median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


def bench_scenario(rules: GameRules, games: int, seed: int = 1) -> dict[str, Any]:
    """Median CPython time per legal_actions and per apply, and random games per second."""
    la_times: list[float] = []
    ap_times: list[float] = []
    actions = 0
    start = time.perf_counter()
    import random as _random

    for g in range(games):
        chooser = _random.Random(f"bench:{seed + g}")
        state = rules.setup(seed + g)
        n = 0
        while rules.current_player(state) != TERMINAL and n < 5000:
            t0 = time.perf_counter()
            if rules.current_player(state) == CHANCE:
                action = sample_chance(rules, state)
            else:
                legal = list(rules.legal_actions(state))
                la_times.append(time.perf_counter() - t0)
                action = chooser.choice(legal)
            t1 = time.perf_counter()
            state, _ = rules.apply(state, action)
            ap_times.append(time.perf_counter() - t1)
            n += 1
        actions += n
    elapsed = time.perf_counter() - start
    return {
        "scenario": rules.scenario.id,
        "games": games,
        "actions": actions,
        "legal_actions_median_us": round(_median_us(la_times), 1),
        "apply_median_us": round(_median_us(ap_times), 1),
        "games_per_second": round(games / elapsed, 2),
        "actions_per_game_median": actions // max(games, 1),
    }


def _cmd_bench(args: argparse.Namespace) -> int:
    ids = args.scenario or scenario_ids()
    for sid in ids:
        result = bench_scenario(load_rules(sid), args.games)
        print(json.dumps(result) if args.json else
              f"{sid:14s} legal_actions {result['legal_actions_median_us']:8.1f} us  "
              f"apply {result['apply_median_us']:8.1f} us  {result['games_per_second']:7.2f} games/s  "
              f"({result['actions']} actions in {args.games} games)")
    return 0


def link_stats(rules: GameRules, games: int, seed: int = 1, max_actions: int = 5000) -> dict[str, Any]:
    """Longest play link and spectator link over every position of ``games`` random games."""
    longest_p = longest_v = positions = 0
    worst: dict[str, Any] = {}
    for g in range(games):
        for n, (state, _) in enumerate(random_walk(rules, seed + g, max_actions)):
            positions += 1
            p_len = len(position_link(rules, state, secrets=True))
            if p_len > longest_p:
                longest_p, worst = p_len, {"seed": seed + g, "action": n}
            longest_v = max(longest_v, len(position_link(rules, state)))
    return {"scenario": rules.scenario.id, "games": games, "positions": positions,
            "longest_play_link": longest_p, "longest_spectator_link": longest_v, "longest_at": worst}


def _cmd_linkstats(args: argparse.Namespace) -> int:
    print(json.dumps(link_stats(load_rules(args.scenario), args.games, args.seed)))
    return 0


def _cmd_fuzz(args: argparse.Namespace) -> int:
    from . import fuzz

    if args.game and args.game not in scenario_ids():
        raise KassenError(f"no game {args.game[:40]!r} (games: {', '.join(scenario_ids())})")
    report = fuzz.run(seed=args.seed, seconds=args.seconds, games=[args.game] if args.game else None,
                      kinds=args.kind)
    fuzz.print_report(report, as_json=args.json)
    return 1 if report.findings else 0


def _cmd_arena(args: argparse.Namespace) -> int:
    from .ai.arena import format_table, run_arena
    from .ai.players import PLAYERS

    for name in (args.a, args.b):
        if name not in PLAYERS:
            raise KassenError(f"no player {name[:40]!r} (players: {', '.join(PLAYERS)})")
    if args.scenario not in scenario_ids():
        raise KassenError(f"no scenario {args.scenario[:40]!r} (scenarios: {', '.join(scenario_ids())})")
    if args.games < 1:
        raise KassenError("--games must be at least 1")

    def progress(result: Any) -> None:
        if args.progress:
            print(f"game {result.index}: {result.winner or 'draw'} ({result.level}), {result.actions} actions",
                  file=sys.stderr, flush=True)

    options = None
    if args.options:  # the address's form, checked by the game's own declaration
        from .app.routing import parse_options
        from .engine.options import resolve
        from .games import load_rules
        from .games.options import options_of

        requested, problem = parse_options(args.options)
        options, problems = resolve(options_of(load_rules(args.scenario).game), requested)
        if problem or problems:
            raise KassenError(f"--options {args.options[:60]!r}: not options of {args.scenario}")
    summary = run_arena(args.scenario, args.a, args.b, args.games, args.seed, max(1, args.workers), progress,
                        options)
    print(json.dumps(summary) if args.json else format_table(summary))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python3 -m kassen", description="kassen command line")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenarios", help="list scenario ids")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_scenarios)
    p = sub.add_parser("selfplay", help="play random legal games")
    p.add_argument("scenario")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-actions", type=int, default=5000)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_selfplay)
    p = sub.add_parser("show", help="print the position a link holds, as JSON")
    p.add_argument("link")
    p.add_argument("--frame", type=int, default=None)
    p.set_defaults(func=_cmd_show)
    p = sub.add_parser("render", help="draw a scenario's start or a link's position as SVG")
    p.add_argument("target", metavar="SCENARIO_OR_LINK")
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--viewer", default=None)
    p.set_defaults(func=_cmd_render)
    p = sub.add_parser("linkstats", help="longest link over every position of random games")
    p.add_argument("scenario")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=_cmd_linkstats)
    p = sub.add_parser("bench", help="engine speed under CPython (medians)")
    p.add_argument("--scenario", action="append")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_bench)
    p = sub.add_parser("fuzz", help="hostile links, saves, slots, scenario files and commands (findings by class)")
    p.add_argument("--game", default=None)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kind", action="append", choices=["link", "save", "slot", "scenario", "show", "action"],
                   help="only these input kinds (default: all)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_fuzz)
    p = sub.add_parser("arena", help="computer against computer: win rates with 95 %% intervals")
    p.add_argument("scenario")
    p.add_argument("--a", default="hard", help="player A: random, greedy, easy, normal or hard")
    p.add_argument("--b", default="greedy", help="player B (each player takes each side in half the games)")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    p.add_argument("--progress", action="store_true", help="one line per finished game on stderr")
    p.add_argument("--options", default="", help="rule options as in a page address: name:value,...")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_arena)
    return ap


def main(argv: Optional[list[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KassenError as exc:
        print(f"kassen: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (`| head`): not an error of ours
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
