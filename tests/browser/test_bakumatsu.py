"""Bakumatsu (Game Journal #96) in the page: Toba-Fushimi's set-up by clicking, a move, a fire and
a melee through the page with their arithmetic on screen, a reinforcement brought on through the
entry hex, links round trip into fresh browsers; Tabarazaka's reinforcements from the hand, a fire
and a melee from a linked position and its links into fresh browsers; a retreat and an advance chosen
as cells on the map. Every action goes through the page as a player would do it;
a CPython mirror (play.Player) plans and checks each step, and the page's play link must equal
CPython's encoding of the same game."""
from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.engine.actions import Action

from .play import Player, drawn_positions, fragment_of, positions, status

pytestmark = pytest.mark.browser


def new_game(open_app: Callable[..., Page], scenario: str, seed: int) -> Player:
    page = open_app(f"/?scenario={scenario}&seed={seed}")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    return Player(page, scenario, seed)


def first(p: Player, verb: str, unit: str | None = None) -> str:
    for a in p.legal():
        act = Action.parse(a)
        if act.verb == verb and (unit is None or act.units == (unit,)):
            return a
    raise AssertionError(f"no {verb} among {p.legal()[:20]}")


def finish_combat(p: Player) -> None:
    """Take the retreat and advance steps a fire or melee may leave (the first choice offered)."""
    for _ in range(6):
        verbs = {Action.parse(a).verb for a in p.legal()}
        if "retreat" in verbs:
            p.do(first(p, "retreat"))
        elif "advance" in verbs:
            p.do(first(p, "advance"))
        else:
            return


def end_until(p: Player, turn: int, side: str) -> None:
    for _ in range(30):
        s = p.state
        if s["turn"] == turn and s["active"] == side and s["segment"] == "rm" and p.to_move == side:
            return
        p.do("end")
    raise AssertionError("never reached the phase")


def test_toba_fushimi_by_clicking(open_app: Callable[..., Page], open_fresh: Callable[[str], Page]) -> None:
    p = new_game(open_app, "toba-fushimi", 4)
    page = p.page
    # set-up: the Shogunate first, one unit per hex of its area; the areas are marked on the map
    expect(page.locator("#turn")).to_contain_text("place your units")
    assert page.locator('#map [data-cell="1812"] polygon').get_attribute("fill") == "#f2d25c"
    p.do("place TF-B01 @1812")  # click the unit in its tray, then the hex
    assert positions(page)["TF-B01"] == "1812"
    p.do("place-all")
    p.do("place-all")
    assert status(page)["Turn"] == "1 of 8" and "Recovery/Movement" in status(page)["Phase"]
    # north is up: Kyoto's edge (column 24) above Yodo (column 01)
    top = page.locator('#map [data-cell="2411"]').bounding_box()
    bottom = page.locator('#map [data-cell="0105"]').bounding_box()
    assert top and bottom and top["y"] < bottom["y"]

    # a move by clicking: the unit, then a highlighted hex
    move = first(p, "move", "TF-B19")
    p.click_unit("TF-B19")
    expect(page.locator("#map .cell.legal")).not_to_have_count(0)
    p.do(move)
    assert positions(page)["TF-B19"] == Action.parse(move).cell
    p.do("end")

    # Satsuma-Chōshū's Fire phase: the standoff at Fushimi; the sum is on screen before the dice
    fire = first(p, "fire")
    p.do(fire)
    supports = [a for a in p.legal() if a.startswith("support")]
    if supports:
        p.do(supports[0])
    fire_row = status(page)["Fire"]
    assert "Fire strength" in fire_row and "column" in fire_row and "dice: —" in fire_row
    p.do("resolve")
    expect(page.locator("#log")).to_contain_text("Fire Results Table")
    assert "modified" in status(page)["Last combat"] or p.state["phase"] == "retreat"
    finish_combat(p)
    if p.state["segment"] == "fire":
        p.do("end")

    # the Shogunate's Melee phase
    if p.state["segment"] == "melee" and any(a.startswith("melee") for a in p.legal()):
        p.do(first(p, "melee"))
        assert "Melee strength" in status(page)["Melee"]
        p.do("resolve")
        expect(page.locator("#log")).to_contain_text("Melee Combat Results Table")
        finish_combat(p)

    # turn 2: the Appearance Check and the cup draws happen by themselves; a unit comes on at 0105
    end_until(p, 2, "shogunate")
    arrived = [u for u, x in p.state["units"].items() if x["at"] == "arrived-shogunate"]
    assert arrived
    p.do(f"enter {arrived[0]} @0105")
    assert positions(page)[arrived[0]] == "0105"
    p.do(first(p, "move", arrived[0]))
    expect(page.locator("#log")).to_contain_text("enters at 0105")

    # the same game in CPython, RNG included; links into fresh browsers
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()
    spectator = p.link(secrets=False)
    other = open_fresh(spectator)
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    expect(other.locator("#actions button")).to_have_count(0)
    view = codec.decode(fragment_of(spectator), lambda _: p.rules)[2]
    assert view["units"] == p.state["units"]
    other = open_fresh(p.link(secrets=True))
    expect(other.locator("body")).to_have_attribute("data-mode", "play")
    mirror = Player(other, "toba-fushimi", 4, state=p.state)
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    mirror.do("end")  # the game goes on from there


