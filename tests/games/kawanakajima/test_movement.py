"""Movement, zones of control and contact (chapters 6 and 7)."""
import random

import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.play import random_game
from kassen.engine.state import clone

from kassen.games.kawanakajima import movement as mv

from .helpers import R, T, apply, legal, moves_of, play, position, texts, up

# geometry used below: tB on 1005; its ZOC is 1004 1006 1105 1106 0905 0906
ZOC_1005 = {"1004", "1006", "1105", "1106", "0905", "0906"}


def test_zoc_geometry():
    assert set(T.neighbors["1005"]) == ZOC_1005


@pytest.mark.rules("kawanakajima.6.zoc-all-units", "kawanakajima.7.zoc-stop")
def test_face_down_units_exert_a_zoc_that_stops_movement():
    s = position({"uB": "0705:up", "tB": "1005"}, turn=2)  # tB face down
    reach = moves_of(s, "uB")
    assert "0905" in reach and "0906" in reach  # may enter the ZOC...
    # ...but never pass through it: every other destination is reachable with the ZOC hexes blocked
    from kassen.games.kawanakajima.movement import destinations
    occupied = {u["at"] for k, u in s["units"].items() if u["at"] in T.on_map and k != "uB"}
    around = destinations(T, "0705", 7, occupied | ZOC_1005, set(), False)
    assert reach - ZOC_1005 == set(around)
    s = play(s, "move uB @0905")
    assert s["activation"]["stopped"] and s["activation"]["mp"] == 5
    assert not any(a.startswith("move") for a in legal(s))
    with pytest.raises(IllegalAction, match="kawanakajima.7.zoc-stop"):
        R.apply(s, "move uB @0904")


@pytest.mark.rules("kawanakajima.7.zoc-reveal", "kawanakajima.7.adjacent-always-face-up")
def test_entering_a_zoc_turns_both_units_face_up():
    s = position({"uB": "0705:mm", "tB": "1005", "tC": "0907", "tD": "1205"}, turn=2)
    s, ev = apply(s, "move uB @0906")  # next to tB (1005) and tC (0907)
    assert up(s, "uB") and up(s, "tB") and up(s, "tC") and not up(s, "tD")
    reveal = [e for e in ev if e["kind"] == "reveal"]
    assert reveal and "Takeda Nobushige" in R.say(reveal[0]) and "Takeda Nobukado" in R.say(reveal[0])
    assert set(reveal[0]["units"]) == {"uB", "tB", "tC"}
    # the engine's undo barrier: a reveal cannot be taken back
    before = position({"uB": "0705:mm", "tB": "1005", "tC": "0907", "tD": "1205"}, turn=2)
    assert R.is_barrier(before, R.legal_actions(before)[0], s, ev)
    # a face-down unit next to an enemy is an impossible position
    bad = clone(s)
    bad["units"]["tC"].pop("face_up")
    assert any("7(6)" in e for e in R.validate(bad))


@pytest.mark.rules("kawanakajima.7.who-may-move")
def test_only_face_up_or_move_marked_units_move():
    s = position({"uB": "0705:up", "uC": "0707:mm", "uD": "0709", "tB": "1205"}, turn=2)
    acts = legal(s)
    assert any(a.startswith("move uB") for a in acts) and any(a.startswith("move uC") for a in acts)
    assert not any(" uD " in a for a in acts)
    with pytest.raises(IllegalAction, match="kawanakajima.7.who-may-move"):
        R.apply(s, "move uD @0710")


@pytest.mark.rules("kawanakajima.7.seven-mp", "kawanakajima.7.cost-plains")
def test_seven_mp_on_the_plain():
    s = position({"uB": "0706:up", "tB": "1605"}, turn=2)
    reach = mv.reach(R, s, "uB", 7, False)
    assert max(reach.values()) == 7
    assert reach["0707"] == 1 and reach["0709"] == 3 and reach["1006"] == 3 and reach["1306"] == 6 and reach["1406"] == 7
    assert "1506" not in reach  # 8 plains hexes away
    s = play(s, "move uB @0709")
    assert s["activation"]["mp"] == 4
    with pytest.raises(IllegalAction, match="kawanakajima.7.seven-mp"):
        R.apply(s, "move uB @0704")  # 5 more hexes


