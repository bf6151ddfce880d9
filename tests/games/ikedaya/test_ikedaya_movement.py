"""Movement: 5 MP for a Shinsengumi, unlimited for a Ronin; 1 MP a square, 2 by the Stairs or the
back-stairs arrow; no diagonals; the stop rule on the same floor only; counters locked in place;
never into an enemy square; walls block."""
import pytest

from kassen.engine.errors import IllegalAction
from kassen.games.ikedaya.movement import occupancy, reachable

from .helpers import apply, at, destinations, get_rules, is_legal, legal, position


@pytest.fixture(scope="module")
def rules():
    return get_rules()


def costs(rules, state, start, side, mp=None):
    return reachable(rules.data, occupancy(rules.data, state["units"]), start, side, mp)


@pytest.mark.rules("ikedaya.move.ma-shinsengumi")
def test_shinsengumi_have_five_movement_points(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "1A4"})
    dest = destinations(rules, s, "kondo")
    assert {"2A1", "2A3", "2B4"} <= dest  # exactly 5 MP away
    assert "2A4" not in dest  # 6 MP away
    with pytest.raises(IllegalAction, match="ikedaya.move.ma-shinsengumi"):
        rules.apply(s, "move kondo @2A4")


@pytest.mark.rules("ikedaya.move.ma-ronin")
def test_ronin_have_unlimited_movement(rules):
    s = position(rules, {"kondo": "1A1", "katsura": "2A4"}, active="ronin")
    assert costs(rules, s, "2A4", "ronin")["Street"] == 7  # 7 MP of moving, in one action
    assert "Street" in destinations(rules, s, "katsura")
    s = apply(rules, s, "move katsura @Street")
    assert at(s, "katsura") == "Street"


@pytest.mark.rules("ikedaya.move.cost-same-floor")
def test_one_mp_per_square_on_a_floor(rules):
    s = position(rules, {"kondo": "1A1", "katsura": "2A4"})
    got = costs(rules, s, "1A1", "shinsengumi", 5)
    want = {"1B1": 1, "1C1": 2, "1B2": 2, "1C2": 3, "1B3": 3, "1A3": 4, "1C3": 4, "1B4": 4, "1A4": 5, "1C4": 5,
            "Street": 3, "2C2": 4, "2C1": 5, "2C3": 5}
    assert got == want
    assert destinations(rules, s, "kondo") == set(want)


@pytest.mark.rules("ikedaya.move.cost-stairs")
def test_the_stairs_cost_two(rules):
    s = position(rules, {"kondo": "2A1", "katsura": "2A4"})
    got = costs(rules, s, "2A1", "shinsengumi", 5)
    assert got["2C2"] == 3 and got["1C1"] == 5
    dest = destinations(rules, s, "kondo")
    assert "1C1" in dest and not dest & {"1B1", "1C2", "1B2", "Street"}


@pytest.mark.rules("ikedaya.move.arrow-adjacent")
def test_squares_joined_by_an_arrow_are_adjacent(rules):
    s = position(rules, {"kondo": "1C4", "katsura": "2C4"})
    assert is_legal(rules, s, "attack kondo @2C4")
    s2 = position(rules, {"kondo": "1C4", "katsura": "2A1"})
    assert "2C4" in destinations(rules, s2, "kondo")


@pytest.mark.rules("ikedaya.move.arrow-cost")
def test_the_back_stairs_arrow_costs_two(rules):
    assert rules.board.connection("1C4", "2C4").cost == 2
    s = position(rules, {"kondo": "2C4", "katsura": "2A1"})
    got = costs(rules, s, "2C4", "shinsengumi", 5)
    assert got["1C4"] == 2 and got["1B4"] == 3 and got["1A4"] == 4 and got["1A3"] == 5
    s = position(rules, {"kondo": "2C4", "katsura": "2C2"})  # front stairs closed: the arrow is the way down
    assert "1C4" in destinations(rules, s, "kondo") and "1A3" in destinations(rules, s, "kondo")


@pytest.mark.rules("ikedaya.move.no-diagonal")
def test_squares_touching_at_a_corner_are_not_adjacent(rules):
    # 1B1 and 1C2 touch only at a corner: no lock, no combat, and 2 MP between them
    s = position(rules, {"kondo": "1C2", "katsura": "1B1"})
    assert "1C3" in destinations(rules, s, "kondo")  # not locked
    assert not is_legal(rules, s, "attack kondo @1B1")
    assert costs(rules, position(rules, {"kondo": "1B1", "katsura": "2A4"}), "1B1", "shinsengumi")["1C2"] == 2


