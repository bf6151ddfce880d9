"""Seeded random self-play with the shared invariants (tests/support/selfplay.py) plus Yukimura's
own: one unit per hex outside a retreat (5), frozen and held forces never moving of their own
accord (14-1(5), 14-2(5)), every voluntary move within the movement rules (7, 7-5: the mover's
allowance or 8 road hexes, no enemy zone of control left), every game over by turn 12 or by a
sudden-death condition (4, 14-2(6))."""
from __future__ import annotations

import os

import pytest

from kassen.engine.movement import MoveRules, reach
from tests.support.selfplay import run_selfplay

from .helpers import DOMYOJI, GOTO, YAO, fast_policy, rules

#: games per scenario (YUKIMURA_SELFPLAY_GAMES=n plays another count)
GAMES = int(os.environ.get("YUKIMURA_SELFPLAY_GAMES", "200"))
#: the share of decisions given the costly harness checks (no duplicate legal action, probe applies,
#: refusals, undo/redo): 30-40 a game, drawn by the harness's own seeded generator; the rule checks
#: (legal actions offered, validate, plain data, observation, these invariants) run after every action,
#: the codec every 40 and the full replay after every game. YUKIMURA_SELFPLAY_DEEP=1 checks every
#: decision (the same games: the sample changes no choice).
DEEP = float(os.environ.get("YUKIMURA_SELFPLAY_DEEP", "0.2"))
SUDDEN = ("collapse", "breakthrough")


class Invariants:
    """What the invariant remembers between steps (the state before each action)."""

    def __init__(self, r):
        self.r = r
        self.before = None

    def __call__(self, r, s) -> None:
        d = r.d
        before, self.before = self.before, s
        cells = [u["at"] for u in s["units"].values() if u["at"] in d.hex_set]
        # a key leader retreating into a friend's hex collapses his army at once (14-2(6)), the
        # double occupancy never resolved
        collapsed = s["phase"] == "over" and s["ended"]["how"] == "collapse"
        if s["phase"] not in ("retreat", "double", "check", "advance", "dice") and not collapsed:
            assert len(cells) == len(set(cells)), "two units share a hex (5)"
        assert 1 <= s["turn"] <= d.turns
        if s["phase"] == "over":
            assert s["ended"]["how"] in SUDDEN or s["turn"] == d.turns, "a game ended early without sudden death"
        if before is None or before["phase"] != "move" or s["turn"] != before["turn"]:
            return
        for uid, u in d.units.items():
            a, b = before["units"][uid]["at"], s["units"][uid]["at"]
            if a == b or a not in d.hex_set:
                continue
            lim = d.limits.get(u.force)
            assert lim is None or before["turn"] >= lim.until or u.force in before["released"], \
                f"{uid} of a frozen or held force moved ({lim})"
            if b is None:  # left the map (7-6)
                continue
            self.check_move(before, uid, a, b)

    def check_move(self, before, uid, a, b) -> None:
        """An independent reading of 7 and 7-5: within the allowance (or 8 road hexes along the road),
        never starting in or passing through an enemy zone of control."""
        d = self.r.d
        side = d.side_of[uid]
        enemy = {before["units"][u]["at"] for u in d.units if d.side_of[u] != side} & d.hex_set
        zoc = d.zoc.zone(enemy)
        assert a not in zoc, f"{uid} moved out of an enemy zone of control (7-3-2)"
        friendly = {before["units"][u]["at"] for u in d.units if d.side_of[u] == side} & d.hex_set - {a}
        normal = reach(d.normal_steps, a, d.units[uid].ma, MoveRules(zoc_stop=True), blocked=enemy,
                       pass_only=friendly, zoc=zoc)
        road = reach(d.road_steps, a, 8, MoveRules(zoc_forbidden=True), blocked=enemy, pass_only=friendly, zoc=zoc) \
            if a in d.road_hexes else None
        assert b in normal or (road is not None and b in road), f"{uid} moved {a} -> {b} against 7 / 7-5"


def play(scenario: str):
    """``GAMES`` checked games of ``scenario`` (the connected scenario's are in their own file,
    test_selfplay_connected.py, so that make test's two workers share the self-play)."""
    r = rules(scenario)
    return run_selfplay(r, games=GAMES, invariant=Invariants(r), policy=fast_policy, check_codec_every=40,
                        sample_legal=1, deep_sample=DEEP)


def check_report(rep) -> None:
    assert rep.games == GAMES and rep.finished == GAMES
    assert sum(rep.winners.values()) == GAMES  # a winner or a draw for every game


@pytest.mark.parametrize("scenario", [YAO, DOMYOJI, GOTO])
def test_selfplay_keeps_every_invariant(scenario):
    check_report(play(scenario))
