"""The Yukimura maps as SVG, drawn only from a view through the shared renderer (render/board.py).

Terrain (flat, marsh, mountain, burial mound, large river), small rivers and impassable hexsides,
roads; the Ishikawa Line's west bank, Komatsuyama, the breakthrough and entry hexes; counters with
strength–morale–movement and a band in their force's colour (the force's leader findable from any
of its units by the hover text), frozen or held forces marked, chain-retreat markers, the combat in
progress and the retreat path. Both maps of the connected scenario are drawn side by side."""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.board import Cell
from ...engine.messages import DEFAULT_LANGUAGE
from ...render import svg
from ...render.board import (SCALE, Counter, EdgeStyle, cell_xy, combat_marks, counter_name, map_text, render_board,
                             scenario_title)
from ...render.legend import Entry, Legend, common_marks

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

FILL = {"flat": "#ece5c8", "marsh": "#c7dcc3", "mountain": "#b3916a", "burial-mound": "#9fb07a",
        "large-river": "#8fbde0", "burial_mound": "#9fb07a", "large_river": "#8fbde0", "box": "#f7f3e6"}
EDGES = {"small-river": EdgeStyle("#4d9ad6", width=4.0), "small_river": EdgeStyle("#4d9ad6", width=4.0),
         "impassable": EdgeStyle("#3b2a14", width=5.0)}
ROAD = "#8a5a2b"
WEST = "#f3d9a4"


def force_color(force: str) -> str:
    """A stable colour per force for the counter band (the force's mark)."""
    h = hashlib.sha1(force.encode("utf-8")).digest()
    return "#%02x%02x%02x" % (60 + h[0] % 160, 60 + h[1] % 160, 60 + h[2] % 160)


