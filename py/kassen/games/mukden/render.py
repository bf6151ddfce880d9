"""The Mukden map as SVG, drawn only from a view: terrain, the Hun River and the fortress line on
hexsides, the railway through hex centres, Mukden, the supply source, entry hexes A/B/C, the
north exits, place names, the two off-map boxes and the 0-10 time track. Counters show the
viewer's own fighting power only; the automation attributes come from render_board."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.board import Cell
from ...engine.messages import DEFAULT_LANGUAGE, render
from ...render import svg
from ...render.board import LABEL_SIZE, SCALE, Counter, EdgeStyle, combat_marks, counter_name, map_text, render_board, scenario_title
from ...render.legend import Entry, Legend, common_marks

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

FILL = {"clear": "#ece5c8", "mountain": "#c4ad82", "mukden": "#d9bf94", "fortress": "#e2d6b4",
        "supply": "#e8d3cf", "box": "#f5f1e4"}
EDGES = {"river": EdgeStyle("#2f6fb8", width=6.0), "fortress": EdgeStyle("#5b2c12", width=5.0, dash="5 3")}
TRACK_X0, TRACK_Y, TRACK_STEP = -1.0, -1.45, 0.64  # time track, in grid units
RAILWAY = "#2b2b2b"
NAME_Y = 0.8  # place names sit in the bottom band of their hex, below the counter and above the next hex
_STATIC: dict[tuple[int, str], tuple[Any, list[str]]] = {}


def _xy(cell: Cell) -> tuple[float, float]:
    return cell.x * SCALE, cell.y * SCALE


def render_svg(rules: "Rules", view: dict[str, Any], highlight: Iterable[str] = (),
               selected: Optional[str] = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The map for one view, its words in ``lang``."""
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

    return render_board(board, cell_fill=cell_fill, counters=_counters(rules, view, lang), edges=EDGES,
                        highlight=highlight, selected=selected, underlays=_underlays(rules),
                        marks=_marks(rules, lang), overlays=_overlays(rules, view, lang),
                        title=map_text("mukden.map.title", lang, title=scenario_title(rules, lang),
                                       caption=_caption(rules, view, lang)),
                        lang=lang, names=lambda name: rules.name_place(name, lang))


