"""The engine's mechanisms, driven through a toy game: apply, chance, views, history, codec."""
import json

import pytest

from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction, LinkError
from kassen.engine.history import History
from kassen.engine.play import random_game, replay, resolve_chance, sample_chance
from kassen.engine.state import CHANCE, TERMINAL, clone, is_plain

from .toy import toy_rules


@pytest.fixture(scope="module")
def rules():
    return toy_rules()


def test_apply_never_mutates_and_rechecks_legality(rules):
    s0 = rules.setup(3)
    frozen = json.dumps(s0, sort_keys=True)
    s1, events = rules.apply(s0, "move r1 @0102")
    assert json.dumps(s0, sort_keys=True) == frozen
    assert s1["units"]["r1"]["at"] == "0102" and events[0]["kind"] == "move"
    with pytest.raises(IllegalAction):
        rules.apply(s0, "move r1 @0303")  # not adjacent
    with pytest.raises(IllegalAction):
        rules.apply(s0, "move b1 @0402")  # not the player to act


def test_chance_advances_rng_one_step_whatever_the_outcome(rules):
    s = rules.setup(5)
    s, _ = rules.apply(s, "move r1 @0101")
    s["units"]["b1"]["at"] = "0201"  # put the enemy adjacent
    s, _ = rules.apply(s, "attack @0201")
    assert rules.current_player(s) == CHANCE
    a, _ = rules.apply(s, "roll =1")
    b, _ = rules.apply(s, "roll =6")
    assert a["rng"] == b["rng"] != s["rng"]
    assert sample_chance(rules, s) in [o for o, _ in rules.chance_outcomes(s)]


def test_views_hide_secrets_and_the_rng(rules):
    s = rules.setup(9)
    red = rules.view_for(s, "red")
    spectator = rules.view_for(s, None)
    assert "rng" not in red and red["secret"]["red"] == s["secret"]["red"] and red["secret"]["blue"] is None
    assert spectator["secret"] == {"red": None, "blue": None}
    assert spectator["viewer"] is None and spectator["to_move"] == "red"


def test_random_games_replay_exactly(rules):
    for seed in range(20):
        final, record = random_game(rules, seed, max_actions=200)
        assert replay(rules, seed, None, record) == final
        assert is_plain(final)


def test_history_undo_redo_and_barriers(rules):
    h = History.new(rules, seed=11)
    assert not h.can_undo()
    h.play("move r1 @0102")
    assert h.can_undo()
    h.undo()
    assert h.state["units"]["r1"]["at"] == "0101" and h.can_redo()
    h.redo()
    assert h.state["units"]["r1"]["at"] == "0102"
    h.play("pass")  # change of player in a hidden-information game: a barrier
    assert not h.can_undo()
    with pytest.raises(IllegalAction):
        h.undo()
    # a failed action leaves the history untouched
    before = h.to_json()
    with pytest.raises(IllegalAction):
        h.play("move r1 @0103")
    assert h.to_json() == before


def test_history_save_round_trip(rules):
    h = History.new(rules, seed=12)
    h.play("move r1 @0102")
    h.play("pass")
    h.play("move b1 @0402")
    data = json.loads(json.dumps(h.to_json()))
    back = History.from_json(rules, data)
    assert back.state == h.state and back.record == h.record and back.can_undo() == h.can_undo()
    back.undo()
    assert back.state["units"]["b1"]["at"] == "0403"


def test_history_rejects_bad_saves(rules):
    h = History.new(rules, seed=12)
    h.play("move r1 @0102")
    good = h.to_json()
    for mutate, words in [
        (lambda d: d.update(version=99), "newer version"),
        (lambda d: d.update(format="x"), "not a kassen save"),
        (lambda d: d.update(record="oops"), "damaged"),
        (lambda d: d["base"]["units"].update(b1={"at": "9999"}), "not a cell"),
        (lambda d: d.update(undo=5), "undo"),
    ]:
        d = json.loads(json.dumps(good))
        mutate(d)
        with pytest.raises(LinkError, match=words):
            History.from_json(rules, d)


