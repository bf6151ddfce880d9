"""Combat [7.0]: obligations, calls, modifiers, the result table, retreats, advance, time;
numeric statements MN2-MN5."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE
from kassen.games.mukden import combat as cb
from kassen.games.mukden.movement import retreat_hexes

from .helpers import arrange, legal, play, rules, text


@pytest.fixture(scope="module")
def r():
    return rules()


def clean(r, jp_fp=5, ru_fp=4, **more):
    """Japanese 2nd Army (0306) next to the Russian 2nd Army (0305): open ground, no modifiers."""
    return arrange(r, {"jp-2": "0306", "ru-2": "0305", **more}, fp={"jp-2": jp_fp, "ru-2": ru_fp})


def fight(r, s, acall, dcall, adie, ddie, move="move jp-2 @0306", target="0305"):
    return play(r, s, move, f"attack @{target}", f"call ={acall}", f"call ={dcall}", f"roll ={adie}",
                f"roll ={ddie}")


def attack_value(r, s, move, target, call, dcall=1):
    s, _ = play(r, s, move, f"attack @{target}", f"call ={call}", f"call ={dcall}")
    return s["combat"]["modified_call"]


# -- who attacks whom -----------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.one-target")
def test_the_chosen_unit_attacks_one_adjacent_enemy(r):
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305", "ru-3": "0405", "ru-1": "0505"})
    s, _ = play(r, s, "move jp-2 @0306")
    assert legal(r, s) == ["attack @0305", "attack @0405"]
    with pytest.raises(IllegalAction, match="mukden.7.one-target"):
        r.apply(s, "attack @0505")  # not adjacent
    with pytest.raises(IllegalAction, match="mukden.7.one-target"):
        r.apply(s, "attack @0307")  # nobody there
    s, _ = r.apply(s, "attack @0405")
    assert s["combat"]["defender"] == "ru-3" and s["combat"]["attacker"] == "jp-2"


@pytest.mark.rules("mukden.7.attack-compulsory")
def test_attack_is_compulsory_for_the_chosen_unit(r):
    s, _ = play(r, clean(r), "move jp-2 @0306")
    assert legal(r, s) == ["attack @0305"]
    with pytest.raises(IllegalAction, match="mukden.7.attack-compulsory"):
        r.apply(s, "no-attack")
    s = arrange(r, {"jp-2": "0307", "ru-2": "0305"})
    s, _ = play(r, s, "move jp-2 @0306")  # moving next to an enemy makes the attack compulsory too
    assert legal(r, s) == ["attack @0305"]


@pytest.mark.rules("mukden.7.fortress-exemption")
def test_russian_unit_inside_the_fortress_need_not_attack_across_the_line(r):
    s = arrange(r, {"ru-3": "0505", "jp-4": "0506"}, active="russia")
    s1, _ = play(r, s, "move ru-3 @0505")
    assert legal(r, s1) == ["attack @0506", "no-attack"]
    s1, _ = r.apply(s1, "no-attack")
    assert s1["active"] == "japan" and s1["combat"] is None
    # also next to a Japanese unit not across the line: it must attack, and may pick either (ruling 8)
    s = arrange(r, {"ru-3": "0505", "jp-4": "0506", "jp-1": "0504"}, active="russia")
    s2, _ = play(r, s, "move ru-3 @0505")
    assert legal(r, s2) == ["attack @0504", "attack @0506"]
    # a Japanese unit in a fortress hex has no such exemption
    s = arrange(r, {"jp-4": "0505", "ru-3": "0506"})
    s3, _ = play(r, s, "move jp-4 @0505")
    assert legal(r, s3) == ["attack @0506"]


@pytest.mark.rules("mukden.7.mukden-exemption")
def test_russian_unit_in_mukden_is_never_obliged_to_attack(r):
    s = arrange(r, {"ru-gr-right": "0503", "jp-4": "0502", "jp-1": "0403"}, active="russia")
    s1, _ = play(r, s, "move ru-gr-right @0503")
    assert legal(r, s1) == ["attack @0403", "attack @0502", "no-attack"]
    s = arrange(r, {"ru-gr-right": "0502", "jp-4": "0503"}, active="russia")
    s2, _ = play(r, s, "move ru-gr-right @0502")
    assert "no-attack" not in legal(r, s2)


@pytest.mark.rules("mukden.7.unchosen-exempt")
def test_units_not_chosen_need_not_attack(r):
    s = clean(r, **{"jp-1": "0707"})
    s, ev = play(r, s, "move jp-1 @0707")  # the 2nd Army next to the enemy is not chosen
    assert s["active"] == "russia" and s["phase"] == "move" and s["combat"] is None
    assert not any(e["kind"] == "combat" for e in ev)


# -- the four steps --------------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.step1-attacker-call")
def test_step1_the_attacker_calls_first(r):
    s, _ = play(r, clean(r, jp_fp=5), "move jp-2 @0306", "attack @0305")
    assert r.current_player(s) == "japan" and s["phase"] == "attacker-call"
    assert legal(r, s) == [f"call ={n}" for n in range(1, 6)]
    s, ev = r.apply(s, "call =4")
    assert s["combat"]["attacker_call"] == 4 and "calls 4 FP" in text(ev[0]) and "to" not in ev[0]


@pytest.mark.rules("mukden.7.step2-defender-call")
def test_step2_then_the_defender_calls(r):
    s, _ = play(r, clean(r, ru_fp=4), "move jp-2 @0306", "attack @0305", "call =4")
    assert r.current_player(s) == "russia" and s["phase"] == "defender-call"
    assert legal(r, s) == [f"call ={n}" for n in range(1, 5)]
    s, ev = r.apply(s, "call =2")
    assert s["combat"]["defender_call"] == 2 and "to" not in ev[0]


@pytest.mark.rules("mukden.7.step3-difference")
def test_step3_difference_of_the_modified_calls(r):
    # fortress: 6 halved is 3, against 3: no bonus (the unmodified 6 - 3 would give +2)
    s = arrange(r, {"jp-4": "0506", "ru-3": "0505"}, fp={"jp-4": 6, "ru-3": 4})
    s, _ = play(r, s, "move jp-4 @0506", "attack @0505", "call =6", "call =3")
    assert (s["combat"]["modified_call"], s["combat"]["attacker_bonus"], s["combat"]["defender_bonus"]) == (3, 0, 0)
    s, _ = play(r, clean(r), "move jp-2 @0306", "attack @0305", "call =5", "call =4")
    assert (s["combat"]["modified_call"], s["combat"]["attacker_bonus"], s["combat"]["defender_bonus"]) == (5, 1, 0)


@pytest.mark.rules("mukden.7.step4-roll")
def test_step4_both_roll_then_the_result(r):
    s, _ = play(r, clean(r), "move jp-2 @0306", "attack @0305", "call =3", "call =3")
    assert r.current_player(s) == CHANCE and s["phase"] == "attacker-die"
    with pytest.raises(IllegalAction, match="mukden.7.step4-roll"):
        r.apply(play(r, clean(r), "move jp-2 @0306", "attack @0305")[0], "roll =3")
    s, _ = r.apply(s, "roll =4")
    assert s["combat"]["attacker_loss"] is None and r.current_player(s) == CHANCE
    s, _ = r.apply(s, "roll =1")
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (0, 2)


@pytest.mark.rules("mukden.7.underbid-allowed")
def test_a_call_may_be_lower_than_the_real_fp(r):
    s, ev = play(r, clean(r, jp_fp=5, ru_fp=4), "move jp-2 @0306", "attack @0305", "call =1", "call =2")
    assert "calls 1 FP" in text(ev[-3]) and "calls 2 FP" in text(ev[-2])
    # the combat uses the calls, not the real values (5 against 4 would give the attacker +1)
    assert (s["combat"]["modified_call"], s["combat"]["attacker_bonus"], s["combat"]["defender_bonus"]) == (1, 0, 1)
    assert s["fp"]["japan"]["jp-2"] == 5 and s["fp"]["russia"]["ru-2"] == 4


@pytest.mark.rules("mukden.7.call-min-one")
def test_a_call_is_between_one_and_the_real_fp(r):
    s, _ = play(r, clean(r, jp_fp=5), "move jp-2 @0306", "attack @0305")
    with pytest.raises(IllegalAction, match="at least 1 .mukden.7.call-min-one"):
        r.apply(s, "call =0")
    with pytest.raises(IllegalAction, match="never higher .mukden.7.call-min-one") as info:
        r.apply(s, "call =6")
    assert "5" not in str(info.value)  # the refusal does not reveal the real value
    s, _ = r.apply(s, "call =5")
    with pytest.raises(IllegalAction, match="mukden.7.call-min-one"):
        r.apply(s, "call =5")  # the Russian 2nd Army has 4
    bad = dict(s, phase="attacker-die", combat=dict(s["combat"], defender_call=9, modified_call=5,
                                                              attacker_bonus=0, defender_bonus=2))
    assert any("mukden.7.call-min-one" in e for e in r.validate(bad))


# -- modifiers -----------------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.fortress-halve")
def test_japanese_attack_across_a_fortress_line_is_halved_rounding_up(r):
    s = arrange(r, {"jp-4": "0506", "ru-3": "0505"}, fp={"jp-4": 7})
    assert attack_value(r, s, "move jp-4 @0506", "0505", 7) == 4
    assert attack_value(r, s, "move jp-4 @0506", "0505", 5) == 3
    s = arrange(r, {"jp-4": "0504", "ru-3": "0505"}, fp={"jp-4": 7})
    assert attack_value(r, s, "move jp-4 @0504", "0505", 7) == 7  # no fortress hexside between
    s = arrange(r, {"jp-4": "0506", "ru-3": "0505"}, fp={"ru-3": 4}, active="russia")
    assert attack_value(r, s, "move ru-3 @0505", "0506", 4) == 4  # only Japanese attacks are halved
    s = arrange(r, {"jp-4": "0405", "ru-3": "0406"}, fp={"jp-4": 6})
    assert attack_value(r, s, "move jp-4 @0405", "0406", 6) == 6  # outward from the inside: not halved


@pytest.mark.rules("mukden.7.mukden-halve")
def test_japanese_attack_on_mukden_is_halved_rounding_up(r):
    s = arrange(r, {"jp-4": "0502", "ru-gr-right": "0503"}, fp={"jp-4": 5})
    assert attack_value(r, s, "move jp-4 @0502", "0503", 5) == 3
    s = arrange(r, {"jp-4": "0402", "ru-gr-right": "0503"}, fp={"jp-4": 7})
    assert attack_value(r, s, "move jp-4 @0402", "0503", 7) == 4
    s = arrange(r, {"jp-4": "0503", "ru-gr-right": "0502"}, fp={"jp-4": 7})
    assert attack_value(r, s, "move jp-4 @0503", "0502", 7) == 7  # attacking out of Mukden: no halving
    s = arrange(r, {"jp-4": "0502", "ru-gr-right": "0503"}, fp={"ru-gr-right": 4}, active="russia")
    s, _ = play(r, s, "move ru-gr-right @0503", "attack @0502", "call =4", "call =1")
    assert s["combat"]["modified_call"] == 4


@pytest.mark.rules("mukden.7.river-minus-one")
def test_attack_across_the_river_loses_one(r):
    s = arrange(r, {"jp-4": "0504", "ru-2": "0403"}, fp={"jp-4": 5})
    assert attack_value(r, s, "move jp-4 @0504", "0403", 5) == 4
    s = arrange(r, {"jp-4": "0504", "ru-2": "0403"}, fp={"ru-2": 4}, active="russia")
    assert attack_value(r, s, "move ru-2 @0403", "0504", 4) == 3  # any attacker
    s = arrange(r, {"jp-4": "0504", "ru-2": "0404"}, fp={"jp-4": 5})
    assert attack_value(r, s, "move jp-4 @0504", "0404", 5) == 5  # no river between


@pytest.mark.rules("mukden.7.mountain-minus-one")
def test_attack_on_a_mountain_hex_loses_one(r):
    s = arrange(r, {"jp-1": "0804", "ru-1": "0805"}, fp={"jp-1": 5})
    assert attack_value(r, s, "move jp-1 @0804", "0805", 5) == 4
    s = arrange(r, {"jp-1": "0804", "ru-1": "0805"}, fp={"ru-1": 4}, active="russia")
    assert attack_value(r, s, "move ru-1 @0805", "0804", 4) == 4  # attacking out of a mountain: no change
    assert cb.modified_call(1, ["mountain"]) == 0 and cb.modified_call(1, ["mountain"], None) == 0
    assert cb.modified_call(1, ["river", "mountain"], 0) == 0  # ruling 5: never below 0
    assert cb.modified_call(1, ["river", "mountain"], None) == -1  # the option without a floor


@pytest.mark.rules("mukden.7.mods-cumulative")
def test_all_modifiers_apply_together(r):
    s = arrange(r, {"jp-1": "0803", "ru-1": "0904"}, fp={"jp-1": 5})
    assert attack_value(r, s, "move jp-1 @0803", "0904", 5) == 3  # river -1 and mountain -1
    assert cb.modifiers(r.map, "japan", "0803", "0904") == ["river", "mountain"]


@pytest.mark.rules("mukden.7.halve-last")
def test_halving_is_applied_last(r):
    s = arrange(r, {"jp-4": "0504", "ru-gr-right": "0503"}, fp={"jp-4": 6})
    assert attack_value(r, s, "move jp-4 @0504", "0503", 6) == 3  # (6-1)/2 up = 3; halving first would give 2
    assert cb.modified_call(6, ["river", "mukden"]) == 3
    assert cb.modified_call(2, ["river", "mountain", "fortress"]) == 0


def test_mn4_call_5_against_mukden_across_the_river(r):
    """MN4: (5 - 1) = 4, then halved = 2."""
    s = arrange(r, {"jp-4": "0504", "ru-gr-right": "0503"}, fp={"jp-4": 5})
    assert attack_value(r, s, "move jp-4 @0504", "0503", 5) == 2


# -- difference and result ------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.diff-positive")
def test_positive_difference_is_added_to_the_attackers_die(r):
    s, _ = fight(r, clean(r), 4, 3, 2, 4)  # 2+1 against 4: both lose 1 (without the bonus: 2)
    assert (s["combat"]["attacker_bonus"], s["combat"]["defender_bonus"]) == (1, 0)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (1, 1)


@pytest.mark.rules("mukden.7.diff-negative")
def test_negative_difference_is_added_to_the_defenders_die(r):
    s, _ = fight(r, clean(r), 3, 4, 4, 2)  # 4 against 2+1: both lose 1 (without the bonus: 2)
    assert (s["combat"]["attacker_bonus"], s["combat"]["defender_bonus"]) == (0, 1)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (1, 1)


@pytest.mark.rules("mukden.7.diff-cap-two")
def test_the_die_bonus_is_at_most_two(r):
    """MN2: a modified difference of +5 gives the attacker +2."""
    s, _ = fight(r, clean(r, jp_fp=6, ru_fp=4), 6, 1, 1, 6)
    assert s["combat"]["attacker_bonus"] == 2
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (2, 0)  # 1+2 against 6; uncapped: 6 vs 6
    assert cb.die_bonus(6, 1) == (2, 0) and cb.die_bonus(1, 6) == (0, 2) and cb.die_bonus(3, 3) == (0, 0)


@pytest.mark.rules("mukden.7.result-diff-0-1")
def test_results_within_one_cost_both_sides_one(r):
    """MN3 (0 and 1)."""
    for adie, ddie in ((3, 3), (4, 3), (3, 4)):
        s, _ = fight(r, clean(r), 2, 2, adie, ddie)
        assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (1, 1), (adie, ddie)
    assert cb.losses(5, 5) == (1, 1) and cb.losses(5, 4) == (1, 1) and cb.losses(4, 5) == (1, 1)


@pytest.mark.rules("mukden.7.result-diff-2")
def test_a_difference_of_two_costs_the_lower_side_one(r):
    """MN3 (2)."""
    s, _ = fight(r, clean(r), 2, 2, 5, 3)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (0, 1)
    s, _ = fight(r, clean(r), 2, 2, 2, 4)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (1, 0)


@pytest.mark.rules("mukden.7.result-diff-3plus")
def test_a_difference_of_three_or_more_costs_the_lower_side_two(r):
    """MN3 (3 or more)."""
    s, _ = fight(r, clean(r), 2, 2, 6, 3)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (0, 2)
    s, _ = fight(r, clean(r), 2, 2, 1, 6)
    assert (s["combat"]["attacker_loss"], s["combat"]["defender_loss"]) == (2, 0)
    assert cb.losses(8, 1) == (0, 2)


@pytest.mark.rules("mukden.7.record-loss")
def test_losses_come_off_the_secret_record(r):
    s, _ = fight(r, clean(r, jp_fp=5, ru_fp=4), 2, 2, 3, 3)
    s, ev = play(r, s, "stand", "stand")
    assert s["fp"]["japan"]["jp-2"] == 4 and s["fp"]["russia"]["ru-2"] == 3
    assert s["allotment"]["japan"]["jp-2"] == 5  # the allotment is kept for the end
    mine = [e for e in ev if e.get("to") == "japan"]
    assert mine and "now has 4 FP" in text(mine[0])
    assert r.view_for(s, "russia")["fp"]["japan"] is None
    assert all("now has" not in text(e) for e in ev if e.get("to") is None)


@pytest.mark.rules("mukden.7.zero-removed")
def test_a_unit_at_zero_is_removed(r):
    s, _ = fight(r, clean(r, jp_fp=5, ru_fp=1), 2, 1, 3, 3)
    s, ev = play(r, s, "stand", "stand")
    assert s["units"]["ru-2"]["at"] is None and s["fp"]["russia"]["ru-2"] == 0
    assert any("destroyed" in text(e) for e in ev)
    s2 = dict(s, units={**s["units"], "ru-2": {"at": "0101"}})
    assert any("mukden.7.zero-removed" in e for e in r.validate(s2))


# -- retreat and advance -------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.retreat-order")
def test_attacker_decides_first_then_defender(r):
    s, _ = fight(r, clean(r), 2, 2, 3, 3)
    assert s["phase"] == "attacker-retreat" and r.current_player(s) == "japan"
    s, _ = r.apply(s, "stand")
    assert s["phase"] == "defender-retreat" and r.current_player(s) == "russia"
    # losses are recorded only after both decisions (ruling 3)
    assert s["fp"]["japan"]["jp-2"] == 5 and s["fp"]["russia"]["ru-2"] == 4


@pytest.mark.rules("mukden.7.attacker-retreat-blocks-defender")
def test_if_the_attacker_retreats_the_defender_may_not(r):
    s, _ = fight(r, clean(r), 2, 2, 3, 3)
    s, _ = r.apply(s, "retreat @0307")
    assert s["phase"] != "defender-retreat" and s["active"] == "russia" and s["phase"] == "move"
    bad = dict(s, phase="defender-retreat", chosen="jp-2",
               combat={"attacker": "jp-2", "defender": "ru-2", "attacker_at": "0306", "defender_at": "0305",
                       "attacker_call": 2, "defender_call": 2, "modified_call": 2, "attacker_bonus": 0,
                       "defender_bonus": 0, "attacker_die": 3, "defender_die": 3, "attacker_loss": 1,
                       "defender_loss": 1, "attacker_retreated": True, "defender_retreated": False})
    assert any("after the attacker" in e for e in r.validate(bad))


@pytest.mark.rules("mukden.7.attacker-retreat-zeroes-defender-loss")
def test_the_attackers_retreat_cancels_the_defenders_loss(r):
    s, _ = fight(r, clean(r, jp_fp=5, ru_fp=4), 2, 2, 3, 3)  # both would lose 1
    s, ev = r.apply(s, "retreat @0307")
    assert s["fp"]["russia"]["ru-2"] == 4  # defender: 0
    assert s["fp"]["japan"]["jp-2"] == 5  # attacker: 1 - 1 for retreating
    assert s["units"]["jp-2"]["at"] == "0307"


@pytest.mark.rules("mukden.7.retreat-reduces-loss")
def test_retreating_reduces_the_units_own_loss_by_one(r):
    s, _ = fight(r, clean(r, jp_fp=5, ru_fp=4), 2, 2, 6, 2)  # defender loses 2, attacker nothing
    assert s["phase"] == "defender-retreat"
    s, _ = r.apply(s, "retreat @0304")
    assert s["fp"]["russia"]["ru-2"] == 3 and s["units"]["ru-2"]["at"] == "0304"
    s2, _ = fight(r, clean(r, jp_fp=5, ru_fp=4), 2, 2, 6, 2)
    s2, _ = r.apply(s2, "stand")
    assert s2["fp"]["russia"]["ru-2"] == 2
    # a unit that would reach 0 survives by retreating
    s3, _ = fight(r, clean(r, jp_fp=5, ru_fp=1), 2, 1, 3, 3)
    s3, _ = play(r, s3, "stand", "retreat @0304")
    assert s3["units"]["ru-2"]["at"] == "0304" and s3["fp"]["russia"]["ru-2"] == 1


@pytest.mark.rules("mukden.7.retreat-one-hex")
def test_a_retreat_is_one_hex(r):
    s, _ = fight(r, clean(r), 2, 2, 3, 3)
    cells = [a.split("@")[1] for a in legal(r, s) if a.startswith("retreat")]
    assert cells and all(c in r.map.neighbors["0306"] for c in cells)
    with pytest.raises(IllegalAction, match="mukden.7.retreat-one-hex"):
        r.apply(s, "retreat @0308")


@pytest.mark.rules("mukden.7.retreat-not-adjacent-enemy")
def test_retreat_only_to_a_hex_not_next_to_an_enemy(r):
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305", "ru-3": "0507", "jp-4": "0307"}, fp={"jp-2": 5, "ru-2": 4})
    s, _ = fight(r, s, 2, 2, 3, 3)
    assert legal(r, s) == ["retreat @0206", "stand"]  # 0205/0405 touch ru-2, 0406 touches ru-3, 0307 occupied
    with pytest.raises(IllegalAction, match="mukden.7.retreat-not-adjacent-enemy"):
        r.apply(s, "retreat @0205")
    with pytest.raises(IllegalAction, match="mukden.6.no-shared-hex"):
        r.apply(s, "retreat @0307")


@pytest.mark.rules("mukden.7.retreat-none-available")
def test_no_retreat_when_no_hex_is_available(r):
    s = arrange(r, {"jp-2": "0306", "ru-2": "0305", "jp-1": "0307", "jp-4": "0406", "jp-yalu": "0206"},
                fp={"jp-2": 5, "ru-2": 4})
    s, _ = fight(r, s, 2, 2, 3, 3)
    assert s["phase"] == "defender-retreat"  # the attacker, boxed in, is not even asked
    assert retreat_hexes(r.map, s["units"], "jp-2") == []
    s, _ = r.apply(s, "stand")
    assert s["fp"]["japan"]["jp-2"] == 4


@pytest.mark.rules("mukden.7.retreat-undamaged-forbidden")
def test_a_side_without_loss_may_not_retreat(r):
    s, _ = fight(r, clean(r), 2, 2, 6, 2)  # attacker undamaged
    assert s["phase"] == "defender-retreat"
    assert all(c.split("@")[1] in r.map.neighbors["0305"] for c in legal(r, s) if c.startswith("retreat"))
    s, _ = fight(r, clean(r), 2, 2, 2, 6)  # defender undamaged
    assert s["phase"] == "attacker-retreat"
    s, _ = r.apply(s, "stand")
    assert s["phase"] == "move" and s["active"] == "russia"  # the defender was not asked
    assert s["fp"]["japan"]["jp-2"] == 3


@pytest.mark.rules("mukden.7.advance")
def test_the_attacker_may_advance_into_the_vacated_hex(r):
    s, _ = fight(r, clean(r, **{"ru-3": "0404"}), 2, 2, 6, 2)
    s, _ = r.apply(s, "retreat @0204")
    assert s["phase"] == "advance" and legal(r, s) == ["advance @0305", "stay"]
    with pytest.raises(IllegalAction, match="mukden.7.advance"):
        r.apply(s, "advance @0205")
    s2, _ = r.apply(s, "advance @0305")
    assert s2["units"]["jp-2"]["at"] == "0305"
    assert s2["active"] == "russia" and s2["phase"] == "move"  # next to ru-3 and ru-2 again: no new attack
    s3, _ = r.apply(s, "stay")
    assert s3["units"]["jp-2"]["at"] == "0306"
    # after a removal, too
    s, _ = fight(r, clean(r, ru_fp=2), 2, 2, 6, 2)
    s, _ = r.apply(s, "stand")
    assert s["units"]["ru-2"]["at"] is None and s["phase"] == "advance"
    # no advance when the defender stays
    s, _ = fight(r, clean(r), 2, 2, 3, 3)
    s, _ = play(r, s, "stand", "stand")
    assert s["phase"] == "move"


# -- time -----------------------------------------------------------------------------------------

@pytest.mark.rules("mukden.7.time-one-six")
def test_one_natural_six_passes_one_time(r):
    s, ev = fight(r, clean(r), 2, 2, 6, 3)
    assert s["time"] == 1 and any(e["kind"] == "time" for e in ev)
    s, _ = fight(r, clean(r), 2, 2, 3, 6)
    assert s["time"] == 1
    s, _ = fight(r, clean(r), 5, 2, 5, 1)  # 5 + 2 = 7: a modified six or more is not a natural six
    assert s["time"] == 0
    assert cb.time_passed(6, 1) == 1 and cb.time_passed(5, 5) == 0


@pytest.mark.rules("mukden.7.time-two-sixes")
def test_two_sixes_pass_two_time(r):
    """MN5: both players roll 6: elapsed time +2."""
    s, _ = fight(r, clean(r), 2, 2, 6, 6)
    assert s["time"] == 2
    assert cb.time_passed(6, 6) == 2


@pytest.mark.rules("mukden.7.time-recorded")
def test_time_is_a_running_total(r):
    s = clean(r, jp_fp=6, ru_fp=4, **{"jp-1": "0708", "ru-1": "0101"})
    s, _ = fight(r, s, 2, 2, 6, 5)
    s, _ = play(r, s, "stand", "stand")
    assert s["time"] == 1 and s["active"] == "russia"
    s, _ = play(r, s, "move ru-2 @0305", "attack @0306", "call =1", "call =1", "roll =6", "roll =6")
    assert s["time"] == 3
    assert ("Time", "3 / 10") in r.status(r.view_for(s, None))


@pytest.mark.rules("mukden.7.time-ten-ends")
def test_time_reaching_ten_ends_the_game_after_the_combat(r):
    s = clean(r)
    s["time"] = 9
    s, ev = fight(r, s, 2, 2, 6, 5)
    assert s["time"] == 10 and s["phase"] == "attacker-retreat"  # the combat is finished first
    assert not r.validate(s)
    s, ev = play(r, s, "stand", "stand")
    assert s["phase"] == "over" and s["ended"] == "time"
    assert r.outcome(s)["level"] == "time"
    s = clean(r)
    s["time"] = 9
    s, _ = fight(r, s, 2, 2, 6, 6)  # 9 -> 11 also ends it
    s, _ = play(r, s, "stand", "stand")
    assert s["phase"] == "over" and r.status(r.view_for(s, None))[2] == ("Time", "10 / 10")
    s = clean(r)
    s["time"] = 8
    s, _ = fight(r, s, 2, 2, 6, 5)
    s, _ = play(r, s, "stand", "stand")
    assert s["phase"] == "move"  # 9: the game goes on


def test_the_floor_on_modified_fp_is_an_option(r):
    """Ruling 5: 1 - 1 (river) - 1 (mountain) stops at 0 by default; the option null removes the floor."""
    from .helpers import allotted

    positions = {"jp-1": "0803", "ru-1": "0904"}
    s = arrange(r, positions)
    assert attack_value(r, s, "move jp-1 @0803", "0904", 1) == 0
    base = allotted(r)
    base["options"] = {"modified_fp_floor": None}
    s = arrange(r, positions, state=base)
    assert not r.validate(s)
    s, _ = play(r, s, "move jp-1 @0803", "attack @0904", "call =1", "call =1")
    assert s["combat"]["modified_call"] == -1 and s["combat"]["defender_bonus"] == 2
    assert r.setup(1, {"modified_fp_floor": None})["options"] == {"modified_fp_floor": None}
