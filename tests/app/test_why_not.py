"""Why a selected unit cannot act on a place (engine.whynot through the controller's click_cell).

For every game: a unit is selected and a place that is not one of its targets is activated; the page
says why, naming the unit and the place, in the reader's language, citing real clauses of that game
(the page links them); a legal place gives no explanation; an empty place with nothing selected and
the unit's own place say nothing; in the games with secrets, positions that differ only in what the
viewer may not know (the leak tests' twins) get the same words.
"""
from __future__ import annotations

import random
import re

import pytest

from kassen.app import reference
from kassen.app.controller import Controller
from kassen.app.storage import MemoryStore, Saves
from kassen.engine.phases import Refusal
from kassen.games import load_rules

#: one scenario of each game
SCENARIOS = {"mukden": "mukden", "ikedaya": "ikedaya", "kawanakajima": "kawanakajima",
             "bakumatsu": "toba-fushimi", "yukimura": "domyoji"}
_RULES: dict = {}


def rules_of(sid: str):
    if sid not in _RULES:
        _RULES[sid] = load_rules(sid)
    return _RULES[sid]


def controller(sid: str) -> Controller:
    rules = rules_of(sid)
    c = Controller(lambda _sid: rules, Saves(MemoryStore()), new_slot_id=lambda: "s", clock=lambda: "now")
    c.confirm_commits = False
    return c


def occupied(c: Controller) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid, u in (c.view() or {}).get("units", {}).items():
        if u.get("at"):
            out.setdefault(u["at"], []).append(uid)
    return out


def a_refused_place(sid: str, seed: int = 1, steps: int = 400, verb: str = ""):
    """Play a seeded random game (a random verb, then a random action of it) until a selected unit
    (one that may ``verb`` somewhere, if given) has a place it may not act on that holds no counter
    of the viewer's that could be selected instead: (controller, unit, place)."""
    c = controller(sid)
    c.start_new(sid, seed)
    rnd = random.Random(seed)
    rules = c.rules
    cells = sorted(rules.board.cells)
    for _ in range(steps):
        if c.covered:
            c.reveal()
        legal = c.legal()
        assert legal, "the game ended before a unit could be asked"
        here = occupied(c)
        selectable = {u for a in legal for u in a.units}
        for uid in sorted({u for a in legal if a.cell is not None and a.verb == (verb or a.verb) for u in a.units}):
            c.select(uid)
            targets, at = set(c.targets()), c._unit_at(uid)
            for label in rnd.sample(cells, min(40, len(cells))):
                if label in targets or label == at or set(here.get(label, [])) & selectable:
                    continue
                if rules.explain_place(c.history.state, c.viewer, (uid,), label) is not None:
                    return c, uid, label
        c.cancel()
        pick = rnd.choice(sorted({a.verb for a in legal}))
        c.perform(rnd.choice([a for a in legal if a.verb == pick]))
    raise AssertionError(f"{sid}: no refused place found")


