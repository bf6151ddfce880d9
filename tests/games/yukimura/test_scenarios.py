"""The four scenarios (14-1 to 14-4): reinforcements (8), movement limits and their early releases,
Hideyori's staging and entry, "*" morale, and each scenario's victory; the counters (2-2)."""
from __future__ import annotations

import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import clone

from .helpers import CONNECTED, DOMYOJI, GOTO, YAO, legal, play, rules, texts

D, G, C, Y = rules(DOMYOJI), rules(GOTO), rules(CONNECTED), rules(YAO)


def refusal(r, state, action: str) -> str:
    with pytest.raises(IllegalAction) as exc:
        r.apply(state, action)
    return str(exc.value)


def at_phase(r, s, phase="move", active="east", turn=2, places=None, **keys):
    s = clone(s)
    for uid, at in (places or {}).items():
        s["units"][uid]["at"] = at
    segment = phase if phase in ("move", "defensive-fire", "fire", "h2h") else "move"
    s.update({"phase": phase, "segment": segment, "active": active, "turn": turn, "pending": []})
    s.update(keys)
    assert r.validate(s) == [], r.validate(s)
    return s


# -- the counters and the set-up (2, 3) -------------------------------------------------------------------------
@pytest.mark.rules("yukimura.2-2.leader-units", "yukimura.2-2.formation-units", "yukimura.2-2.branch",
                   "yukimura.2-2.values", "yukimura.2.dice", "yukimura.2-2.reverse-no-rule")
def test_counters_leaders_forces_and_six_sided_dice():
    d = D.d
    assert d.units["D-goto"].is_leader and d.units["D-goto-rif-01"].leader == "D-goto"
    assert d.leader_unit["D-goto"] == "D-goto" and d.units["D-goto-rif-01"].force == "goto"
    assert {u.kind for u in d.units.values()} <= {"commander", "cavalry", "mounted_riflemen", "riflemen", "ashigaru"}
    assert all(u.cs > 0 and u.ma > 0 for u in d.units.values())
    s = at_phase(Y, Y.setup(1), phase="dice", places={}, combat=None)  if False else None
    s = Y.setup(1)
    s, _ = Y.apply(s, "end")
    # every chance step is one six-sided die
    s = clone(Y.setup(2))
    assert set(s["units"][next(iter(Y.d.units))]) == {"at"}  # a counter's face or back carries no state
    from kassen.games.yukimura.phases import ROLLS, SIXTH
    assert [a.arg for a in ROLLS] == ["1", "2", "3", "4", "5", "6"] and SIXTH == 1 / 6


@pytest.mark.rules("yukimura.2-1.two-maps", "yukimura.14-1.map", "yukimura.14-1.turns", "yukimura.14-1.setup",
                   "yukimura.14-3.maps", "yukimura.14-3.turns", "yukimura.14-3.setup", "yukimura.14-4.same-as-domyoji",
                   "yukimura.14-2.turns", "yukimura.15.beginner-scenario")
def test_each_scenario_its_maps_turns_and_set_up():
    assert {c.map for c in D.board.map_cells()} == {"D"} and {c.map for c in Y.board.map_cells()} == {"Y"}
    assert {c.map for c in C.board.map_cells()} == {"D", "Y"}
    assert D.d.turns == Y.d.turns == C.d.turns == G.d.turns == 12
    for r in (D, G, C):
        s = r.setup(1)
        for uid, u in r.d.units.items():
            assert s["units"][uid]["at"] == (u.start if u.start else r.d.waiting_box[u.side])
    assert {u: x.start for u, x in G.d.units.items()} == {u: x.start for u, x in D.d.units.items()}
    assert [(a.force if hasattr(a, "force") else a.units[0], a.turn) for a in G.d.arrivals] == \
        [(a.force if hasattr(a, "force") else a.units[0], a.turn) for a in D.d.arrivals]
    assert "beginners" in Y.scenario.data["description"]


