"""Attacks, combat cards, results, retreats and card management (chapters 7(11)-(13) and 8)."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import R, apply, at, deck_total, fight, legal, play, position, texts, up, with_cards


def duel(**kw):
    """Kagenobu (uB, 6) at 0905 and Nobushige (tB, 6) at 1005, both face up, Uesugi to move."""
    units = {"uB": "0905:up", "tB": "1005:up"}
    units.update(kw.pop("units", {}))
    return position(units, turn=kw.pop("turn", 2), **kw)


# -- the worked example (8, "Movement / Attack example") ----------------------------------------

def ke1(t1="tI", t1_card="3", u1_card="3"):
    """U1 = Kakizaki Kageie (6, face down with a move marker) at 0705; T1 face down at 0905, T2
    (Hara Masatane) face down at 1004."""
    s = position({"uM": "0705:mm", t1: "0905", "tJ": "1004"}, turn=2)
    s, ev_a = apply(s, "move uM @0805")
    return s, ev_a


def test_ke1a_contact_stops_and_reveals():
    s, ev = ke1()
    assert at(s, "uM") == "0805" and s["activation"]["stopped"]
    assert up(s, "uM") and up(s, "tI") and not up(s, "tJ")
    assert s["activation"]["mp"] == 6
    assert any(e["kind"] == "reveal" for e in ev)


def test_ke1b_attack_costs_three():
    s, _ = ke1()
    s = play(s, "attack @0905")
    assert s["activation"]["mp"] == 3 and s["activation"]["attacked"]


def test_ke1c_winning_by_half_a_point_makes_t1_retreat():
    s, _ = ke1()
    s = play(s, "attack @0905")
    s, ev = fight(s, "3", "3")  # 6 + 3 = 9 against 5.5 + 3 = 8.5
    assert "wins by 0.5" in texts(ev)
    assert R.current_player(s) == "takeda"  # T1's owner chooses where to retreat
    assert {a.cell for a in R.legal_actions(s)} == {"0904", "1005"}
    s = play(s, "retreat tI @1005")
    u = s["units"]["tI"]
    assert u["at"] == "1005" and not u.get("face_up") and u.get("retreat_marker")


def test_ke1d_shingen_retreating_costs_every_other_takeda_unit_one():
    s = position({"uM": "0705:mm", "tA": "0905", "tJ": "1004"}, turn=2)
    s = play(s, "move uM @0805", "attack @0905")
    before = R.combat_value(s, "tJ", False)
    s, ev = fight(s, "5", "4")  # 11 against 10.5
    s = play(s, "retreat tA @1005")
    assert s["commander_retreats"]["takeda"] == 1
    assert R.combat_value(s, "tJ", False) == before - 1
    assert R.combat_value(s, "tA", False) == 6.5  # not the commander himself


def test_ke1e_moving_on_into_two_zocs_is_legal():
    s, _ = ke1()
    s = play(s, "attack @0905")
    s, _ = fight(s, "3", "3")
    s = play(s, "retreat tI @1005")
    assert not s["activation"]["stopped"] and not s["activation"]["left_zoc"]
    s, ev = apply(s, "move uM @0905")  # into the ZOC of T1 (1005) and T2 (1004)
    assert up(s, "tI") and s["units"]["tI"].get("retreat_marker")  # face up again, marker kept
    assert up(s, "tJ")
    assert at(s, "uM") == "0905"


def test_ke1f_g_no_more_moves_or_attacks_then_the_marker_goes():
    s, _ = ke1()
    s = play(s, "attack @0905")
    s, _ = fight(s, "3", "3")
    s = play(s, "retreat tI @1005")
    mid = s
    assert s["activation"]["mp"] == 3
    s, ev = apply(s, "move uM @0905")
    # KE1f: 2 MP left and it has attacked: nothing more to do, so the activation ends (KE1g)
    assert s["activation"] is None and s["finished"] == ["uM"]
    assert not s["units"]["uM"].get("move_marker")
    assert not any(a.verb in ("move", "attack") and a.units == ("uM",) for a in R.legal_actions(s))
    # the reasons, asked before the activation ended
    with pytest.raises(IllegalAction, match="kawanakajima.8.one-attack-per-turn"):
        R.apply(mid, "attack @1005")


# -- attacks ----------------------------------------------------------------------------------------

@pytest.mark.rules("kawanakajima.7.attack-when", "kawanakajima.7.attack-cost")
def test_attack_at_the_start_or_during_movement():
    s = duel()
    assert "attack uB @1005" in legal(s)  # at the start of its movement
    s2 = play(s, "attack uB @1005")
    assert s2["activation"]["mp"] == 7 - 3 and s2["combat"]["defender"] == "tB"
    s, _ = ke1()  # during its movement (after 1 MP)
    assert "attack @0905" in legal(s)
    assert play(s, "attack @0905")["activation"]["mp"] == 3


@pytest.mark.rules("kawanakajima.7.attack-needs-3mp")
def test_ke2_five_mp_spent_means_no_attack():
    s = position({"uB": "0405:up", "tB": "1005:up"}, turn=2)
    s = play(s, "move uB @0905")  # 5 hexes of plains into tB's ZOC: 2 MP left
    assert s["finished"] == ["uB"]  # stopped and unable to attack: its activation is over
    s = position({"uB": "0505:up", "tB": "1005:up"}, turn=2)
    s = play(s, "move uB @0905")  # 4 MP spent: 3 remain
    assert "attack @1005" in legal(s)
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=2,
                 activation={"unit": "uB", "mp": 2, "attacked": False, "stopped": True, "left_zoc": False})
    with pytest.raises(IllegalAction, match="kawanakajima.7.attack-needs-3mp"):
        R.apply(s, "attack @1005")


@pytest.mark.rules("kawanakajima.8.one-attack-per-turn", "kawanakajima.7.win-continue-moving")
def test_a_winner_may_move_on_but_not_attack_again():
    s = duel(units={"tC": "1205:up"})
    s = play(s, "attack uB @1005")
    s, ev = fight(s, "6", "1")  # 12 against 7: removed
    assert at(s, "tB") is None
    acts = legal(s)
    assert s["activation"]["mp"] == 4 and not s["activation"]["stopped"]
    assert "move uB @1005" in acts  # moves on into the gap...
    s = play(s, "move uB @1104")  # ...next to tC (1205)
    assert not any(a.startswith("attack") for a in legal(s))
    with pytest.raises(IllegalAction, match="kawanakajima.8.one-attack-per-turn"):
        R.apply(s, "attack @1205")


@pytest.mark.rules("kawanakajima.7.win-not-leaving-zoc")
def test_moving_after_a_win_is_not_leaving_the_beaten_units_zoc():
    s = duel()
    s = play(s, "attack uB @1005")
    s, _ = fight(s, "4", "3")  # 10 against 9: tB retreats
    s = play(s, f"retreat tB @{R.legal_actions(s)[0].cell}")
    assert at(s, "tB") != "1005"
    s = play(s, "move uB @0805", "end")
    u = s["units"]["uB"]
    assert u.get("face_up") and not u.get("retreat_marker")  # no disengagement penalty


def test_a_winner_still_next_to_another_enemy_leaves_that_zoc():
    """Ruling A7: only the beaten unit's ZOC is exempt."""
    s = duel(units={"tC": "0906:up"})
    s = play(s, "attack uB @1005")
    s, _ = fight(s, "6", "1")  # tB removed; uB still next to tC
    reach = {a.cell for a in R.legal_actions(s) if a.verb == "move"}
    assert "0805" not in reach and "1005" not in reach  # both next to tC: no ZOC-to-ZOC step
    s = play(s, "move uB @0904")
    assert s["activation"]["left_zoc"]
    s = play(s, "end")
    assert s["units"]["uB"].get("retreat_marker") and not up(s, "uB")


