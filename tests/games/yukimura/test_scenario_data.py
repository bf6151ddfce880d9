"""The four Yukimura Gaiden scenarios as data, checked without the game's package: the schema, the
numeric statements of the rulebook (shared/rules/yukimura.md) and of the reconstruction brief
(shared/maps/yukimura.md), the geometry of the maps, the set-up, the names, the provenance.

Each check is a function that lists problems; the tests run it on the real files (no problems) and
on a broken copy (the problem is found), so none of them can pass by looking away. The hex maths is
written out here from the brief (2.1), independently of engine/board.py.
"""
import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from kassen import paths
from kassen.engine.errors import ScenarioError
from kassen.engine.scenario import load_scenario_file, parse_scenario

SCEN = paths.SCENARIOS_DIR / "yukimura"
SCHEMA_DIR = paths.SCENARIOS_DIR / "schema"
FILES = ("yao", "domyoji", "goto-dream", "connected")
MAPS = {"yao": ["Y"], "domyoji": ["D"], "goto-dream": ["D"], "connected": ["D", "Y"]}

#: shared/maps/yukimura.md 3.1: counters per force (R: fixed by the scenario text; S/C: the brief)
FORCE_SIZES = {
    "goto": 10, "akashi": 10, "mori": 10, "sanada": 14, "mizuno": 11, "honda": 10, "tadaakira": 10, "date": 26,
    "tadateru": 18, "kimura": 16, "chosokabe": 10, "ii": 16, "todo": 17, "sakakibara": 10, "ogasawara": 8,
    "sengoku": 5, "suwa": 3, "hoshina": 3, "sakai": 5, "yasunaga": 3, "tadayoshi": 3, "naito_t": 3, "hideyori": 10,
}
#: the sizes the rulebook's scenario text states (14-1(4), 14-1(5), 14-2(5), 14-3(6))
RULEBOOK_SIZES = {"date": 26, "tadateru": 18, "akashi": 10, "mori": 10, "sanada": 14, "hideyori": 10,
                  "sakakibara": 10, "ogasawara": 8, "hoshina": 3, "suwa": 3, "sakai": 5, "sengoku": 5,
                  "tadayoshi": 3, "yasunaga": 3, "naito_t": 3}
FROZEN = ("sakakibara", "ogasawara", "hoshina", "suwa", "sakai", "sengoku", "tadayoshi", "yasunaga", "naito_t")
#: 13-1(1), by the name on the counter
RANGE_10 = {"伊達政宗", "松平忠輝", "井伊直孝", "藤堂高虎", "木村重成", "長宗我部盛親", "豊臣秀頼"}
RANGE_5 = {"真田幸村", "後藤基次", "毛利勝永", "明石守重", "水野勝成", "本田忠政", "松平忠明", "榊原康勝", "小笠原秀政"}