def _caption(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    time = min(view.get("time", 0), rules.map.time_limit)
    return map_text("mukden.map.caption", lang, turn=view.get("turn", 1), time=time, limit=rules.map.time_limit)


def _short(rules: "Rules", uid: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name on a counter: "1st", or in Japanese the army's kanji (第一軍; a short form where the
    kanji would not fit: 総予備隊右翼 is 予備右)."""
    return counter_name(rules, uid, rules.words.short(uid), lang)


def _fp_line(fp: object, lang: str = DEFAULT_LANGUAGE) -> str:
    return map_text("mukden.map.fp-line", lang, fp=fp)


def _counters(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[Counter]:
    from .hooks import commander

    m = rules.map
    out = []
    fight = view.get("combat") or {}
    for uid in [u for side in rules.sides for u in m.units_of[side]]:
        at = view.get("units", {}).get(uid, {}).get("at")
        if at is None or at not in rules.board.cells:
            continue
        side = m.side_of[uid]
        info = rules.scenario.side_info[side]
        fp = (view.get("fp") or {}).get(side)
        lines = [_short(rules, uid, lang)]
        leader = rules.scenario.units[uid].get("commander", "")
        title = map_text("mukden.map.counter", lang, unit=rules.name_unit(uid, lang),
                         commander=render(commander(leader), lang) if leader else "",
                         at=rules.name_cell(at, lang))
        if fp is not None and uid in fp:
            lines.append(_fp_line(fp[uid], lang))
            title = map_text("mukden.map.counter-fp", lang, counter=title, fp=fp[uid])
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


def _marks(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The map's fixed marks (built once per rules object and language): special hexes, entry
    letters, Mukden's walls, exits, place names, the off-map boxes' titles and the 3rd Army's routes."""
    hit = _STATIC.get((id(rules), lang))
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
            parts.append(svg.text(cx, cy + NAME_Y * SCALE, rules.name_place(cell.name, lang), font_size=LABEL_SIZE * SCALE,
                                  text_anchor="middle", fill="#3b2a14", class_="place-name"))
    # off-map boxes: titles, and the 3rd Army's routes to A/B/C
    for box in (m.reserve_box, m.withdrawn_box):
        cell = board.cells[box]
        cx, cy = _xy(cell)
        parts.append(svg.text(cx, cy - 0.68 * SCALE, rules.name_place(cell.name or box, lang), font_size=0.24 * SCALE,
                              text_anchor="middle", fill="#333333", class_="box-title"))
    bx, by = _xy(board.cells[m.reserve_box])
    for letter, h in sorted(m.detour_cells.items()):
        hx, hy = _xy(board.cells[h])
        parts.append(svg.el("line", {"x1": bx + 1.2 * SCALE, "y1": by, "x2": hx - 0.8 * SCALE, "y2": hy,
                                     "stroke": "#7a1010", "stroke-width": 1.0, "stroke-dasharray": "3 3",
                                     "class": "detour-route"}))
    _STATIC[(id(rules), lang)] = (rules, parts)
    return parts


def _overlays(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What changes during play: the time track, and a combat in progress."""
    parts = _time_track(rules, view, lang)
    fight = view.get("combat") or {}
    if fight.get("attacker_at") or fight.get("defender_at"):
        words = map_text("mukden.map.combat", lang)
        if fight.get("attacker") and fight.get("defender"):
            words = map_text("mukden.map.combat-attacks", lang, attacker=rules.name_unit(fight["attacker"], lang),
                             defender=rules.name_unit(fight["defender"], lang))
        parts.append(combat_marks(rules.board, fight.get("attacker_at"), fight.get("defender_at"), words, lang=lang))
    return parts


def _time_track(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    limit = rules.map.time_limit
    now = min(view.get("time", 0), limit)
    y = TRACK_Y * SCALE
    size = 0.54 * SCALE
    parts = [svg.text((TRACK_X0 - 0.45) * SCALE, y + 4, map_text("mukden.map.time", lang), font_size=0.3 * SCALE,
                      text_anchor="end",
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
    label = map_text("mukden.map.time-label", lang, time=now, limit=limit)
    return [svg.el("g", {"class": "time-track", "role": "img", "aria-label": label}, *parts)]


def legend(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> Legend:
    """Terrain, hexsides, marks and the counter, as drawn (kassen.render.legend), in ``lang``."""
    sample = next(u for u in rules.map.units_of[rules.sides[0]])
    info = rules.scenario.side_info[rules.sides[0]]

    def t(key: str) -> str:
        return map_text(f"mukden.legend.{key}", lang)

    return Legend(
        terrain=[Entry(t("clear"), FILL["clear"]), Entry(t("mountain"), FILL["mountain"]),
                 Entry(t("mukden"), FILL["mukden"]), Entry(t("fortress-inside"), FILL["fortress"]),
                 Entry(t("supply-hex"), FILL["supply"])],
        features=[Entry(t("river"), edge=EDGES["river"]),
                  Entry(t("fortress-line"), edge=EDGES["fortress"]),
                  Entry(t("railway"), edge=EdgeStyle(RAILWAY, width=5.0))],
        marks=[Entry(t("supply"), mark="◑", mark_color="#7a1010"),
               Entry(t("detour"), mark="A", mark_color="#7a1010"),
               Entry(t("exit"), mark="▲", mark_color="#2e5a3c"),
               *common_marks(lang)],
        counter=Counter(unit="legend-sample", side=rules.sides[0], at="", lines=[_short(rules, sample, lang),
                                                                                 _fp_line(4, lang)],
                        fill=info["color"], text_color=info.get("text_color", "#ffffff"), badges=["*"],
                        selectable=False),
        counter_notes=[t("note-top"), t("note-bottom"), t("note-corners")])
