"""Okita's tuberculosis roll, and the victory conditions (status reading and count option)."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE, TERMINAL

from .helpers import apply, at, get_rules, legal, position, text


@pytest.fixture(scope="module")
def rules():
    return get_rules()


@pytest.mark.rules("ikedaya.okita.roll-on-activation")
def test_okita_rolls_before_he_does_anything(rules):
    s = position(rules, {"okita": "1C1", "kondo": "1C1", "katsura": "2A1"})
    acts = rules.legal_actions(s)
    assert not any(a.verb in ("move", "attack") and "okita" in a.units for a in acts)
    assert {a.to_text() for a in acts if a.verb == "activate"} == {"activate okita @1C1",
                                                                   "activate kondo,okita @1C1"}
    with pytest.raises(IllegalAction, match="ikedaya.okita.roll-on-activation"):
        rules.apply(s, "move okita @1C2")
    s = apply(rules, s, "activate okita @1C1")
    assert rules.current_player(s) == CHANCE and len(rules.chance_outcomes(s)) == 6


@pytest.mark.rules("ikedaya.okita.4-6-acts")
def test_on_four_to_six_okita_acts(rules):
    for value in (4, 5, 6):
        s = position(rules, {"okita": "1C1", "katsura": "2A1"})
        s = apply(rules, s, "activate okita @1C1", f"roll ={value}")
        assert rules.current_player(s) == "shinsengumi" and s["step"]["kind"] == "order"
        assert "move @2C2" in legal(rules, s) and "hold" in legal(rules, s)
        s = apply(rules, s, "move @2C2")
        assert at(s, "okita") == "2C2" and s["units"]["okita"]["spent"]


@pytest.mark.rules("ikedaya.okita.1-3-spent")
def test_on_one_to_three_okitas_action_ends(rules):
    for value in (1, 2, 3):
        s = position(rules, {"okita": "1C1", "katsura": "2A1"})
        s = apply(rules, s, "activate okita @1C1", f"roll ={value}")
        assert at(s, "okita") == "1C1" and s["units"]["okita"]["spent"]
        assert s["step"] is None and rules.current_player(s) == "ronin"


@pytest.mark.rules("ikedaya.okita.stack-continues")
def test_the_rest_of_okitas_stack_still_acts(rules):
    s = position(rules, {"okita": "1C1", "kondo": "1C1", "katsura": "2C1"})
    s = apply(rules, s, "activate kondo,okita @1C1", "roll =2")
    assert s["units"]["okita"]["spent"] and s["step"] == {"kind": "order", "group": ["kondo"], "at": "1C1"}
    s = apply(rules, s, "move @2C2")  # Kondō alone, and the mandatory combat with 2C1 follows
    assert at(s, "kondo") == "2C2" and at(s, "okita") == "1C1"
    assert s["step"]["kind"] == "combat" and s["step"]["group"] == ["kondo"]


@pytest.mark.rules("ikedaya.victory.ronin-score")
def test_ronin_score_escaped_status_plus_shinsengumi_killed(rules):
    # Katsura (4) and Yoshida (2) escaped, Nagakura (2) killed (not placed), Kondō off the map (not killed)
    where = {"kondo": "Street", "todo": "1C1", "takeda": "1A1", "okita": "1A1", "katsura": "Street",
             "yoshida": "Backyard", "sugiyama": "2A1", "yamada": "2A1", "hirooka": "2B1", "saeki": "2B1",
             "miyabe": "2C1", "kitazoe": "2C3", "mochizuki": "2A4", "ishikawa": "2B4"}
    s = position(rules, where)
    rows = dict(rules.status(rules.view_for(s, None)))
    assert rows["Ronin score"] == str(4 + 2 + 2)


@pytest.mark.rules("ikedaya.victory.shinsengumi-score")
def test_shinsengumi_score_status_of_ronin_killed_or_captured(rules):
    where = dict(SHIN_UP)
    where.update({"katsura": "1A1", "sugiyama": "1A1", "saeki": "1B1"})  # 7 Ronin gone: 17 - 4 - 1 - 1 = 11
    s = position(rules, where)
    assert dict(rules.status(rules.view_for(s, None)))["Shinsengumi score"] == "11"
    s = position(rules, where, options={"shinsengumi_score": "count"})
    assert dict(rules.status(rules.view_for(s, None)))["Shinsengumi score"] == "7 (count)"


SHIN_UP = {"kondo": "2A1", "nagakura": "2A1", "todo": "2B1", "takeda": "2B1", "okita": "2C1"}


def finish(rules, where, options=None):
    """Let the last Ronin (Katsura, on 1C2) walk out, ending the game."""
    s = position(rules, {**where, "katsura": "1C2"}, active="ronin", options=options)
    s = apply(rules, s, "move katsura @Street")
    assert rules.current_player(s) == TERMINAL
    return rules.outcome(s)


@pytest.mark.rules("ikedaya.victory.higher-wins")
def test_the_higher_score_wins(rules):
    # all other Ronin killed (13 status), Katsura escapes (4): Shinsengumi 13 - Ronin 4
    out = finish(rules, {"kondo": "2A1"})
    assert out["winner"] == "shinsengumi" and out["scores"] == {"ronin": 4 + 8, "shinsengumi": 13}
    out = finish(rules, {**SHIN_UP, "yoshida": "Street", "miyabe": "Backyard", "kitazoe": "Street"})
    assert out["winner"] == "ronin" and out["scores"] == {"ronin": 4 + 2 + 3 + 2, "shinsengumi": 17 - 11}
    assert "The Ronin win" in text(out["reason"])


@pytest.mark.rules("ikedaya.victory.tie-ronin")
def test_a_tie_goes_to_the_ronin(rules):
    # status reading: Ronin 4 (Katsura) + 3 (Miyabe) + 1 (Sugiyama) = 8 escaped; Shinsengumi 17 - 8 = 9
    where = {**SHIN_UP, "miyabe": "Street", "sugiyama": "Street"}
    assert finish(rules, where)["winner"] == "shinsengumi"
    out = finish(rules, {**where, "yamada": "Backyard"})  # one more escaped: Ronin 9, Shinsengumi 8
    assert out["winner"] == "ronin" and out["level"] == "points"
    # an exact tie, with the count reading: Ronin 4 + 2 + 1 = 7 escaped, 7 Ronin lost
    where = {**SHIN_UP, "yoshida": "Street", "sugiyama": "Street"}
    out = finish(rules, where, options={"shinsengumi_score": "count"})
    assert out["scores"] == {"ronin": 7, "shinsengumi": 7}
    assert out["winner"] == "ronin" and out["level"] == "tie" and "the tie" in text(out["reason"])
    # with the status reading (all statuses of the Shinsengumi are even, so a tie needs a Ronin left
    # in the inn when a turn passes with no action, ruling n06): Katsura 4 + Kitazoe 2 escaped +
    # Nagakura 2 killed = 8 against Yoshida 2 + six others at 1 = 8; Miyabe still upstairs
    where = {"kondo": "2A1", "todo": "2B1", "takeda": "2B1", "okita": "2C1", "katsura": "Street",
             "kitazoe": "Backyard", "miyabe": "2A4"}
    s = apply(rules, position(rules, where, turn=2), "pass", "pass")
    out = rules.outcome(s)
    assert out["scores"] == {"ronin": 8, "shinsengumi": 8} and out["winner"] == "ronin" and out["level"] == "tie"