@pytest.mark.rules("kawanakajima.8.target-in-zoc", "kawanakajima.8.choose-target")
def test_attack_only_an_adjacent_enemy_of_your_choice():
    s = duel(units={"tC": "0906:up", "tD": "1205:up"})
    attacks = {a for a in legal(s) if a.startswith("attack uB")}
    assert attacks == {"attack uB @1005", "attack uB @0906"}
    with pytest.raises(IllegalAction, match="kawanakajima.8.target-in-zoc"):
        R.apply(s, "attack uB @1205")


@pytest.mark.rules("kawanakajima.8.one-vs-one", "kawanakajima.8.winner-unaffected",
                   "kawanakajima.8.resolve-immediately")
def test_one_unit_against_one_and_the_winner_is_untouched():
    s = duel(units={"tC": "0906:up", "uC": "0904:up"})
    s = play(s, "attack uB @1005", "play =6")
    assert s["combat"]["result"] is None
    s, ev = apply(s, "play =1")  # the second card resolves the combat at once
    assert s["combat"] is None and at(s, "tB") is None
    assert s["units"]["uB"] == {"at": "0905", "face_up": True}
    assert s["units"]["tC"] == {"at": "0906", "face_up": True}  # the other neighbour takes no part
    assert s["units"]["uC"] == {"at": "0904", "face_up": True}