def without_ids(rules, text: str) -> str:
    """The text without clause ids, place labels (ids, not words: "0506", "2A3", "D:1518") and
    the Roman numerals of Kawanakajima's start groups (printed on the map: "II")."""
    text = re.sub(r"(?<![A-Za-z])[IVX]+(?![A-Za-z])", "", reference.CLAUSE_IN_TEXT.sub("", text))
    for label in sorted(rules.board.cells, key=len, reverse=True):
        if len(label) > 1 and not label.isalpha():
            text = text.replace(label, "")
    return text


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_place_that_is_not_a_target_says_why_in_both_languages(game):
    sid = SCENARIOS[game]
    c, uid, label = a_refused_place(sid, verb="move")
    rules = c.rules
    known = {cl["id"] for cl in reference.load(game)["clauses"]}
    c.select(uid)
    before = c.history.state
    c.click_cell(label)
    assert c.history.state is before  # nothing was played
    assert isinstance(c.message, Refusal) and c.message.clauses
    assert set(c.message.clauses) <= known, f"{c.message.clauses} are not all clauses of {game}"
    assert c.selected == uid  # the selection stays: the player may choose one of its places next
    scr = c.screen()
    english = scr.notices[-1]
    assert english == c.say(c.message)  # said once, in #messages (role=alert)
    assert rules.name_unit(uid, "en") in english and "{" not in english
    for cid in c.message.clauses:
        assert f"{cid}" in english
    assert {m.group(1) for m in reference.CLAUSE_IN_TEXT.finditer(english)} <= known
    c.lang = "ja"
    japanese = c.screen().notices[-1]
    assert rules.name_unit(uid, "ja") in japanese and "{" not in japanese
    assert all(cid in japanese for cid in c.message.clauses)
    rest = without_ids(rules, japanese)
    assert not re.search(r"[A-Za-z]", rest), f"English in the Japanese explanation: {japanese!r} ({rest!r})"
    # the next click clears it; a legal place has nothing to explain
    state, viewer = c.history.state, c.viewer
    for target in c.targets()[:5]:
        assert rules.explain_place(state, viewer, (uid,), target) is None


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_the_units_own_place_and_an_empty_place_with_nothing_selected_say_nothing(game):
    sid = SCENARIOS[game]
    c, uid, label = a_refused_place(sid)
    c.select(uid)
    at = c._unit_at(uid)
    c.click_cell(at)
    assert c.message is None
    c.select(uid)
    if c._auto_selected() is None:  # with nothing selected, an empty place that is not a target
        c.cancel()
        here = occupied(c)
        empty = next(x for x in sorted(c.rules.board.cells) if x not in here and x not in c.targets())
        c.click_cell(empty)
        assert c.message is None


def test_the_move_is_explained_on_an_empty_place_and_the_attack_on_an_enemy():
    """Ikedaya's counters may move or attack: a far empty square explains the move, a far enemy the
    attack (the verb that fits the place, engine.whynot)."""
    rules = rules_of("ikedaya")
    c, _, _ = a_refused_place("ikedaya")
    rnd = random.Random(5)
    for _ in range(400):
        if c.covered:
            c.reveal()
        legal = c.legal()
        verbs = {a.verb for a in legal if a.cell is not None and a.units}
        if {"move", "attack"} <= verbs:
            break
        c.perform(rnd.choice(legal))
    else:
        raise AssertionError("no position offering both a move and an attack")
    state, viewer = c.history.state, c.viewer
    uid = next(a.units[0] for a in legal if a.verb == "move" and len(a.units) == 1)
    side = rules.scenario.units[uid]["side"]
    here = occupied(c)
    enemy = {at for at, us in here.items() if any(rules.scenario.units[u]["side"] != side for u in us)}
    targets = {a.cell for a in legal if uid in a.units}
    leads = {}
    for label in sorted(rules.board.cells):
        if label in targets or label == c._unit_at(uid):
            continue
        found = rules.explain_place(state, viewer, (uid,), label)
        if found is not None:
            leads.setdefault(label in enemy, set()).add(found.message["args"]["lead"]["key"])
    assert leads[False] <= {"engine.whynot.move", "ikedaya.whynot.jump"} and "engine.whynot.move" in leads[False]
    assert leads[True] == {"engine.whynot.attack"}


@pytest.mark.parametrize("game", ["mukden", "kawanakajima"])
def test_twin_positions_get_the_same_words(game):
    """What the viewer may not know (the other side's fighting power, face-down units) changes
    nothing in the explanation (the leak tests' twins, tests/support/leaks.py)."""
    if game == "mukden":
        from tests.games.mukden.test_leaks import twins
    else:
        from tests.games.kawanakajima.test_leaks import twins
    c, uid, _ = a_refused_place(SCENARIOS[game])
    rules, state, viewer = c.rules, c.history.state, c.viewer
    found = twins(rules, state, viewer, random.Random(2))
    assert len(found) >= 2
    cells = sorted(rules.board.cells)[::3]

    def words(position, rename):
        unit = rename(next(a for a in rules.legal_actions(state) if uid in a.units)).units
        out = []
        for label in cells:
            why = rules.explain_place(position, viewer, unit[:1], label)
            out.append(None if why is None else (rules.say(why, "en"), rules.say(why, "ja")))
        return out

    base = words(state, lambda a: a)
    assert sum(1 for w in base if w) > 5
    for change, twin, rename in found:
        assert words(twin, rename) == base, change
