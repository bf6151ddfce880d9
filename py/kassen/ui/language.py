"""The page's own words in the chosen language, and the language switch.

index.html is written in English and marks each of its texts with the catalog key that says it:
``data-i18n="app.ui.log"`` (the element's text), ``data-i18n-aria-label`` / ``data-i18n-title``
(those attributes). ``apply`` sets them all from the catalog, sets ``<html lang>``, and presses the
switch's button of the language chosen. Everything else the page shows is drawn by ``Drawing`` from
the controller's screen, which is rendered in ``Controller.lang``.
"""
from __future__ import annotations

from typing import Any

from pyscript import document

from ..engine.messages import say

ATTRIBUTES = ("aria-label", "title")


def apply(lang: str) -> None:
    """Every marked text of the page in ``lang``; ``<html lang>`` follows."""
    document.documentElement.lang = lang
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = say(str(node.getAttribute("data-i18n")), lang)
    for name in ATTRIBUTES:
        for node in document.querySelectorAll(f"[data-i18n-{name}]"):
            node.setAttribute(name, say(str(node.getAttribute(f"data-i18n-{name}")), lang))
    for button in document.querySelectorAll("#lang-switch [data-lang]"):
        button.setAttribute("aria-pressed", "true" if button.getAttribute("data-lang") == lang else "false")


def marked(node: Any, key: str) -> Any:
    """``node`` marked with ``key`` so that a later ``apply`` says it again in another language."""
    node.setAttribute("data-i18n", key)
    return node