# -- cards ------------------------------------------------------------------------------------------

@pytest.mark.rules("kawanakajima.8.cards-simultaneous")
def test_cards_are_chosen_secretly_and_revealed_together():
    s = play(duel(), "attack uB @1005")
    assert R.current_player(s) == "uesugi"
    s, ev = apply(s, "play =4.5")
    assert R.current_player(s) == "takeda"
    for viewer in ("takeda", None):
        v = R.view_for(s, viewer)
        assert v["combat"]["picks"]["uesugi"] == "?"
        assert "4.5" not in [R.say(e) for e in ev if e.get("to") is None][0]
    assert R.view_for(s, "uesugi")["combat"]["picks"]["uesugi"] == "4.5"
    assert all("4.5" not in R.say(e) for e in ev if e.get("to") != "uesugi")
    s, ev = apply(s, "play =3")
    reveal = [e for e in ev if e["kind"] == "reveal"]
    assert reveal and reveal[0]["cards"] == {"uesugi": "4.5", "takeda": "3"} and reveal[0].get("to") is None


@pytest.mark.rules("kawanakajima.8.totals", "kawanakajima.8.loss-retreat")
def test_ke3_totals_and_a_small_margin_retreats():
    for ucard, tcard, margin in (("4", "3", "1"), ("4.5", "4", "0.5")):
        s = play(duel(), "attack uB @1005")
        s, ev = fight(s, ucard, tcard)
        assert f"wins by {margin}" in texts(ev)
        assert "Totals: Uesugi Kagenobu 6 + " + ucard in texts(ev)
        assert at(s, "tB") == "1005" and R.current_player(s) == "takeda"  # retreat pending
        assert s["pending"] == [{"kind": "retreat", "unit": "tB"}]


@pytest.mark.rules("kawanakajima.8.loss-remove")
def test_ke4_a_margin_above_one_removes():
    for ucard, tcard in (("4.5", "3"), ("6", "1")):
        s = play(duel(), "attack uB @1005")
        s, ev = fight(s, ucard, tcard)
        assert at(s, "tB") is None and "removed" in texts(ev)
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "1", "5")  # the attacker can lose too
    assert at(s, "uB") is None and s["activation"] is None and s["finished"] == ["uB"]


