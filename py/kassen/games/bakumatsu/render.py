"""The Bakumatsu maps as SVG, drawn only from a view through the shared renderer (render/board.py).

Terrain, rivers, streams and ponds on hexsides, roads, place names; victory hexes with the colour of
their current owner, entry hexes, the set-up areas during the set-up; counters with their values
(fire-melee-morale, movement, range), disordered units on their back (washed out, 乱), commanders
distinct (their side's colour, a star, command range and modifiers); the units off the map in their
trays (to set up, the cup, the hand, waiting to enter); the fire or melee in progress drawn as an
arrow with its supporters marked. The legend panel is ``legend(rules)``. Toba-Fushimi's map is printed with north at its
highest column: it is drawn a quarter turn round, north up (rules.north_up_turn)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...engine.board import Cell
from ...engine.messages import DEFAULT_LANGUAGE
from ...render import svg
from ...render.legend import Entry, Legend, common_marks
from ...render.board import (SCALE, Counter, EdgeStyle, cell_xy, combat_marks, counter_name, map_text, render_board,
                             scenario_title)
from .data import CUP, COMMANDER_CUP, SET_ASIDE, box

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

FILL = {"flat": "#ece5c8", "wetland": "#c7dcc3", "hills": "#d9bf8a", "mountain": "#b3916a", "mountain-top": "#9a7550",
        "city": "#d3bfae", "pond": "#8fbde0", "box": "#f7f3e6"}
EDGES = {"river": EdgeStyle("#2a66b0", width=7.0), "stream": EdgeStyle("#4d9ad6", width=3.5),
         "pond": EdgeStyle("#2a66b0", width=4.0)}
ROAD = "#8a5a2b"
AREA_FILL = "#f2d25c"
LEGEND_TERRAIN = ("flat", "wetland", "hills", "mountain", "mountain-top", "city", "pond")


def turn_of(rules: "Rules") -> int:
    """Quarter turns counterclockwise that put north up (Toba-Fushimi: north is column 24)."""
    return rules.d.north_turn


def place_name(rules: "Rules", name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A place's or box's name (as the scenario spells it in English) in ``lang``: the scenario's
    Japanese names (``names_ja``, by cell) in Japanese."""
    if lang == DEFAULT_LANGUAGE:
        return name
    found = _JA_NAMES.get(id(rules))
    if found is None or found[0] is not rules:
        d = rules.d
        table = {(c.name or c.label): d.names_ja[c.label] for c in d.board.cells.values() if c.label in d.names_ja}
        table.update({area: row["name_ja"] for area, row in d.areas.items() if row.get("name_ja")})  # set-up areas
        found = _JA_NAMES[id(rules)] = (rules, table)
    return found[1].get(name, name)


_JA_NAMES: dict[int, tuple[Any, dict[str, str]]] = {}


