"""The turn: an alternating Action Phase (Shinsengumi first, one counter or stack per action,
passes), then the Recovery Phase; turns repeat until no Ronin is left in the inn."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.engine.state import TERMINAL

from .helpers import apply, apply_events, at, get_rules, is_legal, legal, position, setup_done, text


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def start(rules):
    return apply(rules, setup_done(rules), "place kondo,nagakura,todo,takeda,okita @1C1")


@pytest.mark.rules("ikedaya.seq.turn-structure")
def test_action_phase_then_recovery_then_a_new_turn(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2A1"})
    s, events = apply_events(rules, s, "move kondo @1C2", "pass", "pass")
    texts = [text(e) for e in events]
    i_end = next(i for i, t in enumerate(texts) if t.startswith("The Action Phase ends"))
    i_rec = next(i for i, t in enumerate(texts) if t.startswith("Recovery Phase"))
    i_turn = next(i for i, t in enumerate(texts) if t.startswith("Turn 2"))
    assert i_end < i_rec < i_turn
    assert s["turn"] == 2 and s["phase"] == "action"


@pytest.mark.rules("ikedaya.seq.alternate-actions")
def test_players_alternate_one_counter_or_stack_per_action(rules):
    s = start(rules)
    assert rules.current_player(s) == "shinsengumi"
    s = apply(rules, s, "move kondo,nagakura,todo @1C2")
    assert rules.current_player(s) == "ronin"
    # one stack per action: counters of two squares never act together
    with pytest.raises(IllegalAction, match="ikedaya.seq.alternate-actions"):
        rules.apply(s, "move katsura,miyabe @2B1")
    s = apply(rules, s, "move miyabe @2B3")
    assert rules.current_player(s) == "shinsengumi"


@pytest.mark.rules("ikedaya.seq.shinsengumi-first")
def test_shinsengumi_act_first_every_turn(rules):
    s = start(rules)
    assert s["active"] == "shinsengumi" and rules.current_player(s) == "shinsengumi"
    s = apply(rules, s, "pass", "move miyabe @2B3", "pass", "pass")
    assert s["turn"] == 2 and rules.current_player(s) == "shinsengumi"


@pytest.mark.rules("ikedaya.seq.mark-acted")
def test_a_counter_that_acted_is_spent_for_the_turn(rules):
    s = start(rules)
    s = apply(rules, s, "move kondo,nagakura @1C2")
    assert s["units"]["kondo"]["spent"] and s["units"]["nagakura"]["spent"]
    assert not s["units"]["todo"]["spent"]
    s = apply(rules, s, "pass")
    assert not any("kondo" in a.units or "nagakura" in a.units for a in rules.legal_actions(s))
    with pytest.raises(IllegalAction, match="ikedaya.seq.mark-acted"):
        rules.apply(s, "move kondo @1C3")


@pytest.mark.rules("ikedaya.seq.pass")
def test_a_player_may_pass(rules):
    s = start(rules)
    assert "pass" in legal(rules, s)
    s, events = apply_events(rules, s, "pass")
    assert rules.current_player(s) == "ronin" and s["passes"] == 1
    assert events[0]["kind"] == "pass"


@pytest.mark.rules("ikedaya.seq.end-double-pass")
def test_two_passes_in_a_row_end_the_action_phase(rules):
    s = start(rules)
    s = apply(rules, s, "pass", "move miyabe @2B3")  # a pass then an action: the phase goes on
    assert s["turn"] == 1 and s["passes"] == 0
    s = apply(rules, s, "pass")
    assert s["turn"] == 1
    s = apply(rules, s, "pass")
    assert s["turn"] == 2 and not any(u["spent"] for u in s["units"].values())


@pytest.mark.rules("ikedaya.seq.end-all-spent")
def test_the_phase_ends_when_every_counter_has_acted(rules):
    s = position(rules, {"kondo": "1A4", "katsura": "2A1"})
    s = apply(rules, s, "move kondo @1A3")
    assert s["turn"] == 1 and rules.current_player(s) == "ronin"
    s, events = apply_events(rules, s, "move katsura @2B1")
    assert s["turn"] == 2
    assert any("every counter has finished its action" in text(e) for e in events)


@pytest.mark.rules("ikedaya.seq.recovery")
def test_recovery_turns_every_counter_upright(rules):
    s = position(rules, {"kondo": "1A4", "nagakura": "1A1", "katsura": "2A1", "yoshida": "2B4"})
    s = apply(rules, s, "move kondo @1A3", "move katsura @2B1")
    assert s["units"]["kondo"]["spent"] and s["units"]["katsura"]["spent"]
    s = apply(rules, s, "pass", "pass")
    assert s["turn"] == 2
    assert not any(u["spent"] for u in s["units"].values())
    assert is_legal(rules, s, "move kondo @1A4")


@pytest.mark.rules("ikedaya.seq.game-end")
def test_turns_repeat_until_every_ronin_is_gone(rules):
    # no turn limit: turn 60 still goes on while a Ronin is in the inn
    s = position(rules, {"kondo": "1C1", "katsura": "2A1"}, turn=60)
    s = apply(rules, s, "move kondo @1C2", "move katsura @2B1")
    assert s["turn"] == 61 and rules.current_player(s) == "shinsengumi"
    # the last Ronin leaving ends the game at once
    s = position(rules, {"kondo": "2A1", "katsura": "1C2"}, active="ronin")
    s = apply(rules, s, "move katsura @Street")
    assert rules.current_player(s) == TERMINAL
    assert text(rules.outcome(s)["reason"]).startswith("Every Ronin has been removed or has escaped")


@pytest.mark.rules("ikedaya.seq.act-after-pass")
def test_IE4_a_player_who_passed_may_act_again(rules):
    """IE4 (Q4): A passes, B acts; A may still act with counters that have not acted."""
    s = start(rules)
    s = apply(rules, s, "pass", "move miyabe @2B3")
    assert rules.current_player(s) == "shinsengumi"
    assert is_legal(rules, s, "move kondo,nagakura,todo @2C2")
    s = apply(rules, s, "move kondo,nagakura,todo @2C2")
    # the mandatory combat with the stack in 2C1 (only same-floor enemy) starts at once
    assert s["step"]["kind"] == "combat" and s["turn"] == 1


def test_dead_turn_ends_the_game_from_turn_two(rules):
    """Ruling n06: an Action Phase where nobody acts ends the game (not on Turn 1)."""
    s = position(rules, {"kondo": "1C1", "katsura": "2A1", "yoshida": "2A1"})
    s = apply(rules, s, "pass", "pass")
    assert s["turn"] == 2 and s["phase"] == "action"
    s = apply(rules, s, "pass", "pass")
    assert rules.current_player(s) == TERMINAL
    out = rules.outcome(s)
    assert "neither player took an action" in text(out["reason"]).lower()
    assert out["scores"] == {"ronin": 8, "shinsengumi": 11}  # the counters not placed count as killed here
    assert at(s, "katsura") == "2A1"


def test_a_side_with_nothing_to_do_passes_by_itself(rules):
    """Ruling n07: when every Shinsengumi has acted, the Ronin keep acting until they pass."""
    s = position(rules, {"kondo": "1A4", "katsura": "2A1", "yoshida": "2B4"})
    s = apply(rules, s, "move kondo @1A3")
    s, events = apply_events(rules, s, "move katsura @2B1")
    assert rules.current_player(s) == "ronin" and s["passes"] == 1
    assert any("no counter able to act" in text(e) for e in events)
    s = apply(rules, s, "pass")
    assert s["turn"] == 2


def test_ten_quiet_turns_end_the_game(rules):
    """Ruling n13: ten whole turns in a row with nobody killed, captured, escaping or leaving the map."""
    s = position(rules, {"takeda": "1C1", "katsura": "1A4"}, turn=30, quiet=8)
    s = apply(rules, s, "pass", "move katsura @1A3", "pass")
    assert s["turn"] == 31 and s["quiet"] == 9 and s["phase"] == "action"
    assert dict(rules.status(rules.view_for(s, None)))["Turns without a casualty or escape"] == "9 of 10"
    s, events = apply_events(rules, s, "pass", "move katsura @1A4", "pass")
    assert rules.current_player(s) == TERMINAL
    assert "10 whole turns in a row" in text(rules.outcome(s)["reason"]) and events[-1]["kind"] == "end"
    # any escape, capture, kill or exit starts the count again
    s = position(rules, {"takeda": "1C1", "katsura": "1A4", "yoshida": "2A4"}, turn=30, quiet=9)
    s = apply(rules, s, "move takeda @Street")
    assert s["quiet"] == 0
    s = apply(rules, s, "move katsura @1A3", "move yoshida @2A3")  # every counter has acted: next turn
    assert s["phase"] == "action" and s["turn"] == 31 and s["quiet"] == 1
