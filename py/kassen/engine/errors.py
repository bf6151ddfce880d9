"""Errors with messages meant for players as much as for developers.

Messages never repeat hostile input at full length: ``quote`` shortens a value shown in a
message, and every KassenError is cut at ``MESSAGE_LIMIT`` characters whatever it was built from.
"""
from __future__ import annotations

from typing import Any, Optional

#: the longest message an error carries (a 100 kB key in a link must not give a 100 kB message)
MESSAGE_LIMIT = 500


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis saying so."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(value: Any, limit: int = 40) -> str:
    """A value for a message, quoted and shortened: 'abc…' (repr for text, so nothing is hidden)."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text) if isinstance(value, str) else text


class KassenError(Exception):
    """Base class: every error the engine raises on purpose has a readable message.

    ``key`` (and its arguments) name the same words in the message catalogs
    (``py/kassen/locale/<lang>.json``), so the page can say them in the reader's language; the
    English text stays the exception's ``str`` for logs and the command line."""

    def __init__(self, *args: Any, key: Optional[str] = None, **words: Any) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (clip(args[0]),)
        super().__init__(*args)
        self.message: Optional[dict[str, Any]] = None
        if key is not None:
            self.message = {"key": key, "args": words} if words else {"key": key}


def error_words(exc: BaseException) -> Any:
    """What to tell a player about ``exc``: its catalog message where it has one, else its text."""
    found = getattr(exc, "message", None)
    return found if isinstance(found, dict) else clip(str(exc))


class IllegalAction(KassenError):
    """An action that the rules do not allow in this state; the message says why."""


class ScenarioError(KassenError):
    """A malformed scenario file: names the file, the JSON path and what was expected."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file, self.path, self.detail = clip(file, 200), clip(path, 120), clip(message, 300)
        super().__init__(f"{self.file}: at {self.path}: {self.detail}")


class LinkError(KassenError):
    """A link or save that cannot be opened: damaged, tampered, newer, or an impossible position."""


class NotReadableHere(LinkError):
    """A save or link this page cannot read but that is not damaged: made by a newer version, or
    for a scenario this page does not have. A saved game like this is kept as it is."""
