"""Reinforcements [13], Toba-Fushimi's cup [15-1-5], Tabarazaka's hand, reorganization and commander
draws [15-2-4, 15-2-5, 15-2-7-1, 15-2-7-2(1)-(2)], on the real scenarios."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.play import sample_chance

from .helpers import TB, TF, after_setup, arrange, legal, play, rules, texts

SHOG, SATCHO, GOV, SAIGO = "shogunate", "satcho", "government", "saigo"


def until(r, s, turn, side, segment="rm"):
    """End phases (resolving chance with the state's RNG) until ``side``'s ``segment`` of ``turn``
    begins (stopping at its first chance step, if any)."""
    for _ in range(200):
        if s["turn"] == turn and s["active"] == side and s["segment"] == segment:
            return s
        if r.current_player(s) == "chance":
            s, _ = r.apply(s, sample_chance(r, s))
        else:
            s, _ = r.apply(s, "end")
    raise AssertionError("never got there")


@pytest.fixture(scope="module")
def tf():
    return rules(TF)


@pytest.fixture(scope="module")
def tb():
    return rules(TB)


def cup(r, s, side=SHOG):
    return [u for u in r.d.units if s["units"][u]["at"] == f"cup-{side}"]


def arrived(r, s, side):
    return [u for u in r.d.units if s["units"][u]["at"] == f"arrived-{side}"]


@pytest.mark.rules("bakumatsu.13-1.r-symbol", "bakumatsu.15-1-5.shogunate-reinf-from-t2")
def test_checks_only_on_turns_with_an_r(tf):
    s = after_setup(tf)
    assert s["turn"] == 1 and s["phase"] == "rm" and r_current(tf, s) == SHOG  # no check on turn 1
    s = until(tf, s, 2, SHOG)
    assert s["phase"] == "check"  # turn 2: R
    line = tf.d.lines[0]
    assert sorted(line.turns) == [2, 3, 4, 5] and line.side == SHOG
    s6 = until(tf, s, 6, SHOG)
    assert s6["phase"] == "rm"  # no R on turn 6


def r_current(r, s):
    return r.current_player(s)


@pytest.mark.rules("bakumatsu.13-1.check-roll", "bakumatsu.15-1-5.random-draw", "bakumatsu.15-1-4.shogunate-r-cup")
def test_the_roll_gives_that_many_units_drawn_at_random(tf):
    s = until(tf, after_setup(tf), 2, SHOG)
    assert len(cup(tf, s)) == 16
    assert [a.to_text() for a, _ in tf.chance_outcomes(s)] == [f"roll ={i}" for i in range(1, 7)]
    s, events = play(tf, s, "roll =3")
    assert any("rolled 3, 3 units" in t for t in texts(tf, events))
    assert s["phase"] == "draw"
    outcomes = tf.chance_outcomes(s)
    assert sorted(a.arg for a, _ in outcomes) == sorted(cup(tf, s)) and len({p for _, p in outcomes}) == 1
    s, _ = play(tf, s, "draw =TF-B17", "draw =TF-B10", "draw =TF-B25")
    assert sorted(arrived(tf, s, SHOG)) == ["TF-B10", "TF-B17", "TF-B25"] and len(cup(tf, s)) == 13
    assert s["phase"] == "rm" and tf.current_player(s) == SHOG


@pytest.mark.rules("bakumatsu.15-1-5.entry-hex", "bakumatsu.13-2.entry-then-move", "bakumatsu.13-2.one-at-a-time")
def test_reinforcements_enter_one_at_a_time_at_the_entry_hex_and_move_on(tf):
    s = until(tf, after_setup(tf), 2, SHOG)
    s, _ = play(tf, s, "roll =2", "draw =TF-B10", "draw =TF-B11")
    assert [a for a in legal(tf, s) if a.startswith("enter TF-B10 ")] == ["enter TF-B10 @0105"]
    with pytest.raises(IllegalAction, match="bakumatsu.13-2.entry-then-move"):
        tf.apply(s, "enter TF-B10 @0205")  # placed first, then moved
    s, _ = play(tf, s, "enter TF-B10 @0105")
    assert s["units"]["TF-B10"]["at"] == "0105" and s["phase"] == "entering"
    offered = legal(tf, s)
    assert "move TF-B10 @0205" in offered and "move TF-B10 @0306" in offered and "stay TF-B10 @0105" in offered
    assert all("TF-B10" in a for a in offered)  # it finishes before anything else starts
    with pytest.raises(IllegalAction, match="bakumatsu.6.one-at-a-time"):
        tf.apply(s, "enter TF-B11 @0105")
    s, _ = play(tf, s, "move TF-B10 @0306")
    assert s["units"]["TF-B10"]["at"] == "0306" and "TF-B10" in s["done"]
    s2, _ = play(tf, s, "enter TF-B11 @0105")  # the next one may come now: the hex is free
    assert s2["units"]["TF-B11"]["at"] == "0105"


@pytest.mark.rules("bakumatsu.13-1.blocked-delay")
def test_a_blocked_entry_hex_delays_the_reinforcement(tf):
    s = until(tf, after_setup(tf), 2, SHOG)
    s, _ = play(tf, s, "roll =2", "draw =TF-B10", "draw =TF-B11", "enter TF-B10 @0105", "stay TF-B10 @0105")
    assert not any(a.startswith("enter TF-B11") for a in legal(tf, s))
    with pytest.raises(IllegalAction, match="bakumatsu.13-1.blocked-delay"):
        tf.apply(s, "enter TF-B11 @0105")
    s, _ = play(tf, s, "end")
    assert s["units"]["TF-B11"]["at"] == "arrived-shogunate"  # not lost: it waits
    s = until(tf, s, 3, SHOG)
    s, _ = play(tf, s, "roll =1", f"draw ={cup(tf, s)[0]}")
    assert "TF-B11" in arrived(tf, s, SHOG)  # and enters before, or with, the new ones


@pytest.mark.rules("bakumatsu.13-2.normal-afterwards")
def test_a_reinforcement_on_the_map_is_like_any_other_unit(tf):
    s = until(tf, after_setup(tf), 2, SHOG)
    s, _ = play(tf, s, "roll =1", "draw =TF-B10", "enter TF-B10 @0105", "move TF-B10 @0205")
    s = until(tf, s, 3, SHOG)
    s, _ = play(tf, s, "roll =1", f"draw ={cup(tf, s)[0]}")
    assert any(a.startswith("move TF-B10 ") for a in legal(tf, s))


@pytest.mark.rules("bakumatsu.13-1.exhausted")
def test_no_more_once_every_unit_has_come(tf):
    s = until(tf, after_setup(tf), 2, SHOG)
    for uid in cup(tf, s):
        s["units"][uid]["at"] = "arrived-shogunate"
    assert not tf.validate(s)
    s2 = until(tf, s, 3, SHOG)
    assert s2["phase"] == "rm"  # nothing left in the cup: no check
    s = until(tf, after_setup(tf), 2, SHOG)
    s, events = play(tf, s, "roll =6")
    assert len([p for p in s["pending"] if p == "draw"]) == 6
    few = until(tf, after_setup(tf), 2, SHOG)
    for uid in cup(tf, few)[2:]:
        few["units"][uid]["at"] = None
    few, events = play(tf, few, "roll =6")
    assert s["pending"].count("draw") == 6 and few["pending"].count("draw") == 2  # capped by what is left


@pytest.mark.rules("bakumatsu.15-1-5.satcho-none")
def test_satsuma_choshu_gets_none(tf):
    assert not [line for line in tf.d.lines if line.side == SATCHO]
    s = until(tf, after_setup(tf), 2, SATCHO)
    assert s["phase"] == "rm" and not any(a.startswith("enter") for a in legal(tf, s))


# -- Tabarazaka ------------------------------------------------------------------------------------------
@pytest.mark.rules("bakumatsu.15-2-4.empty-map", "bakumatsu.15-2-5.all-reinforcements")
def test_tabarazaka_starts_empty_with_everything_in_hand(tb):
    s = tb.setup(1)
    assert not any(s["units"][u]["at"] in tb.d.move_cost for u in tb.d.units)
    assert all(s["units"][u]["at"] == f"hand-{tb.d.side_of[u]}" for side in tb.d.sides
               for u in tb.d.combat_units[side])
    assert s["phase"] == "check" and s["active"] == GOV  # turn 1 begins with the Government's roll


@pytest.mark.rules("bakumatsu.15-2-5.turn1-min-three")
def test_at_least_three_on_turn_one(tb):
    s = tb.setup(1)
    for die, want in ((1, 3), (2, 3), (3, 3), (5, 5)):
        after, _ = play(tb, s, f"roll ={die}")
        assert after["owed"][GOV] == want
    s = until(tb, tb.setup(1), 2, GOV)
    s, _ = play(tb, s, "roll =1")
    assert s["owed"][GOV] >= 1  # from turn 2 a 1 is one unit (plus anything still owed)


@pytest.mark.rules("bakumatsu.15-2-5.choose-from-hand", "bakumatsu.15-2-5.translator-no-cup", "bakumatsu.15-2-5.entry-hex")
def test_the_player_chooses_which_units_from_his_hand(tb):
    s, _ = play(tb, tb.setup(1), "roll =4")
    s, _ = play(tb, s, f"draw ={tb.chance_outcomes(s)[0][0].arg}")  # the Lx1 commander
    assert tb.current_player(s) == GOV and s["owed"][GOV] == 4
    choices = {a.units[0] for a in tb.legal_actions(s) if a.verb == "enter"}
    assert {"TB-G01", "TB-G13", "TB-G17"} <= choices  # any unit of the hand, no draw
    s, _ = play(tb, s, "enter TB-G17 @0102")
    assert s["units"]["TB-G17"]["at"] == "0102" and s["owed"][GOV] == 3
    assert all(a.cell != "1316" for a in tb.legal_actions(s) if a.verb == "enter")  # its own entry hex


@pytest.mark.rules("bakumatsu.15-2-5.artillery-last")
def test_artillery_only_after_every_other_unit_in_hand(tb):
    s, _ = play(tb, tb.setup(1), "roll =6")
    s = until_player(tb, s)
    assert not any(a.verb == "enter" and tb.d.units[a.units[0]].artillery for a in tb.legal_actions(s))
    with pytest.raises(IllegalAction, match="bakumatsu.15-2-5.artillery-last"):
        tb.apply(s, "enter TB-G20 @0102")
    for uid in tb.d.combat_units[GOV]:
        if not tb.d.units[uid].artillery:
            s["units"][uid]["at"] = None
    assert any(a.verb == "enter" and a.units == ("TB-G20",) for a in tb.legal_actions(s))


def until_player(r, s):
    while r.current_player(s) == "chance":
        s, _ = r.apply(s, sample_chance(r, s))
    return s


@pytest.mark.rules("bakumatsu.15-2-7-1.gov-reorganize", "bakumatsu.15-2-7-1.reorg-extra")
def test_removed_government_units_come_back_next_turn_on_top_of_the_roll(tb):
    s = arrange(tb, {"TB-G05": None, "TB-G06": "0604", "TB-S01": "1308"}, segment="melee", active=SAIGO, turn=3)
    s, events = play(tb, s, "end")
    assert s["turn"] == 4 and s["units"]["TB-G05"]["at"] == "arrived-government"
    assert any("reorganizes" in t for t in texts(tb, events))
    s, _ = play(tb, s, "roll =2")
    s = until_player(tb, s)
    assert s["owed"][GOV] == 2  # the roll still gives its two
    assert any(a.verb == "enter" and a.units == ("TB-G05",) for a in tb.legal_actions(s))


@pytest.mark.rules("bakumatsu.15-2-7-1.saigo-no-reorg")
def test_saigo_never_reorganizes(tb):
    s = arrange(tb, {"TB-S05": None, "TB-S01": "1308", "TB-G01": "0604"}, segment="melee", active=GOV, turn=3)
    s, _ = play(tb, s, "end")
    s = until_player(tb, s)
    assert s["units"]["TB-S05"]["at"] is None and not any(a.units == ("TB-S05",) for a in tb.legal_actions(s))


@pytest.mark.rules("bakumatsu.15-2-7-2.gov-cup", "bakumatsu.15-2-7-2.saigo-cup")
def test_commander_cups(tb):
    s = tb.setup(1)
    assert [u for u in tb.d.units if s["units"][u]["at"] == "commander-cup-government"] == \
        [f"TB-LG{i}" for i in range(1, 7)]
    assert [u for u in tb.d.units if s["units"][u]["at"] == "commander-cup-saigo"] == \
        [f"TB-LS{i}" for i in range(1, 6)]
    assert s["units"]["TB-LS6"]["at"] == "set-aside-saigo"


@pytest.mark.rules("bakumatsu.15-2-7-2.lx1")
def test_one_random_commander_on_an_lx1_turn(tb):
    s, _ = play(tb, tb.setup(1), "roll =3")
    assert s["phase"] == "commander"
    outcomes = tb.chance_outcomes(s)
    assert sorted(a.arg for a, _ in outcomes) == [f"TB-LG{i}" for i in range(1, 7)]
    s, _ = play(tb, s, "draw =TB-LG3")
    assert s["units"]["TB-LG3"]["at"] == "arrived-government"
    assert any(a.verb == "enter" and a.units == ("TB-LG3",) for a in tb.legal_actions(s))
    s2 = until(tb, s, 2, GOV)
    s2, _ = play(tb, s2, "roll =1")
    assert s2["phase"] != "commander"  # turn 2: no Lx1 for the Government


@pytest.mark.rules("bakumatsu.15-2-7-2.takamori")
def test_saigo_takamori_on_four_or_more_while_the_government_holds_seven(tb):
    d = tb.d
    seven = {h: GOV for h in list(d.victory)[:7]}
    seven.update({h: None for h in list(d.victory)[7:]})
    seven["1316"] = SAIGO
    s = arrange(tb, {"TB-G01": "0604", "TB-S01": "1312"}, control=seven, segment="melee", active=GOV, turn=3)
    assert sum(1 for v in s["control"].values() if v == GOV) == 7
    s, _ = play(tb, s, "end")
    s, _ = play(tb, s, "roll =1")  # Saigō's appearance check
    s = until_phase(tb, s, "takamori")
    low, events = play(tb, s, "roll =3")
    assert low["units"]["TB-LS6"]["at"] == "set-aside-saigo"
    high, events = play(tb, s, "roll =4")
    assert high["units"]["TB-LS6"]["at"] == "arrived-saigo" and any("arrives" in t for t in texts(tb, events))
    # with fewer than 7 no roll at all
    few = arrange(tb, {"TB-G01": "0604", "TB-S01": "1312"}, segment="melee", active=GOV, turn=3)
    few, _ = play(tb, few, "end", "roll =1")
    few = until_phase(tb, few, "rm")
    assert few["units"]["TB-LS6"]["at"] == "set-aside-saigo"


def until_phase(r, s, phase):
    for _ in range(20):
        if s["phase"] == phase:
            return s
        s, _ = r.apply(s, sample_chance(r, s))
    raise AssertionError(phase)
