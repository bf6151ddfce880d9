"""Playing the page like a person, with a CPython mirror of the game to plan and to check against.

`Player.do(text)` performs one action the way a player would: an action with a cell is a click on
its unit (when it has one) and then on the cell on the map, a cell-less action is a click on its
button, a choice between several actions for one click is made in the chooser. The mirror applies
the same action in CPython and resolves chance with the state's RNG exactly as the page does, so
after every step the page's counters can be compared with CPython's view -- and the page's play
link with CPython's encoding of the same state (the determinism check).
"""
from __future__ import annotations

import re
from typing import Any, Optional

from playwright.sync_api import Page, expect

from kassen.app.controller import consequences
from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.play import sample_chance
from kassen.engine.rules import GameRules
from kassen.engine.state import CHANCE, State
from kassen.games import load_rules

POSITIONS_JS = """() => Object.fromEntries([...document.querySelectorAll('#map [data-unit]')]
    .map(e => [e.dataset.unit, e.dataset.at]))"""


def positions(page: Page) -> dict[str, str]:
    """{data-unit: data-at} of every counter drawn on the map."""
    return page.evaluate(POSITIONS_JS)


def status(page: Page) -> dict[str, str]:
    """The status pairs above the map ({"Turn": "2 (Japan)", "Time": "1 / 10", ...})."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#status .status-pair')]
        .map(p => [p.querySelector('dt').textContent, p.querySelector('dd').textContent]))""")


def drawn_positions(rules: GameRules, view: dict[str, Any]) -> dict[str, str]:
    """What the map should show for a view: every unit placed on a cell of the board."""
    return {uid: u["at"] for uid, u in view["units"].items()
            if u.get("at") is not None and u["at"] in rules.board.cells}


def resolve(rules: GameRules, state: State) -> State:
    while rules.current_player(state) == CHANCE:
        state, _ = rules.apply(state, sample_chance(rules, state))
    return state


def show_place(page: Page, label: Optional[str]) -> None:
    """Bring a place into the map's view, as a player pans to it (the automation contract's
    #map[data-reveal]), so a click on it lands on the map."""
    if label:
        page.evaluate("(l) => document.getElementById('map').setAttribute('data-reveal', l)", label)


VISIBLE_POINT_JS = """(uid) => {
  const unit = document.querySelector(`#map [data-unit="${CSS.escape(uid)}"]`);
  const r = unit.getBoundingClientRect();
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
    const x = r.left + r.width * i / 8, y = r.top + r.height * j / 8;
    if (document.elementFromPoint(x, y)?.closest('[data-unit]') === unit) return [x, y];
  }
  return null;
}"""


def point_at_visible_part(page: Page, uid: str) -> None:
    """Move the mouse onto a part of a stacked counter that shows (the surface then raises it)."""
    point = page.evaluate(VISIBLE_POINT_JS, uid)
    assert point, f"no part of {uid} shows on the map"
    page.mouse.move(*point)


def fragment_of(link: str) -> str:
    return link.split("#", 1)[1]


class Player:
    """Drives one page through a game and keeps the CPython mirror in step."""

    def __init__(self, page: Page, scenario: str, seed: int, state: Optional[State] = None) -> None:
        self.page = page
        self.rules = load_rules(scenario)
        self.state = resolve(self.rules, state if state is not None else self.rules.setup(seed))
        self.record: list[str] = []

    # -- the mirror ---------------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        return self.rules.current_player(self.state)

    def legal(self) -> list[str]:
        return [a.to_text() for a in self.rules.legal_actions(self.state)]

    def view(self, viewer: Optional[str]) -> dict[str, Any]:
        return self.rules.view_for(self.state, viewer)

    # -- the page -----------------------------------------------------------------------------------
    def covered(self) -> bool:
        return self.page.locator("#cover").is_visible()

    def reveal(self) -> None:
        """Press the cover's button if the cover is up (for the side the mirror says is to act)."""
        if self.covered():
            button = self.page.locator(f'#cover [data-cover="{self.to_move}"]')
            expect(button).to_be_visible()
            button.click()
        expect(self.page.locator("#cover")).to_be_hidden()

    def click_unit(self, uid: str) -> None:
        unit = self.page.locator(f'#map [data-unit="{uid}"]')
        show_place(self.page, unit.get_attribute("data-at"))
        if unit.get_attribute("data-stack"):
            point_at_visible_part(self.page, uid)  # it comes to the top of its stack, as for a player
        unit.click()

    def click_cell(self, label: str) -> None:
        """A click where a player would click: on the counter covering the cell, if there is one."""
        show_place(self.page, label)
        occupant = self.page.locator(f'#map [data-unit][data-at="{label}"]')
        if occupant.count():
            occupant.first.click()
        else:
            self.page.locator(f'#map [data-cell="{label}"]').click()

    def do(self, text: str) -> None:
        """Perform one legal action through the page, then check the page against the mirror."""
        assert text in self.legal(), f"{text!r} is not legal now: {self.legal()}"
        self.reveal()
        action = Action.parse(text)
        page = self.page
        if action.cell is None:
            page.locator(f'#actions button[data-action="{text}"]').click()
        else:
            if action.units:
                unit = action.units[0]
                focused = page.locator(f'#map [data-unit="{unit}"].selected')
                if not focused.count():
                    self.click_unit(unit)
                    expect(page.locator(f'#map [data-unit="{unit}"].selected')).to_have_count(1)
                expect(page.locator(f'#map [data-cell="{action.cell}"].legal')).to_have_count(1)
            self.click_cell(action.cell)
            chooser = page.locator(f'#chooser-entries button[data-action="{text}"]')
            if page.locator("#chooser").is_visible():
                chooser.click()
        self.confirm_if_asked(text)
        self.apply(text)
        self.check()

    def asks_first(self, text: str) -> bool:
        """Does the page ask before this action (it ends the turn or the game, rolls dice, reveals,
        passes the device, or cannot be undone)? The same test as the page's, in CPython."""
        return bool(consequences(self.rules, self.state, Action.parse(text)))

    def confirm_if_asked(self, text: str) -> None:
        """The confirmation bar shows exactly for the actions that need it; confirm it."""
        bar = self.page.locator("#confirm-bar")
        if self.asks_first(text):
            expect(bar).to_be_visible()
            expect(bar).to_have_attribute("data-action", text)
            assert self.page.locator("body").get_attribute("data-to-move") == self.to_move  # nothing done yet
            self.page.locator("#confirm-go").click()
        else:
            expect(bar).to_be_hidden()

    def apply(self, text: str) -> None:
        self.state, _ = self.rules.apply(self.state, text)
        self.state = resolve(self.rules, self.state)
        self.record.append(text)

    def check(self) -> None:
        """The page shows the mirror's position, from the view of whoever may look now."""
        page = self.page
        expect(page.locator("body")).to_have_attribute("data-to-move", self.to_move)
        viewer = None if self.covered() else page.locator("body").get_attribute("data-viewer")
        expected = drawn_positions(self.rules, self.view(viewer))
        assert positions(page) == expected

    def link(self, secrets: bool) -> str:
        """The link the page's share buttons produce (read from the page, not the clipboard)."""
        page = self.page
        page.locator("#copy-play-link" if secrets else "#copy-link").click()
        out = page.locator("#link-output")
        expect(out).to_have_value(re.compile(r"#k1\."))
        return out.input_value()

    def expected_play_fragment(self) -> str:
        return codec.encode(self.rules, "p", self.state)
