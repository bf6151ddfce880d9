"""A game against the computer, without a browser: what the worker is sent (the computer's view and
readable log, never the state), how its answers are played, Undo back to the person's decision,
and the opponent kept in saves, links and new-game addresses."""
from __future__ import annotations

import json

import pytest

from kassen.ai import LEVELS
from kassen.ai.worker import Session
from kassen.app.controller import Controller
from kassen.app.routing import route
from kassen.app.storage import MemoryStore, Saves
from kassen.engine.errors import LinkError
from kassen.engine.history import COMPUTER_LEVELS, History
from kassen.engine.messages import render
from kassen.games import load_rules, scenario_ids


def make() -> Controller:
    ids = iter(f"s{i}" for i in range(100))
    return Controller(load_rules, Saves(MemoryStore()), new_slot_id=lambda: next(ids), clock=lambda: "now")


def answer(c: Controller, level: str = "easy") -> str:
    """The worker's answer to the controller's request, computed in-process."""
    request = c.computer_request()
    assert request is not None
    session = Session()
    assert json.loads(session.start(request)).get("ok")
    while not session.step(0.05):
        pass
    return session.best()


def play_human(c: Controller) -> None:
    """The person plays the first action offered."""
    legal = c.legal()
    assert legal, "the person should have something to do"
    c.perform(legal[0], confirmed=True)


def test_the_computer_sees_only_its_own_side() -> None:
    c = make()
    c.start_new("mukden", seed=5, computer=("russia", "easy"))
    scr = c.screen()
    assert scr.cover is None and scr.viewer == "japan" and not scr.thinking
    assert scr.opponent == "Russia: the computer (easy)"
    while not c.computer_to_move():  # Japan allots its fighting power in secret
        play_human(c)
    assert c.screen().thinking and c.legal() == []  # nothing offered to the person while it thinks
    request = json.loads(c.computer_request())
    assert request["view"]["viewer"] == "russia" and request["level"] == "easy"
    assert request["view"]["fp"]["japan"] is None and request["view"]["allotment"]["japan"] is None
    assert all(e.get("to") in (None, "russia") for e in request["events"])
    assert "rng" not in request["view"] and "japan" not in request["seed"]


def test_answers_are_played_once_and_only_for_the_position_asked_about() -> None:
    c = make()
    c.start_new("ikedaya", seed=2, computer=("shinsengumi", "easy"))  # the Ronin set up first: the person
    while not c.computer_to_move():
        play_human(c)
    result = answer(c)
    stale = json.loads(result)
    stale["id"] = stale["id"] + 1
    assert not c.computer_move(json.dumps(stale))  # not the question asked
    assert not c.computer_move(result)  # the request was used up by the stale answer
    result = answer(c)
    before = len(c.history.record)
    assert c.computer_move(result)
    assert len(c.history.record) > before
    assert not c.computer_move(result)  # played once
    bad = json.loads(answer(c)) if c.computer_to_move() else None
    if bad is not None:
        bad["action"] = "move nobody @nowhere"
        assert not c.computer_move(json.dumps(bad))


def test_undo_goes_back_to_the_persons_last_decision() -> None:
    c = make()
    c.start_new("ikedaya", seed=3, computer=("shinsengumi", "easy"))
    while not c.computer_to_move():
        play_human(c)
    # a turn of the Action Phase: the computer moves, the person answers, the computer replies
    for _ in range(40):
        if c.computer_to_move():
            assert c.computer_move(answer(c))
            continue
        if c.rules.outcome(c.history.state) is not None:
            break
        before_state = c.history.state
        record = list(c.history.record)
        play_human(c)
        while c.computer_to_move():
            c.computer_move(answer(c))
        if c.can_undo():
            note = c.undo_note()
            assert note.startswith("Undo takes back:")
            c.undo()
            assert c.history.state == before_state and c.history.record == record
            assert len(c.history.redo_stack) == 1  # only the person's own decision
            assert not c.computer_to_move()
            return
    pytest.fail("no undoable decision found")


