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
from ..engine.messages import DEFAULT_LANGUAGE, catalog
from . import svg

SCALE = 40.0  # SVG user units per grid unit (hex corner radius / square side)


def map_text(key: str, lang: str = DEFAULT_LANGUAGE, **args: object) -> str:
    """A catalog text of the drawing in ``lang`` (the English where ``lang`` lacks it). Not capped
    like a log line (kassen.engine.messages.render): the drawing's own words, with names of things the
    viewer may see, must come out whole, and the English exactly as before the catalogs."""
    template = catalog(lang).template(key) or catalog(DEFAULT_LANGUAGE).template(key) or key
    return template.format(**args) if args else template


def counter_name(rules: object, uid: str, english: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name printed on a unit's counter in ``lang``: ``english`` (the scenario's short name) in
    English; else the game catalog's ``<game>.counter.<unit id>`` (a short form that fits the
    counter), else the unit's own kanji from the scenario, else ``english``."""
    if lang == DEFAULT_LANGUAGE:
        return english
    found = catalog(lang).entries.get(f"{getattr(rules, 'game', '')}.counter.{uid}")
    if isinstance(found, str):
        return found
    data = getattr(rules, "scenario").units.get(uid) or {}
    return str(data.get("kanji") or english)


def scenario_title(rules: object, lang: str = DEFAULT_LANGUAGE) -> str:
    """A scenario's title in ``lang`` (``<game>.scenario.<id>.title`` in the game's catalog; the
    scenario file's own words are the English)."""
    scenario = getattr(rules, "scenario")
    if lang != DEFAULT_LANGUAGE:
        found = catalog(lang).entries.get(f"{getattr(rules, 'game', '')}.scenario.{scenario.id}.title")
        if isinstance(found, str):
            return found
    return str(scenario.title)


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
    band: str = ""  # a colour drawn as a strip along the counter's left edge (the force it belongs to)


@dataclass
class EdgeStyle:
    """How to draw a connection feature (river, fortress, door, wall...)."""

    stroke: str
    width: float = 3.0
    dash: Optional[str] = None
    opacity: float = 1.0


def turned(x: float, y: float, turn: int) -> tuple[float, float]:
    """(x, y) turned ``turn`` quarter turns counterclockwise on the screen (y grows downwards): a map
    printed sideways is drawn with north up (Toba-Fushimi's north is at its highest column)."""
    for _ in range(turn % 4):
        x, y = y, -x
    return x, y


def cell_xy(cell: Cell, turn: int = 0) -> tuple[float, float]:
    """Where a cell's centre is drawn, in SVG units. Off-map boxes are placed in the drawing's own
    frame and never turned."""
    if turn % 4 == 0 or cell.kind == "box":
        return cell.x * SCALE, cell.y * SCALE
    x, y = turned(cell.x, cell.y, turn)
    return x * SCALE, y * SCALE


def edge_endpoints(a: Cell, b: Cell, board: Board, turn: int = 0) -> tuple[tuple[float, float], tuple[float, float]]:
    """The shared side of two neighbouring cells, in SVG units."""
    (ax, ay), (bx, by) = cell_xy(a, turn), cell_xy(b, turn)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    half = 0.5 * SCALE  # hex side = corner radius; square side = 1
    return (mx + px * half, my + py * half), (mx - px * half, my - py * half)


def cell_shape(cell: Cell, turn: int = 0, **values: object) -> str:
    cx, cy = cell_xy(cell, turn)
    if cell.kind == "hex":
        corners = hexgrid.corners(cx, cy, SCALE)
        if turn % 2:  # a quarter turn makes the flat-topped hexes pointy-topped
            corners = [(cx + dy, cy - dx) for dx, dy in ((x - cx, y - cy) for x, y in corners)]
        return svg.el("polygon", {"points": svg.points(corners), **values})
    if cell.kind == "square":
        half = 0.5 * SCALE
        return svg.el("rect", {"x": cx - half, "y": cy - half, "width": SCALE, "height": SCALE, **values})
    return svg.el("rect", {"x": cx - cell.w / 2 * SCALE, "y": cy - cell.h / 2 * SCALE, "width": cell.w * SCALE,
                           "height": cell.h * SCALE, "rx": 6.0, **values})


