"""What the computer knows about Mukden's clocks (games/mukden/ai.py): ruling X8's turns without a
combat end the game as on time, so near their end a Japan far from Mukden is losing and a Japan on
the railway north of it is winning; the waiting 3rd Army's march from its entry hex counts."""
from __future__ import annotations

import pytest

from kassen.ai.gameai import game_ai
from kassen.games.mukden import ai as mukden_ai
from tests.games.mukden.helpers import arrange, rules

# Mukden held, the railway north of it free; Japan's 1st Army south of the Hun, two turns or more
# from the victory hexes
RUSSIANS = {"ru-gr-right": "0503", "ru-3": "0505", "ru-1": "0804"}


def _value(state: dict, quiet: int, side: str = "japan") -> float:
    s = dict(state, quiet=quiet)
    return game_ai(rules()).evaluate(s, side)


@pytest.mark.rules("mukden.4.time-ru-win")
def test_far_from_mukden_the_quiet_turns_run_against_japan() -> None:
    r = rules()
    far = arrange(r, {**RUSSIANS, "jp-1": "0707", "jp-2": "0307", "jp-3": None, "jp-4": "0508"})
    fresh, late = _value(far, 0), _value(far, 8)
    assert late < fresh - 0.1, (fresh, late)
    # the same judgement from Russia's side: a clock that runs for it
    assert _value(far, 8, "russia") > _value(far, 0, "russia") + 0.1


@pytest.mark.rules("mukden.4.time-jp-win")
def test_on_the_railway_north_of_mukden_the_quiet_turns_run_for_japan() -> None:
    r = rules()
    held = arrange(r, {**RUSSIANS, "jp-1": "0501", "jp-2": "0307", "jp-3": None, "jp-4": "0508"})
    assert _value(held, 8) > _value(held, 0) + 0.05
    # and standing there is worth more, the nearer the end, than standing far away
    far = arrange(r, {**RUSSIANS, "jp-1": "0707", "jp-2": "0307", "jp-3": None, "jp-4": "0508"})
    assert _value(held, 8) - _value(far, 8) > _value(held, 0) - _value(far, 0)


@pytest.mark.rules("mukden.8.jp3-second-choice")
def test_the_waiting_third_army_counts_its_march_from_the_entry_hexes() -> None:
    """Entry C (0103, open after two waits) is two turns from the railway north of Mukden; A is three."""
    r = rules()
    ai = game_ai(r)
    base = {**RUSSIANS, "jp-1": "0707", "jp-2": "0307", "jp-3": "jp-reserve", "jp-4": "0508"}
    assert ai._detour_turns(arrange(r, base, waits=0)) == 1 + ai.victory_turns["0107"]
    assert ai._detour_turns(arrange(r, base, waits=2)) == 1 + ai.victory_turns["0103"] == 3
    placed = arrange(r, {**base, "jp-3": "0103"})
    assert ai._detour_turns(placed) == 9  # on the map: its own hex counts, as any unit's
    # Japan's other units four turns away; six turns without a combat left, three of them
    # Japan's: after two waits the march from C fits in them, after none it does not
    east = {**RUSSIANS, "jp-1": "0907", "jp-2": "0807", "jp-3": "jp-reserve", "jp-4": None}
    assert min(ai.victory_turns[c] for c in ("0907", "0807")) == 4
    assert _value(arrange(r, east, waits=2), 4) > _value(arrange(r, east, waits=0), 4) + 0.1


def test_every_allotment_plan_is_legal_and_puts_fp_where_it_counts() -> None:
    """The plans are legal allotments (the printed totals, the minimum per unit), and Russia's
    put its FP in the General Reserves, which nearly always get out, rather than in the 2nd Army on
    the line Japan strikes first; Japan's put it in the armies that fight from the first turn
    (docs/ai.md: against greedy, 128 and 173 of 200 won, 103 and 156 before)."""
    r = rules()
    m = r.map
    for side, plans in mukden_ai.PLANS.items():
        for plan in plans:
            assert sum(plan) == m.fp_total[side] and min(plan) >= m.fp_min, (side, plan)
    order = m.units_of["russia"]
    for plan in mukden_ai.PLANS["russia"]:
        fp = dict(zip(order, plan))
        assert fp["ru-2"] == m.fp_min and fp["ru-2"] + fp["ru-3"] <= 7, plan
    for plan in mukden_ai.PLANS["japan"]:  # the 3rd Army waits off the map: the minimum
        assert dict(zip(m.units_of["japan"], plan))["jp-3"] == m.fp_min, plan
