"""Terrain (12), zones of control across hexsides (6-2), the advance after combat (11-3), stacking (5),
the sequence of play (4-1) and the command-range option (13), on the Dōmyōji and Yao maps."""
from __future__ import annotations

import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import clone

from .helpers import DOMYOJI, YAO, legal, play, rules, texts
from .test_rules import E_ASH, E_CAV, E_CAV2, E_RIF, O_ASH, O_ASH2, O_CAV, position

D = rules(DOMYOJI)
Y = rules(YAO)
# Dōmyōji: Eastern Mizuno units, Osaka Gotō units
DE_RIF, DE_RIF2, DE_ASH, DE_CAV = "D-mizuno-rif-01", "D-mizuno-rif-02", "D-mizuno-ash-01", "D-mizuno-cav-01"
DO_RIF, DO_ASH, DO_CAV = "D-goto-rif-01", "D-goto-ash-01", "D-goto-cav-01"


def dpos(places: dict, phase: str = "move", active: str = "east", turn: int = 2, **keys) -> dict:
    s = clone(D.setup(5))
    for uid in D.d.units:
        s["units"][uid]["at"] = None if D.d.units[uid].start else s["units"][uid]["at"]
    for uid, at in places.items():
        s["units"][uid]["at"] = at
    segment = phase if phase in ("move", "defensive-fire", "fire", "h2h") else "move"
    s.update({"phase": phase, "segment": segment, "active": active, "turn": turn, "pending": []})
    s.update(keys)
    assert D.validate(s) == [], D.validate(s)
    return s


def refusal(r, state, action: str) -> str:
    with pytest.raises(IllegalAction) as exc:
        r.apply(state, action)
    return str(exc.value)


def step(r, a, b):
    return next((c for n, c in r.d.normal_steps[a] if n == b), None)


@pytest.mark.rules("yukimura.12-1.mountain-cost", "yukimura.12-2.small-river-cost", "yukimura.12-1.large-river",
                   "yukimura.12-1.mound-no-entry", "yukimura.12-2.impassable-move", "yukimura.7-4-2.no-impassable",
                   "yukimura.12-1.mound-other-terrain")
def test_the_terrain_chart():
    d = D.d
    flat_to_mountain = [(a, b) for b in sorted(d.mountain) for a in D.board.neighbors[b]
                        if D.board.cells[a].terrain == "flat" and (a, b) not in d.small_river
                        and "road" not in D.board.features(a, b)]
    assert flat_to_mountain and all(step(D, a, b) == 2 for a, b in flat_to_mountain)
    river = [(a, b) for a, b in sorted(d.small_river) if "road" not in D.board.features(a, b)
             and D.board.cells[b].terrain == "flat"]
    assert river and all(step(D, a, b) == 2 for a, b in river)  # flat 1 + small river 1
    for b in d.large_river:  # only along a road (the ferry)
        for a in D.board.neighbors[b]:
            assert (step(D, a, b) is not None) == ("road" in D.board.features(a, b))
    assert step(D, "D:0808", "D:0909") is None and step(D, "D:0809", "D:0909") == 1  # the mound's rim, its causeway
    s = dpos({DE_ASH: "D:1008", DO_ASH: "D:0809"})  # the causeway side held by the enemy
    assert f"move {DE_ASH} @D:0909" not in legal(D, s)
    assert "yukimura.7-4-2.no-impassable" in refusal(D, s, f"move {DE_ASH} @D:0909")


@pytest.mark.rules("yukimura.6-2.zoc-not-across-impassable", "yukimura.6-2.zoc-not-into-unenterable",
                   "yukimura.10-1-6.no-h2h-impassable", "yukimura.12-1.mound-no-h2h")
def test_zones_and_hand_to_hand_stop_at_impassable_hexsides():
    d = D.d
    assert "D:0808" not in d.zoc.zone(["D:0909"]) and "D:0809" in d.zoc.zone(["D:0909"])
    river = next(b for b in sorted(d.large_river) if b not in d.road_hexes)
    a = next(n for n in D.board.neighbors[river] if n not in d.large_river)
    assert river not in d.zoc.zone([a])
    s = dpos({DE_CAV: "D:0808", DO_ASH: "D:0909"}, phase="h2h")
    assert "yukimura.10-1-6.no-h2h-impassable" in refusal(D, s, f"attack {DE_CAV} @D:0909")


