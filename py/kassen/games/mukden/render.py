"""The Mukden map as SVG, drawn only from a view: terrain, the Hun River and the fortress line on
hexsides, the railway through hex centres, Mukden, the supply source, entry hexes A/B/C, the
north exits, place names, the two off-map boxes and the 0-10 time track. Counters show the
viewer's own fighting power only; the automation attributes come from render_board."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.board import Cell
from ...render import svg
from ...render.board import LABEL_SIZE, SCALE, Counter, EdgeStyle, combat_marks, render_board
from ...render.legend import Entry, Legend, common_marks

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

FILL = {"clear": "#ece5c8", "mountain": "#c4ad82", "mukden": "#d9bf94", "fortress": "#e2d6b4",
        "supply": "#e8d3cf", "box": "#f5f1e4"}
EDGES = {"river": EdgeStyle("#2f6fb8", width=6.0), "fortress": EdgeStyle("#5b2c12", width=5.0, dash="5 3")}
TRACK_X0, TRACK_Y, TRACK_STEP = -1.0, -1.45, 0.64  # time track, in grid units
RAILWAY = "#2b2b2b"
NAME_Y = 0.8  # place names sit in the bottom band of their hex, below the counter and above the next hex
_STATIC: dict[int, tuple[Any, list[str]]] = {}


def _xy(cell: Cell) -> tuple[float, float]:
    return cell.x * SCALE, cell.y * SCALE


def render_svg(rules: "Rules", view: dict[str, Any], highlight: Iterable[str] = (),
               selected: Optional[str] = None) -> str:
    m, board = rules.map, rules.board

    def cell_fill(cell: Cell) -> str:
        if cell.kind == "box":
            return FILL["box"]
        if cell.label == m.mukden:
            return FILL["mukden"]
        if cell.label in m.supply:
            return FILL["supply"]
        if cell.terrain == "mountain":
            return FILL["mountain"]
        if cell.label in m.fortress_inside:
            return FILL["fortress"]
        return FILL["clear"]

    return render_board(board, cell_fill=cell_fill, counters=_counters(rules, view), edges=EDGES,
                        highlight=highlight, selected=selected, underlays=_underlays(rules),
                        marks=_marks(rules), overlays=_overlays(rules, view),
                        title=f"{rules.scenario.title}: {_caption(rules, view)}")


def _caption(rules: "Rules", view: dict[str, Any]) -> str:
    time = min(view.get("time", 0), rules.map.time_limit)
    return f"turn {view.get('turn', 1)}, time {time} of {rules.map.time_limit}"


def _counters(rules: "Rules", view: dict[str, Any]) -> list[Counter]:
    m, w = rules.map, rules.words
    out = []
    fight = view.get("combat") or {}
    for uid in [u for side in rules.sides for u in m.units_of[side]]:
        at = view.get("units", {}).get(uid, {}).get("at")
        if at is None or at not in rules.board.cells:
            continue
        side = m.side_of[uid]
        info = rules.scenario.side_info[side]
        fp = (view.get("fp") or {}).get(side)
        lines = [w.short(uid)]
        title = f"{w.unit(uid)} ({rules.scenario.units[uid].get('commander', '')}), {w.cell(at)}"
        if fp is not None and uid in fp:
            lines.append(f"FP {fp[uid]}")
            title += f", FP {fp[uid]}"
        badges = []
        if uid == view.get("chosen"):
            badges.append("*")
        if uid in (fight.get("attacker"), fight.get("defender")) and "*" not in badges:
            badges.append("x")
        out.append(Counter(unit=uid, side=side, at=at, lines=lines, fill=info["color"],
                           text_color=info.get("text_color", "#ffffff"), title=title, badges=badges))
    return out


def _underlays(rules: "Rules") -> list[str]:
    """Railway and terrain marks, drawn under the hexside features and the counters."""
    m, board = rules.map, rules.board
    parts = []
    rail = sorted(m.railway, key=lambda h: (board.cells[h].col, board.cells[h].row))
    pts = [_xy(board.cells[h]) for h in rail]
    parts.append(svg.el("polyline", {"points": svg.points(pts), "fill": "none", "stroke": "#2b2b2b",
                                     "stroke-width": 5.0, "class": "railway"}))
    parts.append(svg.el("polyline", {"points": svg.points(pts), "fill": "none", "stroke": "#f7f3e6",
                                     "stroke-width": 2.0, "stroke-dasharray": "6 6", "class": "railway"}))
    for h in sorted(m.mountain):
        cx, cy = _xy(board.cells[h])
        for dx, size in ((-0.45, 0.28), (-0.15, 0.36), (0.3, 0.26)):
            x, y = cx + dx * SCALE, cy + 0.62 * SCALE
            tri = [(x - size * SCALE * 0.6, y), (x, y - size * SCALE), (x + size * SCALE * 0.6, y)]
            parts.append(svg.el("polygon", {"points": svg.points(tri), "fill": "#8a6f45", "opacity": 0.75,
                                            "class": "mountain"}))
    return parts


def _marks(rules: "Rules") -> list[str]:
    """The map's fixed marks (built once per rules object): special hexes, entry letters, Mukden's
    walls, exits, place names, the off-map boxes' titles and the 3rd Army's routes."""
    hit = _STATIC.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    m, board = rules.map, rules.board
    parts = []
    for h in m.supply:
        cx, cy = _xy(board.cells[h])
        parts.append(svg.text(cx + 0.55 * SCALE, cy - 0.2 * SCALE, "◑", font_size=0.42 * SCALE,
                              text_anchor="middle", fill="#7a1010", class_="supply-source"))
    for letter, h in sorted(m.detour_cells.items()):
        cx, cy = _xy(board.cells[h])
        parts.append(svg.text(cx - 0.58 * SCALE, cy - 0.12 * SCALE, letter, font_size=0.4 * SCALE,
                              text_anchor="middle", fill="#7a1010", font_weight="bold", class_="detour"))
    cx, cy = _xy(board.cells[m.mukden])
    parts.append(svg.el("rect", {"x": cx - 0.62 * SCALE, "y": cy - 0.5 * SCALE, "width": 1.24 * SCALE,
                                 "height": 1.1 * SCALE, "fill": "none", "stroke": "#6b3f12", "stroke-width": 2.0,
                                 "stroke-dasharray": "3 2", "class": "mukden-wall"}))
    for h in sorted(m.exits):
        cx, cy = _xy(board.cells[h])
        top = cy - 0.87 * SCALE
        parts.append(svg.el("polygon", {"points": svg.points([(cx - 6, top + 2), (cx, top - 8), (cx + 6, top + 2)]),
                                        "fill": "#2e5a3c", "class": "exit"}))
    # place names: in the bottom band of the hex, never under its counter or over its label
    for cell in board.map_cells():
        if cell.name:
            cx, cy = _xy(cell)
            parts.append(svg.text(cx, cy + NAME_Y * SCALE, cell.name, font_size=LABEL_SIZE * SCALE,
                                  text_anchor="middle", fill="#3b2a14", class_="place-name"))
    # off-map boxes: titles, and the 3rd Army's routes to A/B/C
    for box in (m.reserve_box, m.withdrawn_box):
        cell = board.cells[box]
        cx, cy = _xy(cell)
        parts.append(svg.text(cx, cy - 0.68 * SCALE, cell.name or box, font_size=0.24 * SCALE,
                              text_anchor="middle", fill="#333333", class_="box-title"))
    bx, by = _xy(board.cells[m.reserve_box])
    for letter, h in sorted(m.detour_cells.items()):
        hx, hy = _xy(board.cells[h])
        parts.append(svg.el("line", {"x1": bx + 1.2 * SCALE, "y1": by, "x2": hx - 0.8 * SCALE, "y2": hy,
                                     "stroke": "#7a1010", "stroke-width": 1.0, "stroke-dasharray": "3 3",
                                     "class": "detour-route"}))
    _STATIC[id(rules)] = (rules, parts)
    return parts


def _overlays(rules: "Rules", view: dict[str, Any]) -> list[str]:
    """What changes during play: the time track, and a combat in progress."""
    parts = _time_track(rules, view)
    fight = view.get("combat") or {}
    if fight.get("attacker_at") or fight.get("defender_at"):
        w = rules.words
        words = "Combat"
        if fight.get("attacker") and fight.get("defender"):
            words = f"Combat: {w.unit(fight['attacker'])} attacks {w.unit(fight['defender'])}"
        parts.append(combat_marks(rules.board, fight.get("attacker_at"), fight.get("defender_at"), words))
    return parts


def _time_track(rules: "Rules", view: dict[str, Any]) -> list[str]:
    limit = rules.map.time_limit
    now = min(view.get("time", 0), limit)
    y = TRACK_Y * SCALE
    size = 0.54 * SCALE
    parts = [svg.text((TRACK_X0 - 0.45) * SCALE, y + 4, "Time", font_size=0.3 * SCALE, text_anchor="end",
                      fill="#333333", font_weight="bold")]
    for t in range(limit + 1):
        x = (TRACK_X0 + t * TRACK_STEP) * SCALE
        here = t == now
        parts.append(svg.el("rect", {"x": x - size / 2, "y": y - size / 2, "width": size, "height": size,
                                     "fill": "#1b1b1b" if here else "#ffffff", "stroke": "#555555",
                                     "stroke-width": 1.0, "data-time": str(t),
                                     "class": "time-box current" if here else "time-box"}))
        parts.append(svg.text(x, y + 0.1 * SCALE, str(t), font_size=0.3 * SCALE, text_anchor="middle",
                              fill="#ffffff" if here else "#333333"))
    return [svg.el("g", {"class": "time-track", "role": "img", "aria-label": f"time {now} of {limit}"}, *parts)]


def legend(rules: "Rules") -> Legend:
    """Terrain, hexsides, marks and the counter, as drawn (kassen.render.legend)."""
    sample = next(u for u in rules.map.units_of[rules.sides[0]])
    info = rules.scenario.side_info[rules.sides[0]]
    return Legend(
        terrain=[Entry("clear", FILL["clear"]), Entry("mountain (▲▲)", FILL["mountain"]),
                 Entry("Mukden 奉天 (walled city)", FILL["mukden"]), Entry("inside the fortress line", FILL["fortress"]),
                 Entry("Japanese supply source (◑)", FILL["supply"])],
        features=[Entry("Hun River 渾河 (hexside)", edge=EDGES["river"]),
                  Entry("Russian fortress line (hexside)", edge=EDGES["fortress"]),
                  Entry("South Manchuria Railway", edge=EdgeStyle(RAILWAY, width=5.0))],
        marks=[Entry("supply source", mark="◑", mark_color="#7a1010"),
               Entry("where the 3rd Army may enter from off the map", mark="A", mark_color="#7a1010"),
               Entry("exit north (Russian units only)", mark="▲", mark_color="#2e5a3c"),
               *common_marks()],
        counter=Counter(unit="legend-sample", side=rules.sides[0], at="", lines=[rules.words.short(sample), "FP 4"],
                        fill=info["color"], text_color=info.get("text_color", "#ffffff"), badges=["*"],
                        selectable=False),
        counter_notes=["top: the army", "bottom: its fighting power (FP), shown to its own side only",
                       "corner marks: * the unit chosen this turn, x a unit in the combat being fought"])
