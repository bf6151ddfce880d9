"""The lookahead changes its own copies in place (ai/lookahead.py ``advance(..., in_place=True)``):
it must never change a state it was given, every step must see the positions as they now are
(the games keep answers about one state object, keyed by identity), and the values must be those
of copying at every step."""
from __future__ import annotations

import random

import pytest

from kassen.ai.gameai import game_ai
from kassen.ai.lookahead import Lookahead, advance
from kassen.engine.state import CHANCE, TERMINAL, clone
from kassen.games import load_rules

from .positions import positions


def test_a_step_in_place_is_seen_by_the_next_question() -> None:
    """Yukimura keeps who stands where for one state object (rules.situation): a move made in
    place must drop it, or the next step reads the unit where it was."""
    r = load_rules("domyoji")
    state = advance(r, r.setup(3))  # the lookahead's own copy
    legal = r.legal_actions(state)
    move = next(a for a in legal if a.verb == "move")
    uid, there = move.units[0], move.cell
    before = r.situation(state)  # kept for this object
    assert before.unit_at(there) is None
    same = advance(r, state, move, in_place=True)
    assert same is state
    assert r.situation(state).unit_at(there) == uid
    assert r.situation(state).at(uid) == there


@pytest.mark.parametrize("scenario", ["domyoji", "tabarazaka", "mukden", "kawanakajima"])
def test_the_lookahead_leaves_its_input_alone_and_values_as_copying_does(scenario: str, monkeypatch) -> None:
    """Over positions with combat to come: the state judged is unchanged afterwards, and each value
    equals the one found copying the state at every step (in_place ignored)."""
    r = load_rules(scenario)
    ai = game_ai(r)
    judged = 0
    for state, _events, player in positions(r, range(2), every=23, max_actions=700):
        if player in (CHANCE, TERMINAL):
            continue
        legal = r.legal_actions(state)
        options = legal[:4]
        before = clone(state)
        fast = [Lookahead(ai, player, ai.evaluate, random.Random(7)).after(state, a, 16) for a in options]
        assert state == before
        with monkeypatch.context() as m:
            import kassen.ai.lookahead as lookahead

            copying = lookahead.advance
            m.setattr(lookahead, "advance", lambda g, s, *acts, in_place=False: copying(g, s, *acts))
            slow = [Lookahead(ai, player, ai.evaluate, random.Random(7)).after(state, a, 16) for a in options]
        assert fast == slow
        judged += 1
    assert judged >= 5
