"""Hidden information: anonymous face-down units, blind night-army units, private hands and picks.

The self-play test checks every position of seeded random games against an oracle that does not
use visibility.py: a unit may be named to a viewer only if it is face up, removed, or (for a player)
his own non-blind unit or one that has been face up before. Views, SVG, spectator links and the log
are all searched.
"""
import json
import random
import re

import pytest

from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction
from kassen.engine.play import sample_chance
from kassen.engine.schema import Validator
from kassen.engine.state import CHANCE, TERMINAL, clone

from .helpers import R, T, apply, fight, play, position, started

NAMES = {uid: (g.name, g.kanji) for uid, g in T.generals.items()}


def _may_know(state, uid, viewer, ever_up):
    u = state["units"][uid]
    if u.get("face_up") or u["at"] is None:
        return True
    if viewer is None:
        return False
    g = T.generals[uid]
    return uid in ever_up or (g.side == viewer and not g.night_army)


def _hidden_from(state, viewer, ever_up):
    return [uid for uid in T.unit_ids if not _may_know(state, uid, viewer, ever_up)]


def _assert_hides(text, hidden, where):
    for uid in hidden:
        name, kanji = NAMES[uid]
        assert name not in text and kanji not in text, f"{where}: {name} is hidden but appears"


def _check_view(state, viewer, ever_up, render=False, link=False):
    view = R.view_for(state, viewer)
    hidden = [] if state["phase"] == "over" else _hidden_from(state, viewer, ever_up)
    for uid in hidden:
        assert uid not in view["units"], (viewer, uid)
    for key, u in view["units"].items():
        if key.startswith("?"):
            assert set(u) <= {"at", "side", "move_marker", "retreat_marker"}, u
    blob = json.dumps(view, ensure_ascii=False)
    for uid in hidden:
        assert f'"{uid}"' not in blob, (viewer, uid)
    _assert_hides(blob, hidden, f"view for {viewer}")
    assert not R.validate_view(view), R.validate_view(view)
    if render:
        svg = R.render_svg(view)
        _assert_hides(svg, hidden, f"SVG for {viewer}")
        for uid in hidden:
            assert f'data-unit="{uid}"' not in svg
    if link:
        fragment = codec.encode(R, "v", view)
        text = json.dumps(codec.decompress(fragment.split(".", 3)[3]), ensure_ascii=False)
        for uid in hidden:
            assert f'"{uid}"' not in text
        _assert_hides(text, hidden, "v link")
    return view


@pytest.mark.rules("kawanakajima.3.face-down-anonymous")
def test_face_down_enemy_units_are_anonymous_until_turned_up():
    s = started()
    view = R.view_for(s, "uesugi")
    takeda_keys = [k for k in view["units"] if k.startswith("?takeda-")]
    assert len(takeda_keys) == 25 and not any(k in view["units"] for k in T.side_units["takeda"])
    # numbered by sorted cell label, never by identity
    ats = [view["units"][f"?takeda-{n}"]["at"] for n in range(1, 26)]
    assert ats == sorted(ats)
    assert view["units"]["?takeda-1"] == {"at": "0813", "side": "takeda"} or ats[0] == "0813"
    assert "uA" in view["units"]  # his own units are known to him
    spectator = R.view_for(s, None)
    assert all(k.startswith("?") for k in spectator["units"])  # crests only
    s, ev = apply(s, "flip uM @0605")
    assert "uM" in R.view_for(s, "takeda")["units"] and "uM" in R.view_for(s, None)["units"]


def test_a_unit_seen_face_up_stays_known_to_both_players_but_not_to_spectators():
    s = position({"uB": "0905:up", "tB": "1005:up"}, turn=2)
    s = play(s, "attack uB @1005")
    s, _ = fight(s, "4", "3")
    s = play(s, "retreat tB @1106")
    assert not s["units"]["tB"].get("face_up") and s["units"]["tB"].get("seen")
    assert "tB" in R.view_for(s, "uesugi")["units"] and "tB" in R.view_for(s, "takeda")["units"]
    assert "tB" not in R.view_for(s, None)["units"]
    entry = [u for k, u in R.view_for(s, None)["units"].items() if u["at"] == "1106"]
    assert entry == [{"at": "1106", "side": "takeda", "retreat_marker": True}]


