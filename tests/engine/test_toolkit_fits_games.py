"""The proof that the toolkit fits today's games: configured as each game would configure it
(tests/engine/fits.py), ``reach``, ``ZoneOfControl``/``Position`` and ``retreat_routes`` give exactly
the answers of the games' own movement searches, zone-of-control and retreat helpers, over many
positions of seeded self-play (destinations, their order where the game has one, and costs)."""
from __future__ import annotations

import random

import pytest

from kassen.games import load_rules

from .fits import IkedayaFit, KawanakajimaFit, positions


def test_kawanakajima_destinations_costs_zone_and_retreats():
    from kassen.games.kawanakajima import movement
    rules = load_rules("kawanakajima")
    fit = KawanakajimaFit(rules)
    t = rules.t
    assert {lab: fit.steps[lab] for lab in t.steps} == t.steps  # the same step table from the chart
    rnd = random.Random(5)
    compared = 0
    for state in positions("kawanakajima", range(4), every=9, cap=160):
        units = state["units"]
        pos = fit.position(units)
        occupied = movement.occupancy(state, t)
        for side in t.side_units:
            assert pos.enemy_zone(side) == movement.enemy_zoc(state, t, side)
        for uid in t.unit_ids:
            at = units[uid]["at"]
            if at not in t.on_map:
                continue
            zoc = pos.enemy_zone(t.side[uid])
            for mp in {t.mp, rnd.randint(1, t.mp)}:
                for left in (False, True):
                    want = movement.destinations(t, at, mp, occupied, set(zoc), left)
                    assert fit.destinations(at, mp, pos.held(), zoc, left) == want, (uid, mp, left)
                    compared += 1
            assert fit.retreat(units, uid) == movement.retreat_hexes(state, t, uid)
    assert compared > 2000


@pytest.mark.parametrize("options", [None, {"entrance_setup": "wait-outside"}])
def test_ikedaya_destinations_on_two_floors_with_stacking(options):
    from kassen.games.ikedaya import combat
    from kassen.games.ikedaya.movement import destinations, enemy_cells, occupancy, room
    rules = load_rules("ikedaya")
    fit = IkedayaFit(rules)
    data = rules.data
    # the step table and the zones of the toolkit are the game's own tables
    assert {s: fit.steps[s] for s in data.moves} == {s: tuple((st.to, st.cost) for st in v)
                                                      for s, v in data.moves.items()}
    assert {s: set(fit.zoc.covers[s]) for s in data.squares} == {s: set(v) for s, v in data.same_floor.items()}
    compared = 0
    for state in positions("ikedaya", range(8), every=2, options=options):
        units = state["units"]
        occ = occupancy(data, units)
        pos = fit.position(units)
        for side in data.side_units:
            enemies, stops = enemy_cells(data, occ, side)
            assert fit.enemy_squares(pos, side) == enemies and fit.zoc.zone(enemies) == stops
            cells = {u["at"] for uid, u in units.items() if fit.side_of[uid] == side and u["at"] is not None}
            for cell in sorted(cells & (set(data.squares) | {fit.pool})):
                game = destinations(rules, occ, side, cell)
                for size in (1, 2, 3):
                    want = {d: c for d, c in game.items() if room(data, occ, d, size)}
                    for got in (fit.destinations(units, side, cell, size, pos),
                                fit.destinations(units, side, cell, size, occupied=occ)):
                        if data.mp.get(side) is None:  # unlimited: the game's costs are only informative
                            assert set(got) == set(want), (side, cell, size)
                        else:
                            assert got == want, (side, cell, size)
                    compared += 1
        for uid, u in units.items():
            if u["at"] in data.square_set:
                assert fit.retreat(units, uid, u["at"]) == combat.retreat_squares(data, occ, uid, u["at"])
    assert compared > 300
