"""Fire [9-1, 9-2], artillery [12(2)-(3)], worked examples GE1 and GE2, on the lab map. The
Government fires in the Fire phase of Saigō's turn (phase 5)."""
import copy
import dataclasses

import pytest

from kassen.engine.errors import IllegalAction, KassenError

from .helpers import arrange, lab, legal, play, texts

GOV, SAIGO = "government", "saigo"
F3 = "TB-G05"  # F3 M2 Mo3
F3B = "TB-G06"
F4 = "TB-G01"  # F4
F6 = "TB-G20"  # field artillery F6 range 5
ART = "TB-G19"  # artillery F5 range 4
T1 = "TB-S01"  # F3 M6 Mo6
T2 = "TB-S02"
SART = "TB-S18"  # Saigō artillery


@pytest.fixture(scope="module")
def r():
    return lab()


def fire_phase(r, positions, **kw):
    """The Government's Fire phase (Saigō is the active player)."""
    return arrange(r, positions, segment="fire", active=SAIGO, **kw)


def fire(r, s, main, at, dice, support=()):
    actions = [f"fire {main} @{at}", *[f"support @{h}" for h in support], "resolve",
               f"roll ={dice[0]}", f"roll ={dice[1]}"]
    return play(r, s, *actions)


@pytest.mark.rules("bakumatsu.9-1.nonactive-fires", "bakumatsu.5-2.first-fire")
def test_the_non_active_player_fires(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    assert r.current_player(s) == GOV
    assert legal(r, s) == [f"fire {F3} @1106", "end"]
    with pytest.raises(IllegalAction, match="bakumatsu.9-1.nonactive-fires"):
        r.apply(s, f"fire {T1} @1105")


@pytest.mark.rules("bakumatsu.9-1.adjacent-only")
def test_only_adjacent_targets_except_for_artillery(r):
    s = fire_phase(r, {F3: "1105", T1: "1107"})
    assert "fire" not in " ".join(legal(r, s))  # nothing adjacent: the phase has nothing to do
    s = fire_phase(r, {F3: "1105", F4: "1108", T1: "1107", T2: "1106"})
    with pytest.raises(IllegalAction, match="bakumatsu.9-1.adjacent-only"):
        r.apply(s, f"fire {F3} @1107")


@pytest.mark.rules("bakumatsu.9-1.disordered-no-fire", "bakumatsu.2-2-1.disordered-no-attack")
def test_disordered_units_do_not_fire(r):
    s = fire_phase(r, {F3: "1105", F4: "1205", T1: "1106"}, disordered=[F3])
    assert f"fire {F3} @1106" not in legal(r, s) and f"fire {F4} @1106" in legal(r, s)
    with pytest.raises(IllegalAction, match="bakumatsu.9-1.disordered-no-fire"):
        r.apply(s, f"fire {F3} @1106")


@pytest.mark.rules("bakumatsu.9-2.declare", "bakumatsu.9-1.serial")
def test_declare_firer_and_target_then_finish_before_the_next(r):
    s = fire_phase(r, {F3: "1105", F4: "1205", T1: "1106"})
    with pytest.raises(IllegalAction, match="bakumatsu.9-2.declare"):
        r.apply(s, f"fire {F3} @1104")  # no enemy there
    s, events = play(r, s, f"fire {F3} @1106")
    assert s["combat"]["unit"] == F3 and s["combat"]["target"] == T1 and s["phase"] == "fire-support"
    with pytest.raises(IllegalAction, match="bakumatsu.9-1.nonactive-fires|bakumatsu.9-2.support-eligibility"):
        r.apply(s, f"fire {F4} @1106")  # the next fire waits until this one is resolved
    s, _ = play(r, s, "resolve", "roll =1", "roll =1")
    assert s["phase"] == "fire" and f"fire {F4} @1106" in legal(r, s)


@pytest.mark.rules("bakumatsu.9-2.support-eligibility")
def test_supporters_are_adjacent_normal_and_have_a_fire_strength(r):
    s = fire_phase(r, {F3: "1105", F4: "1205", F3B: "1107", "TB-G07": "1104", "TB-G08": "1206", T1: "1106"},
                   disordered=["TB-G08"])
    s, _ = play(r, s, f"fire {F3} @1106")
    offered = legal(r, s)
    assert "support @1205" in offered and "support @1107" in offered
    assert "support @1104" not in offered  # not adjacent to the target
    assert "support @1206" not in offered  # disordered
    with pytest.raises(IllegalAction, match="bakumatsu.9-2.support-eligibility"):
        r.apply(s, "support @1104")
    with pytest.raises(IllegalAction, match="bakumatsu.9-2.support-eligibility"):
        r.apply(s, "support @1206")
    # a unit without a fire strength may not support: the same position with F4's fire struck out
    r2 = copy.copy(r)
    r2.d = copy.copy(r.d)
    r2.d.units = {**r.d.units, F4: dataclasses.replace(r.d.units[F4], fire=None)}
    r2._remembered = None  # the Situation kept for the other data
    assert "support @1205" not in legal(r2, s)
    with pytest.raises(IllegalAction, match="bakumatsu.9-2.support-eligibility"):
        r2.apply(s, "support @1205")


@pytest.mark.rules("bakumatsu.9-2.total-fire")
def test_ge1_main_fire_plus_one_per_supporter(r):
    """GE1: a main firer of fire strength 6 and two supporters of 3 and 2: 6 + 2 = 8."""
    s = fire_phase(r, {F6: "1105", F3: "1205", "TB-G17": "1107", T1: "1106"})  # G17: fire 2
    assert r.d.units[F6].fire == 6 and r.d.units[F3].fire == 3 and r.d.units["TB-G17"].fire == 2
    s, events = play(r, s, f"fire {F6} @1106", "support @1205", "support @1107", "resolve")
    line = texts(r, events)[-1]
    assert "= 8" in line and "column 8" in line
    from kassen.games.bakumatsu import combat as cb
    assert cb.fire_strength(r.d, s["combat"], "dice")[0] == 8


@pytest.mark.rules("bakumatsu.9-2.two-dice")
def test_two_dice_one_chance_step_each(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = play(r, s, f"fire {F3} @1106", "resolve")
    assert r.current_player(s) == "chance" and [a.to_text() for a, _ in r.chance_outcomes(s)] == \
        [f"roll ={i}" for i in range(1, 7)]
    s, _ = play(r, s, "roll =2")
    assert r.current_player(s) == "chance" and s["combat"]["dice"] == [2]
    s, _ = play(r, s, "roll =5")
    assert s["last"]["dice"] == [2, 5]


@pytest.mark.rules("bakumatsu.9-2.terrain-mods", "bakumatsu.9-2.terrain-cumulative")
def test_target_hex_and_hexside_modifiers_add_up(r):
    # a target in hills (−1) behind a stream (−1): 5 + 2 − 2 = 5 on column 3, below 7: no effect
    s = fire_phase(r, {F3: "0506", T1: "0505"})
    s, events = fire(r, s, F3, "0505", (5, 2))
    assert "modified 5" in " ".join(texts(r, events)) and s["last"]["code"] == "-"
    lines = " ".join(texts(r, events))
    assert "−1 target in hills" in lines.replace("-1", "−1") or "-1 target in hills" in lines
    assert "across a stream hexside" in lines
    # the same roll in the open: 7, D
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = fire(r, s, F3, "1106", (5, 2))
    assert s["last"]["code"] == "D"
    # fire across a river is allowed, at −1
    s = fire_phase(r, {F3: "0906", T1: "1006"})
    assert f"fire {F3} @1006" in legal(r, s)
    s, events = fire(r, s, F3, "1006", (5, 2))
    assert "modified 6" in " ".join(texts(r, events))


@pytest.mark.rules("bakumatsu.9-2.mountain-top-plus-two", "bakumatsu.2-1-2.tec-dash")
def test_ge2_mountain_top_fire(r):
    """GE2: fire strength 3 on a mountain top at a target in a mountain hex, dice 7: −2 + 2 = 7: D."""
    s = fire_phase(r, {F3: "0708", T1: "0707"})
    s, events = fire(r, s, F3, "0707", (3, 4))
    words = " ".join(texts(r, events))
    assert "target in mountain" in words and "firing from a mountain top" in words
    assert "modified 7" in words and s["last"]["code"] == "D" and T1 in s["disordered"]
    # the rule text's reading (a game option, ruling 2): +2 to the strength, column 5 at 5: no effect
    s = fire_phase(r, {F3: "0708", T1: "0707"})
    s["options"] = {"mountain_top": "strength"}
    s, events = fire(r, s, F3, "0707", (3, 4))
    assert s["last"]["code"] == "-" and "column 5" in " ".join(texts(r, events))


@pytest.mark.rules("bakumatsu.9-2.mountain-top-plus-two")
def test_the_mountain_top_reading_is_a_scenario_switch_too(r):
    """Ruling 2's switch in the scenario file (rules.mountain_top), for an owner who reads the rule
    text: a game set up from it plays GE2 at column 5; the option in setup() picks either reading."""
    import copy

    from kassen.engine.scenario import parse_scenario
    from kassen.games.bakumatsu.rules import Rules

    data = copy.deepcopy(r.scenario.data)
    data["rules"]["mountain_top"] = "strength"
    other = Rules(parse_scenario(data, "lab.json"))
    assert other.d.mountain_top_reading == "strength" and r.d.mountain_top_reading == "dice"
    s = fire_phase(other, {F3: "0708", T1: "0707"})
    s, events = fire(other, s, F3, "0707", (3, 4))
    assert s["last"]["code"] == "-" and "column 5" in " ".join(texts(other, events))
    assert other.setup(1, {"mountain_top": "dice"})["options"] == {"mountain_top": "dice"}
    with pytest.raises(KassenError, match="dice, strength"):  # an unknown reading is refused, citing both
        r.setup(1, {"mountain_top": "sideways"})
    bad = copy.deepcopy(r.scenario.data)
    bad["rules"]["mountain_top"] = "sideways"
    with pytest.raises(Exception, match="mountain_top"):
        Rules(parse_scenario(bad, "lab.json"))


@pytest.mark.rules("bakumatsu.9-2.lookup", "bakumatsu.9-2.result-dash")
def test_the_result_is_read_and_applied_at_once(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, events = fire(r, s, F3, "1106", (1, 2))
    assert s["last"]["code"] == "-" and T1 not in s["disordered"] and s["units"][T1]["at"] == "1106"
    assert any("No effect" in t for t in texts(r, events))


@pytest.mark.rules("bakumatsu.9-2.result-d-normal", "bakumatsu.2-2-1.flip-causes")
def test_d_disorders_a_normal_target(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = fire(r, s, F3, "1106", (3, 4))
    assert s["last"]["code"] == "D" and T1 in s["disordered"] and s["units"][T1]["at"] == "1106"


@pytest.mark.rules("bakumatsu.9-2.result-d-disordered", "bakumatsu.2-2-1.disordered-results-differ")
def test_d_makes_a_disordered_target_retreat(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"}, disordered=[T1])
    s, _ = fire(r, s, F3, "1106", (3, 4))
    assert s["phase"] == "retreat" and r.current_player(s) == SAIGO
    s, _ = play(r, s, "retreat @1107")
    assert s["units"][T1]["at"] == "1107" and T1 in s["disordered"]


@pytest.mark.rules("bakumatsu.9-2.result-dd-normal")
def test_dd_disorders_and_retreats_a_normal_target(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = fire(r, s, F3, "1106", (6, 6))
    assert s["combat"]["code"] == "DD" and T1 in s["disordered"] and s["phase"] == "retreat"


@pytest.mark.rules("bakumatsu.9-2.result-dd-disordered")
def test_dd_removes_a_disordered_target(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"}, disordered=[T1])
    s, events = fire(r, s, F3, "1106", (6, 6))
    assert s["units"][T1]["at"] is None and T1 not in s["disordered"]


@pytest.mark.rules("bakumatsu.9-2.no-advance", "bakumatsu.9-2.mark-all-firers", "bakumatsu.9-1.once-per-phase")
def test_no_advance_after_fire_and_every_firer_is_marked(r):
    s = fire_phase(r, {F3: "1105", F4: "1205", F3B: "1104", T1: "1106", T2: "1103"})
    s, _ = fire(r, s, F3, "1106", (6, 6), support=("1205",))
    s, _ = play(r, s, "retreat @1107")
    assert s["phase"] == "fire" and s["units"][F3]["at"] == "1105"  # nobody moves into the hex
    assert F3 in s["done"] and F4 in s["done"]
    assert not any(a.startswith(f"fire {F3} ") or a.startswith(f"fire {F4} ") for a in legal(r, s))
    with pytest.raises(IllegalAction, match="bakumatsu.9-1.once-per-phase"):
        r.apply(s, f"fire {F3} @1104")


@pytest.mark.rules("bakumatsu.9-1.multi-on-target", "bakumatsu.9-1.optional")
def test_several_fires_at_one_target_any_number_none_required(r):
    s = fire_phase(r, {F3: "1105", F4: "1205", T1: "1106"})
    assert "end" in legal(r, s)  # firing is optional
    s, _ = fire(r, s, F3, "1106", (1, 1))
    assert f"fire {F4} @1106" in legal(r, s)
    s, _ = fire(r, s, F4, "1106", (3, 4))
    assert T1 in s["disordered"]


@pytest.mark.rules("bakumatsu.9-1.phase-end")
def test_the_fire_phase_ends_when_nobody_can_fire_and_markers_clear(r):
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = fire(r, s, F3, "1106", (1, 1))
    assert s["segment"] == "melee" and s["done"] == []  # nobody left to fire: on to the Melee phase
    s = fire_phase(r, {F3: "1105", T1: "1106"})
    s, _ = play(r, s, "end")
    assert s["segment"] == "melee"


@pytest.mark.rules("bakumatsu.12.range-fire", "bakumatsu.12.no-los", "bakumatsu.2-2-1.range-means-artillery")
def test_artillery_fires_at_range_at_a_target_next_to_a_friendly_unit(r):
    assert r.d.units[ART].range == 4 and r.d.units[ART].artillery
    s = fire_phase(r, {ART: "1104", F3: "1109", T1: "1108", T2: "1106"})  # T2 stands in between
    assert f"fire {ART} @1108" in legal(r, s)  # 4 hexes away, next to F3
    s = fire_phase(r, {ART: "1104", F3: "1101", T1: "1108", T2: "1106"})
    assert f"fire {ART} @1108" not in legal(r, s)  # nobody friendly next to it
    with pytest.raises(IllegalAction, match="bakumatsu.12.range-fire"):
        r.apply(s, f"fire {ART} @1108")
    s = fire_phase(r, {ART: "1103", F3: "1109", T1: "1108"})
    assert f"fire {ART} @1108" not in legal(r, s)  # 5 hexes: out of range
    # range fire uses the target hex only (ruling 12); the hexside counts only between neighbours
    s = fire_phase(r, {ART: "0503", F3: "0405", T1: "0505"})
    s, events = fire(r, s, ART, "0505", (3, 3))
    words = " ".join(texts(r, events))
    assert "target in hills" in words and "stream" not in words


@pytest.mark.rules("bakumatsu.12.fire-d-dd-removes")
def test_artillery_hit_by_d_or_dd_is_removed(r):
    s = fire_phase(r, {F3: "1105", SART: "1106"})
    s, events = fire(r, s, F3, "1106", (3, 4))
    assert s["units"][SART]["at"] is None
    assert any("artillery" in t and "removed" in t for t in texts(r, events))
    s = fire_phase(r, {F3: "1105", SART: "1106"})
    s, _ = fire(r, s, F3, "1106", (1, 1))  # no result: it stays
    assert s["units"][SART]["at"] == "1106"