@pytest.mark.rules("ikedaya.move.entrance-court-adjacent")
def test_entrance_and_court_are_adjacent(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2A4"})
    assert costs(rules, s, "1C1", "shinsengumi")["1B2"] == 1
    s = position(rules, {"kondo": "1C1", "katsura": "1B2"})
    assert destinations(rules, s, "kondo") == set()  # locked by the Ronin in the Court
    assert is_legal(rules, s, "attack kondo @1B2")


@pytest.mark.rules("ikedaya.move.stack-moves-as-one")
def test_a_stack_moves_together(rules):
    s = position(rules, {"kondo": "1C1", "nagakura": "1C1", "todo": "1C1", "katsura": "2A4"})
    s = apply(rules, s, "move kondo,nagakura,todo @1C3")
    assert [at(s, u) for u in ("kondo", "nagakura", "todo")] == ["1C3"] * 3
    assert all(s["units"][u]["spent"] for u in ("kondo", "nagakura", "todo"))
    # a stack moves at the pace of its counters and stops where any one must
    s = position(rules, {"kondo": "1C1", "nagakura": "1C1", "katsura": "2A4"})
    assert destinations(rules, s, "kondo,nagakura") == destinations(rules, s, "kondo")


@pytest.mark.rules("ikedaya.move.no-enemy-square")
def test_never_into_an_enemy_square(rules):
    s = position(rules, {"kondo": "1C3", "katsura": "1A1"}, active="shinsengumi")
    assert "1A1" not in destinations(rules, s, "kondo")
    with pytest.raises(IllegalAction, match="ikedaya.move.no-enemy-square"):
        rules.apply(s, "move kondo @1A1")
    # nor through one: a Ronin cannot walk out through a guarded Entrance
    s = position(rules, {"takeda": "1C1", "katsura": "2C2"}, active="ronin")
    assert not destinations(rules, s, "katsura") & {"1C1", "Street"}


@pytest.mark.rules("ikedaya.zoc.stop-same-floor")
def test_a_mover_stops_next_to_an_enemy_on_its_floor(rules):
    s = position(rules, {"kondo": "1C1", "katsura": "2C1"})
    dest = destinations(rules, s, "kondo")
    assert "2C2" in dest and "2C3" not in dest  # 2C3 lies beyond 2C2, where Kondō must stop
    assert "2C4" in dest  # by the back stairs, never next to Katsura
    with pytest.raises(IllegalAction, match="ikedaya.zoc.stop-same-floor"):
        rules.apply(s, "move kondo @2C3")


@pytest.mark.rules("ikedaya.zoc.no-stop-cross-floor")
def test_an_enemy_on_the_other_floor_does_not_stop_a_mover(rules):
    # the Shinsengumi on 2C4 is adjacent to 1C4 by the back-stairs arrow: the Ronin walks past him
    s = position(rules, {"kondo": "2C4", "katsura": "1A4"}, active="ronin")
    assert "Street" in destinations(rules, s, "katsura")
    # and a counter next to an enemy on the other floor is not locked
    s = position(rules, {"kondo": "1C1", "katsura": "2C2"})
    assert {"1C2", "1B1"} <= destinations(rules, s, "kondo")


@pytest.mark.rules("ikedaya.zoc.locked-at-start")
def test_a_counter_starting_next_to_an_enemy_cannot_move(rules):
    s = position(rules, {"kondo": "2C2", "nagakura": "2C2", "katsura": "2C1"})
    assert not any(a.verb == "move" for a in rules.legal_actions(s))
    assert is_legal(rules, s, "attack kondo,nagakura @2C1")  # ruling r07: it may fight in place
    with pytest.raises(IllegalAction, match="ikedaya.zoc.locked-at-start"):
        rules.apply(s, "move kondo @2C3")


@pytest.mark.rules("ikedaya.map.wall")
def test_a_wall_blocks_adjacency(rules):
    # 2B4 | 2C4: no lock, no combat, no step across
    s = position(rules, {"kondo": "2C4", "katsura": "2B4"})
    assert not is_legal(rules, s, "attack kondo @2B4")
    assert "2C3" in destinations(rules, s, "kondo")
    s = position(rules, {"kondo": "2C4", "katsura": "2B4"}, active="ronin")
    assert "2A4" in destinations(rules, s, "katsura")
    assert rules.data.same_floor["1B3"] == {"1A3", "1B4", "1B2"}  # not 1C3
    s = position(rules, {"kondo": "1C3", "katsura": "2A4"})
    assert costs(rules, s, "1C3", "shinsengumi")["1B3"] == 3  # around by 1C2 and the Court, not straight
    with pytest.raises(IllegalAction):
        rules.apply(position(rules, {"kondo": "1C3", "katsura": "1B3"}), "attack kondo @1B3")


def test_moving_through_a_full_friendly_square(rules):
    """Ruling n03: stacking counts where counters stop; a full square may be crossed."""
    s = position(rules, {"kondo": "1C1", "nagakura": "1C2", "todo": "1C2", "takeda": "1C2", "katsura": "2A4"})
    dest = destinations(rules, s, "kondo")
    assert "1C2" not in dest and "1C3" in dest
    assert "move kondo @1C3" in legal(rules, s)


def _walks(rules, occ, start, side, mp):
    """Every endpoint of every step-by-step walk the movement rules allow (brute force): never into
    an enemy square, never on from a square next to a same-floor enemy or from a box, within MP."""
    from kassen.games.ikedaya.movement import enemy_in, enemy_next_to

    data = rules.data
    ends: set[str] = set()

    def walk(cell, spent, seen):
        for step in data.moves[cell]:
            nxt = step.to
            if nxt in seen or (nxt in data.square_set and enemy_in(data, occ, nxt, side)):
                continue
            cost = spent + step.cost
            if mp is not None and cost > mp:
                continue
            ends.add(nxt)
            if nxt in data.square_set and not enemy_next_to(data, occ, nxt, side):
                walk(nxt, cost, seen | {nxt})

    walk(start, 0, {start})
    return ends


def test_one_action_per_destination_is_exact(rules):
    """The outcome of a move depends only on where it ends: nothing along the way has an effect (no
    terrain, no hidden counters, a square that forces a stop cannot be passed), so a move is one
    action per destination. Here the search's destinations equal every walk's endpoints."""
    import random

    from kassen.engine.play import random_game

    checked = 0
    for seed in range(1, 25):
        state, _ = random_game(rules, seed, max_actions=random.Random(seed).randrange(12, 120))
        occ = occupancy(rules.data, state["units"])
        for uid in rules.data.unit_order:
            at_ = state["units"][uid]["at"]
            if at_ not in rules.data.square_set:
                continue
            side = rules.data.counters[uid].side
            mp = rules.data.mp.get(side)
            got = set(reachable(rules.data, occ, at_, side, mp))
            assert got == _walks(rules, occ, at_, side, mp), (seed, uid)
            checked += 1
    assert checked > 100
