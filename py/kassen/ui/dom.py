"""Small DOM helpers shared by the page's parts (runs only in Pyodide).

Text always goes in as ``textContent`` (never parsed as HTML); attributes are set one by one.
"""
from __future__ import annotations

from typing import Any, Optional

from pyscript import document, window

from .browser import present


def el(tag: str, text: Optional[str] = None, cls: Optional[str] = None, **attrs: Any) -> Any:
    """A new element with text content (never parsed as HTML) and attributes (``data_x`` -> data-x)."""
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        node.setAttribute(key.rstrip("_").replace("_", "-"), "" if value is True else str(value))
    return node


def clear(node: Any) -> None:
    node.replaceChildren()


def show(node: Any, visible: bool) -> None:
    node.hidden = not visible


def unit_selector(uid: str) -> str:
    """CSS selector of a counter on the map (ids may hold characters CSS treats specially)."""
    return f'#map [data-unit="{window.CSS.escape(uid)}"]'


def cell_selector(label: str) -> str:
    """CSS selector of a cell on the map."""
    return f'#map [data-cell="{window.CSS.escape(label)}"]'


def closest(target: Any, selector: str) -> Any:
    """``target.closest(selector)`` or None (text nodes and null included)."""
    if not present(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return found if present(found) else None


def set_body_data(name: str, value: Optional[str]) -> None:
    """A data-* attribute of <body> for tests and styles (removed when None)."""
    if value is None:
        document.body.removeAttribute(name)
    else:
        document.body.setAttribute(name, value)


def focus_first(*selectors: str) -> bool:
    """Focus the first element any selector finds, in order; False if none exists."""
    for selector in selectors:
        node = document.querySelector(selector)
        if present(node):
            node.focus()
            return True
    return False


def dialog_open() -> bool:
    return present(document.querySelector("dialog[open]"))