def place_name(rules: "Rules", name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A place's, box's, set-up area's or map's name (as the scenario spells it in English) in
    ``lang``: in Japanese the scenario's ``names_ja`` (by cell), ``area_names`` and the maps' kanji."""
    if lang == DEFAULT_LANGUAGE:
        return name
    found = _JA_NAMES.get(id(rules))
    if found is None or found[0] is not rules:
        d = rules.d
        names_ja = d.rules_data.get("names_ja") or {}
        table = {(c.name or c.label): names_ja[c.label] for c in d.board.cells.values() if c.label in names_ja}
        table.update({area: row["name_ja"] for area, row in (d.rules_data.get("area_names") or {}).items()
                      if isinstance(row, dict) and row.get("name_ja")})
        for m in d.board.maps:  # "Dōmyōji (道明寺)": the kanji between the brackets
            if m.name and "(" in m.name and m.name.endswith(")"):
                table[m.name] = m.name[m.name.index("(") + 1:-1]
        found = _JA_NAMES[id(rules)] = (rules, table)
    return found[1].get(name, name)


_JA_NAMES: dict[int, tuple[Any, dict[str, str]]] = {}


def render_svg(rules: "Rules", view: dict[str, Any], highlight: Iterable[str] = (),
               selected: Optional[str] = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The map(s) for one view, their words in ``lang``."""
    d = rules.d

    def cell_fill(c: Cell) -> str:
        if c.kind == "box":
            return FILL["box"]
        if c.label in d.ishikawa_west and c.terrain == "flat":
            return WEST
        return FILL.get(c.terrain, FILL["flat"])

    return render_board(d.board, cell_fill=cell_fill, counters=counters(rules, view, lang), edges=EDGES,
                        highlight=highlight, selected=selected, underlays=_roads(rules), marks=_marks(rules, lang),
                        overlays=_overlays(rules, view, lang),
                        title=map_text("yukimura.map.title", lang, title=scenario_title(rules, lang),
                                       turn=view.get("turn", 1), turns=d.turns),
                        lang=lang, names=lambda name: place_name(rules, name, lang))


def counter_lines(rules: "Rules", uid: str, lang: str = DEFAULT_LANGUAGE, revision: Optional[int] = None) -> list[str]:
    """The counter's face: its name (the kanji of its force, 後藤隊), strength-morale-movement (the
    values of the game's rules ``revision``; None: today's)."""
    u = rules.d.units[uid] if revision is None else rules.d.unit_of(uid, revision)
    name = str(rules.scenario.units[uid].get("short") or rules.scenario.units[uid].get("kanji") or uid)
    name = counter_name(rules, uid, name, lang)
    morale = "*" if u.star else str(u.morale)
    return [name[:6], f"{u.cs}-{morale}-{u.ma}"]


def counters(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[Counter]:
    d = rules.d
    out = []
    done = set(view.get("done") or [])
    markers = set(view.get("markers") or [])
    record = view.get("combat") or {}
    fighting = {*(record.get("units") or []), record.get("target")} - {None}
    released = set(view.get("released") or [])
    turn = view.get("turn", 1)
    revision = rules.revision_of(view)
    for uid in d.units:
        at = (view.get("units", {}).get(uid) or {}).get("at")
        if at is None or at not in d.board.cells:
            continue
        u = d.unit_of(uid, revision)
        info = rules.scenario.side_info[u.side]
        badges: list[str] = []
        leader = d.leader_unit.get(u.leader)
        words = map_text("yukimura.map.unit", lang, unit=rules.name_unit(uid, lang),
                         values=f"{u.cs}-{'*' if u.star else u.morale}-{u.ma}",
                         leader=map_text("yukimura.map.leader", lang, leader=rules.name_unit(leader, lang))
                         if leader and leader != uid else "")
        if u.is_leader:
            badges.append("★")
        lim = d.limits.get(u.force)
        if lim is not None and turn < lim.until and u.force not in released:
            badges.append("凍" if lim.until > d.turns else "待")
            words += map_text("yukimura.map.frozen", lang) if lim.until > d.turns else \
                map_text("yukimura.map.held", lang, turn=lim.until)
        if uid in markers:
            badges.append("連")
            words += map_text("yukimura.map.chain-marker", lang)
        if uid in done:
            badges.append("✓")
        if uid in fighting:
            badges.insert(0, "×")
        band = force_color(u.force)
        out.append(Counter(unit=uid, side=u.side, at=at, lines=counter_lines(rules, uid, lang, revision),
                           fill=info["color"],
                           text_color=info.get("text_color", "#ffffff"), title=words, badges=badges,
                           band=band))
    return out


def _roads(rules: "Rules") -> list[str]:
    d = rules.d
    parts = []
    for conn in d.board.connections.values():
        if "road" in conn.features:
            (x1, y1), (x2, y2) = cell_xy(d.board.cells[conn.a]), cell_xy(d.board.cells[conn.b])
            parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": ROAD,
                                         "stroke-width": 5.0, "stroke-linecap": "round", "class": "road"}))
    return parts


def _mark(rules: "Rules", h: str, letter: str, color: str, kind: str) -> list[str]:
    cx, cy = cell_xy(rules.d.board.cells[h])
    return [svg.el("rect", {"x": cx + 0.28 * SCALE, "y": cy + 0.2 * SCALE, "width": 0.42 * SCALE,
                            "height": 0.36 * SCALE, "rx": 3.0, "fill": color, "stroke": "#ffffff",
                            "stroke-width": 1.0, "class": kind, "data-hex": h}),
            svg.text(cx + 0.49 * SCALE, cy + 0.48 * SCALE, letter, font_size=0.28 * SCALE, text_anchor="middle",
                     fill="#ffffff", font_weight="bold")]


