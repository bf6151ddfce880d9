"""Seeded random self-play with the shared invariants plus Kawanakajima's own; links; the CLI.

The 200-game run plays random legal actions with three nudges (card choices stay uniformly random):
in set-up a player finishes with probability 1/4 per decision (uniform play makes ~370 swaps, half
of every game, exercising nothing new); an available attack is taken with probability 0.3 (uniform
play fights ~5 times a game, this ~10); and a movement phase with no unit moving ends with
probability 0.1. Games get a third shorter and see twice the combats. A smaller run keeps the pure
uniform policy.
"""
import io
import json
from collections import Counter
from contextlib import redirect_stdout

import pytest

from kassen import cli
from kassen.engine import codec
from kassen.engine.state import TERMINAL
from tests.support.selfplay import play_checked, run_selfplay

from .balance import nudged  # the same policy the balance survey's 'nudged' runs
from .helpers import R, T

GAMES = 200


def kawanakajima_invariant(rules, s):
    """One unit per hex; a unit next to an enemy is face up; hand + discards + box (+ pick) make
    up each deck; the game never passes turn 6."""
    where = {}
    for uid, u in s["units"].items():
        if u["at"] in T.on_map:
            assert u["at"] not in where, f"two units on {u['at']}"
            where[u["at"]] = uid
    for hx, uid in where.items():
        if not s["units"][uid].get("face_up"):
            for n in T.neighbors[hx]:
                other = where.get(n)
                assert other is None or T.side_of(other) == T.side_of(uid), f"{uid} face down next to {other}"
    for side in ("uesugi", "takeda"):
        cards = s["hands"][side] + s["discards"][side] + s["set_aside"][side]
        if s["combat"] is not None and s["combat"]["picks"][side] is not None:
            cards.append(s["combat"]["picks"][side])
        assert Counter(cards) == Counter(T.decks[side]) or (
            side == "takeda" and s["exchanged"] and Counter(cards) == Counter(T.decks[side])), (side, cards)
    assert 1 <= s["turn"] <= 6
    if rules.current_player(s) == TERMINAL:
        out = rules.outcome(s)
        assert out and out["level"] in ("draw", "marginal", "tactical", "decisive", "complete")
        assert s["turn"] == 6 or out["level"] == "complete"


@pytest.fixture(scope="module")
def report():
    return run_selfplay(R, games=GAMES, invariant=kawanakajima_invariant, policy=nudged,
                        sample_legal=1, check_codec_every=50)


def test_selfplay_keeps_every_invariant(report):
    assert report.games == GAMES
    assert report.finished == GAMES  # every game ends, by turn 6 at the latest
    assert set(report.winners) <= {"uesugi", "takeda", "draw"}


def test_links_stay_short(report):
    assert report.longest_link < 2000 and report.longest_view_link < 2000


def test_uniformly_random_games_too():
    for seed in (1001, 1002, 1003):
        final = play_checked(R, seed, max_actions=5000, invariant=kawanakajima_invariant, sample_legal=2,
                             check_codec_every=40)
        assert R.current_player(final) == TERMINAL


def test_cli_show_on_a_spectator_link_hides_identities():
    from kassen.engine.play import random_game

    state, _ = random_game(R, 21, max_actions=700)
    assert R.current_player(state) != TERMINAL  # (a finished game reveals everything)
    link = cli.position_link(R, state)
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["show", link]) == 0
    shown = json.loads(out.getvalue())
    text = out.getvalue()
    face_down = [u for u, s in state["units"].items() if s["at"] is not None and not s.get("face_up")]
    assert face_down
    for uid in face_down:
        assert uid not in shown["units"]
        g = T.generals[uid]
        assert g.name not in text and g.kanji not in text
    assert shown["scenario"] == "kawanakajima" and shown["kind"] == "view"


def test_play_and_view_links_round_trip():
    from kassen.engine.play import random_game

    state, _ = random_game(R, 11, max_actions=800)
    load = lambda sid: R  # noqa: E731
    assert codec.decode(codec.encode(R, "p", state), load)[2] == state
    for viewer in (None, "uesugi", "takeda"):
        view = R.view_for(state, viewer)
        assert codec.decode(codec.encode(R, "v", view), load)[2] == view


def test_linkstats_command():
    stats = cli.link_stats(R, games=3)
    assert stats["longest_play_link"] < 2000 and stats["longest_spectator_link"] < 2000
