"""Movement [8, 8-1, 8-2], stacking [3-1], zones of control [3-2], artillery that moves [12(1)] and
the Recovery/Movement procedure [6], on the lab map (helpers.LAB_BOARD) and the real maps."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.games.bakumatsu.movement import Situation

from .helpers import TF, arrange, lab, legal, play, rules

GOV, SAIGO = "government", "saigo"
INF = "TB-G05"  # F3 M2 Mo3 MA4
GUARD = "TB-G01"  # F4 M3 Mo4 MA4
ART = "TB-G19"  # artillery F5 range 4, MA2
ENEMY = "TB-S01"  # F3 M6 Mo6 MA5
ENEMY2 = "TB-S02"


@pytest.fixture(scope="module")
def r():
    return lab()


def dests(r, s, uid):
    return {a.cell for a in r.legal_actions(s) if a.verb == "move" and a.units == (uid,)}


def cost(r, s, uid, target):
    return Situation(r.d, s).reaches(uid)[0].cost.get(target)


def distance(r, a, b):
    return r.d.board.distance(a, b)


@pytest.mark.rules("bakumatsu.8.free-direction")
def test_a_unit_moves_hex_by_hex_in_any_direction(r):
    s = arrange(r, {INF: "0605"})
    got = dests(r, s, INF)
    assert set(r.d.board.neighbors["0605"]) - {"0505", "0607"} <= got  # every open neighbour
    with pytest.raises(IllegalAction, match="bakumatsu.8.free-direction"):
        r.apply(s, f"move {INF} @0605")  # nowhere: not a move


@pytest.mark.rules("bakumatsu.8.ma-limit", "bakumatsu.8-1.cost-basic-terrain")
def test_movement_points_up_to_the_allowance(r):
    s = arrange(r, {INF: "1106"})  # flat all round, east of the river
    got = dests(r, s, INF)
    assert all(distance(r, "1106", h) <= 4 for h in got)
    assert "1102" in got and "1110" in got  # four flat hexes away
    with pytest.raises(IllegalAction, match="bakumatsu.8.ma-limit"):
        r.apply(s, f"move {INF} @1101")  # five away


@pytest.mark.rules("bakumatsu.8-1.cost-basic-terrain")
def test_terrain_costs_from_the_chart(r):
    s = arrange(r, {INF: "0203", ART: "0604"})
    assert cost(r, s, INF, "0303") == 2  # wetland
    assert cost(r, s, INF, "0304") == 1  # flat
    assert cost(r, s, ART, "0505") == 2  # hills
    s2 = arrange(r, {GUARD: "0807"})
    assert cost(r, s2, GUARD, "0707") == 3  # mountain
    tec = r.scenario.data["rules"]["terrain_effects"]["terrain"]
    assert (tec["flat"]["move"], tec["wetland"]["move"], tec["hills"]["move"], tec["mountain"]["move"]) == (1, 2, 2, 3)


@pytest.mark.rules("bakumatsu.8-1.cost-overlay-terrain", "bakumatsu.2-1-2.tec-dash")
def test_city_and_mountain_top_cost_what_the_other_terrain_costs(r):
    s = arrange(r, {INF: "0403", GUARD: "0808"})
    assert cost(r, s, INF, "0404") == 1  # a city on flat ground: "--", as flat
    assert cost(r, s, GUARD, "0708") == 3  # a mountain top is also mountain: "--", as mountain
    vh = arrange(r, {INF: "0609"})  # 0609 is a victory hex on flat ground
    assert cost(r, vh, INF, "0610") == 1 and "0609" in r.d.victory
    tec = r.scenario.data["rules"]["terrain_effects"]["terrain"]
    assert tec["city"]["move"] == "--" and tec["mountain-top"]["move"] == "--"
    assert r.d.fire_mod["0708"] == r.d.fire_mod["0707"] == -2  # "--" for fire too: as the mountain


@pytest.mark.rules("bakumatsu.8-1.cost-road-hex-offroad")
def test_entering_a_road_hex_not_along_the_road_costs_its_terrain(r):
    s = arrange(r, {INF: "0303"})  # wetland below the road of row 02
    assert cost(r, s, INF, "0302") == 1  # 0303 -> 0302 is not a road step: flat ground, 1
    s = arrange(r, {INF: "0906"})
    assert cost(r, s, INF, "0905") == 1 and cost(r, s, INF, "0805") == 1


@pytest.mark.rules("bakumatsu.8-1.stream-plus-one")
def test_a_stream_hexside_costs_one_more(r):
    s = arrange(r, {INF: "0306"})
    assert cost(r, s, INF, "0307") == 2  # flat + 1 for the stream
    assert cost(r, s, INF, "0305") == 1


@pytest.mark.rules("bakumatsu.8-1.river-pond-impassable")
def test_rivers_and_ponds_stop_movement_except_over_a_road(r):
    s = arrange(r, {GUARD: "0906"})
    assert cost(r, s, GUARD, "1006") == 3  # not straight across: round by the bridge 0905-1005
    assert Situation(r.d, s).reaches(GUARD)[0].path("1006") == ["0906", "0905", "1005", "1006"]
    with pytest.raises(IllegalAction, match="bakumatsu.8-1.river-pond-impassable"):
        r.apply(arrange(r, {GUARD: "0907"}), f"move {GUARD} @1007")
    s = arrange(r, {GUARD: "0109"})
    assert "0110" not in dests(r, s, GUARD)  # the pond
    with pytest.raises(IllegalAction, match="bakumatsu.8-1"):
        r.apply(s, f"move {GUARD} @0110")


@pytest.mark.rules("bakumatsu.8-1.along-road-one")
def test_along_a_road_one_mp_a_hex_over_streams_and_rivers(r):
    s = arrange(r, {INF: "0402"})
    assert cost(r, s, INF, "0502") == 1  # along the road over the stream: no +1
    s = arrange(r, {INF: "0905"})
    assert cost(r, s, INF, "1005") == 1  # over the river by the bridge
    s = arrange(r, {INF: "0302"})
    assert cost(r, s, INF, "0303") == 2  # off the road: wetland again


@pytest.mark.rules("bakumatsu.8.mode-choice", "bakumatsu.8-2.two-hexes-per-mp", "bakumatsu.8-2.start-on-road",
                   "bakumatsu.8-2.roads-only")
def test_road_movement_two_hexes_per_mp_only_along_the_road(r):
    s = arrange(r, {INF: "0102"})  # on the road, MA 4: 8 road hexes
    got = dests(r, s, INF)
    assert "0902" in got  # 8 hexes along the road (normal movement: 4)
    assert cost(r, s, INF, "0902") is None or cost(r, s, INF, "0902") > 4
    assert "0903" not in got  # 8 road hexes then one more off the road: the modes are not mixed
    off = arrange(r, {INF: "0103"})  # one hex off the road: no road movement (8-2(2))
    assert "0802" not in dests(r, off, INF)
    text = r.explain(off, r.action("move", INF, "0802"))
    assert "bakumatsu.8.ma-limit" in text
    assert Situation(r.d, s).by_road_only(INF, "0902")


@pytest.mark.rules("bakumatsu.8-2.not-from-zoc", "bakumatsu.8-2.no-enter-zoc")
def test_road_movement_neither_from_nor_into_an_enemy_zone(r):
    s = arrange(r, {INF: "0102", ENEMY: "0201"})  # the road's first hex is in the enemy's zone
    assert "0902" not in dests(r, s, INF)  # starts in a ZOC: normal movement only
    s = arrange(r, {INF: "0102", ENEMY: "0701"})  # 0701 controls 0702 and 0602 on the road
    got = dests(r, s, INF)
    assert "0802" not in got and "0902" not in got  # road movement may not enter the zone on the way
    text = r.explain(s, r.action("move", INF, "0802"))
    assert "bakumatsu.8-2.no-enter-zoc" in text


@pytest.mark.rules("bakumatsu.8.no-enter-occupied", "bakumatsu.3-1.one-unit-per-hex")
def test_no_hex_holding_another_unit(r):
    s = arrange(r, {INF: "0605", GUARD: "0604", ENEMY: "0409"})
    got = dests(r, s, INF)
    assert "0604" not in got
    with pytest.raises(IllegalAction, match="bakumatsu.8.no-enter-occupied"):
        r.apply(s, f"move {INF} @0604")
    s = arrange(r, {INF: "0605", ENEMY: "0603"})
    assert "0603" not in dests(r, s, INF)


@pytest.mark.rules("bakumatsu.3-2.zoc-extent", "bakumatsu.3-2.all-units-zoc", "bakumatsu.3-2.zoc-effects")
def test_every_unit_controls_its_hex_and_the_six_around(r):
    s = arrange(r, {ENEMY: "0605", ART.replace("G", "S").replace("19", "18"): "1106", ENEMY2: "0309"},
                disordered=["TB-S02"])
    zone = Situation(r.d, s).enemy_zone(GOV)
    assert {"0605", *r.d.board.neighbors["0605"]} <= zone
    assert {"1106", *r.d.board.neighbors["1106"]} <= zone  # artillery too
    assert {"0309", *r.d.board.neighbors["0309"]} <= zone  # a disordered unit too
    assert "0607" not in zone


@pytest.mark.rules("bakumatsu.3-2.zoc-not-across-river-pond")
def test_no_zone_across_a_river_or_pond(r):
    s = arrange(r, {ENEMY: "1006"})
    zone = Situation(r.d, s).enemy_zone(GOV)
    assert "0906" not in zone and "0907" not in zone  # across the river
    assert "1007" in zone and "1106" in zone
    s = arrange(r, {ENEMY: "0109"})
    assert "0110" not in Situation(r.d, s).enemy_zone(GOV)  # the pond


@pytest.mark.rules("bakumatsu.8-1.zoc-stop")
def test_entering_an_enemy_zone_ends_the_move(r):
    s = arrange(r, {INF: "1104", ENEMY: "1107"})
    got = dests(r, s, INF)
    assert "1106" in got  # next to the enemy: it may go there and stop
    assert "1007" not in got  # within reach only through the zone
    with pytest.raises(IllegalAction, match="bakumatsu.8-1.zoc-stop"):
        r.apply(s, f"move {INF} @1007")


@pytest.mark.rules("bakumatsu.8-1.zoc-exit-cost")
def test_leaving_an_enemy_zone_costs_one_more(r):
    s = arrange(r, {INF: "0604", ENEMY: "0605"})  # in the zone at the start
    assert cost(r, s, INF, "0603") == 2  # 1 + 1 to leave
    assert cost(r, s, INF, "0602") == 3 and cost(r, s, INF, "0503") == 3


@pytest.mark.rules("bakumatsu.8-1.no-zoc-to-zoc")
def test_not_straight_from_one_enemy_zone_to_another(r):
    s = arrange(r, {ART: "0604", ENEMY: "0605"})  # MA 2: the only way into 0705 is straight, zone to zone
    got = dests(r, s, ART)
    assert "0705" not in got and "0505" not in got and "0704" in got
    with pytest.raises(IllegalAction, match="bakumatsu.8-1.no-zoc-to-zoc"):
        r.apply(s, f"move {ART} @0705")


@pytest.mark.rules("bakumatsu.8-1.min-one-hex")
def test_one_hex_for_all_its_mp(r):
    s = arrange(r, {ART: "0807"})  # MA 2 next to the mountain (3 MP)
    assert "0707" in dests(r, s, ART)
    s = arrange(r, {ART: "0708", ENEMY: "0608"})  # leaving a zone into a mountain: 3 + 1 > 2
    assert "0707" in dests(r, s, ART)


@pytest.mark.rules("bakumatsu.8-1.min-one-hex-no-zoc-to-zoc")
def test_the_minimum_move_may_not_go_from_zone_to_zone(r):
    s = arrange(r, {ART: "0608", ENEMY: "0508"})  # artillery in a zone; the mountain 0607 is in it too
    got = dests(r, s, ART)
    assert "0607" not in got and "0709" in got


@pytest.mark.rules("bakumatsu.8.mp-lost", "bakumatsu.6.recover-or-move", "bakumatsu.6.one-at-a-time")
def test_a_unit_moves_once_and_loses_what_it_did_not_spend(r):
    s = arrange(r, {INF: "1106", GUARD: "1108"})
    s, _ = play(r, s, f"move {INF} @1107")
    assert INF in s["done"] and not any(a.startswith(f"move {INF} ") for a in legal(r, s))
    with pytest.raises(IllegalAction, match="bakumatsu.6.recover-or-move"):
        r.apply(s, f"move {INF} @1106")
    s, _ = play(r, s, f"move {GUARD} @1109")  # the next unit moves after the first has finished


@pytest.mark.rules("bakumatsu.8.mode-choice")
def test_one_move_is_one_mode(r):
    """A hex reachable only by using the road for part of the move and the fields for the rest is
    refused: road and normal movement are not mixed (8(3))."""
    s = arrange(r, {INF: "0102"})
    assert "0903" not in dests(r, s, INF) and "0802" in dests(r, s, INF)


@pytest.mark.rules("bakumatsu.12.move-disorders")
def test_artillery_that_moves_is_disordered(r):
    s = arrange(r, {ART: "1106", GUARD: "1109"})
    s, events = play(r, s, f"move {ART} @1107")
    assert ART in s["disordered"] and any("disordered by moving" in r.say(e) for e in events)
    s, _ = play(r, s, f"move {GUARD} @1110")
    assert GUARD not in s["disordered"]


@pytest.mark.rules("bakumatsu.6.active-any-units")
def test_the_active_player_moves_any_number_of_units_or_none(r):
    s = arrange(r, {INF: "1106", GUARD: "1109", ENEMY: "0305"})
    assert "end" in legal(r, s)  # none at all
    with pytest.raises(IllegalAction, match="bakumatsu.6.active-any-units"):
        r.apply(s, f"move {ENEMY} @0304")  # not the other side's units
    s, _ = play(r, s, f"move {INF} @1107", f"move {GUARD} @1110")  # any number
    assert not (s["segment"] == "rm" and s["active"] == GOV)  # nothing left to move: the phase ended


@pytest.mark.rules("bakumatsu.6.phase-end")
def test_the_phase_ends_when_nothing_can_move_or_on_request(r):
    s = arrange(r, {INF: "1106", ENEMY: "0305"})
    s1, _ = play(r, s, "end")
    assert not (s1["segment"] == "rm" and s1["active"] == GOV)
    s2, _ = play(r, s, f"move {INF} @1107")  # the only unit has moved: the phase ends by itself
    assert not (s2["segment"] == "rm" and s2["active"] == GOV) and INF not in s2["done"]  # markers cleared


def test_the_real_maps_keep_the_shogunate_and_satcho_apart_only_by_rivers_and_distance():
    """Toba-Fushimi: every set-up hex can reach the Shogunate entry hex or is reached from it by
    normal movement (no unit is shut in), and the hexes west of the Katsura are out of play."""
    r = rules(TF)
    d = r.d
    from kassen.engine.movement import MoveRules, reach

    open_ = reach(d.normal_steps, "0105", None, MoveRules(zoc_stop=False), costs=False)
    for area, hexes in d.area_hexes.items():
        assert all(h in open_.cost for h in hexes), area
    assert "0101" not in open_.cost and "1605" not in open_.cost  # beyond the Katsura