def test_codec_round_trip_every_kind(rules):
    final, record = random_game(rules, 4, max_actions=30)
    view = rules.view_for(final, None)
    load = lambda sid: rules  # noqa: E731
    for kind, obj in (("p", final), ("v", view), ("f", [view, view])):
        link = codec.encode(rules, kind, obj)
        assert link.startswith(f"k1.{kind}.toy.")
        got_kind, _, got = codec.decode(link, load)
        assert got_kind == kind and got == obj
        assert codec.decode("https://x.example/index.html#" + link, load)[2] == obj


@pytest.mark.parametrize("mangle, words", [
    (lambda l: l[:-12], "truncated|damaged"),
    (lambda l: l[:20] + ("A" if l[20] != "A" else "B") + l[21:], "damaged|altered|truncated"),
    (lambda l: "k9" + l[2:], "newer version"),
    (lambda l: l.replace(".toy.", ".nosuch."), "does not have"),
    (lambda l: "hello", "not a kassen"),
    (lambda l: l + "!!", "damaged"),
    (lambda l: "", "no position"),
])
def test_codec_rejects_bad_links(rules, mangle, words):
    link = codec.encode(rules, "p", rules.setup(1))

    def load(sid):
        if sid != "toy":
            raise LinkError("no")
        return rules

    with pytest.raises(LinkError, match=words):
        codec.decode(mangle(link), load)


def test_codec_rejects_impossible_positions(rules):
    s = rules.setup(1)
    bad = clone(s)
    bad["units"]["b1"]["at"] = "0101"  # two units on a hex
    with pytest.raises(LinkError, match="share a hex"):
        codec.decode(codec.encode(rules, "p", bad), lambda sid: rules)
    bad = clone(s)
    bad["units"]["b1"]["at"] = "0909"  # no such hex
    with pytest.raises(LinkError, match="not a cell"):
        codec.decode(codec.encode(rules, "p", bad), lambda sid: rules)
    bad = clone(s)
    bad["phase"] = 7  # wrong type
    with pytest.raises(LinkError, match="malformed"):
        codec.decode(codec.encode(rules, "p", bad), lambda sid: rules)


def test_resolve_chance_stops_at_a_player(rules):
    s = rules.setup(5)
    s, _ = rules.apply(s, "move r1 @0101")
    s["units"]["b1"]["at"] = "0201"
    s, _ = rules.apply(s, "attack @0201")
    s2, steps = resolve_chance(rules, s)
    assert len(steps) == 1 and rules.current_player(s2) in ("blue", TERMINAL)


def test_action_objects_compare_by_value():
    assert Action.parse("move r1 @0102") == Action("move", ("r1",), "0102")


def test_one_action_object_for_the_same_values(rules):
    """GameRules.action builds each Action once (the big games' legal_actions lean on it), and a unit
    may be named alone, in a tuple, or not at all."""
    move = rules.action("move", "r1", "0102")
    assert move is rules.action("move", "r1", "0102")
    assert move == Action("move", ("r1",), "0102") == rules.action("move", ("r1",), "0102")
    assert rules.action("roll", arg="4") == Action("roll", arg="4")
    assert rules.action("pass", None).units == ()


def test_a_remembered_answer_is_kept_for_one_state_object_until_forgotten(rules):
    """remembered keys by identity (states are never changed once made); forget drops it before the
    computer's lookahead changes its own copy in place, and a new object is asked afresh."""
    built = []

    def count_units(state):
        built.append(1)
        return len(state["units"])

    s = rules.setup(3)
    assert rules.remembered(s, count_units) == rules.remembered(s, count_units) == 2
    assert len(built) == 1
    twin = clone(s)
    rules.remembered(twin, count_units)
    assert len(built) == 2  # an equal state, another object: built again
    rules.forget(s)  # not the object kept: nothing dropped
    rules.remembered(twin, count_units)
    assert len(built) == 2
    rules.forget(twin)
    twin["units"]["extra"] = {"at": None}
    assert rules.remembered(twin, count_units) == 3 and len(built) == 3
