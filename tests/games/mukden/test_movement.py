"""Sequence of play [5.0], movement [6.0] and leaving the map [9.0]."""
import pytest

from kassen.engine.errors import IllegalAction

from .helpers import allotted, arrange, legal, play, rules, text


@pytest.fixture(scope="module")
def r():
    return rules()


def dests(r, s, uid):
    return sorted(a.split("@")[1] for a in legal(r, s) if a.startswith(f"move {uid} @"))


@pytest.mark.rules("mukden.5.japan-first")
def test_japan_moves_first_then_turns_alternate(r):
    s = allotted(r)
    assert r.current_player(s) == "japan" and s["turn"] == 1
    s, _ = play(r, s, "move jp-1 @0707")
    assert r.current_player(s) == "russia" and s["turn"] == 1
    s, _ = play(r, s, "move ru-gr-right @0503")
    assert r.current_player(s) == "japan" and s["turn"] == 2
    s, _ = play(r, s, "move jp-2 @0207")
    assert r.current_player(s) == "russia"


@pytest.mark.rules("mukden.5.choose-one-unit")
def test_exactly_one_own_unit_is_chosen(r):
    s = allotted(r)
    moves = legal(r, s)
    assert {a.split()[1] for a in moves} == {"jp-1", "jp-2", "jp-3", "jp-4", "jp-yalu"}
    assert all(a.split()[0] in ("move", "wait") for a in moves)  # no pass while a unit can be chosen
    with pytest.raises(IllegalAction, match="mukden.5.choose-one-unit"):
        r.apply(s, "move ru-3 @0405")
    s, _ = play(r, s, "move jp-4 @0506")  # next to the Russian 3rd Army: the turn goes on with it
    assert s["chosen"] == "jp-4" and s["phase"] == "attack"
    with pytest.raises(IllegalAction, match="mukden.5.choose-one-unit"):
        r.apply(s, "move jp-1 @0706")


@pytest.mark.rules("mukden.5.move-then-attack")
def test_the_chosen_unit_moves_then_attacks(r):
    s = allotted(r)
    with pytest.raises(IllegalAction, match="mukden.5.move-then-attack"):
        r.apply(s, "attack @0505")
    s, _ = play(r, s, "move jp-4 @0506", "attack @0505")
    assert s["combat"]["attacker"] == "jp-4" and s["combat"]["attacker_at"] == "0506"
    with pytest.raises(IllegalAction):
        r.apply(s, "move jp-4 @0507")  # no movement after the attack is declared


@pytest.mark.rules("mukden.6.locked-if-adjacent")
def test_a_unit_next_to_an_enemy_may_not_move(r):
    s = arrange(r, {"jp-4": "0506", "ru-3": "0505", "jp-1": "0707"})
    assert dests(r, s, "jp-4") == ["0506"]  # it may still be chosen, and attack
    assert len(dests(r, s, "jp-1")) > 1
    with pytest.raises(IllegalAction, match="mukden.6.locked-if-adjacent"):
        r.apply(s, "move jp-4 @0507")
    s, _ = play(r, s, "move jp-4 @0506")
    assert legal(r, s) == ["attack @0505"]


@pytest.mark.rules("mukden.6.no-shared-hex")
def test_no_unit_enters_or_passes_another_units_hex(r):
    s = arrange(r, {"jp-2": "0306", "jp-4": "0307", "ru-2": "0101"})
    d = dests(r, s, "jp-2")
    assert "0307" not in d  # friendly unit
    assert "0308" not in d  # only reachable through 0307
    with pytest.raises(IllegalAction, match="mukden.6.no-shared-hex"):
        r.apply(s, "move jp-2 @0307")
    with pytest.raises(IllegalAction, match="mukden.6.no-shared-hex"):
        r.apply(s, "move jp-2 @0308")
    s2 = arrange(r, {"jp-2": "0306", "ru-2": "0101"})
    assert "0308" in dests(r, s2, "jp-2")


@pytest.mark.rules("mukden.6.stop-adjacent")
def test_entering_a_hex_next_to_an_enemy_ends_the_move(r):
    s = arrange(r, {"jp-2": "0308", "ru-2": "0206"})
    d = dests(r, s, "jp-2")
    assert "0307" in d  # it may enter the hex next to the enemy ...
    assert "0306" not in d  # ... but not go on from it (0307 is the only way to 0306)
    with pytest.raises(IllegalAction, match="mukden.6.stop-adjacent"):
        r.apply(s, "move jp-2 @0306")
    s2 = arrange(r, {"jp-2": "0308", "ru-2": "0101"})
    assert "0306" in dests(r, s2, "jp-2")