def render_svg(rules: "Rules", view: dict[str, Any], highlight: Iterable[str] = (),
               selected: Optional[str] = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The map for one view, its words in ``lang``."""
    d = rules.d
    turn = turn_of(rules)
    setup_hexes = set()
    if view.get("segment") == "setup":
        for name, hexes in d.area_hexes.items():
            if d.areas[name]["side"] == view.get("active"):
                setup_hexes.update(hexes)

    def cell_fill(c: Cell) -> str:
        if c.kind == "box":
            return FILL["box"]
        if c.label in setup_hexes:
            return AREA_FILL
        return FILL.get(c.terrain, FILL["flat"])

    return render_board(d.board, cell_fill=cell_fill, counters=counters(rules, view, lang), edges=EDGES,
                        highlight=highlight, selected=selected, underlays=_roads(rules),
                        marks=_marks(rules, lang), overlays=_overlays(rules, view, lang),
                        title=map_text("bakumatsu.map.title", lang, title=scenario_title(rules, lang),
                                       caption=_caption(rules, view, lang)), turn=turn,
                        lang=lang, names=lambda name: place_name(rules, name, lang))


def _caption(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> str:
    return map_text("bakumatsu.map.caption", lang, turn=view.get("turn", 1), turns=rules.d.turns)


def short_name(rules: "Rules", uid: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name on the counter ("1st/1"; in Japanese a short form of its kanji name, 歩1/1)."""
    return counter_name(rules, uid, str(rules.scenario.units[uid].get("short") or uid), lang)


def _v(value: Optional[int]) -> str:
    return "—" if value is None else str(value)


def _back(color: str) -> str:
    """The back (disordered) side of a counter: its formation colour washed out."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % tuple(int(c + (255 - c) * 0.62) for c in (r, g, b))


def counter_lines(rules: "Rules", uid: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The counter's face: its name, fire-melee-morale, movement (▸) and, for artillery, range (r;
    in Japanese 射); a commander's command range (C; 指), modifiers and morale (Mo; 士)."""
    u = rules.d.units[uid]
    if u.commander:
        return [short_name(rules, uid, lang),
                map_text("bakumatsu.map.command-line", lang, range=u.command_range, fire=u.fire_mod, melee=u.melee_mod),
                map_text("bakumatsu.map.morale-line", lang, morale=u.morale, ma=u.ma)]
    third = map_text("bakumatsu.map.range-line", lang, range=u.range, ma=u.ma) if u.range else f"▸{u.ma}"
    return [short_name(rules, uid, lang), f"{_v(u.fire)}-{_v(u.melee)}-{u.morale}", third]


def counters(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[Counter]:
    d = rules.d
    out = []
    disordered = set(view.get("disordered") or [])
    done = set(view.get("done") or [])
    record = view.get("combat") or {}
    fighting = {record.get("unit"), record.get("target"), *record.get("support", [])} - {None}
    hidden_boxes = {box(CUP, s) for s in d.sides} | {box(COMMANDER_CUP, s) for s in d.sides}
    # commanders first: in a shared hex the combat unit is drawn on top, the commander peeking out
    order = sorted(d.units, key=lambda uid: not d.units[uid].commander)
    for uid in order:
        u = d.units[uid]
        at = view.get("units", {}).get(uid, {}).get("at")
        if at is None or at not in d.board.cells:
            continue
        key = d.color_key.get(u.formation, {})
        info = rules.scenario.side_info[u.side]
        fill, text = key.get("color", "#dddddd"), key.get("text_color", "#000000")
        badges: list[str] = []
        face_down = at in hidden_boxes or at == box(SET_ASIDE, u.side)
        lines = counter_lines(rules, uid, lang)
        name = rules.name_unit(uid, lang)
        if u.commander:
            fill, text = info["color"], info.get("text_color", "#ffffff")
            badges.append("★")
            words = map_text("bakumatsu.map.commander", lang, unit=name, range=u.command_range, fire=u.fire_mod,
                             melee=u.melee_mod, morale=u.morale, ma=u.ma)
        else:
            words = map_text("bakumatsu.map.unit", lang, unit=name, values=lines[1], ma=u.ma,
                             range=map_text("bakumatsu.map.range", lang, range=u.range) if u.range else "")
            if uid in disordered:
                fill, text = _back(fill), "#1b1b1b"
                badges.append("乱")
                words += map_text("bakumatsu.map.disordered", lang)
        if uid in done:
            badges.append("✓")
        if uid in fighting:
            badges.insert(0, "×")
        out.append(Counter(unit=uid, side=u.side, at=at, lines=lines, fill=fill, text_color=text, title=words,
                           badges=badges, face_down=face_down, crest=("L" if u.commander else "R") if at in hidden_boxes else "",
                           selectable=not face_down))
    return out


def _roads(rules: "Rules") -> list[str]:
    d = rules.d
    turn = turn_of(rules)
    parts = []
    for conn in d.board.connections.values():
        if "road" in conn.features:
            (x1, y1), (x2, y2) = cell_xy(d.board.cells[conn.a], turn), cell_xy(d.board.cells[conn.b], turn)
            parts.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": ROAD,
                                         "stroke-width": 5.0, "stroke-linecap": "round", "class": "road"}))
    return parts


