"""The differential leak test on the page's DOM (tests/support/leaks.py does it in CPython over many
positions): for one position per game with secrets, two play links that differ only in what the
player to act may not know are opened in two fresh browsers; behind the cover's button for that
player, the pages must be the same byte for byte: the map (counters, their order and so the Tab
order), the status, the prompt and buttons, the log, the details of counters, the spectator link.

- Kawanakajima, Takeda's turn-1 command phase: Uesugi made other secret swaps in set-up and other
  night-army units were drawn blind onto X1-X3.
- Mukden, Japan's first turn: Russia divided its fighting power otherwise.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from html.parser import HTMLParser

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.games import load_rules

pytestmark = pytest.mark.browser

#: what the page shows a player: everything in the main layout but the menu (it lists saved games
#: with the time they were saved).
SHOWN_JS = """() => {
  const layout = document.getElementById('layout').cloneNode(true);
  layout.querySelector('#menu').remove();
  const focusable = [...document.querySelectorAll('#layout [tabindex], #layout button:not([hidden])')]
      .filter(e => !e.closest('#menu')).map(e => e.id || e.dataset.unit || e.dataset.action || e.tagName);
  return {layout: layout.outerHTML, focusable: focusable};
}"""


def kawanakajima_twins() -> tuple[str, dict, dict]:
    rules = load_rules("kawanakajima")

    def play(*actions: str) -> dict:
        state = rules.setup(1)
        for a in actions:
            state, _ = rules.apply(state, a)
        return state

    a = play("swap uA @0605", "swap uC @0502", "done", "done", "draw =n1", "draw =n2", "draw =n3", "done")
    b = play("swap uM @0609", "done", "done", "draw =n9", "draw =n4", "draw =n11", "done")
    return "takeda", a, b


def mukden_twins() -> tuple[str, dict, dict]:
    rules = load_rules("mukden")

    def play(russia: tuple[int, ...]) -> dict:
        state = rules.setup(1)
        for uid, fp in zip(rules.map.units_of["japan"], (5, 5, 6, 6, 5)):
            state, _ = rules.apply(state, f"allot {uid} ={fp}")
        state, _ = rules.apply(state, "confirm")
        for uid, fp in zip(rules.map.units_of["russia"], russia):
            state, _ = rules.apply(state, f"allot {uid} ={fp}")
        state, _ = rules.apply(state, "confirm")
        return state

    return "japan", play((4, 4, 4, 4, 4)), play((3, 6, 3, 5, 3))


class _Canonical(HTMLParser):
    """Markup again with every element's attributes in name order: the order the page happened to set
    them in tells nothing (the overview map is sized and hidden by tasks that may run either way
    round), and re-setting them in the page would break its Content-Security-Policy (inline style)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: list[str] = []

    def _tag(self, tag: str, attrs: list[tuple[str, str | None]], close: str) -> str:
        text = "".join(f" {name}" if value is None else f' {name}="{escape(value)}"' for name, value in sorted(attrs))
        return f"<{tag}{text}{close}>"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self._tag(tag, attrs, ""))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(self._tag(tag, attrs, "/"))

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def handle_entityref(self, name: str) -> None:
        self.parts.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.parts.append(f"&#{name};")


def canonical(markup: str) -> str:
    parser = _Canonical()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def test_canonical_markup_orders_attributes_and_keeps_everything_else() -> None:
    assert canonical('<p b="2" a="1" hidden>x &amp; <i>y</i></p>') == canonical('<p hidden a="1" b="2">x &amp; <i>y</i></p>')
    assert canonical('<p a="1">x</p>') != canonical('<p a="2">x</p>')
    assert canonical("<p>x</p>") != canonical("<p>y</p>")


def shown(page: Page, viewer: str) -> dict:
    page.locator(f'#cover [data-cover="{viewer}"]').click()
    expect(page.locator("#cover")).to_be_hidden()
    details = []
    for counter in page.locator("#map [data-unit]").all()[:4]:
        counter.focus()
        details.append(page.locator("#unit-details").inner_text())
    page.locator("#map").focus()
    out = page.evaluate(SHOWN_JS)
    out["layout"] = canonical(out["layout"])
    page.locator("#copy-link").click()
    expect(page.locator("#link-output")).to_have_value(re.compile(r"#k1\.v\."))
    out["spectator link"] = page.locator("#link-output").input_value()
    out["details"] = details
    return out


def test_the_page_shows_a_player_nothing_of_what_he_may_not_know(base_url: str,
                                                                 open_fresh: Callable[[str], Page]) -> None:
    page = None
    for game, twins in (("kawanakajima", kawanakajima_twins), ("mukden", mukden_twins)):
        rules = load_rules(game)
        viewer, a, b = twins()
        assert a != b and rules.current_player(a) == rules.current_player(b) == viewer
        assert rules.view_for(a, viewer) == rules.view_for(b, viewer)
        seen = []
        for state in (a, b):
            link = f"{base_url.rstrip('/')}/#{codec.encode(rules, 'p', state)}"
            if page is None:
                page = open_fresh(link)
            else:  # the same browser, its files cached (Pyodide boots faster), nothing kept
                page.evaluate("() => localStorage.clear()")
                old, page = page, page.context.new_page()
                old.close()
                page.goto(link)
                page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
            seen.append(shown(page, viewer))
        first, second = seen
        assert first["focusable"] == second["focusable"], game
        assert first["details"] == second["details"], game
        assert first["spectator link"] == second["spectator link"], game
        assert first["layout"] == second["layout"], game
        assert "data-unit" in first["layout"] and len(first["focusable"]) > 10
