"""The inn as SVG: both floors side by side, drawn only from a view.

``kassen.render.board.render_board`` draws the squares and boxes (and so emits ``data-cell`` and the
``legal`` class); this module adds the inn's features as overlays -- walls, doors, railings with
their landings, stairs and arrows, the exit, area names -- and draws the counters itself so that a
stack of three stays legible in one square (a 2 x 2 layout instead of a row). Counters carry the
contract attributes ``data-unit``, ``data-side`` and ``data-at``; spent counters are rotated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional

from ...engine import squaregrid
from ...engine.board import Cell
from ...engine.state import View
from ...render import svg
from ...engine.messages import DEFAULT_LANGUAGE, msg
from ...render.board import (SCALE, TEXT_MIN, Counter, EdgeStyle, combat_marks, counter_name, counter_text, map_text,
                             render_board, scenario_title)
from ...render.legend import Entry, Legend, common_marks
from .data import POOL, SKILL_KANJI, SKILL_NAME
from .hooks import counter_values

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

AREA_FILL = {
    "Street Side Rooms": "#f2dcc2", "Corridor": "#e3d7bd", "Backyard Side Rooms": "#dde7cf",
    "Entrance": "#f1df9e", "Court": "#cfe6cf", "Front Room": "#efe6d6", "Passage": "#e2dccf",
    "Back Room": "#e6ecdb", "Kitchen": "#ead9cc", "Street": "#d9d9d9", "Backyard": "#cde2c0",
}
WALL = "#3a2f28"
DOOR = "#9a5b22"
RAILING = "#1f6f78"
STAIRS = "#c0661a"
ARROW = "#6a3d9a"
DIRS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}  # (column step, row step); row 1 is south
# text sizes in SVG units: at the zoom the page picks for the counters (about 1.6 px a unit) they are
# at least 9 px
LABEL_SIZE, BADGE_SIZE, NOTE_SIZE = 6.5, 6.0, 6.0


def _u(x: float) -> float:
    return x * SCALE


def _edge(cell: Cell, d: str, shrink: float = 0.0) -> tuple[float, float, float, float]:
    """The side of a square facing direction ``d``, in SVG units (row 1 is drawn at the bottom)."""
    x0, x1 = cell.x - 0.5 + shrink, cell.x + 0.5 - shrink
    y0, y1 = cell.y - 0.5 + shrink, cell.y + 0.5 - shrink
    if d == "N":
        return _u(x0), _u(cell.y - 0.5), _u(x1), _u(cell.y - 0.5)
    if d == "S":
        return _u(x0), _u(cell.y + 0.5), _u(x1), _u(cell.y + 0.5)
    if d == "E":
        return _u(cell.x + 0.5), _u(y0), _u(cell.x + 0.5), _u(y1)
    return _u(cell.x - 0.5), _u(y0), _u(cell.x - 0.5), _u(y1)


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, **extra: object) -> str:
    return svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke, "stroke-width": width,
                           "stroke-linecap": "round", **extra})


def _neighbour_label(cell: Cell, d: str, columns: str) -> Optional[str]:
    dc, dr = DIRS[d]
    i = columns.index(cell.label[1]) + dc
    if not 0 <= i < len(columns):
        return None
    return squaregrid.label(int(cell.floor or 0), columns[i], cell.row + dr)


def _railing_side(rules: "Rules", src: Cell, landing: str) -> str:
    """Which side of the railing square the railing is printed on: towards where the jump lands."""
    board = rules.board
    target = board.cells[landing]
    if target.kind == "box":
        return "S" if target.y > src.y else "N"
    dc = target.col - src.col
    dr = target.row - src.row
    if abs(dc) >= abs(dr):
        return "E" if dc > 0 else "W"
    return "N" if dr > 0 else "S"


def _features(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Walls, doors, railings, stairs/arrow badges, the exit and the Entrance-Court link."""
    data, board = rules.data, rules.board
    columns = board.grid["columns"]
    out: list[str] = []
    exit_sides = {sq: ("S" if board.cells[box].y > board.cells[sq].y else "N") for sq, (box, _) in data.exits.items()}
    done: set[frozenset[str]] = set()
    for sq in data.squares:
        cell = board.cells[sq]
        for d in "NESW":
            other = _neighbour_label(cell, d, columns)
            if other in data.square_set and other in data.same_floor[sq]:
                key = frozenset((sq, other))
                if key in data.doors and key not in done:
                    done.add(key)
                    x1, y1, x2, y2 = _edge(cell, d, 0.2)
                    out.append(_line(x1, y1, x2, y2, DOOR, 5.0, class_="door"))
                continue
            if exit_sides.get(sq) == d:
                x1, y1, x2, y2 = _edge(cell, d, 0.25)
                out.append(_line(_edge(cell, d)[0], y1, x1, y2, WALL, 3.5, class_="wall"))
                out.append(_line(x2, y1, _edge(cell, d)[2], y2, WALL, 3.5, class_="wall"))
                continue
            x1, y1, x2, y2 = _edge(cell, d)
            out.append(_line(x1, y1, x2, y2, WALL, 3.5, class_="wall"))
    # railings, with an arrow to where a jump lands
    for sq, landing in sorted(data.railings.items()):
        cell = board.cells[sq]
        d = _railing_side(rules, cell, landing)
        x1, y1, x2, y2 = _edge(cell, d, 0.06)
        out.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": RAILING, "stroke-width": 6.0,
                                   "stroke-dasharray": "3 2", "class": "railing"}))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dc, dr = DIRS[d]
        ex, ey = mx + dc * 0.32 * SCALE, my - dr * 0.32 * SCALE
        out.append(_line(mx, my, ex, ey, RAILING, 1.6, class_="railing-arrow"))
        out.append(svg.el("circle", {"cx": ex, "cy": ey, "r": 2.2, "fill": RAILING}))
        land = board.cells[landing]
        # a box's name is printed on the box the arrow points at; a square landing is named here
        words = map_text("ikedaya.map.jump", lang) if land.kind == "box" else \
            map_text("ikedaya.map.jump-to", lang, place=rules.name_place(land.area or land.name, lang), square=landing)
        if dr == 0:  # sideways: the words above the arrow
            tx, ty, anchor = ex + dc * 1.5, ey - 3.5, ("start" if dc > 0 else "end")
        elif land.kind != "box":  # up or down into the well: the words beside the tip
            tx, ty, anchor = ex - 4, ey + 2, "end"
        else:
            tx, ty, anchor = ex, (ey - 3.5 if dr > 0 else ey + 7.5), "middle"
        out.append(svg.text(tx, ty, words, font_size=NOTE_SIZE, fill=RAILING, text_anchor=anchor,
                            font_style="italic", class_="railing-label"))
    # exit arrow
    for sq, (box, cost) in sorted(data.exits.items()):
        a, b = board.cells[sq], board.cells[box]
        x1, y1 = _u(a.x), _u(a.y + 0.5)
        x2, y2 = _u(min(max(a.x, b.x - 1.1), b.x + 1.1)), _u(b.y - 0.5)
        out.append(_line(x1, y1, x2, y2 - 2, "#2b2b2b", 2.0, class_="exit"))
        out.append(svg.el("polygon", {"points": svg.points([(x2 - 3.5, y2 - 6), (x2 + 3.5, y2 - 6), (x2, y2)]),
                                      "fill": "#2b2b2b"}))
        out.append(svg.text(x1 + 4, (y1 + y2) / 2 + 2, map_text("ikedaya.map.exit", lang, cost=cost),
                            font_size=NOTE_SIZE, fill="#2b2b2b"))
    # stairs and arrows: a badge at the top right of both ends naming where they lead (all cost
    # 2 MP: the legend says so, the badge's tooltip too), clear of the square's label at the top left
    for sq in data.squares:
        badges = []
        for step in data.moves[sq]:
            if step.kind in ("stairs", "arrow") and step.to in data.square_set and \
                    data.floor[step.to] != data.floor[sq]:
                up = data.floor[step.to] > data.floor[sq]
                sym = "⇅" if step.kind == "stairs" else ("↗" if up else "↘")
                badges.append((step.kind, f"{sym}{step.to}",
                               map_text(f"ikedaya.map.{step.kind}-to", lang, to=step.to, cost=step.cost)))
        cell = board.cells[sq]
        for i, (kind, label, words) in enumerate(badges):
            colour = STAIRS if kind == "stairs" else ARROW
            x, y = _u(cell.x + 0.47), _u(cell.y - 0.34) + 7.0 * i
            out.append(svg.el("text", {"x": x, "y": y, "font-size": BADGE_SIZE, "fill": colour, "text-anchor": "end",
                                       "font-weight": "bold", "class": f"badge badge-{kind}"},
                              svg.title(words), svg.esc(label)))
    # adjacency by rule between squares touching only at a corner (Entrance and Court)
    for sq in data.squares:
        for other in data.same_floor[sq]:
            if sq < other:
                a, b = board.cells[sq], board.cells[other]
                if abs(a.x - b.x) > 0.5 and abs(a.y - b.y) > 0.5:
                    cx, cy = _u((a.x + b.x) / 2), _u((a.y + b.y) / 2)
                    dx, dy = _u((b.x - a.x) * 0.14), _u((b.y - a.y) * 0.14)
                    out.append(_line(cx - dx, cy - dy, cx + dx, cy + dy, "#2e7d32", 3.0, class_="corner-link"))
                    out.append(svg.el("circle", {"cx": cx, "cy": cy, "r": 3.0, "fill": "#2e7d32"}))
    return out


