"""Ikedaya in the page: set-up by clicking counters in the set-up box and squares, moves of single
counters and stacks, a combat with its dice, a jump from the railing, and a link round trip that is
continued in another browser (no hidden information, so a spectator link may be continued).

The plan is found in CPython at test time (a seeded bot that attacks and jumps as soon as it may),
then every action is clicked in the page and checked against the CPython mirror.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from kassen.engine import codec
from kassen.games import load_rules

from .conftest import BOOT_TIMEOUT_MS, READY
from .play import Player, drawn_positions, fragment_of, positions, resolve

pytestmark = pytest.mark.browser

SEED = 1
BOT = 89  # a bot seed whose game reaches a combat and a jump within ~20 actions (checked below)


def plan(seed: int = SEED, bot: int = BOT) -> list[str]:
    """Random moves (no passing), but the first attack and then the first jump as soon as legal."""
    rules = load_rules("ikedaya")
    rnd = random.Random(bot)
    state = resolve(rules, rules.setup(seed))
    record: list[str] = []
    attacked = False
    while len(record) < 60:
        legal = [a.to_text() for a in rules.legal_actions(state)]
        attacks = [a for a in legal if a.startswith("attack")]
        jumps = [a for a in legal if a.startswith("jump")]
        if not attacked and attacks:
            action, attacked = attacks[0], True
        elif attacked and jumps:
            record.append(jumps[0])
            return record
        else:
            action = rnd.choice([a for a in legal if a != "pass"] or legal)
        record.append(action)
        state, _ = rules.apply(state, action)
        state = resolve(rules, state)
    raise AssertionError("the plan never reached a jump")


def test_setup_moves_combat_and_jump_by_clicking(open_app: Callable[..., Page]) -> None:
    actions = plan()
    page = open_app(f"/?scenario=ikedaya&seed={SEED}")
    p = Player(page, "ikedaya", SEED)
    expect(page.locator("#cover")).to_be_hidden()  # nothing hidden: no covers
    expect(page.locator("#turn")).to_contain_text("Ronin: set up your counters")
    # the set-up box holds the counters still to place; a highlighted square takes the selected one
    first = actions[0]
    uid = first.split()[1]
    page.locator(f'#map [data-unit="{uid}"]').click()
    legal_cells = page.eval_on_selector_all("#map .cell.legal", "els => els.map(e => e.dataset.cell)")
    assert first.split("@")[1] in legal_cells
    assert page.locator(f'#map [data-unit="{uid}"]').get_attribute("data-side") == "ronin"
    seen = set()
    for text in actions:
        verb = text.split()[0]
        p.do(text)
        seen.add(verb)
        if verb == "attack":  # the combat's dice are rolled at once and shown with who rolled
            expect(page.locator("#dice")).to_be_visible()
            expect(page.locator("#dice")).to_contain_text(re.compile(r"(Shinsengumi|Ronin) rolled \d"))
        if verb == "jump":
            expect(page.locator("#log")).to_contain_text(re.compile(r"jump", re.I))
    assert {"place", "move", "attack", "jump"} <= seen
    assert positions(page) == drawn_positions(p.rules, p.view(None))
    assert fragment_of(p.link(secrets=True)) == p.expected_play_fragment()


def test_link_round_trip_and_continue_from_a_spectator_link(open_app: Callable[..., Page],
                                                            open_fresh: Callable[[str], Page]) -> None:
    actions = plan()[:14]
    page = open_app(f"/?scenario=ikedaya&seed={SEED}")
    p = Player(page, "ikedaya", SEED)
    for text in actions:
        p.do(text)
    spectator = p.link(secrets=False)
    assert "#k1.v.ikedaya." in spectator

    other = open_fresh(spectator)
    expect(other.locator("#view-label")).to_have_text("Spectator view")
    assert positions(other) == positions(page)
    expect(other.locator("#continue-here")).to_be_visible()  # nothing is hidden in Ikedaya
    other.locator("#continue-here").click()
    expect(other.locator("body")).to_have_attribute("data-mode", "play")
    assert "#" not in other.url
    probe = Player(other, "ikedaya", SEED, state=p.state)
    probe.check()
    # the continued game has fresh dice (a spectator link carries no RNG): take its state from the page
    state = codec.decode(fragment_of(probe.link(secrets=True)), load_rules)[2]
    assert state["units"] == p.state["units"] and state["rng"] != p.state["rng"]
    mirror = Player(other, "ikedaya", SEED, state=state)
    mirror.do(mirror.legal()[-1])  # the game goes on in the other browser
    other.reload()
    other.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    mirror.check()
