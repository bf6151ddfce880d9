"""The arena survey (tools/ai_survey.py) keeps every game that ended, even when stopped mid-slice."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from kassen.ai.arena import GameResult

ROOT = Path(__file__).resolve().parents[2]


def _survey():
    spec = importlib.util.spec_from_file_location("ai_survey", ROOT / "tools" / "ai_survey.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_game_is_written_as_it_ends(tmp_path: Path) -> None:
    """A Dōmyōji slice of 10 games outlasts an hour on two workers; a survey stopped in it used to
    lose all of them, as a slice was written only once every game of it had ended."""
    survey = _survey()
    out = tmp_path / "survey.json"
    data = survey.load(out, 1000)
    cell = data["cells"].setdefault("yao|hard|random", {"games": [], "seconds": 0.0})
    record = survey.Recorder(out, data, cell, "hard", "random")
    record(GameResult(index=3, seed=1003, sides={"east": "b", "osaka": "a"}, winner="osaka", level="collapse",
                      actions=40, decisions={"a": [0.012, 0.5], "b": [0.0]}))
    saved = json.loads(out.read_text())
    games = saved["cells"]["yao|hard|random"]["games"]
    assert [g["i"] for g in games] == [3] and games[0]["winner"] == "osaka"
    assert saved["cells"]["yao|hard|random"]["decision_ms"] == {"hard": {"10": 1, "500": 1}, "random": {"0": 1}}
    record(GameResult(index=1, seed=1001, sides={"east": "b", "osaka": "a"}, winner="east", level="collapse",
                      actions=50))
    saved = json.loads(out.read_text())
    assert [g["i"] for g in saved["cells"]["yao|hard|random"]["games"]] == [1, 3]  # in the order of the seeds
    again = survey.load(out, 1000)  # a new run resumes from the file
    assert {g["i"] for g in again["cells"]["yao|hard|random"]["games"]} == {1, 3}