@pytest.mark.rules("kawanakajima.4.blind-units")
def test_blind_units_are_commanded_and_moved_anonymously_by_their_owner():
    s = position({"n3": "0813", "n8": "0913", "uB": "0606", "tB": "1205"}, turn=2, active="takeda",
                 phase="command")
    acts = {a.to_text() for a in R.legal_actions(s)}
    assert "mark ?takeda-1 @0813" in acts and "flip ?takeda-2 @0913" in acts
    assert not any(" n3 " in a or " n8 " in a for a in acts)
    s, ev = apply(s, "mark ?takeda-1 @0813", "done")
    assert s["units"]["n3"].get("move_marker")
    assert all("Oyamada" not in R.say(e) for e in ev)
    s, ev = apply(s, "move ?takeda-1 @0713")
    assert s["units"]["n3"]["at"] == "0713"
    assert all("Oyamada" not in R.say(e) and "n3" not in R.say(e) for e in ev)
    assert R.view_for(s, "takeda")["activation"]["unit"].startswith("?takeda-")
    # a real id the owner cannot know is refused
    with pytest.raises(Exception):
        R.apply(s, "move n3 @0712")


def test_the_first_card_stays_hidden_until_both_are_revealed():
    s = play(position({"uB": "0905:up", "tB": "1005:up"}, turn=2), "attack uB @1005", "play =6")
    for viewer in (None, "takeda"):
        v = R.view_for(s, viewer)
        assert v["combat"]["picks"] == {"takeda": None, "uesugi": "?"}
        assert v["hands"]["uesugi"] == ["?"] * 7
        assert not R.validate_view(v)
    assert R.view_for(s, "uesugi")["combat"]["picks"]["uesugi"] == "6"


def test_validate_view_accepts_anonymous_ids_and_rejects_leaks():
    s = started()
    view = R.view_for(s, "uesugi")
    assert not R.validate_view(view)
    Validator(R.view_schema()).validate(view)
    bad = clone(view)
    bad["units"]["?takeda-3"]["name"] = "Takeda Shingen"
    assert not Validator(R.view_schema()).is_valid(bad)
    bad = clone(view)
    entry = bad["units"].pop("?takeda-25")
    bad["units"]["?takeda-30"] = entry
    assert any("numbered" in e for e in R.validate_view(bad))
    bad = clone(view)
    entry = bad["units"].pop("?takeda-1")
    bad["units"]["n1"] = {"at": entry["at"]}  # a face-down unit this viewer cannot know
    assert any("anonymous" in e for e in R.validate_view(bad))
    bad = clone(view)
    bad["hands"]["takeda"] = ["1", "2", "3", "4", "5", "6", "R", "R"]
    assert any("private" in e for e in R.validate_view(bad))


def _events_hide(events, state_before, state_after, ever_up):
    if state_after["phase"] == "over":
        return  # the game is over: everything is revealed
    for e in events:
        reader = e.get("to")
        hidden = [uid for uid in T.unit_ids
                  if not _may_know(state_before, uid, reader, ever_up)
                  and not _may_know(state_after, uid, reader, ever_up)]
        _assert_hides(R.say(e), hidden, f"event {R.say(e)!r} for {reader}")


def test_no_hidden_identity_leaks_in_self_play():
    """Spectator and opponent views, their SVG, spectator links and the log, over random games."""
    steps = 0
    for seed in range(1, 7):
        chooser = random.Random(f"hidden:{seed}")
        s = R.setup(seed)
        ever_up: set[str] = set()
        n = 0
        while R.current_player(s) != TERMINAL and n < 2000:
            player = R.current_player(s)
            if player == CHANCE:
                action = sample_chance(R, s)
            else:
                legal = R.legal_actions(s)
                done = [a for a in legal if a.verb == "done"]
                action = done[0] if done and s["phase"] == "setup" and chooser.random() < 0.3 else chooser.choice(legal)
            before = s
            s, events = R.apply(s, action)
            ever_up |= {uid for uid, u in s["units"].items() if u.get("face_up")}
            _events_hide(events, before, s, ever_up)
            heavy = n % 20 == 0
            _check_view(s, None, ever_up, render=heavy, link=heavy)
            if player in ("uesugi", "takeda"):
                _check_view(s, {"uesugi": "takeda", "takeda": "uesugi"}[player], ever_up, render=heavy)
            n += 1
            steps += 1
        assert R.current_player(s) == TERMINAL
    assert steps > 800


