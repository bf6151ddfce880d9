"""Yukimura rule tests, named by clause (shared/rules/yukimura.md): each would fail if its rule broke.
Positions are the Yao set-up with the board cleared around a few units (helpers.cleared), in a
quiet corner of the map (marsh, no river) unless the test needs terrain."""
from __future__ import annotations

import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import clone

from .helpers import YAO, legal, play, rules, texts

R = rules(YAO)
E_RIF, E_RIF2, E_ASH = "Y-todo-rif-01", "Y-todo-rif-02", "Y-todo-ash-01"  # CS 3 M3, CS 3 M3, CS 2 M3
E_CAV, E_CAV2 = "Y-ii-cav-01", "Y-ii-cav-02"  # CS 4 M5
O_ASH, O_ASH2, O_RIF, O_CAV = "Y-kimura-ash-01", "Y-kimura-ash-02", "Y-kimura-rif-01", "Y-kimura-cav-01"  # M4, M4, M3, M4


def position(places: dict, phase: str = "move", active: str = "east", turn: int = 2, **keys) -> dict:
    """The Yao set-up with only the key leaders and ``places`` on the map, in ``phase``."""
    s = clone(R.setup(7))
    keep = {u for us in R.d.key_leaders.values() for u in us}
    for uid in R.d.units:
        if uid not in keep:
            s["units"][uid]["at"] = None
    for uid, at in places.items():
        s["units"][uid]["at"] = at
    segment = phase if phase in ("move", "defensive-fire", "fire", "h2h") else "move"
    s.update({"phase": phase, "segment": segment, "active": active, "turn": turn, "pending": []})
    s.update(keys)
    assert R.validate(s) == [], R.validate(s)
    return s


def refusal(state, action: str) -> str:
    with pytest.raises(IllegalAction) as exc:
        R.apply(state, action)
    return str(exc.value)


# -- worked example YE2 and the morale check (9-2-1, 11) -------------------------------------------------
@pytest.mark.rules("yukimura.9-2-1.number", "yukimura.11.formula", "yukimura.11.fail-retreat", "yukimura.9-2.resolve",
                   "yukimura.9-2.immediate", "yukimura.9.fire-steps", "yukimura.9-2.strength-sum")
def test_ye2_fire_result_two_is_a_morale_check_plus_two():
    """YE2: a fire result "2" means a morale check at die + 2 − Morale; 3 + 2 − 4 = 1: retreat 1 hex."""
    s = position({E_RIF: "Y:2106", O_ASH: "Y:2105"}, phase="fire")
    s, ev = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =4", "roll =6")
    log = " ".join(texts(R, ev))
    assert "column 3" in log and ": 2." in log  # FRT column 3, dice 10 -> "2"
    assert s["phase"] == "check" and s["check"]["plus"] == 2
    s, ev = play(R, s, "roll =3")
    assert "die 3 + 2 − morale 4 = 1" in " ".join(texts(R, ev))
    assert s["phase"] == "retreat" and s["retreat"]["left"] == 1


@pytest.mark.rules("yukimura.11.fail-eliminate", "yukimura.9-2-1.e", "yukimura.9-2-1.dash", "yukimura.11.pass")
def test_check_of_five_or_more_removes_and_e_removes():
    """11(3): die 6 + 2 − Morale 3 = 5 removes; "E" removes at once; "—" does nothing; 0 or less stays."""
    s = position({E_RIF: "Y:2106", O_RIF: "Y:2105"}, phase="fire")
    after, _ = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =4", "roll =6", "roll =6")
    assert after["units"][O_RIF]["at"] is None
    after, _ = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =6", "roll =6")  # column 3, 12: E
    assert after["units"][O_RIF]["at"] is None
    after, ev = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =1", "roll =1")  # "—"
    assert after["units"][O_RIF]["at"] == "Y:2105" and "No effect" in " ".join(texts(R, ev))
    after, _ = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =4", "roll =6", "roll =1")  # 1+2-3 = 0
    assert after["units"][O_RIF]["at"] == "Y:2105" and after["phase"] != "retreat"


