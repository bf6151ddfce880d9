"""Views, links and saves (nothing is hidden: every view is the state without the RNG), impossible
positions refused, the words of the page in English and Japanese, the rulings page, the drawing and
the command line."""
import json
import re

import pytest

from kassen import cli
from kassen.engine import codec
from kassen.engine.errors import LinkError
from kassen.engine.messages import catalog, keys_used
from kassen.engine.state import clone
from kassen.games import load_rules

from .helpers import TB, TF, after_setup, arrange, play, rules, settle

SIDES = {TF: ("shogunate", "satcho"), TB: ("government", "saigo")}


@pytest.mark.parametrize("sid", [TF, TB])
def test_views_hide_nothing_but_the_rng(sid):
    r = rules(sid)
    s = settle(r, r.setup(3))
    for viewer in (None, *SIDES[sid]):
        view = r.view_for(s, viewer)
        assert "rng" not in view
        assert {k: v for k, v in view.items() if k not in ("viewer", "to_move", "outcome")} == \
            {k: v for k, v in s.items() if k != "rng"}
    assert not r.hidden_information


@pytest.mark.parametrize("sid", [TF, TB])
def test_links_round_trip_and_stay_short(sid):
    r = rules(sid)
    s = settle(r, r.setup(5))
    load = lambda _: r  # noqa: E731
    for kind, obj in (("p", s), ("v", r.view_for(s, None))):
        link = codec.encode(r, kind, obj)
        assert codec.decode(link, load)[2] == obj
        assert len("index.html#" + link) < 2000


@pytest.mark.parametrize("edit, words", [
    (lambda s: s["units"]["TF-B01"].update(at="0101") or s["units"]["TF-B02"].update(at="0101"), "share hex"),
    (lambda s: s.update(disordered=["TF-B33"]), "not a combat unit on the map"),
    (lambda s: s["control"].update({"1122": "shogunate"}), "without holding it"),
    (lambda s: s.update(phase="fire-dice"), "combat record"),
    (lambda s: s["units"]["TF-S01"].update(at="0105"), "entry hex"),
    (lambda s: s["units"]["TF-B10"].update(at="setup-satcho"), "cannot be in"),
])
def test_impossible_positions_are_refused(edit, words):
    r = rules(TF)
    s = after_setup(r)
    s["units"]["TF-B33"]["at"] = "cup-shogunate"
    bad = clone(s)
    edit(bad)
    problems = r.validate(bad)
    assert any(words in p for p in problems), problems
    link = codec.encode(r, "p", bad)
    with pytest.raises(LinkError):
        codec.decode(link, lambda _: r)


def test_a_tampered_link_of_the_right_shape_is_refused():
    r = rules(TB)
    s = settle(r, r.setup(2))
    bad = clone(s)
    bad["units"]["TB-G01"]["at"] = "9999"
    with pytest.raises(LinkError, match="malformed"):
        codec.decode(codec.encode(r, "p", bad), lambda _: r)
    packed = r.pack(s)
    packed["u"] = packed["u"][:-1]
    with pytest.raises(LinkError):
        codec.decode("k1.p.tabarazaka." + codec.compress(packed), lambda _: r)


@pytest.mark.parametrize("sid", [TF, TB])
def test_every_message_has_english_and_japanese_words(sid):
    en, ja = catalog("en").entries, catalog("ja").entries
    mine = {k for k in en if k.startswith("bakumatsu.")}
    assert mine == {k for k in ja if k.startswith("bakumatsu.")}
    r = rules(sid)
    s = settle(r, r.setup(1))
    if sid == TF:
        s, _ = play(r, s, "place-all", "place-all")
    view = r.view_for(s, None)
    used = set(keys_used([r.hooks.status(r, view), r.hooks.unit_details(r, view, next(iter(r.d.units))),
                          [r.hooks.describe(r, a, view) for a in r.legal_actions(s)],
                          r.phases[r.phase_of(view)].prompt(r, view)]))
    assert used and all(k in en for k in used if k.startswith("bakumatsu."))
    for lang in ("en", "ja"):
        for label, value in r.status(view, lang):
            assert label and "{" not in value and "bakumatsu." not in value
        assert "bakumatsu." not in r.prompt(view, lang)


def test_japanese_terms_of_the_rulebook():
    ja = catalog("ja").entries
    text = " ".join(v if isinstance(v, str) else " ".join(v.values()) for k, v in ja.items() if k.startswith("bakumatsu."))
    for term in ("射撃", "白兵戦", "士気", "支配地域", "退却", "混乱", "勝利ヘクス", "増援", "指揮官"):
        assert term in text, term


def test_the_arithmetic_before_the_dice_and_the_result_after():
    r = rules(TB)
    s = arrange(r, {"TB-G05": "0806", "TB-S01": "0906", "TB-G01": "1005", "TB-LG3": "0806"}, segment="fire",
                active="saigo")
    s, _ = play(r, s, "fire TB-G05 @0906", "support @1005")
    row = dict(r.status(r.view_for(s, None)))["Fire"]
    assert "1st Infantry Regt, 1st Bn (Hasegawa) 3" in row and "+1 for one supporter" in row and "= 4" in row
    assert "target in hills" in row and "stream hexside" in row and "commander Ōyama Iwao" in row
    assert "column 4" in row
    s, _ = play(r, s, "resolve", "roll =4", "roll =4")
    row = dict(r.status(r.view_for(s, None)))["Last combat"]
    assert "dice 4, 4 = 8, modified 8: D" in row