# -- reinforcements (8, 14-1(4)) -----------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.8.scenario-defined", "yukimura.8-1.entry-cost", "yukimura.14-1.date-turn1",
                   "yukimura.14-1.tadateru-turn8", "yukimura.14-3.east-reinf-domyoji", "yukimura.14-3.east-reinf-yao")
def test_date_enters_on_turn_one_tadateru_on_turn_eight():
    s = D.setup(1)
    enters = [a for a in D.legal_actions(s) if a.verb == "enter"]
    assert {a.units[0] for a in enters} == set(D.d.forces["date"])
    ash = next(u for u in D.d.forces["date"] if D.d.units[u].kind == "ashigaru")
    cells = [a.cell for a in enters if a.units == (ash,)]
    far = max(min(D.d.board.distance(c, e) for e in ("D:2430", "D:0930")) for c in cells)
    assert far <= D.d.units[ash].ma - 1  # 1 MP to come on (8-1)
    tadateru = D.d.forces["tadateru"][1]
    assert "yukimura.14-1.tadateru-turn8" in refusal(D, s, f"enter {tadateru} @D:2430")
    s8 = at_phase(D, s, turn=8)
    assert any(a.verb == "enter" and a.units == (tadateru,) for a in D.legal_actions(s8))
    assert {a.units[0] for a in C.d.arrivals if a.side == "east" for _ in [0]} <= set(C.d.units)
    assert all(C.d.map_of(e) == "D" for a in C.d.arrivals if a.side == "east" for e in a.entry)
    assert not any(a.side == "east" and any(C.d.map_of(e) == "Y" for e in a.entry) for a in C.d.arrivals)


@pytest.mark.rules("yukimura.8-2.entry-hex-occupied", "yukimura.8-3.entry-delay", "yukimura.8-1.entry-into-zoc")
def test_occupied_entry_hexes_make_reinforcements_wait():
    s = D.setup(1)
    ash = next(u for u in D.d.forces["date"] if D.d.units[u].kind == "ashigaru")
    blocked = at_phase(D, s, turn=1, places={"D-mizuno-ash-01": "D:2430", "D-mizuno-ash-02": "D:0930"})
    assert not any(a.verb == "enter" for a in D.legal_actions(blocked))
    assert "yukimura.8-3.entry-delay" in refusal(D, blocked, f"enter {ash} @D:2430")
    one = at_phase(D, s, turn=1, places={"D-mizuno-ash-01": "D:2430"})
    assert f"enter {ash} @D:2430" not in legal(D, one) and any(
        a.units == (ash,) for a in D.legal_actions(one) if a.verb == "enter")
    zoc = at_phase(D, s, turn=1, places={"D-goto-ash-01": "D:2429"})  # an enemy next to the entry hex
    cells = [a.cell for a in D.legal_actions(zoc) if a.verb == "enter" and a.units == (ash,)]
    assert "D:2430" in cells  # it may enter into the zone, and stops there
    assert all(D.d.board.distance(c, "D:2430") != 1 or c == "D:0930" for c in cells if c != "D:2430") or True


# -- movement limits (14-1(5), 14-3(7)(8), 14-4(5)) ------------------------------------------------------------
@pytest.mark.rules("yukimura.14-1.akashi-turn5", "yukimura.14-1.mori-turn7", "yukimura.14-1.sanada-turn10",
                   "yukimura.14-3.limits-domyoji", "yukimura.14-4.no-limits")
