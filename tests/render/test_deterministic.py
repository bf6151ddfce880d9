"""The same position is drawn as the same bytes in every run, whatever Python's hash seed.

Why: the build pre-renders maps (an unchanged build must rewrite nothing), links and the leak tests
compare drawings byte for byte, and the page and CPython must agree. A renderer that iterates a set
or breaks a tie by iteration order passes every other test and fails here (Ikedaya's area names did).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Draws each scenario's opening and a position 60 random actions in, and prints a digest per drawing.
_DRAW = """
import hashlib
from kassen.engine.play import random_walk
from kassen.games import load_rules, scenario_ids
for sid in scenario_ids():
    rules = load_rules(sid)
    for n, (state, _) in enumerate(random_walk(rules, 7, max_actions=60)):
        if n in (0, 60):
            svg = rules.render_svg(rules.view_for(state, None), highlight=(), selected=None)
            print(sid, n, hashlib.sha256(svg.encode("utf-8")).hexdigest())
            svg = rules.draw(rules.view_for(state, None), lang="ja")
            print(sid, n, "ja", hashlib.sha256(svg.encode("utf-8")).hexdigest())
"""


def _digests(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-c", _DRAW], capture_output=True, text=True, check=True,
                          env=env, cwd=ROOT).stdout


def test_every_scenario_is_drawn_the_same_whatever_the_hash_seed() -> None:
    first = _digests("1")
    assert first.count("\n") >= 20  # every scenario, drawn twice, in English and in Japanese
    assert _digests("2") == first
    assert _digests("3") == first
