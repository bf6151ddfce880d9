"""日本語 and English: the catalogs agree, and every text the page shows comes from them.

- every key of a catalog exists in the other language, with the same placeholders and plural forms
  the language has (Japanese: only "other");
- index.html marks only keys that exist, and static/js/lang.js (the texts shown before Python runs)
  holds the catalogs' own words;
- self-play of every scenario through the Controller in Japanese: prompts, status rows, buttons,
  the log, the details of every unit, refusals, cover, undo notes and results render with no catalog
  miss and no English words left (only names chosen to stay as they are: see ALLOWED);
- the log is stored as messages: the same saved game reads in either language, and an old save with
  English sentences still opens.
"""
from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest

from kassen.app.controller import Controller
from kassen.app.language import choose, from_query, valid
from kassen.app.storage import MemoryStore, Saves
from kassen.engine import messages
from kassen.engine.actions import Action
from kassen.engine.messages import LANGUAGES, catalog, render
from kassen.engine.phases import PhasedRules
from kassen.engine.state import TERMINAL
from kassen.games import GAME_MODULES, load_rules, scenario_ids

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIRS = [ROOT / "py" / "kassen" / "locale"] + [p / "locale" for p in sorted(
    (ROOT / "py" / "kassen" / "games").iterdir()) if (p / "locale" / "en.json").exists()]

#: ASCII words a Japanese page may show: the app's name, technical names, keys on the keyboard,
#: the action words a refusal quotes (what the command line types), Roman numerals of start groups,
#: a game's published title (幸村外伝EPISODE-0)
ALLOWED = {"kassen", "Python", "JavaScript", "WebAssembly", "iframe", "Ctrl", "Tab", "Enter", "Space",
           "Escape", "Esc", "Home", "End", "pass", "hold", "III", "EPISODE"}
#: placeholders a Japanese text may leave out: the kanji a name already is in Japanese (and an
#: English name whose ``<name>_ja`` twin the Japanese text shows)
DROPPED = {"kanji"}
#: English placeholders a Japanese text names another way (the kanji of a unit instead of its English name)
RENAMED = {"mukden.name.fp-entry": ("name", "kanji"), "mukden.log.now-has": ("name", "kanji"),
           "ikedaya.action.activate": ("short", "rolls")}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def forms(entry) -> dict[str, str]:
    return entry if isinstance(entry, dict) else {"other": entry}


@pytest.mark.parametrize("directory", LOCALE_DIRS, ids=lambda p: p.parent.name)
def test_every_key_exists_in_both_languages(directory):
    assert (directory / "ja.json").exists(), "no Japanese catalog"
    en, ja = load(directory / "en.json"), load(directory / "ja.json")
    assert sorted(set(en) - set(ja)) == [], "keys in English only"
    assert sorted(set(ja) - set(en)) == [], "keys in Japanese only"


@pytest.mark.parametrize("directory", LOCALE_DIRS, ids=lambda p: p.parent.name)
def test_placeholders_and_plural_forms_agree(directory):
    assert (directory / "ja.json").exists(), "no Japanese catalog"
    en, ja = load(directory / "en.json"), load(directory / "ja.json")
    problems = []
    for key, english in en.items():
        japanese = ja.get(key)
        if japanese is None:
            continue
        if isinstance(english, dict) and set(english) - {"one", "other"}:
            problems.append(f"{key}: English plural forms are one/other, not {sorted(english)}")
        if isinstance(japanese, dict) and set(japanese) != {"other"}:
            problems.append(f"{key}: Japanese has one plural form, 'other' (found {sorted(japanese)})")
        wanted = set().union(*(placeholders(t) for t in forms(english).values()))
        if key in RENAMED:
            wanted = wanted - {RENAMED[key][0]} | {RENAMED[key][1]}
        for form, text in forms(japanese).items():
            have = placeholders(text)
            if have - wanted:
                problems.append(f"{key} [{form}]: Japanese has placeholders English lacks: {sorted(have - wanted)}")
            lacks = {name for name in wanted - have - DROPPED if f"{name}_ja" not in have}
            if lacks:
                problems.append(f"{key} [{form}]: Japanese lacks {sorted(lacks)}")
        for lang, entry in (("en", english), ("ja", japanese)):
            for text in forms(entry).values():
                try:
                    text.format_map({name: 1 for name in placeholders(text)})
                except (ValueError, KeyError, IndexError, AttributeError) as exc:
                    problems.append(f"{key} [{lang}]: not a template ({exc})")
    assert problems == []


