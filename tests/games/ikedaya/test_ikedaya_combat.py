"""Combat: one die per counter (at most three), the Swordsman die, the Door die and its cancellation,
highest die plus highest strength, losses equal to the difference (the loser chooses), retreats,
removal when a retreat is impossible, the winner's advance, fighting in place."""
import pytest

from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE

from kassen.games.ikedaya.victory import tally

from .helpers import apply, apply_events, at, get_rules, is_legal, legal, position, text


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def dice(state):
    return state["step"]["dice"]


def roll(rules, state, *values):
    for v in values:
        assert rules.current_player(state) == CHANCE
        assert len(rules.chance_outcomes(state)) == 6  # one die per chance node
        state = apply(rules, state, f"roll ={v}")
    return state


def assault(rules, **extra):
    """Kondō and Nagakura on 2C2 (the corridor), three Ronin behind door D1 in 2C1."""
    where = {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1", "miyabe": "2C1", "kitazoe": "2C1"}
    where.update(extra)
    return position(rules, where)


@pytest.mark.rules("ikedaya.combat.mandatory-same-floor")
def test_becoming_adjacent_on_the_same_floor_forces_combat(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2C1"})
    s = apply(rules, s, "move kondo @2C2")
    assert rules.current_player(s) == CHANCE and s["step"]["kind"] == "combat"
    # with two adjacent enemy squares the player picks one, but may not decline
    s = position(rules, {"kondo": "1C1", "katsura": "2C1", "yoshida": "2C3"})
    s = apply(rules, s, "move kondo @2C2")
    assert legal(rules, s) == {"attack @2C1", "attack @2C3"}
    assert rules.prompt(rules.view_for(s, None)) == "Shinsengumi: combat is compulsory: choose the one square to attack."
    with pytest.raises(IllegalAction, match="ikedaya.combat.mandatory-same-floor"):
        rules.apply(s, "hold")


@pytest.mark.rules("ikedaya.combat.cross-floor-allowed")
def test_combat_across_the_stairs_is_optional(rules):
    s = position(rules, {"kondo": "1C2", "katsura": "2C2"})
    s = apply(rules, s, "move kondo @1C1")
    assert legal(rules, s) == {"attack @2C2", "hold"}
    assert rules.describe(Action.parse("hold"), rules.view_for(s, None)) == "No combat"
    declined = apply(rules, s, "hold")
    assert declined["step"] is None and declined["units"]["kondo"]["spent"] and at(declined, "katsura") == "2C2"
    fought = apply(rules, s, "attack @2C2")
    assert fought["step"]["kind"] == "combat" and fought["step"]["target"] == "2C2"
    # and a stack next to an enemy only across the stairs may also fight without moving
    s = position(rules, {"kondo": "1C1", "katsura": "2C2"})
    assert is_legal(rules, s, "attack kondo @2C2") and is_legal(rules, s, "move kondo @1C2")


@pytest.mark.rules("ikedaya.combat.dice-per-counter")
def test_one_die_per_counter_at_most_three(rules):
    s = position(rules, {"takeda": "1C2", "katsura": "1C1"})  # Takeda: no skill; 1 vs 1
    assert dice(apply(rules, s, "attack takeda @1C1")) == [1, 1]
    s = position(rules, {"takeda": "1C2", "todo": "1C2", "katsura": "1C1", "miyabe": "1C1", "kitazoe": "1C1"})
    assert dice(apply(rules, s, "attack todo,takeda @1C1")) == [2, 3]
    # five Shinsengumi in the Entrance (the set-up stack) still roll at most three (+1 Swordsman)
    five = {u: "1C1" for u in ("kondo", "nagakura", "todo", "takeda", "okita")}
    s = position(rules, {**five, "miyabe": "1C2", "kitazoe": "1C2", "katsura": "1C2"}, active="ronin")
    assert dice(apply(rules, s, "attack katsura,miyabe,kitazoe @1C1")) == [3, 4]


@pytest.mark.rules("ikedaya.combat.swordsman-die")
def test_one_extra_die_for_a_swordsman(rules):
    s = position(rules, {"kondo": "1C2", "nagakura": "1C2", "katsura": "1C1"})
    assert dice(apply(rules, s, "attack kondo,nagakura @1C1")) == [3, 1]  # two Swordsmen: still one extra
    s = position(rules, {"kondo": "1C2", "katsura": "1C1"})
    assert dice(apply(rules, s, "attack kondo @1C1")) == [2, 1]


@pytest.mark.rules("ikedaya.combat.door-defender-die")
@pytest.mark.rules("ikedaya.map.door")
def test_the_defender_behind_a_door_rolls_one_more(rules):
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    assert dice(s) == [3, 4]  # 3 Ronin + door
    # the same fight with no door between (2C2-2C3 is open)
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C3", "miyabe": "2C3", "kitazoe": "2C3"})
    assert dice(apply(rules, s, "attack kondo,nagakura @2C3")) == [3, 3]
    # a Ronin defender with a Swordsman-free stack behind a door: the maximum is 4 (5 with a Swordsman)
    s = position(rules, {"kondo": "1B2", "nagakura": "1B2", "okita": "1B2", "katsura": "1B1"}, active="ronin")
    assert dice(apply(rules, s, "attack katsura @1B2")) == [1, 5]


@pytest.mark.rules("ikedaya.combat.door-cancel")
def test_a_sword_or_spear_cancels_the_door_die(rules):
    s = apply(rules, assault(rules, todo="2C2"), "attack kondo,nagakura,todo @2C1")
    assert dice(s) == [4, 3]  # Tōdō's Sword (刀): no door die
    s = position(rules, {"kondo": "1B2", "katsura": "1B1", "yoshida": "1B1"}, active="ronin")
    assert dice(apply(rules, s, "attack katsura,yoshida @1B2")) == [2, 2]  # Yoshida's Spear (槍)
    assert dice(apply(rules, s, "attack katsura @1B2")) == [1, 3]  # Katsura alone: Light does not cancel
    # a Swordsman (剣) is not a Sword: Kondō and Nagakura do not cancel the door die (above: [3, 4])


@pytest.mark.rules("ikedaya.combat.total")
def test_total_is_highest_die_plus_highest_strength(rules):
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    s, events = apply_events(rules, s, "roll =2", "roll =5", "roll =1", "roll =3", "roll =1", "roll =6", "roll =2")
    summary = [text(e) for e in events if "strength" in text(e)][0]
    assert summary == "Shinsengumi 5 + strength 4 = 9; Ronin 6 + strength 3 = 9"
    assert at(s, "katsura") == "2C1" and s["step"] is None  # 9 = 9: a tie


@pytest.mark.rules("ikedaya.combat.higher-wins")
@pytest.mark.rules("ikedaya.combat.removed-is-killed")
def test_the_higher_total_wins(rules):
    s0 = assault(rules, yoshida="2A4")
    before = tally(rules, s0)["scores"]["shinsengumi"]
    s = apply(rules, s0, "attack kondo,nagakura @2C1")
    s = roll(rules, s, 6, 1, 1, 1, 1, 1, 1)  # 6 + 4 = 10 against 1 + 3 = 4
    for u in ("katsura", "miyabe", "kitazoe"):
        assert at(s, u) is None
    assert tally(rules, s)["scores"]["shinsengumi"] == before + 4 + 3 + 2  # removed counters count as killed


@pytest.mark.rules("ikedaya.combat.loss-equals-diff")
def test_losses_equal_the_difference_and_the_loser_chooses(rules):
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    s = roll(rules, s, 5, 1, 1, 4, 1, 1, 1)  # 5 + 4 = 9 against 4 + 3 = 7: two losses out of three
    assert s["step"]["kind"] == "loss" and s["step"]["left"] == 2
    assert rules.current_player(s) == "ronin"  # ruling r08: the loser chooses
    assert legal(rules, s) == {"lose katsura", "lose miyabe", "lose kitazoe"}
    s = apply(rules, s, "lose kitazoe", "lose miyabe")
    assert at(s, "kitazoe") is None and at(s, "miyabe") is None and at(s, "katsura") == "2C1"
    assert s["step"]["kind"] == "retreat"
    # a difference larger than the counters that fought removes them all, with no choice
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    s = roll(rules, s, 6, 6, 6, 1, 1, 1, 2)  # 10 against 5: five, capped at three
    assert all(at(s, u) is None for u in ("katsura", "miyabe", "kitazoe")) and s["step"] is None


@pytest.mark.rules("ikedaya.combat.tie-nothing")
def test_a_tie_changes_nothing(rules):
    s0 = assault(rules)
    s = apply(rules, s0, "attack kondo,nagakura @2C1")
    s = roll(rules, s, 3, 3, 3, 4, 4, 4, 4)  # 3 + 4 = 7 against 4 + 3 = 7
    for u in ("kondo", "nagakura", "katsura", "miyabe", "kitazoe"):
        assert at(s, u) == at(s0, u)
    assert s["units"]["kondo"]["spent"] and rules.current_player(s) == "ronin"


@pytest.mark.rules("ikedaya.combat.one-target")
def test_IE1_one_target_square_chosen_by_the_phasing_player(rules):
    """IE1 (Q1): adjacent to two enemy squares after moving, the phasing player picks one."""
    s = position(rules, {"kondo": "1C1", "nagakura": "1C1", "katsura": "2C1", "miyabe": "2C1",
                         "yoshida": "2C3", "hirooka": "2C3"})
    s = apply(rules, s, "move kondo,nagakura @2C2")
    assert rules.current_player(s) == "shinsengumi" and legal(rules, s) == {"attack @2C1", "attack @2C3"}
    s = apply(rules, s, "attack @2C3")
    assert s["step"]["defenders"] == ["yoshida", "hirooka"] and dice(s) == [3, 2]
    s = roll(rules, s, 6, 6, 6, 1, 1)  # win by 10 - 3 = 7: both removed
    assert at(s, "yoshida") is None and at(s, "katsura") == "2C1" and at(s, "miyabe") == "2C1"
    assert at(s, "kondo") == "2C3"  # advanced; no second combat (ruling r13)
    assert rules.current_player(s) == "ronin"


@pytest.mark.rules("ikedaya.retreat.survivors-retreat")
def test_survivors_retreat_one_square(rules):
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    s = roll(rules, s, 5, 1, 1, 4, 1, 1, 1)  # lose 2 of 3
    s = apply(rules, s, "lose kitazoe", "lose miyabe")
    assert legal(rules, s) == {"retreat katsura @2B1"}
    with pytest.raises(IllegalAction, match="ikedaya.retreat"):
        rules.apply(s, "retreat katsura @2A1")  # two squares away
    s = apply(rules, s, "retreat katsura @2B1")
    assert at(s, "katsura") == "2B1"
    assert at(s, "kondo") == "2C1" and at(s, "nagakura") == "2C1"  # the winners advance


@pytest.mark.rules("ikedaya.retreat.not-adjacent-enemy")
def test_no_retreat_next_to_an_enemy(rules):
    # Ronin in 2C3 beaten from 2C2; 2B3 is next to Takeda in 2A3, so only 2C4 remains
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "takeda": "2A3", "katsura": "2C3", "miyabe": "2C3"})
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "takeda": "2A3", "katsura": "2C3", "miyabe": "2C3",
                         "kitazoe": "2C3"})
    s = apply(rules, s, "attack kondo,nagakura @2C3")
    s = roll(rules, s, 4, 1, 1, 4, 1, 1)  # 8 against 7: one loss
    s = apply(rules, s, "lose kitazoe")
    assert legal(rules, s) == {"retreat katsura @2C4", "retreat miyabe @2C4"}
    with pytest.raises(IllegalAction, match="ikedaya.retreat.not-adjacent-enemy"):
        rules.apply(s, "retreat katsura @2B3")


