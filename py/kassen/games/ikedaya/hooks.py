"""The words of the page: cell names, button labels, the status panel, hover text.

Everything is a message (engine.messages) rendered in the reader's language, and every hook reads
only the view it is given (this game hides nothing, but hooks see views, never states).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.actions import Action
from ...engine.messages import Msg, cell, msg, side, unit
from ...engine.state import CHANCE, TERMINAL, View
from . import movement as mv
from . import victory
from .data import POOL, SKILL_KANJI
from .phases import into, units_arg

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


# -- names ------------------------------------------------------------------------------------------
def cell_name(g: "Rules", label: Optional[str], lang: str) -> str:
    """'2C2 (Corridor)' for a square, the box's name ('Street (Sanjō-dōri)') for a box."""
    if label is None:
        return g.say(msg("ikedaya.name.nowhere"), lang)
    found = g.board.cells.get(label)
    if found is None:
        return label
    if found.kind == "box":
        return g.name_place(found.name or label, lang)
    place = g.name_place(found.name or found.area, lang)
    if not place:
        return label
    return f"{label}（{place}）" if lang == "ja" else f"{label} ({place})"


def counter_values(g: "Rules", uid: str) -> str:
    """'4 剣 4' as printed on the counter: strength, skill, status."""
    c = g.data.counters[uid]
    kanji = SKILL_KANJI[c.skill]
    return f"{c.strength} {kanji} {c.status}" if kanji else f"{c.strength} · {c.status}"


# -- buttons ------------------------------------------------------------------------------------------
def describe(g: "Rules", action: Action, view: Optional[View] = None) -> Any:
    data = g.data
    verb = action.verb
    step = (view or {}).get("step")
    units = action.units
    if not units and step and verb in ("move", "attack"):
        units = tuple(step.get("group", ()))
    who = units_arg(g, units)
    if verb == "place":
        return msg("ikedaya.action.place", units=who, at=cell(action.cell))
    if verb == "pass":
        return msg("ikedaya.action.pass")
    if verb == "roll":
        return msg("ikedaya.action.roll", value=action.arg)
    if verb == "activate":
        tb = [u for u in units if data.counters[u].tuberculosis]
        return msg("ikedaya.action.activate", units=who, short=", ".join(data.counters[u].short for u in tb),
                   rolls=[unit(u) for u in tb])
    if verb == "hold":
        return msg("ikedaya.action.no-combat" if step and step.get("kind") == "target" else "ikedaya.action.hold")
    if verb == "move":
        if action.cell in data.exit_boxes:
            if units and data.counters[units[0]].side == data.escaping_side:
                return msg("ikedaya.action.escape", units=who)
            return msg("ikedaya.action.leave", units=who)
        return msg("ikedaya.action.move", units=who, to=cell(action.cell))
    if verb == "attack":
        if action.units:
            return msg("ikedaya.action.fight-in-place", units=who, at=cell(action.cell), count=len(units))
        return msg("ikedaya.action.attack", at=cell(action.cell))
    if verb == "jump" and action.units and action.cell:
        return msg("ikedaya.action.jump", unit=unit(action.units[0]), to=into(g, action.cell),
                   odds=_jump_odds(g, view, action))
    if verb == "lose":
        return msg("ikedaya.action.lose", units=who)
    if verb == "retreat":
        return msg("ikedaya.action.retreat", units=who, to=cell(action.cell))
    return action.to_text()


def _jump_odds(g: "Rules", view: Optional[View], action: Action) -> Any:
    """' (succeeds on a roll of 3+; Light +1, ...)' from the view."""
    if not view or "units" not in view:
        return ""
    data = g.data
    uid = action.units[0]
    src = view["units"][uid]["at"]
    occ = mv.occupancy(data, view["units"])
    mods = mv.jump_modifiers(g, view, occ, uid, src, action.cell or "")
    need = max(1, data.jumps["captured_at_most"] + 1 - sum(m for m, _, _ in mods))
    words = [msg("ikedaya.action.modifier", value=m, why=msg(f"ikedaya.modifier.{code}", count=n))
             for m, code, n in mods]
    chance = msg("ikedaya.action.never") if need > data.die else msg("ikedaya.action.or-more", need=need)
    return msg("ikedaya.action.odds-with" if words else "ikedaya.action.odds", chance=chance, words=words)


