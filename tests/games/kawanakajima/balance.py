"""Balance survey of the reconstructed map by random self-play (map brief section 4).

    PYTHONPATH=py:. python3 -m tests.games.kawanakajima.balance --games 1000 [--policy uniform|nudged]

Not a test (pytest does not collect it): it prints the outcome distribution and the checks the
brief asks for -- sudden deaths (which commander, which turn), score differences, removals,
face-up counts, night-army units left in the box, the turn of the night force's first contact,
turn-1 Uesugi attacks, and whether groups I and III ever reach the plain.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import Counter
from typing import Any

from kassen.engine.actions import Action
from kassen.engine.play import sample_chance
from kassen.engine.state import CHANCE, TERMINAL
from kassen.games import load_rules

DONE = Action("done")


def uniform(rules: Any, state: dict, legal: list[Action], chooser: random.Random) -> Action:
    return chooser.choice(legal)


def nudged(rules: Any, state: dict, legal: list[Action], chooser: random.Random) -> Action:
    """The self-play test's policy: quick set-up, attacks taken more often, phases ended sooner."""
    if state["phase"] == "setup" and DONE in legal and chooser.random() < 0.25:
        return DONE
    if state["phase"] == "move" and state["activation"] is None and DONE in legal and chooser.random() < 0.1:
        return DONE
    attacks = [a for a in legal if a.verb == "attack"]
    if attacks and chooser.random() < 0.3:
        return chooser.choice(attacks)
    return chooser.choice(legal)


def passive(rules: Any, state: dict, legal: list[Action], chooser: random.Random) -> Action:
    """The 'turtle' race of brief 4.7: both sides turn everything face up and avoid combat;
    Uesugi brings every unit onto Takeda's side of the river, Takeda clears X1-X3 and calls down
    the whole night army. Card choices (if a combat happens anyway) are random."""
    from kassen.games.kawanakajima.movement import enemy_zoc

    t = rules.t
    phase = state["phase"]
    verbs = {a.verb for a in legal}
    if phase == "setup" and DONE in legal:
        return DONE
    if verbs & {"play", "refill", "retreat"}:
        return chooser.choice(legal)
    if phase == "command":
        flips = [a for a in legal if a.verb == "flip"]
        return flips[0] if flips else DONE
    if phase == "reinforce":
        calls = [a for a in legal if a.verb == "reinforce"]
        return calls[0] if calls else DONE
    if phase == "move":
        if state["activation"] is not None:
            return Action("end") if Action("end") in legal else legal[0]
        side = state["active"]
        zoc = enemy_zoc(state, t, side)
        units = state["units"]
        for a in legal:
            if a.verb != "move" or a.cell in zoc:
                continue
            uid = a.units[0]
            here = units[uid]["at"] if uid in units else None
            if side == "uesugi" and here not in t.scoring_region and a.cell in t.scoring_region:
                return a
            if side == "takeda" and here in t.x_name and a.cell not in t.x_name:
                return a
        return DONE
    return chooser.choice(legal)


POLICIES = {"uniform": uniform, "nudged": nudged, "passive": passive}


