"""Balance survey of the reconstructed Bakumatsu scenarios by self-play (map brief 1.6 and 2.6).

    PYTHONPATH=py:. python3 -m tests.games.bakumatsu.balance --games 200 [--scenario toba-fushimi]
        [--policy lean|greedy] [--json]
    make survey          (both scenarios, both policies)

Not a test (pytest does not collect it). It prints, per scenario and policy, the outcome
distribution (wins, draws, sudden deaths), victory hexes held at the end, units removed per side,
the turn on which a side first holds 7 victory hexes, reinforcements that reached the map, and for
Tabarazaka Saigō Takamori's arrivals and Government reorganizations: the checks the brief asks for.

Policies: ``lean`` is the self-play test's random player; ``greedy`` heads for the nearest victory
hex it does not hold (or the nearest enemy), leaves one unit on each hex it holds, always fires,
melees when the odds are even or better (or the defender is disordered) and supports fully: a crude
opponent, enough to see whether either side can win.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter
from typing import Any, Optional

from kassen.engine.actions import Action
from kassen.engine.play import sample_chance
from kassen.engine.state import CHANCE, TERMINAL
from kassen.games import load_rules

from .test_selfplay import lean_policy

SCENARIOS = ("toba-fushimi", "tabarazaka")


def _objectives(r: Any, state: dict, side: str) -> list[str]:
    d = r.d
    targets = [h for h, who in state["control"].items() if who != side]
    if not targets:
        targets = [state["units"][u]["at"] for u in d.units if d.side_of[u] != side
                   and state["units"][u]["at"] in d.move_cost and u not in d.all_commanders]
    return targets


def _far(board: Any, a: str, b: str) -> int:
    found = board.distance(a, b)
    return 99 if found is None else found


def greedy(r: Any, state: dict, legal: list[Action], rnd: random.Random) -> Action:
    d = r.d
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    if "place-all" in by_verb:
        return by_verb["place-all"][0]
    if "retreat" in by_verb:
        return rnd.choice(by_verb["retreat"])
    if "advance" in by_verb:
        return by_verb["advance"][0]
    if "support" in by_verb:
        return by_verb["support"][0]
    if "resolve" in by_verb:
        return by_verb["resolve"][0]
    if "fire" in by_verb:
        # concentrate: a disordered target first (a second hit moves or removes it), guns before rifles
        def worth(a: Action) -> tuple:
            target = next((u for u in d.units if state["units"][u]["at"] == a.cell and u not in d.all_commanders), None)
            return (target in state["disordered"], d.units[target].artillery if target else False,
                    d.units[a.units[0]].fire or 0, rnd.random())
        return max(by_verb["fire"], key=worth)
    if "melee" in by_verb:
        good = []
        for a in by_verb["melee"]:
            target = next(u for u in d.units if state["units"][u]["at"] == a.cell and u not in d.all_commanders)
            diff = (d.units[a.units[0]].melee or 0) - (d.units[target].melee or 0)
            if diff >= 0 or target in state["disordered"]:
                good.append(a)
        if good:
            return rnd.choice(good)
    if "enter" in by_verb:
        return rnd.choice(by_verb["enter"])
    if "recover" in by_verb:
        return rnd.choice(by_verb["recover"])
    moves = by_verb.get("move", [])
    if moves:
        side = state["active"]
        goals = _objectives(r, state, side)
        board = d.board
        best: Optional[Action] = None
        best_gain = 0
        starts: dict[str, str] = {}
        for a in moves:
            uid = a.units[0]
            here = starts.setdefault(uid, state["units"][uid]["at"])
            if state["control"].get(here) == side and uid not in d.all_commanders and here not in d.sudden_death:
                continue  # a garrison holds its victory hex (but clears its entry hex for the next unit)
            before = min(_far(board, here, g) for g in goals)
            after = min(_far(board, a.cell, g) for g in goals)
            gain = before - after + rnd.random() * 0.5
            if d.units[uid].artillery and after <= 1:
                gain -= 3  # guns stay out of melee reach
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
    for verb in ("stay", "end"):
        if verb in by_verb:
            return by_verb[verb][0]
    return rnd.choice(legal)


POLICIES = {"lean": lean_policy, "greedy": greedy}


def play(r: Any, seed: int, policy: Any, max_actions: int = 20000) -> dict[str, Any]:
    d = r.d
    rnd = random.Random(f"balance:{seed}")
    state = r.setup(seed)
    first_seven: dict[str, Optional[int]] = {s: None for s in d.sides}
    takamori = reorganized = 0
    n = 0
    while r.current_player(state) != TERMINAL and n < max_actions:
        if r.current_player(state) == CHANCE:
            action = sample_chance(r, state)
        else:
            action = policy(r, state, list(r.legal_actions(state)), rnd)
        before = state
        state, events = r.apply(state, action)
        for e in events:
            key = (e.get("msg") or {}).get("key", "")
            takamori += key == "bakumatsu.log.takamori-arrives"
            if key == "bakumatsu.log.reorganized":
                reorganized += len(e["msg"]["args"]["units"])
        for s in d.sides:
            if first_seven[s] is None and sum(1 for v in state["control"].values() if v == s) >= d.needed:
                first_seven[s] = state["turn"]
        n += 1
    outcome = r.outcome(state) or {}
    removed = {s: sum(1 for u in d.combat_units[s] if state["units"][u]["at"] is None) for s in d.sides}
    entered = {s: sum(1 for u in d.combat_units[s] if state["units"][u]["at"] in d.move_cost) for s in d.sides}
    return {"seed": seed, "winner": outcome.get("winner"), "level": outcome.get("level"), "turn": state["turn"],
            "actions": n, "vh": {s: int(outcome.get("scores", {}).get(s, 0)) for s in d.sides},
            "removed": removed, "on_map": entered, "first_seven": first_seven, "takamori": takamori,
            "reorganized": reorganized}


def survey(scenario: str, games: int, policy: str, first_seed: int = 1) -> dict[str, Any]:
    r = load_rules(scenario)
    rows = [play(r, seed, POLICIES[policy]) for seed in range(first_seed, first_seed + games)]
    d = r.d
    winners = Counter(row["winner"] or "draw" for row in rows)
    levels = Counter(row["level"] for row in rows)
    out: dict[str, Any] = {"scenario": scenario, "policy": policy, "games": games,
                           "winners": dict(winners), "levels": dict(levels),
                           "mean_actions": round(statistics.mean(row["actions"] for row in rows), 1)}
    for s in d.sides:
        out[f"vh_{s}"] = round(statistics.mean(row["vh"][s] for row in rows), 2)
        out[f"removed_{s}"] = round(statistics.mean(row["removed"][s] for row in rows), 2)
        out[f"removed_share_{s}"] = round(out[f"removed_{s}"] / len(d.combat_units[s]), 2)
        sevens = [row["first_seven"][s] for row in rows if row["first_seven"][s] is not None]
        out[f"first_seven_{s}"] = round(statistics.mean(sevens), 1) if sevens else None
        out[f"ever_seven_{s}"] = len(sevens)
    if d.takamori:
        out["takamori_games"] = sum(1 for row in rows if row["takamori"])
        out["reorganized_mean"] = round(statistics.mean(row["reorganized"] for row in rows), 2)
    return out


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    ap.add_argument("--policy", action="append", choices=sorted(POLICIES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    for scenario in args.scenario or SCENARIOS:
        for policy in args.policy or sorted(POLICIES):
            result = survey(scenario, args.games, policy, args.seed)
            print(json.dumps(result, ensure_ascii=False) if args.json else
                  "\n".join([f"{scenario} / {policy}:"] + [f"  {k}: {v}" for k, v in result.items()
                                                           if k not in ("scenario", "policy")]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