# -- the status panel ------------------------------------------------------------------------------
def status(g: "Rules", view: View) -> list[tuple[Msg, Any]]:
    data = g.data
    t = victory.tally(g, view)
    ronin, shin = data.escaping_side, data.off_map_side
    phase = view.get("phase", "setup")
    to_move = view.get("to_move")
    if to_move == TERMINAL:
        acting: Any = "-"
    elif to_move == CHANCE:
        acting = msg("ikedaya.status.dice")
    else:
        acting = side(to_move)
    passes: Any = "-"
    if phase == "action" and view.get("passes"):
        passes = msg("ikedaya.status.passed", side=side(data.other[view["active"]]))
    guards = len(t["off_map"])
    rows: list[tuple[Msg, Any]] = [
        (msg("ikedaya.status.turn"), str(view.get("turn", 1))),
        (msg("ikedaya.status.phase"), msg(f"ikedaya.status.phase-{phase}")),
        (msg("ikedaya.status.to-act"), acting),
        (msg("ikedaya.status.passes"), passes),
        (msg("ikedaya.status.off-map", side=side(shin)),
         msg("ikedaya.status.off-map-value" if guards else "ikedaya.status.count", count=guards)),
        (msg("ikedaya.status.score", side=side(ronin)), str(t["scores"][ronin])),
        (msg("ikedaya.status.score", side=side(shin)),
         msg("ikedaya.status.score-count" if t["reading"] == "count" else "ikedaya.status.count",
             count=t["scores"][shin])),
        (msg("ikedaya.status.escaped", side=side(ronin)), str(len(t["escaped"]))),
        (msg("ikedaya.status.lost", side=side(ronin)), str(len(t["ronin_lost"]))),
        (msg("ikedaya.status.killed", side=side(shin)), str(len(t["shinsengumi_killed"]))),
    ]
    if data.quiet_limit is not None and phase == "action":
        rows.append((msg("ikedaya.status.quiet"),
                     msg("ikedaya.status.quiet-value", quiet=view.get("quiet", 0), limit=data.quiet_limit)))
    return rows


# -- hover text ------------------------------------------------------------------------------------
def unit_details(g: "Rules", view: View, uid: str) -> list[Any]:
    data = g.data
    if uid not in data.counters:
        return [uid]
    c = data.counters[uid]
    u = view.get("units", {}).get(uid, {})
    at = u.get("at")
    skill = msg("ikedaya.skill.with-kanji", skill=msg(f"ikedaya.skill.{c.skill}"), kanji=SKILL_KANJI[c.skill]) \
        if c.skill else msg("ikedaya.skill.None")
    lines: list[Any] = [msg("ikedaya.details.name", unit=unit(uid), kanji=c.kanji), side(c.side),
                        msg("ikedaya.details.values", strength=c.strength, skill=skill, status=c.status)]
    if at is None:
        lines.append(msg("ikedaya.details.removed"))
    elif at == POOL:
        lines.append(msg("ikedaya.details.to-set-up" if view.get("phase") == "setup" else "ikedaya.details.outside"))
    elif at in data.boxes:
        lines.append(msg("ikedaya.details.escaped" if c.side == data.escaping_side else "ikedaya.details.off-map",
                         at=cell(at)))
    else:
        lines.append(msg("ikedaya.details.in", at=cell(at)))
        lines.append(msg("ikedaya.details.spent" if u.get("spent") else "ikedaya.details.ready"))
    if c.tuberculosis:
        lines.append(msg("ikedaya.details.tuberculosis", low=data.tb_acts_on, high=data.die))
    return lines
