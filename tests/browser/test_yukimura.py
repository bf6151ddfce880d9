"""Yukimura Gaiden in the page: Yao from its set-up (a move by clicking), a fire and a hand-to-hand
combat with a retreat chosen hex by hex from a linked position, a link round trip into a fresh
browser; the connected scenario: Hideyori's staging and play on both maps in one turn. Every
action goes through the page as a player would do it; a CPython mirror (play.Player) plans and
checks each step, and the page's play link must equal CPython's encoding of the same game."""
from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.engine.actions import Action

from .play import Player, drawn_positions, fragment_of, positions, status

pytestmark = pytest.mark.browser


def first(p: Player, verb: str, unit: str | None = None) -> str:
    for a in p.legal():
        act = Action.parse(a)
        if act.verb == verb and (unit is None or act.units == (unit,)):
            return a
    raise AssertionError(f"no {verb} among {p.legal()[:20]}")


def test_yao_move_fire_hand_to_hand_retreat_and_links(open_app: Callable[..., Page],
                                                      open_fresh: Callable[[str], Page]) -> None:
    page = open_app("/?scenario=yao&seed=3")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "yao", 3)
    assert status(page)["Turn"].startswith("1 of 12")
    move = first(p, "move", "Y-kawate-cav")
    p.click_unit("Y-kawate-cav")
    expect(page.locator("#map .cell.legal")).not_to_have_count(0)
    p.do(move)
    assert positions(page)["Y-kawate-cav"] == Action.parse(move).cell
    expect(page.locator("#log")).to_contain_text("Kawate")

    # a linked position: Tōdō's riflemen next to Kimura's foot, in the Eastern firing step
    from tests.games.yukimura.test_rules import E_CAV, E_RIF, O_ASH, position

    s = position({E_RIF: "Y:2106", E_CAV: "Y:2204", O_ASH: "Y:2105", "Y-kimura-ash-02": "Y:2304"}, phase="fire")
    page = open_app("/#" + codec.encode(p.rules, "p", s))
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "yao", 1, state=s)
    p.do(f"fire {E_RIF} @Y:2105")
    assert "Fire strength" in status(page)["Fire"] and "column 3" in status(page)["Fire"]
    p.do("resolve")
    while p.state["phase"] in ("dice", "check", "retreat", "double", "advance"):
        verbs = {Action.parse(a).verb for a in p.legal()}
        if "retreat" in verbs:
            p.do(first(p, "retreat"))
        elif "extra" in verbs:
            p.do(first(p, "extra"))
        elif "advance" in verbs or "stay" in verbs:
            p.do("stay")
        else:
            break
    expect(page.locator("#log")).to_contain_text("fires at")
    # hand-to-hand: the Ii cavalry charges the foot at Y:2304 (or the one fired at, if it stayed)
    if p.state["segment"] == "fire":
        p.do("end")
    assert p.state["segment"] == "h2h"
    attack = first(p, "attack", E_CAV)
    p.do(attack)
    assert "difference" in status(page)["Hand-to-hand"]
    p.do("resolve")
    for _ in range(12):
        verbs = {Action.parse(a).verb for a in p.legal()}
        if "retreat" in verbs:
            p.do(first(p, "retreat"))
        elif "extra" in verbs:
            p.do(first(p, "extra"))
        elif "advance" in verbs:
            p.do(first(p, "advance"))
        else:
            break
    expect(page.locator("#log")).to_contain_text("attacks")

    # links: the play link is CPython's; the spectator link opens read-only in a fresh browser
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()
    spectator = p.link(secrets=False)
    other = open_fresh(spectator)
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    expect(other.locator("#actions button")).to_have_count(0)