@pytest.mark.rules("kawanakajima.7.cost-mountain")
def test_mountain_costs_two():
    s = position({"uB": "0208:up", "tB": "1605"}, turn=2)
    assert T.terrain["0209"] == "mountain"
    s = play(s, "move uB @0209")
    assert s["activation"]["mp"] == 5


@pytest.mark.rules("kawanakajima.7.cost-river")
def test_river_costs_two():
    s = position({"uB": "0511:up", "tB": "1605"}, turn=2)
    assert T.terrain["0512"] == "river"
    s = play(s, "move uB @0512")
    assert s["activation"]["mp"] == 5
    s = play(s, "move uB @0513")  # back to plains: 1
    assert s["activation"]["mp"] == 4


@pytest.mark.rules("kawanakajima.7.no-enter-occupied")
def test_no_unit_enters_or_crosses_an_occupied_hex():
    s = position({"uB": "0507:up", "uC": "0506", "uD": "0508", "uE": "0406", "uF": "0407",
                                 "uG": "0606", "uH": "0607", "tB": "1605"}, turn=2)
    reach = moves_of(s, "uB")
    assert not reach  # boxed in by friends on all six sides
    assert "move uB @0606" not in legal(s)
    s = position({"uB": "0705:up", "uC": "0805", "tB": "1605"}, turn=2)
    reach = mv.reach(R, s, "uB", 7, False)
    assert "0805" not in reach
    assert reach["0905"] == 2  # around, not through
    with pytest.raises(IllegalAction, match="kawanakajima.7.no-enter-occupied"):
        R.apply(s, "move uB @0805")


@pytest.mark.rules("kawanakajima.7.no-zoc-to-zoc")
def test_no_move_from_one_zoc_hex_to_another():
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=2)
    reach = moves_of(s, "uB")
    assert "0906" not in reach  # also next to tB
    assert "0904" in reach
    with pytest.raises(IllegalAction, match="kawanakajima.7.no-zoc-to-zoc"):
        R.apply(s, "move uB @0906")
    # whichever enemy's ZOC it is: 0804 is next to tC only
    s = position({"uB": "0905:up", "tB": "1005:up", "tC": "0803:up"}, turn=2)
    assert "0804" in T.neighbors["0803"] and "0804" not in ZOC_1005
    assert "0804" not in moves_of(s, "uB")


@pytest.mark.rules("kawanakajima.7.no-reenter-zoc")
def test_no_zoc_again_after_leaving_one():
    s = position({"uB": "0905:up", "tB": "1005:up", "tC": "1303:up"}, turn=2)
    assert "1203" in T.neighbors["1303"]
    fresh = moves_of(s, "uB")
    assert not fresh & (ZOC_1005 | set(T.neighbors["1303"]))  # no ZOC hex at all once it leaves
    s = play(s, "move uB @0904")
    assert s["activation"]["left_zoc"]
    reach = moves_of(s, "uB")
    assert "1004" not in reach and "1104" not in T.neighbors["1303"] or "1203" not in reach
    with pytest.raises(IllegalAction, match="kawanakajima.7.no-reenter-zoc"):
        R.apply(s, "move uB @1004")


@pytest.mark.rules("kawanakajima.7.disengage-penalty")
def test_leaving_a_zoc_ends_face_down_with_a_retreat_marker():
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=2)
    s, ev = apply(s, "move uB @0903")
    assert s["activation"]["left_zoc"]
    s, ev = apply(s, "end")
    u = s["units"]["uB"]
    assert not u.get("face_up") and u.get("retreat_marker") and u.get("seen")
    assert "left an enemy ZOC" in texts(ev)
    # not a commander retreat (ruling R8)
    s = position({"uA": "0905:up", "tB": "1005:up"}, turn=2)
    s = play(s, "move uA @0904", "end")
    assert s["units"]["uA"].get("retreat_marker") and s["commander_retreats"]["uesugi"] == 0


