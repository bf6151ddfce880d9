"""Thin adapters from the browser's APIs to what kassen.app expects (runs only in Pyodide).

JavaScript ``null`` arrives in Pyodide 314 as ``pyodide.ffi.jsnull``, not ``None``: everything
that may be null is checked with ``present`` here, so the rest of the UI sees plain Python values.
"""
from __future__ import annotations

import asyncio
from typing import Any, Optional

from pyodide.ffi import JsException, jsnull, to_js
from pyscript import document, window


def present(value: Any) -> bool:
    """False for None, JS null and JS undefined."""
    return value is not None and value is not jsnull


async def next_task() -> None:
    """Let the browser paint and handle input before what follows: Pyodide's event loop resumes the
    awaiting coroutine from a browser task of its own (a long start cut into short tasks)."""
    await asyncio.sleep(0)


def by_id(element_id: str) -> Any:
    el = document.getElementById(element_id)
    if not present(el):
        raise LookupError(f"the page has no element #{element_id}")
    return el


def js_object(values: dict[str, Any]) -> Any:
    """A plain JS object (for options arguments)."""
    return to_js(values, dict_converter=window.Object.fromEntries)


class LocalStore:
    """window.localStorage as kassen.app.storage.Store; any failure propagates as an exception,
    which Saves turns into a visible notice."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def getItem(self, key: str) -> Optional[str]:  # noqa: N802 (the Web Storage name)
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.storage.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        """Every key in this origin's storage (to rebuild a damaged index of saved games)."""
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


def local_store() -> Optional[LocalStore]:
    """The page's localStorage, or None when the browser refuses it (disabled, sandboxed...)."""
    try:
        storage = window.localStorage
        if not present(storage):
            return None
        storage.getItem("kassen:index")  # some browsers only refuse on first use
        return LocalStore(storage)
    except (JsException, AttributeError, TypeError):
        return None


def random_seed() -> int:
    """A seed for new dice, from the browser's cryptographic generator (52 bits: exact in JS)."""
    words = window.crypto.getRandomValues(window.Uint32Array.new(2))
    return (int(words[0]) & 0xFFFFF) * (1 << 32) + int(words[1])


def random_slot_id() -> str:
    words = window.crypto.getRandomValues(window.Uint32Array.new(2))
    return "g" + "".join(f"{int(w):08x}" for w in words)


def now_iso() -> str:
    return str(window.Date.new().toISOString())


def local_time(iso: str, lang: str = "en") -> str:
    """An ISO timestamp in the reader's language's way ("" if it is not one)."""
    if not iso:
        return ""
    date = window.Date.new(iso)
    if str(date.getTime()) == "NaN":
        return ""
    return str(date.toLocaleString(lang))


def page_url() -> str:
    """The page's own address without query or fragment (what links and embeds point at)."""
    loc = window.location
    return f"{loc.origin}{loc.pathname}"


def clean_url() -> None:
    """Drop query and fragment from the address bar without reloading (a reload then resumes); a
    ``?lang=`` the link chose stays (a reload keeps speaking it)."""
    from ..app.language import from_query

    lang = from_query(str(window.location.search))
    window.history.replaceState(jsnull, "", window.location.pathname + (f"?lang={lang}" if lang else ""))


def download(text: str, filename: str, mime: str = "application/json") -> None:
    """Offer ``text`` as a file download (Blob + a temporary link)."""
    blob = window.Blob.new(to_js([text]), js_object({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.hidden = True
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(_revoker(url), 10_000)


def _revoker(url: str) -> Any:
    from pyodide.ffi import create_once_callable

    return create_once_callable(lambda *_: window.URL.revokeObjectURL(url))