def _marks(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Fixed marks: place names, entry hexes, box captions, the legend."""
    d = rules.d
    turn = turn_of(rules)
    parts = []
    for c in d.board.map_cells():
        if c.name:
            cx, cy = cell_xy(c, turn)
            parts.append(svg.text(cx, cy + 0.74 * SCALE, place_name(rules, c.name, lang), font_size=0.19 * SCALE,
                                  text_anchor="middle",
                                  fill="#3b2a14", class_="place-name"))
    for side_id, h in d.entry_of.items():
        cx, cy = cell_xy(d.board.cells[h], turn)
        color = rules.scenario.side_info[side_id]["color"]
        parts.append(svg.el("rect", {"x": cx + 0.28 * SCALE, "y": cy + 0.2 * SCALE, "width": 0.42 * SCALE,
                                     "height": 0.36 * SCALE, "rx": 3.0, "fill": color, "stroke": "#ffffff",
                                     "stroke-width": 1.0, "class": "entry-hex", "data-entry": side_id}))
        parts.append(svg.text(cx + 0.49 * SCALE, cy + 0.48 * SCALE, "E", font_size=0.28 * SCALE,
                              text_anchor="middle", fill="#ffffff", font_weight="bold"))
    for c in d.board.cells.values():
        if c.kind == "box":
            cx, cy = cell_xy(c, turn)
            parts.append(svg.text(cx - c.w / 2 * SCALE, cy - c.h / 2 * SCALE - 0.15 * SCALE,
                                  place_name(rules, c.name or c.label, lang),
                                  font_size=0.3 * SCALE, fill="#333333", class_="box-title"))
    return parts


def legend(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> Legend:
    """Terrain, hexsides, marks and a counter, as drawn (kassen.render.legend), in ``lang``."""
    d = rules.d
    used = {d.board.cells[h].terrain for h in d.hexes}
    english = lang == DEFAULT_LANGUAGE

    def w(key: str, **args: object) -> str:
        return map_text(f"bakumatsu.legend.{key}", lang, **args)

    terrain = [Entry(f"{d.tec['terrain'][t]['name']} {d.tec['terrain'][t]['name_ja']}" if english
                     else d.tec['terrain'][t]['name_ja'], FILL[t])
               for t in LEGEND_TERRAIN if t in used]
    if d.areas:
        terrain.append(Entry(w("setup-area"), AREA_FILL))
    features = [Entry(w("hexside", name=f"{row['name']} {row['name_ja']}" if english else row["name_ja"]), edge=EDGES[f])
                for f, row in d.hexside_tec.items() if f in EDGES and any(f in v for v in d.side_features.values())]
    features.append(Entry(w("road"), edge=EdgeStyle(ROAD, width=5.0)))
    marks = [Entry(w("victory"), mark="●", mark_color="#b00000"),
             Entry(w("entry"), mark="E", mark_color="#7a1010"),
             *common_marks(lang)]
    sample = next(iter(d.combat_units[d.first]))
    u = d.units[sample]
    key = d.color_key[u.formation]
    return Legend(
        terrain=terrain, features=features, marks=marks,
        counter=Counter(unit="legend-sample", side=u.side, at="", lines=counter_lines(rules, sample, lang),
                        fill=key["color"], text_color=key["text_color"], badges=["✓"], selectable=False),
        counter_notes=[w(f"note-{n}") for n in ("top", "middle", "bottom", "disordered", "commander", "corners",
                                                  "face-down")])


def _overlays(rules: "Rules", view: dict[str, Any], lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What changes during play: who holds each victory hex, the combat being resolved."""
    d = rules.d
    turn = turn_of(rules)
    parts = []
    control = view.get("control") or {}
    for h in control or d.victory:  # the victory hexes of the game's rules revision (GameRules.revision)
        cx, cy = cell_xy(d.board.cells[h], turn)
        owner = control.get(h)
        color = rules.scenario.side_info[owner]["color"] if owner else "#ffffff"
        parts.append(svg.el("circle", {"cx": cx - 0.5 * SCALE, "cy": cy + 0.4 * SCALE, "r": 0.2 * SCALE,
                                       "fill": color, "stroke": "#b00000", "stroke-width": 2.5,
                                       "class": "victory-hex", "data-hex": h, "data-owner": owner or "none"}))
    record = view.get("combat")
    if record and record.get("kind") in ("fire", "melee") and record.get("at") in d.board.cells:
        words = map_text(f"bakumatsu.map.{record['kind']}", lang, unit=rules.name_unit(record["unit"], lang),
                         target=rules.name_unit(record["target"], lang))
        parts.append(combat_marks(d.board, record["from"], record["at"], words, turn, lang))
    retreat = view.get("retreat")
    if retreat:
        pts = [cell_xy(d.board.cells[h], turn) for h in retreat["path"] if h in d.board.cells]
        if len(pts) > 1:
            parts.append(svg.el("polyline", {"points": svg.points(pts), "fill": "none", "stroke": "#c0392b",
                                             "stroke-width": 3.0, "stroke-dasharray": "4 3", "class": "retreat-path"}))
    return parts
