"""Seeded random self-play with the shared invariants (tests/support/selfplay.py) plus Bakumatsu's
own: one combat unit per hex, no unit in an enemy zone of control by an illegal move (checked
against an independent literal reading of the movement rules), victory-hex control consistent with
the units that entered them, every game over by its last turn or by sudden death."""
from __future__ import annotations

import random

import pytest

from kassen.engine.actions import Action
from tests.support.selfplay import run_selfplay

from .helpers import TB, TF, rules
from .oracle import Oracle

GAMES = 200


def lean_policy(r, state, legal: list[Action], rnd: random.Random) -> Action:
    """A lean random player: sets up in one step, brings reinforcements on, moves a few units a
    phase (toward contact as often as not), fires and melees often, supports half the time."""
    verbs = {}
    for a in legal:
        verbs.setdefault(a.verb, []).append(a)
    if "place-all" in verbs:
        return verbs["place-all"][0]
    if "enter" in verbs and rnd.random() < 0.8:
        return rnd.choice(verbs["enter"])
    for verb, p in (("fire", 0.85), ("melee", 0.6), ("support", 0.5), ("retreat", 1.0), ("advance", 0.6),
                    ("recover", 0.5)):
        if verb in verbs and rnd.random() < p:
            return rnd.choice(verbs[verb])
    if "move" in verbs and rnd.random() < 0.75:
        return rnd.choice(verbs["move"])
    for verb in ("resolve", "end", "stay"):
        if verb in verbs:
            return verbs[verb][0]
    return rnd.choice(legal)


class History:
    """What the invariant remembers between steps (the state before each action)."""

    def __init__(self, r):
        self.r = r
        self.oracle = Oracle(r)
        self.before = None
        self.retreats = 0

    def __call__(self, r, s) -> None:
        d = r.d
        before, self.before = self.before, s
        # one combat unit per hex (3-1), one commander per hex (15-2-7-2(4)(2))
        cells = [u["at"] for uid, u in s["units"].items() if u["at"] in d.move_cost and uid not in d.all_commanders]
        assert len(cells) == len(set(cells)), "two combat units share a hex"
        # every game over by its last turn or by sudden death
        assert 1 <= s["turn"] <= d.turns
        if s["phase"] == "over":
            assert s["ended"]["how"] in ("turns", "entry")
            if s["ended"]["how"] == "turns":
                assert s["turn"] == d.turns
        if before is None or before["phase"] == "over":  # the first action of a game
            return
        self.check_moves(before, s)
        self.check_retreats(before, s)
        self.check_control(before, s)

    def check_moves(self, before, after) -> None:
        """A unit that moved in an R/M phase went where the literal rules let it (8-1, 8-2, 3-2)."""
        d, o = self.r.d, self.oracle
        if before["phase"] != "rm":
            return
        for uid in d.units:
            a, b = before["units"][uid]["at"], after["units"][uid]["at"]
            if a == b or b not in d.move_cost or uid in d.all_commanders:
                continue
            if after["combat"] is not None:  # a recovery roll, not a move
                continue
            side = d.side_of[uid]
            enemy = [before["units"][u]["at"] for u in d.units
                     if d.side_of[u] != side and u not in d.all_commanders and before["units"][u]["at"] in d.move_cost]
            zoc = o.zone(enemy)
            occupied = {before["units"][u]["at"] for u in d.units
                        if u not in d.all_commanders and before["units"][u]["at"] in d.move_cost}
            start = a if a in d.move_cost else next(line.entry for line in d.lines if line.side == side)
            if b == start:
                continue
            ma = d.units[uid].ma
            ok = b in o.normal(start, ma, occupied - {start}, zoc) or b in o.by_road(start, ma, occupied - {start},
                                                                                        zoc)
            assert ok, f"{uid} moved {start} -> {b}, which the literal rules forbid"

    def check_retreats(self, before, after) -> None:
        """Each hex a retreating unit enters is next to the one it left, never an enemy unit's hex or
        its zone of control, never across a river or pond (11(1)): checked with the oracle's zones."""
        d, o = self.r.d, self.oracle
        r = before.get("retreat")
        if r is None:
            return
        uid = r["unit"]
        still = after.get("retreat")
        new = still["path"][-1] if still is not None and still["unit"] == uid else after["units"][uid]["at"]
        if new is None:  # removed: no hex to go on to (11(2))
            return
        here = r["path"][-1]
        side = d.side_of[uid]
        enemy = [before["units"][u]["at"] for u in d.units
                 if d.side_of[u] != side and u not in d.all_commanders and before["units"][u]["at"] in d.move_cost]
        assert new in o.nbrs(here) and not o.blocks_zoc(here, new), f"{uid} retreated {here} -> {new}"
        assert new not in o.zone(enemy), f"{uid} retreated into an enemy zone of control at {new}"
        self.retreats += 1

    def check_control(self, before, after) -> None:
        """A victory hex changes hands only when a combat unit of the new owner ends in it (14(2),
        15-2-6), and never back to nobody."""
        d = self.r.d
        for h in d.victory:
            old, new = before["control"][h], after["control"][h]
            if old == new:
                continue
            assert new is not None, f"{h} lost its owner"
            here = [u for u in d.units if after["units"][u]["at"] == h and u not in d.all_commanders]
            assert here and d.side_of[here[0]] == new, f"{h} went to {new} with no unit of it there"


@pytest.fixture(scope="module", params=[TF, TB])
def report(request):
    r = rules(request.param)
    history = History(r)
    return r, run_selfplay(r, games=GAMES, invariant=history, policy=lean_policy, check_codec_every=12,
                           sample_legal=1), history


def test_selfplay_keeps_every_invariant(report):
    r, rep, history = report
    assert rep.games == GAMES and rep.finished == GAMES
    assert sum(rep.winners.values()) == GAMES
    assert history.retreats > 10  # the retreat check saw retreats, not nothing
