"""The page address's query string (``location.search``) as ``urllib.parse.parse_qs`` reads it.

Why not urllib.parse itself: it is the one module of the start-up that pulls in a large part of the
standard library the page otherwise never needs (urllib.parse imports ipaddress), and Pyodide compiles
the standard library from source at every start: some 100-300 ms of a cold start in the browser for
three lookups of a query parameter. tests/app/test_query.py checks that both read every query alike.
"""

from __future__ import annotations

import re

# Runs of percent-escapes: decoded together, so a character escaped as several UTF-8 bytes is one character.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote(text: str) -> str:
    """``urllib.parse.unquote``: %XX escapes as UTF-8 (undecodable bytes as U+FFFD); a '%' that starts no
    escape stays as it is."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8", "replace"), text)


def parse_query(search: str, keep_blank_values: bool = False) -> dict[str, list[str]]:
    """``urllib.parse.parse_qs(search, keep_blank_values)``: name -> its values in order. Fields are
    separated by '&' only; '+' is a space; a field without '=' counts as a blank value; blank values are
    dropped unless ``keep_blank_values``."""
    out: dict[str, list[str]] = {}
    for field in search.split("&"):
        if not field:
            continue
        name, equals, value = field.partition("=")
        if not equals and not keep_blank_values:
            continue
        if value or keep_blank_values:
            out.setdefault(unquote(name.replace("+", " ")), []).append(unquote(value.replace("+", " ")))
    return out