@pytest.mark.rules("mukden.6.mountain-stop")
def test_entering_a_mountain_ends_the_move(r):
    s = arrange(r, {"jp-1": "0708", "ru-1": "0101"})
    d = dests(r, s, "jp-1")
    assert "0807" in d and "0907" not in d  # 0907 is reached only through the mountain 0807
    assert "0908" in d  # through the clear 0808
    with pytest.raises(IllegalAction, match="mukden.6.mountain-stop"):
        r.apply(s, "move jp-1 @0907")


@pytest.mark.rules("mukden.6.mountain-start-one")
def test_a_unit_starting_in_a_mountain_moves_one_hex(r):
    s = arrange(r, {"jp-yalu": "0907", "ru-1": "0101"})
    assert dests(r, s, "jp-yalu") == sorted(["0907", "0906", "0908", "0806", "0807"])
    with pytest.raises(IllegalAction, match="mukden.6.mountain-start-one"):
        r.apply(s, "move jp-yalu @0808")
    s2 = arrange(r, {"jp-yalu": "0808", "ru-1": "0101"})
    assert "0708" in dests(r, s2, "jp-yalu") and "0607" in dests(r, s2, "jp-yalu")


@pytest.mark.rules("mukden.6.river-stop")
def test_crossing_the_river_ends_the_move(r):
    s = arrange(r, {"jp-4": "0504", "ru-2": "0101"})
    d = dests(r, s, "jp-4")
    assert "0503" in d and "0502" not in d  # across the Hun bridge, then stop
    with pytest.raises(IllegalAction, match="mukden.6.river-stop"):
        r.apply(s, "move jp-4 @0502")
    s2 = arrange(r, {"jp-4": "0505", "ru-2": "0101"})
    assert "0503" in dests(r, s2, "jp-4")  # crossing on the second hex is fine: it stops there anyway


@pytest.mark.rules("mukden.6.move-one-or-two")
def test_otherwise_a_unit_moves_zero_one_or_two_hexes(r):
    s = arrange(r, {"jp-4": "0507", "ru-2": "0101"})
    d = dests(r, s, "jp-4")
    within = sorted(h for h in r.map.hexes if r.board.distance("0507", h) <= 2)
    assert d == within and len(within) == 18  # 19 minus the one beyond the south edge
    with pytest.raises(IllegalAction, match="mukden.6.move-one-or-two"):
        r.apply(s, "move jp-4 @0504")  # three hexes
    s, _ = play(r, s, "move jp-4 @0507")  # staying put is a legal choice of the unit
    assert s["active"] == "russia"


@pytest.mark.rules("mukden.9.russian-only-exit")
def test_only_russians_leave_and_only_from_the_three_exits(r):
    s = arrange(r, {"jp-4": "0501", "ru-2": "0308"})
    assert "withdrawn" not in dests(r, s, "jp-4")
    with pytest.raises(IllegalAction, match="mukden.9.russian-only-exit"):
        r.apply(s, "move jp-4 @withdrawn")
    s = arrange(r, {"jp-4": "0308", "ru-1": "0601", "ru-2": "0301", "ru-3": "0503", "ru-gr-left": "0502",
                    "ru-gr-right": "0901"}, active="russia")
    assert "withdrawn" in dests(r, s, "ru-1")  # one hex onto 0501 or 0701, then off
    assert "withdrawn" in dests(r, s, "ru-gr-right")  # from the exit hex itself
    assert "withdrawn" not in dests(r, s, "ru-2")  # north edge but not an exit; 0501 is two hexes away
    assert "withdrawn" not in dests(r, s, "ru-3")  # 0503 -> 0502 -> 0501 leaves no movement to exit
    with pytest.raises(IllegalAction, match="mukden.9.russian-only-exit"):
        r.apply(s, "move ru-2 @withdrawn")
    s, ev = r.apply(s, "move ru-gr-right @withdrawn")
    assert s["units"]["ru-gr-right"]["at"] == "withdrawn" and "leaves the map" in text(ev[0])
    assert s["phase"] == "end-turn"  # no attack from off the map


@pytest.mark.rules("mukden.9.no-return")
def test_a_withdrawn_unit_never_returns(r):
    s = arrange(r, {"jp-4": "0308", "ru-1": "withdrawn", "ru-2": "0305"}, active="russia")
    assert not [a for a in legal(r, s) if " ru-1 " in f" {a} "]
    with pytest.raises(IllegalAction, match="mukden.9.no-return"):
        r.apply(s, "move ru-1 @0701")
    # a withdrawn unit is never attacked and never moves again, whatever happens on the map
    s, _ = play(r, s, "move ru-2 @0305", "end-turn", "move jp-4 @0307", "move ru-2 @0305", "end-turn")
    assert s["units"]["ru-1"]["at"] == "withdrawn"
