"""How long the computer takes to decide at hard, in the page's Web Worker and under CPython
(`make bench`; prints the figures, asserts only that every answer is a legal action).

The same requests go to both: the computer's view and readable log at positions of seeded random
games of every scenario (the questions the page asks: kassen.ai.worker.Session), level hard, with
the page's time limit (kassen.ai.worker.PAGE_SECONDS). In the page they are posted to
static/js/ai-worker.js exactly as the app posts them and timed from the post to the answer.
"""
from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from kassen.ai.worker import Session
from kassen.engine.state import visible_events
from kassen.games import load_rules, scenario_ids
from tests.ai.positions import positions

pytestmark = [pytest.mark.browser, pytest.mark.bench]

PER_SCENARIO = max(4, int(os.environ.get("KASSEN_BENCH_DECISIONS", "12")))

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
              answer.type === "move" ? JSON.parse(answer.result).action : "error: " + answer.message]);
  }
  worker.terminate();
  return out;
}"""


def requests_for(scenario: str) -> list[tuple[str, set[str]]]:
    """(request, legal action texts) at decisions with a choice, spread over a few random games."""
    rules = load_rules(scenario)
    out: list[tuple[str, set[str]]] = []
    for state, events, side in positions(rules, range(1, 6), every=7):
        legal = {a.to_text() for a in rules.legal_actions(state)}
        if len(legal) < 2:
            continue
        out.append((json.dumps({"id": len(out), "scenario": scenario, "view": rules.view_for(state, side),
                                "events": visible_events(events, side), "level": "hard",
                                "seed": f"bench:{len(out)}"}), legal))
        if len(out) >= PER_SCENARIO:
            break
    return out


def summary(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s (n={len(ordered)})"


def test_decision_times_at_hard_in_the_page_and_in_cpython(open_app: Callable[..., Page]) -> None:
    page = open_app("/")
    lines = ["", "decision times at hard (the page's worker vs CPython, same questions):"]
    for scenario in scenario_ids():
        asked = requests_for(scenario)
        answers = page.evaluate(ASK_WORKER, [r for r, _ in asked])
        for (_, legal), (_, action) in zip(asked, answers):
            assert action in legal, action
        cpython = []
        for request, legal in asked:
            session = Session()
            started = time.perf_counter()
            session.start(request)
            while not session.step(0.04):
                pass
            cpython.append(time.perf_counter() - started)
            assert json.loads(session.best())["action"] in legal
        lines.append(f"  {scenario}: page {summary([s for s, _ in answers])}; CPython {summary(cpython)}")
    print("\n".join(lines))
