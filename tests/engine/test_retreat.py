"""Retreat routes and advance after combat (engine/retreat.py), with Bakumatsu 11 and the geometry of
Yukimura's chain-retreat example YE1 (the chain itself is Yukimura's; the engine gives each route)."""
from __future__ import annotations

from types import SimpleNamespace

from kassen.engine.actions import Action
from kassen.engine.board import build_board
from kassen.engine.phases import refuse
from kassen.engine.retreat import RetreatStep, advance_cells, retreat_cells, retreat_routes
from kassen.engine.zoc import zone


def board(**extra):
    spec = {"grid": {"kind": "hex", "columns": 4, "rows": 6}, "boxes": [{"id": "out"}],
            "connections": [{"a": "0101", "b": "out", "kind": "exit"}]}
    spec.update(extra)
    return build_board(spec)


def no_river(b):
    return lambda a, c: "river" not in b.features(a, c)


def test_bakumatsu_one_hex_retreat_restrictions():
    """Bakumatsu 11(1): no enemy hex, no enemy ZOC, not across a river or pond, not off the map."""
    b = board(hexsides={"river": [["0202", "0203"]]})
    enemy = ["0302"]
    forbidden = set(enemy) | zone(b, enemy)
    routes = retreat_routes(b, "0202", 1, may_enter=no_river(b), forbidden=forbidden)
    assert retreat_cells(routes) == [c for c in b.neighbors["0202"]
                                     if c not in forbidden and c != "0203"]
    assert all(len(r) == 1 for r in routes)
    assert ["0203"] in retreat_routes(b, "0202", 1, forbidden=forbidden)  # no river: it may go there
    # never off the map: the exit box is a neighbour of 0101 but not a retreat cell
    assert "out" in b.neighbors["0101"] and retreat_cells(retreat_routes(b, "0101", 1)) == ["0102", "0201"]
    # 11(2): nowhere to go, no route (the game removes the unit)
    assert retreat_routes(b, "0101", 1, forbidden={"0102", "0201"}) == []


def test_bakumatsu_retreat_through_friendly_units_until_a_free_hex():
    """Bakumatsu 11(4): a retreat into a friendly unit goes on to the first hex without one; every hex
    entered obeys 11(1) (ruling 18), and a route that cannot get out is no route."""
    b = board()
    friendly = {"0203", "0204"}
    routes = retreat_routes(b, "0202", 1, forbidden={"0201", "0102", "0302", "0301"}, friendly=friendly,
                            extend_through_friendly=True)
    assert ["0203", "0104"] in routes and ["0203", "0204", "0205"] in routes
    assert all(r[-1] not in friendly and all(c in friendly for c in r[:-1]) for r in routes)
    assert all(len(r) == 1 for r in routes if r[0] not in friendly)
    # the game disorders the units passed through: they are the route's cells before the last
    passed = {c for r in routes for c in r[:-1]}
    assert passed <= friendly
    # every way out of the friendly block forbidden: those routes are dropped
    shut = retreat_routes(b, "0202", 1, forbidden={"0201", "0102", "0302", "0301", "0103", "0104", "0303",
                                                    "0304", "0205", "0105", "0305"},
                          friendly=friendly, extend_through_friendly=True)
    assert shut == []
    # without the rule, friendly units block
    assert all(r[0] not in friendly for r in retreat_routes(b, "0202", 1, friendly=friendly))


def test_yukimura_away_from_the_nearest_attacker_and_full_length():
    """Yukimura 11-1-1 (ruling 6): each hex farther from the nearest attacker; 11-1-3: a unit that
    cannot retreat the full number of hexes has no route (it is removed)."""
    b = board()
    attackers = ["0201", "0401"]
    routes = retreat_routes(b, "0302", 2, away_from=attackers)
    assert routes
    for r in routes:
        ds = [min(b.distance(c, a) for a in attackers) for c in ["0302", *r]]
        assert ds == sorted(set(ds)) and len(r) == 2
    assert retreat_routes(b, "0302", 9, away_from=attackers) == []
    assert retreat_routes(b, "0302", 0) == [[]]


def test_yukimura_chain_retreat_example_ye1_geometry():
    """YE1 (rules/yukimura.md): the riflemen R retreat 2 hexes through the mounted unit M and the
    ashigaru A; R shifts 1 more hex (11-2-5) avoiding enemy ZOC; M's failed chain check sends it
    into the one legal hex, held by R; R moves 1 more hex. Each move is one call here."""
    b = build_board({"grid": {"kind": "hex", "columns": 3, "rows": 6}})
    attacker, other_enemy = "0201", "0306"
    enemy_zoc = zone(b, [attacker, other_enemy]) | {attacker, other_enemy}
    R, M, A = "0202", "0203", "0204"
    # YE1-1: a 2-hex retreat may pass through friendly units; passing M and ending on A is a route
    routes = retreat_routes(b, R, 2, away_from=[attacker], forbidden=enemy_zoc, friendly={M, A},
                            through_friendly=True)
    assert [M, A] in routes
    assert [M, A] not in retreat_routes(b, R, 2, away_from=[attacker], forbidden=enemy_zoc, friendly={M, A})
    # YE1-2: R shares A's hex and must move one more hex, never into an enemy ZOC
    shift = retreat_cells(retreat_routes(b, A, 1, forbidden=enemy_zoc | {M}))
    assert shift == ["0104", "0105", "0304"]
    assert "0205" in retreat_cells(retreat_routes(b, A, 1))  # only the ZOC keeps R out of 0205
    X = "0104"  # the owner's choice, next to M
    # YE1-3: M fails its chain check and must retreat 1 hex; with every other hex shut the only legal
    # one holds R, already retreated: a friendly hex it may enter (11-2, then 11-2-5 again)
    shut = enemy_zoc | {"0103", "0303", "0304", A}
    assert retreat_routes(b, M, 1, forbidden=shut, friendly={X}, through_friendly=True) == [[X]]
    # YE1-4: R moves 1 hex out of the shared hex, not into an enemy ZOC (no chain check: the game's)
    assert retreat_cells(retreat_routes(b, X, 1, forbidden=enemy_zoc | {M, A})) == ["0103", "0105"]