def test_yao_retreat_is_chosen_hex_by_hex(open_app: Callable[..., Page]) -> None:
    from tests.games.yukimura.test_rules import E_CAV, O_ASH, R, position

    s = position({E_CAV: "Y:2106", O_ASH: "Y:2105"}, phase="h2h")
    s, _ = R.apply(s, f"attack {E_CAV} @Y:2105")
    s, _ = R.apply(s, "resolve")
    for die in ("6", "5"):  # +1 column, 11: D3
        s, _ = R.apply(s, f"roll ={die}")
    s, _ = R.apply(s, "roll =3")  # 3 + 3 - 4 = 2: two hexes
    assert s["phase"] == "retreat" and s["retreat"]["left"] == 2
    page = open_app("/#" + codec.encode(R, "p", s))
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "yao", 1, state=s)
    assert p.to_move == "osaka"
    step = first(p, "retreat")
    p.do(step)
    expect(page.locator("#map .retreat-path")).to_have_count(1)
    p.do(first(p, "retreat"))
    assert positions(page)[O_ASH] == p.state["units"][O_ASH]["at"] != "Y:2105"
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()


def test_connected_both_maps_in_one_turn(open_app: Callable[..., Page]) -> None:
    page = open_app("/?scenario=connected&seed=2")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "connected", 2)
    assert p.to_move == "osaka"
    p.do("stage @Y:2801")
    expect(page.locator("#map .hideyori-staged")).to_have_count(1)
    # the Eastern Movement Phase: Date enters on the Dōmyōji map, Ii's men move on the Yao map
    enter = first(p, "enter")
    p.do(enter)
    assert p.rules.d.map_of(Action.parse(enter).cell) == "D"
    move = first(p, "move", "Y-kawate-cav")
    p.do(move)
    assert p.rules.d.map_of(Action.parse(move).cell) == "Y"
    assert positions(page)["Y-kawate-cav"] == Action.parse(move).cell
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()


@pytest.mark.parametrize("scenario", ["domyoji", "goto-dream"])
def test_domyoji_maps_move_fire_hand_to_hand_and_links(scenario: str, open_app: Callable[..., Page],
                                                       open_fresh: Callable[[str], Page]) -> None:
    """Dōmyōji and Gotō's Dream: Date's men enter on turn 1; then, from a linked position on the
    Ishikawa, Mizuno's riflemen fire and his horse charges with a retreat chosen on the map."""
    from kassen.engine.state import clone
    from kassen.games import load_rules

    page = open_app(f"/?scenario={scenario}&seed=5")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, scenario, 5)
    enter = first(p, "enter")
    p.do(enter)
    assert positions(page)[Action.parse(enter).units[0]] == Action.parse(enter).cell

    r = load_rules(scenario)
    s = clone(r.setup(5))
    for uid, u in r.d.units.items():
        if u.start:
            s["units"][uid]["at"] = None
    s["units"].update({"D-mizuno-rif-01": {"at": "D:0706"}, "D-mizuno-cav-01": {"at": "D:0804"},
                       "D-goto-ash-01": {"at": "D:0705"}, "D-goto-ash-02": {"at": "D:0904"}})
    s.update({"phase": "fire", "segment": "fire", "active": "east", "turn": 2})
    assert r.validate(s) == []
    page = open_app("/#" + codec.encode(r, "p", s))
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, scenario, 1, state=s)
    p.do("fire D-mizuno-rif-01 @D:0705")
    p.do("resolve")
    for _ in range(12):
        verbs = {Action.parse(a).verb for a in p.legal()}
        if "retreat" in verbs:
            p.do(first(p, "retreat"))
        elif "extra" in verbs:
            p.do(first(p, "extra"))
        elif "stay" in verbs:
            p.do("stay")
        else:
            break
    if p.state["segment"] == "fire":
        p.do("end")
    p.do(first(p, "attack", "D-mizuno-cav-01"))
    assert "difference" in status(page)["Hand-to-hand"]
    p.do("resolve")
    for _ in range(12):
        verbs = {Action.parse(a).verb for a in p.legal()}
        if "retreat" in verbs:
            p.do(first(p, "retreat"))
        elif "extra" in verbs:
            p.do(first(p, "extra"))
        elif "advance" in verbs:
            p.do(first(p, "advance"))
        else:
            break
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()
    other = open_fresh(p.link(secrets=False))
    assert positions(other) == drawn_positions(p.rules, p.view(None))
