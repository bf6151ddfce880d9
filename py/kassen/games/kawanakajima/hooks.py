"""The words of the page: names, button labels, the prompt's parts, the status panel, unit details.

Everything is a message (engine.messages) rendered in the reader's language, and every hook reads
only the view it is given: a unit the viewer may not identify is "the face-down Takeda unit at
0813" (never its name), the other side's hand is a count. No game logic here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, catalog, cell, msg, side, unit
from ...engine.state import View
from .data import RETREAT_CARD, SIDES, UESUGI, Tables
from .victory import score_breakdown
from .visibility import HIDDEN, anonymous_side, is_anonymous

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

K = "kawanakajima."


# -- names ------------------------------------------------------------------------------------------
def unit_name(g: "Rules", uid: Optional[str], lang: str) -> str:
    """A general's name ('Kakizaki Kageie', 柿崎景家 in Japanese)."""
    general = g.t.generals.get(uid or "")
    if general is not None:
        return general.kanji if lang == "ja" else general.name
    if uid is not None and is_anonymous(uid):
        return g.say(msg(K + "name.face-down-unit"), lang)
    return str(uid)


def cell_name(g: "Rules", label: Optional[str], lang: str) -> str:
    """Hexes by their printed label (the map prints no names in the log's way); the box by name."""
    if label is None:
        return g.say(msg(K + "name.removed"), lang)
    if label == g.t.night_box:
        return g.say(msg(K + "name.night-box"), lang)
    return label


def side_name(g: "Rules", side_id: str, lang: str) -> str:
    info = g.scenario.side_info.get(side_id, {})
    if lang == "ja":
        return str(info.get("short") or side_id)
    return str(info.get("name") or side_id)


def num(x: float) -> str:
    """6.0 -> "6", 4.5 -> "4.5", -1.0 -> "-1"."""
    return str(int(x)) if x == int(x) else str(x)


def card(c: str) -> Msg:
    """A card as shown: its value, "Retreat", or a card the reader may not see."""
    if c == RETREAT_CARD:
        return msg(K + "card.retreat")
    if c == HIDDEN:
        return msg(K + "card.hidden")
    return msg(K + "card.value", value=c)


def cards(hand: list[str]) -> Any:
    """A pile or hand in printed order: "1 2 3 Retreat", or "none"."""
    if not hand:
        return msg(K + "card.none")
    return chain("join.space", [msg(K + "card.short", value=c) if c == HIDDEN else card(c) for c in hand])


def chain(key: str, items: list[Any]) -> Any:
    """Items joined by the separator of the message ``<game>.<key>`` ("{first} {rest}")."""
    if len(items) == 1:
        return items[0]
    return msg(K + key, first=items[0], rest=chain(key, items[1:]))


def unit_at(g: "Rules", key: Optional[str], at: Optional[str]) -> Any:
    """How a message names a unit the reader sees on ``at`` (``key`` as the reader's view names
    it): "Kakizaki Kageie (0805)", or "the face-down Takeda unit at 0813"."""
    if key is not None and is_anonymous(key):
        return msg(K + "name.face-down-at", side=side(anonymous_side(key, SIDES)), at=cell(at))
    return msg(K + "name.unit-at", unit=unit(key), at=cell(at))


def _who(g: "Rules", view: Optional[View], key: Optional[str]) -> Any:
    """A unit as the view names it (a real id or an anonymous one), with its hex."""
    if key is None:
        return ""
    if is_anonymous(key):
        at = ((view or {}).get("units") or {}).get(key, {}).get("at")
        if at is None:
            return msg(K + "name.face-down", side=side(anonymous_side(key, SIDES)))
        return msg(K + "name.face-down-at", side=side(anonymous_side(key, SIDES)), at=cell(at))
    return unit(key)


def _occupant(view: Optional[View], at: Optional[str], besides: Optional[str] = None) -> Optional[str]:
    for key, u in ((view or {}).get("units") or {}).items():
        if u.get("at") == at and key != besides:
            return key
    return None


# -- buttons ----------------------------------------------------------------------------------------
DONE_LABELS = {"setup": "done.setup", "command": "done.command", "move": "done.move", "reinforce": "done.reinforce"}