# -- fire (9) --------------------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.9.riflemen-only", "yukimura.9-1-1.adjacent", "yukimura.9-1.declare")
def test_only_rifle_units_fire_and_only_at_adjacent_enemies():
    s = position({E_RIF: "Y:2106", E_ASH: "Y:2006", O_ASH: "Y:2105", O_CAV: "Y:2108"}, phase="fire")
    assert "yukimura.9.riflemen-only" in refusal(s, f"fire {E_ASH} @Y:2105")
    assert "yukimura.9-1-1.adjacent" in refusal(s, f"fire {E_RIF} @Y:2108")
    assert f"fire {E_RIF} @Y:2105" in legal(R, s)


@pytest.mark.rules("yukimura.9-1-4.combine-into-hex", "yukimura.9-1-5.target-once", "yukimura.9-1-2.once-per-phase",
                   "yukimura.9-1-3.optional")
def test_fire_at_one_hex_goes_together_once():
    """9-1-4: every unit firing at one hex fires with the first; 9-1-5: then the hex is done for the phase."""
    s = position({E_RIF: "Y:2106", E_RIF2: "Y:2204", "Y-todo-rif-03": "Y:2006", O_ASH: "Y:2105", O_ASH2: "Y:1906"},
                 phase="fire")
    s, _ = play(R, s, f"fire {E_RIF} @Y:2105")
    assert "join @Y:2204" in legal(R, s)
    s, ev = play(R, s, "join @Y:2204", "resolve")
    assert "= 6" in " ".join(texts(R, ev))  # 3 + 3
    s, _ = play(R, s, "roll =1", "roll =1")  # column 5-6, 2: "—"
    assert s["phase"] == "fire"
    assert "yukimura.9-1-5.target-once" in refusal(s, "fire Y-todo-rif-03 @Y:2105")
    assert "yukimura.9-1-2.once-per-phase" in refusal(s, f"fire {E_RIF2} @Y:2105")
    assert "end" in legal(R, position({E_RIF: "Y:2106", O_ASH: "Y:2105"}, phase="fire"))  # never compulsory


@pytest.mark.rules("yukimura.9-1-7.fire-xor-h2h", "yukimura.4-1.eastern-combat", "yukimura.10.own-phase")
def test_a_rifle_unit_fires_or_fights_hand_to_hand_not_both():
    s = position({E_RIF: "Y:2106", E_CAV: "Y:2006", O_ASH: "Y:2105", O_ASH2: "Y:1906"}, phase="fire")
    s, _ = play(R, s, f"fire {E_RIF} @Y:2105", "resolve", "roll =1", "roll =1")
    assert s["phase"] == "h2h"
    assert "yukimura.9-1-7.fire-xor-h2h" in refusal(s, f"attack {E_RIF} @Y:2105")
    assert f"attack {E_CAV} @Y:1906" in legal(R, s)


@pytest.mark.rules("yukimura.4-1.osaka-defensive-fire", "yukimura.11-3-2.no-defensive-fire-advance",
                   "yukimura.9.fire-phases")
def test_defensive_fire_by_the_other_side_without_advance():
    s = position({E_ASH: "Y:2106", O_RIF: "Y:2105"}, phase="defensive-fire")
    assert R.current_player(s) == "osaka"
    s, _ = play(R, s, f"fire {O_RIF} @Y:2106", "resolve", "roll =6", "roll =6")  # column 2, 12: "3"
    s, _ = play(R, s, "roll =6")  # 6 + 3 - 3 = 6: removed
    assert s["units"][E_ASH]["at"] is None and s["phase"] != "advance"


@pytest.mark.rules("yukimura.12-2.small-river-shift", "yukimura.9-1-6.impassable-no-block")
def test_fire_across_a_small_river_shifts_one_column_left():
    """The Tamagushi between Y:2418 (Kimura's bank) and Y:2419: 3 strength reads column 2."""
    assert R.d.across_small_river("Y:2418", "Y:2419")
    s = position({E_RIF: "Y:2419", O_ASH: "Y:2418"}, phase="fire")
    s, ev = play(R, s, f"fire {E_RIF} @Y:2418", "resolve")
    assert "small river" in " ".join(texts(R, ev)) and "column 2" in " ".join(texts(R, ev))


