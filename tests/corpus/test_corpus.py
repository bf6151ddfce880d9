"""Links, saves and localStorage made by earlier versions keep opening as the same position.

The items in tests/corpus/<scenario>/ were made once by tools/make_corpus.py (the version named in
each manifest's ``made_by``) and are frozen: never regenerate them to make this test pass. Each
item is opened through the path the page takes (routing, then the controller: a link at
start-up, an imported save file, a slot resumed at page load) and through
``python3 -m kassen show``. "The same position" is the decoded object without the outcome's
reason text, which a later version may reword (``position``), in today's format: a frozen item
is compared after ``rules.upgrade``, the function every decoded link and save goes through
(``today``), so a renamed state key is shown to carry the same value.
"""
from __future__ import annotations

import hashlib
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from kassen import cli
from kassen.app.controller import Controller
from kassen.app.routing import route
from kassen.app.storage import MemoryStore, Saves
from kassen.games import load_rules, scenario_ids

from .legacy import legacy

CORPUS = Path(__file__).resolve().parent
SCENARIOS = ("mukden", "ikedaya", "kawanakajima", "toba-fushimi", "tabarazaka", "yao", "domyoji", "goto-dream",
             "connected")


def position(obj: Any) -> Any:
    if isinstance(obj, dict) and isinstance(obj.get("outcome"), dict):
        return dict(obj, outcome={k: v for k, v in obj["outcome"].items() if k != "reason"})
    return obj


def today(scenario: str, obj: Any) -> Any:
    """A frozen state or view (or list of views) in today's format."""
    rules = load_rules(scenario)
    if isinstance(obj, list):
        return [rules.upgrade(o) for o in obj]
    return rules.upgrade(obj)


def digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shown(out: dict[str, Any]) -> dict[str, Any]:
    """`show` output minus its words (status lines, the outcome's reason)."""
    return position({k: v for k, v in out.items() if k != "status"})


def manifest(scenario: str) -> dict[str, Any]:
    return json.loads((CORPUS / scenario / "manifest.json").read_text(encoding="utf-8"))


def items(kind: str) -> list[Any]:
    return [pytest.param(scenario, item, id=f"{scenario}-{item['name']}")
            for scenario in SCENARIOS for item in manifest(scenario)["items"] if item["type"] == kind]


def controller(store: MemoryStore | None = None) -> Controller:
    return Controller(load_rules, Saves(store if store is not None else MemoryStore()))


@pytest.mark.parametrize("scenario,item", items("link"))
def test_link_opens_as_the_same_position(scenario, item):
    expect = dict(item["expect"])
    for key in ("decoded",):
        if key in expect:
            expect[key] = today(scenario, expect[key])
    search, fragment = "", "#" + item["link"].split("#", 1)[1]
    r = route(search, fragment, False, scenario_ids())
    assert r.kind == "link"
    c = controller()
    kind = c.open_link(r.fragment, seed=1, embed=r.embed)
    assert kind is not None, c.message
    assert c.rules is not None and c.rules.scenario.id == scenario
    if kind == "p":
        assert c.history is not None and c.history.state == expect["decoded"]
        assert c.history.record == []
    elif kind == "v":
        assert [position(v) for v in c.frames] == [position(expect["decoded"])]
    else:
        assert [digest(position(legacy(scenario, v))) for v in c.frames] == expect["frames"]
        if "decoded" in expect:
            assert [position(v) for v in c.frames] == [position(v) for v in expect["decoded"]]
    c.screen()  # the page draws it
    # the embed opens any kind read-only, as the spectator's view
    e = controller()
    assert e.open_link(r.fragment, embed=True) in ("v", "f")
    if kind == "p":
        assert position(e.frames[0]) == position(e.rules.view_for(expect["decoded"], None))
    # and the command line shows the same position
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["show", item["link"]]) == 0
    assert shown(json.loads(out.getvalue())) == shown(expect["show"])


@pytest.mark.parametrize("scenario,item", items("save"))
def test_save_file_imports_as_the_same_game(scenario, item):
    expect = dict(item["expect"])
    for key in ("state", "initial", "base"):
        expect[key] = today(scenario, expect[key])
    text = (CORPUS / scenario / item["file"]).read_text(encoding="utf-8")
    store = MemoryStore()
    c = controller(store)
    c.import_save(text)
    h = c.history
    assert h is not None and c.rules is not None and c.rules.scenario.id == scenario
    assert h.state == expect["state"]
    assert h.initial == expect["initial"] and h.base == expect["base"]
    assert h.record == expect["record"]
    assert len(h.tail) == expect["undo"] and h.redo_stack == expect["redo"]
    assert digest([h.preface, h.log[:len(h.log) - len(h.tail)]]) == expect["log"]
    c.screen()
    # undo to the last barrier gives the saved base, and redo gives the position back
    for _ in range(expect["undo"]):
        h.undo()
    assert h.state == expect["base"]
    for _ in range(expect["undo"]):
        h.redo()
    assert h.state == expect["state"] and h.record == expect["record"]


@pytest.mark.parametrize("scenario,item", items("storage"))
def test_local_storage_resumes_at_page_load(scenario, item):
    expect = dict(item["expect"])
    expect["state"] = today(scenario, expect["state"])
    store = MemoryStore()
    store.data = json.loads((CORPUS / scenario / item["file"]).read_text(encoding="utf-8"))
    before = dict(store.data)
    saves = Saves(store)
    r = route("", "", saves.current() is not None, scenario_ids())
    assert r.kind == "resume"
    c = controller(store)
    assert c.resume(), c.message
    assert c.history is not None and c.history.state == expect["state"]
    assert c.slot == expect["current"]
    c.screen()
    assert store.data == before  # resuming writes nothing
    assert {s.id for s in saves.slots()} == set(expect["slots"])
    for slot, want in expect["slots"].items():
        assert c.resume_slot(slot), c.message
        assert c.history.record == want["record"]
        assert len(c.history.tail) == want["undo"] and c.history.redo_stack == want["redo"]
    assert store.data == before
