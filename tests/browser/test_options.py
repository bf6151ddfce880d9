"""Rule options in the page: chosen on a scenario card (a closed "Rule options" disclosure, opened
from the keyboard), the game starts with them (its status line names them), a link of the position
opens with them; "Play against the computer" and the address (options=name[:value]) do the same."""
from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.games import load_rules

from .play import fragment_of, status


def test_an_option_chosen_in_the_menu_is_played_and_travels_with_the_link(
        open_app: Callable[..., Page], open_fresh: Callable[[str], Page]) -> None:
    page = open_app("/")
    card = page.locator('.scenario-card[data-scenario="ikedaya"]')
    details = card.locator("details.rule-options")
    expect(details).not_to_have_attribute("open", re.compile(".*"))  # closed by default
    score = card.locator('input[data-option="shinsengumi_score"]')
    expect(score).to_be_hidden()
    summary = details.locator("summary")
    expect(summary).to_have_accessible_name(re.compile(r"^Rule options: .*Ikedaya"))
    summary.focus()
    page.keyboard.press("Enter")  # a <summary> opens from the keyboard
    expect(details).to_have_attribute("open", "")
    # one labelled control per option, the scenario's defaults pre-set
    expect(card.get_by_label("Shinsengumi score: one point per Ronin")).not_to_be_checked()
    expect(card.get_by_label("Shinsengumi set-up: two wait outside")).not_to_be_checked()
    expect(score).to_have_accessible_description(re.compile("one point for each Ronin"))
    score.focus()
    page.keyboard.press("Space")
    expect(score).to_be_checked()
    card.locator("[data-new-scenario]").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    assert status(page)["Rule options"] == "Shinsengumi score: one point per Ronin"
    # the spectator link of the position carries the option: decoded here, and opened in another browser
    page.locator("#copy-link").click()
    expect(page.locator("#link-output")).to_have_value(re.compile(r"#k1\."))
    link = page.locator("#link-output").input_value()
    kind, _, view = codec.decode(fragment_of(link), load_rules)
    assert kind == "v" and view["options"] == {"shinsengumi_score": "count", "entrance_setup": "exempt"}
    other = open_fresh(link)
    expect(other.locator("body")).to_have_attribute("data-mode", "spectate")
    assert status(other)["Rule options"] == "Shinsengumi score: one point per Ronin"

    # against the computer, from another card: the Yukimura card offers command range (not the Mōri
    # clause, which Yao does not have); the game starts with it
    page.locator("#nav-menu").click()
    card = page.locator('.scenario-card[data-scenario="yao"]')
    expect(card.locator("input[data-option]")).to_have_count(1)
    card.locator("details.rule-options summary").click()
    card.get_by_label("Command range: in force").check()
    card.locator("button[data-computer-scenario]").click()
    expect(page.locator("body")).to_have_attribute("data-scenario", "yao")
    expect(page.locator("#view-label")).to_contain_text("the computer")
    assert "Command range: in force" in status(page)["Rule options"]


def test_the_address_names_options_and_says_what_it_left_out(open_app: Callable[..., Page]) -> None:
    page = open_app("/?scenario=ikedaya&seed=7&options=entrance_setup,nonsense")
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    assert status(page)["Rule options"] == "Shinsengumi set-up: two wait outside"
    expect(page.locator("#messages")).to_contain_text("no rule option 'nonsense'")
    # the rulings page lists the options, each value with what it does and the default marked
    page.locator("#nav-rulings").click()
    option = page.locator("#page-body #option-entrance_setup")
    expect(option).to_contain_text("all five in the Entrance (default):")
    expect(option).to_contain_text("two wait outside:")


def test_the_options_speak_japanese(open_app: Callable[..., Page]) -> None:
    page = open_app("/?lang=ja")
    for sid in ("ikedaya", "toba-fushimi", "domyoji"):
        card = page.locator(f'.scenario-card[data-scenario="{sid}"]')
        card.locator("details.rule-options summary").click()
        box = card.locator("details.rule-options")
        expect(box).to_have_attribute("open", "")
        words = box.inner_text() + " ".join(box.locator("[aria-label]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"))
        assert "ルールオプション" in words
        assert not re.findall(r"[A-Za-z]{3,}", words), words