@pytest.mark.parametrize("directory", LOCALE_DIRS[1:], ids=lambda p: p.parent.name)
def test_every_japanese_text_of_a_game_is_japanese(directory):
    """Each game's Japanese texts, those self-play never reaches included (a refusal, a rare result,
    a victory), hold no English words besides their placeholders and the names chosen to stay."""
    ja = load(directory / "ja.json")
    texts = {f"{key} [{form}]": text for key, entry in ja.items() for form, text in forms(entry).items()}
    english = {where: text for where, text in texts.items()
               if english_words(re.sub(r"\{[^{}]*\}", "", text))}
    assert english == {}


def test_a_missing_key_fails_the_check(tmp_path):
    """The two checks above can fail: a catalog pair with a key and a placeholder missing."""
    (tmp_path / "en.json").write_text('{"x.a": "{side} moves", "x.b": "b"}', encoding="utf-8")
    (tmp_path / "ja.json").write_text('{"x.a": "移動"}', encoding="utf-8")
    with pytest.raises(AssertionError):
        test_every_key_exists_in_both_languages(tmp_path)
    with pytest.raises(AssertionError):
        test_placeholders_and_plural_forms_agree(tmp_path)


def test_the_page_marks_only_keys_of_the_catalogs():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    marked = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', html))
    assert len(marked) > 60
    for lang in LANGUAGES:
        assert sorted(marked - set(catalog(lang).entries)) == []


def test_the_texts_before_python_are_the_catalogs_own():
    js = (ROOT / "static" / "js" / "lang.js").read_text(encoding="utf-8")
    table = json.loads(js.split("/* catalog */", 1)[1].split("/* end */", 1)[0].split("=", 1)[1].strip().rstrip(";"))
    assert "app.loading.title" in table
    for key, texts in table.items():
        for lang in LANGUAGES:
            assert texts[lang] == catalog(lang).entries[key], (key, lang)


def test_the_language_comes_from_the_link_then_the_choice_then_the_browser():
    assert choose("ja", "en", ["en-US"]) == "ja"
    assert choose(None, "ja", ["en-US"]) == "ja"
    assert choose(None, None, ["fr-FR", "ja-JP", "en"]) == "ja"
    assert choose(None, None, ["fr-FR"]) == "en"
    assert choose(None, None, []) == "en"
    # hostile values select nothing
    for bad in ("<script>", "ja" * 40, 3, None, {"lang": "ja"}, ["ja"], "", "jpn", "../ja"):
        assert valid(bad) is None
        assert choose(bad, bad, [bad]) == "en"
    assert from_query("?lang=ja&scenario=mukden") == "ja"
    assert from_query("?lang=EN") == "en"
    assert from_query("?lang=%3Cb%3E") is None and from_query("?scenario=mukden") is None


def test_the_embed_snippet_can_fix_the_language():
    snippet = Controller.embed_snippet("https://x.test/", "k1.f.mukden.AAA", "奉天会戦", lang="ja")
    assert 'src="https://x.test/?embed=1&amp;lang=ja#k1.f.mukden.AAA"' in snippet
    assert "lang=" not in Controller.embed_snippet("https://x.test/", "k1.f.mukden.AAA", "t", lang="<x>")


# -- what the page shows, in Japanese, over self-play ------------------------------------------------
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


#: what a Japanese text may quote as it is: a clause id a refusal cites (the page links it), and an
#: action in its typed form (「move jp-1 @0506」, what the command line and links write)
QUOTED = re.compile(r"\(?\b[a-z][a-z0-9]*(?:\.[A-Za-z0-9_-]+)+\)?|「[\x20-\x7e]*」")


def english_words(text: str) -> set[str]:
    return {w for w in ENGLISH_WORD.findall(QUOTED.sub("", text)) if w not in ALLOWED}


