"""Small text helpers for what the page shows around the games (pure functions, tested in CPython).

- ``plural``: "1 unit", "3 units".
- ``ruling_id``: one id style on the rulings page ("R1", "M4", "N12"), whatever a game's rulings.py
  calls them ("ikedaya-r01").
- ``without_paths``: the scenario's provenance and the rulings speak of repository files
  ("shared/maps/mukden.md", "test_map.py"); a player reads what they are instead.
"""
from __future__ import annotations

import re

_ID = re.compile(r"^(?:[a-z]+-)?([A-Za-z]+)0*(\d+)$")
_FILE = r"(?:(?:shared|scenarios|tests|py|tools|docs|static)/[\w./-]*\w|\b[\w.-]+\.(?:md|py|json|js|toml)\b)"
_PATH = re.compile(rf"\((?:see )?(?:its |the )?(?:{_FILE}|README)\)|{_FILE}")
_NAMED = (  # (what a path looks like, its words in English, in Japanese)
    (re.compile(r"^\(?(?:see )?(?:its |the )?readme\b", re.I), "the scenario's notes", "シナリオの注記"),
    (re.compile(r"README\.md"), "the scenario's notes", "シナリオの注記"),
    (re.compile(r"shared/maps/"), "the map reconstruction brief", "地図復元資料"),
    (re.compile(r"shared/rules/"), "the rules summary", "ルール要約"),
    (re.compile(r"shared/rulebooks/"), "the rulebook's text", "ルールブックの本文"),
    (re.compile(r"(?:^|/)tests?(?:/|$)|(?:^|/)test_[\w]+\.py"), "the project's tests", "プロジェクトのテスト"),
    (re.compile(r"scenarios/.*\.json$|\.json$"), "the scenario file", "シナリオファイル"),
)
_OTHER = {"en": "the project's notes", "ja": "プロジェクトの資料"}
#: a Japanese note names the file's kind before it and gives the path in brackets: the bracket goes
#: (ASCII words: a path runs into the Japanese that follows it, "mukden.jsonを編集して")
_BRACKETED_JA = re.compile(rf"（{_FILE}）", re.ASCII)
_FILE_JA = re.compile(_FILE, re.ASCII)
_README = re.compile(r"README(?:\.md)?")


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 unit", "0 units", "2 units" (``many`` when the plural is not ``one`` + "s")."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def ruling_id(raw: str) -> str:
    """ "ikedaya-r01" -> "R1", "M4" -> "M4"; anything else as it is."""
    m = _ID.match(raw.strip())
    return f"{m.group(1).upper()}{int(m.group(2))}" if m else raw


def _name(path: str, lang: str = "en") -> str:
    core = path.strip("()").removeprefix("see ").removeprefix("its ").removeprefix("the ").strip()
    for pattern, english, japanese in _NAMED:
        if pattern.search(core):
            return japanese if lang == "ja" else english
    return _OTHER["ja" if lang == "ja" else "en"]


def without_paths(text: str, lang: str = "en") -> str:
    """``text`` (written in ``lang``) with every repository path replaced by what the file is, in
    words of that language."""
    if lang == "ja":
        out = _BRACKETED_JA.sub("", text)
        out = _FILE_JA.sub(lambda m: _name(m.group(0), "ja"), out)
        return _README.sub("シナリオの注記", out).strip()

    def swap(m: re.Match[str]) -> str:
        found = m.group(0)
        words = _name(found)
        if found.startswith("(") and found.endswith(")"):
            return f"({words})"
        return words

    out = _PATH.sub(swap, text)
    # "the map reconstruction brief (the map reconstruction brief)" and the like
    out = re.sub(r"(\b[\w' ]+?) \(\1\)", r"\1", out)
    out = re.sub(r"^([\w' ]+): (?:the )?\1\b", r"\1", out, flags=re.I)  # "Map brief: the map brief"
    return re.sub(r"\s{2,}", " ", out).strip()