def play_one(rules: Any, seed: int, policy: Any) -> dict[str, Any]:
    t = rules.t
    chooser = random.Random(f"balance:{seed}")
    s = rules.setup(seed)
    groups: dict[str, str] = {}
    night_contact = None
    turn1_attacks = turn1_kills = 0
    reached_plain = {"I": False, "III": False}
    while rules.current_player(s) != TERMINAL:
        if rules.current_player(s) == CHANCE:
            action = sample_chance(rules, s)
        else:
            action = policy(rules, s, rules.legal_actions(s), chooser)
        before = s
        s, events = rules.apply(s, action)
        if not groups and s["phase"] != "setup":
            groups = {u: t.group_of[s["units"][u]["at"]] for u in t.side_units["uesugi"]}
        if before["turn"] == 1 and before["active"] == "uesugi" and action.verb == "attack":
            turn1_attacks += 1
        if before["turn"] == 1 and before["active"] == "uesugi":
            turn1_kills += sum(1 for u in t.side_units["takeda"]
                               if before["units"][u]["at"] is not None and s["units"][u]["at"] is None)
        if groups:
            for u, g in groups.items():
                if g in reached_plain and s["units"][u]["at"] in t.scoring_region:
                    reached_plain[g] = True
            if night_contact is None:
                for n in t.night_army:
                    at = s["units"][n]["at"]
                    if at in t.on_map and any(s["units"][u]["at"] in t.neighbors[at] for u in t.side_units["uesugi"]):
                        night_contact = s["turn"]
                        break
    out = rules.outcome(s)
    fallen = [side for side in ("uesugi", "takeda") if s["units"][t.commander[side]]["at"] is None]
    removed = {side: sum(1 for u in t.side_units[side] if s["units"][u]["at"] is None) for side in ("uesugi", "takeda")}
    return {
        "winner": out["winner"] or "draw", "level": out["level"], "scores": out["scores"],
        "diff": out["scores"]["uesugi"] - out["scores"]["takeda"],
        "sudden_death": fallen[0] if fallen else None, "end_turn": s["turn"],
        "removed": removed,
        "uesugi_up_on_plain": sum(1 for u in t.side_units["uesugi"] if s["units"][u].get("face_up")
                                  and s["units"][u]["at"] in t.scoring_region),
        "takeda_up": sum(1 for u in t.side_units["takeda"] if s["units"][u].get("face_up")
                         and s["units"][u]["at"] in t.on_map),
        "night_left_in_box": sum(1 for u in t.night_army if s["units"][u]["at"] == t.night_box),
        "night_first_contact_turn": night_contact,
        "turn1_uesugi_attacks": turn1_attacks, "turn1_removals": turn1_kills,
        "group_I_reached_plain": reached_plain["I"], "group_III_reached_plain": reached_plain["III"],
    }


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    pct = lambda k: round(100.0 * k / n, 1)  # noqa: E731
    levels = Counter((r["winner"], r["level"]) for r in rows)
    decided = [r for r in rows if r["winner"] != "draw"]
    sudden = Counter((r["sudden_death"], r["end_turn"]) for r in rows if r["sudden_death"])
    return {
        "games": n,
        "winners_pct": {w: pct(c) for w, c in Counter(r["winner"] for r in rows).items()},
        "uesugi_share_of_decided_pct": round(100.0 * sum(r["winner"] == "uesugi" for r in decided) / max(len(decided), 1), 1),
        "levels": {f"{w} {lv}": c for (w, lv), c in sorted(levels.items())},
        "sudden_deaths": {f"{side} commander fell on turn {turn}": c for (side, turn), c in sorted(sudden.items())},
        "score_diff_mean": round(statistics.mean(r["diff"] for r in rows), 2),
        "score_diff_quartiles": statistics.quantiles([r["diff"] for r in rows], n=4),
        "removed_mean": {s: round(statistics.mean(r["removed"][s] for r in rows), 2) for s in ("uesugi", "takeda")},
        "uesugi_face_up_on_plain_mean": round(statistics.mean(r["uesugi_up_on_plain"] for r in rows), 2),
        "takeda_face_up_mean": round(statistics.mean(r["takeda_up"] for r in rows), 2),
        "night_left_in_box_mean": round(statistics.mean(r["night_left_in_box"] for r in rows), 2),
        "night_first_contact_turn": dict(sorted(Counter(r["night_first_contact_turn"] for r in rows).items(),
                                                key=lambda kv: (kv[0] is None, kv[0] or 0))),
        "turn1_uesugi_attacks_mean": round(statistics.mean(r["turn1_uesugi_attacks"] for r in rows), 2),
        "turn1_removals_mean": round(statistics.mean(r["turn1_removals"] for r in rows), 2),
        "group_I_reached_plain_pct": pct(sum(r["group_I_reached_plain"] for r in rows)),
        "group_III_reached_plain_pct": pct(sum(r["group_III_reached_plain"] for r in rows)),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policy", choices=sorted(POLICIES), default="uniform")
    args = ap.parse_args()
    rules = load_rules("kawanakajima")
    rows = [play_one(rules, args.seed + i, POLICIES[args.policy]) for i in range(args.games)]
    print(json.dumps({"policy": args.policy, **summarize(rows)}, indent=1))


if __name__ == "__main__":
    main()
