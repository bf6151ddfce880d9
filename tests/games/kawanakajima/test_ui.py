"""UI hooks: describe, prompt, status, unit details, rulings and explanations."""
import re

import pytest

from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction

from .helpers import R, T, fight, play, position, started, with_cards


def status(view):
    return dict(R.status(view))


def test_status_shows_turn_phase_hands_discards_penalties_and_score():
    s = position({"uB": "0905:up", "tB": "1005:up", "uC": "0606:up"}, turn=3, retreats={"takeda": 1})
    s = play(s, "attack uB @1005")
    s, _ = fight(s, "4.5", "R")
    st = status(R.view_for(s, "uesugi"))
    assert st["Turn"] == "3 of 6 (10 am-noon)"
    assert st["Phase"].startswith("Takeda") or st["Phase"].startswith("Uesugi")
    assert st["Your hand"] == "1 2 3 4 5 6 Retreat"
    assert st["Takeda hand"] == "7 cards"
    assert st["Uesugi discards"] == "4.5" and st["Takeda discards"] == "Retreat"
    assert "Shingen 1 (other Takeda units -1)" in st["Commander retreats"]
    assert st["Score"].startswith("Uesugi 3") and "Takeda 1" in st["Score"]
    spectator = status(R.view_for(s, None))
    assert "Your hand" not in spectator and spectator["Uesugi hand"] == "7 cards"
    c = status(R.view_for(started(), "uesugi"))
    assert c["Commands left"] == "6" and c["Phase"] == "Uesugi: Command phase"
    assert c["Night box"] == "8 units"


def test_prompt_says_what_to_do():
    s = started()
    assert "commands left" in R.prompt(R.view_for(s, "uesugi"))
    s0 = R.setup(1)
    assert "group" in R.prompt(R.view_for(s0, "uesugi"))
    s = play(position({"uB": "0905:up", "tB": "1005:up"}, turn=2), "attack uB @1005")
    assert "secret" in R.prompt(R.view_for(s, "uesugi"))
    s = play(s, "play =3", "play =1")  # 9 against 7: removed, Kagenobu may move on
    assert "4 MP" in R.prompt(R.view_for(s, "uesugi"))


def test_describe_uses_only_the_view():
    s = started()
    view = R.view_for(s, "uesugi")
    assert R.describe(Action.parse("swap uA @0605"), R.view_for(R.setup(1), "uesugi")) == \
        "Swap Uesugi Kenshin with Kakizaki Kageie (0605)"
    assert R.describe(Action.parse("mark uA @0407"), view) == "Give Uesugi Kenshin a move marker (0407)"
    assert R.describe(Action.parse("play =R"), view) == "Play the Retreat card"
    assert R.describe(Action.parse("play =4.5"), view) == "Play card 4.5"
    assert R.describe(Action.parse("refill =exchange"), view).endswith("spare 5")
    assert R.describe(Action.parse("reinforce @0913"), view) == "Bring a night-army unit onto X2 (0913)"
    tview = R.view_for(play(s, "done"), "takeda")
    assert R.describe(Action.parse("flip ?takeda-1 @0813"), tview) == "Turn the face-down Takeda unit at 0813 face up (0813)"
    attack_view = R.view_for(position({"uB": "0905:up", "tB": "1005:up"}, turn=2), "uesugi")
    assert R.describe(Action.parse("attack uB @1005"), attack_view) == \
        "Attack Takeda Nobushige with Uesugi Kagenobu"
    assert R.describe(Action("done"), attack_view) == "End the movement/attack phase"


def test_unit_details_show_only_what_the_viewer_may_see():
    s = position({"uB": "0512:up,rm", "tB": "1005"}, turn=2, retreats={"uesugi": 1})
    mine = R.unit_details(R.view_for(s, "uesugi"), "uB")
    assert mine[0] == "Uesugi Kagenobu 上杉景信 (B, 6)"
    assert any("river" in line for line in mine) and any("commander retreats" in line for line in mine)
    assert "does not score here" in mine
    view = R.view_for(s, "uesugi")
    key = next(k for k, u in view["units"].items() if u["at"] == "1005")
    theirs = R.unit_details(view, key)
    assert theirs[0] == "Face-down Takeda unit" and not any("Nobushige" in x for x in theirs)


def test_rulings_page():
    rulings = R.rulings()
    ids = [r["id"] for r in rulings]
    assert [i for i in ids if re.fullmatch(r"R\d+", i)] == [f"R{n}" for n in range(1, 16)]
    assert {"M1", "M2", "A1"} <= set(ids)
    clause_ids = set(re.findall(r"^\| (kawanakajima\.[^ ]+) \|", open(
        "../shared/rules/kawanakajima.md", encoding="utf-8").read(), re.M))
    for r in rulings:
        assert set(r) == {"id", "topic", "ruling", "why", "clauses"} and r["ruling"] and r["why"]
        assert r["clauses"] and set(r["clauses"]) <= clause_ids, r["id"]


@pytest.mark.parametrize("units, action, clause", [
    ({"uB": "0705", "tB": "1205"}, "move uB @0706", "7.who-may-move"),
    ({"uB": "0705:up", "tB": "1205"}, "move uB @1705", "7.seven-mp"),
    ({"uB": "0705:up", "uC": "0706", "tB": "1205"}, "move uB @0706", "7.no-enter-occupied"),
    ({"uB": "0905:up", "tB": "1005:up"}, "move uB @0906", "7.no-zoc-to-zoc"),
    ({"uB": "0905:up", "tB": "1005:up"}, "attack uB @1205", "8.target-in-zoc"),
])
def test_explanations_cite_the_clause(units, action, clause):
    s = position(units, turn=2)
    with pytest.raises(IllegalAction, match=re.escape("kawanakajima." + clause)):
        R.apply(s, action)


