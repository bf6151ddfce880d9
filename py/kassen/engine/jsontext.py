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
from typing import Any

#: deeper than any state, view, save or scenario (they nest about 8 levels)
MAX_DEPTH = 64
#: longer than any number kassen writes (the RNG state has 20 digits)
MAX_DIGITS = 40

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


class BadJSON(ValueError):
    """JSON text (or data) kassen refuses to read; the message says why, in words."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadJSON(f"it holds a number with {len(text)} digits, too long to be one kassen wrote")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSON("it holds a number too large to be one kassen wrote")
    return value


def _constant(name: str) -> Any:
    raise BadJSON(f"it holds {name}, which is not a number JSON allows")


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped), without recursion."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads(text: str) -> Any:
    """Parse JSON text from outside; raises BadJSON (a ValueError) saying what is wrong."""
    if not isinstance(text, str):
        raise BadJSON("it is not text")
    if _depth(text) > MAX_DEPTH:
        raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except BadJSON:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else "it is not valid JSON"
        raise BadJSON(f"it is not valid JSON: {reason}{where}") from None
    check(data)
    return data


def check(data: Any) -> None:
    """Refuse decoded data kassen never writes: lone surrogates, non-finite or huge numbers, nesting
    deeper than MAX_DEPTH, non-JSON types. Iterative, so any depth is safe to check."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        t = type(value)
        if t is str:
            if not value.isascii() and _SURROGATE.search(value):
                raise BadJSON("it holds text that is not valid Unicode (a lone surrogate)")
        elif t is dict or t is list:
            if depth > MAX_DEPTH:
                raise BadJSON(f"it is nested more than {MAX_DEPTH} levels deep")
            if t is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise BadJSON("it holds an object key that is not text")
                    stack.append((key, depth))
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
        elif t is int:
            if value.bit_length() > 130:
                raise BadJSON("it holds a number too large to be one kassen wrote")
        elif t is float:
            if not math.isfinite(value):
                raise BadJSON("it holds a number that is not finite")
        elif value is not None and t is not bool:
            raise BadJSON(f"it holds a {t.__name__}, which is not JSON")
