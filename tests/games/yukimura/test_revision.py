"""Rules revision 2 tuned Yao's reconstructed key leaders for balance (scenarios/yukimura/README.md:
Kimura and Chōsokabe at morale 6, Ii and Tōdō one hex nearer the front). Saves and links live for
ever: a game begun before keeps the morale and the start hexes it began with (rules.before_revision),
in its morale checks, its collapse, its counters, its links and what the computer guards."""
from __future__ import annotations

import copy

import pytest

from kassen.engine import codec
from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import parse_scenario
from kassen.engine.state import clone
from kassen.games import rules_for

from .helpers import CONNECTED, YAO, play, rules, texts

R = rules(YAO)
KIMURA, II, TODO = "Y-kimura", "Y-ii", "Y-todo"
E_CAV, E_RIF = "Y-ii-cav-01", "Y-todo-rif-01"


def rifle_beside_kimura(r, game: dict) -> dict:
    """``game`` with only the key leaders and Tōdō's rifle on the map, the rifle next to Kimura
    (Y:2614) in the Eastern fire segment of turn 2."""
    s = clone(game)
    keep = {u for us in r.d.key_leaders.values() for u in us}
    for uid in r.d.units:
        if uid not in keep:
            s["units"][uid]["at"] = None
    s["units"][E_RIF]["at"] = "Y:2614"
    s.update({"phase": "fire", "segment": "fire", "active": "east", "turn": 2, "pending": []})
    assert r.validate(s) == []
    return s


def old_game(seed: int = 7) -> dict:
    """A Yao game as it was set up before revision 2 (the golden games replay from such a base)."""
    return R.begun_under(R.setup(seed), 1)


def test_a_new_game_has_the_tuned_values_and_an_old_one_keeps_its_own():
    new, old = R.setup(7), old_game()
    assert new["revision"] == R.revision >= 2 and old["revision"] == 1
    assert (new["units"][II]["at"], new["units"][TODO]["at"]) == ("Y:2523", "Y:1218")
    assert (old["units"][II]["at"], old["units"][TODO]["at"]) == ("Y:2524", "Y:1119")
    assert R.validate(new) == [] and R.validate(old) == []
    assert [R.d.unit_of(KIMURA, n).morale for n in (0, 1, 2, 3)] == [5, 5, 6, 6]
    assert [R.d.unit_of("Y-chosokabe", n).morale for n in (0, 1, 2, 3)] == [5, 5, 6, 6]
    assert R.d.unit_of(II, 1).start == "Y:2524" and R.d.unit_of(II, 2).start == "Y:2523"
    assert R.d.unit_of(E_CAV, 1) is R.d.units[E_CAV]  # a counter no revision changed


@pytest.mark.rules("yukimura.11.formula")
def test_the_morale_check_reads_the_morale_of_the_games_revision():
    """A fire result "2" on Kimura and a die of 4: 4 + 2 − 6 = 0 stays in a new game; in a game begun
    before revision 2, 4 + 2 − 5 = 1 retreats him a hex (and collapses Osaka, 14-2(6)(2))."""
    for game, morale, outcome in ((R.setup(7), 6, "stays"), (old_game(), 5, "retreats 1")):
        s = rifle_beside_kimura(R, game)
        s, events = play(R, s, f"fire {E_RIF} @Y:2514", "resolve", "roll =4", "roll =6", "roll =4")
        log = " ".join(texts(R, events))
        assert f"die 4 + 2 − morale {morale} = {6 - morale}: {outcome}" in log, log
        assert (s["phase"] == "retreat") == (morale == 5)


@pytest.mark.rules("yukimura.14-2.eastern-collapse")
def test_a_key_leader_collapses_off_the_start_hex_of_his_games_revision():
    """Ii on 2524 is on his start hex in an old game (no collapse) and off it in a new one."""
    new = R.setup(7)
    moved = clone(new)
    moved["units"][II]["at"] = "Y:2524"
    from kassen.games.yukimura import victory

    victory.watch(R, moved)
    assert moved["ended"] == {"how": "collapse", "winner": "osaka", "unit": II}
    old = old_game()
    victory.watch(R, old)
    assert old["ended"] is None
    back = clone(old)
    back["units"][II]["at"] = "Y:2523"
    victory.watch(R, back)
    assert back["ended"]["unit"] == II


