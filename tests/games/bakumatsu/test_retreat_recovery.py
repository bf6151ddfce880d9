"""Retreat [11] and recovery [7] on the lab map."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import arrange, lab, legal, play, texts

GOV, SAIGO = "government", "saigo"
F3 = "TB-G05"
F4 = "TB-G01"
T1 = "TB-S01"  # Mo6
T2 = "TB-S02"  # Mo5
T3 = "TB-S03"
LOW = "TB-S15"  # Mo4


@pytest.fixture(scope="module")
def r():
    return lab()


def dd(r, positions, at, firer=F3, disordered=()):
    """The Government fires with a DD at the unit in ``at`` (normal: it must retreat)."""
    s = arrange(r, positions, segment="fire", active=SAIGO, disordered=disordered)
    s, _ = play(r, s, f"fire {firer} @{at}", "resolve", "roll =6", "roll =6")
    return s


def options(r, s):
    return sorted(a.cell for a in r.legal_actions(s) if a.verb == "retreat")


@pytest.mark.rules("bakumatsu.11.owner-chooses")
def test_the_owner_chooses_among_the_legal_hexes(r):
    s = dd(r, {F3: "1105", T1: "1106"}, "1106")
    assert r.current_player(s) == SAIGO  # Saigō chooses, in the Government's Fire phase
    assert options(r, s) == ["1006", "1107", "1206"]  # 1005, 1205: F3's zone
    s, _ = play(r, s, "retreat @1206")
    assert s["units"][T1]["at"] == "1206"


@pytest.mark.rules("bakumatsu.11.no-enemy-hex", "bakumatsu.11.no-enemy-zoc")
def test_never_into_an_enemy_unit_or_its_zone(r):
    s = dd(r, {F3: "1105", F4: "1207", T1: "1106"}, "1106")
    assert options(r, s) == ["1006"]  # 1107 and 1206: F4's zone; 1005 and 1205: F3's
    with pytest.raises(IllegalAction, match="bakumatsu.11.no-enemy-zoc"):
        r.apply(s, "retreat @1107")
    with pytest.raises(IllegalAction, match="bakumatsu.11.no-enemy-hex"):
        r.apply(s, "retreat @1105")


@pytest.mark.rules("bakumatsu.11.no-river-pond")
def test_never_across_a_river_or_pond(r):
    s = dd(r, {F3: "1107", T1: "1006"}, "1006")
    assert "0906" not in options(r, s) and "0907" not in options(r, s) and options(r, s)
    with pytest.raises(IllegalAction, match="bakumatsu.11.no-river-pond"):
        r.apply(s, "retreat @0906")


@pytest.mark.rules("bakumatsu.11.no-offmap")
def test_never_off_the_map(r):
    s = dd(r, {F3: "1202", T1: "1201"}, "1201")
    assert options(r, s) == ["1101"]
    with pytest.raises(IllegalAction, match="bakumatsu.11.no-offmap"):
        r.apply(s, "retreat @1301")


@pytest.mark.rules("bakumatsu.11.no-hex-removed")
def test_no_legal_hex_removes_the_unit(r):
    s = dd(r, {F3: "1202", F4: "1102", T1: "1201"}, "1201")  # its only neighbours are F4's zone and units
    assert s["units"][T1]["at"] is None and s["phase"] != "retreat"


@pytest.mark.rules("bakumatsu.11.through-friendly", "bakumatsu.11.through-friendly-disorder")
def test_retreat_through_friendly_units(r):
    # T1 can go only to 1006 (held by T2) and on from there
    s = dd(r, {F3: "1105", F4: "1207", T1: "1106", T2: "1006"}, "1106")
    assert options(r, s) == ["1006"]
    s, events = play(r, s, "retreat @1006")
    assert T2 in s["disordered"] and s["phase"] == "retreat" and s["units"][T1]["at"] == "1106"
    assert options(r, s) == ["1007"]  # on from 1006: not back, not across the river, not into a zone
    s, _ = play(r, s, "retreat @1007")
    assert s["units"][T1]["at"] == "1007" and s["units"][T2]["at"] == "1006" and s["retreat"] is None
    # an already disordered unit passed through is removed
    s = dd(r, {F3: "1105", F4: "1207", T1: "1106", T2: "1006"}, "1106", disordered=[T2])
    s, events = play(r, s, "retreat @1006")
    assert s["units"][T2]["at"] is None and any("removed" in t for t in texts(r, events))


@pytest.mark.rules("bakumatsu.3-1.one-unit-per-hex")
def test_a_retreat_never_ends_on_another_unit(r):
    s = dd(r, {F3: "1105", F4: "1207", T1: "1106", T2: "1006"}, "1106")
    s, _ = play(r, s, "retreat @1006")
    assert s["phase"] == "retreat"  # it does not stop on T2's hex
    s, _ = play(r, s, "retreat @1007")
    cells = [u["at"] for u in s["units"].values() if u["at"] in r.d.move_cost]
    assert len(cells) == len(set(cells))


# -- recovery [7] ------------------------------------------------------------------------------------------
def rm(r, positions, disordered=(), active=SAIGO):
    return arrange(r, positions, segment="rm", active=active, disordered=disordered)


@pytest.mark.rules("bakumatsu.7.recovery-eligibility")
def test_only_the_active_sides_disordered_units_try_to_recover(r):
    s = rm(r, {T1: "1106", T2: "1108", F3: "1102"}, disordered=[T1, F3])
    assert f"recover {T1} @1106" in legal(r, s) and not any(a.startswith(f"recover {T2}") for a in legal(r, s))
    with pytest.raises(IllegalAction, match="bakumatsu.7.recovery-eligibility"):
        r.apply(s, f"recover {T2} @1108")  # normal side up
    with pytest.raises(IllegalAction, match="bakumatsu.6.active-any-units"):
        r.apply(s, f"recover {F3} @1102")  # not the active side


@pytest.mark.rules("bakumatsu.7.recovery-check", "bakumatsu.7.recovery-success", "bakumatsu.2-2-1.disordered-recover")
def test_recovery_on_a_roll_no_higher_than_morale(r):
    s = rm(r, {LOW: "1106", T2: "1108"}, disordered=[LOW])
    s, _ = play(r, s, f"recover {LOW} @1106")
    assert r.current_player(s) == "chance" and s["phase"] == "recover"
    ok, events = play(r, s, "roll =4")  # morale 4
    assert LOW not in ok["disordered"] and any("recovers" in t for t in texts(r, events))
    bad, events = play(r, s, "roll =5")
    assert LOW in bad["disordered"] and any("stays disordered" in t for t in texts(r, events))


@pytest.mark.rules("bakumatsu.7.recovery-marker", "bakumatsu.6.recover-or-move")
def test_a_unit_that_tries_is_done_either_way(r):
    s = rm(r, {LOW: "1106", T2: "1108"}, disordered=[LOW])
    for die in ("1", "6"):
        after, _ = play(r, s, f"recover {LOW} @1106", f"roll ={die}")
        assert LOW in after["done"]
        assert not any(a.startswith(f"move {LOW} ") or a.startswith(f"recover {LOW} ") for a in legal(r, after))
    moved, _ = play(r, s, f"move {LOW} @1107")  # a disordered unit may move instead, and stays disordered
    assert LOW in moved["disordered"] and not any(a.startswith(f"recover {LOW}") for a in legal(r, moved))
