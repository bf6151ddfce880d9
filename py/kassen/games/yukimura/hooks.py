"""The words of the page: names of units, hexes and sides, button labels, the status panel (the
arithmetic of a fire or hand-to-hand before its dice and its result after), and hover text. Every
hook reads only the view it is given."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.phases import acting_row
from ...engine.rules import short_side_name

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

PHASE_NUMBER = {("move", 0): 1, ("defensive-fire", 0): 2, ("fire", 0): 3, ("h2h", 0): 3, ("move", 1): 4,
                ("defensive-fire", 1): 5, ("fire", 1): 6, ("h2h", 1): 6}


def unit_name(g: "Rules", uid: Optional[str], lang: str) -> str:
    u = g.scenario.units.get(uid or "")
    if u is None:
        return str(uid)
    if lang == "ja":
        return str(u.get("kanji") or u.get("name_ja") or u["name"])
    return str(u.get("name_en") or u["name"])


def cell_name(g: "Rules", label: Optional[str], lang: str) -> str:
    """'D:1621 (Komatsuyama (red star))', or a box's name; in Japanese the scenario's
    ``rules.names_ja`` (hexes and boxes alike), the English where it has none."""
    if label is None:
        return g.say(msg("yukimura.name.removed"), lang)
    c = g.board.cells.get(label)
    if c is None:
        return str(label)
    name = c.name
    if lang == "ja":
        name = g.d.rules_data.get("names_ja", {}).get(label) or name
    if c.kind == "box":
        return str(name or label)
    return f"{label} ({name})" if name else label


side_name = short_side_name


def _occupant(view: Optional[dict[str, Any]], label: Optional[str]) -> Optional[str]:
    for uid, u in (view or {}).get("units", {}).items():
        if u.get("at") == label:
            return uid
    return None


def describe(g: "Rules", action: Action, view: Optional[dict[str, Any]] = None) -> Msg:
    verb, uid = action.verb, action.unit
    if verb in ("move", "exit", "enter", "advance") and uid:
        return msg(f"yukimura.action.{verb}", unit=unit(uid), to=cell(action.cell))
    if verb in ("fire", "attack") and uid:
        target = _occupant(view, action.cell)
        return msg(f"yukimura.action.{verb}", unit=unit(uid), target=unit(target) if target else action.cell,
                   at=cell(action.cell))
    if verb == "join":
        joiner = _occupant(view, action.cell)
        return msg("yukimura.action.join", unit=unit(joiner) if joiner else action.cell)
    if verb == "retreat":
        return msg("yukimura.action.retreat", to=cell(action.cell))
    if verb == "extra" and uid:
        return msg("yukimura.action.extra", unit=unit(uid))
    if verb == "stage":
        return msg("yukimura.action.stage", at=cell(action.cell))
    if verb == "roll":
        return msg("yukimura.action.roll", value=action.arg)
    if verb == "resolve":
        kind = ((view or {}).get("combat") or {}).get("kind")
        return msg("yukimura.action.resolve-h2h" if kind == "h2h" else "yukimura.action.resolve-fire")
    if verb == "stay":
        return msg("yukimura.action.stay")
    if verb == "end":
        segment = (view or {}).get("segment", "move")
        return msg(f"yukimura.action.end-{segment}")
    return action.to_text()  # type: ignore[return-value]


def phase_title(g: "Rules", view: dict[str, Any]) -> Msg:
    segment = view.get("segment")
    active = view.get("active")
    if segment == "over":
        return msg("yukimura.status.over")
    second = 0 if active == g.d.first else 1
    number = PHASE_NUMBER.get((segment or "", second), 0)
    acting = g.other_side(active) if segment == "defensive-fire" else active
    return msg(f"yukimura.status.{segment}", number=number, side=side(acting))


def status(g: "Rules", view: dict[str, Any]) -> list[tuple[Msg, Any]]:
    d = g.d
    rows: list[tuple[Msg, Any]] = [
        (msg("yukimura.status.turn"), msg("yukimura.status.turn-value", turn=view.get("turn", 1), turns=d.turns,
                                          hour=5 + int(view.get("turn", 1)))),
        (msg("yukimura.status.phase"), phase_title(g, view)),
    ]
    rows.append(acting_row(g, view))
    # the page's "Rule options" row names it when it differs from the scenario's default; this row
    # says it where the scenario itself plays with command range
    if (view.get("options") or {}).get("command_range") and d.rules_data.get("command_range_default"):
        rows.append((msg("yukimura.status.command"), msg("yukimura.status.command-on")))
    units = view.get("units", {})
    for s in d.sides:
        on = sum(1 for u in d.by_side[s] if units.get(u, {}).get("at") in d.hex_set)
        waiting = sum(1 for u in d.by_side[s] if units.get(u, {}).get("at") == d.waiting_box.get(s))
        rows.append((msg("yukimura.status.units", side=side(s)), msg("yukimura.status.units-value", on=on,
                                                                      waiting=waiting)))
    if d.ishikawa_west:
        n = sum(1 for u in d.by_side[d.east] if units.get(u, {}).get("at") in d.ishikawa_west)
        rows.append((msg("yukimura.status.west"), msg("yukimura.status.west-value", count=n)))
    if d.komatsuyama and view.get("holder"):
        rows.append((msg("yukimura.status.komatsuyama"), side(view.get("holder"))))
    record = view.get("combat")
    if record:
        from .phases import arithmetic

        dice = record.get("dice") or []
        rows.append((msg(f"yukimura.status.combat-{record['kind']}"),
                     msg("yukimura.status.combat-value", arith=arithmetic(g, record, g.revision_of(view)),
                         dice=dice or "—", code=record.get("code") or "—")))
    if view.get("markers"):
        rows.append((msg("yukimura.status.markers"), [unit(u) for u in view["markers"]]))
    r = view.get("retreat")
    if r:
        rows.append((msg("yukimura.status.retreat"), msg("yukimura.status.retreat-value", unit=unit(r["unit"]),
                                                         left=r["left"], at=cell(r["path"][-1]))))
    return rows


def unit_details(g: "Rules", view: dict[str, Any], uid: str) -> list[Any]:
    d = g.d
    if uid not in d.units:
        return [uid]
    u = d.unit_of(uid, g.revision_of(view))
    lines: list[Any] = [msg("yukimura.details.name", unit=unit(uid), kind=msg(f"yukimura.kind.{u.kind}"))]
    lines.append(msg("yukimura.details.values", cs=u.cs, morale="*" if u.star else u.morale, ma=u.ma))
    leader = d.leader_unit.get(u.leader)
    force_leader = d.leader_unit.get(u.force) or leader
    lines.append(msg("yukimura.details.force", leader=unit(leader or uid), force=unit(force_leader or uid)))
    if u.is_leader:
        lines.append(msg("yukimura.details.range", range=u.command_range))
    at = (view.get("units", {}).get(uid) or {}).get("at")
    lines.append(msg("yukimura.details.position", at=cell(at)))
    lim = d.limits.get(u.force)
    if lim is not None and view.get("turn", 1) < lim.until and u.force not in (view.get("released") or []):
        lines.append(msg("yukimura.details.frozen") if lim.until > d.turns
                     else msg("yukimura.details.held", turn=lim.until))
    if uid in (view.get("markers") or []):
        lines.append(msg("yukimura.details.marker"))
    if uid in (view.get("done") or []):
        lines.append(msg("yukimura.details.done"))
    return lines