def bounds(board: Board, turn: int = 0) -> tuple[float, float, float, float]:
    """The drawing's extent (viewBox) in SVG units: every cell, boxes with their size, a margin."""
    pad = 1.3 * SCALE
    xs, ys = [], []
    for c in board.cells.values():
        x, y = cell_xy(c, turn)
        half_w = (c.w / 2 - 1.2) * SCALE if c.kind == "box" else 0.0
        half_h = (c.h / 2 - 0.5) * SCALE if c.kind == "box" else 0.0
        xs += [x - max(half_w, 0.0), x + max(half_w, 0.0)]
        ys += [y - max(half_h, 0.0), y + max(half_h, 0.0)]
    return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


# Counter anatomy, as fractions of the counter's side. Text is never smaller than TEXT_MIN of the
# side, so the page can pick a zoom at which every counter and its text are legible (see
# static/js/surface.js): a long line is squeezed sideways (textLength), never made smaller.
NAME_SIZE = 0.36
TEXT_SIZE = 0.32
TEXT_MIN = 0.32
BADGE_RADIUS = 0.2
STACK_STEP = 0.26  # offset between the counters of a fanned stack
BOX_STEP_MIN = 0.3  # the tightest fan in an off-map box
LABEL_SIZE = 0.26  # hex/square labels, in grid units


def text_ems(text: str) -> float:
    """Rough width of ``text`` in ems (CJK glyphs are square, Latin ones about 0.6 em in bold)."""
    return sum(1.0 if ord(ch) > 0x2E80 else 0.62 for ch in text) or 1.0


def counter_text(x: float, y: float, line: str, size: float, width: float, **values: object) -> str:
    """One line of counter text at ``size``, squeezed sideways to ``width`` if it would be wider."""
    squeeze = text_ems(line) * size > width
    return svg.text(x, y, line, font_size=size, text_anchor="middle",
                    textLength=width if squeeze else None, lengthAdjust="spacingAndGlyphs" if squeeze else None,
                    **values)


def draw_counter(c: Counter, cx: float, cy: float, size: float, selected: bool, stack: int = 1,
                 lang: str = DEFAULT_LANGUAGE, where: Optional[str] = None) -> str:
    """One counter centred at (cx, cy), ``size`` wide, in SVG units; its label in ``lang`` names its
    place as ``where`` (an off-map box by its name in that language) or by its label."""
    half = size / 2
    width = size * 0.9
    classes = "unit" + (" selected" if selected else "") + (" spent" if c.rotated else "")
    body = [svg.title(c.title or " / ".join(c.lines))]
    body.append(svg.el("rect", {"class": "counter-body", "x": -half, "y": -half, "width": size, "height": size,
                                "rx": size * 0.12, "fill": c.fill, "stroke": "#1b1b1b", "stroke-width": 1.5}))
    if c.band:
        body.append(svg.el("rect", {"class": "counter-band", "x": -half + 1.5, "y": -half + size * 0.12,
                                    "width": size * 0.11, "height": size * 0.76, "fill": c.band}))
    if c.face_down:
        body.append(svg.el("circle", {"cx": 0.0, "cy": 0.0, "r": size * 0.34, "fill": "none",
                                      "stroke": c.text_color, "stroke-width": 2.0}))
        if c.crest:
            body.append(counter_text(0.0, size * 0.14, c.crest, size * 0.4, width, fill=c.text_color,
                                     font_weight="bold"))
    else:
        lines = c.lines[:3]
        n = len(lines)
        sizes = [NAME_SIZE if i == 0 and n < 3 else TEXT_SIZE for i in range(n)]
        step = size * (0.4 if n < 3 else 0.33)
        for i, line in enumerate(lines):
            fs = size * sizes[i]
            y = (i - (n - 1) / 2) * step + fs * 0.36
            body.append(counter_text(0.0, y, line, fs, width, fill=c.text_color,
                                     font_weight="bold" if i == 0 else None))
    for i, badge in enumerate(c.badges[:2]):
        # badges sit on the top corners, half outside the counter, so they never cover its text
        bx = half - i * size
        by = -half
        body.append(svg.el("circle", {"cx": bx, "cy": by, "r": size * BADGE_RADIUS, "fill": "#fff7d6",
                                      "stroke": "#1b1b1b", "stroke-width": 1.0, "class": "badge"}))
        body.append(counter_text(bx, by + size * TEXT_MIN * 0.36, badge, size * TEXT_MIN, size * 0.36,
                                 fill="#1b1b1b", font_weight="bold"))
    transform = f"translate({svg.num(cx)},{svg.num(cy)})" + (" rotate(90)" if c.rotated else "")
    label = map_text("app.map.counter-at", lang, unit=c.title or " ".join(c.lines), at=where or c.at)
    return svg.el("g", {"class": classes, "data-unit": c.unit, "data-side": c.side, "data-at": c.at,
                        "data-stack": str(stack) if stack > 1 else None,
                        "transform": transform, "tabindex": "0" if c.selectable else None,
                        "role": "button" if c.selectable else "img", "aria-label": label}, *body)