@pytest.mark.rules("ikedaya.retreat.blocked-removed")
def test_a_counter_that_cannot_retreat_is_removed(rules):
    # Takeda in 2A1 makes 2B1, the only way back from 2C1, a square next to an enemy
    s = assault(rules, takeda="2A1")
    s = apply(rules, s, "attack kondo,nagakura @2C1")
    s, events = apply_events(rules, s, *(f"roll ={v}" for v in (5, 1, 1, 4, 1, 1, 1)), "lose kitazoe")
    s, events = apply_events(rules, s, "lose miyabe")
    assert at(s, "katsura") is None
    assert any("cannot retreat" in text(e) for e in events)
    assert at(s, "kondo") == "2C1"


@pytest.mark.rules("ikedaya.combat.winner-advance")
def test_the_winners_advance_into_the_losers_square(rules):
    s = apply(rules, assault(rules), "attack kondo,nagakura @2C1")
    s = roll(rules, s, 6, 1, 1, 1, 1, 1, 1)
    assert at(s, "kondo") == "2C1" and at(s, "nagakura") == "2C1"
    # the defenders advance too when the attacker loses: Kondō alone is beaten by 1 and removed
    s = position(rules, {"kondo": "2C2", "katsura": "2C1", "miyabe": "2C1", "kitazoe": "2C1"})
    s = apply(rules, s, "attack kondo @2C1")
    s = roll(rules, s, 1, 1, 3, 1, 1, 1)  # 5 against 6
    assert at(s, "kondo") is None
    assert {at(s, u) for u in ("katsura", "miyabe", "kitazoe")} == {"2C2"}


