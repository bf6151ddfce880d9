"""The proof that the toolkit fits today's games: configured as each game would configure it
(tests/engine/fits.py), ``reach``, ``ZoneOfControl``/``Position`` and ``retreat_routes`` give exactly
the answers of the games' own movement searches, zone-of-control and retreat helpers, over many
positions of seeded self-play (destinations, their order where the game has one, and costs)."""
from __future__ import annotations

import random

from kassen.games import load_rules

from .fits import KawanakajimaFit, positions


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
