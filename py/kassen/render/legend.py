"""A game's legend: what its terrain colours, hexside features, map marks and counters mean.

Each game's ``render.py`` may define ``legend(rules) -> Legend``; the page shows it in the map's
legend panel (kassen.ui.drawing). Every entry comes with a small SVG swatch drawn here from the same
styles the map uses, so the legend cannot drift from the drawing.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Optional

from . import svg
from ..engine.messages import DEFAULT_LANGUAGE
from .board import COMBAT, EdgeStyle, map_text

SWATCH = 28  # px


@dataclass
class Entry:
    """One line of the legend: a swatch and its words."""

    words: str
    fill: Optional[str] = None  # a terrain colour (drawn as a small hex)
    edge: Optional[EdgeStyle] = None  # a hexside feature (drawn as a line)
    mark: Optional[str] = None  # a symbol drawn as text ("◑", "A", "⇅")
    mark_color: str = "#333333"
    outline: Optional[tuple[str, Optional[str]]] = None  # (colour, dash) of a place outline


@dataclass
class Legend:
    terrain: list[Entry] = field(default_factory=list)
    features: list[Entry] = field(default_factory=list)  # hexsides, walls, doors, roads
    marks: list[Entry] = field(default_factory=list)  # symbols printed on the map
    counter: Optional[Any] = None  # a sample kassen.render.board.Counter
    counter_notes: list[str] = field(default_factory=list)  # what each part of a counter means


def common_marks(lang: str = DEFAULT_LANGUAGE) -> list[Entry]:
    """What the page itself draws on every map, in ``lang``."""
    return [Entry(map_text("app.legend.legal", lang), outline=("#0b6e4f", None)),
            Entry(map_text("app.legend.last-move", lang), outline=("#b3541e", "7 4")),
            Entry(map_text("app.legend.pending", lang), outline=("#1a5fb4", None)),
            Entry(map_text("app.legend.combat", lang), outline=(COMBAT, "6 4"))]


def swatch(entry: Entry) -> str:
    """The entry's small SVG (markup built with kassen.render.svg, which escapes all text)."""
    s = SWATCH
    parts: list[str] = []
    hexagon = [(s * 0.25, s * 0.07), (s * 0.75, s * 0.07), (s * 0.98, s * 0.5), (s * 0.75, s * 0.93),
               (s * 0.25, s * 0.93), (s * 0.02, s * 0.5)]
    if entry.fill:
        parts.append(svg.el("polygon", {"points": svg.points(hexagon), "fill": entry.fill, "stroke": "#5b5b5b",
                                        "stroke-width": 1.0}))
    if entry.outline:
        colour, dash = entry.outline
        parts.append(svg.el("polygon", {"points": svg.points(hexagon), "fill": "#ece5c8", "stroke": colour,
                                        "stroke-width": 3.0, "stroke-dasharray": dash}))
    if entry.edge:
        e = entry.edge
        parts.append(svg.el("line", {"x1": 2.0, "y1": s / 2, "x2": s - 2.0, "y2": s / 2, "stroke": e.stroke,
                                     "stroke-width": min(e.width, 7.0), "stroke-dasharray": e.dash,
                                     "opacity": e.opacity, "stroke-linecap": "round"}))
    if entry.mark:
        parts.append(svg.text(s / 2, s * 0.7, entry.mark, font_size=s * 0.55, text_anchor="middle",
                              fill=entry.mark_color, font_weight="bold"))
    return svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": s, "height": s,
                          "viewBox": f"0 0 {s} {s}", "aria-hidden": "true",
                          "font-family": "system-ui, sans-serif, 'Noto Sans JP'"}, *parts)


def counter_swatch(counter: Any, size: float = 64.0, lang: str = DEFAULT_LANGUAGE) -> str:
    """A sample counter at ``size`` px, drawn by the map's own counter drawing."""
    from .board import draw_counter

    pad = size * 0.25
    body = draw_counter(counter, size / 2 + pad, size / 2 + pad, size, False, lang=lang)
    total = size + 2 * pad
    return svg.el("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": svg.num(total), "height": svg.num(total),
                          "viewBox": f"0 0 {svg.num(total)} {svg.num(total)}", "aria-hidden": "true",
                          "class": "legend-counter",
                          "font-family": "system-ui, -apple-system, 'Segoe UI', 'Noto Sans JP', sans-serif"}, body)


def legend_for(rules: Any, lang: str = DEFAULT_LANGUAGE) -> Optional[Legend]:
    """The legend of a game (from its ``render.legend``) in ``lang``, or None if it has none."""
    from ..engine.rules import in_lang

    try:
        module = importlib.import_module(f"kassen.games.{rules.game}.render")
    except ImportError:
        return None
    make = getattr(module, "legend", None)
    return in_lang(make, rules, lang=lang) if callable(make) else None