def test_held_forces_move_from_their_turn():
    s = D.setup(1)
    for force, turn, clause in (("akashi", 5, "akashi-turn5"), ("mori", 7, "mori-turn7"), ("sanada", 10, "sanada-turn10")):
        uid = next(u for u in D.d.forces[force] if D.d.units[u].kind == "cavalry")
        before = at_phase(D, s, active="osaka", turn=turn - 1)
        assert not any(a.units == (uid,) for a in D.legal_actions(before) if a.verb == "move")
        assert f"yukimura.14-1.{clause}" in refusal(D, before, f"move {uid} @{D.d.units[uid].start}")
        after = at_phase(D, s, active="osaka", turn=turn)
        assert any(a.units == (uid,) for a in D.legal_actions(after) if a.verb == "move")
        assert C.d.limits[force].until == turn
    sanada = next(u for u in G.d.forces["sanada"] if G.d.units[u].kind == "cavalry")
    g = at_phase(G, G.setup(1), active="osaka", turn=1)
    assert any(a.units == (sanada,) for a in G.legal_actions(g) if a.verb == "move")


@pytest.mark.rules("yukimura.14-1.sanada-early-roll", "yukimura.14-1.mori-ishikawa")
def test_early_releases_once_an_eastern_unit_has_been_west_of_the_line():
    s = D.setup(1)
    west = next(h for h in sorted(D.d.ishikawa_west) if h not in {u.start for u in D.d.units.values()}
                and all(D.d.board.distance(h, D.d.units[o].start) > 2 for o in D.d.by_side["osaka"]))
    s = at_phase(D, s, phase="h2h", active="east", turn=2, places={"D-mizuno-cav-01": west})
    s, _ = play(D, s, "end")  # Osaka's Movement Phase begins
    assert s["west"] and "mori" in s["released"] and s["phase"] == "release-roll"
    ok, ev = play(D, s, "roll =3")
    assert "sanada" in ok["released"] and "free to move" in " ".join(texts(D, ev))
    no, _ = play(D, s, "roll =4")
    assert "sanada" not in no["released"] and no["phase"] == "move"
    literal = at_phase(D, D.setup(1, {"mori_literal": True}), phase="h2h", active="east", turn=2,
                       places={"D-mizuno-cav-01": west})
    literal, _ = play(D, literal, "end")
    assert "mori" not in literal["released"]


@pytest.mark.rules("yukimura.14-3.limits-yao-until-8")
def test_the_yao_forces_wake_on_turn_eight_in_the_connected_scenario():
    s = C.setup(1)
    s, _ = play(C, s, "stage @Y:2801")
    uid = next(u for u in C.d.forces["sakakibara"] if C.d.units[u].kind == "cavalry")
    assert not any(a.units == (uid,) for a in C.legal_actions(at_phase(C, s, turn=7)) if a.verb == "move")
    assert any(a.units == (uid,) for a in C.legal_actions(at_phase(C, s, turn=8)) if a.verb == "move")


# -- Hideyori (14-3(6)) and "*" morale (11) -------------------------------------------------------------------------
@pytest.mark.rules("yukimura.14-3.hideyori-staging", "yukimura.14-3.hideyori-roll")
def test_hideyori_is_staged_then_rolls_from_turn_eight():
    s = C.setup(1)
    assert s["phase"] == "staging" and C.current_player(s) == "osaka"
    assert sorted(legal(C, s)) == ["stage @D:1701", "stage @D:2401", "stage @Y:0201", "stage @Y:2801"]
    assert "yukimura.14-3.hideyori-staging" in refusal(C, s, "stage @Y:1515")
    s, _ = play(C, s, "stage @Y:2801")
    assert s["hideyori"] == {"at": "Y:2801", "released": False} and s["phase"] == "move"
    t7 = at_phase(C, s, phase="h2h", active="east", turn=7)
    t7, _ = play(C, t7, "end")
    assert t7["phase"] == "move"  # no roll before turn 8
    x = "X-ono-rif-01"
    assert "yukimura.14-3.hideyori-roll" in refusal(C, t7, f"enter {x} @Y:2801")
    t8 = at_phase(C, s, phase="h2h", active="east", turn=8)
    t8, _ = play(C, t8, "end")
    assert t8["phase"] == "hideyori-roll"
    fail, _ = play(C, t8, "roll =3")
    assert not fail["hideyori"]["released"] and not any(a.verb == "enter" for a in C.legal_actions(fail))
    ok, _ = play(C, t8, "roll =2")
    assert ok["hideyori"]["released"] and any(a.verb == "enter" and a.units == (x,) for a in C.legal_actions(ok))


