"""日本語 / English in the browser: a whole short game played in Japanese with no English on the page
(besides names chosen to stay as they are), the switch re-rendering everything (the log included),
``<html lang>`` following it, the choice remembered, and ``?lang=`` fixing it for one link."""
from __future__ import annotations

import re
from typing import Callable

import pytest
from playwright.sync_api import Page, expect

from .play import Player

# The texts a player sees: visible text nodes, and the aria-label / title / placeholder of visible
# elements; on the map every text node (its <title>s and the labels too small to draw included) and
# every aria-label, as a screen reader reads them.
VISIBLE_TEXTS_JS = """() => {
  const out = [];
  const map = document.getElementById('map');
  const onMap = (el) => map.contains(el) && !el.closest('[hidden], [aria-hidden="true"]');
  const shown = (el) => el && (onMap(el) || !map.contains(el) && el.checkVisibility({visibilityProperty: true})
      && !el.closest('[hidden], [aria-hidden="true"], script, style, noscript, #lang-switch'));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && shown(node.parentElement)) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title]')) {
    if (!shown(el)) continue;
    for (const name of ['aria-label', 'title']) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  }
  out.push(document.title);
  return out;
}"""

# Words allowed in Japanese: the app's name, keys of the keyboard, units of size, a game's published
# title (幸村外伝EPISODE-0)
ALLOWED = {"kassen", "Ctrl", "Esc", "Home", "End", "Enter", "Python", "EPISODE"}
# ... and on the map: the Roman numerals of Kawanakajima's start groups (tests/render/test_map_language.py)
MAP_ALLOWED = {"III"}
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def english_on(page: Page) -> dict[str, str]:
    found = {}
    for text in page.evaluate(VISIBLE_TEXTS_JS):
        for word in ENGLISH.findall(text):
            if word not in ALLOWED | MAP_ALLOWED:
                found[word] = text
    return found


def log_lines(page: Page) -> list[str]:
    return page.locator("#log .log-text").all_text_contents()


def test_a_whole_game_in_japanese_and_the_switch_re_renders_it(open_app: Callable[..., Page]) -> None:
    page = open_app("/?lang=ja&scenario=mukden&seed=7")
    assert page.evaluate("document.documentElement.lang") == "ja"
    expect(page.locator("#lang-ja")).to_have_attribute("aria-pressed", "true")
    player = Player(page, "mukden", seed=7)
    seen: dict[str, str] = {}
    moved = False
    while player.to_move != "terminal":
        legal = player.legal()
        if "withdraw" in legal:
            pick = "withdraw"
        elif not moved and any(a.startswith("move ") for a in legal):
            # a real move (not the "stay" the unit's own hex means), so the log has one
            here = player.view(None)["units"]
            pick = next(a for a in legal if a.startswith("move ") and here[a.split()[1]]["at"] != a.split("@")[1])
            moved = True
        else:
            pick = legal[-1] if legal[0].startswith("allot") else legal[0]
        player.reveal()
        seen.update(english_on(page))
        player.do(pick)
        seen.update(english_on(page))
    expect(page.locator("#outcome")).to_be_visible()
    assert "日本の勝利" in page.locator("#outcome").text_content()
    # the map spoke Japanese all along (its place names, counters, captions), and so does its legend
    assert page.locator("#map .place-name", has_text="奉天").count() == 1
    assert page.locator("#map [data-unit] text", has_text="軍").count() >= 1
    page.locator("#legend-toggle").click()
    expect(page.locator("#legend")).to_contain_text("渾河")
    seen.update(english_on(page))
    page.locator("#legend-toggle").click()
    assert seen == {}, "English on the Japanese page: " + repr(sorted(seen.items())[:12])
    japanese = log_lines(page)
    assert len(japanese) > 5 and any("撤退を宣言" in line for line in japanese)

    # the switch: everything again in English, the whole log included; <html lang> follows
    page.locator("#lang-en").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#lang-en")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#log-title")).to_have_text("Log")
    english = log_lines(page)
    assert len(english) == len(japanese)
    assert any("declares withdrawal" in line for line in english)
    assert not any(re.search(r"[\u3040-\u30ff]", line) for line in english)  # no kana left in the log
    assert "Japan wins" in page.locator("#outcome").text_content()
    # and back: the same lines as before
    page.locator("#lang-ja").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert log_lines(page) == japanese


