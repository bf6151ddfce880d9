"""The one movement search (engine/movement.py): against a literal reference on random boards, on the
two briefs' maps, and its reasons for refusals."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Optional

import pytest

from kassen.engine.board import ROAD, build_board
from kassen.engine.movement import REASONS, MoveRules, reach, why_not
from kassen.engine.terrain import as_steps, road_steps, step_table

DATA = Path(__file__).parent / "data"


def reference(steps, start: str, allowance: Optional[int], rules: MoveRules, blocked=(), pass_only=(), zoc=()
              ) -> dict[str, int]:
    """Every walk, the rules read literally: {end cell: cheapest cost} (pass-only cells left out)."""
    found: dict[str, int] = {}
    if start in zoc and rules.zoc_locked:
        return found
    limit = allowance if allowance is not None else 10 ** 9

    def allowed(here: str, nxt: str, been: bool) -> bool:
        if nxt in blocked:
            return False
        if nxt in zoc and (rules.zoc_forbidden or (not rules.zoc_to_zoc and here in zoc)
                           or (rules.zoc_no_reentry and been)):
            return False
        return True

    best_state: dict[tuple[str, bool], int] = {}

    def walk(here: str, spent: int, been: bool) -> None:
        for nxt, c in steps[here]:
            if not allowed(here, nxt, been):
                continue
            total = spent + c + (rules.zoc_exit_cost if here == start and start in zoc else 0)
            if total > limit:
                continue
            if nxt not in pass_only and nxt != start:
                found[nxt] = min(found.get(nxt, total), total)
            stops = ((rules.zoc_stop and nxt in zoc) or nxt in rules.stop_cells
                     or (rules.stop is not None and rules.stop(here, nxt))
                     or (rules.stop_steps is not None and nxt in rules.stop_steps.get(here, ())))
            state = (nxt, been or nxt in zoc)
            if stops or best_state.get(state, 10 ** 9) <= total:
                continue
            best_state[state] = total
            walk(nxt, total, state[1])

    walk(start, 0, start in zoc)
    if rules.minimum_move:
        for nxt, c in steps[start]:
            if nxt not in found and allowed(start, nxt, start in zoc) and nxt not in pass_only and nxt != start:
                found[nxt] = allowance or 0
    return found


def random_case(seed: int):
    rnd = random.Random(seed)
    board = build_board({"grid": {"kind": "hex", "columns": 5, "rows": 4},
                         "hexsides": {"river": [p for p in (["0101", "0102"], ["0202", "0203"], ["0302", "0303"],
                                                            ["0203", "0303"]) if rnd.random() < 0.5]}})
    cells = list(board.cells)
    if rnd.random() < 0.3:  # every step 1 (a breadth-first search)
        steps = as_steps({a: tuple((b, 1) for b in board.neighbors[a]) for a in cells})
        assert steps.unit_cost
    else:
        terrain_cost = {c: rnd.choice((0, 1, 1, 1, 2, 3)) for c in cells}
        steps = {a: tuple((b, terrain_cost[b] + (1 if "river" in board.features(a, b) else 0))
                          for b in board.neighbors[a]) for a in cells}
        if rnd.random() < 0.5:
            steps = as_steps(steps)
    start = rnd.choice(cells)
    others = [c for c in cells if c != start]
    blocked = set(rnd.sample(others, rnd.randint(0, 4)))
    pass_only = set(rnd.sample(others, rnd.randint(0, 3))) - blocked
    zoc = set(rnd.sample(cells, rnd.randint(0, 8)))
    river = {(a, b) for a in cells for b in board.neighbors[a] if "river" in board.features(a, b)}
    rules = MoveRules(zoc_stop=rnd.random() < 0.7, zoc_to_zoc=rnd.random() < 0.5, zoc_locked=rnd.random() < 0.2,
                      zoc_exit_cost=rnd.choice((0, 0, 1)), zoc_no_reentry=rnd.random() < 0.3,
                      zoc_forbidden=rnd.random() < 0.15, minimum_move=rnd.random() < 0.3,
                      stop=(lambda a, b: (a, b) in river) if rnd.random() < 0.3 else None,
                      stop_steps=({a: {b for b in board.neighbors[a] if (a, b) in river} for a in cells}
                                  if rnd.random() < 0.2 else None),
                      stop_cells=frozenset(rnd.sample(cells, 2)) if rnd.random() < 0.3 else frozenset())
    allowance = rnd.choice((0, 1, 2, 3, 4, 5, None))
    return steps, start, allowance, rules, blocked, pass_only, zoc


def check_path(steps, r, cell, rules, zoc) -> None:
    path = r.path(cell)
    assert path[0] == r.start and path[-1] == cell
    total = 0
    for i, (a, b) in enumerate(zip(path, path[1:])):
        c = min(s for n, s in steps[a] if n == b)
        total += c + (rules.zoc_exit_cost if i == 0 and r.start in zoc else 0)
    assert total == r.cost[cell] or (rules.minimum_move and len(path) == 2)


@pytest.mark.parametrize("block", range(6))
def test_reach_matches_the_literal_rules_on_random_boards(block):
    for seed in range(block * 150, block * 150 + 150):
        steps, start, allowance, rules, blocked, pass_only, zoc = random_case(seed)
        exact = allowance is not None or seed % 2 == 0
        r = reach(steps, start, allowance, rules, blocked=blocked, pass_only=pass_only, zoc=zoc, costs=exact)
        want = reference(steps, start, allowance, rules, blocked, pass_only, zoc)
        got = {c: r.cost[c] for c in r.destinations()}
        if exact:
            assert got == want, f"seed {seed}: {rules}"
        else:  # no limit, costs not wanted: the same cells, each with the cost of the path found
            assert set(got) == set(want), f"seed {seed}: {rules}"
            assert all(got[c] >= want[c] for c in got)
        for cell in got:
            check_path(steps, r, cell, rules, zoc)
            assert cell in r
        for cell in steps:
            code = why_not(steps, start, allowance, rules, cell, blocked=blocked, pass_only=pass_only, zoc=zoc)
            assert (code is None) == (cell in want), f"seed {seed}: {cell} {code}"
            assert code is None or code in REASONS


def line_board():
    """0101 .. 0106, one column: plain costs 1, 0104 a hill (2), a river (+1) between 0101 and 0102."""
    board = build_board({"grid": {"kind": "hex", "columns": 1, "rows": 6}, "terrain": {"hill": ["0104"]},
                         "hexsides": {"river": [["0101", "0102"]]}})
    return board, step_table(board, {"clear": 1, "hill": 2}, {"river": 1})


def test_destinations_in_board_or_search_order_and_paths():
    board = build_board({"grid": {"kind": "hex", "columns": 4, "rows": 4}})
    steps = step_table(board, {"clear": 1})
    r = reach(steps, "0202", 2, MoveRules())
    assert r.destinations() == sorted(r.destinations(), key=board.index.__getitem__)
    found = r.destinations("found")
    ring1 = [n for n, _ in steps["0202"]]
    assert found[:len(ring1)] == ring1 and sorted(found) == sorted(r.destinations())
    plain = {a: tuple(s) for a, s in steps.items()}  # a plain dict: labels sort in board order
    assert reach(plain, "0202", 2, MoveRules()).destinations() == r.destinations()
    _, line = line_board()
    assert "0101" not in reach(line, "0102", 1, MoveRules()).destinations()  # 1 + 1 across the river
    far = reach(line, "0103", None, MoveRules())
    assert far.cost["0106"] == 4 and far.path("0106") == ["0103", "0104", "0105", "0106"]
    assert far.path("0103") == ["0103"]
    with pytest.raises(KeyError):
        reach(line, "0103", 1, MoveRules()).path("0106")


def test_zone_of_control_rules_one_by_one():
    _, steps = line_board()
    zoc = {"0104", "0105"}
    plain = MoveRules()
    r = reach(steps, "0103", 5, plain, zoc=zoc)
    assert r.destinations() == ["0101", "0102", "0104"]  # stops in 0104
    # started in a ZOC: the exit cost is paid on the first step
    r = reach(steps, "0104", 2, replace(plain, zoc_exit_cost=1), zoc=zoc)
    assert r.cost["0103"] == 2 and "0102" not in r.destinations()
    # no ZOC to ZOC
    assert "0105" in reach(steps, "0104", 3, plain, zoc=zoc).destinations()
    assert "0105" not in reach(steps, "0104", 3, replace(plain, zoc_to_zoc=False), zoc=zoc).destinations()
    # locked
    assert reach(steps, "0104", 3, replace(plain, zoc_locked=True), zoc=zoc).destinations() == []
    # road movement: no ZOC cell at all
    assert reach(steps, "0103", 3, replace(plain, zoc_forbidden=True), zoc=zoc).destinations() == ["0101", "0102"]
    # no re-entry without the stop: in and out of one ZOC, never into the next
    again = replace(plain, zoc_stop=False, zoc_no_reentry=True)
    assert reach(steps, "0102", 9, again, zoc={"0103", "0105"}).destinations() == ["0101", "0103", "0104"]
    # minimum move: one hex for all the MP, but never ZOC to ZOC
    mm = replace(plain, minimum_move=True, zoc_exit_cost=1, zoc_to_zoc=False)
    r = reach(steps, "0104", 1, mm, zoc=zoc)
    assert r.destinations() == ["0103"] and r.cost["0103"] == 1
    assert r.path("0103") == ["0104", "0103"]


def test_a_step_stop_rule_keeps_a_dearer_arrival_that_may_go_on():
    board = build_board({"grid": {"kind": "hex", "columns": 2, "rows": 3}})
    steps = step_table(board, {"clear": 1})
    river = {("0101", "0102"), ("0102", "0101")}
    rules = MoveRules(stop=lambda a, b: (a, b) in river)
    r = reach(steps, "0101", 3, rules)
    assert r.cost["0102"] == 1  # straight across the river, and stops there
    assert r.cost["0103"] == 3 and r.path("0103") == ["0101", "0201", "0102", "0103"]


def test_pass_only_cells_are_crossed_not_ended_in():
    _, steps = line_board()
    r = reach(steps, "0102", 3, MoveRules(), pass_only={"0103"})
    assert r.destinations() == ["0101", "0104"]
    assert r.cost["0103"] == 1 and "0103" not in r and "0104" in r


def test_why_not_names_the_deciding_rule():
    _, steps = line_board()
    zoc = {"0104"}
    rules = MoveRules(zoc_to_zoc=False, clauses={"zoc-stop": "bakumatsu.8-1.zoc-stop"})
    assert why_not(steps, "0103", 5, rules, "0105", zoc=zoc) == "zoc-stop"
    assert rules.clause("zoc-stop") == "bakumatsu.8-1.zoc-stop" and rules.clause(None) is None
    assert why_not(steps, "0103", 1, rules, "0106") == "too-far"
    assert why_not(steps, "0103", 3, rules, "0104", blocked={"0104"}) == "occupied"
    assert why_not(steps, "0103", 3, rules, "0105", blocked={"0104"}) == "occupied"
    assert why_not(steps, "0103", 3, rules, "0102", pass_only={"0102"}) == "pass-only"
    assert why_not(steps, "0103", 3, replace(rules, zoc_locked=True), "0102", zoc={"0103"}) == "zoc-locked"
    assert why_not(steps, "0103", 3, rules, "0104", zoc={"0103", "0104"}) == "zoc-to-zoc"
    assert why_not(steps, "0103", 3, replace(rules, zoc_forbidden=True), "0104", zoc=zoc) == "zoc-forbidden"
    assert why_not(steps, "0102", 9, replace(rules, zoc_stop=False, zoc_no_reentry=True, zoc_to_zoc=True), "0105",
                   zoc={"0103", "0105"}) == "zoc-reentry"
    stop = replace(rules, stop_cells=frozenset({"0104"}))
    assert why_not(steps, "0103", 5, stop, "0105") == "stop"
    assert why_not(steps, "0103", 3, rules, "0103") == "start"
    assert why_not(steps, "0103", 3, rules, "0909") == "off-board"
    assert why_not(steps, "0103", 3, rules, "0102") is None
    walled = {a: tuple((b, c) for b, c in s if b != "0106") for a, s in steps.items()}
    assert why_not(walled, "0103", 9, rules, "0106") == "impassable"
    # two rules at once: the cumulative pass names the one that finally lets it through
    assert why_not(steps, "0101", 2, rules, "0106", zoc=zoc) == "too-far"


def test_road_movement_distances_of_the_toba_fushimi_brief():
    """shared/maps/bakumatsu.md 1.2: road hexes from the entry hex 0105 to the victory hexes."""
    board = build_board(json.loads((DATA / "bakumatsu_toba_fushimi_board.json").read_text()))
    r = reach(road_steps(board), "0105", None, MoveRules(zoc_forbidden=True))
    expected = {"2411": 24, "2419": 31, "2424": 36, "1122": 22, "1812": 18, "1311": 13, "0608": 6,
                "0312": 8, "0205": 1, "0719": 17, "1021": 21}
    assert {c: r.cost[c] for c in expected} == expected
    assert all(ROAD in board.features(a, b) for a, b in zip(r.path("2424"), r.path("2424")[1:]))
    # road movement: 2 road hexes per MP (8-2(1)) is an allowance of 2 x MA at cost 1 per hex
    ma = 4
    near = reach(road_steps(board), "0105", 2 * ma, MoveRules(zoc_forbidden=True))
    assert "0608" in near.destinations() and "0312" in near.destinations() and "1311" not in near.destinations()


def test_yukimura_road_march_eight_hexes_and_the_ford():
    """Yukimura 7-5-2: up to 8 road hexes; the Nara road from the east edge 2430 to the Ishikawa ford."""
    board = build_board(json.loads((DATA / "yukimura_connected_board.json").read_text()))
    road = road_steps(board)
    march = reach(road, "D:2430", 8, MoveRules(zoc_forbidden=True))
    assert max(march.cost.values()) == 8 and all(board.cells[c].map == "D" for c in march.cost)
    full = reach(road, "D:2430", None, MoveRules())
    assert full.cost["D:1916"] == 19  # 2.2 "Geometry checks": 19 road hexes to the ford
    normal = step_table(board, {"flat": 1, "marsh": 2, "mountain": 2, "burial-mound": 1, "large-river": None},
                        {"small-river": 1, "impassable": None}, road_feature=ROAD)
    r = reach(normal, "D:0809", 2, MoveRules())
    assert "D:0909" in r.destinations() and "D:1009" in r.destinations()  # in through the causeway
    around = reach(normal, "D:0808", 2, MoveRules())
    assert around.cost["D:0909"] == 2 and around.path("D:0909") == ["D:0808", "D:0809", "D:0909"]