def test_is_legal_agrees_with_legal_actions():
    """The direct legality tests give exactly the legal_actions list, on and off the list."""
    from kassen.engine.play import random_game
    import random

    for seed in (3, 8):
        state, record = random_game(R, seed, max_actions=700)
        s = R.setup(seed)
        rng = random.Random(seed)
        for i, a in enumerate(record):
            if i % 3 == 0 and R.current_player(s) not in ("chance", "terminal"):
                legal = set(R.legal_actions(s))
                for probe in legal:
                    assert R.is_legal(s, probe)
                probes = [Action("move", (u,), c) for u in rng.sample(T.unit_ids, 3) for c in rng.sample(T.map_cells, 4)]
                probes += [Action("attack", (), c) for c in rng.sample(T.map_cells, 4)]
                probes += [Action("end"), Action("done"), Action("swap", ("uA",), "0605"), Action("flip", ("uA",), "0407")]
                for probe in probes:
                    assert R.is_legal(s, probe) == (probe in legal), (seed, i, probe)
            s, _ = R.apply(s, a)


def test_prompts_and_combat_lines_name_units_with_their_hex():
    """Issue 9: 'Atobe (0907) attacks Suda (1008)', in the prompt, the status and the log."""
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=2)
    s, ev = R.apply(s, "attack uB @1005")
    assert R.say(ev[0]) == "Uesugi Kagenobu (0905) attacks Takeda Nobushige (1005) [3 MP, 4 left]"
    for viewer in ("uesugi", "takeda", None):
        view = R.view_for(s, viewer)
        assert "(Uesugi Kagenobu (0905) attacks Takeda Nobushige (1005))" in R.prompt(view)
        assert status(view)["Combat"].startswith("Uesugi Kagenobu (0905) attacks Takeda Nobushige (1005)")
    s = play(s, "play =4", "play =3")
    assert R.prompt(R.view_for(s, "takeda")) == "Takeda: choose the hex Takeda Nobushige (1005) retreats into."
    s = play(s, "retreat tB @1006")
    assert R.prompt(R.view_for(s, "uesugi")).startswith("Uesugi: Uesugi Kagenobu (0905) has 4 MP: move or end")
    # a face-down unit is named by what the viewer sees: its side and hex
    s = play(position({"uB": "0705:mm", "tB": "1205"}, turn=2), "move uB @0706")
    assert R.prompt(R.view_for(s, "takeda")).startswith("Uesugi: the face-down Uesugi unit at 0706 has 6 MP")


def test_plurals():
    s = position({"uB": "0705", "uC": "0707", "tB": "1205"}, turn=2, phase="command", commands=5)
    assert "(1 command left)" in R.prompt(R.view_for(s, "uesugi"))
    assert "(2 commands left)" in R.prompt(R.view_for(position({"uB": "0705", "tB": "1205"}, turn=2,
                                                               phase="command", commands=4), "uesugi"))
    s = with_cards(play(position({"uB": "0905:up", "tB": "1005:up"}, turn=2), "attack uB @1005"), "takeda", ["R"])
    assert status(R.view_for(s, "uesugi"))["Takeda hand"] == "1 card"
    s = position({"uB": "0705", "tB": "1205", **{n: f"{c:02d}15" for n, c in zip(T.night_army[:10], range(1, 11))}},
                 turn=2)
    assert status(R.view_for(s, None))["Night box"] == "1 unit"
    assert status(R.view_for(started(), None))["Night box"] == "8 units"
    s = position({"uB": "0705:seen,rm", "tB": "1105:rm,up"}, turn=2, active="uesugi", phase="move")
    _, ev = R.apply(s, "done")
    assert "Recovery: Takeda removes 1 retreat marker" in [R.say(e) for e in ev]


def test_every_text_comes_from_the_catalog():
    """Every message key the game makes (log, prompt, status, buttons, details, refusals) is in
    the English catalog, and nothing is left unrendered."""
    import random

    from kassen.engine.messages import catalog, keys_used
    from tests.support.leaks import record_game
    from tests.support.refusals import _variants

    from .balance import nudged

    entries = catalog("en").entries
    used: set[str] = set()
    rnd = random.Random(2)
    verbs = sorted({v for p in R.phases.values() for v in p.verbs()})
    states, actions = record_game(R, 12, nudged)
    for i, state in enumerate(states):
        if i < len(actions):
            used.update(keys_used([e.get("msg") for e in R.apply(state, actions[i])[1]]))
        if i % 7 or R.current_player(state) in ("chance", "terminal"):
            continue
        for viewer in (None, *R.sides):
            view = R.view_for(state, viewer)
            used.update(keys_used([R.phase(view).prompt(R, view), R.hooks.status(R, view)]))
            for key in list(view["units"])[:6]:
                used.update(keys_used(R.hooks.unit_details(R, view, key)))
        view = R.view_for(state, R.current_player(state))
        for a in list(R.legal_actions(state))[:20]:
            used.update(keys_used(R.hooks.describe(R, a, view)))
            for v in _variants(R, a, rnd, verbs):
                found = R.refusal(state, v)
                if found is not None:
                    used.update(keys_used(found.message))
    missing = sorted(k for k in used if k not in entries)
    assert not missing, missing
    assert len(used) > 120