def screen_texts(c: Controller) -> list[str]:
    scr = c.screen()
    out = [scr.title, scr.prompt, scr.cover_text, scr.undo_note, scr.outcome or "", scr.frame_move,
           scr.to_move_name, scr.opponent, scr.thinking_text, *scr.notices, *scr.log, *scr.since]
    out += [f"{label} {value}" for label, value in scr.status]
    out += [b.label for b in scr.buttons + scr.chooser]
    out += list(scr.targets.values()) + [name for _, name in scr.sides] + [who for who, _ in scr.dice]
    if scr.confirm is not None:
        out += [scr.confirm.what, scr.confirm.button]
    view = c.view() or {}
    for uid in list(view.get("units", {}))[:40]:
        out += c.unit_details(uid)
    return out


def refusal_texts(rules, state, rnd: random.Random) -> list[str]:
    """A few refused actions, as the page says them (``Refusal`` in Japanese)."""
    if not isinstance(rules, PhasedRules):
        return []
    legal = list(rules.legal_actions(state)) if rules.current_player(state) not in ("chance", TERMINAL) else []
    units = sorted(rules.scenario.units)
    cells = sorted(rules.board.cells)
    probes = [Action("move", (rnd.choice(units),), rnd.choice(cells)), Action("attack", (rnd.choice(units),),
                                                                            rnd.choice(cells))]
    if legal:
        a = rnd.choice(legal)
        probes.append(Action(a.verb, a.units, rnd.choice(cells), a.arg))
    out = []
    for wrong in probes:
        found = rules.refusal(state, wrong)
        if found is not None:
            out.append(rules.say(found, "ja"))
    # the board's "why not there" for a unit that may act on a place and a random place
    movers = sorted({u for a in legal if a.cell is not None for u in a.units})
    if movers:
        why = rules.explain_place(state, rules.current_player(state), (rnd.choice(movers),), rnd.choice(cells))
        if why is not None:
            out.append(rules.say(why, "ja"))
    return out


#: actions played per scenario (enough to reach combat, dice, retreats and a change of turn)
STEPS = {"toba-fushimi": 70, "tabarazaka": 70}


@pytest.mark.parametrize("scenario", scenario_ids())
def test_self_play_in_japanese_shows_no_english_and_misses_no_key(scenario):
    rules = load_rules(scenario)
    rnd = random.Random(f"i18n:{scenario}")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.lang = "ja"
    misses = messages.watch_misses()
    found: dict[str, str] = {}
    try:
        for seed in (1, 2):
            c.start_new(scenario, seed=seed)
            for _ in range(STEPS.get(scenario, 400)):
                if c.covered:
                    found.update({w: t for t in screen_texts(c) for w in english_words(t)})
                    c.reveal()
                texts = screen_texts(c)
                state = c.history.state
                texts += refusal_texts(rules, state, rnd)
                found.update({w: t for t in texts for w in english_words(t)})
                if rules.current_player(state) == TERMINAL:
                    break
                legal = c.legal()
                if not legal:
                    break
                c.perform(rnd.choice(legal), confirmed=True)
            c.undo()
            found.update({w: t for t in screen_texts(c) for w in english_words(t)})
    finally:
        messages.stop_watching()
    assert sorted(set(misses)) == []
    assert found == {}, "English words on a Japanese screen:\n" + "\n".join(f"{w}: {t}" for w, t in sorted(found.items()))


@pytest.mark.parametrize("scenario", scenario_ids())
def test_every_name_and_menu_text_of_a_scenario_is_japanese(scenario):
    """What self-play may not reach: every unit, named hex, box and side as the game's hooks name
    them, and the menu card's title, subtitle and description, in Japanese (the data has the kanji)."""
    from kassen.app.catalog import catalog, scenario_text

    rules = load_rules(scenario)
    names = [rules.name_unit(u, "ja") for u in rules.scenario.units]
    names += [rules.name_cell(label, "ja") for label, c in rules.board.cells.items() if c.name or c.kind == "box"]
    names += [rules.name_side(s, "ja") for s in rules.sides]
    info = next(i for i in catalog() if i.id == scenario)
    names += [scenario_text(info.data, n, "ja") for n in ("title", "subtitle", "description")] + info.side_names("ja")
    assert [n for n in names if english_words(n) or not n] == []


