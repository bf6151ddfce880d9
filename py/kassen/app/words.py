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
_NAMED = (
    (re.compile(r"^\(?(?:see )?(?:its |the )?readme\b", re.I), "the scenario's notes"),
    (re.compile(r"README\.md"), "the scenario's notes"),
    (re.compile(r"shared/maps/"), "the map reconstruction brief"),
    (re.compile(r"shared/rules/"), "the rules summary"),
    (re.compile(r"shared/rulebooks/"), "the rulebook's text"),
    (re.compile(r"(?:^|/)tests?(?:/|$)|(?:^|/)test_[\w]+\.py"), "the project's tests"),
    (re.compile(r"scenarios/.*\.json$|\.json$"), "the scenario file"),
)


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 unit", "0 units", "2 units" (``many`` when the plural is not ``one`` + "s")."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def ruling_id(raw: str) -> str:
    """ "ikedaya-r01" -> "R1", "M4" -> "M4"; anything else as it is."""
    m = _ID.match(raw.strip())
    return f"{m.group(1).upper()}{int(m.group(2))}" if m else raw


def _name(path: str) -> str:
    core = path.strip("()").removeprefix("see ").removeprefix("its ").removeprefix("the ").strip()
    for pattern, words in _NAMED:
        if pattern.search(core):
            return words
    return "the project's notes"


def without_paths(text: str) -> str:
    """``text`` with every repository path replaced by what the file is, in words."""
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
