"""A whole game against the computer through the page (issue 12): chosen from the menu, the
computer's moves played by its Web Worker one at a time, Undo back to the person's decision, the
game resumed after a reload with its opponent, and the main thread's longest task measured while
the computer thinks (PerformanceObserver "longtask"; reported, never asserted: speed is measured).

The person's moves are clicked like a player's (tests/browser/play.py); before each, the position
is read from the page's own "continue elsewhere" link, since the computer's moves depend on how
long it may think.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.games import load_rules

from .conftest import BOOT_TIMEOUT_MS, READY
from .play import Player, fragment_of

pytestmark = pytest.mark.browser

#: longtask entries and the moments "thinking" starts and stops, collected from the page's start
WATCH_JS = """
window.__longtasks = [];
window.__thinking = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__longtasks = null; }
document.addEventListener("DOMContentLoaded", () => {
  let on = false;
  new MutationObserver(() => {
    const now = document.body.dataset.thinking === "1";
    if (now !== on) { on = now; window.__thinking.push([performance.now(), now]); }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-thinking"] });
});
localStorage.setItem("kassen:settings", JSON.stringify({ "computer-pause": 0 }));
"""


class Person(Player):
    """Clicks like Player but checks the page only when the computer is not about to move."""

    def check(self) -> None:
        pass


def wait_for_person(page: Page) -> None:
    """Until the computer has moved (its worker answers within its time limit) or the game is over."""
    page.wait_for_function("() => !document.body.dataset.thinking", timeout=BOOT_TIMEOUT_MS)


def position(page: Page, scenario: str) -> Any:
    page.locator("#copy-play-link").click()
    out = page.locator("#link-output")
    expect(out).not_to_have_value("")
    state = codec.decode(fragment_of(out.input_value()), load_rules)[2]
    page.locator("#link-output").evaluate("e => { e.value = ''; }")
    return state


def longest_while_thinking(page: Page) -> dict[str, float]:
    """The longest main-thread task that began while the computer was thinking, apart from the
    ones that played and drew one of its answers (marked "kassen-computer-answer"), and the
    longest of those."""
    tasks = page.evaluate("window.__longtasks")
    marks = page.evaluate("window.__thinking")
    answers = page.evaluate("performance.getEntriesByName('kassen-computer-answer').map(e => e.startTime)")
    spans, start = [], None
    for t, on in marks:
        if on:
            start = t
        elif start is not None:
            spans.append((start, t))
            start = None
    thinking, drawing = 0.0, 0.0
    for begin, duration in tasks or []:
        for lo, hi in spans:
            if lo <= begin <= hi:
                if begin + duration >= hi or any(begin <= a <= begin + duration for a in answers):
                    drawing = max(drawing, duration)
                else:
                    thinking = max(thinking, duration)
    return {"longtask_supported": tasks is not None, "thinking_spans": len(spans),
            "longest_task_while_thinking_ms": round(thinking, 1), "longest_answer_drawing_ms": round(drawing, 1),
            "thinking_seconds": round(sum(hi - lo for lo, hi in spans) / 1000, 1)}


def test_a_whole_game_against_the_computer(open_app: Callable[..., Page], record_property: Any) -> None:
    page = open_app("/")
    page.add_init_script(WATCH_JS)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    # the menu: Ikedaya against the computer, the person plays the Shinsengumi, level hard
    card = page.locator('.scenario-card[data-scenario="ikedaya"]')
    card.locator("select.computer-side").select_option("shinsengumi")
    card.locator("select.computer-level").select_option("hard")
    card.locator("button[data-computer-scenario]").click()
    expect(page.locator("body")).to_have_attribute("data-mode", "play")
    expect(page.locator("#view-label")).to_contain_text("the computer (hard)")
    expect(page.locator("#cover")).to_be_hidden()
    rnd = random.Random(12)
    undone = reloaded = False
    marked = told = 0
    for _ in range(200):
        wait_for_person(page)
        expect(page.locator("#cover")).to_be_hidden()  # one person at the screen: never covered
        # the computer's last move: its counter marked, its lines under "Since your last turn"
        marked += page.locator("#map .unit.computer-moved").count() > 0
        told += page.locator("#since-list li").count() > 0
        if page.locator("#outcome").is_visible():
            break
        state = position(page, "ikedaya")
        person = Person(page, "ikedaya", 0, state=state)
        assert person.to_move == "shinsengumi"
        legal = person.legal()
        attacks = [a for a in legal if a.startswith("attack")]
        text = attacks[0] if attacks else rnd.choice([a for a in legal if a != "pass"] or legal)
        asks = person.asks_first(text)
        person.do(text)
        if not undone and not asks and person.rules.current_player(person.state) == "ronin":
            # the computer answers; Undo then takes back the person's move and the computer's reply
            wait_for_person(page)
            if page.locator("#undo").is_enabled() and not page.locator("#outcome").is_visible():
                page.locator("#undo").click()
                wait_for_person(page)
                assert position(page, "ikedaya")["units"] == state["units"]
                undone = True
        if not reloaded and undone:
            page.reload()  # the saved game resumes with its opponent
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            expect(page.locator("#view-label")).to_contain_text("the computer (hard)")
            reloaded = True
    expect(page.locator("#outcome")).to_be_visible()
    assert undone and reloaded and marked and told
    moves = int(page.locator("body").get_attribute("data-computer-moves") or 0)
    assert moves > 0  # the computer played (since the reload)
    times = json.loads(page.locator("body").get_attribute("data-computer-times") or "[]")
    figures = {"computer_moves_since_reload": moves, **longest_while_thinking(page),
               "worker_startup_s": float(page.locator("body").get_attribute("data-computer-startup") or "nan")}
    if times:
        ordered = sorted(times)
        figures.update(decision_median_s=ordered[len(ordered) // 2],
                       decision_p95_s=ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))])
    for key, value in figures.items():
        record_property(key, value)
    print("\ncomputer in the page (ikedaya, hard):", json.dumps(figures))


def test_without_its_worker_the_computer_thinks_on_the_page(open_app: Callable[..., Page]) -> None:
    """A browser that cannot start the computer's Web Worker (here: its script is not served) still
    gets an opponent: the page says so, and the computer thinks on the main thread in slices and plays
    its moves, the same rules deciding what is legal. (A Worker that cannot be made stands for every
    way of failing to start one; the service worker would serve a withheld script from its cache.)"""
    page = open_app("/")
    page.add_init_script("window.Worker = function () { throw new Error('no workers in this browser'); };")
    page.add_init_script(WATCH_JS)  # no pause between the computer's moves
    page.goto(page.url.split("?")[0].split("#")[0] + "?scenario=ikedaya&seed=5&vs=ronin.easy")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#view-label")).to_contain_text("the computer (easy)")
    # the Ronin set up first: the computer is asked at once, finds no worker and says so
    expect(page.locator("#messages")).to_contain_text("thinks on this page instead", timeout=BOOT_TIMEOUT_MS)
    rnd = random.Random(3)
    replies = 0
    for _ in range(12):
        wait_for_person(page)
        if page.locator("#outcome").is_visible():
            break
        person = Person(page, "ikedaya", 0, state=position(page, "ikedaya"))
        assert person.to_move == "shinsengumi"  # the computer has played all its own moves
        before = page.locator("#log li").count()
        legal = person.legal()
        person.do(rnd.choice([a for a in legal if a != "pass"] or legal))
        wait_for_person(page)
        # the computer answered: the log grew past the person's own line
        replies += page.locator("#log li").count() > before + 1
        if replies >= 3:
            break
    assert replies >= 3
    assert int(page.locator("body").get_attribute("data-computer-moves") or 0) >= 3