def _labels(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Floor titles, area names outside or beside their squares, and the empty frame positions."""
    data, board = rules.data, rules.board
    out: list[str] = []
    names = board.grid.get("floor_names", {})
    for f in board.grid["floors"]:
        cells = [c for c in board.map_cells() if c.floor == f]
        x0 = min(c.x for c in cells) - 0.5
        y0, y1 = min(c.y for c in cells) - 0.5, max(c.y for c in cells) + 0.5
        cx, cy = _u(x0 - 0.16), _u((y0 + y1) / 2)
        out.append(svg.el("text", {"x": cx, "y": cy, "font-size": 8.5, "font-weight": "bold", "fill": "#3b3b3b",
                                   "text-anchor": "middle", "transform": f"rotate(-90 {svg.num(cx)} {svg.num(cy)})",
                                   "class": "floor-title"},
                          svg.esc(rules.name_place(names.get(str(f)), lang) or map_text("ikedaya.map.floor", lang, floor=f))))
    # frame positions that are not squares (the open well, the pond)
    for lab in board.grid.get("missing", []):
        x, y = squaregrid.center(board.grid, lab)
        out.append(svg.el("rect", {"x": _u(x - 0.5), "y": _u(y - 0.5), "width": SCALE, "height": SCALE,
                                   "fill": "#eef3f6", "stroke": "none", "class": "void"}))
    for text_, lab in ((map_text("ikedaya.map.well", lang), "2A2"), (map_text("ikedaya.map.pond", lang), "1A2")):
        if lab in board.grid.get("missing", []):
            x, y = squaregrid.center(board.grid, lab)
            out.append(svg.text(_u(x), _u(y) - 6, text_, font_size=5.5, fill="#6d8796", text_anchor="middle",
                                font_style="italic"))
    for sq in data.squares:
        cell = board.cells[sq]
        out.append(svg.text(_u(cell.x - 0.46), _u(cell.y - 0.34), sq, font_size=LABEL_SIZE, fill="#4a4a4a",
                            class_="cell-label"))
    return out


def _area_names(rules: "Rules", occupied: set[str], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """One name per area, in the bottom band of one of its squares that no counter stands on (the
    lowest, then the most central), so a name is never under a counter; an area whose every square
    is occupied is named by the tooltip of the place pointed at."""
    data, board = rules.data, rules.board
    out = []
    for area, cells in sorted(data.areas.items()):
        sqs = [board.cells[c] for c in cells if c in data.square_set]
        if not sqs:
            continue
        mid = sum(c.x for c in sqs) / len(sqs)
        free = [c for c in sqs if c.label not in occupied]
        if not free:
            continue
        spot = min(free, key=lambda c: (-c.y, abs(c.x - mid), c.label))  # the label settles a tie: same bytes on every run
        # centred on the square, but kept inside the area's own columns (not over a floor's title);
        # a kanji is about twice as wide as a Latin letter
        name = rules.name_place(area, lang)
        wide = sum(1 for ch in name if ord(ch) > 0x2E80)
        half = ((len(name) - wide) * 0.55 + wide) * NOTE_SIZE / 2
        lo, hi = _u(min(c.x for c in sqs) - 0.46) + half, _u(max(c.x for c in sqs) + 0.46) - half
        x = min(max(_u(spot.x), lo), hi) if lo <= hi else _u(mid)
        out.append(svg.text(x, _u(spot.y + 0.44), name, font_size=NOTE_SIZE, fill="#5a4a3a",
                            text_anchor="middle", font_style="italic", class_="area-name place-name"))
    return out


def _box_names(rules: "Rules", view: View, pool_count: int, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    data, board = rules.data, rules.board
    out = []
    for box in sorted(data.boxes):
        cell = board.cells[box]
        if box == POOL:
            if view.get("phase") == "setup":
                continue  # the tray has its own title
            if not pool_count:  # nothing waits outside: hide the empty box
                out.append(svg.el("rect", {"x": _u(cell.x - 1.25), "y": _u(cell.y - 0.55), "width": _u(2.5),
                                           "height": _u(1.1), "fill": "#ffffff", "pointer-events": "none"}))
                continue
            name = map_text("ikedaya.map.waiting", lang)
        else:
            name = rules.name_place(cell.name or box, lang)
        out.append(svg.text(_u(cell.x - 1.15), _u(cell.y - 0.32), name, font_size=6.0, fill="#333333",
                            font_weight="bold", class_="box-name"))
    return out


def legend(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> Legend:
    """The inn's features and the counters, as drawn (kassen.render.legend), in ``lang``."""
    data = rules.data
    uid = next(u for u, c in data.counters.items() if c.skill)
    c = data.counters[uid]
    side = rules.scenario.side_info[c.side]
    areas = [Entry(rules.name_place(name, lang), fill) for name, fill in AREA_FILL.items() if name in data.areas]

    def w(key: str) -> str:
        return map_text(f"ikedaya.legend.{key}", lang)

    return Legend(
        terrain=areas,
        features=[Entry(w("wall"), edge=EdgeStyle(WALL, width=3.5)),
                  Entry(w("door"), edge=EdgeStyle(DOOR, width=5.0)),
                  Entry(w("railing"), edge=EdgeStyle(RAILING, width=6.0, dash="3 2")),
                  Entry(w("corner"), edge=EdgeStyle("#2e7d32", width=3.0)),
                  Entry(w("exit"), edge=EdgeStyle("#2b2b2b", width=2.0))],
        marks=[Entry(w("stairs"), mark="⇅", mark_color=STAIRS),
               Entry(w("arrow"), mark="↗", mark_color=ARROW), *common_marks(lang)],
        counter=Counter(unit="legend-sample", side=c.side, at="", lines=[_short(rules, uid, lang),
                                                                         counter_values(rules, uid)],
                        fill=side.get("color", "#dddddd"), text_color=side.get("text_color", "#000000"),
                        selectable=False),
        counter_notes=[w("note-top"), w("note-bottom"), w("note-spent"), w("note-tuberculosis"), w("note-crowded")])


def _short(rules: "Rules", uid: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name on a counter: the surname ("Kondō"; in Japanese 近藤)."""
    return counter_name(rules, uid, rules.data.counters[uid].short, lang)


# Counter sides, in squares: never below STACKED, so every counter and its text stay legible at the
# zoom the page picks (render_board's ``legible``); a fifth counter in a square, or a crowded box,
# overlaps the others (the page brings a pointed-at or focused counter to the top).
SINGLE, STACKED, POOL_SIZE = 0.6, 0.46, 0.56


def _slots(n: int, box: bool) -> tuple[float, list[tuple[float, float]]]:
    """(counter size, centres) in grid units relative to the cell centre."""
    if box:
        rows = 1 if n <= 4 else 2
        per_row = -(-n // rows)
        size = STACKED
        step = min(size * 1.04, (2.3 - size) / max(1, per_row - 1))
        pts = []
        for i in range(n):
            r, c = divmod(i, per_row)
            pts.append(((c - (per_row - 1) / 2) * step, 0.08 + (r - (rows - 1) / 2) * size * 1.02))
        return size, pts
    if n == 1:
        return SINGLE, [(0.0, 0.08)]
    if n == 2:
        return STACKED, [(-0.24, 0.08), (0.24, 0.08)]
    grid = [(-0.24, -0.13), (0.24, -0.13), (-0.24, 0.27), (0.24, 0.27)]
    if n == 3:
        return STACKED, [grid[0], grid[1], (0.0, 0.27)]
    return STACKED, (grid + [(0.0, 0.085)] * n)[:n]


def _pool_slots(n: int) -> list[tuple[float, float]]:
    """The set-up tray: five counters a row (centres relative to the Pool box)."""
    return [((i % 5 - 2) * 0.62, -0.63 + (i // 5) * 0.62) for i in range(n)]


def _counter(rules: "Rules", view: View, uid: str, cx: float, cy: float, size: float, selected: bool,
             stack: int = 1, lang: str = DEFAULT_LANGUAGE) -> str:
    data = rules.data
    c = data.counters[uid]
    u = view["units"][uid]
    side = rules.scenario.side_info[c.side]
    fill, ink = side.get("color", "#dddddd"), side.get("text_color", "#000000")
    s = size * SCALE
    half = s / 2
    spent = bool(u.get("spent")) and u.get("at") in data.square_set
    if lang == DEFAULT_LANGUAGE:
        skill = SKILL_NAME[c.skill] + (f" {SKILL_KANJI[c.skill]}" if c.skill else "")
    else:
        skill = rules.say(msg(f"ikedaya.skill.{c.skill}"), lang)
    title = map_text("ikedaya.map.counter", lang, name=c.name if lang == DEFAULT_LANGUAGE else c.kanji, kanji=c.kanji,
                     side=rules.name_side(c.side, lang), strength=c.strength, skill=skill, status=c.status,
                     spent=map_text("ikedaya.map.spent", lang) if spent else "",
                     tuberculosis=map_text("ikedaya.map.tuberculosis", lang) if c.tuberculosis else "")
    values = counter_values(rules, uid)
    fs = s * TEXT_MIN
    body = [svg.title(title),
            svg.el("rect", {"class": "counter-body", "x": -half, "y": -half, "width": s, "height": s,
                            "rx": s * 0.1, "fill": fill, "stroke": "#ffd54a" if selected else "#1b1b1b",
                            "stroke-width": 3.0 if selected else 1.2}),
            counter_text(0.0, -s * 0.06, _short(rules, uid, lang), fs, s * 0.92, fill=ink, font_weight="bold"),
            counter_text(0.0, s * 0.36, values, fs, s * 0.92, fill=ink)]
    if c.tuberculosis:
        body.append(svg.el("circle", {"cx": half - s * 0.13, "cy": -half + s * 0.13, "r": s * 0.07,
                                      "fill": "#ffffff", "stroke": ink, "stroke-width": 0.6}))
    transform = f"translate({svg.num(_u(cx))},{svg.num(_u(cy))})" + (" rotate(90)" if spent else "")
    classes = "unit" + (" selected" if selected else "") + (" spent" if spent else "")
    return svg.el("g", {"class": classes, "data-unit": uid, "data-side": c.side, "data-at": u["at"],
                        "data-stack": str(stack) if stack > 1 else None,
                        "transform": transform, "tabindex": "0", "role": "button",
                        "aria-label": map_text("ikedaya.map.counter-at", lang, unit=title, at=_where(rules, u["at"], lang))},
                        *body)


def _where(rules: "Rules", at: str, lang: str) -> str:
    """A counter's place in its label: the square, or an off-map box by its name in ``lang`` (by its
    label in English)."""
    cell = rules.board.cells.get(at)
    if lang == DEFAULT_LANGUAGE or cell is None or cell.kind != "box":
        return at
    return rules.name_place(cell.name or at, lang)


_STATIC: dict[tuple[int, str], tuple[object, list[str]]] = {}


def _static(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The inn's fixed drawing (labels, walls, doors, railings, stairs), built once per rules object
    and language."""
    hit = _STATIC.get((id(rules), lang))
    if hit is None or hit[0] is not rules:
        hit = _STATIC[(id(rules), lang)] = (rules, _labels(rules, lang) + _features(rules, lang))
    return hit[1]


def _combat(rules: "Rules", view: View, lang: str = DEFAULT_LANGUAGE) -> str:
    """A combat being settled (the loser choosing casualties): the two squares."""
    step = view.get("step")
    if not isinstance(step, dict) or step.get("kind") != "loss":
        return ""
    units = view.get("units", {})
    winners = [u for u in step.get("winners") or [] if (units.get(u) or {}).get("at")]
    at = units[winners[0]]["at"] if winners else None
    return combat_marks(rules.board, at, step.get("from"), map_text("ikedaya.map.combat-loss", lang), lang=lang)


def render_svg(rules: "Rules", view: View, highlight: Iterable[str] = (), selected: Optional[str] = None,
               lang: str = DEFAULT_LANGUAGE) -> str:
    """The inn for one view, its words in ``lang``."""
    data, board = rules.data, rules.board

    def fill(cell: Cell) -> str:
        if cell.label == POOL:
            return "#f7f4ec"
        return AREA_FILL.get(cell.area or "", "#ece6da")

    by_cell: dict[str, list[str]] = {}
    for uid in data.unit_order:
        at = view["units"][uid]["at"]
        if at is not None:
            by_cell.setdefault(at, []).append(uid)
    counters: list[str] = []
    under: list[str] = []
    for at, uids in by_cell.items():
        cell = board.cells.get(at)
        if cell is None:
            continue
        if at == POOL:
            pts = _pool_slots(len(uids))
            rows = (len(uids) + 4) // 5
            under.append(svg.el("rect", {"x": _u(cell.x - 1.62), "y": _u(cell.y - 1.22), "width": _u(3.24),
                                         "height": _u(0.34 + 0.62 * rows), "rx": 6.0,
                                         "fill": "#f7f4ec", "stroke": "#9a8f7a", "stroke-dasharray": "4 3",
                                         "pointer-events": "none", "class": "pool-tray"}))
            title = rules.name_place("Counters to set up", lang) if view.get("phase") == "setup" else ""
            if title:
                under.append(svg.text(_u(cell.x - 1.55), _u(cell.y - 1.04), title, font_size=6.0,
                                      fill="#333333", font_weight="bold", class_="box-name"))
            for uid, (dx, dy) in zip(uids, pts):
                counters.append(_counter(rules, view, uid, cell.x + dx, cell.y + dy, POOL_SIZE, uid == selected,
                                         lang=lang))
            continue
        size, pts = _slots(len(uids), cell.kind == "box")
        crowded = len(uids) if len(uids) > 4 or cell.kind == "box" else 1  # overlapping: raised on hover
        for uid, (dx, dy) in zip(uids, pts):
            counters.append(_counter(rules, view, uid, cell.x + dx, cell.y + dy, size, uid == selected, crowded, lang))
    # the selected counter last, so its outline is never covered
    counters.sort(key=lambda m: 'class="unit selected' in m)
    occupied = {at for at in by_cell}
    overlays = _area_names(rules, occupied, lang) + _box_names(rules, view, len(by_cell.get(POOL, ())), lang) + \
        under + [_combat(rules, view, lang)] + counters
    title = map_text("ikedaya.map.title", lang, title=scenario_title(rules, lang), turn=view.get("turn", 1))
    return render_board(board, cell_fill=fill, counters=(), edges=None, highlight=highlight, selected=selected,
                        marks=_static(rules, lang), overlays=overlays, show_labels=False, title=title,
                        legible=(STACKED * SCALE, STACKED * SCALE * TEXT_MIN), lang=lang,
                        names=lambda name: rules.name_place(name, lang))
