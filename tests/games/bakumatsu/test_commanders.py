"""Commanders [15-2-7-2(3), (4)], worked examples GE5 and GE6, on the lab map (Tabarazaka's units)."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.games.bakumatsu import combat as cb
from kassen.games.bakumatsu.movement import Situation

from .helpers import TB, TF, arrange, lab, play, rules, texts

GOV, SAIGO = "government", "saigo"
F3 = "TB-G05"  # F3 M2 Mo3
F4 = "TB-G01"
P1 = "TB-G17"  # M5 Mo5
NOZU = "TB-LG1"  # range 2, fire +1, melee +1, Mo5
OYAMA = "TB-LG3"  # range 2, fire +2, melee 0, Mo5
NOGI = "TB-LG5"  # range 1, fire 0, melee +1, Mo5
KAWAMURA = "TB-LG6"  # range 3, fire +1, melee 0, Mo4
KIRINO = "TB-LS1"  # range 2, melee +2, Mo5
SHINOHARA = "TB-LS2"  # range 1, melee +2, Mo6
T1 = "TB-S01"
T2 = "TB-S02"
LOW = "TB-S15"  # Mo4


@pytest.fixture(scope="module")
def r():
    return lab()


@pytest.mark.rules("bakumatsu.2-2-2.commanders-tabarazaka-only", "bakumatsu.2-2.piece-types")
def test_commanders_only_at_tabarazaka():
    assert not rules(TF).d.all_commanders
    tb = rules(TB).d
    assert len(tb.commanders["government"]) == 6 and len(tb.commanders["saigo"]) == 6
    assert all(tb.units[c].commander for c in tb.all_commanders)
    assert not set(tb.all_commanders) & set(tb.combat_units["government"] + tb.combat_units["saigo"])


@pytest.mark.rules("bakumatsu.15-2-7-2.command-range")
def test_command_range_counts_hexes_from_the_commander(r):
    s = arrange(r, {NOZU: "1104", F3: "1106", F4: "1107", T1: "0305"})
    sit = Situation(r.d, s)
    assert cb.commanders_in_range(sit, F3) == [NOZU]  # 2 hexes
    assert cb.commanders_in_range(sit, F4) == []  # 3 hexes
    s = arrange(r, {NOZU: "1106", F3: "1106", T1: "0305"})
    assert cb.commanders_in_range(Situation(r.d, s), F3) == [NOZU]  # its own hex: range 0


@pytest.mark.rules("bakumatsu.15-2-7-2.fire-mod", "bakumatsu.15-2-7-2.one-commander-per-unit")
def test_a_commanders_fire_modifier_the_best_one(r):
    s = arrange(r, {OYAMA: "1104", NOZU: "1105", F3: "1105", T1: "1106"}, segment="fire", active=SAIGO)
    s, events = play(r, s, f"fire {F3} @1106", "resolve", "roll =2", "roll =3")
    assert s["last"]["commander"] == OYAMA  # +2 beats +1: one commander, the owner's best
    words = " ".join(texts(r, events))
    assert "+2 commander" in words and "modified 7" in words and s["last"]["code"] == "D"


@pytest.mark.rules("bakumatsu.15-2-7-2.melee-mod-attack", "bakumatsu.15-2-7-2.melee-mod-defend",
                   "bakumatsu.15-2-7-2.melee-mod-net")
def test_melee_modifiers_added_for_the_attacker_and_taken_for_the_defender(r):
    base = {P1: "1105", T2: "1106"}
    s = arrange(r, {**base, NOZU: "1104"}, segment="melee", active=GOV)
    s, events = play(r, s, f"melee {P1} @1106", "resolve", "roll =3", "roll =3")
    assert "modified 7" in " ".join(texts(r, events))  # +1
    s = arrange(r, {**base, KIRINO: "1107"}, segment="melee", active=GOV)
    s, events = play(r, s, f"melee {P1} @1106", "resolve", "roll =3", "roll =3")
    assert "modified 4" in " ".join(texts(r, events))  # −2
    s = arrange(r, {**base, NOZU: "1104", KIRINO: "1107"}, segment="melee", active=GOV)
    s, events = play(r, s, f"melee {P1} @1106", "resolve", "roll =3", "roll =3")
    words = " ".join(texts(r, events))
    assert "modified 5" in words  # +1 − 2 = −1: the net
    assert "attacker's commander" in words and "defender's commander" in words


@pytest.mark.rules("bakumatsu.15-2-7-2.morale-sub")
def test_a_commanders_morale_for_morale_checks_and_recovery(r):
    # recovery: LOW (morale 4) rolls 5 with Shinohara (6) in range: recovers
    s = arrange(r, {LOW: "1106", SHINOHARA: "1107", F3: "0305"}, active=SAIGO, disordered=[LOW])
    s, events = play(r, s, f"recover {LOW} @1106", "roll =5")
    assert LOW not in s["disordered"] and any("Shinohara" in t for t in texts(r, events))
    # a morale check after melee: M2 against T2 (morale 5) with Shinohara (6): 4 + 2 = 6 passes
    s = arrange(r, {P1: "1105", T2: "1106", SHINOHARA: "1206"}, segment="melee", active=GOV)
    s, events = play(r, s, f"melee {P1} @1106", "resolve", "roll =6", "roll =6", "roll =4")
    assert s["last"]["code"].startswith("M") and s["last"]["result"] == "passed"


@pytest.mark.rules("bakumatsu.15-2-7-2.own-ma", "bakumatsu.15-2-7-2.moves-like-units")
def test_commanders_move_with_their_own_allowance_as_units_do(r):
    s = arrange(r, {NOZU: "1101", T1: "0305"})
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (NOZU,)}
    assert "1107" in got and "1108" not in got  # MA 6 on flat ground
    s = arrange(r, {NOZU: "1104", T1: "1107"})  # T1's zone stops a commander too (ruling 14)
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (NOZU,)}
    assert "1106" in got and "1108" not in got and "1005" in got


@pytest.mark.rules("bakumatsu.15-2-7-2.stack-on-combat")
def test_a_commander_stacks_with_one_friendly_unit_and_moves_through_units(r):
    s = arrange(r, {NOZU: "1104", F3: "1105", F4: "1106", T1: "0305"})
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (NOZU,)}
    assert "1105" in got and "1107" in got  # onto a friendly unit, and through two of them
    s, _ = play(r, s, f"move {NOZU} @1105")
    assert s["units"][NOZU]["at"] == s["units"][F3]["at"] == "1105"


@pytest.mark.rules("bakumatsu.15-2-7-2.no-commander-stack")
def test_two_commanders_never_share_a_hex_but_pass_through(r):
    s = arrange(r, {NOZU: "1104", OYAMA: "1105", T1: "0305"})
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (NOZU,)}
    assert "1105" not in got and "1106" in got
    with pytest.raises(IllegalAction, match="bakumatsu.15-2-7-2.no-commander-stack"):
        r.apply(s, f"move {NOZU} @1105")


@pytest.mark.rules("bakumatsu.15-2-7-2.no-zoc", "bakumatsu.15-2-7-2.no-block")
def test_commanders_neither_control_nor_block(r):
    s = arrange(r, {KIRINO: "1106", F3: "1104", T1: "0305"})
    assert "1105" not in Situation(r.d, s).enemy_zone(GOV)
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (F3,)}
    assert "1106" in got and "1107" in got  # into the commander's hex, or past it


@pytest.mark.rules("bakumatsu.15-2-7-2.not-on-enemy-cmdr")
def test_a_commander_does_not_end_on_an_enemy_commander(r):
    s = arrange(r, {NOZU: "1104", KIRINO: "1106", T1: "0305"})
    got = {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (NOZU,)}
    assert "1106" not in got and "1107" in got
    with pytest.raises(IllegalAction, match="bakumatsu.15-2-7-2.not-on-enemy-cmdr"):
        r.apply(s, f"move {NOZU} @1106")


@pytest.mark.rules("bakumatsu.15-2-7-2.immune-to-combat")
def test_ge5_the_commander_stays_when_its_unit_retreats_or_is_removed(r):
    """GE5: a commander with a friendly unit that must retreat, or is removed, stays in the hex."""
    s = arrange(r, {F3: "1105", T1: "1106", KIRINO: "1106"}, segment="fire", active=SAIGO)
    s, _ = play(r, s, f"fire {F3} @1106", "resolve", "roll =6", "roll =6", "retreat @1107")
    assert s["units"][T1]["at"] == "1107" and s["units"][KIRINO]["at"] == "1106"
    s = arrange(r, {F3: "1105", T1: "1106", KIRINO: "1106"}, segment="fire", active=SAIGO, disordered=[T1])
    s, _ = play(r, s, f"fire {F3} @1106", "resolve", "roll =6", "roll =6")
    assert s["units"][T1]["at"] is None and s["units"][KIRINO]["at"] == "1106"
    # a commander is never a target
    assert not any(a.verb == "fire" and a.cell == "1106" for a in r.legal_actions(s))


@pytest.mark.rules("bakumatsu.15-2-7-2.overrun", "bakumatsu.15-2-7-2.no-reorg")
def test_ge6_an_enemy_unit_entering_the_hex_removes_the_commander(r):
    """GE6: continuing GE5, an enemy unit that moves or advances into the commander's hex removes it."""
    s = arrange(r, {F3: "1105", T1: "1106", KIRINO: "1106"}, segment="fire", active=SAIGO)
    s, _ = play(r, s, f"fire {F3} @1106", "resolve", "roll =6", "roll =6", "retreat @1107")
    # by moving, in the Government's next R/M phase
    moving = arrange(r, {F3: "1105", KIRINO: "1106", T1: "1107"}, active=GOV)
    moving, events = play(r, moving, f"move {F3} @1106")
    assert moving["units"][KIRINO]["at"] is None and any("overrun" in t for t in texts(r, events))
    # by advancing after melee
    s = arrange(r, {"TB-G17": "1105", T2: "1106", KIRINO: "1106"}, segment="melee", active=GOV, disordered=[T2])
    s, _ = play(r, s, "melee TB-G17 @1106", "resolve", "roll =6", "roll =6", "roll =6", "advance @1106")
    assert s["units"][KIRINO]["at"] is None and s["units"][T2]["at"] is None
    # a removed commander never comes back (no reorganization for commanders)
    s2 = arrange(r, {F3: "1105", T1: "1107"}, active=GOV, turn=2, state=moving)
    assert s2["units"][KIRINO]["at"] is None


@pytest.mark.rules("bakumatsu.15-2-7-2.overrun")
def test_the_government_reorganizes_units_but_never_commanders():
    r = rules(TB)
    s = arrange(r, {"TB-G05": None, NOZU: None, "TB-S01": "1308"}, segment="melee", active=SAIGO)
    s, _ = play(r, s, "end")
    assert s["units"]["TB-G05"]["at"] == "arrived-government" and s["units"][NOZU]["at"] is None