# -- hand-to-hand (10) -----------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.10-2.difference", "yukimura.10-3.resolve", "yukimura.10-3-1.de", "yukimura.10-1-4.combine",
                   "yukimura.10-1-1.adjacent", "yukimura.10.steps")
def test_hand_to_hand_by_difference_de_removes():
    s = position({E_CAV: "Y:2106", E_CAV2: "Y:2204", O_ASH: "Y:2105"}, phase="h2h")
    s, ev = play(R, s, f"attack {E_CAV} @Y:2105", "join @Y:2204", "resolve")
    assert "difference +5" in " ".join(texts(R, ev))  # 4 + 4 - 3
    s, ev = play(R, s, "roll =6", "roll =6")  # +5/+6, 12: DE
    assert s["units"][O_ASH]["at"] is None and "DE" in " ".join(texts(R, ev))


@pytest.mark.rules("yukimura.10-3-1.ae", "yukimura.10-1-3.optional")
def test_ae_removes_every_attacker():
    s = position({E_ASH: "Y:2106", O_CAV: "Y:2105"}, phase="h2h")
    s, _ = play(R, s, f"attack {E_ASH} @Y:2105", "resolve", "roll =1", "roll =1")  # -1: AE
    assert s["units"][E_ASH]["at"] is None and s["units"][O_CAV]["at"] == "Y:2105"


@pytest.mark.rules("yukimura.10-3-1.b1", "yukimura.10-3-1.b1-order", "yukimura.10-3-1.a-n", "yukimura.11.one-at-a-time")
def test_b1_defender_checks_first_then_each_attacker():
    s = position({E_CAV: "Y:2106", O_ASH: "Y:2105"}, phase="h2h")  # 4 - 3 = +1
    s, _ = play(R, s, f"attack {E_CAV} @Y:2105", "resolve", "roll =3", "roll =3")  # +1, 6: B1
    assert s["phase"] == "check" and s["check"]["unit"] == O_ASH and s["check"]["plus"] == 1
    s, _ = play(R, s, "roll =1")  # defender passes
    assert s["phase"] == "check" and s["check"]["unit"] == E_CAV


@pytest.mark.rules("yukimura.10-1-5.defend-once", "yukimura.10-1-2.attack-once")
def test_each_defender_once_and_each_attacker_once():
    s = position({E_CAV: "Y:2106", E_CAV2: "Y:2204", O_ASH: "Y:2105", O_ASH2: "Y:2205"}, phase="h2h")
    s, _ = play(R, s, f"attack {E_CAV} @Y:2105", "resolve", "roll =2", "roll =3")  # +1, 5: A1
    s, _ = play(R, s, "roll =1")  # attacker passes
    assert "yukimura.10-1-5.defend-once" in refusal(s, f"attack {E_CAV2} @Y:2105")
    assert "yukimura.10-1-2.attack-once" in refusal(s, f"attack {E_CAV} @Y:2205")


# -- movement (5, 6, 7) ----------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.5.one-unit-per-hex", "yukimura.7-4-1.through-friendly", "yukimura.7-1-1.one-at-a-time",
                   "yukimura.7-1-2.hex-by-hex", "yukimura.7.optional", "yukimura.4-1.eastern-move")
def test_one_unit_per_hex_but_moves_pass_through_friends():
    s = position({E_CAV: "Y:2106", E_ASH: "Y:2107"})
    assert "yukimura.7-4-1.through-friendly" in refusal(s, f"move {E_CAV} @Y:2107")
    assert f"move {E_CAV} @Y:2108" in legal(R, s)  # through the friend at 2107
    assert "end" in legal(R, s)