@pytest.mark.rules("kawanakajima.7.faceup-every-phase", "kawanakajima.7.no-carryover")
def test_face_up_units_move_every_turn_with_a_fresh_seven():
    s = position({"uB": "0705:up", "tB": "1605:up"}, turn=2)
    s = play(s, "move uB @0706", "end", "done")  # 6 MP unused
    assert s["active"] == "takeda"
    while s["active"] != "uesugi":
        s = play(s, "done")
    assert s["turn"] == 3 and s["phase"] == "command"
    s = play(s, "done")
    reach = mv.reach(R, s, "uB", 7, False)
    assert max(reach.values()) == 7  # a fresh 7, nothing carried over
    s = play(s, "move uB @0707")
    assert s["activation"]["mp"] == 6


@pytest.mark.rules("kawanakajima.7.move-marker-one-turn", "kawanakajima.7.move-marker-removed")
def test_a_move_marker_lasts_one_phase():
    s = position({"uB": "0705:mm", "uC": "0707:mm", "tB": "1605:up"}, turn=2)
    s = play(s, "move uB @0706", "end")
    assert not s["units"]["uB"].get("move_marker")  # removed when it is done
    assert s["units"]["uC"].get("move_marker")
    s = play(s, "done")  # uC never moved: its marker goes too
    assert not s["units"]["uC"].get("move_marker")
    while s["active"] != "uesugi":
        s = play(s, "done")
    s = play(s, "done")  # turn 3: no new markers
    assert not any(a.startswith("move") for a in legal(s))


@pytest.mark.rules("kawanakajima.7.optional")
def test_moving_is_optional():
    s = position({"uB": "0705:up", "tB": "1605:up"}, turn=2)
    assert "done" in legal(s)
    s2 = play(s, "done")
    assert s2["active"] == "takeda" and s2["units"]["uB"]["at"] == "0705"
    s3 = play(s, "move uB @0706", "end")
    assert s3["finished"] == ["uB"]


def _stepwise(state, uid, mp, left, stopped):
    """Reference: hex-by-hex movement with the rules applied at every step; returns
    {hex: set of (mp left, left_zoc)} over every legal path."""
    units = state["units"]
    side = T.side_of(uid)
    occupied = {u["at"] for k, u in units.items() if u["at"] in T.on_map and k != uid}
    enemies = [u["at"] for k, u in units.items() if u["at"] in T.on_map and T.side_of(k) != side]
    zoc = {n for e in enemies for n in T.neighbors[e]}
    start = units[uid]["at"]
    out = {}
    frontier = [(start, mp, left, stopped)]
    seen = set()
    while frontier:
        here, m, lft, stp = frontier.pop()
        if (here, m, lft, stp) in seen:
            continue
        seen.add((here, m, lft, stp))
        if here != start:
            out.setdefault(here, set()).add((m, lft))
        if stp:
            continue
        for n in T.neighbors[here]:
            c = T.cost[n]
            if n in occupied or c > m:
                continue
            leaving = here in zoc
            if n in zoc and (leaving or lft):
                continue  # 7(8), 7(9)
            frontier.append((n, m - c, lft or leaving, n in zoc))
    return out


def test_moving_by_destination_equals_moving_hex_by_hex():
    """Ruling A1: the outcome of a move depends only on its destination, not on the path."""
    checked = 0
    for seed in range(6):
        state, _ = random_game(R, seed, max_actions=900)
        rng = random.Random(seed)
        for uid in rng.sample(T.unit_ids, 12):
            if state["units"][uid]["at"] not in T.on_map:
                continue
            for mp, left in ((7, False), (4, False), (5, True)):
                ref = _stepwise(state, uid, mp, left, False)
                reach = mv.reach(R, state, uid, mp, left)
                assert set(ref) == set(reach), (seed, uid)
                for hx, outcomes in ref.items():
                    lefts = {lft for _, lft in outcomes}
                    assert len(lefts) == 1, (seed, uid, hx, outcomes)  # left-ZOC never depends on the path
                    assert max(m for m, _ in outcomes) == mp - reach[hx]  # the cheapest path is offered
                checked += 1
    assert checked > 50
