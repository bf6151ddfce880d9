"""Every player decides legally, reproducibly, and can be stopped at any moment."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kassen.ai import PLAYERS, make_player, observe
from kassen.ai.arena import play_game, run_arena, wilson
from kassen.ai.matrix import solve
from kassen.engine.state import TERMINAL
from kassen.games import load_rules, scenario_ids

from .positions import positions

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scenario", scenario_ids())
def test_every_player_chooses_a_legal_action(scenario: str) -> None:
    """Every scenario, a new game's included as soon as it exists."""
    rules = load_rules(scenario)
    # Yao: a random player soon moves a key leader off his hex, which ends the game (14-2(6))
    every = {"mukden": 9, "ikedaya": 7, "kawanakajima": 60, "yao": 2}.get(scenario, 40)
    seen = 0
    for state, events, side in positions(rules, range(1, 3), every):
        if seen >= 12:
            break
        legal = rules.legal_actions(state)
        for name in PLAYERS:
            if name == "hard" and seen % 3:
                continue  # hard is slow: a third of the positions
            action = make_player(rules, name, seed=seen).choose(observe(rules, state, events, side))
            assert action in legal, f"{name} chose {action.to_text()}, not legal"
        seen += 1
    assert seen >= 4


def test_same_seed_same_decision_other_seed_may_differ() -> None:
    rules = load_rules("mukden")
    decisions = []
    for state, events, side in positions(rules, range(3, 4), 4):
        obs = observe(rules, state, events, side)
        a = make_player(rules, "easy", seed=1).choose(obs)
        assert a == make_player(rules, "easy", seed=1).choose(obs)
        decisions.append((a, make_player(rules, "easy", seed=2).choose(obs)))
    assert decisions and all(a is not None for a, _ in decisions)


def test_a_thinker_always_has_a_best_move() -> None:
    """The page's "stop waiting": best() is legal before the search is done, and after."""
    rules = load_rules("mukden")
    for state, events, side in positions(rules, range(1, 2), 3):
        legal = rules.legal_actions(state)
        thinker = make_player(rules, "hard", seed=0).start(observe(rules, state, events, side))
        assert thinker.best() in legal
        thinker.step(0.0)
        assert thinker.best() in legal
        assert thinker.run(seconds=0.0) in legal


def test_a_whole_game_computer_against_computer() -> None:
    rules = load_rules("ikedaya")
    players = {side: make_player(rules, "normal", seed=side) for side in rules.sides}
    state, record, events, times = play_game(rules, players, seed=5)
    assert rules.current_player(state) == TERMINAL and record
    assert all(t >= 0 for ts in times.values() for t in ts)


def test_matrix_game_equilibria() -> None:
    row, col, value = solve([[1, -1], [-1, 1]], 400)  # matching pennies
    assert abs(row[0] - 0.5) < 0.05 and abs(col[0] - 0.5) < 0.05 and abs(value) < 0.05
    row, col, value = solve([[3, 1], [4, 2]])  # a saddle point: row 2, column 2
    assert row[1] > 0.95 and col[1] > 0.95 and abs(value - 2) < 0.1


def test_wilson_interval() -> None:
    lo, hi = wilson(190, 200)
    assert 0.90 < lo < 0.95 < hi < 0.98
    assert wilson(0, 10)[0] == 0.0


def test_arena_command_json() -> None:
    out = subprocess.run([sys.executable, "-m", "kassen", "arena", "ikedaya", "--a", "greedy", "--b", "random",
                          "--games", "2", "--seed", "3", "--options", "shinsengumi_score:count", "--json"],
                         capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    for key in ("scenario", "a", "b", "games", "a_wins", "b_wins", "draws", "per_side"):
        assert key in summary
    assert summary["games"] == 2 and summary["a_wins"] + summary["b_wins"] + summary["draws"] == 2
    assert summary["options"] == {"shinsengumi_score": "count"}  # a balance survey of the other reading
    per_side = summary["per_side"]
    assert sorted(per_side) == sorted(load_rules("ikedaya").sides)
    assert sum(s["a_games"] for s in per_side.values()) == 2  # each player took each side once
    assert all(s["a_games"] == 1 for s in per_side.values())


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_killed_arena_stops_its_workers() -> None:
    """``kill`` (SIGTERM) of an arena playing on several workers ends the workers too: before,
    they played their games on for up to 25 minutes after the run was stopped."""
    run = subprocess.Popen([sys.executable, "-m", "kassen", "arena", "yao", "--a", "hard", "--b", "hard",
                            "--games", "4", "--workers", "2"], cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:  # the pool's workers (and its tracker)
            time.sleep(0.2)
            workers = {p for p in _children(run.pid) if "spawn_main" in _cmdline(p)}
        assert len(workers) >= 2
        time.sleep(1.0)
        run.terminate()
        run.wait(timeout=30)
        deadline = time.monotonic() + 20
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(p) for p in workers)
    finally:
        if run.poll() is None:
            run.kill()
        for pid in workers:  # a failure here must not leave games playing on
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_arena_refuses_unknown_names() -> None:
    out = subprocess.run([sys.executable, "-m", "kassen", "arena", "nowhere", "--games", "2"], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and "no scenario" in out.stderr
    out = subprocess.run([sys.executable, "-m", "kassen", "arena", "ikedaya", "--a", "genius"], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and "no player" in out.stderr
    out = subprocess.run([sys.executable, "-m", "kassen", "arena", "ikedaya", "--options", "speed:fast"],
                         capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 2 and "not options of ikedaya" in out.stderr


def test_every_scenario_has_its_game_ai() -> None:
    from kassen.ai import game_ai
    from kassen.ai.gameai import GameAI

    for sid in scenario_ids():
        ai = game_ai(load_rules(sid))
        assert type(ai) is not GameAI, f"{sid}: games/<game>/ai.py is missing"


def test_hard_never_judges_on_fewer_sampled_states_than_normal() -> None:
    """In a game with secrets the one-ply values that rank hard's candidates are averaged over
    sampled states; with fewer of them than normal has, hard's choice rests on a noisier estimate
    than the level below (Mukden and Kawanakajima had one against normal's two)."""
    secret = 0
    for scenario in scenario_ids():
        rules = load_rules(scenario)
        hard, normal = make_player(rules, "hard"), make_player(rules, "normal")
        if not hard.ai.has_secrets:
            continue
        secret += 1
        assert hard.config.samples >= normal.config.samples, scenario
    assert secret >= 2  # Mukden and Kawanakajima


@pytest.mark.parametrize("scenario", scenario_ids())
def test_normal_is_between_easy_and_hard(scenario: str) -> None:
    """Normal never chooses with more noise than easy; where hard's search added nothing over the
    heuristic (Ikedaya, Mukden, Kawanakajima, Toba-Fushimi, Tabarazaka, Yao and Dōmyōji,
    docs/ai.md), normal takes a little noise so that the three levels differ (arena: hard scored
    58 %, 77.5 % and 62.5 % against it in the first three, it scored 59 %, 60 % and 58 % against
    easy)."""
    rules = load_rules(scenario)
    easy, normal = make_player(rules, "easy").config, make_player(rules, "normal").config
    assert 0 <= normal.noise < easy.noise
    assert normal.leaves >= easy.leaves and normal.samples >= easy.samples
    if scenario in ("ikedaya", "mukden", "kawanakajima", "toba-fushimi", "tabarazaka", "yao", "domyoji"):
        assert normal.noise > 0
