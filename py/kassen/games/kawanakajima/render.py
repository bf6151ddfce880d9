"""The Kawanakajima map as SVG, drawn only from a view.

Terrain (plains, mountain, river hexes), the tan Takeda and grey Uesugi start hexes with their
group numerals, X1-X3, place labels, the edge of the Uesugi scoring region (dashed) and the
night-attack army box. Counters: a unit the viewer may identify shows its given name in kanji,
its code and value (paler when face down); an anonymous unit shows only its side's crest.
Move and retreat markers are badges ("M", "R").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Optional

from ...engine.board import Cell
from ...engine.state import View
from ...render import svg
from ...render.board import LABEL_SIZE, SCALE, Counter, combat_marks, edge_endpoints, map_text, render_board
from ...render.legend import Entry, Legend, common_marks
from ...engine.messages import DEFAULT_LANGUAGE, msg, side
from .data import SIDES, TAKEDA, UESUGI
from .hooks import full_name, markers, num
from .hooks import title as map_title
from .visibility import anonymous_side, is_anonymous

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

TERRAIN_FILL = {"plains": "#e8e3c6", "mountain": "#b39a6c", "river": "#8cb6dc"}
TAKEDA_START_FILL = "#dcc18c"  # tan (rulebook 3(1))
UESUGI_START_FILL = "#c4c8cf"  # grey
BOX_FILL = "#efe7d2"
FACE_DOWN_FILL = {UESUGI: "#a9b7d8", TAKEDA: "#e0a8a2"}
NAME_Y = 0.8  # grid units below a hex's centre: the band under the counter
REGION = "#2b4f9e"


def _cell_fill(rules: "Rules"):
    t = rules.t
    start = set(t.takeda_start)

    def fill(cell: Cell) -> str:
        if cell.kind == "box":
            return BOX_FILL
        if cell.label in t.group_of:
            return UESUGI_START_FILL
        if cell.label in start:
            return TAKEDA_START_FILL
        return TERRAIN_FILL.get(cell.terrain, TERRAIN_FILL["plains"])

    return fill


def _map_text(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Start-group numerals, X1-X3, the unnamed Takeda hex and the place names."""
    t = rules.t
    cells = rules.board.cells
    parts: list[str] = []

    def label(lab: str, words: str, dy: float, size: float, weight: Optional[str] = None,
              fill: str = "#3a3327", cls: str = "map-label") -> None:
        c = cells[lab]
        parts.append(svg.text(c.x * SCALE, c.y * SCALE + dy * SCALE, words, font_size=size * SCALE,
                              text_anchor="middle", fill=fill, font_weight=weight, class_=cls))

    # everything printed in a hex sits in its bottom band: below the counter, above the next hex
    for group, hexes in t.group_hexes.items():
        for lab in hexes:
            label(lab, group, NAME_Y, LABEL_SIZE, "bold", "#4a4f5a", "start-group")
    label(t.takeda_blank, map_text("kawanakajima.map.blank", lang), NAME_Y, LABEL_SIZE, None, "#6b5330", "start-blank")
    for lab, name in t.x_name.items():
        label(lab, name, NAME_Y, 0.26, "bold", "#5a3a12", "x-hex")
    for lab, cell in cells.items():
        if cell.kind == "hex" and cell.name and lab not in t.x_name:
            label(lab, rules.name_place(cell.name, lang), NAME_Y, LABEL_SIZE, "bold", "#2f2a20", "place-name")
    return parts


