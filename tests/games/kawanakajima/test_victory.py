"""Victory (chapter 9): sudden death, the three ways to score, and the levels (KE6)."""
import pytest

from kassen.engine.state import TERMINAL
from kassen.games.kawanakajima.victory import level_for, score_breakdown, scores

from .helpers import R, T, fight, play, position, texts


def final(units, **kw):
    """A position at the very end of turn 6 (Takeda's reinforcement phase), then 'done'."""
    s = position(units, turn=6, active="takeda", phase="reinforce", **kw)
    s = play(s, "done")
    assert R.current_player(s) == TERMINAL
    return s


@pytest.mark.rules("kawanakajima.9.sudden-death")
def test_removing_the_enemy_commander_ends_the_game_at_once():
    s = position({"uB": "0905:up", "tA": "1005:up", "tB": "1205:up"}, turn=2)
    s = play(s, "attack uB @1005")
    s, ev = fight(s, "6", "1")  # 12 against 7.5: Shingen removed
    assert R.current_player(s) == TERMINAL and s["phase"] == "over" and s["turn"] == 2
    out = R.outcome(s)
    assert out["winner"] == "uesugi" and out["level"] == "complete" and "sudden death" in R.say(out["reason"])
    assert ev[-1]["kind"] == "end"
    # also when the commander's retreat is blocked, and whichever side attacked
    s = position({"uA": "0905:up", "uC": "0805:up", "uD": "0904:up", "uE": "0804:up", "uF": "0906:up",
                  "tB": "1005:up", "tC": "1004:up"}, turn=3, active="takeda")
    s = play(s, "attack tB @0905")
    s, ev = fight(s, "R", "R")  # both retreat, Kenshin (the defender) first: every hex around him is full
    assert R.outcome(s)["winner"] == "takeda" and R.outcome(s)["level"] == "complete"
    assert s["units"]["uA"]["at"] is None and s["units"]["tB"]["at"] == "1005"
    assert "no hex to retreat into" in texts(ev)


@pytest.mark.rules("kawanakajima.9.score-kills", "kawanakajima.9.score-faceup-takeda",
                   "kawanakajima.9.score-general-retreats")
def test_points_for_kills_face_up_units_and_commander_retreats():
    s = final({"uB": "removed", "uC": "removed", "tC": "removed",
               "tB": "0512:up",  # in a river hex: Takeda counts it anyway
               "tD": "2010:up",  # south-east bank
               "tE": "1105",  # face down: no point
               "uD": "0707:up"},
              retreats={"uesugi": 2, "takeda": 1})
    b = score_breakdown(s, T)
    assert b["takeda"] == {"removed": 2, "face_up": 2, "commander_retreats": 2, "total": 6}
    assert b["uesugi"] == {"removed": 1, "face_up": 1, "commander_retreats": 1, "total": 3}
    assert R.outcome(s)["scores"] == {"uesugi": 3, "takeda": 6}


@pytest.mark.rules("kawanakajima.9.score-faceup-uesugi", "kawanakajima.9.errata-group-ii")
def test_uesugi_scores_only_on_takeda_side_of_the_river():
    s = final({"uB": "0606:up",  # group II's start area: the plain
               "uC": "0912:up",  # Mt. Saijo, south-east bank
               "uD": "0601:up",  # group III's area, north bank
               "uE": "0512:up",  # a river hex
               "uF": "0413:up",  # group I's area
               "uG": "0110:up",  # Chausuyama (a mountain on the plain)
               "uH": "0708"})  # face down
    assert score_breakdown(s, T)["uesugi"]["face_up"] == 2
    assert set(T.group_hexes["II"]) <= T.scoring_region
    assert not set(T.group_hexes["I"]) & T.scoring_region


def test_combat_penalties_never_change_the_score():
    a = final({"uB": "0606:up"}, retreats={"uesugi": 3})
    assert scores(a, T)["uesugi"] == 1 and scores(a, T)["takeda"] == 3


@pytest.mark.rules("kawanakajima.9.compare-scores", "kawanakajima.9.level-draw", "kawanakajima.9.level-marginal",
                   "kawanakajima.9.level-tactical", "kawanakajima.9.level-decisive")
def test_ke6_levels_of_victory():
    assert [level_for(T, d) for d in range(0, 12)] == (
        ["draw"] * 3 + ["marginal"] * 3 + ["tactical"] * 3 + ["decisive"] * 3)
    assert level_for(T, 30) == "decisive"
    # two Uesugi face-up units on the plain against nothing: a draw
    s = final({"uB": "0606:up", "uC": "0607:up"})
    assert R.outcome(s) == {"winner": None, "level": "draw", "reason": R.outcome(s)["reason"],
                            "scores": {"uesugi": 2, "takeda": 0}}
    s = final({"uB": "0606:up", "uC": "0607:up", "uD": "0608:up"})
    assert R.outcome(s)["winner"] == "uesugi" and R.outcome(s)["level"] == "marginal"
    takeda_up = {u: f"{c:02d}14:up" for c, u in zip(range(9, 16), ["tB", "tC", "tD", "tE", "tF", "tG", "tH"])}
    s = final(takeda_up)
    assert R.outcome(s)["winner"] == "takeda" and R.outcome(s)["level"] == "tactical"
    s = final(dict(takeda_up, uB="removed", uC="removed"))
    assert R.outcome(s)["winner"] == "takeda" and R.outcome(s)["level"] == "decisive"


@pytest.mark.rules("kawanakajima.3.markers")
def test_markers_never_run_out():
    """Ruling R10: more than the 13 printed move/retreat markers may be in play."""
    units = {u: f"{c:02d}0{r}:seen,rm" for (u, (c, r)) in zip(
        T.side_units["uesugi"][:14], [(c, r) for c in range(4, 11) for r in (5, 7)])}
    s = position(units, turn=2, active="takeda", phase="command")
    assert sum(1 for u in s["units"].values() if u.get("retreat_marker")) == 14
    s = position({u: f"{c:02d}06:mm" for u, c in zip(T.side_units["uesugi"][:6], range(4, 10))}, turn=3)
    assert sum(1 for u in s["units"].values() if u.get("move_marker")) == 6 and not R.validate(s)