def test_undo_never_goes_back_past_dice() -> None:
    c = make()
    c.start_new("mukden", seed=8, computer=("russia", "easy"))
    for _ in range(400):
        if c.computer_to_move():
            c.computer_move(answer(c))
            continue
        if c.rules.outcome(c.history.state) is not None:
            break
        legal = c.legal()
        attacks = [a for a in legal if a.verb == "attack"]
        # otherwise close in on the Russians (a game nobody fights in ends by ruling X8)
        state, board = c.history.state, c.rules.board
        russians = [u["at"] for uid, u in state["units"].items()
                    if c.rules.map.side_of[uid] == "russia" and u["at"] in board.cells]
        near = sorted((a for a in legal if a.cell in board.cells and russians),
                      key=lambda a: min(board.distance(a.cell, r) or 99 for r in russians))
        c.perform(attacks[0] if attacks else (near[0] if near else legal[0]), confirmed=True)
        if any(e.get("kind") == "dice" for step in c.history.log[-3:] for e in step):
            # the dice of the person's attack: nothing before them can be taken back
            assert all(c.rules.current_player(s.state) != "chance" for s in c.history.tail)
            if not c.can_undo():
                assert "Undo" in c.undo_note() or c.undo_note() == ""
            return
    pytest.fail("no combat came")


def test_the_opponent_is_saved_and_restored() -> None:
    c = make()
    c.start_new("mukden", seed=9, computer=("japan", "hard"))
    data = c.history.to_json()
    assert data["computer"] == {"side": "japan", "level": "hard"}
    restored = History.from_json(load_rules("mukden"), json.loads(json.dumps(data)))
    assert restored.computer == {"side": "japan", "level": "hard"}
    for bad in ({"side": "france", "level": "hard"}, {"side": "japan", "level": "genius"}, "japan", {"side": "japan"}):
        damaged = dict(data, computer=bad)
        with pytest.raises(LinkError):
            History.from_json(load_rules("mukden"), damaged)
    two_players = History.new(load_rules("mukden"), 1).to_json()
    assert "computer" not in two_players  # saves of two-player games are as before


def test_addresses_and_links_record_the_opponent() -> None:
    r = route("?scenario=mukden&vs=russia.hard", "", False, scenario_ids())
    assert r.kind == "new" and r.computer == ("russia", "hard")
    c = make()
    c.follow(r, seed=4)
    assert c.computer == {"side": "russia", "level": "hard"} and c.link_query() == "vs=russia.hard"
    link = route("?vs=russia.hard", "#" + c.play_link(), False, scenario_ids())
    d = make()
    d.follow(link, seed=4)
    assert d.computer == {"side": "russia", "level": "hard"}
    bad = route("?scenario=mukden&vs=russia.genius", "", False, scenario_ids())
    assert bad.computer is None and "easy, normal or hard" in render(bad.problem)
    e = make()
    e.follow(route("?scenario=mukden&vs=prussia.hard", "", False, scenario_ids()), seed=1)
    assert e.computer is None and "cannot play" in render(e.message)


def test_levels_agree() -> None:
    assert tuple(LEVELS) == COMPUTER_LEVELS


def test_links_and_embeds_record_the_opponent_and_a_view_keeps_it() -> None:
    c = make()
    c.start_new("ikedaya", seed=4, computer=("ronin", "normal"))
    assert c.link_query() == "vs=ronin.normal"
    snippet = c.embed_snippet("https://example.org/", c.embed_link(), "Ikedaya", c.link_query())
    assert "?embed=1&amp;vs=ronin.normal#k1." in snippet or "?embed=1&vs=ronin.normal#k1." in snippet
    # an embed (read-only) shows who the computer played; a spectator link continued keeps it
    e = make()
    e.follow(route("?embed=1&vs=ronin.normal", "#" + c.embed_link(), False, scenario_ids()), seed=1)
    assert e.mode == "replay" and e.screen().opponent == "Ronin: the computer (normal)"
    v = make()
    v.follow(route("?vs=ronin.normal", "#" + c.spectator_link(), False, scenario_ids()), seed=1)
    assert v.mode == "spectate" and v.link_query() == "vs=ronin.normal"
    v.continue_from_view(seed=2)
    assert v.computer == {"side": "ronin", "level": "normal"}
    # a spectator link without it opens as before, for two players
    w = make()
    w.follow(route("", "#" + c.spectator_link(), False, scenario_ids()), seed=1)
    w.continue_from_view(seed=2)
    assert w.computer is None and w.link_query() == ""