def _region_edge(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> str:
    """A dashed line around "Takeda's side of the river", where Uesugi face-up units score."""
    t = rules.t
    board = rules.board
    lines = []
    for conn in board.connections.values():
        a, b = conn.a, conn.b
        if a in t.on_map and b in t.on_map and ((a in t.scoring_region) != (b in t.scoring_region)):
            (x1, y1), (x2, y2) = edge_endpoints(board.cells[a], board.cells[b], board)
            lines.append(svg.el("line", {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": REGION,
                                         "stroke-width": 1.6, "stroke-dasharray": "4 3", "opacity": 0.7}))
    return svg.el("g", {"class": "scoring-region", "role": "img", "aria-label": map_text("kawanakajima.map.region", lang)},
                  *lines)


def _box_caption(rules: "Rules", view: View, lang: str = DEFAULT_LANGUAGE) -> str:
    t = rules.t
    box = rules.board.cells[t.night_box]
    n = sum(1 for u in view.get("units", {}).values() if u.get("at") == t.night_box)
    name = rules.name_place(box.name or "Night attack army", lang)
    return svg.text(box.x * SCALE, (box.y - 0.7) * SCALE, map_text("kawanakajima.map.box", lang, box=name, count=n),
                    font_size=0.3 * SCALE, text_anchor="middle", fill="#3a3327", font_weight="bold",
                    class_="box-caption")


def counters(rules: "Rules", view: View, lang: str = DEFAULT_LANGUAGE) -> list[Counter]:
    """One counter per unit on the map or in the box, showing only what the view holds, in the
    view's order (which says nothing of identities); their words in ``lang``."""
    t = rules.t

    def say(value: object) -> str:
        return rules.say(value, lang)

    out = []
    for key, u in view.get("units", {}).items():
        at = u.get("at")
        if at is None:
            continue
        badges = [b for b, flag in (("M", "move_marker"), ("R", "retreat_marker")) if u.get(flag)]
        marks = markers(u)
        if is_anonymous(key):
            side_id = anonymous_side(key, SIDES) or UESUGI
            name = msg("kawanakajima.details.face-down-unit", side=side(side_id))
            label = say(msg("kawanakajima.map.counter-marked", unit=name, markers=marks) if marks else name)
            out.append(Counter(unit=key, side=side_id, at=at, fill=rules.scenario.side_info[side_id]["color"],
                               text_color="#ffffff", title=label, face_down=True, crest=t.crest[side_id],
                               badges=badges, selectable=at != t.night_box))
            continue
        g = t.generals.get(key)
        if g is None:
            continue
        face_up = bool(u.get("face_up"))
        value_line = f"{g.code} {num(g.value)}" if g.code else num(g.value)
        state_words = msg("kawanakajima.details.face-up" if face_up else "kawanakajima.details.face-down")
        title = say(msg("kawanakajima.map.counter", unit=full_name(rules, key), state=state_words,
                        markers=msg("kawanakajima.map.markers", markers=marks) if marks else ""))
        fill = rules.scenario.side_info[g.side]["color"] if face_up else FACE_DOWN_FILL[g.side]
        out.append(Counter(unit=key, side=g.side, at=at, lines=[g.kanji[-2:], value_line], fill=fill,
                           text_color="#ffffff" if face_up else "#1b1b1b", title=title, badges=badges))
    return out


def static_layers(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> tuple[str, list[str]]:
    """The scoring-region edge and the map's fixed labels: built once per rules object and
    language (they depend only on the scenario) and kept as immutable strings."""
    if lang != DEFAULT_LANGUAGE:
        found = _STATIC.get((id(rules), lang))
        if found is None or found[0] is not rules:
            found = _STATIC[(id(rules), lang)] = (rules, (_region_edge(rules, lang), _map_text(rules, lang)))
        return found[1]
    if rules.svg_static is None:
        rules.svg_static = (_region_edge(rules), _map_text(rules))
    return rules.svg_static


_STATIC: dict[tuple[int, str], tuple[object, tuple[str, list[str]]]] = {}


def render_svg(rules: "Rules", view: View, highlight: Iterable[str] = (), selected: Optional[str] = None,
               lang: str = DEFAULT_LANGUAGE) -> str:
    """The whole map for one view, its words in ``lang``."""
    region, labels = static_layers(rules, lang)
    return render_board(rules.board, cell_fill=_cell_fill(rules), counters=counters(rules, view, lang),
                        highlight=highlight, selected=selected, underlays=[region], marks=labels,
                        overlays=[_box_caption(rules, view, lang), _combat(rules, view, lang)],
                        title=rules.say(map_title(rules, view), lang),
                        lang=lang, names=lambda name: rules.name_place(name, lang))


def _combat(rules: "Rules", view: View, lang: str = DEFAULT_LANGUAGE) -> str:
    """A combat in progress: the attacker's hex (where it attacked from) and the defender's."""
    fight = view.get("combat")
    if not isinstance(fight, dict):
        return ""
    units = view.get("units", {})
    defender = fight.get("defender")
    at = (units.get(defender) or {}).get("at") if isinstance(defender, str) else None
    words = map_text("kawanakajima.map.combat", lang)
    t = rules.t
    if fight.get("attacker") in t.generals and defender in t.generals:
        words = map_text("kawanakajima.map.combat-attacks", lang,
                         attacker=rules.say(full_name(rules, fight["attacker"]), lang),
                         defender=rules.say(full_name(rules, defender), lang))
    return combat_marks(rules.board, fight.get("from"), at, words, lang=lang)


def legend(rules: "Rules", lang: str = DEFAULT_LANGUAGE) -> Legend:
    """Terrain, start hexes, the scoring region and the counters, as drawn (kassen.render.legend),
    in ``lang``."""
    t = rules.t
    uid = next(u for u, g in t.generals.items() if g.side == UESUGI and g.code)
    g = t.generals[uid]

    def w(key: str) -> str:
        return map_text(f"kawanakajima.legend.{key}", lang)

    return Legend(
        terrain=[Entry(w("plains"), TERRAIN_FILL["plains"]), Entry(w("mountain"), TERRAIN_FILL["mountain"]),
                 Entry(w("river"), TERRAIN_FILL["river"]),
                 Entry(w("takeda-start"), TAKEDA_START_FILL), Entry(w("uesugi-start"), UESUGI_START_FILL)],
        features=[Entry(w("region"), outline=(REGION, "4 3"))],
        marks=[Entry(w("blind-draws"), mark="X", mark_color="#5a3a12"),
               Entry(w("face-down"), mark=t.crest[TAKEDA], mark_color="#8f2f2f"),
               *common_marks(lang)],
        counter=Counter(unit="legend-sample", side=UESUGI, at="", lines=[g.kanji[-2:], f"{g.code} {num(g.value)}"],
                        fill=rules.scenario.side_info[UESUGI]["color"], text_color="#ffffff", badges=["M"],
                        selectable=False),
        counter_notes=[w("note-top"), w("note-bottom"), w("note-face"), w("note-corners")])