@pytest.mark.rules("yukimura.7-3-1.zoc-stop", "yukimura.7-3-2.zoc-locked", "yukimura.6-1.all-units-zoc")
def test_zones_of_control_stop_and_lock():
    from kassen.engine.movement import MoveRules, reach

    s = position({E_CAV: "Y:0729", O_ASH: "Y:1029"})  # on the flat Higashi-Kōya road strip
    dest = legal(R, s)
    assert f"move {E_CAV} @Y:0929" in dest
    free = reach(R.d.normal_steps, "Y:0729", 6, MoveRules(), blocked={"Y:1029"}).destinations()
    beyond = [h for h in free if f"move {E_CAV} @{h}" not in dest]
    assert beyond  # hexes only a path through the zone would reach
    for h in beyond:
        assert "yukimura.7-3-1.zoc-stop" in refusal(s, f"move {E_CAV} @{h}")
    locked = position({E_CAV: "Y:2106", O_ASH: "Y:2105"})
    assert "yukimura.7-3-2.zoc-locked" in refusal(locked, f"move {E_CAV} @Y:2108")


@pytest.mark.rules("yukimura.7-5-2.road-eight-hexes", "yukimura.7-5-1.road-start-and-path", "yukimura.12-1.road-cost",
                   "yukimura.7-2-2.terrain-costs", "yukimura.12-1.flat")
def test_road_march_eight_hexes_whatever_the_allowance():
    s = position({E_ASH: "Y:0529"})  # MA 4 on the Higashi-Kōya road
    dest = legal(R, s)
    assert f"move {E_ASH} @Y:1329" in dest and f"move {E_ASH} @Y:1429" not in dest
    assert f"move {E_ASH} @Y:0929" in dest  # 4 hexes of flat by normal movement too


@pytest.mark.rules("yukimura.7-5-1.road-no-zoc", "yukimura.7-5-1.road-other-limits")
def test_road_march_never_enters_an_enemy_zone():
    s = position({E_ASH: "Y:0529", O_ASH: "Y:1128"})
    assert "yukimura.7-5-1.road-no-zoc" in refusal(s, f"move {E_ASH} @Y:1329")


@pytest.mark.rules("yukimura.12-1.marsh", "yukimura.7-2.ma-once")
def test_marsh_costs_two():
    s = position({E_ASH: "Y:2106"})  # MA 4 in marsh: two hexes
    dest = legal(R, s)
    assert f"move {E_ASH} @Y:2108" in dest and f"move {E_ASH} @Y:2109" not in dest
    s, _ = play(R, s, f"move {E_ASH} @Y:2108")
    assert "yukimura.7-2.ma-once" in refusal(s, f"move {E_ASH} @Y:2109")


@pytest.mark.rules("yukimura.7-6.offmap-allowed", "yukimura.7-6-1.offmap-cost", "yukimura.7-6-2.offmap-no-return")
def test_leaving_the_map_costs_one_point_and_is_for_good():
    s = position({E_ASH: "Y:0529"})
    assert f"exit {E_ASH} @Y:0129" not in legal(R, s)  # 4 flat hexes cost all 4 points: none left to leave
    assert "yukimura.7-6-1.offmap-cost" in refusal(s, f"exit {E_ASH} @Y:0129")
    s2 = position({E_ASH: "Y:0329"})
    s2, _ = play(R, s2, f"exit {E_ASH} @Y:0129")
    assert s2["units"][E_ASH]["at"] is None
    assert "yukimura.7-6-2.offmap-no-return" in refusal(s2, f"move {E_ASH} @Y:0229")


@pytest.mark.rules("yukimura.14-2.frozen-sakakibara", "yukimura.14-2.frozen-ogasawara", "yukimura.14-2.frozen-hoshina",
                   "yukimura.14-2.frozen-suwa", "yukimura.14-2.frozen-sakai", "yukimura.14-2.frozen-sengoku",
                   "yukimura.14-2.frozen-m-tadayoshi", "yukimura.14-2.frozen-m-yasunaga", "yukimura.14-2.frozen-naito",
                   "yukimura.14-2.no-reinforcements")