def test_advance_along_the_vacated_route():
    """Bakumatsu 10-2(9): into the vacated hex only. Yukimura 11-3-3: along the retreat path up to,
    not into, the loser's new hex, stopping behind any unit; serial advances stop behind the first."""
    assert advance_cells("0302", ["0303"], hexes=1) == ["0302"]
    route = ["0303", "0304", "0305"]
    assert advance_cells("0302", route) == ["0302", "0303", "0304"]
    assert advance_cells("0302", route, occupied={"0304"}) == ["0302", "0303"]
    first = advance_cells("0302", route)[-1]
    assert advance_cells("0302", route, occupied={first}) == ["0302", "0303"]
    assert advance_cells("0302", route, occupied={"0302"}) == []
    b = board(hexsides={"river": [["0302", "0303"]]})
    assert advance_cells("0302", route, may_enter=no_river(b), frm="0301") == ["0302"]


class _Step(RetreatStep):
    """A game's retreat step as Bakumatsu and Yukimura declare theirs: words, options, own checks."""

    clause = "t.11"
    refusals = {"hex": ("t.hex", ("t.11",)), "off": ("t.off", ("t.11.1",)), "step": ("t.step", ("t.11",)),
                "enemy": ("t.enemy", ("t.11.1",)), "zoc": ("t.zoc", ("t.11.1", "t.3"))}

    def options(self, g, state):
        r = state["retreat"]
        forbidden = g.situation(state).enemy_cells("red") | g.situation(state).enemy_zone("red")
        return retreat_cells(retreat_routes(g.board, r["path"][-1], 1, may_enter=no_river(g.board),
                                            forbidden=forbidden | set(r["path"])))

    def refuse_more(self, g, state, uid, here, target):
        if "river" in g.board.features(here, target):
            return refuse("t.river", "t.11.2", to={"c": target})
        return refuse("t.dead-end", "t.11.4", to={"c": target})


def test_retreat_step_owner_actions_and_the_shared_refusals_in_order():
    """engine RetreatStep: the retreating unit's owner acts; ``retreat @hex`` for each option; the
    refusals every retreat shares (malformed, off the map, not one step on, enemy hex, enemy zone of
    control) in that order with the game's words and clauses, then the game's own."""
    b = board(hexsides={"river": [["0202", "0203"]]})
    enemy = ["0402"]
    situation = SimpleNamespace(enemy_cells=lambda side: set(enemy), enemy_zone=lambda side: zone(b, enemy))
    g = SimpleNamespace(board=b, scenario=SimpleNamespace(units={"r1": {"side": "red"}, "b1": {"side": "blue"}}),
                        situation=lambda state: situation)
    step = _Step()
    state = {"retreat": {"unit": "r1", "path": ["0201", "0202"]}}
    assert step.player(g, state) == "red"
    options = step.options(g, state)
    assert options and "0203" not in options and "0201" not in options
    assert list(step.actions(g, state)) == [Action("retreat", cell=c) for c in options]
    assert all(step.refuse_retreat(g, state, Action("retreat", cell=c)) is None for c in options)

    def why(action):
        found = step.refuse_retreat(g, state, action)
        return found.message["key"], found.clauses, found.message.get("args", {}).get("to")

    assert why(Action("retreat", ("r1",), "0102")) == ("t.hex", ("t.11",), None)
    assert why(Action("retreat", arg="x")) == ("t.hex", ("t.11",), None)
    assert why(Action("retreat", cell="out")) == ("t.off", ("t.11.1",), {"c": "out"})
    assert why(Action("retreat", cell="0404")) == ("t.step", ("t.11",), {"c": "0404"})  # not next to 0202
    assert why(Action("retreat", cell="0201")) == ("t.step", ("t.11",), {"c": "0201"})  # been there
    assert why(Action("retreat", cell="0203")) == ("t.river", ("t.11.2",), {"c": "0203"})  # the game's own
    state["retreat"]["path"] = ["0301", "0302"]  # next to the enemy on 0402 and its zone on 0303
    assert why(Action("retreat", cell="0402")) == ("t.enemy", ("t.11.1",), {"c": "0402"})
    assert "0303" in zone(b, enemy) and why(Action("retreat", cell="0303")) == ("t.zoc", ("t.11.1", "t.3"), {"c": "0303"})
