"""The worked example YE1 (chain retreats, 11-2) step by step, with the owner choosing the riflemen
both times (ruling 3), and the retreat restrictions of 11-1."""
from __future__ import annotations

import pytest

from .helpers import play, texts
from .test_rules import E_ASH, E_CAV, E_RIF, E_RIF2, O_ASH, O_CAV, R, legal, position, refusal

#: the Eastern riflemen (Tadanao's, M3) attacked by an Osaka mounted unit from Y:2105; Tadanao's
#: mounted unit (M5) on the first hex of the way back, his foot (M3) on the second
START = {O_CAV: "Y:2105", E_RIF: "Y:2106", E_CAV: "Y:2107", E_ASH: "Y:2108"}


@pytest.mark.rules("yukimura.11-2.into-friendly", "yukimura.11-2-1.chain-marker", "yukimura.11-2-5.double-occupancy",
                   "yukimura.11-2.chain-retreat-check", "yukimura.11-2-3.chain-result", "yukimura.11-2-4.cascade",
                   "yukimura.11-2-4.exempt-retreated", "yukimura.11-2-4.exempt-chained", "yukimura.10-3-1.d-n",
                   "yukimura.11-3-3.h2h-retreat-advance", "yukimura.11-3-3.stop-at-enemy",
                   "yukimura.11-3.participants-only", "yukimura.2-2-2.markers")
