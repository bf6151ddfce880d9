"""The computer opponent's evaluation (games/bakumatsu/ai.py) reads the victory conditions: the one
evaluation of a Bakumatsu position (the balance survey's greedy policy is a crude test player)."""
from kassen.games.bakumatsu.ai import AI

from .helpers import TB, TF, after_setup, arrange, legal, play, rules

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


def _reinforcement_waiting():
    """Toba-Fushimi, turn 2: TF-B10 drawn from the cup waits to enter through 0105 (13-1(4))."""
    from .test_reinforcements import until

    r = rules(TF)
    s = until(r, after_setup(r), 2, SHOG)
    s, _ = play(r, s, "roll =1", "draw =TF-B10")
    assert s["units"]["TF-B10"]["at"] == "arrived-shogunate"
    return r, s


def _candidates(r, s, side=SHOG):
    return [a.to_text() for a in AI(r).candidates(s, side, list(r.legal_actions(s)))]


def test_reinforcements_enter_before_anything_else():
    """The computer left reinforcements off the map for whole games (issue 12's survey): while one
    can enter, entering is all it considers."""
    r, s = _reinforcement_waiting()
    assert len(list(r.legal_actions(s))) > 20  # moves of the units on the map, too
    assert _candidates(r, s) == ["enter TF-B10 @0105"]


def test_a_unit_on_its_own_entry_hex_makes_way_for_the_reinforcements():
    """13-1(4): nothing enters an occupied entry hex; the unit standing there is offered only moves
    off it while a reinforcement waits, and the one just entered may not stay on it."""
    r, s = _reinforcement_waiting()
    guard = next(u for u in r.d.combat_units[SHOG] if s["units"][u]["at"] in r.d.move_cost
                 and u not in s["done"])
    s["units"][guard]["at"] = "0105"
    assert not r.validate(s)
    assert "enter TF-B10 @0105" not in legal(r, s)
    offered = _candidates(r, s)
    assert offered and all(a.startswith(f"move {guard} ") and not a.endswith("@0105") for a in offered)
    nobody_waits = dict(s, units={**s["units"], "TF-B10": {**s["units"]["TF-B10"], "at": "cup-shogunate"}})
    assert any(not a.startswith(f"move {guard} ") for a in _candidates(r, nobody_waits))
    r, s = _reinforcement_waiting()
    other = next(u for u in r.d.units if s["units"][u]["at"] == "cup-shogunate" and u in r.d.combat_units[SHOG])
    s["units"][other]["at"] = "arrived-shogunate"
    s, _ = play(r, s, "enter TF-B10 @0105")
    assert s["phase"] == "entering" and "stay TF-B10 @0105" in legal(r, s)
    offered = _candidates(r, s)
    assert offered and all(a.startswith("move TF-B10 ") for a in offered)


def test_normal_chooses_with_a_little_noise_and_tabarazaka_easy_with_more():
    """Without it hard was not shown to beat normal (Toba-Fushimi 54.5 % over 400 games, Tabarazaka
    50.6 % over 160); in Tabarazaka that noise cost normal games against easy, so easy takes more
    there (docs/ai.md)."""
    from kassen.ai.players import PLAYERS, make_player

    assert make_player(rules(TF), "normal").config.noise == 0.002
    assert make_player(rules(TF), "hard").config.noise == 0.0
    assert make_player(rules(TF), "easy").config.noise == PLAYERS["easy"].noise == 0.06
    assert make_player(rules(TB), "normal").config.noise == 0.01
    assert make_player(rules(TB), "hard").config.noise == 0.0
    assert make_player(rules(TB), "easy").config.noise == 0.2
