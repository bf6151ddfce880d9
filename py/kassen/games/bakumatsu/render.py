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
from ...render import svg
from ...render.legend import Entry, Legend, common_marks
from ...render.board import SCALE, Counter, EdgeStyle, cell_xy, combat_marks, render_board
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


def render_svg(rules: "Rules", view: dict[str, Any], highlight: Iterable[str] = (),
               selected: Optional[str] = None) -> str:
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

    return render_board(d.board, cell_fill=cell_fill, counters=counters(rules, view), edges=EDGES,
                        highlight=highlight, selected=selected, underlays=_roads(rules),
                        marks=_marks(rules), overlays=_overlays(rules, view),
                        title=f"{rules.scenario.title}: {_caption(rules, view)}", turn=turn)


def _caption(rules: "Rules", view: dict[str, Any]) -> str:
    return f"turn {view.get('turn', 1)} of {rules.d.turns}"


def short_name(rules: "Rules", uid: str) -> str:
    return str(rules.scenario.units[uid].get("short") or uid)


def _v(value: Optional[int]) -> str:
    return "—" if value is None else str(value)


def _back(color: str) -> str:
    """The back (disordered) side of a counter: its formation colour washed out."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % tuple(int(c + (255 - c) * 0.62) for c in (r, g, b))


def counter_lines(rules: "Rules", uid: str) -> list[str]:
    """The counter's face: its name, fire-melee-morale, movement (▸) and, for artillery, range (r)."""
    u = rules.d.units[uid]
    if u.commander:
        return [short_name(rules, uid), f"C{u.command_range} {u.fire_mod:+d}/{u.melee_mod:+d}", f"Mo{u.morale} ▸{u.ma}"]
    third = f"r{u.range} ▸{u.ma}" if u.range else f"▸{u.ma}"
    return [short_name(rules, uid), f"{_v(u.fire)}-{_v(u.melee)}-{u.morale}", third]


def counters(rules: "Rules", view: dict[str, Any]) -> list[Counter]:
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
        lines = counter_lines(rules, uid)
        words = rules.name_unit(uid)
        if u.commander:
            fill, text = info["color"], info.get("text_color", "#ffffff")
            badges.append("★")
            words += f" (commander: range {u.command_range}, fire {u.fire_mod:+d}, melee {u.melee_mod:+d}, " \
                     f"morale {u.morale}, movement {u.ma})"
        else:
            words += f" ({lines[1]} fire-melee-morale, movement {u.ma}" + (f", range {u.range}" if u.range else "") + ")"
            if uid in disordered:
                fill, text = _back(fill), "#1b1b1b"
                badges.append("乱")
                words += ", disordered"
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


def _marks(rules: "Rules") -> list[str]:
    """Fixed marks: place names, entry hexes, box captions, the legend."""
    d = rules.d
    turn = turn_of(rules)
    parts = []
    for c in d.board.map_cells():
        if c.name:
            cx, cy = cell_xy(c, turn)
            parts.append(svg.text(cx, cy + 0.74 * SCALE, c.name, font_size=0.19 * SCALE, text_anchor="middle",
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
            parts.append(svg.text(cx - c.w / 2 * SCALE, cy - c.h / 2 * SCALE - 0.15 * SCALE, c.name or c.label,
                                  font_size=0.3 * SCALE, fill="#333333", class_="box-title"))
    return parts


def legend(rules: "Rules") -> Legend:
    """Terrain, hexsides, marks and a counter, as drawn (kassen.render.legend)."""
    d = rules.d
    used = {d.board.cells[h].terrain for h in d.hexes}
    terrain = [Entry(f"{d.tec['terrain'][t]['name']} {d.tec['terrain'][t]['name_ja']}", FILL[t])
               for t in LEGEND_TERRAIN if t in used]
    if d.areas:
        terrain.append(Entry("a set-up area of the side setting up (during the set-up)", AREA_FILL))
    features = [Entry(f"{row['name']} {row['name_ja']} (hexside)", edge=EDGES[f])
                for f, row in d.hexside_tec.items() if f in EDGES and any(f in v for v in d.side_features.values())]
    features.append(Entry("road 道路: 1 MP a hex along it; road movement 2 hexes a MP", edge=EdgeStyle(ROAD, width=5.0)))
    marks = [Entry("victory hex 勝利ヘクス: the dot takes its holder's colour (white: nobody's)", mark="●",
                   mark_color="#b00000"),
             Entry("entry hex 登場ヘクス, in its side's colour", mark="E", mark_color="#7a1010"),
             *common_marks()]
    sample = next(iter(d.combat_units[d.first]))
    u = d.units[sample]
    key = d.color_key[u.formation]
    return Legend(
        terrain=terrain, features=features, marks=marks,
        counter=Counter(unit="legend-sample", side=u.side, at="", lines=counter_lines(rules, sample),
                        fill=key["color"], text_color=key["text_color"], badges=["✓"], selectable=False),
        counter_notes=["top: the unit", "middle: fire strength - melee strength (— none) - morale",
                       "bottom: ▸ movement allowance; r range (artillery only)",
                       "washed out with 乱: disordered (its back side): it may neither fire nor melee",
                       "★ a commander (Tabarazaka), in its side's colour: C command range, fire/melee modifiers",
                       "corner marks: ✓ has acted this phase, × in the combat being resolved",
                       "face down (R, L): in a cup, not yet drawn"])


def _overlays(rules: "Rules", view: dict[str, Any]) -> list[str]:
    """What changes during play: who holds each victory hex, the combat being resolved."""
    d = rules.d
    turn = turn_of(rules)
    parts = []
    control = view.get("control") or {}
    for h in d.victory:
        cx, cy = cell_xy(d.board.cells[h], turn)
        owner = control.get(h)
        color = rules.scenario.side_info[owner]["color"] if owner else "#ffffff"
        parts.append(svg.el("circle", {"cx": cx - 0.5 * SCALE, "cy": cy + 0.4 * SCALE, "r": 0.2 * SCALE,
                                       "fill": color, "stroke": "#b00000", "stroke-width": 2.5,
                                       "class": "victory-hex", "data-hex": h, "data-owner": owner or "none"}))
    record = view.get("combat")
    if record and record.get("kind") in ("fire", "melee") and record.get("at") in d.board.cells:
        verb = "fires at" if record["kind"] == "fire" else "attacks"
        words = f"{rules.name_unit(record['unit'])} {verb} {rules.name_unit(record['target'])}"
        parts.append(combat_marks(d.board, record["from"], record["at"], words, turn))
    retreat = view.get("retreat")
    if retreat:
        pts = [cell_xy(d.board.cells[h], turn) for h in retreat["path"] if h in d.board.cells]
        if len(pts) > 1:
            parts.append(svg.el("polyline", {"points": svg.points(pts), "fill": "none", "stroke": "#c0392b",
                                             "stroke-width": 3.0, "stroke-dasharray": "4 3", "class": "retreat-path"}))
    return parts
