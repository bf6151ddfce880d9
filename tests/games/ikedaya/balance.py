"""Balance figures from random self-play (shared/maps/ikedaya.md §4), not a test.

    PYTHONPATH=py:. python3 -m tests.games.ikedaya.balance --games 1000 [--options wait-outside]
        [--ronin random|run] [--shinsengumi random|hunt] [--json]

Both scoring readings are computed from the same games: the reading changes the score, never the
play. Reports win rates, scores, game length, how games end, railing use and success, Shinsengumi
sent off the map, Okita's first roll, and stair heads held at set-up.
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
from kassen.games.ikedaya import movement, victory


def _stops(rules, state, side: str) -> set[str]:
    """Squares next to an enemy of ``side`` on their floor (where a mover must stop and fight)."""
    return movement.enemy_cells(rules.data, movement.occupancy(rules.data, state["units"]), side)[1]


def _jump_chance(rules, state, action: Action) -> float:
    uid = action.units[0]
    src = state["units"][uid]["at"]
    mods = movement.jump_modifiers(rules, state, movement.occupancy(rules.data, state["units"]), uid, src, action.cell)
    need = rules.data.jumps["captured_at_most"] + 1 - sum(m for m, _, _ in mods)
    return min(1.0, max(0.0, (rules.data.die + 1 - max(1, need)) / rules.data.die))


def ronin_run(rules, state, legal: list[Action], rnd: random.Random) -> Action:
    """Ronin who want out: walk out if they can, jump when the odds are good, head for a railing,
    never step next to a Shinsengumi by choice; otherwise pass."""
    data = rules.data
    if state["phase"] != "action" or state["step"] is not None:
        return rnd.choice(legal)
    out = [a for a in legal if a.verb == "move" and a.cell in data.outside]
    if out:
        return max(out, key=lambda a: len(a.units))
    jumps = sorted(((_jump_chance(rules, state, a), a) for a in legal if a.verb == "jump"), key=lambda x: -x[0])
    for p, a in jumps:
        if p >= (0.5 if a.cell in data.outside else 0.67):
            return a
    stops = _stops(rules, state, "ronin")
    safe = [a for a in legal if a.verb == "move" and a.cell not in stops]
    to_railing = [a for a in safe if a.cell in data.railings and data.railings[a.cell] in data.outside]
    down = [a for a in safe if a.cell in data.square_set and data.floor[a.cell] == 1]
    for pool in (down, to_railing):
        if pool:
            return rnd.choice(pool)
    fights = [a for a in legal if a.verb == "attack"]
    if fights and rnd.random() < 0.3:
        return rnd.choice(fights)
    return next(a for a in legal if a.verb == "pass")


def shinsengumi_hunt(rules, state, legal: list[Action], rnd: random.Random) -> Action:
    """Shinsengumi who hunt: keep a guard in the Entrance, attack with the biggest stack, send a
    guard off the map when several Ronin stand at railings over the outside."""
    data = rules.data
    units = state["units"]
    if state["phase"] != "action":
        return rnd.choice(legal)
    step = state["step"]
    if step is not None:
        kind = step["kind"]
        if kind == "loss":
            return min(legal, key=lambda a: (data.counters[a.units[0]].strength, data.counters[a.units[0]].status))
        if kind in ("target", "order"):
            attacks = [a for a in legal if a.verb == "attack"]
            if attacks:
                return rnd.choice(attacks)
            stops = _stops(rules, state, "shinsengumi")
            closer = [a for a in legal if a.verb == "move" and a.cell in stops]
            return rnd.choice(closer or legal)
        return rnd.choice(legal)
    entrance = [u for u in data.side_units["shinsengumi"] if units[u]["at"] == "1C1"]
    ronin_left = [u for u in data.side_units["ronin"] if units[u]["at"] in data.square_set]

    def keeps_guard(a: Action) -> bool:
        return not (a.verb in ("move", "activate") and units[a.units[0]]["at"] == "1C1"
                    and len(a.units) >= len(entrance) and a.cell != "1C1")

    legal_ok = [a for a in legal if keeps_guard(a)] or legal
    at_rail = [u for u in ronin_left if units[u]["at"] in data.railings
               and data.railings[units[u]["at"]] in data.outside]
    off = sum(1 for u in data.side_units["shinsengumi"] if units[u]["at"] in data.exit_boxes)
    leave = [a for a in legal if a.verb == "move" and a.cell in data.exit_boxes and len(a.units) == 1]
    if leave and state["turn"] >= 1 and len(at_rail) >= 3 and off < 2 and len(entrance) >= 2:
        return leave[0]
    attacks = [a for a in legal_ok if a.verb == "attack"]
    if attacks:
        return max(attacks, key=lambda a: (max(data.counters[u].strength for u in a.units), len(a.units)))
    activations = [a for a in legal_ok if a.verb == "activate" and len(a.units) >= 2]
    stops = _stops(rules, state, "shinsengumi")
    engage = [a for a in legal_ok if a.verb == "move" and a.cell in stops]
    if engage:
        best = max(len(a.units) for a in engage)
        if activations and rnd.random() < 0.5:
            return rnd.choice(activations)
        return rnd.choice([a for a in engage if len(a.units) == best])
    moves = [a for a in legal_ok if a.verb == "move" and a.cell in data.square_set and data.floor[a.cell] == 2]
    if moves:
        return rnd.choice(moves)
    return rnd.choice(legal_ok)


POLICIES = {"random": None, "run": ronin_run, "hunt": shinsengumi_hunt}


def play(rules, seed: int, options: Optional[dict] = None, ronin: str = "random",
         shinsengumi: str = "random") -> dict[str, Any]:
    chooser = random.Random(f"bot:{seed}")
    policy = {"ronin": POLICIES[ronin], "shinsengumi": POLICIES[shinsengumi]}
    state = rules.setup(seed, options)
    n = 0
    jumps: list[tuple[str, str]] = []  # (railing square, result)
    okita_first: Optional[int] = None
    stair_heads = 0
    while rules.current_player(state) != TERMINAL and n < 5000:
        if rules.current_player(state) == CHANCE:
            action = sample_chance(rules, state)
            step = state["step"]
            if step["kind"] == "okita" and okita_first is None:
                okita_first = int(action.arg)
        else:
            legal = rules.legal_actions(state)
            pick = policy[rules.current_player(state)]
            action = chooser.choice(legal) if pick is None else pick(rules, state, legal, chooser)
        if state["phase"] == "setup" and action.verb == "place" and action.cell in ("2C2", "2C4"):
            stair_heads += 1
        before = state
        state, _ = rules.apply(state, action)
        if before["step"] and before["step"]["kind"] == "jump":
            uid = before["step"]["group"][0]
            at = state["units"][uid]["at"]
            jumps.append((before["step"]["at"], "captured" if at is None else "ok"))
        n += 1
    t = victory.tally(rules, state)
    out = rules.outcome(state)
    count_state = dict(state, options={**state["options"], "shinsengumi_score": "count"})
    status_state = dict(state, options={**state["options"], "shinsengumi_score": "status"})
    return {
        "seed": seed, "actions": n, "turns": state["turn"], "terminal": rules.current_player(state) == TERMINAL,
        "reason": victory.ending(rules, state) if rules.current_player(state) == TERMINAL else "action cap",
        "winner_status": victory.outcome(rules, status_state)["winner"],
        "winner_count": victory.outcome(rules, count_state)["winner"],
        "scores": out["scores"] if out else None,
        "escaped_status": sum(rules.data.counters[u].status for u in t["escaped"]),
        "ronin_lost_status": sum(rules.data.counters[u].status for u in t["ronin_lost"]),
        "ronin_lost": len(t["ronin_lost"]), "escaped": len(t["escaped"]),
        "shinsengumi_killed": len(t["shinsengumi_killed"]), "off_map": len(t["off_map"]),
        "jumps": jumps, "okita_first": okita_first, "stair_heads": stair_heads,
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)

    def rate(pred) -> float:
        return round(100.0 * sum(1 for r in rows if pred(r)) / max(n, 1), 1)

    def mean(key) -> float:
        return round(statistics.mean(r[key] for r in rows), 2)

    railing: dict[str, Counter] = {}
    for r in rows:
        for sq, res in r["jumps"]:
            railing.setdefault(sq, Counter())[res] += 1
    by_off = {}
    for k in sorted({r["off_map"] for r in rows}):
        sub = [r for r in rows if r["off_map"] == k]
        by_off[k] = {"games": len(sub), "ronin_win_status_%": round(100.0 * sum(r["winner_status"] == "ronin"
                                                                                 for r in sub) / len(sub), 1)}
    okita = {}
    for label, pred in (("passed (4-6)", lambda r: r["okita_first"] and r["okita_first"] >= 4),
                        ("failed (1-3)", lambda r: r["okita_first"] and r["okita_first"] <= 3),
                        ("never activated", lambda r: r["okita_first"] is None)):
        sub = [r for r in rows if pred(r)]
        if sub:
            okita[label] = {"games": len(sub), "ronin_win_status_%": round(
                100.0 * sum(r["winner_status"] == "ronin" for r in sub) / len(sub), 1)}
    heads = {}
    for k in sorted({r["stair_heads"] for r in rows}):
        sub = [r for r in rows if r["stair_heads"] == k]
        heads[k] = {"games": len(sub), "ronin_win_status_%": round(
            100.0 * sum(r["winner_status"] == "ronin" for r in sub) / len(sub), 1)}
    return {
        "games": n,
        "finished_%": rate(lambda r: r["terminal"]),
        "ronin_win_%_status_reading": rate(lambda r: r["winner_status"] == "ronin"),
        "ronin_win_%_count_reading": rate(lambda r: r["winner_count"] == "ronin"),
        "turns_mean": mean("turns"), "turns_median": statistics.median(r["turns"] for r in rows),
        "turns_max": max(r["turns"] for r in rows),
        "actions_mean": mean("actions"), "actions_max": max(r["actions"] for r in rows),
        "ended_by": dict(Counter(r["reason"] for r in rows)),
        "escaped_mean": mean("escaped"), "escaped_status_mean": mean("escaped_status"),
        "ronin_lost_mean": mean("ronin_lost"), "ronin_lost_status_mean": mean("ronin_lost_status"),
        "shinsengumi_killed_mean": mean("shinsengumi_killed"),
        "railings": {sq: {"jumps": sum(c.values()), "success_%": round(100.0 * c["ok"] / sum(c.values()), 1)}
                     for sq, c in sorted(railing.items())},
        "by_shinsengumi_off_map": by_off, "okita_first_roll": okita, "stair_heads_at_setup": heads,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="", help="entrance_setup value, e.g. wait-outside")
    ap.add_argument("--ronin", choices=sorted(POLICIES), default="random")
    ap.add_argument("--shinsengumi", choices=sorted(POLICIES), default="random")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rules = load_rules("ikedaya")
    options = {"entrance_setup": args.options} if args.options else None
    rows = [play(rules, args.seed + i, options, args.ronin, args.shinsengumi) for i in range(args.games)]
    summary = summarise(rows)
    print(json.dumps(summary, indent=None if args.json else 2, ensure_ascii=False))


if __name__ == "__main__":
    main()
