"""UI hooks: button words, prompts, the status panel, hover details and the rulings page."""
import re
from pathlib import Path

import pytest

from kassen.engine.actions import Action

from .helpers import allotted, arrange, legal, play, rules

INVENTORY = Path(__file__).resolve().parents[4] / "shared" / "rules" / "mukden.md"


@pytest.fixture(scope="module")
def r():
    return rules()


def test_every_legal_action_has_words(r):
    s = allotted(r)
    view = r.view_for(s, "japan")
    words = {a: r.describe(Action.parse(a), view) for a in legal(r, s)}
    assert words["move jp-4 @0506"] == "Move the Japanese 4th Army to 0506"
    assert words["move jp-4 @0507"] == "Choose the Japanese 4th Army and stay in 0507"
    assert words["move jp-3 @0107"] == "Place the Japanese 3rd Army on A (0107)"
    assert words["wait jp-3"] == "The 3rd Army waits off the map"
    s, _ = play(r, s, "move jp-4 @0506")
    assert r.describe(Action.parse("attack @0505"), r.view_for(s, "japan")) == \
        "Attack the Russian 3rd Army in 0505"
    for text, expected in (("call =3", "Call 3 FP"), ("roll =6", "Die shows 6"), ("stand", "Stand (no retreat)"),
                           ("withdraw", "Declare withdrawal (ends the game)"), ("no-attack", "Do not attack"),
                           ("retreat @withdrawn", "Retreat off the map (withdraw)"), ("stay", "Do not advance"),
                           ("advance @0503", "Advance into 0503 (Mukden)"), ("confirm", "Confirm the allotment"),
                           ("allot jp-1 =5", "5 FP"),
                           ("end-turn", "End the turn without declaring")):
        assert r.describe(Action.parse(text), None) == expected
    s = arrange(r, {"ru-1": "0701", "jp-1": "0708"}, active="russia")
    assert r.describe(Action.parse("move ru-1 @withdrawn"), r.view_for(s, "russia")) == \
        "The Russian 1st Army leaves the map (withdraws)"


def test_button_sets_stay_small(r):
    s = r.setup(1)
    assert len(legal(r, s)) <= 15
    s = allotted(r, jp={"jp-1": 15, "jp-2": 3, "jp-3": 3, "jp-4": 3, "jp-yalu": 3})
    s = arrange(r, {"jp-1": "0606", "ru-1": "0605"}, state=s)
    s, _ = play(r, s, "move jp-1 @0606", "attack @0605")
    assert len(legal(r, s)) == 15  # calls 1..15: the largest button set


def test_the_allotment_prompt_counts_its_units_in_words(r):
    """Issue 9, plurals: "for 4 units", then "this last unit" (not "1 units")."""
    s, _ = play(r, r.setup(1), "allot jp-1 =9")
    assert "FP left for 4 units, at least" in r.prompt(r.view_for(s, "japan"))
    s, _ = play(r, s, "allot jp-2 =4", "allot jp-3 =4", "allot jp-4 =4")
    prompt = r.prompt(r.view_for(s, "japan"))
    assert "FP left for this last unit, at least" in prompt and "units" not in prompt


def test_prompts_follow_the_phase(r):
    s = allotted(r)
    assert r.prompt(r.view_for(s, "japan")).startswith("Japan: choose one unit")
    s, _ = play(r, s, "move jp-4 @0506")
    assert "attacks" in r.prompt(r.view_for(s, "japan"))
    s, _ = play(r, s, "attack @0505")
    assert "call the fighting power of the Japanese 4th Army" in r.prompt(r.view_for(s, "japan"))
    s, _ = play(r, s, "call =3")
    assert r.prompt(r.view_for(s, "russia")).startswith("Russia: call")
    s, _ = play(r, s, "call =3")
    assert r.prompt(r.view_for(s, None)) == "Roll the attacker's die."
    s, _ = play(r, s, "roll =3", "roll =3")
    assert "retreat" in r.prompt(r.view_for(s, "japan"))


def test_status_always_shows_time_and_only_visible_fp(r):
    s = allotted(r)
    s, _ = play(r, s, "move jp-4 @0506", "attack @0505", "call =4")
    rows = dict(r.status(r.view_for(s, "russia")))
    assert rows["Time"] == "0 / 10" and rows["To act"] == "Russia"
    assert rows["Japan FP"] == "hidden" and rows["Russia FP"] == "20 of 20"
    assert rows["Calls"] == "Japanese 4th Army 4 vs Russian 3rd Army ?"
    assert "3rd Army" in rows and "A" in rows["3rd Army"]
    spectator = dict(r.status(r.view_for(s, None)))
    assert spectator["Japan FP"] == spectator["Russia FP"] == "hidden"
    assert dict(r.status(r.view_for(r.setup(1), None)))["Time"] == "0 / 10"


def test_unit_details_hide_the_opponents_fp(r):
    s = allotted(r)
    mine = r.unit_details(r.view_for(s, "japan"), "jp-1")
    assert mine[0] == "Japanese 1st Army 第一軍" and "Fighting power: 5 of 5 allotted" in mine
    theirs = r.unit_details(r.view_for(s, "japan"), "ru-1")
    assert "Fighting power: secret" in theirs and not any(re.search(r"\d+ of", x) for x in theirs)
    assert "Position: off the map (waiting to enter)" in r.unit_details(r.view_for(s, None), "jp-3")
    fresh = r.setup(1)  # before the allotment: one's own unit has no value yet, the other's is secret
    assert "Fighting power: not yet allotted" in r.unit_details(r.view_for(fresh, "japan"), "jp-1")
    assert "Fighting power: secret" in r.unit_details(r.view_for(fresh, "russia"), "jp-1")


def test_rulings_page(r):
    rulings = r.rulings()
    ids = [x["id"] for x in rulings]
    assert [i for i in ids if i.startswith("R")] == [f"R{n}" for n in range(1, 16)]
    assert {"M1", "M2", "M3"} <= set(ids) and len(ids) == len(set(ids))
    for ruling in rulings:
        assert set(ruling) == {"id", "topic", "ruling", "why", "clauses"} and ruling["clauses"]
        assert all(c.startswith("mukden.") for c in ruling["clauses"])
    if INVENTORY.exists():
        known = set(re.findall(r"^\| (mukden\.[a-z0-9.\-]+) \|", INVENTORY.read_text(encoding="utf-8"), re.M))
        assert len(known) == 75
        assert {c for x in rulings for c in x["clauses"]} <= known
    rulings[0]["clauses"].append("x")
    assert "x" not in r.rulings()[0]["clauses"]  # callers get copies