@pytest.mark.rules("kawanakajima.8.retreat-marker-minus-one", "kawanakajima.8.retreat-marker-any-loss-removes")
def test_ke5_retreat_marker_minus_one_and_any_loss_removes():
    s = play(duel(units={"tB": "1005:up,rm"}), "attack uB @1005")
    assert R.combat_value(s, "tB", True) == 5 and R.combat_value(s, "tB", False) == 6
    s, ev = fight(s, "4.5", "5")  # 10.5 against 6 - 1 + 5 = 10: loses by 0.5 -> removed, not retreated
    assert at(s, "tB") is None and "retreat marker" in texts(ev) and not s["pending"]
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "4.5", "5")  # without the marker: 10.5 against 11, Nobushige wins
    assert at(s, "tB") == "1005" and s["pending"] == [{"kind": "retreat", "unit": "uB"}]


@pytest.mark.rules("kawanakajima.8.retreat-card", "kawanakajima.8.retreat-procedure")
def test_retreat_cards():
    # the defender plays Retreat: only he retreats; the attacker may move on (ruling R3)
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "1", "R")
    assert R.current_player(s) == "takeda" and s["pending"][0]["unit"] == "tB"
    s = play(s, "retreat tB @1105")
    assert s["units"]["tB"] == {"at": "1105", "seen": True, "retreat_marker": True}
    assert R.board.distance("1005", "1105") == 1
    assert s["activation"]["unit"] == "uB" and not s["activation"]["stopped"] and s["activation"]["attacked"]
    # the attacker plays Retreat: he retreats and his activation ends
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "R", "6")
    s = play(s, "retreat uB @0804")
    assert s["units"]["uB"] == {"at": "0804", "seen": True, "retreat_marker": True}
    assert s["activation"] is None and s["finished"] == ["uB"]
    assert at(s, "tB") == "1005"
    # both play Retreat: both retreat, the defender first
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "R", "R")
    assert [p["unit"] for p in s["pending"]] == ["tB", "uB"]
    s = play(s, "retreat tB @1006")
    s = play(s, "retreat uB @0804")
    assert s["units"]["tB"].get("retreat_marker") and s["units"]["uB"].get("retreat_marker")


@pytest.mark.rules("kawanakajima.8.retreat-restrictions")
def test_retreat_avoids_enemy_zoc_and_occupied_hexes():
    # tB at 1005; neighbours 1004 and 0906 are next to uB (0905), 1105 holds tC
    s = play(duel(units={"tC": "1105:up"}), "attack uB @1005")
    s, _ = fight(s, "4", "3")
    assert {a.to_text() for a in R.legal_actions(s)} == {"retreat tB @1006", "retreat tB @1106"}
    with pytest.raises(IllegalAction, match="kawanakajima.8.retreat-restrictions"):
        R.apply(s, "retreat tB @0906")
    with pytest.raises(IllegalAction, match="kawanakajima.8.retreat-restrictions"):
        R.apply(s, "retreat tB @1105")
    with pytest.raises(IllegalAction, match="kawanakajima.8.retreat-procedure"):
        R.apply(s, "retreat tB @1207")  # exactly one hex
    # uC on 0907 puts 1006 in an enemy ZOC too: one hex left, taken at once
    s = play(duel(units={"tC": "1105:up", "uC": "0907:up"}), "attack uB @1005")
    s, _ = fight(s, "4", "3")
    assert at(s, "tB") == "1106" and not s["pending"]


@pytest.mark.rules("kawanakajima.8.retreat-blocked")
def test_a_unit_with_nowhere_to_retreat_is_removed():
    # tB at 1005 hemmed in: 1004 1006 1105 1106 own units, 0905 uB, 0906 uC
    s = play(duel(units={"uC": "0906:up", "tC": "1004:up", "tD": "1006:up", "tE": "1105:up", "tF": "1106:up"}),
             "attack uB @1005")
    s, ev = fight(s, "4", "3")
    assert at(s, "tB") is None and "no hex to retreat into" in texts(ev)
    # a single legal hex: the retreat is made at once
    s = play(duel(units={"uC": "0906:up", "tC": "1004:up", "tD": "1006:up", "tE": "1105:up"}), "attack uB @1005")
    s, ev = fight(s, "4", "3")
    assert at(s, "tB") == "1106" and not s["pending"]