def test_switching_language_re_renders_the_whole_log_and_a_save_reads_in_either():
    rules = load_rules("mukden")
    store = MemoryStore()
    c = Controller(lambda sid: rules, Saves(store))
    c.start_new("mukden", seed=5)
    rnd = random.Random(5)
    for _ in range(40):
        if c.covered:
            c.reveal()
        legal = c.legal()
        if not legal:
            break
        c.perform(rnd.choice(legal), confirmed=True)
    english = c.screen().log
    c.lang = "ja"
    japanese = c.screen().log
    assert len(english) == len(japanese) > 5
    assert all(e != j for e, j in zip(english, japanese) if english_words(e))
    assert not [line for line in japanese if english_words(line)]
    # the log is kept as messages, never as sentences
    saved = json.loads(c.history.to_json() if isinstance(c.history.to_json(), str) else json.dumps(c.history.to_json()))
    events = [e for step in saved["log"] for e in step]
    assert events and all("msg" in e and "text" not in e for e in events)
    other = Controller(lambda sid: rules, Saves(store))
    other.lang = "ja"
    assert other.resume()
    assert other.screen().log == japanese if not other.covered else True
    # the menu's summary of the slot is written in both languages
    slot = Saves(store).slots()[0]
    assert slot.summary_in("ja") != slot.summary_in("en") and not english_words(slot.summary_in("ja"))


def test_an_old_save_with_english_sentences_opens_in_japanese():
    """Saves made before the log was kept as messages hold sentences ("text"): they keep opening,
    and show those lines as they were written."""
    corpus = sorted((ROOT / "tests" / "corpus").rglob("*.json"))
    old = []
    for path in corpus:
        try:
            data = load(path)
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("format") and isinstance(data.get("log"), list) and any(
                isinstance(e, dict) and "text" in e for step in data["log"] if isinstance(step, list) for e in step):
            old.append((path, data))
    assert old, "the corpus holds saves from before the log was kept as messages"
    for path, data in old:
        rules = load_rules(data["scenario"])
        c = Controller(lambda sid: rules, Saves(MemoryStore()))
        c.lang = "ja"
        c.import_save(json.dumps(data))
        assert c.mode == "play", path
        log = c.screen().log
        assert log and all(isinstance(line, str) and line for line in log)


def test_every_game_module_has_a_japanese_catalog():
    missing = [game for game in GAME_MODULES if (ROOT / "py" / "kassen" / "games" / game / "locale" / "en.json").exists()
               and not (ROOT / "py" / "kassen" / "games" / game / "locale" / "ja.json").exists()]
    assert missing == [], missing
    assert render({"key": "engine.prompt.over"}, "ja") == "ゲームは終了しました。"


def test_hostile_links_and_saves_are_refused_in_the_readers_language():
    from kassen.app.routing import route
    from kassen.engine.errors import LinkError, error_words

    for fragment in ("#k1.p.mukden.AAAA", "#k1.p.mukden.!!", "#k9999999999.p.mukden.AAAA", "#hello"):
        c = Controller(load_rules, Saves(MemoryStore()))
        c.lang = "ja"
        c.follow(route("", fragment, False, scenario_ids()), 1)
        notices = c.screen().notices
        assert notices and all(not english_words(n) for n in notices), notices
        c.lang = "en"
        assert "This link cannot be opened" in c.screen().notices[-1]
    for text in ("not json", '{"format": "kassen-save"}', '{"scenario": "mukden", "format": "x"}'):
        c = Controller(load_rules, Saves(MemoryStore()))
        with pytest.raises(LinkError) as caught:
            c.import_save(text)
        words = render(error_words(caught.value), "ja")
        assert words and not english_words(words.split("（")[0]), words


def test_a_game_against_the_computer_speaks_japanese():
    rules = load_rules("mukden")
    c = Controller(lambda sid: rules, Saves(MemoryStore()))
    c.lang = "ja"
    c.start_new("mukden", seed=3, computer=("russia", "easy"))
    rnd = random.Random(3)
    seen = []
    for _ in range(12):
        if c.computer_to_move():
            seen += screen_texts(c)
            break
        seen += screen_texts(c)
        c.perform(rnd.choice(c.legal()), confirmed=True)
    scr = c.screen()
    assert "コンピュータ" in scr.opponent and "コンピュータ" in scr.thinking_text
    assert {w: t for t in seen for w in english_words(t)} == {}
