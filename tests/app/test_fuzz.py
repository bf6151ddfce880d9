"""The fuzzer in CI: a fixed seed and a fixed set of cases (about 20 s), and no finding.

The oracles are tested too, on inputs known to be bad, so this cannot pass by finding nothing
because it looks at nothing: each class of issue 7 section 2 is recognised when it happens.
"""
from __future__ import annotations

import json
import random

from kassen import cli, fuzz
from kassen.engine import codec
from kassen.engine.play import random_walk
from kassen.games import load_rules

#: about 20 s on the CI machine; every input kind, every game (the cases cycle through the games)
CASES = {"link": 1500, "save": 370, "slot": 280, "scenario": 270, "show": 500, "action": 5000}


def test_fuzzer_finds_nothing_with_a_fixed_seed(capsys):
    report = fuzz.run(seed=20261124, cases=CASES)
    fuzz.print_report(report)
    out = capsys.readouterr().out
    assert report.cases == CASES
    assert report.findings == {}, out
    line = out.strip().splitlines()[-1]
    assert line.startswith("fuzz: seed 20261124") and line.endswith("findings: none")
    assert all(f"{kind} {n}" in line for kind, n in CASES.items())
    # most cases are refused, and some are accepted (variants that are still real positions)
    assert 0 < report.refused["link"] < CASES["link"]


def test_the_command_line_reports_cases_per_kind_and_findings_per_class(capsys):
    assert cli.main(["fuzz", "--game", "ikedaya", "--seconds", "1.5", "--seed", "3", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    data = json.loads(lines[0])
    assert set(data["cases"]) == set(fuzz.KINDS) and all(n > 0 for n in data["cases"].values())
    assert data["findings"] == {} and lines[-1].endswith("findings: none")


def _mukden_in_combat():
    rules = load_rules("mukden")
    for state, _ in random_walk(rules, 4):
        fight = state.get("combat")
        if fight and fight["attacker_die"] is not None and fight["defender_die"] is not None:
            return rules, state
    raise AssertionError("no combat with dice in this game")


def test_oracle_recognises_a_combat_record_that_does_not_follow():
    rules, state = _mukden_in_combat()
    assert fuzz.consistency_problems(rules, state, view=False) == []
    bad = json.loads(json.dumps(state))
    bad["combat"]["attacker_loss"], bad["combat"]["defender_loss"] = 2, 2
    assert any(p.startswith("inconsistent-record") for p in fuzz.consistency_problems(rules, bad, view=False))


def test_oracle_recognises_derived_fields_and_anonymous_numbering():
    rules = load_rules("kawanakajima")
    state = next(s for s, _ in random_walk(rules, 21) if s["phase"] == "move")
    view = rules.view_for(state, None)
    assert fuzz.consistency_problems(rules, view, view=True) == []
    wrong_player = dict(view, to_move="chance")
    assert any(p.startswith("derived-fields") for p in fuzz.consistency_problems(rules, wrong_player, view=True))
    wrong_outcome = dict(view, outcome={"winner": "takeda", "level": "decisive", "reason": "x", "scores": {}})
    assert any(p.startswith("derived-fields") for p in fuzz.consistency_problems(rules, wrong_outcome, view=True))
    anon = sorted((k for k in view["units"] if k.startswith("?uesugi-")), key=lambda k: int(k.rsplit("-", 1)[1]))
    swapped = json.loads(json.dumps(view))
    swapped["units"][anon[0]], swapped["units"][anon[-1]] = view["units"][anon[-1]], view["units"][anon[0]]
    assert any(p.startswith("inconsistent-record") for p in fuzz.consistency_problems(rules, swapped, view=True))


def test_mutations_keep_a_valid_checksum_and_reach_every_strategy():
    rules = load_rules("ikedaya")
    doc = rules.view_for(rules.setup(1), None)
    rnd = random.Random(5)
    seen = set()
    for _ in range(600):
        mutated, strategy, _ = fuzz.mutate(doc, rnd)
        seen.add(strategy)
        link = fuzz.link_of("v", "ikedaya", mutated)
        try:
            codec.decode(link, load_rules)
        except codec.LinkError as exc:
            assert "checksum" not in str(exc)
    assert {"type", "huge-number", "deep", "surrogate", "huge-string", "markup", "float", "borrow"} <= seen
