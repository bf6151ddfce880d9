"""The map in the page: the renderer's SVG written into ``#map`` layer by layer, the legal places and
the counters that can act marked on it, and places brought into view.

A big map is mostly its cells (1,800 hexes are ~600 kB of SVG), which do not change from click to
click: only the layers whose markup changed are replaced (``kassen.render.board.split_layers``), and
the legal places are marked here with classes instead of being drawn into the cells. Pan and zoom
are static/js/surface.js; it keeps the view when layers change and takes ``data-reveal`` (cell
labels) as a request to bring those places into view.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from pyscript import document

from ..render.board import split_layers
from .browser import by_id, present

_ROOT_LABEL = re.compile(r' aria-label="[^"]*"')
_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&#39;", "'"), ("&#10;", "\n"), ("&#13;", "\r"),
             ("&#9;", "\t"), ("&amp;", "&"))


def unescape(text: str) -> str:
    """The inverse of kassen.render.svg.attr/esc (no other references occur in its output)."""
    for ref, char in _ENTITIES:
        text = text.replace(ref, char)
    return text


def _root(head: str) -> tuple[str, str, str]:
    """(root tag without its aria-label, the aria-label, the title text) of a map's head."""
    tag = head[: head.index(">") + 1] if ">" in head else head
    label = _ROOT_LABEL.search(tag)
    title = _TITLE.search(head)
    return (_ROOT_LABEL.sub("", tag), unescape(label.group(0)[13:-1]) if label else "",
            unescape(title.group(1)) if title else "")


class MapView:
    """What ``#map`` holds, to change only what differs."""

    def __init__(self) -> None:
        self.markup = ""
        self._root: tuple[str, str, str] = ("", "", "")
        self._layers: dict[str, str] = {}
        self._order: list[str] = []
        self._marked: dict[str, set[str]] = {}  # class -> cells that carry it now
        self.full_redraws = 0  # for tests and the bench: how often the whole SVG was inserted

    def draw(self, markup: str) -> bool:
        """Show ``markup``; True if anything changed."""
        if markup == self.markup:
            return False
        board = by_id("map")
        head, layers = split_layers(markup)
        root = _root(head)
        svg = board.querySelector(":scope > svg")
        names = [name for name, _ in layers]
        if not markup or not layers or not present(svg) or names != self._order or root[0] != self._root[0]:
            board.innerHTML = markup
            self.full_redraws += 1
            self._marked = {}
        else:
            if root[1] != self._root[1]:
                svg.setAttribute("aria-label", root[1])
            if root[2] != self._root[2]:
                title = svg.querySelector(":scope > title")
                if present(title):
                    title.textContent = root[2]
            for name, part in layers:
                if part != self._layers.get(name):
                    node = svg.querySelector(f':scope > g[data-layer="{name}"]')
                    if not present(node):
                        board.innerHTML = markup
                        self.full_redraws += 1
                        self._marked = {}
                        break
                    if name == "cells":
                        self._marked = {}
                    node.outerHTML = part
        self.markup = markup
        self._root = root
        self._layers = dict(layers)
        self._order = names
        return True

    def mark_cells(self, cls: str, labels: Iterable[str], focusable: bool = False) -> None:
        """Give exactly ``labels`` the class ``cls`` (and, if focusable, a tab stop and button role)."""
        want = set(labels)
        have = self._marked.get(cls, set())
        for label in have - want:
            for node in _cells(label):
                node.classList.remove(cls)
                if focusable:
                    node.removeAttribute("tabindex")
                    node.removeAttribute("role")
        for label in want - have:
            for node in _cells(label):
                node.classList.add(cls)
                if focusable:
                    node.setAttribute("tabindex", "0")
                    node.setAttribute("role", "button")
        self._marked[cls] = want

    def mark_units(self, cls: str, units: Iterable[str]) -> None:
        """Give exactly the counters ``units`` the class ``cls`` (counters are redrawn often: all are set)."""
        want = set(units)
        for node in list(document.querySelectorAll("#map [data-unit]")):
            node.classList.toggle(cls, str(node.dataset.unit) in want)

    @staticmethod
    def reveal(labels: Iterable[str]) -> None:
        """Ask the surface to bring these places into view (it moves as little as it can)."""
        words = " ".join(label for label in labels if label)
        if words:
            by_id("map").setAttribute("data-reveal", words)


def _cells(label: str) -> list[Any]:
    node = document.querySelector(f'#map [data-cell="{_css_string(label)}"]')
    return [node] if present(node) else []


def _css_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
