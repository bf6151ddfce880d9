#!/usr/bin/env python3
"""How many refusals of well-formed actions say why and cite a clause id, per game.

Run from the project root: python3 tools/refusal_stats.py [--games 20] [--seed 1]

Over seeded random games, each position's legal actions are mutated (another cell, unit, argument
or verb, as tests/support/refusals.py does); every mutation the rules refuse is explained, and the
explanation is counted as citing a clause when it names a clause id of the game ("mukden.6.x").
Works with any version of the engine (it asks only the protocol: legal_actions, is_legal, explain).
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from kassen.engine.actions import Action  # noqa: E402
from kassen.engine.play import random_walk  # noqa: E402
from kassen.engine.state import CHANCE, TERMINAL  # noqa: E402
from kassen.games import load_rules, scenario_ids  # noqa: E402


def variants(rules, action: Action, rnd: random.Random, verbs: list[str]) -> list[Action]:
    cells, units = list(rules.board.cells), list(rules.scenario.units)
    out = []
    for change in ({"cell": rnd.choice(cells)}, {"units": (rnd.choice(units),)}, {"arg": str(rnd.randint(0, 12))},
                   {"verb": rnd.choice(verbs)}):
        fields = {"verb": action.verb, "units": action.units, "cell": action.cell, "arg": action.arg, **change}
        try:
            out.append(Action(**fields))
        except ValueError:
            pass
    return out


def survey(scenario: str, games: int, seed: int) -> tuple[int, int, int]:
    rules = load_rules(scenario)
    clause = re.compile(rf"\b{re.escape(rules.game)}\.[A-Za-z0-9]")
    rnd = random.Random(f"refusals:{seed}")
    refused = cited = crashed = 0
    for g in range(games):
        verbs: set[str] = set()
        for state, _ in random_walk(rules, seed + g, max_actions=400):
            if rules.current_player(state) in (CHANCE, TERMINAL):
                continue
            legal = list(rules.legal_actions(state))
            verbs.update(a.verb for a in legal)
            legal_set = set(legal)
            for action in rnd.sample(legal, min(2, len(legal))):
                for v in variants(rules, action, rnd, sorted(verbs)):
                    try:
                        if v in legal_set or rules.is_legal(state, v):
                            continue
                        reason = rules.explain(state, v) or ""
                    except Exception:  # noqa: BLE001 - an old version's crash is a finding, not an end
                        crashed += 1
                        reason = ""
                    refused += 1
                    cited += bool(clause.search(reason))
    return refused, cited, crashed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for scenario in scenario_ids():
        refused, cited, crashed = survey(scenario, args.games, args.seed)
        share = 100.0 * cited / refused if refused else 100.0
        print(f"{scenario:14s} {cited:6d} of {refused:6d} refusals cite a clause ({share:.1f} %); "
              f"{crashed} crashed instead of refusing")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
