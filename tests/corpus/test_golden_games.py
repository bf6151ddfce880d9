"""Golden self-play games: every recorded game replays, under today's rules, to the same states.

tests/corpus/games/<scenario>.json holds seeded games (uniformly random and the balance surveys'
policies) made once by tools/make_corpus.py: seed, options, the full action record (chance
outcomes included) and sha256 digests of the state at a few steps. Rewriting the engine must keep
every digest: that is how "behaviour unchanged" is shown. Never regenerate the files. (A state key
renamed since is compared in its old form: corpus/legacy.py. A game recorded before a ruling
raised its game's rules revision replays under the revision it was played under, as an old save
does: GameRules.revision.)
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from kassen.engine.state import TERMINAL
from kassen.games import load_rules

from .legacy import legacy

GAMES = Path(__file__).resolve().parent / "games"


def digest(obj) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("scenario", ["mukden", "ikedaya", "kawanakajima", "toba-fushimi", "tabarazaka", "yao",
                                      "domyoji", "goto-dream", "connected"])
def test_golden_games_replay_to_the_same_states(scenario):
    body = json.loads((GAMES / f"{scenario}.json").read_text(encoding="utf-8"))
    rules = load_rules(scenario)
    assert len(body["games"]) >= 20
    for game in body["games"]:
        where = f"{scenario} seed {game['seed']} ({game['policy']}, options {game['options']})"
        marks = {int(k): v for k, v in game["digests"].items()}
        state = rules.setup(game["seed"], game["options"])
        # a recorded game replays under the rules' revision it was played under (GameRules.revision),
        # from the set-up that revision made (GameRules.begun_under)
        if game.get("revision", 0) != state.get("revision", 0):
            state = rules.begun_under(state, game.get("revision", 0))
        assert digest(legacy(scenario, state)) == marks[0], f"{where}: set-up differs"
        for n, text in enumerate(game["record"], 1):
            state, _ = rules.apply(state, text)
            if n in marks:
                assert digest(legacy(scenario, state)) == marks[n], \
                    f"{where}: the state after action {n} ({text}) differs"
        assert rules.current_player(state) == TERMINAL, f"{where}: the game no longer ends there"
        outcome = rules.outcome(state) or {}
        assert (state.get("turn"), outcome.get("winner"), outcome.get("level")) == \
            (game["final"]["turn"], game["final"]["winner"], game["final"]["level"]), where
