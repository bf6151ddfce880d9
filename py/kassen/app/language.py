"""Which language the page speaks: decided without the browser, so every case is tested in CPython.

In order: ``?lang=ja|en`` in the address (any link, an embed snippet fixes its own), then the
player's choice remembered in this browser (``localStorage["kassen:settings"].lang``, set only by
the language switch), then the browser's own languages (``navigator.languages``), else English.
Anything else found in those places (a damaged setting, ``?lang=<script>``) is ignored: it can only
ever select one of ``LANGUAGES``.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional
from .query import parse_query

from ..engine.messages import DEFAULT_LANGUAGE, LANGUAGES

#: the switch's label, the same in every language (each name in its own language)
SWITCH_LABEL = "日本語 / English"
#: each language's name in itself (the switch's options)
NATIVE_NAMES = {"ja": "日本語", "en": "English"}


def valid(value: Any) -> Optional[str]:
    """``value`` if it names a language of the page ("ja", "EN", "ja-JP" count), else None."""
    if type(value) is not str or len(value) > 35:
        return None
    base = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return base if base in LANGUAGES else None


def from_query(search: str) -> Optional[str]:
    """The language a link asks for with ``?lang=``, or None."""
    try:
        values = parse_query(search.lstrip("?"), keep_blank_values=True).get("lang", [])
    except (ValueError, TypeError):
        return None
    return valid(values[0]) if values else None


def choose(query: Optional[str], stored: Any, browser: Iterable[Any] = ()) -> str:
    """The page's language: the link's, else the remembered choice, else the first of the
    browser's languages the page speaks, else the default."""
    for candidate in (query, stored, *browser):
        found = valid(candidate)
        if found:
            return found
    return DEFAULT_LANGUAGE