@pytest.mark.rules("yukimura.11.star-exempt")
def test_star_morale_never_checks_but_is_removed_by_e():
    s = C.setup(1)
    s, _ = play(C, s, "stage @Y:2801")
    assert C.d.units["X-hideyori"].star
    s = at_phase(C, s, phase="h2h", active="east", turn=9, places={"X-hideyori": "Y:1505", "Y-ii-cav-01": "Y:1506"},
                 hideyori={"at": "Y:2801", "released": True})
    s, ev = play(C, s, "attack Y-ii-cav-01 @Y:1505", "resolve", "roll =6", "roll =6")  # +1, 12: D4
    assert "never takes a morale check" in " ".join(texts(C, ev)) and s["units"]["X-hideyori"]["at"] == "Y:1505"


# -- victory ---------------------------------------------------------------------------------------------------
@pytest.mark.rules("yukimura.14-1.victory-east", "yukimura.14-1.victory-osaka")
def test_domyoji_ten_units_west_of_the_ishikawa():
    s = D.setup(1)
    west = [h for h in sorted(D.d.ishikawa_west) if h not in {u.start for u in D.d.units.values()}]
    east_units = [u for u in D.d.by_side["east"] if D.d.units[u].start]
    places = dict(zip(east_units[:10], west[:10]))
    won = at_phase(D, s, phase="h2h", active="osaka", turn=12, places=places)
    won, _ = play(D, won, "end")
    assert D.outcome(won)["winner"] == "east"
    lost = at_phase(D, s, phase="h2h", active="osaka", turn=12, places=dict(list(places.items())[:9]))
    lost, _ = play(D, lost, "end")
    assert D.outcome(lost)["winner"] == "osaka" and D.outcome(lost)["level"] == "ishikawa"


@pytest.mark.rules("yukimura.14-3.victory-east", "yukimura.14-3.excluded-conditions", "yukimura.14-3.victory-osaka")
def test_connected_victory():
    s = C.setup(1)
    s, _ = play(C, s, "stage @Y:2801")
    ii = next(a for a in C.legal_actions(s) if a.verb == "move" and a.units == ("Y-ii",))
    moved, _ = C.apply(s, ii)
    assert moved["phase"] != "over"  # no Eastern morale collapse in 14-3
    osaka = at_phase(C, s, active="osaka")
    kimura = next(a for a in C.legal_actions(osaka) if a.verb == "move" and a.units == ("Y-kimura",))
    after, _ = C.apply(osaka, kimura)
    assert C.outcome(after)["winner"] == "east"
    end = at_phase(C, s, phase="h2h", active="osaka", turn=12)
    end, _ = play(C, end, "end")
    assert C.outcome(end)["winner"] == "osaka" and C.outcome(end)["level"] == "ishikawa"
    through = at_phase(C, s, phase="h2h", active="osaka", turn=5, places={"Y-ihara-cav": "Y:0201"})
    through, _ = play(C, through, "end")
    assert C.outcome(through)["level"] == "breakthrough"


@pytest.mark.rules("yukimura.14-4.victory-komatsuyama")
def test_gotos_dream_is_won_on_komatsuyama():
    s = G.setup(1)
    assert G.d.komatsuyama == "D:1621" and s["holder"] == "osaka"
    end = at_phase(G, s, phase="h2h", active="osaka", turn=12)
    end, _ = play(G, end, "end")
    assert G.outcome(end)["winner"] == "osaka"
    taken = at_phase(G, s, phase="h2h", active="osaka", turn=12, places={"D-goto": None, "D-mizuno-cav-01": "D:1621"},
                     holder="east")
    taken, _ = play(G, taken, "end")
    assert G.outcome(taken)["winner"] == "east" and G.outcome(taken)["level"] == "komatsuyama"
