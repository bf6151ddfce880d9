"""The turn sequence (chapter 5): recovery, command, movement/attack, reinforcement, turn marker."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import CHANCE, TERMINAL

from .helpers import R, T, apply, legal, play, position, started, texts


@pytest.mark.rules("kawanakajima.5.six-turns", "kawanakajima.9.game-length", "kawanakajima.5.turn-advance")
def test_six_two_hour_turns_then_the_end():
    assert T.turns == 6
    assert T.hours == ("6-8 am", "8-10 am", "10 am-noon", "noon-2 pm", "2-4 pm", "4-6 pm")
    s = R.setup(1)
    s, log = apply(s, "done", "done", "draw =n1", "draw =n2", "draw =n3")
    while R.current_player(s) != TERMINAL:
        s, ev = apply(s, "done")
        log += ev
    starts = [R.say(e).split(":")[0] + ":" + R.say(e).split(":")[1] for e in log
              if e["kind"] == "phase" and R.say(e).startswith("Turn ") and "'s turn" in R.say(e)]
    expected = [f"Turn {t} ({T.hours[t - 1]}): {side}'s turn" for t in range(1, 7) for side in ("Uesugi", "Takeda")]
    assert starts == expected
    assert s["turn"] == 6 and s["phase"] == "over" and R.outcome(s)["level"] == "draw"
    assert log[-1]["kind"] == "end"


@pytest.mark.rules("kawanakajima.5.recovery")
def test_recovery_removes_own_retreat_markers_only():
    s = position({"uB": "0705:seen,rm", "uC": "0707:rm,up", "tB": "1105:rm,up", "tC": "1107:seen,rm"},
                 turn=2, active="uesugi", phase="move")
    s, ev = apply(s, "done")  # end Uesugi's movement: Takeda's turn begins with his recovery
    assert s["active"] == "takeda"
    assert not s["units"]["tB"].get("retreat_marker") and not s["units"]["tC"].get("retreat_marker")
    assert s["units"]["uB"].get("retreat_marker") and s["units"]["uC"].get("retreat_marker")
    assert "removes 2 retreat markers" in texts(ev)


@pytest.mark.rules("kawanakajima.5.command-up-to-six")
def test_command_up_to_six_flip_or_mark():
    s = started()
    acts = legal(s)
    assert "flip uA @0407" in acts and "mark uA @0407" in acts and "done" in acts
    s, ev = apply(s, "flip uM @0605", "mark uI @0606", "mark uB @0607", "flip uP @0608", "mark uQ @0609")
    assert s["commands"] == 5 and s["phase"] == "command"
    assert s["units"]["uM"].get("face_up") and s["units"]["uI"].get("move_marker")
    assert "flip uM @0605" not in legal(s) and "mark uI @0606" not in legal(s)  # each unit once
    # a command is given where the unit stands; clicking elsewhere says when units move
    with pytest.raises(IllegalAction, match="where it stands \\(0407\\), not on 0408; units move in the movement"):
        R.apply(s, "mark uA @0408")
    why = R.explain_place(s, "uesugi", ("uA",), "0408")
    assert why is not None and "movement/attack phase" in R.say(why)
    s = play(s, "mark uS @0506")  # the sixth command ends the phase
    assert s["phase"] == "move" and s["commands"] == 6
    with pytest.raises(IllegalAction, match="kawanakajima.5.command-up-to-six"):
        R.apply(s, "flip uA @0407")


@pytest.mark.rules("kawanakajima.5.uesugi-t6-skip-command")
def test_no_uesugi_command_phase_on_turn_six():
    s = position({"uB": "0705:up", "uC": "0707", "tB": "1105"}, turn=5, active="takeda", phase="reinforce")
    s, ev = apply(s, "done")
    assert s["turn"] == 6 and s["active"] == "uesugi"
    assert s["phase"] != "command"
    assert "no command phase" in texts(ev)
    # on turn 5 it exists
    s = position({"uB": "0705", "tB": "1105"}, turn=4, active="takeda", phase="reinforce")
    s = play(s, "done")
    assert s["turn"] == 5 and s["phase"] == "command"


@pytest.mark.rules("kawanakajima.5.takeda-t1-command")
def test_takeda_turn_one_only_flips_the_saijo_units():
    s = play(started(("n1", "n2", "n3")), "done")
    assert s["active"] == "takeda" and s["phase"] == "command"
    acts = legal(s)
    assert acts == {"flip ?takeda-1 @0813", "flip ?takeda-2 @0814", "flip ?takeda-3 @0913", "done"}
    with pytest.raises(IllegalAction, match="kawanakajima.5.takeda-t1-command"):
        R.apply(s, "flip tA @1206")
    with pytest.raises(IllegalAction, match="kawanakajima.5.takeda-t1-command"):
        R.apply(s, "mark ?takeda-1 @0813")
    s, ev = apply(s, "flip ?takeda-1 @0813")
    assert s["units"]["n1"].get("face_up") and any(e["kind"] == "reveal" for e in ev)
    # turn 2: everything may be commanded again
    s = position({"uB": "0705", "tB": "1105"}, turn=2, active="takeda", phase="command")
    assert "mark tB @1105" in legal(s)


@pytest.mark.rules("kawanakajima.5.move-attack-phase", "kawanakajima.7.one-unit-at-a-time")
def test_movement_phase_activates_units_one_at_a_time():
    s = position({"uB": "0705:up", "uC": "0707:mm", "uD": "0709", "tB": "1105:up"}, turn=2)
    acts = legal(s)
    assert any(a.startswith("move uB ") for a in acts) and any(a.startswith("move uC ") for a in acts)
    assert not any(a.startswith("move uD ") for a in acts)  # face down without a marker
    s = play(s, "move uB @0805")
    assert s["activation"]["unit"] == "uB"
    assert not any(a.startswith("move uC") for a in legal(s))
    with pytest.raises(IllegalAction, match="kawanakajima.7.one-unit-at-a-time"):
        R.apply(s, "move uC @0708")
    with pytest.raises(IllegalAction, match="kawanakajima.7.one-unit-at-a-time"):
        R.apply(s, "done")
    s = play(s, "end", "move uC @0708")
    assert s["finished"] == ["uB"] and s["activation"]["unit"] == "uC"
    assert not any(a.startswith("move uB") for a in legal(play(s, "end")))  # uB is done for this phase


@pytest.mark.rules("kawanakajima.5.takeda-reinforce")
def test_reinforcements_come_down_blind_onto_x_hexes():
    s = position({"uB": "0705", "tB": "1105"}, turn=2, active="takeda", phase="reinforce")
    acts = legal(s)
    assert acts == {"reinforce @0813", "reinforce @0913", "reinforce @0814", "done"}
    s, ev = apply(s, "reinforce @0913")
    assert R.current_player(s) == CHANCE
    outcomes = R.chance_outcomes(s)
    assert len(outcomes) == 11 and {a.arg for a, _ in outcomes} == set(T.night_army)
    s, ev = apply(s, "draw =n7")
    assert s["units"]["n7"] == {"at": "0913"}  # face down, unknown to both sides
    assert "n7" not in R.view_for(s, "takeda")["units"]
    assert "Baba" not in texts(ev)
    s = play(s, "reinforce @0813", "draw =n1", "reinforce @0814", "draw =n2")
    # all three X hexes full: the turn ends by itself
    assert s["turn"] == 3 and s["active"] == "uesugi"
    assert sum(s["units"][u]["at"] == T.night_box for u in T.night_army) == 8


@pytest.mark.rules("kawanakajima.5.reinforce-hex-empty")
def test_no_reinforcement_onto_an_occupied_x_hex():
    s = position({"uB": "0705", "tB": "1105", "n5": "0813"}, turn=3, active="takeda", phase="reinforce")
    assert "reinforce @0813" not in legal(s)
    with pytest.raises(IllegalAction, match="kawanakajima.5.reinforce-hex-empty"):
        R.apply(s, "reinforce @0813")
    s = position({"uB": "0705", "tB": "1105", "n5": "0813", "n6": "0913", "n7": "0814"}, turn=3,
                 active="takeda", phase="move")
    s = play(s, "done")  # no empty X hex: the reinforcement phase is skipped
    assert s["turn"] == 4 and s["active"] == "uesugi"


def test_reinforcement_next_to_an_enemy_is_face_up_at_once():
    """Ruling R9: units adjacent to enemy units are always face up (7(6))."""
    s = position({"uG": "0713", "tB": "1105"}, turn=3, active="takeda", phase="reinforce")
    s, ev = apply(s, "reinforce @0813", "draw =n11")
    assert s["units"]["n11"].get("face_up") and s["units"]["uG"].get("face_up")
    assert any(e["kind"] == "reveal" for e in ev)