def test_ye1_chain_retreat_step_by_step():
    s = position(START, phase="h2h", active="osaka")
    s, _ = play(R, s, f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6")  # 0 column, 11: D2
    s, ev = play(R, s, "roll =3")  # 3 + 2 - 3 = 2: retreat 2 hexes
    assert s["retreat"]["left"] == 2
    # YE1-1: the riflemen retreat through the mounted unit, which gets a Chain Retreat marker
    s, ev = play(R, s, "retreat @Y:2107")
    assert s["markers"] == [E_CAV] and "Chain Retreat marker" in " ".join(texts(R, ev))
    # YE1-2: the second hex holds the foot soldiers: two units in one hex, the owner chooses
    s, ev = play(R, s, "retreat @Y:2108")
    assert s["phase"] == "double" and R.current_player(s) == "east" and s["markers"] == [E_CAV, E_ASH]
    assert sorted(legal(R, s)) == sorted([f"extra {E_ASH}", f"extra {E_RIF}"])
    s, _ = play(R, s, f"extra {E_RIF}")
    assert "Y:2106" not in legal(R, s) and "retreat @Y:2207" in legal(R, s)
    s, _ = play(R, s, "retreat @Y:2207")
    # YE1-3: the mounted unit's chain-retreat check (no modifier) fails: die 6 - morale 5 = 1
    assert s["phase"] == "check" and s["check"] == {"unit": E_CAV, "plus": 0, "chain": True, "sources": []}
    s, ev = play(R, s, "roll =6")
    assert "die 6 − morale 5 = 1" in " ".join(texts(R, ev))
    assert "retreat @Y:2106" not in legal(R, s)  # next to the attacker: its zone of control (11-1-2(2))
    s, _ = play(R, s, "retreat @Y:2207")  # into the riflemen's hex
    # YE1-4: the riflemen move one hex more and take no chain-retreat check
    assert s["phase"] == "double"
    s, _ = play(R, s, f"extra {E_RIF}", "retreat @Y:2208")
    # YE1-5: the foot soldiers' check: they pass and stay
    assert s["phase"] == "check" and s["check"]["unit"] == E_ASH
    s, ev = play(R, s, "roll =2")
    log = " ".join(texts(R, ev))
    assert "stays" in log and "already retreated" in log  # the riflemen: no check (11-2-4(1))
    # YE1-6: the attacker may advance along the riflemen's path, up to the first hex held by a unit
    assert s["phase"] == "advance"
    assert sorted(a for a in legal(R, s) if a.startswith("advance")) == [f"advance {O_CAV} @Y:2106",
                                                                           f"advance {O_CAV} @Y:2107"]
    s, _ = play(R, s, f"advance {O_CAV} @Y:2107")
    assert s["units"][E_RIF]["at"] == "Y:2208" and s["units"][E_CAV]["at"] == "Y:2207"
    assert s["markers"] == [] and s["phase"] == "h2h" or s["phase"] != "advance"


@pytest.mark.rules("yukimura.11-1-1.away", "yukimura.11-1-2.no-enemy-hex", "yukimura.11-1-2.no-enemy-zoc")
def test_a_retreat_goes_away_and_not_into_enemies_or_their_zones():
    s = position({O_CAV: "Y:2105", E_RIF: "Y:2106", O_ASH: "Y:2308"}, phase="h2h", active="osaka")
    s, _ = play(R, s, f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6", "roll =3")  # D2: 3+2-3 = 2
    options = legal(R, s)
    assert "retreat @Y:2105" not in options and "yukimura.11-1-2.no-enemy-hex" in refusal(s, "retreat @Y:2105")
    assert "yukimura.11-1-2.no-enemy-zoc" in refusal(s, "retreat @Y:2205")  # next to the attacker
    s, _ = play(R, s, "retreat @Y:2107")
    b = R.d.board
    level = [n for n in b.neighbors["Y:2107"] if b.distance(n, "Y:2105") == 2 and n != "Y:2106"]
    assert level and all(f"retreat @{n}" not in legal(R, s) for n in level)
    assert "yukimura.11-1-1.away" in refusal(s, f"retreat @{level[0]}")


@pytest.mark.rules("yukimura.11-1-3.short-removed", "yukimura.11-1-2.no-offmap")
def test_a_unit_that_cannot_retreat_in_full_is_removed():
    """An Eastern unit on the south edge, attacked from the north, hemmed in by zones of control."""
    s = position({O_CAV: "Y:0527", E_RIF: "Y:0528", O_ASH: "Y:0330", "Y-kimura-ash-03": "Y:0730"},
                 phase="h2h", active="osaka")
    s, ev = play(R, s, f"attack {O_CAV} @Y:0528", "resolve", "roll =5", "roll =6", "roll =6")  # 6 + 2 - 3 = 5
    assert s["units"][E_RIF]["at"] is None
    s = position({O_CAV: "Y:0527", E_RIF: "Y:0528", O_ASH: "Y:0330", "Y-kimura-ash-03": "Y:0730"},
                 phase="h2h", active="osaka")
    s, ev = play(R, s, f"attack {O_CAV} @Y:0528", "resolve", "roll =5", "roll =6", "roll =5")  # 4 hexes
    assert s["units"][E_RIF]["at"] is None and "cannot retreat the full distance" in " ".join(texts(R, ev))


#: YE1's position with one more Eastern unit in Y:2207, where the riflemen's extra hex goes
LOOP = {**START, E_RIF2: "Y:2207"}


def _double_after_first_extra():
    """YE1 up to its first double occupancy, then the riflemen's extra hex into Y:2207, which holds
    a friendly unit: a second double occupancy in the same combat."""
    s = position(LOOP, phase="h2h", active="osaka")
    s, _ = play(R, s, f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6", "roll =3",
                "retreat @Y:2107", "retreat @Y:2108", f"extra {E_RIF}", "retreat @Y:2207")
    assert s["phase"] == "double" and s["double"]["units"] == [E_RIF2, E_RIF]
    return s


@pytest.mark.rules("yukimura.11-2-5.double-occupancy", "yukimura.11-1-3.short-removed")
def test_an_extra_hex_never_returns_to_a_hex_left_by_an_extra_hex():
    """Ruling X1: Y:2108 still holds the foot soldiers. Going back there would make a third double
    occupancy, from which the foot soldiers could come back here, and so on for ever."""
    s = _double_after_first_extra()
    assert s["double"]["been"] == {E_RIF: ["Y:2108", "Y:2207"]}
    s, _ = play(R, s, f"extra {E_RIF}")
    assert "retreat @Y:2108" not in legal(R, s)
    why = refusal(s, "retreat @Y:2108")
    assert "already stood in Y:2108" in why and "yukimura.11-2-5.double-occupancy" in why
    assert legal(R, s)  # other hexes are open
    # in a game begun before ruling X2 the other unit, which has taken no extra hex yet, may go to
    # Y:2108 (a new double occupancy)
    s = _double_after_first_extra()
    s = {**s, "revision": 2}
    s, _ = play(R, s, f"extra {E_RIF2}")
    assert "retreat @Y:2108" in legal(R, s)
    s, _ = play(R, s, "retreat @Y:2108")
    assert s["phase"] == "double" and s["double"]["been"] == {E_RIF: ["Y:2108", "Y:2207"],
                                                               E_RIF2: ["Y:2207", "Y:2108"]}


@pytest.mark.rules("yukimura.11-2-5.double-occupancy", "yukimura.11-1-3.short-removed")
def test_no_extra_hex_enters_a_hex_an_extra_hex_has_touched():
    """Ruling X2 (rules revision 3): the riflemen left Y:2108 and entered Y:2207 by extra hexes, so
    the foot soldiers' unit in Y:2207 may take neither, though it has taken no extra hex itself."""
    s = _double_after_first_extra()
    assert s["revision"] == R.revision >= 3
    s, _ = play(R, s, f"extra {E_RIF2}")
    assert "retreat @Y:2108" not in legal(R, s) and "retreat @Y:2207" not in legal(R, s)
    why = refusal(s, "retreat @Y:2108")
    assert "Y:2108 has already been left or entered by an extra hex" in why
    assert "yukimura.11-2-5.double-occupancy" in why
    assert legal(R, s)  # other hexes are open


def _packed_line() -> dict:
    """An Eastern unit attacked on Y:2106 by an Osaka mounted unit, with fourteen Eastern units
    packed behind it (columns 20-23, rows 07-10): every way back runs into friends."""
    keys = {u for us in R.d.key_leaders.values() for u in us}
    east = [u for u in R.d.by_side["east"] if u not in keys and u != E_RIF][:14]
    cells = [f"Y:{c:02d}{r:02d}" for r in (7, 8, 9, 10) for c in (20, 21, 22, 23)][:14]
    placed = {O_CAV: "Y:2105", E_RIF: "Y:2106", **dict(zip(east, cells))}
    return position(placed, phase="h2h", active="osaka")


def _extra_hexes_when_the_owner_always_picks_a_friend(s: dict) -> tuple[int, dict]:
    """Play the combat out, the owner always sending the first unit of a double occupancy into a
    friend's hex when the rules let him (the longest chain), every check passed: how many extra
    hexes it took, and the state after."""
    extras = 0
    for _ in range(5000):
        if s["phase"] == "double":
            extras += 1
            s, _ = play(R, s, f"extra {s['double']['units'][0]}")
        elif s["phase"] == "retreat":
            options = legal(R, s)
            held = {x["at"] for u, x in s["units"].items() if u != s["retreat"]["unit"]}
            s, _ = play(R, s, next((a for a in options if a.split("@")[1] in held), options[0]))
        elif s["phase"] == "check":
            s, _ = play(R, s, "roll =1")
        else:
            return extras, s
    raise AssertionError("the combat did not end")


@pytest.mark.rules("yukimura.11-2-5.double-occupancy")
def test_a_chain_of_extra_hexes_through_a_packed_line_is_short():
    """Ruling X2: under X1 alone an owner who always sends the extra hex into a friend's hex walks
    it through the whole line many times over; with X2 each extra hex takes a new hex."""
    attack = (f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6", "roll =3")
    s, _ = play(R, _packed_line(), *attack)
    now, end = _extra_hexes_when_the_owner_always_picks_a_friend(s)
    assert R.validate(end) == [] and end["phase"] not in ("double", "retreat", "check")
    s, _ = play(R, {**_packed_line(), "revision": 2}, *attack)
    before, end = _extra_hexes_when_the_owner_always_picks_a_friend(s)
    assert R.validate(end) == []
    assert now <= 16 < 2 * now < before


@pytest.mark.rules("yukimura.11-2-5.double-occupancy")
def test_passing_the_extra_hex_back_and_forth_comes_to_an_end():
    """The owner always sends a unit into the other occupied hex when the rules let him: the
    procedure ends (before ruling X1 it went on for ever), and every step is legal."""
    s = _double_after_first_extra()
    for _ in range(60):
        if s["phase"] == "double":
            s, _ = play(R, s, f"extra {s['double']['units'][0]}")
        elif s["phase"] == "retreat":
            options = legal(R, s)
            occupied = [a for a in options if any(x["at"] == a.split("@")[1] for u, x in s["units"].items()
                                                  if u != s["retreat"]["unit"])]
            s, _ = play(R, s, (occupied or options)[0])
        elif s["phase"] == "check":
            s, _ = play(R, s, "roll =1")
        else:
            break
    assert s["phase"] not in ("double", "retreat", "check")
    assert R.validate(s) == []


@pytest.mark.rules("yukimura.11-2-5.double-occupancy")
def test_a_game_begun_before_ruling_x1_keeps_the_earlier_reading():
    """Saves and links live for ever: a state without a rules revision (made before X1) replays and
    plays on as it did, the extra hex free to return; a new game records the rules' revision (1
    since X1)."""
    assert R.setup(7)["revision"] == R.revision >= 1
    s = R.begun_under(position(LOOP, phase="h2h", active="osaka"), 0)  # its key leaders where they began
    assert "revision" not in s and R.validate(s) == []
    s, _ = play(R, s, f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6", "roll =3",
                "retreat @Y:2107", "retreat @Y:2108", f"extra {E_RIF}", "retreat @Y:2207", f"extra {E_RIF}")
    assert "been" not in s["retreat"] and "retreat @Y:2108" in legal(R, s)


def test_a_tampered_link_with_no_way_on_is_refused():
    """Every hex around the retreating unit named in its record of extra hexes (ruling X1): the
    position passes the schema and the game's checks but nobody could act; the link is refused."""
    from kassen.engine.codec import check_state
    from kassen.engine.errors import LinkError

    s = _double_after_first_extra()
    s, _ = play(R, s, f"extra {E_RIF}")
    check_state(R, s)  # the real position opens
    here = s["retreat"]["path"][-1]
    s["retreat"]["been"] = {E_RIF: list(R.d.board.neighbors[here])}
    assert R.validate(s) == [] and not list(R.legal_actions(s))
    with pytest.raises(LinkError, match="nothing they may do"):
        check_state(R, s)