@pytest.mark.rules("yukimura.12-1.mountain-shift", "yukimura.12-1.road-combat")
def test_one_column_for_the_side_in_the_mountains():
    d = D.d
    target, firer = "D:1318", "D:1217"  # a road through mountain: the road keeps the mountain's combat effect
    assert target in d.mountain and target in d.road_hexes and firer not in d.mountain
    s = dpos({DE_RIF: firer, DO_ASH: target}, phase="fire")
    s2, ev = play(D, s, f"fire {DE_RIF} @{target}", "resolve")
    assert "target is in a mountain" in " ".join(texts(D, ev)) and "column 1" in " ".join(texts(D, ev))
    hill = next(h for h in sorted(d.mountain) for n in D.board.neighbors[h]
                if n not in d.mountain and n not in d.large_river and (h, n) not in d.small_river
                and (h, n) not in d.impassable)
    low = next(n for n in D.board.neighbors[hill] if n not in d.mountain and n not in d.large_river
               and (hill, n) not in d.small_river and (hill, n) not in d.impassable)
    s = dpos({DE_RIF: hill, DO_ASH: low}, phase="fire")
    s2, ev = play(D, s, f"fire {DE_RIF} @{low}", "resolve")
    assert "every attacking unit is in a mountain" in " ".join(texts(D, ev)) and "column 3" in " ".join(texts(D, ev))


# -- advance after combat (11-3) -----------------------------------------------------------------------------
@pytest.mark.rules("yukimura.11-3-1.fire-advance", "yukimura.11-3-5.optional")
def test_one_firing_unit_may_advance_into_the_vacated_hex():
    s = position({E_RIF: "Y:2106", "Y-todo-rif-02": "Y:2204", O_ASH: "Y:2105"}, phase="fire")
    s, _ = play(Y, s, f"fire {E_RIF} @Y:2105", "join @Y:2204", "resolve", "roll =6", "roll =6")  # 6: E
    assert s["phase"] == "advance"
    assert sorted(a for a in legal(Y, s) if a != "stay") == [f"advance {E_RIF} @Y:2105",
                                                             "advance Y-todo-rif-02 @Y:2105"]
    s2, _ = play(Y, s, f"advance {E_RIF} @Y:2105")
    assert s2["units"][E_RIF]["at"] == "Y:2105" and s2["phase"] != "advance"
    s3, _ = play(Y, s, "stay")  # optional
    assert s3["units"][E_RIF]["at"] == "Y:2106"


@pytest.mark.rules("yukimura.11-3-4.elim-advance-four", "yukimura.11-3-4.first-hex", "yukimura.11-3-4.no-end-on-friend",
                   "yukimura.11-3-6.ignore-terrain-zoc")
def test_after_an_elimination_each_attacker_may_advance_four_hexes():
    s = position({E_CAV: "Y:2106", E_CAV2: "Y:2204", E_ASH: "Y:2103", O_ASH: "Y:2105", O_ASH2: "Y:1903"},
                 phase="h2h")
    s, _ = play(Y, s, f"attack {E_CAV} @Y:2105", "join @Y:2204", "resolve", "roll =6", "roll =6")  # DE
    options = [a.cell for a in Y.legal_actions(s) if a.verb == "advance" and a.units == (E_CAV,)]
    b = Y.d.board
    assert "Y:2105" in options and all(b.distance("Y:2105", h) <= 3 for h in options)
    assert any(b.distance("Y:2105", h) == 3 for h in options)  # 4 hexes of marsh: terrain ignored
    assert "Y:2103" not in options  # a friendly unit
    assert "Y:2004" in options  # in the zone of control of Y:1903: ignored
    assert "Y:2106" not in options or b.distance("Y:2105", "Y:2106") == 1


@pytest.mark.rules("yukimura.11-3-3.serial-advance")
def test_serial_advance_along_the_retreat_path():
    s = position({E_CAV: "Y:2106", E_CAV2: "Y:2005", O_ASH: "Y:2105"}, phase="h2h", active="east")
    # the defender retreats 3 hexes north, away from both attackers
    s, _ = play(Y, s, f"attack {E_CAV} @Y:2105", "join @Y:2005", "resolve", "roll =4", "roll =6", "roll =3")
    assert s["phase"] == "retreat" and s["retreat"]["left"] == 3
    while s["phase"] == "retreat":
        s, _ = play(Y, s, legal(Y, s)[0])
    path = s["combat"]["path"]
    assert s["phase"] == "advance" and len(path) == 4
    s, _ = play(Y, s, f"advance {E_CAV} @{path[2]}")
    second = [a.cell for a in Y.legal_actions(s) if a.verb == "advance" and a.units == (E_CAV2,)]
    assert second == [path[0], path[1]]  # stops behind the one that went first