def test_the_choice_is_remembered_and_a_link_can_fix_it(open_app: Callable[..., Page]) -> None:
    page = open_app("/")
    page.locator("#lang-ja").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#menu-title")).to_have_text("合戦を選ぶ")
    assert english_on(page) == {}, english_on(page)
    # remembered: a plain reload speaks Japanese from the start (the loading panel too)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".tagline")).to_have_text("日本の歴史ウォーゲームを、ブラウザで。")
    # a link's ?lang= wins for that page, and does not change the remembered choice
    open_app("/?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#menu-title")).to_have_text("Choose a battle")
    assert page.evaluate("JSON.parse(localStorage.getItem('kassen:settings')).lang") == "ja"
    # a hostile setting or link selects nothing: the browser's language (English here)
    page.evaluate("localStorage.setItem('kassen:settings', JSON.stringify({lang: '<img src=x onerror=alert(1)>'}))")
    open_app("/?lang=%3Cscript%3E")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # the language switch is labelled in both languages, each part in its own language
    expect(page.locator("#lang-switch")).to_have_attribute("aria-label", "日本語 / English")
    expect(page.locator("#lang-ja")).to_have_attribute("lang", "ja")
    expect(page.locator("#lang-en")).to_have_attribute("lang", "en")


def test_the_places_a_screen_reader_reads_are_japanese(open_app: Callable[..., Page]) -> None:
    """The cells' labels of a Japanese page (Yukimura's Yao) name each place in Japanese: a hex's own
    name or its area's, then its label ('若江 Y:2514、平地。…'), never an area id or English words."""
    page = open_app("/?lang=ja&scenario=yao&seed=3")
    cells = page.locator('#map g[data-layer="cells"] [data-cell]')
    expect(cells.first).to_have_attribute("aria-label", re.compile("駒"))
    labels = cells.evaluate_all("els => els.map(e => [e.dataset.cell, e.getAttribute('aria-label')])")
    places = {cell: label.split("。")[0] for cell, label in labels}
    assert ". " not in labels[0][1] and "。" in labels[0][1]  # sentences end as Japanese ones do
    assert places["Y:2514"].startswith("若江 Y:2514") and places["Y:0201"].startswith("平野・大坂方面（突破） Y:0201")
    assert {cell: words for cell, words in places.items() if ENGLISH.search(words)} == {}



JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@pytest.mark.parametrize("scenario", ["ikedaya", "yao"])
def test_the_rulings_and_the_rules_reference_read_in_japanese(open_app: Callable[..., Page], scenario: str) -> None:
    """The project's notes (provenance, rulings, every clause) in Japanese: each text carries Japanese
    and no English lang mark; English stays only in clause ids, rulebook references and citations."""
    page = open_app(f"/?lang=ja&scenario={scenario}&seed=1")
    cover = page.locator("#cover-button")
    if cover.is_visible():
        cover.click()
    page.locator("#nav-rulings").click()
    rulings = page.locator("#page-body .ruling")
    expect(rulings.first).to_be_visible()
    for text in rulings.all_inner_texts():
        assert JAPANESE.search(text), text
    marked = page.evaluate("""() => [...document.querySelectorAll('#page-body [lang="en"]')]
        .filter(el => !el.closest('ul.sources')).map(el => el.textContent.slice(0, 60))""")
    assert marked == [], marked
    page.locator("#page-close").click()
    page.locator("#nav-rules").click()
    expect(page.locator("#page-title")).to_have_text(re.compile(r"^ルール — [^A-Za-z]+$"))  # the battle's Japanese name
    clauses = page.locator("#page-body .clause-text")
    expect(clauses.first).to_be_visible()
    langs = page.evaluate("""() => [...document.querySelectorAll('#page-body .clause-text')]
        .map(el => [el.lang, el.textContent])""")
    assert langs and all(lang == "ja" and JAPANESE.search(text) for lang, text in langs), \
        [x for x in langs if x[0] != "ja" or not JAPANESE.search(x[1])][:5]
    marked = page.evaluate("""() => [...document.querySelectorAll('#page-body [lang="en"]')]
        .filter(el => !el.matches('.clause-id, .clause-head > span')).map(el => el.textContent.slice(0, 60))""")
    assert marked == [], marked
    # a search in Japanese finds clauses by their Japanese words
    first = langs[0][1]
    word = re.search(r"[\u3040-\u30ff\u3400-\u9fff]{2,}", first).group()[:3]
    page.locator("#rules-search").fill(word)
    expect(page.locator("#page-body .clause:visible")).not_to_have_count(0)