def test_links_of_either_revision_round_trip_against_their_own_set_up():
    for game in (R.setup(3), old_game(3)):
        for kind, data in (("p", game), ("v", R.view_for(game, None))):
            link = codec.encode(R, kind, data)
            assert codec.decode(link, lambda _: R)[2] == data
    # an old game's units on their old start hexes pack as "on the start hex", as its link did
    from kassen.games.yukimura import schema

    packed = schema.pack(R, old_game(3))
    assert packed["u"][list(R.d.units).index(II)] == 0


def test_the_counters_and_details_show_the_values_of_the_games_revision():
    for game, face in ((R.setup(7), "3-6-6"), (old_game(), "3-5-6")):
        view = R.view_for(game, None)
        kimura = next(c for c in R.drawing.counters(R, view) if c.unit == KIMURA)
        assert kimura.lines[1] == face
        details = " ".join(R.unit_details(view, KIMURA))
        assert f"combat strength 3, morale {face.split('-')[1]}, movement 6" in details, details


def test_the_computer_guards_the_start_hexes_of_the_games_revision():
    from kassen.games.yukimura.ai import AI

    ai = AI(R)
    assert ai.ground(2).flanks[II].keys() != ai.ground(1).flanks[II].keys()
    assert set(ai.ground_of(old_game()).flanks[II]) == set(R.board.neighbors["Y:2524"])
    assert set(ai.ground_of(R.setup(7)).flanks[II]) == set(R.board.neighbors["Y:2523"])


def test_the_connected_scenario_has_the_same_counters_and_set_up():
    c = rules(CONNECTED)
    for uid in (KIMURA, "Y-chosokabe", II, TODO):
        for n in (1, 2):
            assert c.d.unit_of(uid, n) == R.d.unit_of(uid, n)


@pytest.mark.parametrize("edit, path", [
    (lambda r: r["before_revision"]["2"]["units"].update({"Y-nobody": {"morale": 5}}), "Y-nobody"),
    (lambda r: r["before_revision"]["2"]["units"]["Y-ii"].update({"start": "Y:9999"}), "Y-ii.start"),
    (lambda r: r["before_revision"]["2"]["units"]["Y-todo"].update({"start": "Y:2514"}), "both start on Y:2514"),
    # movement is memoised across games of every revision: a per-revision allowance is refused
    (lambda r: r["before_revision"]["2"]["units"]["Y-ii"].update({"ma": 5}), "Y-ii.ma: unexpected field"),
])
def test_a_wrong_earlier_value_is_refused_with_its_place(edit, path):
    data = copy.deepcopy(R.scenario.data)
    edit(data["rules"])
    with pytest.raises(ScenarioError) as exc:
        rules_for(parse_scenario(data, "yao.json"))
    assert path in str(exc.value)


@pytest.mark.rules("yukimura.9-2.strength-sum")
def test_combat_adds_the_strengths_of_the_games_revision():
    """A strength tuned at a later revision (rules.before_revision.n.units.<id>.cs) must not change
    a game begun before: the fire's total, its column and the log's sum read the game's own values.
    Here a copy of Yao whose Tōdō rifle (strength 3) had strength 1 before revision 2 fires at Kimura."""
    data = copy.deepcopy(R.scenario.data)
    data["rules"]["before_revision"]["2"]["units"][E_RIF] = {"cs": 1}
    r = rules_for(parse_scenario(data, "yao.json"))
    assert r.d.unit_of(E_RIF, 1).cs == 1 and r.d.unit_of(E_RIF, 2).cs == r.d.units[E_RIF].cs == 3
    sums = {}
    for game in (r.setup(7), r.begun_under(r.setup(7), 1)):
        s = rifle_beside_kimura(r, game)
        s, events = play(r, s, f"fire {E_RIF} @Y:2514", "resolve")
        sums[game["revision"]] = " ".join(texts(r, events))
        view = r.view_for(s, None)
        assert f"{r.d.unit_of(E_RIF, game['revision']).cs}-" in next(
            c for c in r.drawing.counters(r, view) if c.unit == E_RIF).lines[1]
    assert "Fire strength Tōdō-tai 3 = 3; no column shift; column 3." in sums[r.revision], sums
    assert "Fire strength Tōdō-tai 1 = 1; no column shift; column 1." in sums[1], sums