# -- stacking and the sequence of play ------------------------------------------------------------------------
@pytest.mark.rules("yukimura.5.overstack-removed", "yukimura.5.when-enforced")
def test_an_over_stacked_unit_is_removed_at_the_end_of_the_movement_phase():
    from kassen.games.yukimura.phases import enforce_stacking

    s = position({E_ASH: "Y:2106", E_CAV: "Y:2108"})
    s = clone(s)
    s["units"][E_CAV]["at"] = "Y:2106"  # cannot happen by a move: two units in one hex
    s["done"] = [E_CAV]
    events = enforce_stacking(Y, s)
    assert s["units"][E_CAV]["at"] is None and s["units"][E_ASH]["at"] == "Y:2106" and events
    assert "share hex" in " ".join(Y.validate(position({E_ASH: "Y:2106"}) | {"units": {**s["units"], E_ASH: {"at": "Y:2106"}, E_CAV: {"at": "Y:2106"}}}))


@pytest.mark.rules("yukimura.4-1.osaka-move", "yukimura.4-1.eastern-defensive-fire", "yukimura.4-1.osaka-combat",
                   "yukimura.3.inning-one", "yukimura.3.start-positions", "yukimura.14-2.setup", "yukimura.14-2.map",
                   "yukimura.1.sides", "yukimura.3.choose")
def test_the_six_phases_of_a_turn():
    s = Y.setup(1)
    assert s["turn"] == 1 and s["active"] == "east" and s["phase"] == "move" and set(Y.sides) == {"east", "osaka"}
    assert all(s["units"][u]["at"] == Y.d.units[u].start for u in Y.d.units)
    assert {c.map for c in Y.board.map_cells()} == {"Y"}
    s, ev = play(Y, s, "end")
    log = texts(Y, ev)
    assert log[:3] == ["Osaka's Defensive Firing Phase.", "Eastern's Combat Phase: firing.",
                       "Eastern's Combat Phase: hand-to-hand."] or "Osaka's Defensive Firing Phase." in log[0]
    assert s["active"] == "osaka" and s["phase"] == "move"
    s, ev = play(Y, s, "end")
    log = " ".join(texts(Y, ev))
    assert "Eastern's Defensive Firing Phase" in log and "Osaka's Combat Phase" in log and "Turn 2" in log
    assert s["turn"] == 2 and s["active"] == "east"


@pytest.mark.rules("yukimura.13-1.optional", "yukimura.13-1.out-of-range", "yukimura.13-1.measure",
                   "yukimura.13-1.defensive-fire-ok")
def test_command_range_is_an_option():
    far = {"Y-todo-rif-01": "Y:2106", "Y-kimura-rif-01": "Y:2105"}  # 10+ hexes from Tōdō at Y:1119
    alone = {"Y-todo-rif-01": "Y:2106"}
    s = position(alone)
    assert any(a.units == ("Y-todo-rif-01",) for a in Y.legal_actions(s))  # off by default
    s = position(alone, options={"command_range": True})
    assert not any(a.units == ("Y-todo-rif-01",) for a in Y.legal_actions(s))
    assert "yukimura.13-1.out-of-range" in refusal(Y, s, "move Y-todo-rif-01 @Y:2107")
    assert Y.d.board.distance("Y:1119", "Y:2106") > Y.d.units["Y-todo"].command_range
    s = position(far, phase="defensive-fire", active="osaka", options={"command_range": True})
    assert "fire Y-todo-rif-01 @Y:2105" in legal(Y, s)
    s = position(far, phase="fire", options={"command_range": True})
    assert "yukimura.13-1.out-of-range" in refusal(Y, s, "fire Y-todo-rif-01 @Y:2105")


@pytest.mark.rules("yukimura.11-1-2.no-impassable")
def test_a_retreat_never_crosses_an_impassable_hexside():
    """Gotō's foot on the Ōjin mound, attacked up its causeway: out over the rim is no way back."""
    s = dpos({DE_CAV: "D:0809", DO_ASH: "D:0909"}, phase="h2h")
    s, _ = play(D, s, f"attack {DE_CAV} @D:0909", "resolve", "roll =5", "roll =5", "roll =4")  # D1: 4 + 1 - 4 = 1
    assert s["phase"] == "retreat"
    assert "retreat @D:0910" not in legal(D, s) and "retreat @D:1008" not in legal(D, s)
    assert "yukimura.11-1-2.no-impassable" in refusal(D, s, "retreat @D:1008")
    assert legal(D, s) == ["retreat @D:1009"]