@pytest.mark.rules("kawanakajima.8.tie-replay", "kawanakajima.8.tie-repeat")
def test_ties_are_replayed_with_more_cards():
    s = play(duel(), "attack uB @1005")
    s, ev = fight(s, "3", "3")  # 9 = 9
    assert s["combat"]["tie"] and s["combat"]["round"] == 2 and R.current_player(s) == "uesugi"
    s, ev = fight(s, "5", "5")  # the tie-break cards tie again
    assert s["combat"]["round"] == 3
    s, ev = fight(s, "4", "2")  # 4 against 2: margin 2 > 1 -> removed (ruling R2)
    assert at(s, "tB") is None and "Tie-break" in texts(ev)
    s = play(duel(), "attack uB @1005")
    s, _ = fight(s, "3", "3")
    s, ev = fight(s, "2", "1")  # margin 1: retreat
    assert s["pending"] == [{"kind": "retreat", "unit": "tB"}]


@pytest.mark.rules("kawanakajima.8.tie-retreat-card")
def test_a_retreat_card_in_a_tie_break():
    s = play(duel(), "attack uB @1005")
    s, _ = fight(s, "3", "3")
    s, ev = fight(s, "6", "R")
    assert s["pending"] == [{"kind": "retreat", "unit": "tB"}]


@pytest.mark.rules("kawanakajima.8.discard", "kawanakajima.8.discards-public")
def test_played_cards_are_discarded_in_view_of_both():
    s = play(duel(), "attack uB @1005")
    s, _ = fight(s, "4.5", "R")
    assert s["discards"] == {"uesugi": ["4.5"], "takeda": ["R"]}
    assert "4.5" not in s["hands"]["uesugi"] and s["hands"]["takeda"].count("R") == 1
    for viewer in ("uesugi", "takeda", None):
        v = R.view_for(s, viewer)
        assert v["discards"] == s["discards"]
        for side in ("uesugi", "takeda"):
            assert len(v["hands"][side]) == len(s["hands"][side])
            if side != viewer:
                assert set(v["hands"][side]) == {"?"}
    assert deck_total(s, "uesugi") == 8 and deck_total(s, "takeda") == 9


@pytest.mark.rules("kawanakajima.8.refill")
def test_refill_compulsory_when_empty_optional_with_only_retreats():
    # the last card played: the hand is empty, the discards come back at once (turn 2: no exchange choice)
    s = with_cards(play(duel(), "attack uB @1005"), "uesugi", ["6"])
    s, ev = fight(s, "6", "1")
    assert s["hands"]["uesugi"] == ["1", "2", "3", "4", "4.5", "5", "6", "R"] and not s["discards"]["uesugi"]
    assert "takes back 8 discarded cards" in texts(ev)
    # only Retreat cards left: may play one or take the discards back
    s = with_cards(play(duel(), "attack uB @1005"), "uesugi", ["R"])
    acts = legal(s)
    assert acts == {"play =R", "refill"}
    s2 = play(s, "refill")
    assert len(s2["hands"]["uesugi"]) == 8 and R.current_player(s2) == "uesugi"
    # not allowed while other cards remain
    s = with_cards(play(duel(), "attack uB @1005"), "uesugi", ["2", "R"])
    with pytest.raises(IllegalAction, match="kawanakajima.8.refill"):
        R.apply(s, "refill")


@pytest.mark.rules("kawanakajima.8.takeda-exchange-when", "kawanakajima.8.takeda-exchange-optional",
                   "kawanakajima.8.takeda-exchange-permanent")
