"""Seeded random self-play with the shared invariants plus Mukden's own; link lengths; the CLI."""
import json

import pytest

from kassen import cli
from kassen.engine import codec
from kassen.engine.play import random_game
from kassen.games.mukden.data import SIDES, other
from tests.support.selfplay import run_selfplay

from .helpers import rules

GAMES = 200


def mukden_invariant(r, s):
    """No two units share a hex; FP totals add up; no secret in another side's or a spectator's view."""
    m = r.map
    cells = [u["at"] for u in s["units"].values() if u["at"] in m.neighbors]
    assert len(cells) == len(set(cells)), "two units share a hex"
    for side in SIDES:
        alloc, fp = s["allotment"][side], s["fp"][side]
        if fp:
            assert sum(alloc.values()) == m.fp_total[side]
            assert all(m.fp_min <= alloc[u] and 0 <= fp[u] <= alloc[u] for u in m.units_of[side])
            assert all((fp[u] == 0) == (s["units"][u]["at"] is None) for u in m.units_of[side])
    over = s["phase"] == "over"
    public = {k: v for k, v in s.items() if k not in ("rng", "fp", "allotment")}
    for viewer in (None,) + SIDES:
        view = r.view_for(s, viewer)
        assert {k: v for k, v in view.items() if k not in ("fp", "allotment", "viewer", "to_move", "outcome")} \
            == public, "a view differs from the state outside the secret records"
        for side in SIDES:
            if over or side == viewer:
                assert view["fp"][side] == s["fp"][side] and view["allotment"][side] == s["allotment"][side]
            else:
                assert view["fp"][side] is None and view["allotment"][side] is None, (viewer, side)
    if not over and s["phase"] != "allot":
        assert r.view_for(s, other(s["active"]))["fp"][s["active"]] is None


@pytest.fixture(scope="module")
def report():
    # the codec round trip every third step (and at every end) keeps the run near 20 s; the link
    # lengths of every position are measured separately below
    return run_selfplay(rules(), games=GAMES, invariant=mukden_invariant, check_codec_every=3)


def test_selfplay_keeps_every_invariant(report):
    assert report.games == GAMES
    assert report.finished == GAMES  # every random game ends
    assert set(report.winners) <= {"japan", "russia"} and sum(report.winners.values()) == GAMES


def test_links_stay_short(report):
    """Every position of 200 random games, as a play link and as a spectator link, under 2,000 characters."""
    stats = cli.link_stats(rules(), GAMES)
    # about 50 positions a game since ruling X8 ends games in which nobody fights (over 100 before)
    assert stats["positions"] > 40 * GAMES
    assert 0 < stats["longest_play_link"] < 2000
    assert 0 < stats["longest_spectator_link"] < 2000
    assert report.longest_link < 2000 and report.longest_view_link < 2000


def test_random_games_end_well_before_the_action_cap():
    r = rules()
    for seed in range(1000, 1040):
        state, record = random_game(r, seed, max_actions=3000)
        assert r.outcome(state) is not None and len(record) < 3000


def test_cli_selfplay_show_and_render(capsys, tmp_path):
    assert cli.main(["selfplay", "mukden", "--games", "2", "--seed", "3", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 and all(row["terminal"] for row in rows)
    link = rows[0]["link"]
    assert cli.main(["show", link]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["scenario"] == "mukden" and shown["kind"] == "view"
    assert shown["outcome"]["winner"] == rows[0]["winner"]
    assert dict(shown["status"])["Time"].endswith("/ 10")
    out = tmp_path / "m.svg"
    assert cli.main(["render", "mukden", "--out", str(out), "--viewer", "japan"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert cli.main(["render", link, "--out", str(out)]) == 0
    capsys.readouterr()
    r = rules()
    state = r.setup(5)
    assert cli.main(["show", "index.html#" + codec.encode(r, "p", state)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["units"]["jp-3"] is None and shown["units"]["jp-4"] == "0507"  # off the map shows as null


def test_fast_legality_check_agrees_with_the_legal_actions():
    """Rules.is_legal tests a move directly; it must accept exactly the listed moves."""
    import random

    from kassen.engine.actions import Action
    from kassen.engine.play import sample_chance

    r = rules()
    cells = list(r.map.hexes) + [r.map.withdrawn_box, r.map.reserve_box]
    for seed in range(8):
        chooser = random.Random(seed)
        state = r.setup(seed)
        for _ in range(400):
            player = r.current_player(state)
            if player == "terminal":
                break
            if player == "chance":
                state, _ = r.apply(state, sample_chance(r, state))
                continue
            legal = set(r.legal_actions(state))
            if state["phase"] == "move":
                for uid in r.map.side_of:
                    for cell in cells:
                        a = Action("move", (uid,), cell)
                        assert r.is_legal(state, a) == (a in legal), (seed, a.to_text())
            state, _ = r.apply(state, chooser.choice(sorted(legal)))