def describe(g: "Rules", action: Action, view: Optional[View] = None) -> Any:
    """A button label, from the acting player's view."""
    verb = action.verb
    who = _who(g, view, action.units[0]) if action.units else ""
    at = action.cell
    if verb == "swap":
        other = _occupant(view, at, action.units[0] if action.units else None)
        if other is not None:
            return msg(K + "action.swap", unit=who, other=_who(g, view, other), at=cell(at))
        return msg(K + "action.move", unit=who, to=cell(at))
    if verb in ("flip", "mark", "move", "retreat"):
        return msg(K + "action." + verb, unit=who, at=cell(at), to=cell(at))
    if verb == "attack":
        target = _occupant(view, at)
        what = _who(g, view, target) if target is not None else cell(at)
        if who:
            return msg(K + "action.attack-with", target=what, unit=who)
        return msg(K + "action.attack", target=what)
    if verb == "play":
        return msg(K + ("action.play-retreat" if action.arg == RETREAT_CARD else "action.play"), card=action.arg)
    if verb == "refill":
        return msg(K + ("action.refill-exchange" if action.arg == "exchange" else "action.refill"))
    if verb == "reinforce":
        return msg(K + "action.reinforce", x=g.t.x_name.get(at or "", at), at=cell(at))
    if verb in ("end", "draw"):
        return msg(K + "action." + verb)
    if verb == "done":
        return msg(K + "action." + DONE_LABELS.get((view or {}).get("phase") or "", "done"))
    return verb.capitalize()


# -- the status panel ---------------------------------------------------------------------------------
def hour(t: Tables, turn: int) -> Any:
    """The turn's hours ("6-8 am"): the catalog's words for them (``kawanakajima.hours.<turn>``) where
    it has them, else the scenario's."""
    if not 1 <= turn <= len(t.hours):
        return ""
    key = f"{K}hours.{turn}"
    return msg(key) if key in catalog("en").entries else t.hours[turn - 1]


def status(g: "Rules", view: View) -> list[tuple[Msg, Any]]:
    """Turn and hour, phase, commands left, the unit moving, the combat, hands, discards, the box,
    commander retreats, the night box and the score so far."""
    t = g.t
    turn = view.get("turn", 1)
    viewer = view.get("viewer")
    rows: list[tuple[Msg, Any]] = [(msg(K + "status.turn"), msg(K + "status.turn-value", turn=turn, turns=t.turns,
                                                                 hours=hour(t, turn)))]
    phase = view.get("phase", "")
    if phase == "over":
        rows.append((msg(K + "status.phase"), msg(K + "stage.over")))
    else:
        rows.append((msg(K + "status.phase"), msg(K + "status.phase-value", side=side(view.get("active")),
                                                  phase=msg(K + "stage." + str(phase)))))
    if phase == "command":
        rows.append((msg(K + "status.commands"), str(t.command_limit - view.get("commands", 0))))
    units = view.get("units") or {}
    act = view.get("activation")
    if act is not None:
        where = units.get(act["unit"], {}).get("at")
        rows.append((msg(K + "status.moving"), msg(K + ("status.moving-attacked" if act["attacked"]
                                                         else "status.moving-value"),
                                                    unit=unit_at(g, act["unit"], where), mp=act["mp"])))
    combat = view.get("combat")
    if combat is not None:
        picked = [side(s) for s in SIDES if (combat.get("picks") or {}).get(s) is not None]
        what = msg(K + "status.combat-value", attacker=unit_at(g, combat["attacker"], units.get(
            combat["attacker"], {}).get("at")), defender=unit_at(g, combat["defender"], units.get(
                combat["defender"], {}).get("at")))
        if combat.get("tie"):
            what = msg(K + "status.combat-tie", combat=what)
        if picked:
            what = msg(K + "status.combat-picked", combat=what, sides=picked)
        rows.append((msg(K + "status.combat"), what))
    hands = view.get("hands") or {}
    for s in SIDES:
        hand = hands.get(s, [])
        if s == viewer:
            rows.append((msg(K + "status.your-hand"), cards(hand)))
        else:
            rows.append((msg(K + "status.hand", side=side(s)), msg(K + "status.cards", count=len(hand))))
    for s in SIDES:
        rows.append((msg(K + "status.discards", side=side(s)), cards((view.get("discards") or {}).get(s, []))))
    box = (view.get("set_aside") or {}).get(t.exchange_side, [])
    if view.get("exchanged"):
        rows.append((msg(K + "status.box"), msg(K + "status.box-exchanged")))
    else:
        rows.append((msg(K + "status.box"), msg(K + "status.box-spare", cards=cards(box), turn=t.exchange_from)))
    parts = []
    retreats = view.get("commander_retreats") or {}
    for s in SIDES:
        n = retreats.get(s, 0)
        key = f"{K}commander.{t.commander[s]}"  # "Kenshin", 謙信: as the status row names him
        last = msg(key) if key in catalog("en").entries else t.generals[t.commander[s]].name.split()[-1]
        if n:
            parts.append(msg(K + "status.retreats-penalty", commander=last, count=n, side=side(s),
                             penalty=num(n * t.commander_penalty)))
        else:
            parts.append(msg(K + "status.retreats-value", commander=last, count=n))
    rows.append((msg(K + "status.commander-retreats"), parts))
    in_box = sum(1 for u in units.values() if u.get("at") == t.night_box)
    rows.append((msg(K + "status.night-box"), msg(K + "status.units", count=in_box)))
    breakdown = score_breakdown(view, t)
    rows.append((msg(K + "status.score"), [msg(K + "status.score-side", side=side(s), total=v["total"],
                                                removed=v["removed"], face_up=v["face_up"],
                                                retreats=v["commander_retreats"])
                                            for s, v in breakdown.items()]))
    outcome = view.get("outcome")
    if outcome:
        rows.append((msg(K + "status.result"), outcome.get("reason", "")))
    return rows


