"""Set-up and the secret allotment: [1.0], [2.0], [3.0] and numeric statement MN1."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE

from .helpers import JP_ALLOT, allotted, legal, play, rules, text


@pytest.fixture(scope="module")
def r():
    return rules()


@pytest.mark.rules("mukden.1.two-player")
def test_two_players_japan_and_russia(r):
    assert r.sides == ("japan", "russia")
    assert [r.side_name(s) for s in r.sides] == ["Japan", "Russia"]
    s = r.setup(1)
    players = set()
    for action in ["allot jp-1 =5", "allot jp-2 =5", "allot jp-3 =6", "allot jp-4 =6", "allot jp-yalu =5",
                   "confirm", "allot ru-1 =4", "allot ru-2 =4", "allot ru-3 =4", "allot ru-gr-right =4",
                   "allot ru-gr-left =4", "confirm", "move jp-4 @0506", "attack @0505", "call =3", "call =2",
                   "roll =3", "roll =3"]:
        players.add(r.current_player(s))
        s, _ = r.apply(s, action)
    assert players == {"japan", "russia", CHANCE}


@pytest.mark.rules("mukden.2.five-units-each")
def test_five_units_each(r):
    s = r.setup(1)
    for side in r.sides:
        assert len(r.scenario.units_of(side)) == 5
        assert len([u for u in s["units"] if r.map.side_of[u] == side]) == 5
    assert len(s["units"]) == 10


@pytest.mark.rules("mukden.2.dice")
def test_one_six_sided_die_per_player_in_combat(r):
    s = allotted(r)
    s, _ = play(r, s, "move jp-4 @0506", "attack @0505", "call =3", "call =2")
    assert r.current_player(s) == CHANCE and s["phase"] == "attacker-die"
    outcomes = r.chance_outcomes(s)
    assert [a.to_text() for a, _ in outcomes] == [f"roll ={d}" for d in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    s, ev = r.apply(s, "roll =2")
    assert ev[0]["kind"] == "dice" and ev[0]["dice"] == [2] and ev[0]["side"] == "japan"
    assert r.current_player(s) == CHANCE and s["phase"] == "defender-die"
    s, ev = r.apply(s, "roll =5")
    assert ev[0]["dice"] == [5] and ev[0]["side"] == "russia"
    assert r.current_player(s) != CHANCE  # two dice per combat, no more
    with pytest.raises(IllegalAction):
        r.apply(play(r, allotted(r), "move jp-4 @0506", "attack @0505", "call =3", "call =2")[0], "roll =7")


@pytest.mark.rules("mukden.2.written-record")
def test_each_side_keeps_a_record_of_its_units_fp(r):
    s = r.setup(1)
    for uid, n in JP_ALLOT.items():
        s, _ = r.apply(s, f"allot {uid} ={n}")
    s, ev = r.apply(s, "confirm")
    assert s["fp"]["japan"] == JP_ALLOT and s["allotment"]["japan"] == JP_ALLOT
    record = [e for e in ev if e.get("to") == "japan"]
    assert record and "1st Army 5/5" in text(record[0])
    assert all("5/5" not in text(e) for e in ev if e.get("to") is None)
    assert r.view_for(s, "japan")["fp"]["japan"] == JP_ALLOT


@pytest.mark.rules("mukden.3.japanese-units")
def test_japanese_units(r):
    names = {r.scenario.units[u]["name"] for u in r.scenario.units_of("japan")}
    assert names == {"1st Army", "2nd Army", "3rd Army", "4th Army", "Yalu River Army"}


@pytest.mark.rules("mukden.3.russian-units")
def test_russian_units(r):
    names = {r.scenario.units[u]["name"] for u in r.scenario.units_of("russia")}
    assert names == {"1st Army", "2nd Army", "3rd Army", "General Reserve Right", "General Reserve Left"}


@pytest.mark.rules("mukden.3.start-named-hex")
def test_units_start_on_their_printed_hexes(r):
    s = r.setup(1)
    assert {u: v["at"] for u, v in s["units"].items()} == {
        "jp-2": "0307", "jp-4": "0507", "jp-1": "0707", "jp-yalu": "0907", "jp-3": "jp-reserve",
        "ru-2": "0305", "ru-3": "0505", "ru-1": "0705", "ru-gr-right": "0503", "ru-gr-left": "0704"}
    s2 = allotted(r)
    assert {u: v["at"] for u, v in s2["units"].items()} == {u: v["at"] for u, v in s["units"].items()}
    bad = dict(s, units={**s["units"], "jp-1": {"at": "0606"}})
    assert any("start cell" in e for e in r.validate(bad))


@pytest.mark.rules("mukden.3.jp3-offmap")
def test_japanese_3rd_army_starts_off_the_map(r):
    s = allotted(r)
    assert s["units"]["jp-3"]["at"] == "jp-reserve"
    assert not r.board.is_on_map("jp-reserve")
    assert r.board.cells["jp-reserve"].kind == "box"
    assert "move jp-3 @0107" in legal(r, s)  # it enters by the detour rule, not by movement


def _allot(r, side_values):
    s = r.setup(1)
    for uid, n in side_values:
        s, _ = r.apply(s, f"allot {uid} ={n}")
    return s


@pytest.mark.rules("mukden.3.jp-fp-27")
def test_japan_divides_exactly_27(r):
    s = r.setup(1)
    assert legal(r, s) == [f"allot jp-1 ={n}" for n in range(3, 16)]  # 27 - 4 x 3 = 15 at most
    s = _allot(r, [("jp-1", 10), ("jp-2", 5), ("jp-3", 3), ("jp-4", 3)])
    assert legal(r, s) == ["allot jp-yalu =6"]  # the last unit takes exactly what is left
    with pytest.raises(IllegalAction, match="exactly 27"):
        r.apply(s, "allot jp-yalu =5")
    with pytest.raises(IllegalAction):
        r.apply(s, "confirm")
    s, _ = r.apply(s, "allot jp-yalu =6")
    s, _ = r.apply(s, "confirm")
    assert sum(s["fp"]["japan"].values()) == 27 and s["active"] == "russia"
    bad = dict(s, allotment={**s["allotment"], "japan": {**s["allotment"]["japan"], "jp-1": 9}},
               fp={**s["fp"], "japan": {**s["fp"]["japan"], "jp-1": 9}})
    assert any("exactly 27" in e for e in r.validate(bad))


@pytest.mark.rules("mukden.3.ru-fp-20")
def test_russia_divides_exactly_20(r):
    s = r.setup(1)
    for uid, n in JP_ALLOT.items():
        s, _ = r.apply(s, f"allot {uid} ={n}")
    s, _ = r.apply(s, "confirm")
    assert legal(r, s) == [f"allot ru-1 ={n}" for n in range(3, 9)]  # 20 - 4 x 3 = 8 at most
    for uid, n in (("ru-1", 8), ("ru-2", 3), ("ru-3", 3), ("ru-gr-right", 3)):
        s, _ = r.apply(s, f"allot {uid} ={n}")
    assert legal(r, s) == ["allot ru-gr-left =3"]
    with pytest.raises(IllegalAction, match="exactly 20"):
        r.apply(s, "allot ru-gr-left =4")
    s, _ = play(r, s, "allot ru-gr-left =3", "confirm")
    assert sum(s["fp"]["russia"].values()) == 20 and s["phase"] == "move"
    bad = dict(s, allotment={**s["allotment"], "russia": {**s["allotment"]["russia"], "ru-1": 9}},
               fp={**s["fp"], "russia": {**s["fp"]["russia"], "ru-1": 9}})
    assert any("exactly 20" in e for e in r.validate(bad))


@pytest.mark.rules("mukden.3.min-three")
def test_every_unit_gets_at_least_three(r):
    s = r.setup(1)
    with pytest.raises(IllegalAction, match=r"at least 3 FP \(mukden.3.min-three\)"):
        r.apply(s, "allot jp-1 =2")
    s = _allot(r, [("jp-1", 15)])
    assert legal(r, s) == ["allot jp-2 =3"]  # 15 + 3 + 3 + 3 + 3 = 27: nothing else keeps the minimum
    bad = allotted(r)
    bad["allotment"]["japan"]["jp-1"] = 2
    bad["allotment"]["japan"]["jp-2"] += 3
    bad["fp"]["japan"]["jp-1"] = 2
    bad["fp"]["japan"]["jp-2"] += 3
    assert any("mukden.3.min-three" in e for e in r.validate(bad))


@pytest.mark.rules("mukden.3.secret-until-end")
def test_records_stay_hidden_until_the_end(r):
    s = allotted(r)
    assert r.view_for(s, "russia")["fp"]["japan"] is None
    assert r.view_for(s, "russia")["allotment"]["japan"] is None
    assert r.view_for(s, "japan")["fp"]["russia"] is None
    spectator = r.view_for(s, None)
    assert spectator["fp"] == {"japan": None, "russia": None}
    assert spectator["allotment"] == {"japan": None, "russia": None}
    s, ev = play(r, s, "move jp-4 @0506", "attack @0505", "call =1", "call =1", "roll =1", "roll =1")
    assert all(e.get("kind") != "reveal" for e in ev)
    assert r.view_for(s, None)["fp"] == {"japan": None, "russia": None}
    s = allotted(r)
    s, _ = play(r, s, "move jp-1 @0707")
    s, ev = r.apply(s, "withdraw")
    assert s["phase"] == "over"
    assert [e["kind"] for e in ev].count("reveal") == 1
    reveal = next(e for e in ev if e["kind"] == "reveal")
    assert "1st Army 5/5" in text(reveal) and "General Reserve Left 4/4" in text(reveal)
    assert r.view_for(s, None)["fp"] == s["fp"]
    assert r.view_for(s, "japan")["allotment"]["russia"] == s["allotment"]["russia"]


def test_mn1_allotment_totals_and_minimum(r):
    """MN1: 27 and 20 with every unit at least 3 are legal; anything else is not."""
    s = allotted(r)
    assert not r.validate(s)
    assert sum(s["allotment"]["japan"].values()) == 27 and sum(s["allotment"]["russia"].values()) == 20
    for side, uid, delta in (("japan", "jp-1", 1), ("russia", "ru-1", -1)):
        bad = allotted(r)
        bad["allotment"][side][uid] += delta
        bad["fp"][side][uid] += delta
        assert r.validate(bad), (side, delta)
    # the action form cannot even express a wrong total: the last unit has one value
    s = _allot(r, [("jp-1", 3), ("jp-2", 3), ("jp-3", 3), ("jp-4", 3)])
    assert legal(r, s) == ["allot jp-yalu =15"]
