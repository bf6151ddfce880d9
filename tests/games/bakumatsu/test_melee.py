"""Melee [10-1, 10-2], artillery in melee [12(4)], worked examples GE3 and GE4, on the lab map.
The Government attacks in its own Melee phase (phase 3)."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import arrange, lab, legal, play, texts

GOV, SAIGO = "government", "saigo"
M2 = "TB-G05"  # F3 M2 Mo3
M2B = "TB-G06"
M3 = "TB-G01"  # M3
P1, P2 = "TB-G17", "TB-G18"  # police: M5 Mo5
ART = "TB-G19"
D6 = "TB-S01"  # M6 Mo6
D6M5 = "TB-S02"  # M6 Mo5
D4 = "TB-S15"  # M4 Mo4
SART = "TB-S18"


@pytest.fixture(scope="module")
def r():
    return lab()


def melee_phase(r, positions, **kw):
    return arrange(r, positions, segment="melee", active=GOV, **kw)


def melee(r, s, main, at, dice, support=(), morale=None):
    actions = [f"melee {main} @{at}", *[f"support @{h}" for h in support], "resolve",
               f"roll ={dice[0]}", f"roll ={dice[1]}"]
    if morale is not None:
        actions.append(f"roll ={morale}")
    return play(r, s, *actions)


@pytest.mark.rules("bakumatsu.10-1.active-melee", "bakumatsu.5-1.first-melee")
def test_the_active_player_melees_in_his_melee_phase(r):
    s = melee_phase(r, {M3: "1105", D6: "1106"})
    assert r.current_player(s) == GOV and legal(r, s) == [f"melee {M3} @1106", "end"]
    with pytest.raises(IllegalAction, match="bakumatsu.10-1.active-melee"):
        r.apply(s, f"melee {D6} @1105")


@pytest.mark.rules("bakumatsu.10-1.adjacent-only", "bakumatsu.10-2.declare")
def test_only_an_adjacent_enemy(r):
    s = melee_phase(r, {M3: "1105", P1: "1108", D6: "1107", D4: "1106"})
    with pytest.raises(IllegalAction, match="bakumatsu.10-1.adjacent-only"):
        r.apply(s, f"melee {M3} @1107")
    with pytest.raises(IllegalAction, match="bakumatsu.10-2.declare"):
        r.apply(s, f"melee {M3} @1104")
    s, _ = play(r, s, f"melee {M3} @1106")
    assert s["combat"]["unit"] == M3 and s["combat"]["target"] == D4


@pytest.mark.rules("bakumatsu.10-1.disordered-no-melee")
def test_disordered_units_do_not_melee(r):
    s = melee_phase(r, {M3: "1105", P1: "1205", D6: "1106"}, disordered=[M3])
    assert f"melee {M3} @1106" not in legal(r, s)
    with pytest.raises(IllegalAction, match="bakumatsu.10-1.disordered-no-melee"):
        r.apply(s, f"melee {M3} @1106")


@pytest.mark.rules("bakumatsu.10-2.no-melee-across-river-pond")
def test_no_melee_across_a_river(r):
    s = melee_phase(r, {M3: "0906", P1: "1106", D6: "1006"})
    assert f"melee {M3} @1006" not in legal(r, s) and f"melee {P1} @1006" in legal(r, s)
    with pytest.raises(IllegalAction, match="bakumatsu.10-2.no-melee-across-river-pond"):
        r.apply(s, f"melee {M3} @1006")


@pytest.mark.rules("bakumatsu.10-2.support-eligibility")
def test_melee_supporters(r):
    s = melee_phase(r, {M3: "1105", P1: "1205", ART: "1107", M2: "1206", M2B: "1104", D6: "1106"},
                    disordered=[M2])
    s, _ = play(r, s, f"melee {M3} @1106")
    offered = legal(r, s)
    assert "support @1205" in offered
    assert "support @1107" not in offered  # artillery: no melee strength
    assert "support @1206" not in offered  # disordered
    assert "support @1104" not in offered  # not next to the defender
    for h in ("1107", "1206", "1104"):
        with pytest.raises(IllegalAction, match="bakumatsu.10-2.support-eligibility"):
            r.apply(s, f"support @{h}")


@pytest.mark.rules("bakumatsu.10-2.total-melee", "bakumatsu.10-2.difference")
def test_ge3_melee_strength_difference(r):
    """GE3: an attacker of melee 5 with two supporters against a defender of melee 6: 5 + 2 − 6 = +1."""
    s = melee_phase(r, {P1: "1105", P2: "1205", M3: "1107", D6: "1106"})
    s, events = play(r, s, f"melee {P1} @1106", "support @1205", "support @1107", "resolve")
    line = texts(r, events)[-1]
    assert "= +1" in line and "column +1" in line
    from kassen.games.bakumatsu import combat as cb
    assert cb.melee_strength(r.d, s["combat"])[0] == 1


@pytest.mark.rules("bakumatsu.10-2.two-dice", "bakumatsu.10-2.lookup", "bakumatsu.10-2.result-dash")
def test_two_dice_then_the_table(r):
    s = melee_phase(r, {M2: "1105", D6: "1106"})
    s, _ = play(r, s, f"melee {M2} @1106", "resolve")
    assert r.current_player(s) == "chance"
    s, events = play(r, s, "roll =1", "roll =2")
    assert s["last"]["code"] == "-" and s["units"][D6]["at"] == "1106" and D6 not in s["disordered"]
    assert any("No effect" in t for t in texts(r, events))


@pytest.mark.rules("bakumatsu.10-2.terrain-mods")
def test_defender_hex_and_hexside_lower_the_dice(r):
    s = melee_phase(r, {P1: "0506", D4: "0505"})  # hills −1 and a stream −1
    s, events = melee(r, s, P1, "0505", (4, 4), morale=1)
    words = " ".join(texts(r, events))
    assert "defender in hills" in words and "stream" in words and "modified 6" in words


@pytest.mark.rules("bakumatsu.10-2.result-mx", "bakumatsu.10-2.mx-check", "bakumatsu.10-2.mx-fail-normal")
def test_ge4_m2_morale_check_fails(r):
    """GE4: an M2 result against morale 5, die 4: 4 + 2 = 6 > 5, the check fails; a normal defender is
    disordered and retreats one hex."""
    s = melee_phase(r, {P1: "1105", D6M5: "1106"})  # 5 − 6 = −1; dice 10 -> row 10, column −1: M2
    s, events = melee(r, s, P1, "1106", (5, 5))
    assert s["phase"] == "morale" and r.current_player(s) == "chance"
    assert r.d.units[D6M5].morale == 5
    s, events = play(r, s, "roll =4")
    assert any("4 + 2 = 6" in t and "fails" in t for t in texts(r, events))
    assert D6M5 in s["disordered"] and s["phase"] == "retreat"


@pytest.mark.rules("bakumatsu.10-2.mx-pass")
def test_a_passed_check_does_nothing(r):
    s = melee_phase(r, {P1: "1105", D6M5: "1106"})
    s, _ = melee(r, s, P1, "1106", (5, 5), morale=3)
    assert s["units"][D6M5]["at"] == "1106" and D6M5 not in s["disordered"] and s["last"]["result"] == "passed"


@pytest.mark.rules("bakumatsu.10-2.mx-fail-disordered")
def test_a_disordered_defender_that_fails_is_removed(r):
    s = melee_phase(r, {P1: "1105", D6M5: "1106"}, disordered=[D6M5])
    s, _ = melee(r, s, P1, "1106", (5, 5), morale=6)
    assert s["units"][D6M5]["at"] is None


@pytest.mark.rules("bakumatsu.10-2.advance", "bakumatsu.3-1.one-unit-per-hex")
def test_the_attacker_may_advance_into_the_empty_hex(r):
    s = melee_phase(r, {P1: "1105", P2: "1205", D6M5: "1106"}, disordered=[D6M5])
    s, _ = melee(r, s, P1, "1106", (5, 5), support=("1205",), morale=6)
    assert s["phase"] == "advance" and legal(r, s) == ["advance @1106", "stay"]
    with pytest.raises(IllegalAction, match="bakumatsu.10-2.advance"):
        r.apply(s, "advance @1107")  # only into the defender's hex
    s2, _ = play(r, s, "advance @1106")
    assert s2["units"][P1]["at"] == "1106" and s2["units"][P2]["at"] == "1205"  # not the supporter
    s3, _ = play(r, s, "stay")
    assert s3["units"][P1]["at"] == "1105"
    # a defender that passes leaves no empty hex: no advance
    s = melee_phase(r, {P1: "1105", D6M5: "1106"})
    s, _ = melee(r, s, P1, "1106", (5, 5), morale=1)
    assert s["phase"] != "advance" and s["units"][P1]["at"] == "1105"


@pytest.mark.rules("bakumatsu.10-2.advance-ignores")
def test_the_advance_ignores_terrain_and_zones(r):
    # the defender on a mountain (3 MP, more than an artillery's... any unit's one step), next to
    # another enemy unit whose zone covers it
    s = melee_phase(r, {P1: "0807", D6M5: "0707", D6: "0606"}, disordered=[D6M5])
    s, _ = melee(r, s, P1, "0707", (6, 6), morale=6)
    s, _ = play(r, s, "advance @0707")
    assert s["units"][P1]["at"] == "0707"


@pytest.mark.rules("bakumatsu.10-1.attacker-disorders", "bakumatsu.10-2.attacker-flip")
def test_the_attacker_is_disordered_after_the_melee(r):
    s = melee_phase(r, {M3: "1105", D6: "1106"})
    s, events = melee(r, s, M3, "1106", (1, 1))
    assert M3 in s["disordered"] and any("disordered after its melee" in t for t in texts(r, events))
    # after an advance too (ruling 19): it advances, then flips
    s = melee_phase(r, {P1: "1105", D6M5: "1106"}, disordered=[D6M5])
    s, _ = melee(r, s, P1, "1106", (5, 5), morale=6)
    s, _ = play(r, s, "advance @1106")
    assert P1 in s["disordered"] and s["units"][P1]["at"] == "1106"


@pytest.mark.rules("bakumatsu.10-2.mark-participants", "bakumatsu.10-1.once-per-phase")
def test_attacker_and_supporters_are_marked(r):
    s = melee_phase(r, {M3: "1105", P1: "1205", P2: "1203", D6: "1106", D4: "1204"})
    s, _ = melee(r, s, M3, "1106", (1, 1), support=("1205",))
    assert s["segment"] == "melee" and M3 in s["done"] and P1 in s["done"]
    with pytest.raises(IllegalAction, match="bakumatsu.10-1.once-per-phase"):
        r.apply(s, f"melee {P1} @1204")
    assert legal(r, s) == [f"melee {P2} @1204", "end"]


@pytest.mark.rules("bakumatsu.10-1.serial", "bakumatsu.10-1.multi-on-defender", "bakumatsu.10-1.optional")
def test_one_melee_at_a_time_several_on_one_defender_none_required(r):
    s = melee_phase(r, {M3: "1105", P1: "1107", D6: "1106"})
    assert "end" in legal(r, s)
    s, _ = play(r, s, f"melee {M3} @1106")
    with pytest.raises(IllegalAction, match="bakumatsu.10-1.active-melee|bakumatsu.10-2.support-eligibility"):
        r.apply(s, f"melee {P1} @1106")  # not before this one is resolved
    s, _ = play(r, s, "resolve", "roll =1", "roll =1")
    assert f"melee {P1} @1106" in legal(r, s)  # a second melee on the same defender


@pytest.mark.rules("bakumatsu.10-1.phase-end")
def test_the_melee_phase_ends_when_nobody_can_melee(r):
    s = melee_phase(r, {M3: "1105", D6: "1106"})
    s, _ = melee(r, s, M3, "1106", (1, 1))
    assert s["segment"] == "rm" and s["active"] == SAIGO and s["done"] == []  # phase 4 begins


@pytest.mark.rules("bakumatsu.12.mx-removes")
def test_artillery_suffering_any_mx_is_removed_without_a_check(r):
    s = melee_phase(r, {M2: "1105", SART: "1106"})  # 2 − 0 = +2 (no melee strength counts 0)
    s, events = melee(r, s, M2, "1106", (2, 3))  # row 5, column +2: M1
    assert s["units"][SART]["at"] is None and s["phase"] == "advance"
    assert not any("Morale check" in t for t in texts(r, events))
