from tests.support.selfplay import run_selfplay

from .toy import toy_rules


def test_harness_runs_the_toy_game():
    report = run_selfplay(toy_rules(), games=30, max_actions=300)
    assert report.games == 30 and report.finished > 0 and report.longest_link > 0
