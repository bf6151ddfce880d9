"""How long the computer takes to decide at hard, in the page's Web Worker and under CPython
(`make bench`; prints the figures, asserts only that every answer is a legal action).

The same requests go to both: the computer's view and readable log (the questions the page asks:
kassen.ai.worker.Session), level hard, with the page's time limit (kassen.ai.worker.PAGE_SECONDS).
In the page they are posted to static/js/ai-worker.js exactly as the app posts them and timed from
the post to the answer. Two sets of positions per scenario:

- *random*: every 7th decision of seeded random games. Random play seldom reaches a packed line or a
  long chain of retreats, where the search is slowest;
- *played*: decisions spread evenly over one seeded game between two easy computer players
  (`tools/ai_speed.py collect`, the positions the CPython timings of docs/ai.md use), which fights
  as a game against a person does. ``KASSEN_BENCH_POSITIONS`` names a file of such positions
  to use instead of playing the games again.

Each line also counts the decisions the time limit cut short (the answer is then the best so far).
"""
from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

import ai_speed  # tools/ is put on sys.path by conftest.py
from kassen.ai.worker import Session
from kassen.engine.state import visible_events
from kassen.games import load_rules, scenario_ids
from tests.ai.positions import positions

pytestmark = [pytest.mark.browser, pytest.mark.bench]

PER_SCENARIO = max(4, int(os.environ.get("KASSEN_BENCH_DECISIONS", "12")))
#: decisions kept from each scenario's played game
PLAYED_PER_SCENARIO = max(4, int(os.environ.get("KASSEN_BENCH_PLAYED", "24")))

ASK_WORKER = """async (requests) => {
  const worker = new Worker(new URL("./static/js/ai-worker.js", document.baseURI), { type: "module" });
  await new Promise((resolve, reject) => {
    worker.onmessage = (e) => e.data.type === "ready" ? resolve() : e.data.type === "error" ? reject(e.data.message) : 0;
  });
  const out = [];
  for (const request of requests) {
    const started = performance.now();
    const answer = await new Promise((resolve) => {
      worker.onmessage = (e) => resolve(e.data);
      worker.postMessage({ type: "think", request });
    });
    out.push([(performance.now() - started) / 1000,
              answer.type === "move" ? JSON.parse(answer.result).action : "error: " + answer.message,
              answer.type === "move" && JSON.parse(answer.result).done]);
  }
  worker.terminate();
  return out;
}"""


def request(scenario: str, index: int, view: dict, events: list) -> str:
    return json.dumps({"id": index, "scenario": scenario, "view": view, "events": events, "level": "hard",
                       "seed": f"bench:{index}"})


def random_requests(scenario: str) -> list[tuple[str, set[str]]]:
    """(request, legal action texts) at decisions with a choice, spread over a few random games."""
    rules = load_rules(scenario)
    out: list[tuple[str, set[str]]] = []
    for state, events, side in positions(rules, range(1, 6), every=7):
        legal = {a.to_text() for a in rules.legal_actions(state)}
        if len(legal) < 2:
            continue
        out.append((request(scenario, len(out), rules.view_for(state, side), visible_events(events, side)), legal))
        if len(out) >= PER_SCENARIO:
            break
    return out


def played_requests() -> dict[str, list[tuple[str, set[str]]]]:
    """(request, legal action texts) per scenario, from one easy-against-easy game each."""
    stored = os.environ.get("KASSEN_BENCH_POSITIONS")
    if stored:
        data = json.loads(Path(stored).read_text())
    else:
        data = ai_speed.collect(list(scenario_ids()), PLAYED_PER_SCENARIO, seed=1, max_actions=4000)
    out: dict[str, list[tuple[str, set[str]]]] = {}
    for scenario, found in data["scenarios"].items():
        out[scenario] = [(request(scenario, i, pos["view"], pos["events"]), set(pos["legal"]))
                         for i, pos in enumerate(found) if "legal" in pos]
    return out


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s (n={len(ordered)})"


def timed(page: Page, asked: list[tuple[str, set[str]]]) -> str:
    """Both runtimes on the same requests: one line of figures."""
    answers = page.evaluate(ASK_WORKER, [r for r, _ in asked])
    for (_, legal), (_, action, _) in zip(asked, answers):
        assert action in legal, action
    cpython, cut = [], 0
    for text, legal in asked:
        session = Session()
        started = time.perf_counter()
        session.start(text)
        while not session.step(0.04):
            pass
        cpython.append(time.perf_counter() - started)
        answer = json.loads(session.best())
        assert answer["action"] in legal
        cut += not answer["done"]
    page_cut = sum(1 for _, _, done in answers if not done)
    return (f"page {summary([s for s, _, _ in answers])}, {page_cut} cut by the limit; "
            f"CPython {summary(cpython)}, {cut} cut")


def test_decision_times_at_hard_in_the_page_and_in_cpython(open_app: Callable[..., Page]) -> None:
    played = played_requests()  # before the page opens: the games take minutes
    page = open_app("/")
    lines = ["", "decision times at hard (the page's worker vs CPython, same questions):"]
    for scenario in scenario_ids():
        lines.append(f"  {scenario}, random games: {timed(page, random_requests(scenario))}")
        if played.get(scenario):
            lines.append(f"  {scenario}, an easy player's game: {timed(page, played[scenario])}")
    print("\n".join(lines))
