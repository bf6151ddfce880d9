"""The board says why a place is not a target (engine.whynot through the page).

A unit is selected; a click on a place that is not highlighted shows, in #messages, why the unit may
not act there with its clause ids as links (the one opens its clause in the rules reference); the
screen reader hears the same (#announce); the selection stays. In Japanese, and by keyboard (Enter
on the place), the same in Japanese.
"""
from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .play import Player, show_place

pytestmark = pytest.mark.browser

SCENARIO = "yao"  # the first decision is a move: no set-up to play through


def refused_place(p: Player) -> tuple[str, str, str]:
    """(a unit that may move, a nearby empty place it may not move to, the words), from the mirror."""
    rules, state = p.rules, p.state
    viewer = rules.current_player(state)
    legal = rules.legal_actions(state)
    uid = sorted(a.units[0] for a in legal if a.verb == "move")[0]
    at = state["units"][uid]["at"]
    targets = {a.cell for a in legal if uid in a.units}
    occupied = {u["at"] for u in state["units"].values() if u.get("at")}
    for _, label in sorted((rules.board.distance(at, c) or 99, c) for c in rules.board.cells
                           if c not in targets and c not in occupied):
        why = rules.explain_place(state, viewer, (uid,), label)
        if why is not None and why.message["args"]["lead"]["key"] == "engine.whynot.move":
            return uid, label, rules.say(why, "en")
    raise AssertionError("no refused place near the unit")


def test_a_click_on_a_place_that_is_not_a_target_says_why_and_links_the_clause(
        open_app: Callable[..., Page], page: Page) -> None:
    open_app(f"/?scenario={SCENARIO}&seed=1")
    p = Player(page, SCENARIO, 1)
    p.reveal()
    uid, label, words = refused_place(p)
    name = p.rules.name_unit(uid, "en")
    assert words.startswith(f"{name} cannot move to {label}.")
    p.click_unit(uid)
    selected = page.locator(f'#map [data-unit="{uid}"].selected')
    expect(selected).to_have_count(1)
    assert not page.locator(f'#map [data-cell="{label}"].legal').count()
    p.click_cell(label)
    notice = page.locator("#messages [data-notice] p").last
    expect(notice).to_have_text(words)
    expect(page.locator("#messages")).to_have_attribute("role", "alert")  # read out from there, once
    expect(page.locator("#announce")).not_to_contain_text(words)
    expect(selected).to_have_count(1)  # the selection stays
    links = notice.locator("a.clause-link")
    expect(links.first).to_be_visible()
    cited = [m.group(1) for m in re.finditer(r"\(([^()]*)\)\.$", words)][0].split(", ")
    assert links.evaluate_all("els => els.map(e => e.dataset.clause)") == cited
    p.check()  # nothing was played
    links.first.click()
    target = page.locator(f'#page-body [id="clause-{cited[0]}"]')
    expect(target).to_be_focused()
    expect(target).to_have_class(re.compile("target"))
    page.locator("#page-close").click()

    # in Japanese, by keyboard: Enter on the place says it again, in Japanese
    page.locator('#lang-switch button[data-lang="ja"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    show_place(page, label)
    place = page.locator(f'#map g[data-layer="cells"] [data-cell="{label}"]')
    place.focus()
    page.keyboard.press("Enter")
    japanese = p.rules.say(p.rules.explain_place(p.state, p.rules.current_player(p.state), (uid,), label), "ja")
    assert japanese.startswith(f"{p.rules.name_unit(uid, 'ja')}は{label}へ移動できません。")
    expect(page.locator("#messages [data-notice] p").last).to_have_text(japanese)
    expect(page.locator("#announce")).not_to_contain_text(japanese)
    expect(page.locator("#messages a.clause-link")).to_have_count(len(cited))
    expect(selected).to_have_count(1)
    # an empty place with nothing selected says nothing
    page.keyboard.press("Escape")
    expect(selected).to_have_count(0)
    place.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#messages [data-notice]")).to_have_count(0)
