"""The protocol around the rules: legality agreeing with legal_actions, explanations, validation of
tampered positions, the state schema, rulings, UI words, and the SVG contract."""
import json
import random
import re
from pathlib import Path

import pytest

from kassen import paths
from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction, LinkError
from kassen.engine.play import random_game
from kassen.engine.schema import Validator
from kassen.engine.state import CHANCE, TERMINAL
from kassen.games import load_rules

from .helpers import apply, edited, get_rules, position, setup_done


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def positions(rules, games=12, every=3):
    for seed in range(1, games + 1):
        chooser = random.Random(seed)
        s = rules.setup(seed)
        n = 0
        while rules.current_player(s) != TERMINAL:
            if n % every == 0:
                yield s
            legal = [a for a, _ in rules.chance_outcomes(s)] if rules.current_player(s) == CHANCE \
                else rules.legal_actions(s)
            s, _ = rules.apply(s, chooser.choice(legal))
            n += 1
        yield s


def test_is_legal_agrees_with_legal_actions(rules):
    """The direct legality test (used by apply) and the generated list never disagree."""
    cells = list(rules.board.cells)
    for s in positions(rules):
        legal = set(rules.legal_actions(s)) | {a for a, _ in rules.chance_outcomes(s)}
        assert all(rules.is_legal(s, a) for a in legal)
        if rules.current_player(s) in (CHANCE, TERMINAL) or s["phase"] != "action" or s["step"]:
            continue
        side = s["active"]
        mine = [u for u in rules.data.side_units[side]]
        probes = [Action(v, (u,), c) for v in ("move", "attack", "jump", "activate") for u in mine for c in cells]
        probes += [Action("move", (a, b), c) for a in mine for b in mine if a != b for c in cells[:8]]
        for a in probes:
            assert rules.is_legal(s, a) == (a in legal), a


def test_apply_accepts_exactly_the_offered_actions_and_every_refusal_cites_a_clause(rules):
    """Issue 7: nothing legal_actions does not offer is accepted (``move kondo @1A1 =5`` was), and
    every refusal says why with an ikedaya clause id; checked on two positions of every phase."""
    clause = re.compile(r"^ikedaya\.[a-z0-9.\-]+$")
    s = position(rules, {"kondo": "1C1", "katsura": "1A1"})
    with pytest.raises(IllegalAction, match=r"ikedaya\.seq\.alternate-actions"):
        rules.apply(s, "move kondo @1B1 =5")
    seen: dict[str, int] = {}
    verbs = sorted({v for p in rules.phases.values() for v in p.verbs()})
    cells = [*rules.board.cells, None]
    for s in positions(rules, games=12, every=1):
        phase = rules.phase_of(s)
        if len(seen) == len(rules.phases) and min(seen.values()) >= 2:
            break
        if seen.get(phase, 0) >= 2:
            continue
        seen[phase] = seen.get(phase, 0) + 1
        legal = set(rules.legal_actions(s)) | {a for a, _ in rules.chance_outcomes(s)}
        groups = [(), *((u,) for u in rules.scenario.units), *{a.units for a in legal if len(a.units) > 1}]
        for a in (Action(v, g, c, arg) for v in verbs for g in groups for c in cells for arg in (None, "5")):
            found = rules.refusal(s, a)
            assert (found is None) == (a in legal), (phase, a.to_text(), found)
            if found is not None:
                assert found.clauses and all(clause.match(c) for c in found.clauses), (a.to_text(), found)
    assert set(seen) == set(rules.phases)