def test_tabarazaka_reinforcements_from_the_hand(open_app: Callable[..., Page]) -> None:
    p = new_game(open_app, "tabarazaka", 2)
    page = p.page
    assert p.state["owed"]["government"] >= 3  # at least three on turn 1
    expect(page.locator("#status")).to_contain_text("may enter now")
    # no artillery while other units are in hand
    assert not any(a.startswith("enter TB-G20") for a in p.legal())
    p.do("enter TB-G17 @0102")
    p.do(first(p, "move", "TB-G17"))
    assert positions(page)["TB-G17"] != "hand-government"
    commander = [u for u, x in p.state["units"].items() if x["at"] == "arrived-government"]
    assert commander and commander[0].startswith("TB-LG")  # the Lx1 draw
    p.do(f"enter {commander[0]} @0102")
    p.do(first(p, "move", commander[0]))
    drawn = page.locator(f'#map [data-unit="{commander[0]}"]')
    expect(drawn).to_contain_text("★")  # a commander is drawn apart from combat units


def test_tabarazaka_fire_and_melee_from_a_linked_position(open_app: Callable[..., Page],
                                                          open_fresh: Callable[[str], Page]) -> None:
    from tests.games.bakumatsu.helpers import arrange

    from kassen.games import load_rules
    r = load_rules("tabarazaka")
    s = arrange(r, {"TB-G05": "0806", "TB-G01": "1005", "TB-LG3": "0805", "TB-S01": "0906", "TB-S02": "0907",
                    "TB-S03": "1006"}, segment="fire", active="saigo")
    page = open_app("/#" + codec.encode(r, "p", s))
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "tabarazaka", 1, state=s)
    # the Government fires in Saigō's turn: main firer, one supporter, the commander's +2, the hexside
    p.do("fire TB-G05 @0906")
    p.do("support @1005")
    row = status(page)["Fire"]
    for words in ("+1 for one supporter", "target in hills", "stream hexside", "commander Ōyama Iwao", "column 4"):
        assert words in row, (words, row)
    p.do("resolve")
    assert "dice" in status(page)["Last combat"] or p.state["phase"] == "retreat"
    finish_combat(p)
    if p.state["segment"] == "fire":
        p.do("end")
    # Saigō's Melee phase (it began by itself once nobody could fire): a charge
    assert p.state["segment"] == "melee" and p.to_move == "saigo"
    melee = first(p, "melee")
    p.do(melee)
    assert "Melee strength" in status(page)["Melee"]
    p.do("resolve")
    expect(page.locator("#log")).to_contain_text("Melee Combat Results Table")
    finish_combat(p)
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()
    # the links round trip: a spectator sees the same map, a play link goes on from there
    spectator = p.link(secrets=False)
    other = open_fresh(spectator)
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    expect(other.locator("#actions button")).to_have_count(0)
    other = open_fresh(p.link(secrets=True))
    expect(other.locator("body")).to_have_attribute("data-mode", "play")
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    Player(other, "tabarazaka", 1, state=p.state).check()


def test_retreat_and_advance_are_cells_on_the_map(open_app: Callable[..., Page]) -> None:
    """After a failed morale check the defender's owner picks the retreat hex on the map (the legal
    hexes highlighted, nothing else), then the attacker advances by clicking the emptied hex."""
    from tests.games.bakumatsu.helpers import arrange, play

    from kassen.games import load_rules
    r = load_rules("tabarazaka")
    s = arrange(r, {"TB-G01": "1005", "TB-S03": "1006"}, segment="melee", active="saigo")
    s, _ = play(r, s, "melee TB-S03 @1005", "resolve", "roll =6", "roll =6", "roll =6")  # M4, morale fails
    choices = sorted(Action.parse(a).cell for a in map(str, r.legal_actions(s)) if a.startswith("retreat"))
    assert s["phase"] == "retreat" and choices == ["0905", "1004", "1105"]
    page = open_app("/#" + codec.encode(r, "p", s))
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    p = Player(page, "tabarazaka", 1, state=s)
    assert p.to_move == "government"
    highlighted = page.locator("#map .cell.legal")
    expect(highlighted).to_have_count(len(choices))
    assert sorted(highlighted.evaluate_all("cs => cs.map(c => c.dataset.cell)")) == choices
    p.do("retreat @1105")
    assert positions(page)["TB-G01"] == "1105"
    # Saigō's attacker may advance into the emptied hex (a cell) or stay (a button)
    assert p.to_move == "saigo" and sorted(p.legal()) == ["advance @1005", "stay"]
    expect(page.locator('#map [data-cell="1005"].legal')).to_have_count(1)
    p.do("advance @1005")
    assert positions(page)["TB-S03"] == "1005"