def test_hostile_opponent_fields_lose_nothing() -> None:
    """A link's vs= or a save's computer field that is not a side and level: a clear message, the
    position still opens (for two players), and nothing of the text is used beyond a short quote."""
    c = make()
    c.start_new("mukden", seed=2)
    link = c.play_link()
    for vs in ("<script>alert(1)</script>", "russia.hard.extra", "RUSSIA.hard", "x" * 5000, "russia.", ".hard"):
        d = make()
        r = route(f"?vs={vs}", "#" + link, False, scenario_ids())
        d.follow(r, seed=1)
        assert d.mode == "play" and d.computer is None
        assert "easy, normal or hard" in render(d.message) and len(render(d.message)) < 400
    store = MemoryStore()
    c2 = Controller(load_rules, Saves(store), new_slot_id=lambda: "only", clock=lambda: "now")
    c2.start_new("mukden", seed=3, computer=("russia", "hard"))
    key = "kassen:game:only"
    saved = json.loads(store.data[key])
    assert saved["computer"] == {"side": "russia", "level": "hard"}
    for bad in ({"side": "<img src=x>", "level": "hard"}, {"side": "russia", "level": 9}, ["russia", "hard"]):
        text = json.dumps(dict(saved, computer=bad))
        copy = MemoryStore()
        copy.data = {**store.data, key: text}
        c3 = Controller(load_rules, Saves(copy), new_slot_id=lambda: "other", clock=lambda: "now")
        assert not c3.resume()
        assert "computer player" in render(c3.message) and "<img" not in render(c3.message)
        assert text in copy.data.values()  # set aside unchanged: nothing lost


@pytest.mark.parametrize("scenario", scenario_ids())
def test_every_scenario_plays_against_the_computer(scenario: str) -> None:
    """Any scenario, a new game's included: the computer answers from its view, the person never
    sees a cover or the computer's secrets, and the game goes on (until the computer has moved six
    times or the game ends; the computer takes each side in turn, as random play by the person
    may end a game before the other side has moved)."""
    import random

    rules = load_rules(scenario)
    answers = 0
    for human, machine in (rules.sides, tuple(reversed(rules.sides))):
        c = make()
        c.start_new(scenario, seed=6, computer=(machine, "easy"))
        rnd = random.Random(1)
        decisions = moved = 0
        while decisions < 300 and moved < 6 and rules.outcome(c.history.state) is None:
            scr = c.screen()
            assert scr.cover is None and scr.viewer == human
            if c.computer_to_move():
                request = json.loads(c.computer_request())
                assert request["view"]["viewer"] == machine
                assert c.computer_move(answer_to(request))
                moved += 1
                continue
            assert c.snapshot().view == rules.view_for(c.history.state, human)
            c.perform(rnd.choice(c.legal()), confirmed=True)
            decisions += 1
        answers += moved
    assert answers > 0


def answer_to(request: dict) -> str:
    session = Session()
    assert json.loads(session.start(json.dumps(request))).get("ok")
    while not session.step(0.05):
        pass
    return session.best()


def test_the_levels_a_save_may_name_are_the_computer_players_levels() -> None:
    """The page checks an opponent's level against engine.history's list (its start does not import
    the AI); it must be the AI's own list."""
    from kassen.ai.players import LEVELS
    from kassen.engine.history import COMPUTER_LEVELS

    assert COMPUTER_LEVELS == LEVELS