def test_the_rulings_page_lists_every_ambiguity_and_more():
    r = rules(TF)
    ids = [x["id"] for x in r.rulings()]
    assert [i for i in ids if i.startswith("R")] == [f"R{i}" for i in range(1, 24)]
    assert any(i.startswith("X") for i in ids)
    clauses = {c for x in r.rulings() for c in x["clauses"]}
    inventory = open("../shared/rules/bakumatsu.md", encoding="utf-8").read()
    assert all(c in inventory for c in clauses)


# -- the drawing --------------------------------------------------------------------------------------
def cells_xy(svg):
    out = {}
    for m in re.finditer(r'data-cell="(\d{4})"[^>]*><polygon points="([^"]+)"', svg):
        pts = [tuple(map(float, p.split(","))) for p in m.group(2).split()]
        out[m.group(1)] = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
    return out


def test_toba_fushimi_is_drawn_north_up():
    r = rules(TF)
    svg = r.render_svg(r.view_for(r.setup(1), None))
    xy = cells_xy(svg)
    assert xy["2411"][1] < xy["1311"][1] < xy["0111"][1]  # north (column 24, Kyoto) at the top
    assert xy["1301"][0] < xy["1314"][0] < xy["1328"][0]  # rows run west to east
    xy = cells_xy(rules(TB).render_svg(rules(TB).view_for(rules(TB).setup(1), None)))
    assert xy["1001"][1] < xy["1016"][1] and xy["0108"][0] < xy["2008"][0]  # Tabarazaka: row 01 is north


def test_the_drawing_shows_what_the_game_needs():
    r = rules(TF)
    s = r.setup(1)
    svg = r.render_svg(r.view_for(s, None))
    assert svg.count('class="victory-hex"') == 13 and 'data-owner="satcho"' in svg
    assert 'data-entry="shogunate"' in svg
    from kassen.render.legend import legend_for
    for sid in (TF, TB):
        lg = legend_for(rules(sid))
        assert lg.terrain and lg.features and lg.marks and lg.counter and lg.counter_notes
        fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', rules(sid).render_svg(rules(sid).view_for(rules(sid).setup(1), None))))
        assert all(e.fill in fills for e in lg.terrain if "set-up" not in e.words)
    assert svg.count(f'fill="{"#f2d25c"}"') >= 17  # the Shogunate's set-up areas during its set-up
    # every river and stream hexside and every road step of the scenario is drawn; ponds are hexes
    for sid in (TF, TB):
        board = rules(sid).scenario.data["board"]
        drawn = rules(sid).render_svg(rules(sid).view_for(rules(sid).setup(1), None))
        for feature, pairs in board["hexsides"].items():
            assert drawn.count(f'class="edge edge-{feature}"') == len(pairs), (sid, feature)
        steps = {frozenset(p) for chain in board["roads"] for p in zip(chain, chain[1:])}
        assert drawn.count('class="road"') == len(steps), sid
    assert 'fill="#8fbde0"' in svg  # Ogura pond
    s, _ = play(r, s, "place-all", "place-all")
    s["disordered"] = ["TF-B01"]
    svg = r.render_svg(r.view_for(s, None))
    assert 'fill="#f2d25c"' not in svg
    b01 = svg[svg.index('data-unit="TF-B01"'):][:1500]
    b02 = svg[svg.index('data-unit="TF-B02"'):][:1500]
    assert "乱" in b01 and "乱" not in b02 and "disordered" in b01  # its back side
    assert "3-2-3" in b02 and "▸4" in b02  # fire-melee-morale, movement
    bty = svg[svg.index('data-unit="TF-B05"'):][:1500]
    assert "r3" in bty  # the range of an artillery unit
    tb = rules(TB)
    st = settle(tb, tb.setup(1))
    svg = tb.render_svg(tb.view_for(st, None))
    cmdr = svg[svg.index('data-unit="TB-LG'):][:1500]
    assert "★" in cmdr


def test_cli_covers_both_scenarios(capsys, tmp_path):
    assert cli.main(["scenarios"]) == 0
    listed = capsys.readouterr().out.split()
    assert TF in listed and TB in listed
    for sid in (TF, TB):
        assert cli.main(["selfplay", sid, "--games", "1", "--seed", "2", "--json"]) == 0
        row = json.loads(capsys.readouterr().out)
        assert row["terminal"] and row["scenario"] == sid
        assert cli.main(["show", row["link"]]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert shown["scenario"] == sid and shown["outcome"]["winner"] == row["winner"]
        out = tmp_path / f"{sid}.svg"
        assert cli.main(["render", sid, "--out", str(out)]) == 0
        assert out.read_text(encoding="utf-8").startswith("<svg")
        capsys.readouterr()
        assert cli.main(["bench", "--scenario", sid, "--games", "1", "--json"]) == 0
        bench = json.loads(capsys.readouterr().out)
        assert bench["scenario"] == sid and bench["actions"] > 0 and bench["apply_median_us"] > 0
        assert cli.main(["linkstats", sid, "--games", "1", "--seed", "3"]) == 0
        stats = json.loads(capsys.readouterr().out)
        assert stats["scenario"] == sid and 0 < stats["longest_spectator_link"] < 2000
    with pytest.raises(SystemExit) as done:  # the command line's own help (a % in it once broke it)
        cli.main(["--help"])
    assert done.value.code == 0 and "linkstats" in capsys.readouterr().out
