"""The Japanese 3rd Army's detour manoeuvre [8.0]."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import allotted, arrange, legal, play, rules, text


@pytest.fixture(scope="module")
def r():
    return rules()


def jp3_actions(r, s):
    return [a for a in legal(r, s) if "jp-3" in a]


@pytest.mark.rules("mukden.8.jp3-first-choice")
def test_first_choice_is_hex_a_or_wait(r):
    s = allotted(r)
    assert jp3_actions(r, s) == ["move jp-3 @0107", "wait jp-3"]
    with pytest.raises(IllegalAction, match="mukden.8.jp3-first-choice"):
        r.apply(s, "move jp-3 @0105")
    s, ev = r.apply(s, "move jp-3 @0107")
    assert s["units"]["jp-3"]["at"] == "0107" and "comes onto the map at A (0107)" in text(ev[0])


@pytest.mark.rules("mukden.8.jp3-place-no-move")
def test_placing_is_the_move_but_the_attack_follows(r):
    s = arrange(r, {"jp-3": "jp-reserve", "ru-2": "0303"}, waits=1)
    s, _ = r.apply(s, "move jp-3 @0105")
    assert s["units"]["jp-3"]["at"] == "0105" and s["active"] == "russia"  # no further move
    s = arrange(r, {"jp-3": "jp-reserve", "ru-2": "0106"})
    s, _ = r.apply(s, "move jp-3 @0107")  # placed next to an enemy: a legal placement ...
    assert s["phase"] == "attack" and legal(r, s) == ["attack @0106"]  # ... and the attack is compulsory
    with pytest.raises(IllegalAction):
        r.apply(s, "move jp-3 @0207")
    s, _ = play(r, s, "attack @0106", "call =6")
    assert s["combat"]["attacker"] == "jp-3"


@pytest.mark.rules("mukden.8.jp3-second-choice")
def test_after_one_wait_a_or_b_or_wait(r):
    s = allotted(r)
    s, _ = play(r, s, "wait jp-3", "move ru-gr-right @0503")
    assert s["waits"] == 1
    assert jp3_actions(r, s) == ["move jp-3 @0107", "move jp-3 @0105", "wait jp-3"]
    with pytest.raises(IllegalAction, match="mukden.8.jp3-second-choice"):
        r.apply(s, "move jp-3 @0103")


@pytest.mark.rules("mukden.8.jp3-third-choice")
def test_after_two_waits_a_b_or_c_and_no_more_waiting(r):
    s = allotted(r)
    s, _ = play(r, s, "wait jp-3", "move ru-gr-right @0503", "wait jp-3", "move ru-gr-right @0503")
    assert s["waits"] == 2
    assert jp3_actions(r, s) == ["move jp-3 @0107", "move jp-3 @0105", "move jp-3 @0103"]
    with pytest.raises(IllegalAction, match="mukden.8.jp3-third-choice"):
        r.apply(s, "wait jp-3")
    s, _ = r.apply(s, "move jp-3 @0103")
    assert s["units"]["jp-3"]["at"] == "0103"
    # ruling 1: if every open hex is occupied it may wait even now
    s = arrange(r, {"jp-3": "jp-reserve", "ru-1": "0107", "ru-2": "0105", "ru-3": "0103"}, waits=2)
    assert jp3_actions(r, s) == ["wait jp-3"]
    s = arrange(r, {"jp-3": "jp-reserve", "ru-2": "0105", "jp-1": "0708"}, waits=2)
    assert jp3_actions(r, s) == ["move jp-3 @0107", "move jp-3 @0103"]
    with pytest.raises(IllegalAction, match="mukden.6.no-shared-hex"):
        r.apply(s, "move jp-3 @0105")


@pytest.mark.rules("mukden.8.jp3-wait-is-turn")
def test_waiting_uses_up_japans_turn(r):
    s = allotted(r)
    s, ev = r.apply(s, "wait jp-3")
    assert s["active"] == "russia" and s["phase"] == "move" and s["units"]["jp-3"]["at"] == "jp-reserve"
    assert "waits off the map" in text(ev[0])
    with pytest.raises(IllegalAction):
        r.apply(s, "move jp-1 @0706")
    with pytest.raises(IllegalAction, match="mukden.8.jp3-first-choice"):
        r.apply(allotted(r), "wait jp-1")