def test_the_nine_frozen_yao_forces_never_move():
    s = R.setup(3)
    movers = {a.units[0] for a in R.legal_actions(s) if a.verb == "move"}
    for force, clause in [("sakakibara", "frozen-sakakibara"), ("ogasawara", "frozen-ogasawara"),
                          ("hoshina", "frozen-hoshina"), ("suwa", "frozen-suwa"), ("sakai", "frozen-sakai"),
                          ("sengoku", "frozen-sengoku"), ("tadayoshi", "frozen-m-tadayoshi"),
                          ("yasunaga", "frozen-m-yasunaga"), ("naito_t", "frozen-naito")]:
        for uid in R.d.forces[force]:
            assert uid not in movers
        uid = R.d.forces[force][0]
        assert f"yukimura.14-2.{clause}" in refusal(s, f"move {uid} @Y:0101")
    assert not R.d.arrivals


# -- victory (14-2) ----------------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.14-2.osaka-collapse", "yukimura.14-2.eastern-collapse")
def test_a_key_leader_leaving_his_hex_loses_at_once():
    s = R.setup(3)
    dest = next(a for a in R.legal_actions(s) if a.verb == "move" and a.units == ("Y-ii",))
    after, _ = R.apply(s, dest)
    assert after["phase"] == "over" and R.outcome(after)["winner"] == "osaka"
    s = position({O_CAV: "Y:2108"}, active="osaka")
    after, _ = R.apply(s, next(a for a in R.legal_actions(s) if a.units == ("Y-kimura",)))
    assert R.outcome(after)["winner"] == "east"


@pytest.mark.rules("yukimura.14-2.osaka-collapse")
def test_a_key_leader_retreating_into_a_friends_hex_ends_the_game_there():
    """Kimura's first retreat step goes into a friend's hex (every other hex beside him is held): he
    has left his hex, Osaka loses at once, and the two stay in one hex (the double occupancy of
    11-2-5 is never resolved). The final position is valid and its link opens."""
    from kassen.engine import codec

    friends = {O_ASH: "Y:2513", O_ASH2: "Y:2413", O_RIF: "Y:2414", O_CAV: "Y:2515", "Y-kimura-ash-03": "Y:2613"}
    s = position({E_RIF: "Y:2614", **friends}, phase="fire")
    s, _ = play(R, s, f"fire {E_RIF} @Y:2514", "resolve", "roll =4", "roll =6", "roll =6")  # "2", then a 6: he retreats
    assert s["phase"] == "retreat" and all(a.startswith("retreat") for a in legal(R, s))
    s, _ = play(R, s, "retreat @Y:2513")
    assert s["phase"] == "over" and R.outcome(s)["winner"] == "east"
    assert s["units"]["Y-kimura"]["at"] == s["units"][O_ASH]["at"] == "Y:2513"
    assert R.validate(s) == []
    link = codec.encode(R, "p", s)
    assert codec.decode(link, lambda _: R)[2] == s


@pytest.mark.rules("yukimura.14-2.breakthrough", "yukimura.4-1.advance-turn")
def test_breakthrough_at_the_end_of_a_turn():
    s = position({E_CAV: "Y:0201", O_ASH: "Y:2108"}, phase="h2h", active="osaka")
    s, _ = play(R, s, "end")
    assert R.outcome(s)["level"] == "breakthrough" and R.outcome(s)["winner"] == "east"


@pytest.mark.rules("yukimura.14-2.superior-power", "yukimura.14-2.draw", "yukimura.4.game-end", "yukimura.14-2.turns")
def test_superior_power_after_turn_twelve():
    ii = R.d.units["Y-ii"].start
    near = [h for h in R.d.board.neighbors[ii]]
    s = position({O_ASH: near[0], O_ASH2: near[1]}, phase="h2h", active="osaka", turn=12)
    s, _ = play(R, s, "end")
    assert R.outcome(s)["level"] == "superior" and R.outcome(s)["winner"] == "osaka"
    s = position({O_ASH: "Y:2108"}, phase="h2h", active="osaka", turn=12)
    s, _ = play(R, s, "end")
    assert R.outcome(s)["winner"] is None
    s = position({O_ASH: "Y:2108"}, phase="h2h", active="osaka", turn=11)
    s, _ = play(R, s, "end")
    assert s["turn"] == 12 and s["phase"] == "move"
