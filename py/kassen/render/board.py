"""Drawing a board (hexes or squares on floors) with its counters, generically.

A game's renderer supplies the colours of terrain, the features to draw on connections, extra
overlays (railway, special-hex icons) and one ``Counter`` per visible unit; this module lays
them out and emits the automation contract: ``data-cell`` on every cell; ``data-unit``,
``data-side`` and ``data-at`` on every unit on the map; class ``legal`` on highlighted cells.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

from ..engine import hexgrid
from ..engine.board import Board, Cell
from . import svg

SCALE = 40.0  # SVG user units per grid unit (hex corner radius / square side)


@dataclass
class Counter:
    """How to draw one counter. Only what the viewer may see goes in here."""

    unit: str  # the id in data-unit (an anonymous id for a hidden unit)
    side: str
    at: str
    lines: list[str] = field(default_factory=list)  # 1-3 short lines: name, values
    fill: str = "#dddddd"
    text_color: str = "#000000"
    title: str = ""  # hover text
    rotated: bool = False  # spent / used this turn
    face_down: bool = False  # show only the side's crest
    crest: str = ""  # text drawn on a face-down counter
    badges: list[str] = field(default_factory=list)  # small markers in the corner: "R", "M"...
    selectable: bool = True


@dataclass
class EdgeStyle:
    """How to draw a connection feature (river, fortress, door, wall...)."""

    stroke: str
    width: float = 3.0
    dash: Optional[str] = None
    opacity: float = 1.0


def edge_endpoints(a: Cell, b: Cell, board: Board) -> tuple[tuple[float, float], tuple[float, float]]:
    """The shared side of two neighbouring cells, in SVG units."""
    ax, ay, bx, by = a.x * SCALE, a.y * SCALE, b.x * SCALE, b.y * SCALE
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    half = 0.5 * SCALE  # hex side = corner radius; square side = 1
    return (mx + px * half, my + py * half), (mx - px * half, my - py * half)


def cell_shape(cell: Cell, **values: object) -> str:
    cx, cy = cell.x * SCALE, cell.y * SCALE
    if cell.kind == "hex":
        return svg.el("polygon", {"points": svg.points(hexgrid.corners(cx, cy, SCALE)), **values})
    if cell.kind == "square":
        half = 0.5 * SCALE
        return svg.el("rect", {"x": cx - half, "y": cy - half, "width": SCALE, "height": SCALE, **values})
    return svg.el("rect", {"x": cx - 1.2 * SCALE, "y": cy - 0.5 * SCALE, "width": 2.4 * SCALE,
                           "height": SCALE, "rx": 6.0, **values})


def bounds(board: Board) -> tuple[float, float, float, float]:
    xs = [c.x for c in board.cells.values()]
    ys = [c.y for c in board.cells.values()]
    pad = 1.3
    return ((min(xs) - pad) * SCALE, (min(ys) - pad) * SCALE,
            (max(xs) - min(xs) + 2 * pad) * SCALE, (max(ys) - min(ys) + 2 * pad) * SCALE)


def draw_counter(c: Counter, cx: float, cy: float, size: float, selected: bool) -> str:
    """One counter centred at (cx, cy), ``size`` wide, in SVG units."""
    half = size / 2
    classes = "unit" + (" selected" if selected else "") + (" spent" if c.rotated else "")
    body = [svg.title(c.title or " / ".join(c.lines))]
    body.append(svg.el("rect", {"class": "counter-body", "x": -half, "y": -half, "width": size, "height": size,
                                "rx": size * 0.12, "fill": c.fill, "stroke": "#1b1b1b", "stroke-width": 1.5}))
    if c.face_down:
        body.append(svg.el("circle", {"cx": 0.0, "cy": 0.0, "r": size * 0.3, "fill": "none",
                                      "stroke": c.text_color, "stroke-width": 2.0}))
        if c.crest:
            body.append(svg.text(0.0, size * 0.1, c.crest, fill=c.text_color, font_size=size * 0.3,
                                 text_anchor="middle", font_weight="bold"))
    else:
        lines = c.lines[:3]
        n = len(lines)
        for i, line in enumerate(lines):
            fs = size * (0.3 if i == 0 else 0.24)
            y = (i - (n - 1) / 2) * size * 0.3 + fs * 0.35
            body.append(svg.text(0.0, y, line, fill=c.text_color, font_size=fs, text_anchor="middle",
                                 font_weight="bold" if i == 0 else None))
    for i, badge in enumerate(c.badges[:2]):
        bx = half - size * 0.16 - i * size * 0.3
        body.append(svg.el("circle", {"cx": bx, "cy": -half + size * 0.16, "r": size * 0.15, "fill": "#fff7d6",
                                      "stroke": "#1b1b1b", "stroke-width": 1.0}))
        body.append(svg.text(bx, -half + size * 0.22, badge, font_size=size * 0.18, text_anchor="middle",
                             fill="#1b1b1b", font_weight="bold"))
    transform = f"translate({svg.num(cx)},{svg.num(cy)})" + (" rotate(90)" if c.rotated else "")
    label = f"{c.title or ' '.join(c.lines)} at {c.at}"
    return svg.el("g", {"class": classes, "data-unit": c.unit, "data-side": c.side, "data-at": c.at,
                        "transform": transform, "tabindex": "0" if c.selectable else None,
                        "role": "button" if c.selectable else "img", "aria-label": label}, *body)


def render_board(
    board: Board,
    *,
    cell_fill: Callable[[Cell], str],
    counters: Iterable[Counter] = (),
    edges: Optional[dict[str, EdgeStyle]] = None,
    highlight: Iterable[str] = (),
    selected: Optional[str] = None,
    underlays: Iterable[str] = (),
    overlays: Iterable[str] = (),
    show_labels: bool = True,
    counter_size: float = 0.95,
    title: str = "",
    standalone: bool = False,
) -> str:
    """The whole map as one <svg> element."""
    legal = set(highlight)
    x0, y0, w, h = bounds(board)
    parts: list[str] = []
    if title:
        parts.append(svg.title(title))
    # cells
    cell_parts = []
    for cell in board.cells.values():
        cx, cy = cell.x * SCALE, cell.y * SCALE
        classes = "cell" + (" legal" if cell.label in legal else "") + (" box" if cell.kind == "box" else "")
        inner = [cell_shape(cell, fill=cell_fill(cell), stroke="#5b5b5b", stroke_width=1.0, class_="cell-shape")]
        if show_labels and cell.kind != "box":
            ly = cy - (0.62 if cell.kind == "hex" else 0.36) * SCALE
            inner.append(svg.text(cx, ly, cell.label, font_size=SCALE * 0.2, text_anchor="middle",
                                  fill="#333333", class_="cell-label"))
        cell_parts.append(svg.el("g", {"class": classes, "data-cell": cell.label,
                                       "tabindex": "0" if cell.label in legal else None,
                                       "role": "button" if cell.label in legal else None,
                                       "aria-label": f"{cell.name + ' ' if cell.name else ''}{cell.label}"},
                                 *inner))
    parts.append(svg.el("g", {"class": "cells"}, *cell_parts))
    parts.extend(underlays)
    # connection features
    if edges:
        edge_parts = []
        for conn in board.connections.values():
            for feature in sorted(conn.features):
                style = edges.get(feature)
                if style is None:
                    continue
                a, b = board.cells[conn.a], board.cells[conn.b]
                if a.kind == "box" or b.kind == "box" or (a.floor != b.floor):
                    continue
                (x1, y1), (x2, y2) = edge_endpoints(a, b, board)
                edge_parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": style.stroke,
                                                  "stroke-width": style.width, "stroke-linecap": "round",
                                                  "stroke-dasharray": style.dash, "opacity": style.opacity,
                                                  "class": f"edge edge-{feature}"}))
        for a_label, b_label in board.walls:
            style = edges.get("wall")
            if style is None:
                continue
            (x1, y1), (x2, y2) = edge_endpoints(board.cells[a_label], board.cells[b_label], board)
            edge_parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": style.stroke,
                                              "stroke-width": style.width, "stroke-linecap": "round",
                                              "class": "edge edge-wall"}))
        parts.append(svg.el("g", {"class": "edges"}, *edge_parts))
    parts.extend(overlays)
    # counters, stacked side by side inside a cell
    by_cell: dict[str, list[Counter]] = {}
    for c in counters:
        by_cell.setdefault(c.at, []).append(c)
    unit_parts = []
    for label, stack in by_cell.items():
        cell = board.cells.get(label)
        if cell is None:
            continue
        cx, cy = cell.x * SCALE, cell.y * SCALE
        n = len(stack)
        if cell.kind == "box":
            size = min(counter_size * 0.6, 2.2 / n) * SCALE
        else:
            size = min(counter_size, 0.98 / n) * SCALE
        for i, c in enumerate(stack):
            ox = (i - (n - 1) / 2) * size * 1.02
            unit_parts.append(draw_counter(c, cx + ox, cy + (0.08 * SCALE if cell.kind != "box" else 0.0), size,
                                           c.unit == selected))
    parts.append(svg.el("g", {"class": "units"}, *unit_parts))
    root = {"xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{svg.num(x0)} {svg.num(y0)} {svg.num(w)} {svg.num(h)}",
            "class": "board", "role": "group", "aria-label": title or "map",
            "font-family": "system-ui, -apple-system, 'Segoe UI', sans-serif"}
    if standalone:
        root["width"], root["height"] = svg.num(w), svg.num(h)
    return svg.el("svg", root, *parts)
