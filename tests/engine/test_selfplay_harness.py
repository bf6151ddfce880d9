from tests.support.selfplay import play_checked, run_selfplay

from .toy import toy_rules


def test_harness_runs_the_toy_game():
    report = run_selfplay(toy_rules(), games=30, max_actions=300)
    assert report.games == 30 and report.finished > 0 and report.longest_link > 0


def test_harness_plays_a_given_policy():
    seen = []

    def first_legal(rules, state, legal, chooser):
        seen.append(legal[0])
        return legal[0]  # in the toy game: stay put, then pass

    rules = toy_rules()
    final = play_checked(rules, 3, max_actions=40, policy=first_legal)
    assert seen and all(a.verb in ("move", "pass") for a in seen)
    assert {u: s["at"] for u, s in final["units"].items()} == {"r1": "0101", "b1": "0403"}
