"""JSON text from outside (links, save files, localStorage, scenario files), read defensively.

``json.loads`` accepts things no kassen file holds and Python cannot always handle: integers of
thousands of digits (converting them raises ValueError), NaN and Infinity, nesting deep enough to
exhaust the stack (RecursionError), and lone surrogates (text that cannot be encoded again, so
Copy link and ``show`` would fail later). ``loads`` refuses all of them with one exception type
and a message in words, before anything else looks at the data; ``check`` does the same for data
already decoded by someone else.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any, Optional

#: deeper than any state, view, save or scenario (they nest about 8 levels)
MAX_DEPTH = 64
#: longer than any number kassen writes (the RNG state has 20 digits)
MAX_DIGITS = 40

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]*$")


class BadJSON(ValueError):
    """JSON text (or data) kassen refuses to read; the message says why, in words, and ``path`` is
    the JSON path of the offending value when there is one ("$" otherwise)."""

    def __init__(self, message: str, path: str = "$") -> None:
        self.path, self.reason = path, message
        super().__init__(message if path == "$" else f"at {path}: {message}")


class _LongNumber:
    """What ``loads`` puts where the text has a number too long to convert (``check`` refuses it
    with its path)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _int(text: str) -> Any:
    if len(text.lstrip("-")) > MAX_DIGITS:
        return _LongNumber(len(text))
    return int(text)


def _too_deep(text: str) -> Optional[int]:
    """Where (an offset) JSON text first nests deeper than MAX_DEPTH, skipping strings; without
    recursion, before ``json.loads`` recurses. None if it never does."""
    depth = 0
    for m in _TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return m.start()
        elif token in "]}":
            depth -= 1
    return None


def loads(text: str) -> Any:
    """Parse JSON text from outside; raises BadJSON (a ValueError) saying what is wrong, and where."""
    if not isinstance(text, str):
        raise BadJSON("it is not text")
    deep = _too_deep(text)
    if deep is not None:
        line = text.count("\n", 0, deep) + 1
        column = deep - (text.rfind("\n", 0, deep) + 1) + 1
        raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep (line {line}, column {column})")
    try:
        data = json.loads(text, parse_int=_int, parse_constant=float)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "it is not valid JSON"
        raise BadJSON(f"it is not valid JSON: {reason}{where}") from None
    check(data)
    return data


def _path(parts: tuple[Any, ...]) -> str:
    out = "$"
    for k in parts:
        if isinstance(k, int):
            out += f"[{k}]"
        elif _PLAIN_KEY.match(k) and len(k) <= 40:
            out += f".{k}"
        else:
            out += "[" + json.dumps(k if len(k) <= 40 else k[:39] + "…", ensure_ascii=True) + "]"
    return out


def check(data: Any) -> None:
    """Refuse decoded data kassen never writes: lone surrogates, non-finite or huge numbers, nesting
    deeper than MAX_DEPTH, non-JSON types. Iterative, so any depth is safe to check."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, parts = stack.pop()
        t = type(value)
        if t is str:
            if not value.isascii() and _SURROGATE.search(value):
                raise BadJSON("it holds text that is not valid Unicode (a lone surrogate)", _path(parts))
        elif t is dict or t is list:
            if len(parts) >= MAX_DEPTH:
                raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep")
            if t is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise BadJSON("it holds an object key that is not text", _path(parts))
                    if not key.isascii() and _SURROGATE.search(key):
                        raise BadJSON("it holds a key that is not valid Unicode (a lone surrogate)", _path(parts))
                    stack.append((item, parts + (key,)))
            else:
                stack.extend((item, parts + (i,)) for i, item in enumerate(value))
        elif t is int:
            if value.bit_length() > 130:
                raise BadJSON("it holds a number too large to be one kassen wrote", _path(parts))
        elif t is float:
            if not math.isfinite(value):
                name = "NaN" if value != value else "Infinity" if value > 0 else "-Infinity"
                raise BadJSON(f"it holds {name}, which is not a number JSON allows", _path(parts))
        elif t is _LongNumber:
            raise BadJSON(f"it holds a number of {value.digits} digits, too long to be one kassen wrote",
                          _path(parts))
        elif value is not None and t is not bool:
            raise BadJSON(f"it holds a {t.__name__}, which is not JSON", _path(parts))