def data(sid):
    return json.loads((SCEN / f"{sid}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def files():
    return {sid: data(sid) for sid in FILES}


# -- hex maths of the brief (2.1): flat-topped, even columns half a hex lower, label CCRR ---------------


def split(label):
    m, local = label.split(":") if ":" in label else (None, label)
    return m, int(local[:2]), int(local[2:])


def neighbours(c, r):
    if c % 2:
        return {(c, r - 1), (c, r + 1), (c - 1, r - 1), (c - 1, r), (c + 1, r - 1), (c + 1, r)}
    return {(c, r - 1), (c, r + 1), (c - 1, r), (c - 1, r + 1), (c + 1, r), (c + 1, r + 1)}


def adjacent(a, b):
    ma, ca, ra = split(a)
    mb, cb, rb = split(b)
    return ma == mb and (cb, rb) in neighbours(ca, ra)


def cube(c, r):
    x = c - 1
    z = (r - 1) - (x - (x & 1)) // 2
    return x, -x - z, z


def distance(a, b):
    ma, ca, ra = split(a)
    mb, cb, rb = split(b)
    assert ma == mb, (a, b)
    return max(abs(p - q) for p, q in zip(cube(ca, ra), cube(cb, rb)))


def maps_of(d):
    return {m["id"]: m for m in d["board"]["maps"]}


def terrain(d, label):
    mid, c, r = split(label)
    m = maps_of(d)[mid]
    return m["terrain_matrix"]["legend"][m["terrain_matrix"]["lines"][r - 1][c - 1]]


def on_map(d, label):
    mid, c, r = split(label)
    m = maps_of(d).get(mid)
    return m is not None and 1 <= c <= m["grid"]["columns"] and 1 <= r <= m["grid"]["rows"]


# -- the checks: each returns a list of problems ------------------------------------------------------


def schema_problems(d, sid="x"):
    try:
        parse_scenario(copy.deepcopy(d), f"{sid}.json", SCHEMA_DIR)
    except ScenarioError as exc:
        return [str(exc)]
    return []


def grid_problems(d):
    out = []
    for mid, m in maps_of(d).items():
        g = m["grid"]
        if (g["columns"], g["rows"]) != (29, 30):
            out.append(f"map {mid} is {g['columns']} x {g['rows']}, not 29 x 30")
        lines = m["terrain_matrix"]["lines"]
        if len(lines) != 30 or any(len(line) != 29 for line in lines):
            out.append(f"map {mid}: the terrain matrix is not 30 lines of 29")
    return out


def hexside_problems(d):
    """Every road step and every hexside joins two neighbouring hexes of one map; no hexside twice."""
    out = []
    for mid, m in maps_of(d).items():
        for i, chain in enumerate(m["roads"]):
            for a, b in zip(chain, chain[1:]):
                if not adjacent(f"{mid}:{a}", f"{mid}:{b}"):
                    out.append(f"map {mid} road {i}: {a} -> {b} is not a step to a neighbour")
        seen = set()
        for feature, pairs in m["hexsides"].items():
            for a, b in pairs:
                if not adjacent(f"{mid}:{a}", f"{mid}:{b}"):
                    out.append(f"map {mid} {feature} {a}/{b}: not neighbours")
                key = (feature, frozenset((a, b)))
                if key in seen:
                    out.append(f"map {mid} {feature} {a}/{b} listed twice")
                seen.add(key)
    return out


def setup_problems(d):
    """Start hexes on the map, not in a large river or a burial mound, one unit a hex (5), none next
    to an enemy (brief 2.2), each unit within its leader's command range (brief 4)."""
    out = []
    units = {u["id"]: u for u in d["units"]}
    starts = {u["id"]: u["start"] for u in d["units"] if u["start"] is not None}
    for uid, s in starts.items():
        if not on_map(d, s):
            out.append(f"{uid} starts on {s}, which is not on a map of this scenario")
            continue
        if terrain(d, s) in ("large_river", "burial_mound"):
            out.append(f"{uid} starts on {s}, a {terrain(d, s)} hex")
    limit = d["rules"]["stacking"]
    for hexlabel, n in Counter(starts.values()).items():
        if n > limit:
            out.append(f"{n} units start on {hexlabel} (limit {limit})")
    placed = [(uid, s) for uid, s in starts.items() if on_map(d, s)]
    for uid, s in placed:
        for vid, t in placed:
            if units[uid]["side"] != units[vid]["side"] and uid < vid and adjacent(s, t):
                out.append(f"{uid} ({s}) starts next to the enemy {vid} ({t})")
        lead = units[uid]["leader"]
        if lead == uid or not starts.get(lead):
            continue
        if split(s)[0] != split(starts[lead])[0]:
            out.append(f"{uid} starts on {s}, another map than its leader {lead}")
        elif distance(s, starts[lead]) > units[lead]["command_range"]:
            out.append(f"{uid} starts {distance(s, starts[lead])} hexes from its leader {lead}")
    return out


def reference_problems(d):
    """Forces, leaders, limits, reinforcements and key leaders name things that exist."""
    out = []
    units = {u["id"]: u for u in d["units"]}
    forces = d["rules"]["forces"]
    counts = Counter(u["force"] for u in d["units"])
    for uid, u in units.items():
        f = forces.get(u["force"])
        if f is None:
            out.append(f"{uid}: unknown force {u['force']}")
            continue
        if f["side"] != u["side"]:
            out.append(f"{uid}: force {u['force']} is on the other side")
        lead = units.get(u["leader"])
        if lead is None or lead["type"] != "commander" or lead["force"] != u["force"]:
            out.append(f"{uid}: leader {u['leader']} is no leader counter of its force")
        if u["type"] == "commander" and u["leader"] != uid:
            out.append(f"{uid}: a leader counter answers to itself")
    for fid, f in forces.items():
        if counts[fid] != f["units"]:
            out.append(f"force {fid}: says {f['units']} units, has {counts[fid]}")
        if units.get(f["commander"], {}).get("force") != fid:
            out.append(f"force {fid}: commander {f['commander']} is not in it")
    entering = set()
    for r in d["rules"]["reinforcements"]:
        if r["force"] not in forces:
            out.append(f"reinforcements of unknown force {r['force']}")
        entering.add(r["force"])
        for lab in r["entry"] + r.get("staging", []):
            if not on_map(d, lab):
                out.append(f"reinforcement hex {lab} is not on a map")
    for uid, u in units.items():
        if (u["start"] is None) != (u["force"] in entering):
            out.append(f"{uid}: start {u['start']} but its force {'enters' if u['force'] in entering else 'does not enter'}")
    for lim in d["rules"]["movement_limits"]:
        if lim["force"] not in forces:
            out.append(f"movement limit of unknown force {lim['force']}")
    for side, leaders in d["rules"].get("key_leaders", {}).items():
        for uid in leaders:
            if units.get(uid, {}).get("side") != side or units[uid]["type"] != "commander":
                out.append(f"key leader {uid} is no {side} leader")
    return out


def name_problems(d):
    """Every unit, force, side and named hex has an English and a Japanese name."""
    def ja(s):
        return isinstance(s, str) and any("\u3040" <= ch <= "\u9fff" for ch in s)

    def en(s):
        return isinstance(s, str) and any("a" <= ch.lower() <= "z" for ch in s)

    out = [f"{u['id']}: name {u.get('name')!r} / kanji {u.get('kanji')!r}" for u in d["units"]
           if not en(u.get("name")) or not ja(u.get("kanji"))]
    out += [f"side {s['id']}" for s in d["sides"] if not en(s.get("name")) or not ja(s.get("name_ja"))]
    out += [f"force {k}" for k, f in d["rules"]["forces"].items() if not en(f.get("name")) or not ja(f.get("name_ja"))]
    names_ja = d["rules"]["names_ja"]
    for mid, m in maps_of(d).items():
        for lab, name in m["names"].items():
            if not en(name) or not ja(names_ja.get(f"{mid}:{lab}")):
                out.append(f"hex {mid}:{lab} lacks an English or Japanese name")
        for area in m.get("areas", {}):
            an = d["rules"]["area_names"].get(area, {})
            if not en(an.get("name")) or not ja(an.get("name_ja")):
                out.append(f"area {area} lacks an English or Japanese name")
    return out


#: what provenance.reconstructed must mention, per map present (and for every file)
MARKS_ALL = ("every unit counter", "every start hex", "tables.fire", "hand-to-hand", "names", "rulings")
MARKS_MAP = {"D": ("Dōmyōji map grid", "every hex of the Dōmyōji map", "Ishikawa small-river hexsides",
                   "burial-mound impassable", "roads R1-R5", "Ishikawa Line", "red star 1621", "east entry hexes"),
             "Y": ("Yao-Wakae map grid", "every hex of the Yao-Wakae map", "Tamagushi (57), Nagase (51) and Hirano (16)",
                   "roads Y1-Y4")}


def provenance_problems(d):
    p = d["provenance"]
    out = []
    if p.get("status") != "reconstructed":
        out.append("provenance.status is not 'reconstructed'")
    text = " | ".join(p.get("reconstructed", []))
    for mark in MARKS_ALL + tuple(m for mid in maps_of(d) for m in MARKS_MAP[mid]):
        if mark not in text:
            out.append(f"provenance.reconstructed does not mention {mark!r}")
    for name, table in d["tables"].items():
        if not table.get("note", "").startswith("Reconstructed"):
            out.append(f"tables.{name} has no note saying it is reconstructed")
    if not any("shared/rulebooks/yukimura.txt" in s for s in p.get("sources", [])) or \
            not any("shared/maps/yukimura.md" in s for s in p.get("sources", [])):
        out.append("provenance.sources must name the rulebook and the brief")
    if "Game Journal #71" not in p.get("how_to_correct", ""):
        out.append("provenance.how_to_correct must tell an owner of the magazine what to edit")
    basis = Counter(u["basis"] for u in d["units"])
    if set(basis) - {"R", "S", "C"}:
        out.append(f"unknown basis {basis}")
    flags = set(d["rules"]["flags"])
    rulings = {r["id"] for r in d["rulings"]}
    out += [f"flag {f} has no ruling saying what it means" for f in sorted(flags - rulings)]
    return out


def table_problems(d):
    """Both tables: one line of results per 2d6 total 2-12, one code per column, every code in the legend."""
    out = []
    for name in ("fire", "hand-to-hand"):
        t = d["tables"][name]
        lo, hi = t["rows"]
        if len(t["results"]) != hi - lo + 1:
            out.append(f"{name}: {len(t['results'])} lines of results for rows {lo}-{hi}")
        if len(t["labels"]) != len(t["columns"]) or sorted(set(t["columns"])) != t["columns"]:
            out.append(f"{name}: columns must increase and have one label each")
        for i, line in enumerate(t["results"]):
            if len(line) != len(t["columns"]):
                out.append(f"{name}: row {lo + i} has {len(line)} results for {len(t['columns'])} columns")
            out += [f"{name}: row {lo + i}: {code!r} is not in the legend" for code in line if code not in t["legend"]]
    return out


CHECKS = (table_problems, grid_problems, hexside_problems, setup_problems, reference_problems, name_problems, provenance_problems)


# -- the files as they are ----------------------------------------------------------------------------


@pytest.mark.parametrize("sid", FILES)
def test_each_file_loads_and_fits_the_schema(sid):
    sc = load_scenario_file(SCEN / f"{sid}.json")  # both schemas, then the board (roads, hexsides)
    assert sc.game == "yukimura" and sc.id == sid
    assert [m.id for m in sc.board.maps] == MAPS[sid]
    assert (SCHEMA_DIR / "yukimura.schema.json").exists()


@pytest.mark.parametrize("sid", FILES)
def test_schema_cross_checked_with_jsonschema(sid):
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    common = json.loads((SCHEMA_DIR / "scenario.schema.json").read_text(encoding="utf-8"))
    game = json.loads((SCHEMA_DIR / "yukimura.schema.json").read_text(encoding="utf-8"))
    registry = referencing.Registry().with_resources([
        ("scenario.schema.json", referencing.Resource.from_contents(common)),
        ("yukimura.schema.json", referencing.Resource.from_contents(game))])
    validator = jsonschema.Draft202012Validator(game, registry=registry)
    validator.validate(data(sid))
    bad = data(sid)
    bad["units"][0]["morale"] = "**"
    assert not validator.is_valid(bad)


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("sid", FILES)
def test_no_problems_in_the_files(sid, check, files):
    assert check(files[sid]) == []


def test_both_maps_are_29_by_30_and_the_same_in_every_file(files):
    d_maps = [maps_of(files[s])["D"] for s in ("domyoji", "goto-dream", "connected")]
    y_maps = [maps_of(files[s])["Y"] for s in ("yao", "connected")]
    for m in d_maps + y_maps:
        assert (m["grid"]["columns"], m["grid"]["rows"]) == (29, 30)
    keys = ("grid", "terrain_matrix", "hexsides", "roads", "places", "areas", "names")
    assert all({k: m[k] for k in keys} == {k: d_maps[0][k] for k in keys} for m in d_maps)
    assert all({k: m[k] for k in keys} == {k: y_maps[0][k] for k in keys} for m in y_maps)


def test_a_unit_is_the_same_counter_in_every_file(files):
    seen = {}
    for sid in FILES:
        for u in files[sid]["units"]:
            assert seen.setdefault(u["id"], u) == u, (sid, u["id"])
    assert len(seen) == 231
    for sid in FILES[1:]:
        for key in ("morale", "chain_retreat", "advance", "terrain_effects", "command", "flags", "turns", "first_player"):
            assert files[sid]["rules"][key] == files["yao"]["rules"][key], (sid, key)
        assert files[sid]["tables"] == files["yao"]["tables"]


def test_counts_per_force_and_side(files):
    conn = files["connected"]
    assert Counter(u["force"] for u in conn["units"]) == FORCE_SIZES
    for force, n in RULEBOOK_SIZES.items():
        assert FORCE_SIZES[force] == n
    # 231 unit counters + the Inning marker + 20 Chain Retreat markers = the 252 of 2 (3) (2-2-2)
    assert len(conn["units"]) + 1 + conn["rules"]["chain_retreat"]["markers"] == 252
    sides = {sid: Counter(u["side"] for u in files[sid]["units"]) for sid in FILES}
    assert sides["yao"] == {"east": 76, "osaka": 26}
    assert sides["domyoji"] == sides["goto-dream"] == {"east": 31 + 26 + 18, "osaka": 44}
    assert sides["connected"] == {"east": 76 + 75, "osaka": 26 + 44 + 10}
    on_map = Counter(u["side"] for u in files["domyoji"]["units"] if u["start"])
    assert on_map == {"east": 31, "osaka": 44} and sum(on_map.values()) == 75  # brief 6.1: 75 on the map
    frozen = [u for u in files["yao"]["units"] if u["force"] in FROZEN]
    assert len(frozen) == 43 and {u["side"] for u in frozen} == {"east"}
    assert sum(1 for u in conn["units"] if u["type"] == "commander") == 37  # one per glossary leader
    assert [u["id"] for u in conn["units"] if u["morale"] == "*"] == ["X-hideyori"]


@pytest.mark.rules("yukimura.13-1.range-10", "yukimura.13-1.range-5", "yukimura.13-1.range-3")
def test_command_ranges_10_5_3(files):
    leaders = [u for u in files["connected"]["units"] if u["type"] == "commander"]
    by_name = {u["kanji"]: u["command_range"] for u in leaders}
    assert {k for k, v in by_name.items() if v == 10} == RANGE_10
    assert {k for k, v in by_name.items() if v == 5} == RANGE_5
    assert {v for k, v in by_name.items() if k not in RANGE_10 | RANGE_5} == {3}
    assert all("command_range" not in u for u in files["connected"]["units"] if u["type"] != "commander")
    assert files["yao"]["rules"]["command"]["ranges"] == [10, 5, 3]


def test_breakthrough_hexes_0201_and_2801(files):
    for sid in ("yao", "connected"):
        y = maps_of(files[sid])["Y"]
        assert y["places"]["breakthrough"] == ["0201", "2801"]
        on_road = {h for chain in y["roads"] for h in chain}
        assert {"0201", "2801"} <= on_road  # road hexes on row 01, the west edge
        cond = [c for c in files[sid]["rules"]["victory"]["conditions"] if c["id"] == "breakthrough"]
        assert cond and cond[0]["place"] == "breakthrough" and cond[0]["winner"] == "east"


def test_scenario_rules_as_the_rulebook_states(files):
    dom, yao, goto, conn = (files[s]["rules"] for s in ("domyoji", "yao", "goto-dream", "connected"))
    assert {(r["force"], r["turn"]) for r in dom["reinforcements"]} == {("date", 1), ("tadateru", 8)}
    assert {lim["force"]: lim["from_turn"] for lim in dom["movement_limits"]} == {"akashi": 5, "mori": 7, "sanada": 10}
    sanada = next(lim for lim in dom["movement_limits"] if lim["force"] == "sanada")
    assert sanada["early_release"]["die"] == [1, 2, 3]
    west = dom["victory"]["conditions"][0]
    assert (west["place"], west["at_least"], west["side"], dom["victory"]["otherwise"]) == ("ishikawa_west", 10, "east", "osaka")
    assert {lim["force"]: lim["from_turn"] for lim in yao["movement_limits"]} == {f: None for f in FROZEN}
    assert yao["reinforcements"] == [] and yao["key_leaders"] == {"east": ["Y-ii", "Y-todo"], "osaka": ["Y-kimura", "Y-chosokabe"]}
    assert [c["id"] for c in yao["victory"]["conditions"]] == ["eastern_collapse", "osaka_collapse", "breakthrough", "superior_power"]
    assert goto["movement_limits"] == [] and goto["reinforcements"] == dom["reinforcements"]
    assert [c["place"] for c in goto["victory"]["conditions"]] == ["komatsuyama"]
    assert {lim["force"]: lim["from_turn"] for lim in conn["movement_limits"]} == {"akashi": 5, "mori": 7, "sanada": 10,
                                                                                   **{f: 8 for f in FROZEN}}
    hide = next(r for r in conn["reinforcements"] if r["force"] == "hideyori")
    assert (hide["turn"], hide["die"], sorted(hide["staging"])) == (8, [1, 2], ["D:1701", "D:2401", "Y:0201", "Y:2801"])
    assert {c["id"] for c in conn["victory"]["conditions"]} == {"osaka_collapse", "breakthrough", "ishikawa_line"}
    for r in (dom, yao, goto, conn):
        assert (r["turns"], r["first_player"], r["stacking"]) == (12, "east", 1)
        assert r["terrain_effects"]["road"]["road_march"] == 8


def test_map_facts_of_the_brief(files):
    d = files["connected"]
    dmap = maps_of(d)["D"]
    west = set(dmap["places"]["ishikawa_west"])
    rule = {f"{c:02d}{r:02d}" for c in range(1, 30) for r in range(1, 31)
            if r <= (17 if c <= 3 else 16) and terrain(d, f"D:{c:02d}{r:02d}") != "large_river"}
    assert west == rule
    assert dmap["places"]["komatsuyama"] == ["1621"] and terrain(d, "D:1621") == "mountain"
    assert min(distance("D:1621", f"D:{h}") for h in west) == 5
    assert sorted(dmap["places"]["east_entry"]) == ["0930", "2430"]
    assert len(dmap["hexsides"]["small_river"]) == 42
    ymap = maps_of(d)["Y"]
    assert len(ymap["hexsides"]["small_river"]) == 57 + 51 + 16 and "impassable" not in ymap["hexsides"]
    assert {terrain(d, f"Y:{c:02d}{r:02d}") for c in range(1, 30) for r in range(1, 31)} == {"flat", "marsh"}
    starts = {u["id"]: u["start"] for u in d["units"]}
    # Ii and Tōdō one hex nearer the front since rules revision 2 (tuned for balance; brief 7.1)
    assert (starts["Y-ii"], starts["Y-todo"], starts["Y-kimura"], starts["Y-chosokabe"]) == ("Y:2523", "Y:1218", "Y:2514", "Y:0707")
    assert d["rules"]["before_revision"]["2"]["units"]["Y-ii"]["start"] == "Y:2524"
    assert d["rules"]["before_revision"]["2"]["units"]["Y-todo"]["start"] == "Y:1119"
    assert (distance("Y:2524", "Y:0201"), distance("Y:2524", "Y:2801")) == (34, 24)
    # fords: where a road crosses a small river (brief 2.2, 2.3); no road crosses an impassable side
    for mid, fords in (("D", {("1316", "1317"), ("1916", "1917")}),
                       ("Y", {("0402", "0503"), ("0809", "0810"), ("0920", "0921"), ("2618", "2619")})):
        m = maps_of(d)[mid]
        steps = {frozenset(p) for chain in m["roads"] for p in zip(chain, chain[1:])}
        assert {tuple(sorted(p)) for p in steps & {frozenset(p) for p in m["hexsides"]["small_river"]}} == fords
        assert not steps & {frozenset(p) for p in m["hexsides"].get("impassable", [])}
    # each mound: its rim is impassable but one causeway side
    rim = {frozenset(p) for p in dmap["hexsides"]["impassable"]}
    for mound in ("ojin_tomb", "nakatsuyama", "ichinoyama", "okamisanzai"):
        hexes = dmap["areas"][mound]
        assert {terrain(d, f"D:{h}") for h in hexes} == {"burial_mound"}
        outer = {frozenset((h, f"{c:02d}{r:02d}")) for h in hexes for c, r in neighbours(*split(h)[1:])
                 if 1 <= c <= 29 and 1 <= r <= 30 and f"{c:02d}{r:02d}" not in hexes}
        assert len(outer - rim) == 1, mound


# -- the checks find what they look for ---------------------------------------------------------------


def _unit(d, uid):
    return next(u for u in d["units"] if u["id"] == uid)


def _set(d, uid, key, value):
    _unit(d, uid)[key] = value


BREAKS = [
    ("yao", table_problems, lambda d: d["tables"]["hand-to-hand"]["results"][0].__setitem__(0, "X"), "'X' is not in the legend"),
    ("yao", table_problems, lambda d: d["tables"]["fire"]["results"].pop(), "10 lines of results"),
    ("yao", table_problems, lambda d: d["tables"]["fire"]["results"][4].pop(), "row 6 has 6 results"),
    ("yao", grid_problems, lambda d: d["board"]["maps"][0]["grid"].update(columns=28), "not 29 x 30"),
    ("yao", hexside_problems, lambda d: d["board"]["maps"][0]["roads"][0].insert(3, "1515"), "not a step"),
    ("domyoji", hexside_problems, lambda d: d["board"]["maps"][0]["hexsides"]["small_river"].append(["0101", "0303"]), "not neighbours"),
    ("domyoji", hexside_problems, lambda d: d["board"]["maps"][0]["hexsides"]["impassable"].append(["0909", "0808"]), "listed twice"),
    ("domyoji", setup_problems, lambda d: _set(d, "D-mizuno-rif-01", "start", "D:2219"), "large_river"),
    ("domyoji", setup_problems, lambda d: _set(d, "D-mori-rif-01", "start", "D:0909"), "burial_mound"),
    ("yao", setup_problems, lambda d: _set(d, "Y-ii-ash", "start", "Y:3001"), "not on a map"),
    ("connected", setup_problems, lambda d: _set(d, "Y-kimura-cav-01", "start", "D:0101"), "another map than its leader"),
    ("yao", setup_problems, lambda d: _set(d, "Y-kimura-cav-01", "start", "Y:0129"), "hexes from its leader Y-kimura"),
    ("yao", setup_problems, lambda d: _set(d, "Y-todo-rif-01", "start", "Y:1013"), "start on Y:1013"),
    ("yao", setup_problems, lambda d: _set(d, "Y-kawate-rif", "start", "Y:2319"), "next to the enemy"),
    ("yao", reference_problems, lambda d: _set(d, "Y-ii-rif-01", "force", "kimura"), "other side"),
    ("yao", reference_problems, lambda d: _set(d, "Y-ii-rif-01", "leader", "Y-ii-rif-02"), "no leader counter"),
    ("domyoji", reference_problems, lambda d: _set(d, "D-date-rif-01", "start", "D:2430"), "its force enters"),
    ("domyoji", reference_problems, lambda d: d["units"].pop(), "says 18 units, has 17"),
    ("yao", reference_problems, lambda d: d["rules"]["key_leaders"].update(osaka=["Y-ii"]), "no osaka leader"),
    ("yao", name_problems, lambda d: _set(d, "Y-ii", "kanji", "Ii Naotaka"), "Y-ii"),
    ("domyoji", name_problems, lambda d: d["rules"]["names_ja"].pop("D:1621"), "D:1621"),
    ("goto-dream", provenance_problems, lambda d: d["provenance"].update(status="rulebook"), "status"),
    ("connected", provenance_problems, lambda d: d["provenance"].update(reconstructed=[x for x in d["provenance"]["reconstructed"] if "rulings" not in x]), "rulings"),
    ("yao", provenance_problems, lambda d: d["tables"]["fire"].update(note="FRT"), "tables.fire"),
    ("yao", provenance_problems, lambda d: d["rulings"].pop(0), "ford_no_extra_mp"),
]


@pytest.mark.parametrize("sid,check,edit,words", BREAKS, ids=[f"{b[1].__name__}-{i}" for i, b in enumerate(BREAKS)])
def test_each_check_finds_a_broken_copy(sid, check, edit, words, files):
    d = copy.deepcopy(files[sid])
    edit(d)
    problems = check(d)
    assert problems and any(words in p for p in problems), problems


@pytest.mark.parametrize("edit,path", [
    (lambda d: _set(d, "Y-ii", "morale", "x"), "$.units[26].morale"),
    (lambda d: _set(d, "Y-ii-cav-01", "command_range", 5), "$.units[29]"),
    (lambda d: _set(d, "Y-ii", "command_range", 4), "$.units[26].command_range"),
    (lambda d: _set(d, "Y-ii-cav-01", "type", "artillery"), "$.units[29].type"),
    (lambda d: _set(d, "Y-ii", "start", "2524"), "$.units[26].start"),
    (lambda d: d["rules"]["flags"].pop("collapse_on_removal"), "$.rules.flags"),
    (lambda d: d["tables"]["hand-to-hand"]["legend"].update(X=[]), "$.tables"),
    (lambda d: d["board"]["maps"][0]["terrain_matrix"]["lines"].pop(), "$.board.maps[0].terrain_matrix.lines"),
    (lambda d: d["board"]["maps"][0]["roads"][1].insert(1, "2901"), "$.board.maps[0].roads[1][2]"),
])
def test_the_schema_and_the_board_name_a_mistake_by_its_path(edit, path, files):
    d = copy.deepcopy(files["yao"])
    assert _unit(d, "Y-ii") is d["units"][26] and d["units"][29]["id"] == "Y-ii-cav-01"
    edit(d)
    problems = schema_problems(d, "yao")
    assert problems and path in problems[0], problems


def test_readme_documents_every_rules_key(files):
    text = (SCEN / "README.md").read_text(encoding="utf-8")
    for key in files["connected"]["rules"]:
        assert f"`{key}`" in text, key
    for key in ("terrain_matrix", "small_river", "impassable", "ishikawa_west", "komatsuyama", "breakthrough",
                "command_range", "basis", "Typing in the printed game"):
        assert key in text, key
