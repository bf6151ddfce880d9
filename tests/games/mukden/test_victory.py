"""Victory [4.0], withdrawal [9.0] and numeric statement MN6."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.games.mukden import victory

from .helpers import arrange, legal, play, rules, text


@pytest.fixture(scope="module")
def r():
    return rules()


def end_on_time(r, positions, **kw):
    """Add a combat of the Japanese 2nd Army (0306) on the Russian 2nd Army (0305) that takes time
    from 9 to 10, finish it, and return the final state."""
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305", **positions}, time=9, **kw)
    s, _ = play(r, s, "move jp-2 @0306", "attack @0305", "call =2", "call =2", "roll =6", "roll =5",
                "stand", "stand")
    assert s["phase"] == "over" and s["ended"] == "time"
    return s


@pytest.mark.rules("mukden.4.end-triggers")
def test_the_game_ends_only_on_time_or_withdrawal(r):
    s = end_on_time(r, {"jp-4": "0503"})
    assert r.current_player(s) == "terminal" and r.outcome(s)["level"] == "time"
    with pytest.raises(IllegalAction, match="over"):
        r.apply(s, "move jp-4 @0502")
    s = arrange(r, {"jp-4": "0503", "ru-2": "0101"}, active="russia")
    s, _ = r.apply(s, "withdraw")
    assert r.outcome(s)["level"] == "withdrawal"  # scored as a withdrawal even though Japan holds Mukden
    # nothing else ends it: Japan on Mukden with time 9 plays on
    s = arrange(r, {"jp-4": "0503", "ru-2": "0101"}, time=9)
    s, _ = play(r, s, "move jp-4 @0503", "move ru-2 @0101")
    assert r.outcome(s) is None and s["phase"] == "move"


@pytest.mark.rules("mukden.4.time-jp-win")
def test_japan_wins_on_time_holding_mukden_or_the_railway_north_of_it(r):
    for hex_ in ("0503", "0502", "0501"):
        s = end_on_time(r, {"jp-4": hex_})
        out = r.outcome(s)
        assert out["winner"] == "japan" and out["level"] == "time", hex_
    assert "holds Mukden" in r.say(r.outcome(end_on_time(r, {"jp-4": "0503"}))["reason"])
    assert "north of Mukden" in r.say(r.outcome(end_on_time(r, {"jp-4": "0501"}))["reason"])


@pytest.mark.rules("mukden.4.time-ru-win")
def test_russia_wins_on_time_otherwise(r):
    for positions in ({"jp-4": "0504"}, {"jp-4": "0401"}, {}):
        s = end_on_time(r, positions)
        out = r.outcome(s)
        assert out["winner"] == "russia" and out["level"] == "time", positions
        assert r.say(out["reason"]).startswith("Time runs out")


def withdraw_position(r, ru_fp, jp_fp):
    positions = {"ru-1": "withdrawn", "ru-2": "withdrawn", "ru-3": "0101",
                 "jp-1": "0707", "jp-2": "0307", "jp-3": "jp-reserve"}
    return arrange(r, positions, active="russia", fp={**ru_fp, **jp_fp})


@pytest.mark.rules("mukden.4.withdraw-ru-win")
def test_russia_wins_a_withdrawal_when_twice_its_withdrawn_fp_exceeds_japans(r):
    """MN6: 7 withdrawn against 12 surviving: 14 > 12."""
    s = withdraw_position(r, {"ru-1": 4, "ru-2": 3}, {"jp-1": 5, "jp-2": 4, "jp-3": 3})
    assert victory.withdrawn_fp(r.map, s) == 7 and victory.surviving_japanese_fp(r.map, s) == 12
    s, ev = r.apply(s, "withdraw")
    out = r.outcome(s)
    assert out["winner"] == "russia" and out["level"] == "withdrawal"
    assert "14, exceeds the 12 FP" in r.say(out["reason"])
    assert ev[-1]["kind"] == "end" and text(ev[-1]) == r.say(out["reason"])


@pytest.mark.rules("mukden.4.withdraw-jp-win")
def test_japan_wins_a_withdrawal_otherwise(r):
    """MN6: 6 withdrawn against 12 surviving: 12 is not greater than 12. The waiting 3rd Army counts."""
    s = withdraw_position(r, {"ru-1": 3, "ru-2": 3}, {"jp-1": 5, "jp-2": 4, "jp-3": 3})
    s, _ = r.apply(s, "withdraw")
    out = r.outcome(s)
    assert out["winner"] == "japan" and "does not exceed" in r.say(out["reason"])
    assert victory.russia_wins_withdrawal(7, 12) and not victory.russia_wins_withdrawal(6, 12)


def test_mn6_withdrawal_arithmetic(r):
    assert [victory.russia_wins_withdrawal(w, 12) for w in (5, 6, 7)] == [False, False, True]


@pytest.mark.rules("mukden.4.supply-sudden-death")
def test_a_russian_unit_entering_the_supply_source_wins_at_once(r):
    s = arrange(r, {"ru-3": "0506", "jp-1": "0101"}, active="russia")
    s, ev = r.apply(s, "move ru-3 @0508")
    out = r.outcome(s)
    assert s["phase"] == "over" and out["winner"] == "russia" and out["level"] == "supply"
    assert "supply source" in r.say(out["reason"])
    # a Japanese unit may stand there
    s = arrange(r, {"jp-4": "0506", "ru-1": "0101"})
    s, _ = r.apply(s, "move jp-4 @0508")
    assert s["phase"] == "move"
    # a Russian move ends on it: nothing passes through (ruling X6)
    s = arrange(r, {"ru-2": "0407", "jp-1": "0101"}, active="russia")
    assert "move ru-2 @0608" not in legal(r, s)
    s = arrange(r, {"jp-2": "0407", "ru-1": "0101"})
    assert "move jp-2 @0608" in legal(r, s)


def test_supply_source_by_retreat_and_by_advance_even_when_time_runs_out(r):
    s = arrange(r, {"jp-4": "0506", "ru-3": "0507"}, time=9)
    s, _ = play(r, s, "move jp-4 @0506", "attack @0507", "call =2", "call =2", "roll =6", "roll =5", "stand")
    assert s["time"] == 10 and "retreat @0508" in legal(r, s)
    s, _ = r.apply(s, "retreat @0508")
    assert r.outcome(s)["level"] == "supply" and r.outcome(s)["winner"] == "russia"  # ruling 11
    s = arrange(r, {"ru-3": "0507", "jp-1": "0508", "jp-2": "0101"}, active="russia", fp={"jp-1": 1})
    s, _ = play(r, s, "move ru-3 @0507", "attack @0508", "call =2", "call =1", "roll =6", "roll =1", "stand")
    assert s["units"]["jp-1"]["at"] is None and legal(r, s) == ["advance @0508", "stay"]
    s, _ = r.apply(s, "advance @0508")
    assert r.outcome(s)["level"] == "supply"


def test_japan_without_units_loses_at_once(r):
    """Ruling X4: when every Japanese unit is gone the game ends as a time ending Russia wins."""
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305"}, fp={"jp-2": 1})
    s, _ = play(r, s, "move jp-2 @0306", "attack @0305", "call =1", "call =1", "roll =1", "roll =6", "stand")
    out = r.outcome(s)
    assert out["winner"] == "russia" and out["level"] == "annihilation"


@pytest.mark.rules("mukden.9.exit-by-retreat")
def test_a_russian_unit_on_an_exit_may_retreat_off_the_map(r):
    s = arrange(r, {"jp-1": "0702", "ru-1": "0701"}, fp={"ru-1": 4})
    s, _ = play(r, s, "move jp-1 @0702", "attack @0701", "call =2", "call =2", "roll =3", "roll =3", "stand")
    assert "retreat @withdrawn" in legal(r, s)
    s, ev = r.apply(s, "retreat @withdrawn")
    assert s["units"]["ru-1"]["at"] == "withdrawn" and s["fp"]["russia"]["ru-1"] == 4  # loss 1 - 1
    assert "off the map" in text(ev[0])
    # not from a hex that is not an exit, and never for a Japanese unit
    s = arrange(r, {"jp-1": "0702", "ru-1": "0601"}, fp={"ru-1": 4})
    s, _ = play(r, s, "move jp-1 @0702", "attack @0601", "call =2", "call =2", "roll =3", "roll =3", "stand")
    assert "retreat @withdrawn" not in legal(r, s)
    with pytest.raises(IllegalAction, match="mukden.9.exit-by-retreat"):
        r.apply(s, "retreat @withdrawn")
    s = arrange(r, {"jp-1": "0501", "ru-1": "0601"}, fp={"jp-1": 5})
    s, _ = play(r, s, "move jp-1 @0501", "attack @0601", "call =2", "call =2", "roll =3", "roll =3")
    assert s["phase"] == "attacker-retreat" and legal(r, s) == ["retreat @0401", "stand"]
    with pytest.raises(IllegalAction, match="mukden.9.russian-only-exit"):
        r.apply(s, "retreat @withdrawn")


@pytest.mark.rules("mukden.9.declare-withdrawal")
def test_russia_declares_withdrawal_at_the_start_or_end_of_its_turn(r):
    s = arrange(r, {"jp-1": "0707", "ru-1": "0701", "ru-2": "0305"})
    assert "withdraw" not in legal(r, s)
    with pytest.raises(IllegalAction, match="mukden.9.declare-withdrawal"):
        r.apply(s, "withdraw")  # not in a Japanese turn
    s, _ = r.apply(s, "move jp-1 @0707")
    assert "withdraw" in legal(r, s)  # start of the Russian turn
    s1, _ = r.apply(s, "move ru-2 @0305")
    assert s1["active"] == "japan"  # no unit off the map yet: no end-of-turn step
    s2, _ = r.apply(s, "move ru-1 @withdrawn")
    assert s2["phase"] == "end-turn" and legal(r, s2) == ["end-turn", "withdraw"]  # end of the turn
    s3, _ = r.apply(s2, "withdraw")
    assert s3["phase"] == "over" and s3["ended"] == "withdrawal"
    s4, _ = r.apply(s2, "end-turn")
    assert s4["active"] == "japan" and s4["turn"] == s2["turn"] + 1
    with pytest.raises(IllegalAction, match="mukden.9.declare-withdrawal"):
        r.apply(s4, "withdraw")
    # with no Russian unit left on the map, declaring is the only action (ruling 9)
    s = arrange(r, {"jp-1": "0707", "ru-1": "withdrawn"}, active="russia")
    assert legal(r, s) == ["withdraw"]


@pytest.mark.rules("mukden.4.end-triggers", "mukden.4.time-jp-win", "mukden.4.time-ru-win")
def test_ten_player_turns_without_a_combat_end_the_game_as_on_time(r):
    """Ruling X8: time passes only in combat, so two players who both avoid it would never end the
    game; ten player turns in a row without a combat end it, scored as a time ending."""
    assert "quiet" not in r.setup(1) and r.setup(1)["revision"] == 1
    for japan_at, winner in (("0503", "japan"), ("0504", "russia")):
        s = arrange(r, {"jp-4": japan_at, "ru-2": "0101"})
        for _ in range(4):
            s, _ = play(r, s, f"move jp-4 @{japan_at}", "move ru-2 @0101")
        assert s["quiet"] == 8 and r.outcome(s) is None
        s, ev = play(r, s, f"move jp-4 @{japan_at}", "move ru-2 @0101")
        out = r.outcome(s)
        assert s["ended"] == "stalemate" and out["winner"] == winner and out["level"] == "time"
        assert r.say(out["reason"]).startswith("No combat for 10 player turns, scored as on time")
        assert any("(ruling X8)" in text(e) for e in ev) and ev[-1]["kind"] == "end"
    # a combat starts the count again
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305", "jp-4": "0503"})
    s["quiet"] = 9
    s, _ = play(r, s, "move jp-2 @0306", "attack @0305", "call =2", "call =2", "roll =3", "roll =2",
                "stand", "stand")
    assert r.outcome(s) is None and s["quiet"] <= 1
    # a game begun before the ruling (no revision, no count) plays on as it did
    s = arrange(r, {"jp-4": "0503", "ru-2": "0101"})
    s.pop("quiet", None)
    del s["revision"]
    for _ in range(8):
        s, _ = play(r, s, "move jp-4 @0503", "move ru-2 @0101")
    assert r.outcome(s) is None and "quiet" not in s
