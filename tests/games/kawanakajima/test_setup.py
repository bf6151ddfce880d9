"""Set-up (chapter 4): placement, swaps, blind draws, hands and the first turn (KE7)."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE, clone

from .helpers import R, T, apply, legal, play, started, texts


def test_ke7_setup_counts():
    """KE7: 14 coded Takeda units on the map, 3 on X1-X3, 8 in the box; 21 Uesugi on the map;
    Uesugi 8 cards, Takeda 8 cards with one 5 set aside."""
    s = started(("n4", "n9", "n11"))
    on_map = [u for u, v in s["units"].items() if v["at"] in T.on_map]
    assert sum(T.side_of(u) == "uesugi" for u in on_map) == 21
    assert sum(T.side_of(u) == "takeda" for u in on_map) == 17
    assert sorted(s["units"][x]["at"] for x in ("n4", "n9", "n11")) == sorted(T.x_hexes)
    assert sum(v["at"] == T.night_box for v in s["units"].values()) == 8
    assert len(s["hands"]["uesugi"]) == 8 and len(s["hands"]["takeda"]) == 8
    assert s["set_aside"] == {"uesugi": [], "takeda": ["5"]}


@pytest.mark.rules("kawanakajima.4.take-components", "kawanakajima.4.uesugi-hand", "kawanakajima.4.takeda-hand")
def test_hands_at_the_start():
    s = R.setup(3)
    assert s["hands"]["uesugi"] == ["1", "2", "3", "4", "4.5", "5", "6", "R"]
    assert s["hands"]["takeda"] == ["1", "2", "3", "4", "5", "6", "R", "R"]
    assert s["set_aside"]["takeda"] == ["5"] and s["discards"] == {"uesugi": [], "takeda": []}
    assert len(T.side_units["uesugi"]) == 21 and len(T.side_units["takeda"]) == 25


@pytest.mark.rules("kawanakajima.4.uesugi-place", "kawanakajima.4.takeda-place-coded")
def test_units_start_face_down_on_their_printed_hexes():
    s = R.setup(1)
    for uid, g in T.generals.items():
        u = s["units"][uid]
        assert u == {"at": g.start}, uid  # face down, no markers
        if not g.night_army:
            assert g.start in T.on_map
    assert not R.validate(s)  # in particular no unit starts next to an enemy


@pytest.mark.rules("kawanakajima.4.uesugi-swap-in-group")
def test_uesugi_swaps_only_inside_a_group():
    s = R.setup(1)
    acts = legal(s)
    assert "swap uA @0605" in acts  # Kenshin (group II) with Kakizaki (group II)
    assert "swap uG @0612" in acts  # group I
    assert "swap uC @0502" in acts  # group III
    for bad in ("swap uA @0612", "swap uG @0601", "swap uC @0605"):
        assert bad not in acts
        with pytest.raises(IllegalAction, match="kawanakajima.4.uesugi-swap-in-group"):
            R.apply(s, bad)
    s, ev = apply(s, "swap uA @0605", "swap uM @0609")
    assert s["units"]["uA"]["at"] == "0605" and s["units"]["uM"]["at"] == "0609"
    assert s["units"]["uQ"]["at"] == "0407"
    # the swaps are told only to the player who made them
    assert all(e.get("to") == "uesugi" for e in ev)
    s = play(s, "done")
    assert s["active"] == "takeda" and s["phase"] == "setup"


@pytest.mark.rules("kawanakajima.4.takeda-swap-free", "kawanakajima.4.takeda-blank-hex")
def test_takeda_swaps_freely_over_fifteen_start_hexes():
    s = play(R.setup(1), "done")
    occupied = {s["units"][u]["at"] for u in T.coded_takeda}
    assert len(occupied) == 14 and set(T.takeda_start) - occupied == {"1404"}
    acts = legal(s)
    for hx in T.takeda_start:
        if hx != "1206":
            assert f"swap tA @{hx}" in acts
    assert not any(a.startswith("swap n") for a in acts)  # the night army is not placed by choice
    with pytest.raises(IllegalAction, match="kawanakajima.4.takeda-place-coded"):
        R.apply(s, "swap n1 @0904")
    with pytest.raises(IllegalAction, match="kawanakajima.4.takeda-swap-free"):
        R.apply(s, "swap tA @0705")
    s = play(s, "swap tA @1404", "swap tB @1206")
    assert s["units"]["tA"]["at"] == "1404" and s["units"]["tB"]["at"] == "1206"
    assert {s["units"][u]["at"] for u in T.coded_takeda} == set(T.takeda_start) - {"0904"}


@pytest.mark.rules("kawanakajima.4.takeda-x-draw", "kawanakajima.4.takeda-night-box")
def test_three_blind_draws_onto_x1_x3_and_eight_in_the_box():
    s = play(R.setup(1), "done", "done")
    draws = []
    for x in T.x_hexes:
        assert R.current_player(s) == CHANCE and s["draw"] == x
        outcomes = R.chance_outcomes(s)
        assert len(outcomes) == 11 - len(draws)
        assert all(abs(p - 1 / len(outcomes)) < 1e-12 for _, p in outcomes)
        pick = outcomes[len(draws) * 3][0]
        s, ev = R.apply(s, pick)
        draws.append(pick.arg)
        assert s["units"][pick.arg] == {"at": x}  # face down
        assert pick.arg not in texts(ev) and T.generals[pick.arg].name not in texts(ev)
    assert R.current_player(s) == "uesugi" and s["turn"] == 1 and s["phase"] == "command"
    box = [u for u in T.night_army if s["units"][u]["at"] == T.night_box]
    assert len(box) == 8 and not set(box) & set(draws)


@pytest.mark.rules("kawanakajima.4.blind-units")
def test_blind_units_are_unknown_even_to_takeda():
    s = started(("n1", "n2", "n11"))
    view = R.view_for(s, "takeda")
    for uid in T.night_army:
        assert uid not in view["units"]
    anon = {k: v for k, v in view["units"].items() if k.startswith("?takeda")}
    assert sorted(v["at"] for v in anon.values()) == ["0813", "0814", "0913"] + [T.night_box] * 8
    assert all(set(v) <= {"at", "side"} for v in anon.values())
    # numbered by hex label: ?takeda-1 is 0813 (X1), ?takeda-2 0814 (X3), ?takeda-3 0913 (X2)
    assert view["units"]["?takeda-1"]["at"] == "0813" and view["units"]["?takeda-3"]["at"] == "0913"
    # the coded units are known to their owner
    assert "tA" in view["units"]


@pytest.mark.rules("kawanakajima.4.turn-one", "kawanakajima.4.uesugi-first")
def test_the_game_starts_on_turn_one_with_uesugi():
    s = started()
    assert s["turn"] == 1 and s["active"] == "uesugi" and R.current_player(s) == "uesugi"
    s = play(s, "done")  # Uesugi ends his command phase; nothing can move, so his turn ends
    assert s["active"] == "takeda" and s["turn"] == 1 and s["phase"] == "command"
    # Takeda may only flip X units; nothing moves; X1-X3 are full: the turn ends
    s = play(s, "done")
    assert s["turn"] == 2 and s["active"] == "uesugi" and s["phase"] == "command"


@pytest.mark.rules("kawanakajima.4.one-unit-per-hex")
def test_one_unit_per_hex_is_checked():
    s = R.setup(1)
    bad = clone(s)
    bad["units"]["uA"]["at"] = "0605"
    assert any("one unit per hex" in e for e in R.validate(bad))
    # a swap never stacks: the other unit takes the vacated hex
    s2 = play(s, "swap uA @0605")
    cells = [u["at"] for u in s2["units"].values() if u["at"] in T.on_map]
    assert len(cells) == len(set(cells))
