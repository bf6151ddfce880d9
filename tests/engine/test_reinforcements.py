"""Reinforcements (engine/reinforcements.py): schedules, entry cells, cup draws as chance outcomes,
waiting units, and the search for a unit coming on (Yukimura 8-1 to 8-3, Bakumatsu 13, 15-1-5)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from kassen.engine.board import ROAD, build_board
from kassen.engine.errors import ScenarioError
from kassen.engine.movement import MoveRules
from kassen.engine.reinforcements import ENTRY, Schedule, arrivals, cup_outcomes, due, entry_cells, entry_reach
from kassen.engine.terrain import step_table

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def connected():
    spec = json.loads((DATA / "yukimura_connected_board.json").read_text())
    spec["places"] = {"east_entry": ["D:2430", "D:0930"]}
    return build_board(spec)


SIDE_OF = {"D-date-1": "east", "D-date-2": "east", "D-tadateru-1": "east", "X-hideyori-1": "osaka",
           "TF-R1": "shogunate", "TF-R2": "shogunate"}
SCHEDULE = [
    {"turn": 1, "side": "east", "units": ["D-date-1", "D-date-2"], "entry": ["east_entry"]},
    {"turn": 8, "side": "east", "units": ["D-tadateru-1"], "entry": ["D:2430", "D:0930"]},
    {"turns": [8, 9, 10, 11, 12], "side": "osaka", "units": ["X-hideyori-1"], "entry": ["Y:0201"], "die": [1, 2]},
    {"turns": [2, 3, 4, 5], "side": "shogunate", "cup": "R", "entry": ["D:0105"]},
]


def test_schedule_lines_by_turn_and_side(connected):
    sched = Schedule.from_json(SCHEDULE, "$.rules.reinforcements", "yukimura.json", connected, SIDE_OF)
    first = due(sched, 1, "east")
    assert [a.units for a in first] == [("D-date-1", "D-date-2")]
    assert first[0].entry == ("D:0930", "D:2430")  # the place, in board order
    assert due(sched, 1, "osaka") == [] and due(sched, 2, "east") == []
    assert [a.units for a in due(sched, 8, "east")] == [("D-tadateru-1",)]
    hideyori = due(sched, 9, "osaka")[0]
    assert hideyori.extra == {"die": [1, 2]} and hideyori.entry == ("Y:0201",)
    assert [a.extra["cup"] for a in sched.due(3, "shogunate")] == ["R"] and sched.due(6, "shogunate") == []


@pytest.mark.parametrize("mutate, path, words", [
    (lambda s: s[0].pop("turn"), "$.rules.reinforcements[0].turns", "turn number"),
    (lambda s: s[3].update(turns=[2, "3"]), "$.rules.reinforcements[3].turns", "turn number"),
    (lambda s: s[0].update(side="west"), "$.rules.reinforcements[0].side", "expected one of"),
    (lambda s: s[0]["units"].append("D-nobody"), "$.rules.reinforcements[0].units[2]", "not a unit"),
    (lambda s: s[0]["units"].append("X-hideyori-1"), "$.rules.reinforcements[0].units[2]", "not a unit of east"),
    (lambda s: s[1]["entry"].append("2430"), "$.rules.reinforcements[1].entry[2]", "neither a cell nor a place"),
])
def test_schedule_errors_name_the_path(connected, mutate, path, words):
    data = copy.deepcopy(SCHEDULE)
    mutate(data)
    with pytest.raises(ScenarioError) as info:
        Schedule.from_json(data, "$.rules.reinforcements", "yukimura.json", connected, SIDE_OF)
    assert info.value.path == path and words in info.value.detail, str(info.value)


def test_entry_cells_skip_occupied_ones(connected):
    """Yukimura 8-2: not onto an entry hex holding a unit; 8-3: none free, the unit waits."""
    assert entry_cells(connected, ["east_entry"], blocked=()) == ["D:0930", "D:2430"]
    assert entry_cells(connected, ["east_entry"], blocked={"D:0930"}) == ["D:2430"]
    assert entry_cells(connected, ["D:2430", "D:0930"], blocked={"D:0930", "D:2430"}) == []


def test_a_cup_draw_is_a_chance_node_over_its_counters():
    """Bakumatsu 15-1-5(1)①: drawn at random from the cup."""
    outcomes = cup_outcomes(["TF-R1", "TF-R2", "TF-R3"])
    assert [a.to_text() for a, _ in outcomes] == ["draw =TF-R1", "draw =TF-R2", "draw =TF-R3"]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0) and len({p for _, p in outcomes}) == 1
    assert cup_outcomes([]) == []


def test_waiting_units_enter_first():
    """Bakumatsu ruling 5 / 13-1(4): units that could not enter wait and come on before new ones."""
    assert arrivals(["TF-R7"], ["TF-R2", "TF-R7", "TF-R9"]) == ["TF-R7", "TF-R2", "TF-R9"]
    assert arrivals([], []) == []


def test_entering_costs_a_point_and_stops_in_a_zone(connected):
    """Yukimura 8-1: onto the map for 1 MP, the rest of the MA as usual; into an enemy ZOC and stop."""
    steps = step_table(connected, {"flat": 1, "marsh": 2, "mountain": 2, "burial-mound": 1, "large-river": None},
                       {"small-river": 1, "impassable": None}, road_feature=ROAD)
    r = entry_reach(steps, ["D:2430", "D:0930"], 3, MoveRules(), entry_cost=1)
    assert r.cost["D:2430"] == 1 and r.cost["D:2429"] == 2 and r.cost["D:2428"] == 3
    assert r.path("D:2428") == [ENTRY, "D:2430", "D:2429", "D:2428"]
    assert "D:2427" not in r.destinations() and ENTRY not in r.destinations()
    assert r.destinations() == sorted(r.destinations(), key=connected.index.__getitem__)
    stopped = entry_reach(steps, ["D:2430"], 6, MoveRules(), entry_cost=1, zoc={"D:2430"})
    assert stopped.destinations() == ["D:2430"]
    assert entry_reach(steps, ["D:2430"], 6, MoveRules(), entry_cost=1, blocked={"D:2430"}).destinations() == []
    # Bakumatsu: placed on the entry hex for nothing, then a normal move from there
    free = entry_reach(steps, ["D:2430"], 2, MoveRules(), entry_cost=0)
    assert free.cost["D:2430"] == 0 and free.cost["D:2428"] == 2