def test_everything_is_revealed_when_the_game_is_over():
    s = position({"uB": "0905:up", "tA": "1005:up", "tB": "1205"}, turn=2)
    s = play(s, "attack uB @1005")
    s, _ = fight(s, "6", "1")  # Shingen removed: sudden death
    for viewer in (None, "uesugi", "takeda"):
        v = R.view_for(s, viewer)
        assert set(v["units"]) == set(T.unit_ids) and v["hands"] == s["hands"]
        assert not R.validate_view(v)
    assert not R.has_secrets(s) and R.has_secrets(position({"uB": "0905"}, turn=2))


@pytest.mark.rules("kawanakajima.3.face-down-anonymous")
def test_refusals_never_name_a_unit_the_player_may_not_identify():
    """Issue 7: 'flip ?takeda-3' used to answer 'Takeda Nobukado is not a Uesugi unit'."""
    s = started()
    view = R.view_for(s, "uesugi")
    for key, u in view["units"].items():
        if not key.startswith("?takeda-"):
            continue
        for text in (f"flip {key} @{u['at']}", f"mark {key} @{u['at']}", f"swap {key} @0605"):
            why = R.explain(s, Action.parse(text))
            assert why and "kawanakajima." in why
            _assert_hides(why, T.side_units["takeda"], text)
    # a real id typed for a unit he may not identify is refused the same wherever it stands
    answers = {R.explain(position({"uB": "0705:up", "tB": at}, turn=2), Action.parse("move tB @0706"))
               for at in ("1005", "1205", "1306")}
    assert len(answers) == 1 and "Nobushige" not in answers.pop()
    # Takeda names his blind units by their number on his map, never by their ids
    t1 = play(started(("n1", "n2", "n3")), "done")
    why = R.explain(t1, Action.parse("flip n1 @0813"))
    assert "kawanakajima.4.blind-units" in why and "Kousaka" not in why and "0813" not in why


def test_the_order_of_views_and_actions_depends_only_on_what_the_viewer_sees():
    """Issue 7: units listed in the scenario's order told which anonymous counter was which."""
    s = play(R.setup(1), "swap uA @0605")
    for viewer in (None, "takeda"):
        keys = list(R.view_for(s, viewer)["units"])
        anon = [k for k in keys if k.startswith("?")]
        assert keys == [k for k in keys if not k.startswith("?")] + anon
        for side in ("uesugi", "takeda"):
            numbers = [int(k.rsplit("-", 1)[1]) for k in anon if k.startswith(f"?{side}-")]
            assert numbers == sorted(numbers)
    # Takeda's blind units are commanded in the order of their hexes, whoever was drawn where
    for draws in (("n1", "n2", "n3"), ("n3", "n2", "n1"), ("n9", "n4", "n11")):
        acts = [a.to_text() for a in R.legal_actions(play(started(draws), "done"))]
        assert acts == ["flip ?takeda-1 @0813", "flip ?takeda-2 @0814", "flip ?takeda-3 @0913", "done"]


def test_actions_naming_a_removed_unit_are_refused_with_a_reason():
    """Issue 7 §2: no KeyError for a removed unit; apply accepts exactly what is offered."""
    s = position({"uB": "removed", "uC": "0705:up", "tB": "1205"}, turn=2)
    for text, clause in (("move uB @0706", "7.who-may-move"), ("attack uB @1205", "7.who-may-move")):
        with pytest.raises(IllegalAction, match=re.escape("kawanakajima." + clause)):
            R.apply(s, text)
    s = position({"uB": "removed", "uC": "0705", "tB": "1205"}, turn=2, phase="command")
    with pytest.raises(IllegalAction, match="kawanakajima.5.command-up-to-six"):
        R.apply(s, "flip uB @0705")