def test_every_text_is_a_message_of_the_catalog_with_all_its_arguments(rules):
    """Log lines, prompts, buttons, status rows, details, refusals and outcomes over self-play (both
    set-up options) use only keys of locale/en.json, and render with no placeholder left over."""
    from kassen.engine.messages import catalog, keys_used

    entries = catalog("en").entries
    used: set[str] = set()
    texts: list[str] = []
    for seed, options in ((1, None), (2, {"entrance_setup": "wait-outside", "shinsengumi_score": "count"}),
                          (3, None)):
        rnd = random.Random(seed)
        s = rules.setup(seed, options)
        while rules.current_player(s) != TERMINAL:
            view = rules.view_for(s, None)
            words = [rules.phase(view).prompt(rules, view), rules.hooks.status(rules, view)]
            words += [rules.hooks.unit_details(rules, view, u) for u in rules.scenario.units]
            legal = [a for a, _ in rules.chance_outcomes(s)] if rules.current_player(s) == CHANCE \
                else list(rules.legal_actions(s))
            words += [rules.hooks.describe(rules, a, view) for a in legal[:12]]
            probe = rnd.choice(legal)
            for wrong in (Action(probe.verb, probe.units, probe.cell, "9"), Action("lose", ("kondo",)),
                          Action("move", ("katsura",), "1C1"), Action("place", ("okita",), "2A1")):
                found = rules.refusal(s, wrong)
                if found is not None:
                    words.append(found.message)
            s, events = rules.apply(s, rnd.choice(legal))
            words += [e["msg"] for e in events]
            used.update(keys_used(words))
            texts += [rules.say(w) for w in words if isinstance(w, dict)]
        used.update(keys_used(rules.outcome(s)))
    assert used - set(entries) == set()
    assert not [t for t in texts if "{" in t or "ikedaya." in t]
    # (the names of places and the scenario's heading in each language are data, not the rules' texts;
    # the drawing's words, counter names and legend are the map's: tests/render/test_map_language.py)
    mine = {k for k in entries if k.startswith("ikedaya.") and not k.startswith(
        ("ikedaya.place.", "ikedaya.scenario.", "ikedaya.map.", "ikedaya.legend.", "ikedaya.counter."))}
    assert len(used & mine) > 0.6 * len(mine)  # the games above reach most of the catalog


def test_text_forms_round_trip_and_apply_never_mutates(rules):
    for s in positions(rules, games=4):
        frozen = json.dumps(s, sort_keys=True)
        for a in list(rules.legal_actions(s))[:20] + [a for a, _ in rules.chance_outcomes(s)][:2]:
            assert Action.parse(a.to_text()) == a
            rules.apply(s, a)
        assert json.dumps(s, sort_keys=True) == frozen


@pytest.mark.parametrize("state_edit, action, words", [
    ({"kondo": "1C1", "katsura": "1A4"}, "move kondo @2A4", "ikedaya.move.ma-shinsengumi"),
    ({"kondo": "2C2", "katsura": "2C1"}, "move kondo @2C3", "ikedaya.zoc.locked-at-start"),
    ({"kondo": "1C1", "katsura": "2C1"}, "move kondo @2C3", "ikedaya.zoc.stop-same-floor"),
    ({"kondo": "1C1", "katsura": "2C1"}, "attack kondo @2C1", "adjacent"),
    ({"kondo": "1C1", "katsura": "2C1"}, "move kondo @Backyard", "railing"),
    (None, "move katsura @2B1", "Shinsengumi player's action"),
    (None, "jump katsura @Street", "Shinsengumi player's action"),
    (None, "move okita @1C2", "ikedaya.okita.roll-on-activation"),
    (None, "place kondo @1C1", "not possible now"),
    (None, "move kondo,nagakura,todo,takeda @1C2", "ikedaya.stack.max-three"),
    (None, "move nosuch @1C2", "ikedaya.counters.roster"),
])
def test_explanations_cite_the_rule(rules, state_edit, action, words):
    s = apply(rules, setup_done(rules), "place kondo,nagakura,todo,takeda,okita @1C1")
    if state_edit:
        s = position(rules, state_edit)
    with pytest.raises(IllegalAction) as info:
        rules.apply(s, action)
    assert words in str(info.value)


def tampered(rules):
    s = position(rules, {"kondo": "1C1", "nagakura": "1C2", "katsura": "2A1", "yoshida": "2A1"})
    yield "four in a square", edited(s, units={**s["units"], **{u: {"at": "2A1", "spent": False}
                                                              for u in ("miyabe", "kitazoe")}}), "at most 3"
    yield "both sides", edited(s, units={**s["units"], "todo": {"at": "2A1", "spent": False}}), "both sides"
    yield "spent off the map", edited(s, units={**s["units"], "todo": {"at": None, "spent": True}}), "spent"
    yield "ronin in the pool", edited(s, units={**s["units"], "todo": {"at": "Pool", "spent": False}}), "waiting"
    yield "shinsengumi escaped", edited(s, units={**s["units"], "todo": {"at": "Backyard", "spent": False}}), \
        "only through the exit"
    yield "no ronin left", edited(s, units={**s["units"], "katsura": {"at": None, "spent": False},
                                             "yoshida": {"at": "Street", "spent": False}}), "not ended"
    yield "a spent counter acting", edited(
        s, units={**s["units"], "kondo": {"at": "1C1", "spent": True}},
        step={"kind": "order", "group": ["kondo"], "at": "1C1"}), "acting again"
    yield "wrong dice", edited(s, step={"kind": "combat", "group": ["nagakura"], "at": "1C2", "target": "1C1",
                                        "defenders": ["kondo"], "dice": [3, 3], "rolls": [[], []]}), "defenders"
    yield "combat dice", edited(
        position(rules, {"kondo": "2C2", "katsura": "2C1"}),
        step={"kind": "combat", "group": ["kondo"], "at": "2C2", "target": "2C1", "defenders": ["katsura"],
              "dice": [2, 3], "rolls": [[], []]}), "dice is wrong"
    yield "jump on turn 1", edited(s, step={"kind": "jump", "group": ["katsura"], "at": "2A1", "to": "Street"},
                                   active="ronin"), "not possible"
    yield "set-up out of order", edited(rules.setup(1), units={**rules.setup(1)["units"],
                                                                 "kondo": {"at": "1C1", "spent": False}}), \
        "before the Ronin finished"