def test_the_takeda_exchange():
    def takeda_attacks(turn):
        s = position({"uB": "0905:up", "tB": "1005:up"}, turn=turn, active="takeda")
        return with_cards(play(s, "attack tB @0905"), "takeda", ["R"])

    # before turn 4: a plain refill only
    s = takeda_attacks(3)
    assert legal(s) == {"play =R", "refill"}
    with pytest.raises(IllegalAction, match="kawanakajima.8.takeda-exchange-when"):
        R.apply(s, "refill =exchange")
    # from turn 4: optional
    s = takeda_attacks(4)
    assert legal(s) == {"play =R", "refill", "refill =exchange"}
    kept = play(s, "refill")
    assert not kept["exchanged"] and kept["set_aside"]["takeda"] == ["5"]
    s, ev = apply(s, "refill =exchange")
    assert s["exchanged"] and s["set_aside"]["takeda"] == ["R"]
    assert s["hands"]["takeda"] == ["1", "2", "3", "4", "5", "5", "6", "R"]
    assert deck_total(s, "takeda") == 9
    # permanent: never again, and never back
    s = with_cards(s, "takeda", ["R"])
    assert legal(s) == {"play =R", "refill"}
    with pytest.raises(IllegalAction, match="kawanakajima.8.takeda-exchange-permanent"):
        R.apply(s, "refill =exchange")
    # Uesugi has nothing to exchange
    s = with_cards(play(position({"uB": "0905:up", "tB": "1005:up"}, turn=5), "attack uB @1005"), "uesugi", ["R"])
    assert legal(s) == {"play =R", "refill"}


def test_an_emptied_takeda_hand_chooses_the_exchange_at_once():
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=4, active="takeda")
    s = with_cards(play(s, "attack tB @0905"), "takeda", ["6"])
    s, ev = fight(s, "6", "1")
    assert R.current_player(s) == "takeda" and s["pending"][0] == {"kind": "refill", "side": "takeda"}
    assert legal(s) == {"refill", "refill =exchange"}
    s = play(s, "refill =exchange")
    assert s["exchanged"] and not s["pending"]


@pytest.mark.rules("kawanakajima.8.river-minus-one")
def test_a_unit_in_a_river_hex_fights_at_minus_one():
    s = position({"uB": "0511:up", "tB": "0512:up"}, turn=2)
    assert R.combat_value(s, "tB", True) == 5 and R.combat_value(s, "tB", False) == 5
    assert R.combat_value(s, "uB", False) == 6
    s = play(s, "attack uB @0512")
    s, ev = fight(s, "3", "4")  # 9 against 5 + 4 = 9: a tie only because of the river
    assert s["combat"]["tie"]


@pytest.mark.rules("kawanakajima.8.commander-retreat-penalty", "kawanakajima.8.commander-penalty-cumulative")
def test_commander_retreats_cost_every_other_unit_one_each_time():
    s = position({"uA": "0905:up", "tB": "1005:up", "uC": "0707"}, turn=2, active="takeda")
    s = play(s, "attack tB @0905")
    s, ev = fight(s, "1", "R")  # Kenshin plays Retreat
    s, ev = apply(s, "retreat uA @0804")
    assert s["commander_retreats"]["uesugi"] == 1 and "-1" in texts(ev)
    assert R.combat_value(s, "uC", False) == 6 - 1 and R.combat_value(s, "uA", False) == 6.5
    assert R.combat_value(s, "tB", False) == 6  # the other side is not affected
    # a second retreat (a combat loss this time) adds up
    s = position({"uA": "0905:up", "tB": "1005:up", "uC": "0707"}, turn=2, active="takeda",
                 retreats={"uesugi": 1})
    s = play(s, "attack tB @0905")
    s, _ = fight(s, "4", "3")  # 10 against 9.5: Kenshin loses by 0.5 and retreats
    s = play(s, "retreat uA @0904")
    assert s["commander_retreats"]["uesugi"] == 2
    assert R.combat_value(s, "uC", False) == 6 - 2