def stack_offsets(n: int, size: float, box: bool, room: float, height: float = 0.0) -> list[tuple[float, float]]:
    """Where the counters of a stack of ``n`` go relative to the cell's centre, all at full size.

    On the map a stack fans out diagonally (the last counter on top, to the upper right); in an
    off-map box the counters stand in a row, overlapping only when the box is too narrow (``room``
    is the box's width); a box tall enough for several rows (``height``) fills them in turn."""
    if n == 1:
        return [(0.0, 0.0)]
    if box:
        rows = max(1, int(height // (size * 1.06))) if height else 1
        per_row = max(1, int((room + size * 0.06) // (size * 1.06)))
        if rows > 1 and n > per_row:
            rows = min(rows, -(-n // per_row))
            per_row = -(-n // rows)
            out = []
            for i in range(n):
                r, c = divmod(i, per_row)
                in_row = min(per_row, n - r * per_row)
                out.append(((c - (in_row - 1) / 2) * size * 1.06, (r - (rows - 1) / 2) * size * 1.06))
            return out
        step = min(size * 1.06, max(size * BOX_STEP_MIN, (room - size) / (n - 1)))
        return [((i - (n - 1) / 2) * step, 0.0) for i in range(n)]
    d = size * STACK_STEP
    return [((i - (n - 1) / 2) * d, -(i - (n - 1) / 2) * d) for i in range(n)]


def layer(name: str, *children: str, **attrs: object) -> str:
    """A top-level group of the map. The page replaces only the layers whose markup changed."""
    return svg.el("g", {"data-layer": name, **attrs}, *children) if children else \
        f'<g data-layer="{name}"></g>'


_STATIC: dict[tuple, tuple[Board, str]] = {}


def _cached(key: tuple, board: Board, build: Callable[[], str]) -> str:
    """Markup that depends only on the board and drawing choices, built once (a big map's cells
    are most of its SVG). Keyed on the board object itself, not its id(), which Python reuses."""
    hit = _STATIC.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    markup = build()
    if len(_STATIC) > 16:
        _STATIC.clear()
    _STATIC[key] = (board, markup)
    return markup


def _place_words(cell: Cell, names: Optional[Callable[[str], str]] = None) -> str:
    """How a place names itself (its label, the page's tip when labels are too small to draw):
    "Mukden 奉天 0504", "Court 1B2", "0101"; ``names`` puts a place name in the reader's language."""
    name = cell.area or cell.name
    if name and names is not None:
        name = names(name)
        if cell.kind == "box":
            return name  # a box's label is an id, not words of the reader's language
    return f"{name} {cell.label}" if name and name != cell.label else cell.label


def _cells_layer(board: Board, fills: list[str], legal: set[str], show_labels: bool, turn: int = 0,
                 names: Optional[Callable[[str], str]] = None) -> str:
    cell_parts = []
    label_size = SCALE * LABEL_SIZE
    for cell, fill in zip(board.cells.values(), fills):
        cx, cy = cell_xy(cell, turn)
        is_legal = cell.label in legal
        classes = "cell" + (" legal" if is_legal else "") + (" box" if cell.kind == "box" else "")
        inner = [cell_shape(cell, turn, fill=fill, stroke="#5b5b5b", stroke_width=1.0, class_="cell-shape")]
        if show_labels and cell.kind != "box":
            top = 0.86 if cell.kind == "hex" and turn % 2 == 0 else 1.0 if cell.kind == "hex" else 0.5
            ly = cy - top * SCALE + label_size * (1.02 if turn % 2 == 0 else 1.6)
            inner.append(svg.text(cx, ly, cell.label, font_size=label_size, text_anchor="middle",
                                  fill="#333333", class_="cell-label"))
        cell_parts.append(svg.el("g", {"class": classes, "data-cell": cell.label,
                                       "tabindex": "0" if is_legal else None,
                                       "role": "button" if is_legal else None,
                                       "aria-label": _place_words(cell, names)},
                                 *inner))
    return layer("cells", *cell_parts, class_="cells")


def _edges_layer(board: Board, edges: dict[str, EdgeStyle], turn: int = 0) -> str:
    edge_parts = []
    for conn in board.connections.values():
        for feature in sorted(conn.features):
            style = edges.get(feature)
            if style is None:
                continue
            a, b = board.cells[conn.a], board.cells[conn.b]
            if a.kind == "box" or b.kind == "box" or (a.floor != b.floor):
                continue
            (x1, y1), (x2, y2) = edge_endpoints(a, b, board, turn)
            edge_parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": style.stroke,
                                              "stroke-width": style.width, "stroke-linecap": "round",
                                              "stroke-dasharray": style.dash, "opacity": style.opacity,
                                              "class": f"edge edge-{feature}"}))
    for a_label, b_label in board.walls:
        style = edges.get("wall")
        if style is None:
            continue
        (x1, y1), (x2, y2) = edge_endpoints(board.cells[a_label], board.cells[b_label], board, turn)
        edge_parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": style.stroke,
                                          "stroke-width": style.width, "stroke-linecap": "round",
                                          "class": "edge edge-wall"}))
    return layer("edges", *edge_parts, class_="edges")


def render_board(
    board: Board,
    *,
    cell_fill: Callable[[Cell], str],
    counters: Iterable[Counter] = (),
    edges: Optional[dict[str, EdgeStyle]] = None,
    highlight: Iterable[str] = (),
    selected: Optional[str] = None,
    underlays: Iterable[str] = (),
    marks: Iterable[str] = (),
    overlays: Iterable[str] = (),
    show_labels: bool = True,
    counter_size: float = 0.95,
    legible: Optional[tuple[float, float]] = None,
    title: str = "",
    standalone: bool = False,
    turn: int = 0,
    lang: str = DEFAULT_LANGUAGE,
    names: Optional[Callable[[str], str]] = None,
) -> str:
    """The whole map as one <svg> element, in layers (``<g data-layer=...>``): cells (with their
    labels), under (``underlays``), edges (hexside features), marks (fixed map marks drawn over
    the edges: names, legend), over (``overlays``: what changes during play), units.

    The cells and edges layers of a board are built once and reused while nothing is
    highlighted (the page marks legal places itself, see kassen.ui.drawing). ``legible`` is
    (smallest counter side, smallest counter text) for a game that draws its own counters;
    the root carries them as ``data-counter`` / ``data-text`` (and ``data-label``, the size of
    the cell labels) so the page can choose a zoom at which all of them are legible. ``turn``
    draws the map that many quarter turns counterclockwise (text and counters stay upright; the
    off-map boxes stay where they are): a map printed sideways is drawn with north up. ``lang`` is
    the language of the words the drawing adds itself (labels of counters, of the map); ``names``
    gives a place's name in that language (the cells' labels), e.g. ``lambda n: rules.name_place(n, lang)``."""
    legal = set(highlight)
    x0, y0, w, h = bounds(board, turn)
    parts: list[str] = []
    if title:
        parts.append(svg.title(title))
    fills = [cell_fill(cell) for cell in board.cells.values()]
    if names is not None and lang == DEFAULT_LANGUAGE:
        names = None  # the scenario's own names are the English
    if legal:
        parts.append(_cells_layer(board, fills, legal, show_labels, turn, names))
    else:
        parts.append(_cached(("cells", show_labels, turn, tuple(fills), lang if names else None), board,
                             lambda: _cells_layer(board, fills, legal, show_labels, turn, names)))
    parts.append(layer("under", *underlays))
    if edges:
        key = ("edges", turn, tuple(sorted((k, repr(v)) for k, v in edges.items())))
        parts.append(_cached(key, board, lambda: _edges_layer(board, edges, turn)))
    else:
        parts.append(layer("edges"))
    parts.append(layer("marks", *marks))
    parts.append(layer("over", *overlays))
    # counters: a stack fans out at full size (never shrunk), the last one on top
    by_cell: dict[str, list[Counter]] = {}
    for c in counters:
        by_cell.setdefault(c.at, []).append(c)
    unit_parts = []
    size = counter_size * SCALE
    for label, stack in by_cell.items():
        cell = board.cells.get(label)
        if cell is None:
            continue
        cx, cy = cell_xy(cell, turn)
        box = cell.kind == "box"
        if not box:
            cy += 0.08 * SCALE
        n = len(stack)
        room, height = ((cell.w - 0.1) * SCALE, (cell.h - 0.1) * SCALE) if box else (0.0, 0.0)
        where = names(cell.name or cell.label) if box and names is not None else None
        for c, (dx, dy) in zip(stack, stack_offsets(n, size, box, room, height if box and cell.h > 1 else 0.0)):
            unit_parts.append(draw_counter(c, cx + dx, cy + dy, size, c.unit == selected, n, lang, where))
    parts.append(layer("units", *unit_parts, class_="units"))
    if legible is None and unit_parts:
        legible = (size, size * TEXT_MIN)
    root = {"xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"{svg.num(x0)} {svg.num(y0)} {svg.num(w)} {svg.num(h)}",
            "class": "board", "role": "group", "aria-label": title or map_text("app.map.label", lang),
            "font-family": "system-ui, -apple-system, 'Segoe UI', 'Noto Sans JP', sans-serif",
            "data-counter": svg.num(legible[0]) if legible else None,
            "data-text": svg.num(legible[1]) if legible else None,
            "data-label": svg.num(SCALE * LABEL_SIZE) if show_labels else None}
    if standalone:
        root["width"], root["height"] = svg.num(w), svg.num(h)
    return svg.el("svg", root, *parts)


def split_layers(markup: str) -> tuple[str, list[tuple[str, str]]]:
    """(everything before the first layer, [(layer name, layer markup)]) of a map drawn by
    ``render_board``; the page compares layers to replace only those that changed."""
    head, *chunks = markup.split('<g data-layer="')
    out = []
    for i, chunk in enumerate(chunks):
        if i == len(chunks) - 1 and chunk.endswith("</svg>"):
            chunk = chunk[: -len("</svg>")]
        out.append((chunk[: chunk.index('"')], '<g data-layer="' + chunk))
    return head, out


COMBAT = "#b01e1e"


def combat_marks(board: Board, attacker_at: Optional[str], defender_at: Optional[str], words: str = "",
                 turn: int = 0, lang: str = DEFAULT_LANGUAGE) -> str:
    """A combat in progress, drawn under the counters: the attacker's place ringed (dashed), the
    defender's ringed, an arrow between them and crossed swords on it. ``words`` is its tooltip
    ("Combat: 2nd Army attacks 3rd Army", in the reader's language); ``turn`` as for render_board."""
    a = board.cells.get(attacker_at or "")
    d = board.cells.get(defender_at or "")
    if a is None and d is None:
        return ""
    parts = [svg.title(words)] if words else []
    for cell, dash in ((a, "6 4"), (d, None)):
        if cell is not None:
            parts.append(cell_shape(cell, turn, fill="none", stroke=COMBAT, stroke_width=4.0, stroke_dasharray=dash,
                                    class_="combat-ring"))
    if a is not None and d is not None and a.label != d.label:
        (ax, ay), (dx, dy) = cell_xy(a, turn), cell_xy(d, turn)
        length = math.hypot(dx - ax, dy - ay) or 1.0
        ux, uy = (dx - ax) / length, (dy - ay) / length
        x1, y1 = ax + ux * 0.2 * length, ay + uy * 0.2 * length
        x2, y2 = dx - ux * 0.28 * length, dy - uy * 0.28 * length
        head = 0.16 * SCALE
        parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": COMBAT, "stroke-width": 3.0,
                                     "class": "combat-arrow"}))
        tip = [(x2 + ux * head, y2 + uy * head), (x2 - uy * head * 0.7, y2 + ux * head * 0.7),
               (x2 + uy * head * 0.7, y2 - ux * head * 0.7)]
        parts.append(svg.el("polygon", {"points": svg.points(tip), "fill": COMBAT}))
        mx, my = (ax + dx) / 2, (ay + dy) / 2
        parts.append(svg.el("circle", {"cx": mx, "cy": my, "r": 0.2 * SCALE, "fill": "#ffffff", "stroke": COMBAT,
                                       "stroke-width": 2.0}))
        parts.append(svg.text(mx, my + 0.09 * SCALE, "⚔", font_size=0.26 * SCALE, text_anchor="middle", fill=COMBAT,
                              font_weight="bold"))
    return svg.el("g", {"class": "combat", "data-combat": f"{attacker_at or ''} {defender_at or ''}".strip(),
                        "role": "img", "aria-label": words or map_text("app.map.combat", lang)}, *parts)
