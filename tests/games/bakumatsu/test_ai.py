"""The computer opponent's evaluation (games/bakumatsu/ai.py) reads the victory conditions: the one
evaluation of a Bakumatsu position (the balance survey's greedy policy is a crude test player)."""
from kassen.games.bakumatsu.ai import AI

from .helpers import TB, TF, after_setup, arrange, rules

SHOG, SATCHO = "shogunate", "satcho"


def test_the_evaluation_counts_victory_hexes_and_is_zero_sum():
    r = rules(TF)
    ai = AI(r)
    s = after_setup(r)
    start = ai.evaluate(s, SHOG)
    assert abs(start + ai.evaluate(s, SATCHO) - 1.0) < 1e-9
    assert start > 0.5  # 9 victory hexes against 4 at the start
    s["control"]["1912"] = SATCHO  # Akaike
    assert ai.evaluate(s, SHOG) < start


def test_standing_on_a_victory_hex_is_distance_zero():
    r = rules(TB)
    ai = AI(r)
    for v in r.d.victory:
        assert ai.to_victory[v] == 0
    for side, entry in r.d.entry_of.items():
        if entry in ai.hexes:
            assert ai.to_entry[side][entry] == 0


def test_a_won_game_is_worth_all():
    r = rules(TF)
    ai = AI(r)
    s = after_setup(r)
    s["ended"] = {"how": "entry", "winner": SATCHO}
    s["phase"] = "over"
    assert r.outcome(s)["winner"] == SATCHO
    assert ai.evaluate(s, SATCHO) == 1.0 and ai.evaluate(s, SHOG) == 0.0


def test_a_game_begun_under_an_earlier_revision_guards_its_own_victory_hexes():
    """A game begun before rules revision 1 holds Akaike on 1812 (GameRules.begun_under): an enemy
    unit next to it is a threat there as 1912 is in a new game."""
    r = rules(TF)
    ai = AI(r)
    near = {"TF-S01": "1813", "TF-B01": "0909"}  # 1813 is next to 1812 and 1912
    far = {"TF-S01": "2411", "TF-B01": "0909"}
    for revision, akaike in ((1, "1912"), (0, "1812")):
        threatened, safe = (r.begun_under(arrange(r, units), revision) for units in (near, far))
        assert akaike in threatened["control"] and not r.validate(threatened)
        for state in (threatened, safe):  # the Shogunate holds Akaike alone: only its threat counts
            state["control"] = {h: SHOG if h == akaike else None for h in state["control"]}
        assert ai._exposure(threatened, SHOG) > ai._exposure(safe, SHOG) >= 0, revision