# -- unit details (hover and focus) --------------------------------------------------------------------
def full_name(g: "Rules", uid: str) -> Msg:
    """"Kakizaki Kageie 柿崎景家 (M, 6)"; uncoded units show "night army"."""
    general = g.t.generals[uid]
    code = general.code if general.code else msg(K + "details.night-army")
    return msg(K + "details.full-name", unit=unit(uid), kanji=general.kanji, code=code, value=num(general.value))


def place(g: "Rules", where: Optional[str]) -> Msg:
    if where is None:
        return msg(K + "details.removed")
    if where == g.t.night_box:
        return msg(K + "details.in-box")
    return msg(K + "details.at", at=cell(where))


def markers(u: dict[str, Any]) -> list[Msg]:
    return [msg(K + "details." + name) for name, flag in (("move-marker", "move_marker"),
                                                          ("retreat-marker", "retreat_marker")) if u.get(flag)]


def unit_details(g: "Rules", view: View, key: str) -> list[Any]:
    """Tooltip lines: only what the view shows."""
    t = g.t
    u = (view.get("units") or {}).get(key)
    if u is None:
        return [key]
    marks = markers(u)
    where = u.get("at")
    if is_anonymous(key):
        lines: list[Any] = [msg(K + "details.face-down-unit", side=side(anonymous_side(key, SIDES))), place(g, where)]
        if marks:
            lines.append(marks)
        return lines
    general = t.generals.get(key)
    if general is None:
        return [key]
    lines = [full_name(g, key),
             msg(K + ("details.side-commander" if general.commander else "details.side"), side=side(general.side)),
             place(g, where)]
    if u.get("face_up"):
        lines.append(msg(K + "details.face-up"))
    else:
        lines.append(msg(K + ("details.face-down" if view.get("viewer") == general.side else "details.seen")))
    if marks:
        lines.append(marks)
    if where in t.on_map:
        mods = []
        if where in t.river:
            mods.append(msg(K + "details.mod-river", penalty=num(t.river_penalty)))
        n = (view.get("commander_retreats") or {}).get(general.side, 0)
        if n and not general.commander:
            mods.append(msg(K + "details.mod-commander", penalty=num(n * t.commander_penalty)))
        if u.get("retreat_marker"):
            mods.append(msg(K + "details.mod-marker", penalty=num(t.retreat_marker_penalty)))
        if mods:
            lines.append(msg(K + "details.value", value=num(general.value), mods=chain("join.semicolon", mods)))
        if general.side == UESUGI:
            lines.append(msg(K + ("details.scores" if where in t.scoring_region else "details.no-score")))
    return lines


def title(g: "Rules", view: View) -> Msg:
    """The map's accessible title."""
    viewer = view.get("viewer")
    if viewer in SIDES:
        return msg(K + "map.title-viewer", turn=view.get("turn", 1), side=side(viewer))
    return msg(K + "map.title", turn=view.get("turn", 1))

