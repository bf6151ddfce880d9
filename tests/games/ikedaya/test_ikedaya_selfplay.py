"""Seeded random self-play with the shared invariants plus Ikedaya's own; link lengths; the CLI."""
import json
from typing import Optional

import pytest

from kassen import cli
from kassen.engine import codec
from kassen.engine.play import random_game
from kassen.engine.state import TERMINAL
from tests.support.selfplay import run_selfplay

from .helpers import get_rules

GAMES = 200


class IkedayaInvariant:
    """Checked after every action of every game (the harness plays games one after another):

    - never more than three counters in a square after set-up, except the set-up stack in the
      Entrance (ruling r04), which may only shrink;
    - a counter acts at most once a turn: it becomes spent at most once between two Recovery Phases;
    - no square holds both sides; an unfinished action names only unspent counters of the actor.
    """

    def __init__(self) -> None:
        self.prev: Optional[dict] = None
        self.setup_stack: dict[str, set[str]] = {}
        self.acted: set[str] = set()
        self.turn = 0
        self.spent_twice = 0

    def __call__(self, rules, state) -> None:
        data = rules.data
        if state["phase"] == "setup":
            self.prev, self.setup_stack, self.acted, self.turn = None, {}, set(), 1
            return
        occ: dict[str, list[str]] = {}
        for uid, u in state["units"].items():
            if u["at"] in data.square_set:
                occ.setdefault(u["at"], []).append(uid)
        if self.prev is None:  # the first position after set-up
            self.setup_stack = {c: set(us) for c, us in occ.items() if c in data.setup_exempt}
        for cell, here in occ.items():
            assert len({data.counters[u].side for u in here}) == 1, f"{cell} holds both sides"
            if len(here) > data.stack_limit:
                assert cell in self.setup_stack and set(here) <= self.setup_stack[cell], \
                    f"{cell} holds {len(here)} counters after set-up"
        if state["turn"] != self.turn:
            self.turn, self.acted = state["turn"], set()
        prev_units = self.prev["units"] if self.prev else {}
        for uid, u in state["units"].items():
            if u["spent"] and not prev_units.get(uid, {}).get("spent", False):
                assert uid not in self.acted, f"{uid} acted twice in turn {state['turn']}"
                self.acted.add(uid)
        step = state["step"]
        if step and step["kind"] in ("okita", "order", "target", "combat", "jump"):
            assert all(not state["units"][u]["spent"] for u in step["group"])
        self.prev = state


@pytest.fixture(scope="module")
def report():
    rules = get_rules()
    # the codec round trip every third step (and at every end) keeps the run well under a minute;
    # the link lengths of every position are measured separately below
    return run_selfplay(rules, games=GAMES, invariant=IkedayaInvariant(), check_codec_every=3)


@pytest.mark.rules("ikedaya.seq.game-end")
@pytest.mark.rules("ikedaya.stack.max-three")
@pytest.mark.rules("ikedaya.seq.mark-acted")
def test_selfplay_keeps_every_invariant_and_every_game_ends(report):
    assert report.games == GAMES
    assert report.finished == GAMES  # every random game ends, well before the harness's 3,000 actions
    assert set(report.winners) <= {"shinsengumi", "ronin"} and sum(report.winners.values()) == GAMES


def test_links_stay_short():
    """Every position of 100 random games, as a play link and as a spectator link, under 2,000 characters
    (`python3 -m kassen linkstats ikedaya --games 1000` measures 1,000)."""
    stats = cli.link_stats(get_rules(), 100)
    assert stats["positions"] > 50 * 100
    assert 0 < stats["longest_play_link"] < 2000
    assert 0 < stats["longest_spectator_link"] < 2000


def test_random_games_under_both_readings_and_the_wait_outside_option():
    rules = get_rules()
    for options in ({"shinsengumi_score": "count"}, {"entrance_setup": "wait-outside"}):
        for seed in range(1, 21):
            state, record = random_game(rules, seed, options=options)
            assert rules.current_player(state) == TERMINAL and len(record) < 5000
            assert not rules.validate(state)


def test_cli_selfplay_show_and_render(tmp_path, capsys):
    assert cli.main(["selfplay", "ikedaya", "--games", "2", "--seed", "5", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seed"] for r in rows] == [5, 6] and all(r["terminal"] for r in rows)
    link = rows[0]["link"]
    assert cli.main(["show", link]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["game"] == "ikedaya" and shown["to_move"] == TERMINAL
    rules = get_rules()
    assert set(shown["units"]) == set(rules.data.unit_order)
    assert all(v is None or v in rules.data.square_set for v in shown["units"].values())
    assert dict(shown["status"])["Phase"] == "Game over"
    # a play link mid-game: squares by label, escaped/removed/off-map counters as null
    state, _ = random_game(rules, 3, max_actions=40)
    assert cli.main(["show", "index.html#" + codec.encode(rules, "p", state)]) == 0
    shown = json.loads(capsys.readouterr().out)
    for uid, cell in shown["units"].items():
        at = state["units"][uid]["at"]
        assert cell == (at if at in rules.data.square_set else None)
    out = tmp_path / "inn.svg"
    assert cli.main(["render", "ikedaya", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert cli.main(["render", link, "--out", str(out)]) == 0
    capsys.readouterr()