def test_fighting_in_place_and_a_beaten_attacker_retreating(rules):
    """Ruling r07 (fight in place) and r08 for the attacker's own losses."""
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1"})
    s = apply(rules, s, "attack kondo,nagakura @2C1")
    s = roll(rules, s, 1, 1, 1, 6, 6)  # 1 + 4 = 5 against 6 + 3 = 9: lose 4, capped at 2
    assert at(s, "kondo") is None and at(s, "nagakura") is None and at(s, "katsura") == "2C2"
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1"})
    s = apply(rules, s, "attack kondo,nagakura @2C1")
    s = roll(rules, s, 4, 1, 1, 5, 1)  # 4 + 4 = 8 against 5 + 3 = 8: a tie
    assert s["step"] is None
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1"})
    s = apply(rules, s, "attack kondo,nagakura @2C1")
    s = roll(rules, s, 3, 1, 1, 5, 1)  # 7 against 8: one loss, chosen by the Shinsengumi
    assert rules.current_player(s) == "shinsengumi" and legal(rules, s) == {"lose kondo", "lose nagakura"}
    s = apply(rules, s, "lose nagakura")
    assert legal(rules, s) == {"retreat kondo @2C3", "retreat kondo @1C1"}  # along the stairs too
    s = apply(rules, s, "retreat kondo @1C1")
    assert at(s, "katsura") == "2C2" and s["units"]["kondo"]["spent"]


def test_defenders_are_not_spent_and_a_blocked_advance_stays(rules):
    """Rulings n11 and n05."""
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1"}, spent=["nagakura"])
    s = apply(rules, s, "attack kondo @2C1")
    s = roll(rules, s, 1, 1, 6, 6)  # 5 against 9: Kondō removed; Nagakura (spent, not fighting) stays
    assert at(s, "kondo") is None and at(s, "katsura") == "2C1"  # cannot advance into Nagakura's square
    assert not s["units"]["katsura"]["spent"]