def _marks(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    d = rules.d
    parts: list[str] = []
    for c in d.board.map_cells():
        if c.name:
            cx, cy = cell_xy(c)
            parts.append(svg.text(cx, cy + 0.74 * SCALE, place_name(rules, c.name, lang), font_size=0.19 * SCALE,
                                  text_anchor="middle",
                                  fill="#3b2a14", class_="place-name"))
    for h in d.breakthrough:
        parts += _mark(rules, h, "B", "#7a1010", "breakthrough-hex")
    for a in d.arrivals:
        for h in a.entry:
            parts += _mark(rules, h, "E", "#1f3a6b", "entry-hex")
        for h in a.staging:
            parts += _mark(rules, h, "H", "#6b1f5e", "staging-hex")
    if d.komatsuyama:
        cx, cy = cell_xy(d.board.cells[d.komatsuyama])
        parts.append(svg.text(cx - 0.45 * SCALE, cy + 0.5 * SCALE, "★", font_size=0.4 * SCALE, fill="#c00000",
                              class_="komatsuyama"))
    for m in d.board.maps:
        if m.id is None or m.name is None:
            continue
        cells = [c for c in d.board.map_cells() if c.map == m.id]
        if cells:
            x = min(cell_xy(c)[0] for c in cells)
            y = min(cell_xy(c)[1] for c in cells)
            parts.append(svg.text(x, y - 0.9 * SCALE, place_name(rules, m.name, lang), font_size=0.6 * SCALE,
                                  fill="#333333",
                                  class_="map-name"))
    for c in d.board.cells.values():
        if c.kind == "box":
            cx, cy = cell_xy(c)
            parts.append(svg.text(cx - c.w / 2 * SCALE, cy - c.h / 2 * SCALE - 0.15 * SCALE,
                                  place_name(rules, c.name or c.label, lang),
                                  font_size=0.3 * SCALE, fill="#333333", class_="box-title"))
    return parts


def _overlays(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    d = rules.d
    parts = []
    record = view.get("combat")
    if record and record.get("at") in d.board.cells and record.get("froms"):
        words = map_text("yukimura.map.fire" if record["kind"] == "fire" else "yukimura.map.melee", lang,
                         unit=rules.name_unit(record["units"][0], lang), target=rules.name_unit(record["target"], lang))
        parts.append(combat_marks(d.board, record["froms"][0], record["at"], words, lang=lang))
    retreat = view.get("retreat")
    if retreat:
        pts = [cell_xy(d.board.cells[h]) for h in retreat["path"] if h in d.board.cells]
        if len(pts) > 1:
            parts.append(svg.el("polyline", {"points": svg.points(pts), "fill": "none", "stroke": "#c0392b",
                                             "stroke-width": 3.0, "stroke-dasharray": "4 3", "class": "retreat-path"}))
    for uid in view.get("markers") or []:
        at = (view.get("units", {}).get(uid) or {}).get("at")
        if at in d.board.cells:
            cx, cy = cell_xy(d.board.cells[at])
            parts.append(svg.el("circle", {"cx": cx, "cy": cy, "r": 0.62 * SCALE, "fill": "none", "stroke": "#c0392b",
                                           "stroke-width": 3.0, "class": "chain-marker", "data-unit": uid}))
    h = view.get("hideyori") or {}
    if h.get("at") in d.board.cells:
        parts += _mark(rules, h["at"], "秀", "#b8860b", "hideyori-staged")
    return parts


def legend(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> Legend:
    """Terrain, hexsides, marks and a counter, as drawn (kassen.render.legend), in ``lang``."""
    d = rules.d
    used = {d.board.cells[h].terrain for h in d.hexes}

    def w(key: str) -> str:
        return map_text(f"yukimura.legend.{key}", lang)

    names = ("flat", "marsh", "mountain", "burial_mound", "large_river")
    terrain = [Entry(w(t.replace("_", "-")), FILL[t]) for t in names if t in used]
    if d.ishikawa_west:
        terrain.append(Entry(w("west"), WEST))
    features = [Entry(w("small-river"), edge=EDGES["small-river"]),
                Entry(w("impassable"), edge=EDGES["impassable"]),
                Entry(w("road"), edge=EdgeStyle(ROAD, width=5.0))]
    marks = [Entry(w("breakthrough"), mark="B", mark_color="#7a1010"),
             Entry(w("entry"), mark="E", mark_color="#1f3a6b"),
             Entry(w("komatsuyama"), mark="★", mark_color="#c00000"),
             *common_marks(lang)]
    sample = next(iter(d.units))
    u = d.units[sample]
    info = rules.scenario.side_info[u.side]
    return Legend(terrain=terrain, features=features, marks=marks,
                  counter=Counter(unit="legend-sample", side=u.side, at="", lines=counter_lines(rules, sample, lang),
                                  fill=info["color"], text_color=info.get("text_color", "#ffffff"), badges=["✓"],
                                  selectable=False),
                  counter_notes=[w("note-top"), w("note-bottom"), w("note-badges"), w("note-corners")])
