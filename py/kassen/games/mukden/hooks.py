"""The words of the page: names of units and cells, button labels, the status panel, hover text.

Everything is a message (engine.messages) rendered in the reader's language; every hook reads only
the view it is given, so it never shows what the viewer may not see. No game logic here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, catalog, cell, msg, side, unit
from ...engine.phases import acting_row
from ...engine.state import TERMINAL
from .data import RUSSIA, SIDES

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


# -- names ------------------------------------------------------------------------------------------
def unit_name(g: "Rules", uid: Optional[str], lang: str) -> str:
    """'Japanese 1st Army' (both sides have a 1st, 2nd and 3rd Army)."""
    u = g.scenario.units.get(uid or "")
    if u is None:
        return str(uid)
    info = g.scenario.side_info[u["side"]]
    if lang == "ja":
        return f"{info.get('short_ja', '')}{u.get('kanji') or u['name']}"
    return g.say(msg("mukden.name.unit", side_adjective=info.get("adjective", ""), name=u["name"]), lang).strip()


def cell_name(g: "Rules", label: Optional[str], lang: str) -> str:
    """'0503 (Mukden)', 'A (0107)', 'off the map (waiting to enter)'..."""
    m = g.map
    if label is None:
        return g.say(msg("mukden.name.removed"), lang)
    if label == m.reserve_box:
        return g.say(msg("mukden.name.reserve"), lang)
    if label == m.withdrawn_box:
        return g.say(msg("mukden.name.withdrawn"), lang)
    letter = g.words.letter(label)
    if letter:
        return g.say(msg("mukden.name.lettered", letter=letter, label=label), lang)
    if label == m.mukden:
        return g.say(msg("mukden.name.place", label=label, place=msg("mukden.name.mukden")), lang)
    if label in m.supply:
        return g.say(msg("mukden.name.place", label=label, place=msg("mukden.name.supply")), lang)
    return label


def commander(name: str) -> Any:
    """A commander's name as the catalog spells it in each language ("Kuroki", 黒木), or as the
    scenario file does for a name the catalog lacks."""
    key = f"mukden.commander.{name}"
    return msg(key) if key in catalog("en").entries else name


def side_name(g: "Rules", side_id: str, lang: str) -> str:
    """'Japan', 'Russia' (the short names the status panel and the log use)."""
    info = g.scenario.side_info.get(side_id, {})
    if lang == "ja":
        return str(info.get("short_ja") or info.get("kanji") or side_id)
    return str(info.get("short") or info.get("name") or side_id)


def fp_record(g: "Rules", fp: dict[str, Any], allotted: dict[str, Any], uids: list[str]) -> list[Msg]:
    """'1st Army 5/6, 2nd Army 3/3, ...' as a list of messages."""
    units = g.scenario.units
    return [msg("mukden.name.fp-entry", name=units[u]["name"], kanji=units[u].get("kanji") or units[u]["name"],
                fp=fp.get(u, 0), allotted=allotted.get(u, "?")) for u in uids]


class Words:
    """English names for the drawing (render.py) and the tests."""

    def __init__(self, g: "Rules") -> None:
        self.g = g
        self._letters = {h: k for k, h in g.map.detour_cells.items()}

    def side(self, side_id: Optional[str]) -> str:
        return self.g.name_side(side_id, "en")

    def unit(self, uid: str) -> str:
        return self.g.name_unit(uid, "en")

    def short(self, uid: str) -> str:
        return self.g.scenario.units[uid].get("short", uid)

    def cell(self, label: Optional[str]) -> str:
        return self.g.name_cell(label, "en")

    def letter(self, label: str) -> Optional[str]:
        return self._letters.get(label)


# -- buttons ------------------------------------------------------------------------------------------
def _where(view: Optional[dict[str, Any]], uid: Optional[str]) -> Optional[str]:
    if not view or not uid:
        return None
    return view.get("units", {}).get(uid, {}).get("at")


def describe(g: "Rules", action: Action, view: Optional[dict[str, Any]] = None) -> Msg:
    m = g.map
    verb, uid = action.verb, action.unit
    if verb == "allot":  # the prompt names the unit; short labels fit a compact grid on phones
        return msg("mukden.action.allot", value=action.arg)
    if verb == "move" and uid in m.side_of:
        frm = _where(view, uid)
        if frm == m.reserve_box:
            return msg("mukden.action.place", unit=unit(uid), to=cell(action.cell))
        if action.cell == m.withdrawn_box:
            return msg("mukden.action.exit", unit=unit(uid))
        if frm == action.cell:
            return msg("mukden.action.stay", unit=unit(uid), at=cell(frm))
        return msg("mukden.action.move", unit=unit(uid), to=cell(action.cell))
    if verb == "attack":
        target = next((u for u, s in (view or {}).get("units", {}).items() if s.get("at") == action.cell), None)
        if target:
            return msg("mukden.action.attack", target=unit(target), at=cell(action.cell))
        return msg("mukden.action.attack-cell", at=action.cell)
    if verb == "call":
        return msg("mukden.action.call", value=action.arg)
    if verb == "roll":
        return msg("mukden.action.roll", value=action.arg)
    if verb == "retreat":
        if action.cell == m.withdrawn_box:
            return msg("mukden.action.retreat-off")
        return msg("mukden.action.retreat", to=cell(action.cell))
    if verb == "advance":
        return msg("mukden.action.advance", to=cell(action.cell))
    fixed = {"confirm": "confirm", "wait": "wait", "no-attack": "no-attack", "stand": "stand", "stay": "no-advance",
             "withdraw": "withdraw", "end-turn": "end-turn"}
    if verb in fixed:
        return msg("mukden.action." + fixed[verb])
    return action.to_text()  # type: ignore[return-value]


# -- the status panel ------------------------------------------------------------------------------
def _fp_summary(g: "Rules", view: dict[str, Any], side_id: str) -> Msg:
    fp = (view.get("fp") or {}).get(side_id)
    allotted = (view.get("allotment") or {}).get(side_id)
    if fp is None or allotted is None:
        return msg("mukden.status.fp-hidden")
    if not fp:
        if allotted:
            return msg("mukden.status.fp-allotting", allotted=sum(allotted.values()), total=g.map.fp_total[side_id])
        return msg("mukden.status.fp-not-allotted")
    return msg("mukden.status.fp-value", fp=sum(fp.values()), allotted=sum(allotted.values()))


def status(g: "Rules", view: dict[str, Any]) -> list[tuple[Msg, Msg]]:
    m = g.map
    rows: list[tuple[Msg, Any]] = [
        (msg("mukden.status.turn"), msg("mukden.status.turn-value", turn=view.get("turn", 1),
                                         side=side(view.get("active"))))]
    rows.append(acting_row(g, view, no_winner="over"))
    rows.append((msg("mukden.status.time"),
                 msg("mukden.status.time-value", time=min(view.get("time", 0), m.time_limit), limit=m.time_limit)))
    phase = view.get("phase", "")
    rows.append((msg("mukden.status.phase"), msg(f"mukden.phase.{phase}")))
    fight = view.get("combat")
    if fight:
        calls = msg("mukden.status.calls-value", attacker=unit(fight["attacker"]), defender=unit(fight["defender"]),
                    attacker_call=_known(fight["attacker_call"]), defender_call=_known(fight["defender_call"]))
        rows.append((msg("mukden.status.calls"), calls))
        if fight.get("modified_call") is not None:
            if fight["attacker_bonus"]:
                bonus = msg("mukden.status.bonus-attacker", n=fight["attacker_bonus"])
            elif fight["defender_bonus"]:
                bonus = msg("mukden.status.bonus-defender", n=fight["defender_bonus"])
            else:
                bonus = msg("mukden.status.bonus-none")
            rows.append((msg("mukden.status.modified"), msg("mukden.status.modified-value", attack=fight["modified_call"],
                                                             defence=fight["defender_call"], bonus=bonus)))
        if fight.get("attacker_die") is not None:
            if fight.get("defender_die") is not None:
                dice = msg("mukden.status.dice-both", attacker=fight["attacker_die"], defender=fight["defender_die"])
            else:
                dice = msg("mukden.status.dice-value", attacker=fight["attacker_die"])
            rows.append((msg("mukden.status.dice"), dice))
        if fight.get("attacker_loss") is not None:
            rows.append((msg("mukden.status.losses"), msg("mukden.status.losses-value", attacker=fight["attacker_loss"],
                                                           defender=fight["defender_loss"])))
    for side_id in SIDES:
        rows.append((msg("mukden.status.side-fp", side=side(side_id)), _fp_summary(g, view, side_id)))
    units = view.get("units", {})
    if units.get(m.detour_unit, {}).get("at") == m.reserve_box:
        waits = view.get("waits", 0)
        steps = m.detour_steps[min(waits, len(m.detour_steps) - 1)]
        letters = "/".join(g.words.letter(h) or h for h in steps)
        rows.append((msg("mukden.status.third-army"), msg("mukden.status.third-army-value", count=waits,
                                                           letters=letters)))
    gone = [g.words.short(u) for u in m.units_of[RUSSIA] if units.get(u, {}).get("at") == m.withdrawn_box]
    rows.append((msg("mukden.status.withdrawn"), ", ".join(gone) if gone else msg("mukden.status.none")))
    if view.get("viewer") is None and view.get("to_move") != TERMINAL:
        rows.append((msg("mukden.status.viewer"), msg("mukden.status.spectator")))
    return rows


def _known(value: Optional[int]) -> Any:
    return "?" if value is None else value


def unit_details(g: "Rules", view: dict[str, Any], uid: str) -> list[Msg]:
    m = g.map
    if uid not in m.side_of:
        return [uid]  # type: ignore[list-item]
    data = g.scenario.units[uid]
    side_id = m.side_of[uid]
    name = msg("mukden.details.name", unit=unit(uid), kanji=data["kanji"]) if data.get("kanji") else unit(uid)
    lines: list[Any] = [name,
                        msg("mukden.details.commander", name=commander(data["commander"])) if data.get("commander")
                        else side(side_id)]
    lines.append(msg("mukden.details.position", at=cell(view.get("units", {}).get(uid, {}).get("at"))))
    fp = (view.get("fp") or {}).get(side_id)
    allotted = (view.get("allotment") or {}).get(side_id)
    if fp is not None and uid in fp and allotted is not None:
        lines.append(msg("mukden.details.fp", fp=fp[uid], allotted=allotted.get(uid, "?")))
    elif allotted is not None and uid in allotted:
        lines.append(msg("mukden.details.allotted", allotted=allotted[uid]))
    elif view.get("viewer") == side_id:
        lines.append(msg("mukden.details.not-allotted"))
    else:
        lines.append(msg("mukden.details.secret"))
    return lines
