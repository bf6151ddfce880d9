"""The words of the page: names of units, hexes and sides, button labels, the status panel (with
the arithmetic of a fire or melee before its dice and its result after), and hover text.

Everything is a message (engine.messages) rendered in the reader's language; every hook reads only
the view it is given. No game logic here beyond reading the view.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, catalog, cell, msg, side, unit
from ...engine.phases import acting_row
from ...engine.rules import short_side_name
from . import combat as cb
from .data import ARRIVED, CUP, HAND, box

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

PHASE_NUMBER = {("rm", 0): 1, ("fire", 0): 2, ("melee", 0): 3, ("rm", 1): 4, ("fire", 1): 5, ("melee", 1): 6}


# -- names ----------------------------------------------------------------------------------------------
def unit_name(g: "Rules", uid: Optional[str], lang: str) -> str:
    u = g.scenario.units.get(uid or "")
    if u is None:
        return str(uid)
    if lang == "ja":
        return str(u.get("kanji") or u["name"])
    return str(u["name"])


def cell_name(g: "Rules", label: Optional[str], lang: str) -> str:
    """'1021 (Fushimi magistrate's office)', or a box's name; 'removed' for None."""
    if label is None:
        return g.say(msg("bakumatsu.name.removed"), lang)
    c = g.board.cells.get(label)
    if c is None:
        return str(label)
    if c.kind == "box":
        if lang == "ja" and label in g.d.names_ja:
            return g.d.names_ja[label]
        return str(c.name or label)
    name = g.d.names_ja.get(label) if lang == "ja" else c.name
    return f"{label} ({name})" if name else label


side_name = short_side_name


def values(g: "Rules", uid: str) -> Msg:
    """'fire 4, melee 4, morale 5, movement 5' (and range for artillery)."""
    u = g.d.units[uid]
    if u.commander:
        return msg("bakumatsu.details.commander-values", range=u.command_range, fire=u.fire_mod, melee=u.melee_mod,
                   morale=u.morale, ma=u.ma)
    key = "bakumatsu.details.artillery-values" if u.artillery else "bakumatsu.details.values"
    return msg(key, fire=_dash(u.fire), melee=_dash(u.melee), morale=u.morale, ma=u.ma, range=u.range or 0)


def _dash(v: Optional[int]) -> Any:
    return "—" if v is None else v


# -- buttons ------------------------------------------------------------------------------------------------
def _at(view: Optional[dict[str, Any]], uid: Optional[str]) -> Optional[str]:
    if not view or not uid:
        return None
    return view.get("units", {}).get(uid, {}).get("at")


def _occupant(g: "Rules", view: Optional[dict[str, Any]], label: Optional[str]) -> Optional[str]:
    for uid, u in (view or {}).get("units", {}).items():
        if u.get("at") == label and uid not in g.d.all_commanders:
            return uid
    return None


def describe(g: "Rules", action: Action, view: Optional[dict[str, Any]] = None) -> Msg:
    verb, uid = action.verb, action.unit
    if verb == "place" and uid:
        return msg("bakumatsu.action.place", unit=unit(uid), at=cell(action.cell))
    if verb == "place-all":
        return msg("bakumatsu.action.place-all")
    if verb == "move" and uid:
        return msg("bakumatsu.action.move", unit=unit(uid), to=cell(action.cell))
    if verb == "recover" and uid:
        return msg("bakumatsu.action.recover", unit=unit(uid))
    if verb == "enter" and uid:
        return msg("bakumatsu.action.enter", unit=unit(uid), at=cell(action.cell))
    if verb == "stay" and uid:
        return msg("bakumatsu.action.stay-entry", unit=unit(uid), at=cell(action.cell))
    if verb in ("fire", "melee") and uid:
        target = _occupant(g, view, action.cell)
        return msg(f"bakumatsu.action.{verb}", unit=unit(uid), target=unit(target) if target else action.cell,
                   at=cell(action.cell))
    if verb == "support":
        supporter = _occupant(g, view, action.cell)
        return msg("bakumatsu.action.support", unit=unit(supporter) if supporter else action.cell)
    if verb == "retreat":
        return msg("bakumatsu.action.retreat", to=cell(action.cell))
    if verb == "advance":
        return msg("bakumatsu.action.advance", to=cell(action.cell))
    if verb == "roll":
        return msg("bakumatsu.action.roll", value=action.arg)
    if verb == "draw":
        return msg("bakumatsu.action.draw", unit=unit(action.arg))
    if verb == "resolve":
        kind = ((view or {}).get("combat") or {}).get("kind")
        return msg("bakumatsu.action.resolve-melee" if kind == "melee" else "bakumatsu.action.resolve-fire")
    if verb == "end":
        segment = (view or {}).get("segment", "rm")
        return msg(f"bakumatsu.action.end-{segment}")
    if verb == "stay":
        return msg("bakumatsu.action.stay")
    return action.to_text()  # type: ignore[return-value]


# -- the status panel ---------------------------------------------------------------------------------------
def phase_title(g: "Rules", view: dict[str, Any]) -> Msg:
    """'2. Satsuma-Chōshū's Fire phase' (the Phase Record Track, 5)."""
    segment = view.get("segment")
    active = view.get("active")
    if segment == "setup":
        return msg("bakumatsu.status.setup", side=side(active))
    if segment == "over":
        return msg("bakumatsu.status.over")
    second = 0 if active == g.d.first else 1
    number = PHASE_NUMBER.get((segment or "", second), 0)
    acting = g.other_side(active) if segment == "fire" else active
    return msg(f"bakumatsu.status.{segment}", number=number, side=side(acting))


