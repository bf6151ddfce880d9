"""Kawanakajima in the page: face-down units, a move that makes contact (both sides' units turn face
up), a combat fought with cards chosen in secret through the hot-seat covers, and links: a spectator
link shows crests only (no hidden identity anywhere in the page), a play link continues the game.

The ten actions below were found in CPython with a bot that marks and moves the Uesugi units
nearest the enemy (seed 1); the test checks that they still make contact and fight with cards.
"""
from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from kassen.engine.rules import GameRules
from kassen.engine.state import State

from .play import Player, drawn_positions, fragment_of, positions

pytestmark = pytest.mark.browser

SEED = 1


def hidden_names(rules: GameRules, state: State, viewer: str | None) -> list[str]:
    """Names of the units this viewer may not identify (they appear under anonymous ids)."""
    seen = set(rules.view_for(state, viewer)["units"])
    return [u["name"] for uid, u in rules.scenario.units.items() if uid not in seen]


def assert_nothing_hidden_in(page: Page, p: Player, viewer: str | None) -> None:
    html = page.content()
    names = hidden_names(p.rules, p.state, viewer)
    assert names, "the position should still hide some units"
    leaked = [n for n in names if n in html]
    assert not leaked, f"hidden identities in the page: {leaked}"
    drawn = positions(page)
    assert all(uid.startswith("?") or uid in p.view(viewer)["units"] for uid in drawn)


def test_move_contact_card_combat_and_links(open_app: Callable[..., Page],
                                            open_fresh: Callable[[str], Page]) -> None:
    page = open_app(f"/?scenario=kawanakajima&seed={SEED}")
    p = Player(page, "kawanakajima", SEED)
    expect(page.locator('#cover [data-cover="uesugi"]')).to_be_visible()
    assert_nothing_hidden_in(page, p, None)
    p.do("done")
    expect(page.locator('#cover [data-cover="takeda"]')).to_be_visible()
    assert_nothing_hidden_in(page, p, None)
    p.do("done")  # the night army's blind draws onto X1-X3 happen at once
    expect(page.locator('#cover [data-cover="uesugi"]')).to_be_visible()
    p.reveal()
    assert any(uid.startswith("?takeda-") for uid in positions(page))  # Takeda's units: crests only
    assert_nothing_hidden_in(page, p, "uesugi")

    # commands: a move marker on a face-down unit, chosen on the map (its own hex: the page asks)
    p.do("mark uT @0612")
    p.do("mark uQ @0609")
    p.do("done")
    # a move by clicking the unit, then the hex: contact turns both units face up
    assert "tD" not in positions(page)
    p.do("move uT @0911")
    expect(page.locator("#log")).to_contain_text("Contact at 0911: face up: Nakajou Fujisuke (0911), "
                                                 "Takeda Yoshinobu (0910)")
    assert positions(page)["tD"] == "0910"
    p.do("move uQ @0909")
    p.do("attack @0910")

    # cards in secret: Uesugi's pick is hidden behind the cover from Takeda, then both are revealed
    p.do("play =4.5")
    expect(page.locator('#cover [data-cover="takeda"]')).to_be_visible()
    html = page.content()
    assert "You chose" not in html and "Your hand" not in html and "play =" not in html
    assert_nothing_hidden_in(page, p, None)
    p.reveal()
    assert "You chose 4.5" not in page.content()  # Takeda still does not see Uesugi's card
    p.do("play =4")
    expect(page.locator("#log")).to_contain_text("Cards revealed: Uesugi 4.5, Takeda 4")
    expect(page.locator("#log")).to_contain_text("Takeda Yoshinobu wins by 0.5")
    p.reveal()
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()

    # a spectator link in a fresh browser: crests only
    spectator = p.link(secrets=False)
    other = open_fresh(spectator)
    expect(other.locator("#view-label")).to_have_text("Spectator view")
    assert positions(other) == drawn_positions(p.rules, p.view(None))
    assert_nothing_hidden_in(other, p, None)
    other.locator("#map [data-unit^='?uesugi-']").first.hover()
    expect(other.locator("#unit-details")).to_contain_text("Face-down Uesugi unit")
    assert_nothing_hidden_in(other, p, None)

    # a play link in a fresh browser: the same game, behind the cover, then Uesugi's own view
    play = p.link(secrets=True)
    other = open_fresh(play)
    mirror = Player(other, "kawanakajima", SEED, state=p.state)
    expect(other.locator('#cover [data-cover="uesugi"]')).to_be_visible()
    assert_nothing_hidden_in(other, mirror, None)
    mirror.reveal()
    assert positions(other) == drawn_positions(p.rules, p.view("uesugi"))
    mirror.do("done")
    expect(other.locator('#cover [data-cover="takeda"]')).to_be_visible()