@pytest.mark.parametrize("name", ["four in a square", "both sides", "spent off the map", "ronin in the pool",
                                  "shinsengumi escaped", "no ronin left", "a spent counter acting", "wrong dice",
                                  "combat dice", "jump on turn 1", "set-up out of order"])
def test_validate_names_impossible_positions(rules, name):
    _, state, words = next(t for t in tampered(rules) if t[0] == name)
    Validator(rules.state_schema()).validate(state)  # well-typed...
    errors = rules.validate(state)
    assert errors and any(words in e for e in errors), errors  # ...but impossible
    with pytest.raises(LinkError):
        codec.decode(codec.encode(rules, "p", state), load_rules)


def test_state_schema_is_strict(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2A1"})
    v = Validator(rules.state_schema())
    assert v.is_valid(s)
    for bad in (edited(s, extra=1), edited(s, turn=0), edited(s, phase="end"), edited(s, passes=2),
                edited(s, units={**s["units"], "kondo": {"at": "9Z9", "spent": False}}),
                edited(s, units={**s["units"], "kondo": {"at": "1C1", "spent": 1}}),
                edited(s, step={"kind": "combat", "group": ["nobody"]}),
                edited(s, step={"kind": "order", "group": ["kondo"], "at": "1C1", "evil": 1}),
                edited(s, options={"shinsengumi_score": "heads", "entrance_setup": "exempt"})):
        assert not v.is_valid(bad)
        with pytest.raises(LinkError):
            codec.decode(codec.encode(rules, "p", bad), load_rules)


def test_rulings_page(rules):
    text = Path(paths.PROJECT_DIR.parent / "shared" / "rules" / "ikedaya.md")
    ids = set(re.findall(r"^\| (ikedaya\.[a-z0-9.\-]+) \|", text.read_text(encoding="utf-8"), re.M)) \
        if text.exists() else None
    rulings = rules.rulings()
    assert len(rulings) >= 18 + 10 and len({r["id"] for r in rulings}) == len(rulings)
    for r in rulings:
        assert set(r) == {"id", "topic", "ruling", "why", "clauses"} and r["clauses"]
        if ids:
            assert set(r["clauses"]) <= ids, r["id"]
    topics = " ".join(r["topic"] for r in rulings)
    for needed in ("Entrance", "Wall", "casualties", "contact", "score"):
        assert needed in topics


def test_views_have_no_rng_and_nothing_is_hidden(rules):
    s, _ = random_game(rules, 4, max_actions=60)
    for viewer in (None, "shinsengumi", "ronin"):
        view = rules.view_for(s, viewer)
        assert "rng" not in view and view["units"] == s["units"] and not rules.validate_view(view)
    assert rules.hidden_information is False


def test_ui_words(rules):
    s = rules.setup(1)
    v = rules.view_for(s, None)
    assert rules.prompt(v).startswith("Ronin: set up your counters (0/7 in the Street Side Rooms")
    assert rules.describe(Action.parse("place katsura @2A1"), v) == "Set up Katsura Kogorō in 2A1 (Street Side Room)"
    s = apply(rules, setup_done(rules), "place kondo,nagakura,todo,takeda,okita @1C1")
    v = rules.view_for(s, None)
    assert rules.prompt(v) == "Shinsengumi: move or fight with one counter or stack, or pass."
    status = dict(rules.status(v))
    assert status["Turn"] == "1" and status["To act"] == "Shinsengumi" and status["Ronin score"] == "0"
    assert status["Shinsengumi off the map"] == "0" and status["Passes"] == "-"
    assert rules.describe(Action.parse("activate kondo,okita @1C1"), v).startswith("Activate Kondō Isami, Okita")
    assert rules.describe(Action.parse("move kondo @Street"), v).startswith("Leave the map")
    details = rules.unit_details(v, "okita")
    assert details[0] == "Okita Sōji 沖田総司" and "Strength 5 · Skill Swordsman (剣) · Status 2" in details
    assert "Ready to act" in details and any("Tuberculosis" in d for d in details)
    s = position(rules, {"kondo": "1C1", "katsura": "2A1"}, turn=2, active="ronin")
    v = rules.view_for(s, None)
    assert rules.describe(Action.parse("jump katsura @Street"), v) == \
        "Jump: Katsura Kogorō into the Street (Sanjō-dōri) (succeeds on a roll of 1+; Light +1)"
    s = apply(rules, s, "jump katsura @Street")
    # prompts name counters with their square (issue 9)
    assert rules.prompt(rules.view_for(s, None)) == \
        "Roll the die for the jump of Katsura Kogorō (2A1) into the Street (Sanjō-dōri)."
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1", "miyabe": "2C1", "kitazoe": "2C1"})
    s = apply(rules, s, "attack kondo,nagakura @2C1", *(f"roll ={d}" for d in (5, 1, 1, 4, 1, 1, 1)))
    assert rules.prompt(rules.view_for(s, None)) == \
        "Ronin: choose 2 more casualties among Katsura Kogorō, Miyabe Teizō, Kitazoe Kitsuma (2C1)."


def test_render_contract(rules):
    s = apply(rules, setup_done(rules), "place kondo,nagakura,todo,takeda,okita @1C1", "move kondo,nagakura @1C2")
    s = edited(s, units={**s["units"], "katsura": {"at": "Street", "spent": False}})
    view = rules.view_for(s, None)
    svg = rules.render_svg(view, highlight=["2C2", "Street"], selected="todo")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("data-cell=") == len(rules.board.cells)
    for cell in rules.board.cells:
        assert f'data-cell="{cell}"' in svg
    for uid, u in s["units"].items():
        if u["at"] is not None:
            assert re.search(rf'data-unit="{uid}" data-side="{rules.data.counters[uid].side}" data-at="{u["at"]}"',
                             svg), uid
    assert svg.count('class="cell legal"') == 1 and svg.count('class="cell legal box"') == 1
    assert re.search(r'<g class="cell legal" data-cell="2C2"', svg)
    assert 'class="unit selected"' in svg
    spent = re.findall(r'class="unit spent" data-unit="(\w+)"[^>]*transform="[^"]*rotate\(90\)', svg)
    assert set(spent) == {"kondo", "nagakura"}
    for word in ("Street Side Rooms", "Corridor", "Backyard Side Rooms", "Entrance", "Court", "jump → Court 1B2", ">jump<",
                 "⇅2C2", "↗2C4", "exit (1 MP)", "Downstairs", "Upstairs", "Backyard"):
        assert word in svg, word
    assert "<style" not in svg and not re.search(r"\sstyle=", svg)
    # a three-stack: three counters inside one square, each with its name and values
    assert svg.count('data-at="2B1"') == 3
    for name in ("Yamada", "Hirooka", "Saeki"):
        assert f">{name}</text>" in svg
    assert "3 軽 4" in svg and "4 剣 4" in svg and "2 · 2" in svg  # strength, skill, status


def test_render_escapes_names(rules):
    data = json.loads((paths.SCENARIOS_DIR / "ikedaya" / "ikedaya.json").read_text(encoding="utf-8"))
    data["units"][0]["short"] = "<b>&x"
    data["units"][0]["name"] = "<script>alert(1)</script>"
    from kassen.engine.scenario import parse_scenario
    from kassen.games.ikedaya import Rules

    other = Rules(parse_scenario(data, "x.json"))
    svg = other.render_svg(other.view_for(other.setup(1), None))
    assert "<script>" not in svg and "<b>" not in svg and "&lt;b&gt;&amp;x" in svg


def test_every_position_renders(rules):
    for s in positions(rules, games=3, every=7):
        svg = rules.render_svg(rules.view_for(s, None))
        assert svg.count("data-cell=") == len(rules.board.cells)


def test_any_action_text_is_either_legal_or_refused_in_words(rules):
    """Fuzz: random actions on random positions raise only IllegalAction, with a readable reason."""
    chooser = random.Random(11)
    verbs = ["move", "attack", "jump", "activate", "place", "pass", "hold", "lose", "retreat", "roll", "fly"]
    ids = list(rules.data.unit_order) + ["nobody"]
    cells = list(rules.board.cells) + ["9Z9"]
    for s in positions(rules, games=6, every=2):
        for _ in range(12):
            units = tuple(chooser.sample(ids, chooser.choice([0, 1, 1, 2, 3, 4])))
            cell = chooser.choice(cells + [None])
            arg = chooser.choice([None, None, "1", "6", "9"])
            a = Action(chooser.choice(verbs), units, cell, arg)
            try:
                rules.apply(s, a)
            except IllegalAction as exc:
                assert str(exc)
