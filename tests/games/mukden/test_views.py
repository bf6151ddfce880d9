"""Hidden information, views, validation of links and saves, the strict schemas."""
import json

import pytest

from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.errors import LinkError
from kassen.engine.schema import Validator
from kassen.engine.state import clone

from .helpers import allotted, arrange, legal, play, rules


@pytest.fixture(scope="module")
def r():
    return rules()


def load(r):
    return lambda sid: r


def mid_combat(r):
    s = allotted(r)
    return play(r, s, "move jp-4 @0506", "attack @0505", "call =4", "call =3")[0]


def test_each_side_sees_only_its_own_fp(r):
    for s in (allotted(r), mid_combat(r)):
        jp, ru, spec = r.view_for(s, "japan"), r.view_for(s, "russia"), r.view_for(s, None)
        assert jp["fp"] == {"japan": s["fp"]["japan"], "russia": None}
        assert ru["fp"] == {"japan": None, "russia": s["fp"]["russia"]}
        assert spec["fp"] == {"japan": None, "russia": None} and spec["allotment"] == {"japan": None, "russia": None}
        assert "rng" not in spec
        assert spec["combat"] == s["combat"]  # calls are public
        for v in (jp, ru, spec):
            assert not r.validate_view(v), r.validate_view(v)
            Validator(r.view_schema()).validate(v)


def test_partial_allotment_is_hidden_too(r):
    s = r.setup(1)
    s, _ = play(r, s, "allot jp-1 =9")
    assert r.view_for(s, "russia")["allotment"]["japan"] is None
    assert r.view_for(s, "japan")["allotment"]["japan"] == {"jp-1": 9}
    assert r.prompt(r.view_for(s, "japan")).startswith("Japan: allot FP to the Japanese 2nd Army")
    assert "secret" in r.prompt(r.view_for(s, None))


def test_the_end_reveals_everything_once(r):
    before = arrange(r, {"jp-1": "0707", "ru-1": "0701"}, active="russia")
    s, ev = r.apply(before, "withdraw")
    assert [e["kind"] for e in ev] == ["phase", "reveal", "end"]
    assert r.is_barrier(before, Action("withdraw"), s, ev)  # the reveal cannot be undone
    for viewer in (None, "japan", "russia"):
        v = r.view_for(s, viewer)
        assert v["fp"] == s["fp"] and v["allotment"] == s["allotment"]
        assert v["outcome"]["winner"] == "japan"


def test_secret_events_go_to_their_owner_only(r):
    s = r.setup(1)
    s, ev = play(r, s, "allot jp-1 =5")
    assert ev[0]["to"] == "japan"


@pytest.mark.parametrize("mutate, words", [
    (lambda s: s["units"]["ru-3"].update(at="0507"), "share hex"),
    (lambda s: s["fp"]["japan"].update({"jp-1": 9}), "more current FP"),
    (lambda s: (s["allotment"]["japan"].update({"jp-1": 9}), s["fp"]["japan"].update({"jp-1": 9})), "exactly 27"),
    (lambda s: s["units"]["jp-1"].update(at="withdrawn"), "only Russian units leave"),
    (lambda s: s["units"]["jp-1"].update(at="jp-reserve"), "can wait off the map"),
    (lambda s: s.update(chosen="jp-1"), "no unit is chosen"),
    (lambda s: s.update(phase="attacker-call"), "combat record"),
    (lambda s: s.update(time=10), "time has reached 10"),
    (lambda s: s.update(phase="over"), "over exactly when"),
    (lambda s: s.update(active="japan", phase="end-turn"), "end-of-turn"),
    (lambda s: s["units"]["ru-3"].update(at="0508"), "supply source"),
    (lambda s: s["units"]["jp-1"].update(at=None), "zero-removed"),
])
def test_validate_lists_impossible_positions(r, mutate, words):
    s = clone(allotted(r))
    s, _ = play(r, s, "move jp-1 @0707")  # Russia's turn, a quiet position
    assert not r.validate(s)
    mutate(s)
    problems = r.validate(s)
    assert any(words in p for p in problems), problems


def test_validate_checks_the_combat_record(r):
    s = mid_combat(r)
    assert not r.validate(s)
    bad = clone(s)
    bad["combat"]["attacker_die"] = 3
    assert any("attacker_die" in p for p in r.validate(bad))
    bad = clone(s)
    bad["combat"]["defender"] = "jp-1"
    assert r.validate(bad)
    bad = clone(s)
    bad["combat"]["defender_at"] = "0101"
    assert any("adjacent" in p for p in r.validate(bad))


@pytest.mark.parametrize("mutate, words", [
    (lambda s: s["units"]["jp-1"].update(at="0909"), "units.jp-1.at"),
    (lambda s: s["fp"].update(japan=None), "fp.japan"),
    (lambda s: s.update(extra=1), "unexpected field"),
    (lambda s: s.update(phase="lunch"), "phase"),
    (lambda s: s.update(time=-1), "time"),
    (lambda s: s["units"].pop("ru-1"), "required"),
    (lambda s: s["options"].update(cheat=True), "options"),
])
def test_tampered_links_are_refused_with_a_reason(r, mutate, words):
    s = clone(allotted(r))
    mutate(s)
    link = codec.encode(r, "p", s)
    with pytest.raises(LinkError, match="malformed|impossible") as info:
        codec.decode(link, load(r))
    assert words.split(".")[-1] in str(info.value) or words in str(info.value)


def test_links_round_trip_and_views_cannot_be_continued(r):
    s = mid_combat(r)
    for kind, obj in (("p", s), ("v", r.view_for(s, None)), ("v", r.view_for(s, "japan"))):
        link = codec.encode(r, kind, obj)
        assert codec.decode(link, load(r))[2] == obj
        assert len("index.html#" + link) < 2000
    spectator = r.view_for(s, None)
    assert r.has_secrets(s)
    with pytest.raises(LinkError):  # a view is not a playable state
        codec.check_state(r, {k: v for k, v in spectator.items()})


def test_schemas_are_strict_json_schema(r):
    jsonschema = pytest.importorskip("jsonschema")
    s = mid_combat(r)
    jsonschema.validate(s, r.state_schema())
    jsonschema.validate(json.loads(json.dumps(r.view_for(s, None))), r.view_schema())
    data = json.loads(open(r.scenario.file, encoding="utf-8").read())
    schema = json.load(open(r.scenario.file.replace("mukden/mukden.json", "schema/mukden.schema.json"),
                            encoding="utf-8"))
    common = json.load(open(r.scenario.file.replace("mukden/mukden.json", "schema/scenario.schema.json"),
                            encoding="utf-8"))
    registry_cls = getattr(jsonschema, "validators").validator_for(schema)
    try:
        from referencing import Registry, Resource
        registry = Registry().with_resource("scenario.schema.json", Resource.from_contents(common))
        registry_cls(schema, registry=registry).validate(data)
    except ImportError:  # pragma: no cover - older jsonschema
        resolver = jsonschema.RefResolver.from_schema(schema, store={"scenario.schema.json": common})
        registry_cls(schema, resolver=resolver).validate(data)


def test_explanations_cite_clauses(r):
    s = allotted(r)
    for action, clause in (("attack @0505", "mukden.5.move-then-attack"), ("call =3", "mukden.7.step1"),
                           ("roll =3", "mukden.7.step4-roll"), ("allot jp-1 =5", "mukden.3"),
                           ("retreat @0506", "")):
        reason = r.explain(s, Action.parse(action))
        assert reason and clause in reason, (action, reason)
    assert "not an action" in r.explain(s, Action.parse("dance"))
    assert legal(r, s)
