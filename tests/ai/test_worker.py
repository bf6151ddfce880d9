"""The page's worker entry (kassen.ai.worker): views and readable log lines in, an action out,
in slices, stoppable, and every malformed request refused with a message."""
from __future__ import annotations

import json

from kassen.ai.worker import Session
from kassen.engine.state import visible_events
from kassen.games import load_rules

from .positions import positions


def _request(rules, state, events, side, level="hard", **extra):  # type: ignore[no-untyped-def]
    return json.dumps({"id": 7, "scenario": rules.scenario.id, "view": rules.view_for(state, side),
                       "events": visible_events(events, side), "level": level, "seed": 3, **extra})


def test_a_decision_in_slices_is_legal_and_reproducible() -> None:
    rules = load_rules("mukden")
    found = 0
    for state, events, side in positions(rules, range(1, 2), 6):
        answers = []
        for _ in range(2):
            session = Session()
            assert json.loads(session.start(_request(rules, state, events, side, seconds=30))) == {"id": 7, "ok": True}
            while not session.step(0.01):
                pass
            answers.append(json.loads(session.best()))
        assert answers[0]["action"] == answers[1]["action"]  # same view, same seed, same move
        assert answers[0]["id"] == 7 and answers[0]["done"]
        assert answers[0]["action"] in {a.to_text() for a in rules.legal_actions(state)}
        found += 1
    assert found >= 5


def test_stop_waiting_gives_the_best_so_far() -> None:
    rules = load_rules("kawanakajima")
    for state, events, side in positions(rules, range(1, 2), 40):
        if state["phase"] != "move":
            continue
        session = Session()
        session.start(_request(rules, state, events, side))
        session.step(0.0)  # one slice, then the player stops waiting
        answer = json.loads(session.best())
        assert answer["action"] in {a.to_text() for a in rules.legal_actions(state)}
        return
    raise AssertionError("no movement position found")


def test_bad_requests_are_refused() -> None:
    rules = load_rules("mukden")
    state = rules.setup(1)
    session = Session()
    for bad in ("not json", "[1, 2]", json.dumps({"level": "genius"}),
                json.dumps({"scenario": "mukden", "level": "hard", "view": rules.view_for(state, None)}),
                _request(rules, state, [], "russia")):  # Japan is to allot first: not Russia's turn
        answer = json.loads(session.start(bad))
        assert "error" in answer and "ok" not in answer
        assert session.step() is True
        assert "error" in json.loads(session.best())
