"""Preparation [4], the set-up of Toba-Fushimi [15-1-4] and the sequence of play [5, 6]."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.play import sample_chance

from .helpers import TB, TF, after_setup, legal, play, rules

SHOG, SATCHO, GOV, SAIGO = "shogunate", "satcho", "government", "saigo"


@pytest.fixture(scope="module")
def tf():
    return rules(TF)


def waiting(r, s, side):
    return [u for u in r.d.units if s["units"][u]["at"] == f"setup-{side}"]


@pytest.mark.rules("bakumatsu.4.prep-order", "bakumatsu.15-1-4.shogunate-first", "bakumatsu.15-1-4.satcho-second")
def test_the_shogunate_sets_up_first_then_satsuma_choshu(tf):
    s = tf.setup(1)
    assert tf.current_player(s) == SHOG and s["phase"] == "setup"
    assert len(waiting(tf, s, SHOG)) == 17 and len(waiting(tf, s, SATCHO)) == 17
    with pytest.raises(IllegalAction, match="bakumatsu.15-1-4.shogunate-first"):
        tf.apply(s, "place TF-S01 @2011")
    s, _ = play(tf, s, "place-all")
    assert tf.current_player(s) == SATCHO and not waiting(tf, s, SHOG)
    with pytest.raises(IllegalAction, match="bakumatsu.15-1-4.satcho-second"):
        tf.apply(s, "place TF-B01 @1812")
    s, _ = play(tf, s, "place-all")
    assert s["segment"] == "rm" and s["turn"] == 1 and tf.current_player(s) == SHOG


@pytest.mark.rules("bakumatsu.15-1-4.one-per-setup-hex")
def test_one_unit_in_each_hex_of_its_area(tf):
    s = tf.setup(1)
    s, _ = play(tf, s, "place TF-B01 @1812")
    assert "place TF-B02 @1812" not in legal(tf, s)
    with pytest.raises(IllegalAction, match="bakumatsu.15-1-4.one-per-setup-hex"):
        tf.apply(s, "place TF-B02 @1812")
    with pytest.raises(IllegalAction, match="bakumatsu.15-1-4.one-per-setup-hex"):
        tf.apply(s, "place TF-B01 @1712")  # already placed
    s = after_setup(tf)
    cells = [s["units"][u]["at"] for u in tf.d.units if s["units"][u]["at"] in tf.d.move_cost]
    assert len(cells) == len(set(cells)) == 34
    for area, hexes in tf.d.area_hexes.items():
        units = [u for u in tf.d.units if tf.d.units[u].setup == area]
        assert sorted(s["units"][u]["at"] for u in units) == sorted(hexes)  # every hex filled (ruling 9)


@pytest.mark.rules("bakumatsu.15-1-4.shogunate-west")
def test_shogunate_west(tf):
    units = [u for u in tf.d.units if tf.d.units[u].setup == "shogunate-west"]
    assert len(units) == 7 and all(tf.scenario.units[u]["code"] == "西" for u in units)
    s = tf.setup(1)
    assert {a.cell for a in tf.legal_actions(s) if a.units == (units[0],)} == set(tf.d.area_hexes["shogunate-west"])
    with pytest.raises(IllegalAction, match="bakumatsu.15-1-4.shogunate-west"):
        tf.apply(s, f"place {units[0]} @1021")


@pytest.mark.rules("bakumatsu.15-1-4.shogunate-east", "bakumatsu.15-1-4.shogunate-east-split")
def test_shogunate_east_in_either_part(tf):
    units = [u for u in tf.d.units if tf.d.units[u].setup == "shogunate-east"]
    assert len(units) == 10 and all(tf.scenario.units[u]["code"] == "東" for u in units)
    hexes = tf.d.area_hexes["shogunate-east"]
    # two parts: the magistrate's office block and Kyōbashi-Chūshojima, not one connected patch
    inside = set(hexes)
    parts, seen = 0, set()
    for h in hexes:
        if h in seen:
            continue
        parts += 1
        todo = [h]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            todo += [n for n in tf.d.board.neighbors[x] if n in inside]
    assert parts == 2
    s = tf.setup(1)
    s, _ = play(tf, s, f"place {units[0]} @1021", f"place {units[1]} @0719")  # either part


@pytest.mark.rules("bakumatsu.15-1-4.satsuma-west", "bakumatsu.15-1-4.satsuma-east", "bakumatsu.15-1-4.choshu",
                   "bakumatsu.15-1-4.tosa")
def test_satsuma_choshu_areas(tf):
    want = {"satsuma-west": ("西", 6), "satsuma-east": ("東", 6), "choshu": ("長", 3), "tosa": ("土", 2)}
    s, _ = play(tf, tf.setup(1), "place-all")
    for area, (code, n) in want.items():
        units = [u for u in tf.d.units if tf.d.units[u].setup == area]
        assert len(units) == n and all(tf.scenario.units[u]["code"] == code for u in units)
        assert {a.cell for a in tf.legal_actions(s) if a.units == (units[0],)} == set(tf.d.area_hexes[area])
    other = [u for u in tf.d.units if tf.d.units[u].setup == "tosa"][0]
    for clause, cell in (("tosa", "2011"),):
        with pytest.raises(IllegalAction, match=f"bakumatsu.15-1-4.{clause}"):
            tf.apply(s, f"place {other} @{cell}")


@pytest.mark.rules("bakumatsu.2-2-1.front-normal", "bakumatsu.4.markers-start")
def test_units_start_normal_side_up_on_turn_one(tf):
    s = after_setup(tf)
    assert s["disordered"] == [] and s["turn"] == 1 and s["done"] == []
    tb = rules(TB)
    s2 = tb.setup(1)
    assert s2["turn"] == 1 and s2["segment"] == "rm" and s2["disordered"] == []


@pytest.mark.rules("bakumatsu.5-1.first-rm", "bakumatsu.5-1.second-fire", "bakumatsu.5-1.first-melee",
                   "bakumatsu.5-2.second-rm", "bakumatsu.5-2.first-fire", "bakumatsu.5-2.second-melee",
                   "bakumatsu.5.turn-end", "bakumatsu.15-1.sides")
def test_the_six_phases_of_a_turn(tf):
    s = after_setup(tf)
    seen = []
    for _ in range(60):
        if r_player(tf, s) == "chance":
            s, _ = tf.apply(s, sample_chance(tf, s))
            continue
        key = (s["turn"], s["segment"], s["active"], tf.current_player(s))
        if not seen or seen[-1] != key:
            seen.append(key)
        if s["turn"] == 2 and s["segment"] == "rm" and s["active"] == SHOG:
            break
        s, _ = tf.apply(s, "end")
    # the Shogunate moves first (15-1); the non-active player fires (5-1 ②)
    assert seen == [(1, "rm", SHOG, SHOG), (1, "fire", SHOG, SATCHO), (1, "melee", SHOG, SHOG),
                    (1, "rm", SATCHO, SATCHO), (1, "fire", SATCHO, SHOG), (1, "melee", SATCHO, SATCHO),
                    (2, "rm", SHOG, SHOG)][:len(seen)]
    assert seen[-1][0] == 2


def r_player(r, s):
    return r.current_player(s)


@pytest.mark.rules("bakumatsu.15-2.sides")
def test_the_government_moves_first_at_tabarazaka():
    r = rules(TB)
    assert r.d.first == GOV and r.d.second == SAIGO
    assert r.setup(1)["active"] == GOV


@pytest.mark.rules("bakumatsu.2-2-3.markers")
def test_markers_are_state_not_counters(tf):
    s = after_setup(tf)
    s, _ = play(tf, s, f"move TF-B01 @{next(a.cell for a in tf.legal_actions(s) if a.units == ('TF-B01',))}")
    assert s["done"] == ["TF-B01"]  # the Recover/Move marker
    from kassen.games.bakumatsu.render import counters
    drawn = {c.unit: c for c in counters(tf, tf.view_for(s, None))}
    assert "✓" in drawn["TF-B01"].badges and "✓" not in drawn["TF-B02"].badges
    status = dict(tf.status(tf.view_for(s, None)))
    assert status["Turn"] == "1 of 8" and "Recovery/Movement" in status["Phase"]