def status(g: "Rules", view: dict[str, Any]) -> list[tuple[Msg, Any]]:
    d = g.d
    rows: list[tuple[Msg, Any]] = [
        (msg("bakumatsu.status.turn"), msg("bakumatsu.status.turn-value", turn=view.get("turn", 1), turns=d.turns)),
        (msg("bakumatsu.status.phase"), phase_title(g, view)),
    ]
    rows.append(acting_row(g, view))
    control = view.get("control") or {}
    for s in d.sides:
        n = sum(1 for v in control.values() if v == s)
        rows.append((msg("bakumatsu.status.vh", side=side(s)), msg("bakumatsu.status.vh-value", count=n,
                                                                  needed=d.needed, total=len(d.victory))))
    units = view.get("units", {})
    for s in d.sides:
        parts = []
        pools = {line.pool for line in d.lines if line.side == s}
        if CUP in pools:
            parts.append(msg("bakumatsu.status.in-cup", count=sum(1 for u in units.values() if u.get("at") == box(CUP, s))))
        if HAND in pools:
            parts.append(msg("bakumatsu.status.in-hand", count=sum(1 for u in units.values()
                                                                   if u.get("at") == box(HAND, s)),
                             owed=(view.get("owed") or {}).get(s, 0)))
        arrived = sum(1 for u in units.values() if u.get("at") == box(ARRIVED, s))
        if arrived or parts:
            parts.append(msg("bakumatsu.status.waiting", count=arrived))
            rows.append((msg("bakumatsu.status.reinforcements", side=side(s)), parts))
    record = view.get("combat")
    if record and record.get("kind") in ("fire", "melee"):
        rows.append((msg(f"bakumatsu.status.{record['kind']}"), combat_line(g, view, record)))
    last = view.get("last")
    if last and last.get("kind") in ("fire", "melee") and not record:
        rows.append((msg("bakumatsu.status.last"), combat_line(g, view, last)))
    retreat = view.get("retreat")
    if retreat:
        rows.append((msg("bakumatsu.status.retreat"), msg("bakumatsu.status.retreat-value", unit=unit(retreat["unit"]),
                                                          at=cell(retreat["path"][-1]))))
    return rows


def combat_line(g: "Rules", view: dict[str, Any], record: dict[str, Any]) -> Msg:
    """The arithmetic of a fire or melee (strength, supporters, each modifier with its reason, the
    column) and, once rolled, the dice, the row and the result."""
    from .phases import arithmetic

    arith = arithmetic(g, record, view)
    dice = record.get("dice") or []
    if len(dice) < 2:
        return msg("bakumatsu.status.before-dice", arith=arith, dice=dice or "—")
    if record["kind"] == "fire":
        res = cb.resolve_fire(g.d, record, sum(dice), (view.get("options") or {}).get("mountain_top",
                                                                                    g.d.mountain_top_reading))
    else:
        res = cb.resolve_melee(g.d, record, sum(dice))
    outcome = msg(f"bakumatsu.result.{record.get('result') or 'pending'}")
    return msg("bakumatsu.status.after-dice", arith=arith, dice=dice, roll=res.roll, modified=res.modified_roll,
               code=res.code, outcome=outcome)


def unit_details(g: "Rules", view: dict[str, Any], uid: str) -> list[Any]:
    d = g.d
    if uid not in d.units:
        return [uid]
    u = d.units[uid]
    data = g.scenario.units[uid]
    info = d.color_key.get(u.formation, {})
    lines: list[Any] = [msg("bakumatsu.details.name", unit=unit(uid), formation=info.get("name", u.formation),
                            formation_ja=info.get("name_ja", ""))]
    lines.append(values(g, uid))
    at = _at(view, uid)
    lines.append(msg("bakumatsu.details.position", at=cell(at)))
    if not u.commander:
        lines.append(msg("bakumatsu.details.disordered" if uid in (view.get("disordered") or [])
                         else "bakumatsu.details.normal"))
    if uid in (view.get("done") or []):
        lines.append(msg("bakumatsu.details.done"))
    if data.get("role"):
        key = f"bakumatsu.role.{uid}"  # the catalog's words in each language; the scenario's otherwise
        lines.append(msg(key) if key in catalog("en").entries else data["role"])
    return lines
