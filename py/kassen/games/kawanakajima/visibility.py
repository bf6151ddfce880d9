"""Who may identify which unit, and the views built from that (rules 3(2), 4(2), 7(6), 8 Other (3)).

One place decides hidden information:

- a face-up unit is seen by everyone; a removed unit was face up in the combat that removed it;
- a face-down unit is identified by a player only if he knows it: his own units, except the
  night-army units drawn blind onto X1-X3 or into the night box (4(2)), and any unit both sides
  have seen face up before (the counters never change places in secret, so a player who watched
  a unit turn face down again still knows it; the unit's ``seen`` flag records this);
- a spectator identifies face-up (and removed) units only: crests for everything face down.

A unit the viewer may not identify appears under an anonymous id ``?<side>-<n>``, numbered per
side by sorted cell label, with only its side, cell, face-down state and markers (markers lie
openly on top of the counter). Actions of a player who must refer to such a unit of his own
(a blind night-army unit) use the same anonymous id as his view.
"""
from __future__ import annotations

from typing import Any, Optional

from ...engine.state import State, View
from .data import SIDES, Tables

HIDDEN = "?"
#: what lies openly on top of a counter, so a view shows it even on an anonymous unit
MARKERS = ("move_marker", "retreat_marker")


def identifies(state: State, tables: Tables, uid: str, viewer: Optional[str]) -> bool:
    """May ``viewer`` (a side, or None for a spectator) know which general ``uid`` is?"""
    u = state["units"][uid]
    if u.get("face_up") or u["at"] is None:
        return True
    if viewer is None:
        return False
    if u.get("seen"):
        return True
    g = tables.generals[uid]
    return viewer == g.side and not g.night_army


def anonymous_ids(state: State, tables: Tables, viewer: Optional[str]) -> dict[str, str]:
    """{real id: anonymous id} of the units ``viewer`` may not identify.

    Numbered per side in order of cell label. Units sharing a cell (only the night box) look
    exactly alike in a view, so the order among them reveals nothing.
    """
    out: dict[str, str] = {}
    units = state["units"]
    for side in SIDES:
        hidden = [uid for uid in tables.side_units[side] if not identifies(state, tables, uid, viewer)]
        if not hidden:
            continue
        hidden.sort(key=lambda uid: (units[uid]["at"], bool(units[uid].get("move_marker")),
                                     bool(units[uid].get("retreat_marker"))))
        for n, uid in enumerate(hidden, 1):
            out[uid] = f"{HIDDEN}{side}-{n}"
    return out


def is_anonymous(token: str) -> bool:
    return token.startswith(HIDDEN)


def anonymous_side(token: str) -> Optional[str]:
    """The side named in an anonymous id (None if it is not one)."""
    if not token.startswith(HIDDEN) or "-" not in token:
        return None
    side = token[1:].rsplit("-", 1)[0]
    return side if side in SIDES else None


def redact(view: View, state: State, tables: Tables, viewer: Optional[str]) -> None:
    """Replace what ``viewer`` may not see in ``view`` (a copy of ``state`` without the RNG)."""
    anon = anonymous_ids(state, tables, viewer)
    units: dict[str, Any] = {}
    for uid in tables.unit_ids:
        u = state["units"][uid]
        if uid in anon:
            entry = {"at": u["at"], "side": tables.side_of(uid)}
            for marker in MARKERS:
                if u.get(marker):
                    entry[marker] = True
            units[anon[uid]] = entry
        else:
            units[uid] = dict(u)
    view["units"] = units
    act = view.get("activation")
    if act is not None:
        act["unit"] = anon.get(act["unit"], act["unit"])
    view["finished"] = [anon.get(uid, uid) for uid in view.get("finished", [])]
    combat = view.get("combat")
    if combat is not None:
        combat["attacker"] = anon.get(combat["attacker"], combat["attacker"])
        combat["defender"] = anon.get(combat["defender"], combat["defender"])
    for item in view.get("pending", []):
        if "unit" in item:
            item["unit"] = anon.get(item["unit"], item["unit"])
    # hands are private (8 Other (3) makes only the discards public); show how many cards
    for side in SIDES:
        if side != viewer:
            view["hands"][side] = [HIDDEN] * len(state["hands"][side])
    if combat is not None:
        for side in SIDES:
            if side != viewer and combat["picks"][side] is not None:
                combat["picks"][side] = HIDDEN


def token(state: State, tables: Tables, uid: str, player: str, anon: Optional[dict[str, str]] = None) -> str:
    """How ``player``'s actions name unit ``uid``: its id, or its anonymous id if he cannot
    identify it (a blind night-army unit of his own)."""
    if identifies(state, tables, uid, player):
        return uid
    if anon is None:
        anon = anonymous_ids(state, tables, player)
    return anon[uid]


def resolve(state: State, tables: Tables, tok: str, player: str) -> Optional[str]:
    """The real unit id an action token of ``player`` stands for (None if it names nothing)."""
    if not is_anonymous(tok):
        return tok if tok in state["units"] else None
    for uid, anon_id in anonymous_ids(state, tables, player).items():
        if anon_id == tok:
            return uid
    return None
