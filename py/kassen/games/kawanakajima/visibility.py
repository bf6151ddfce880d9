"""What each viewer sees of a Kawanakajima state: the observation whitelist (engine.visibility).

Who may identify which unit (rules 3(2), 4(2), 7(6), 8 Other (3)):
- a face-up unit is seen by everyone; a removed unit was face up in the combat that removed it;
- a face-down unit is identified by a player only if he knows it: his own units, except the
  night-army units drawn blind onto X1-X3 or into the night box (4(2)), and any unit both sides
  have seen face up before (the counters never change places in secret, so a player who watched
  a unit turn face down again still knows it; the unit's ``seen`` flag records this);
- a spectator identifies face-up (and removed) units only: crests for everything face down.

A unit the viewer may not identify appears under an anonymous id ``?<side>-<n>`` numbered by what
the viewer sees of it (its cell, then the markers lying openly on it), look-alike units in the
night box in the order of the engine's secret salt; it shows only its side, cell and markers. The
view's units are ordered by id (``by_token``), so neither the numbering nor the order says which
general is which. A player's actions name such a unit of his own (a blind night-army unit) by the
same anonymous id as his view. Hands are private (only the discards are public, 8 Other (3)): a
view shows another side's hand as a count and its secret pick as "?". Once the game is over
nothing is secret.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.state import State, clone
from ...engine.visibility import BASE_OBSERVATION, PUBLIC, anonymous_ids as numbered, anonymous_side, by_token, \
    is_anonymous, tie_salt
from .data import SIDES, Tables

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

HIDDEN = "?"
#: what lies openly on top of a counter, so a view shows it even on an anonymous unit
MARKERS = ("move_marker", "retreat_marker")

__all__ = ["HIDDEN", "MARKERS", "OBSERVATION", "anonymous_ids", "anonymous_side", "identifies", "is_anonymous",
           "resolve", "side_of_token", "token"]


def identifies(state: State, tables: Tables, uid: str, viewer: Optional[str]) -> bool:
    """May ``viewer`` (a side, or None for a spectator) know which general ``uid`` is?"""
    u = state["units"][uid]
    if u.get("face_up") or u["at"] is None:
        return True
    if viewer is None:
        return False
    if u.get("seen"):
        return True
    return viewer == tables.side[uid] and uid not in tables.blind


def _seen(units: dict[str, Any]) -> Any:
    def seen(uid: str) -> tuple[str, bool, bool]:
        u = units[uid]
        return (u["at"], bool(u.get("move_marker")), bool(u.get("retreat_marker")))
    return seen


def anonymous_ids(state: State, tables: Tables, viewer: Optional[str]) -> dict[str, str]:
    """{real id: anonymous id} of the units ``viewer`` may not identify (engine.visibility)."""
    hidden = {side: [u for u in tables.side_units[side] if not identifies(state, tables, u, viewer)]
              for side in SIDES}
    return numbered(hidden, _seen(state["units"]), tie_salt(state))


def token(state: State, tables: Tables, uid: str, player: Optional[str],
          anon: Optional[dict[str, str]] = None) -> str:
    """How ``player``'s view and actions name unit ``uid``: its id, or its anonymous id."""
    if identifies(state, tables, uid, player):
        return uid
    if anon is None:
        anon = anonymous_ids(state, tables, player)
    return anon[uid]


def resolve(state: State, tables: Tables, tok: str, player: Optional[str]) -> Optional[str]:
    """The real unit an anonymous id of ``player``'s view stands for (None if it names nothing)."""
    for uid, anon_id in anonymous_ids(state, tables, player).items():
        if anon_id == tok:
            return uid
    return None


def side_of_token(tables: Tables, tok: Any) -> Optional[str]:
    """The side of a unit id, or of an anonymous id in a view (None for anything else)."""
    if not isinstance(tok, str):
        return None
    return tables.side.get(tok) or anonymous_side(tok, SIDES)


# == the observation whitelist ======================================================================
def _over(state: State) -> bool:
    return state["phase"] == "over"


class _Tokens:
    """The viewer's names for units, computed once per view and only if a hidden unit is named."""

    def __init__(self, g: "Rules", state: State, viewer: Optional[str]) -> None:
        self.t, self.state, self.viewer = g.t, state, viewer
        self._anon: Optional[dict[str, str]] = None

    def __call__(self, uid: str) -> str:
        if uid not in self.t.generals or _over(self.state) or identifies(self.state, self.t, uid, self.viewer):
            return uid
        if self._anon is None:
            self._anon = anonymous_ids(self.state, self.t, self.viewer)
        return self._anon[uid]


def _units(g: "Rules", state: State, viewer: Optional[str]) -> dict[str, Any]:
    units = state["units"]
    if _over(state):
        return by_token(clone(units))
    t = g.t
    anon = anonymous_ids(state, t, viewer)
    out: dict[str, Any] = {}
    for uid, u in units.items():
        key = anon.get(uid)
        if key is None:
            out[uid] = dict(u)
            continue
        entry: dict[str, Any] = {"at": u["at"], "side": t.side[uid]}
        for marker in MARKERS:
            if u.get(marker):
                entry[marker] = True
        out[key] = entry
    return by_token(out)


def _activation(g: "Rules", state: State, viewer: Optional[str]) -> Any:
    act = state["activation"]
    if act is None:
        return None
    return dict(act, unit=_Tokens(g, state, viewer)(act["unit"]))


def _finished(g: "Rules", state: State, viewer: Optional[str]) -> list[str]:
    name = _Tokens(g, state, viewer)
    return [name(u) for u in state["finished"]]


def _combat(g: "Rules", state: State, viewer: Optional[str]) -> Any:
    combat = state["combat"]
    if combat is None:
        return None
    name = _Tokens(g, state, viewer)
    out = clone(combat)
    out["attacker"], out["defender"] = name(combat["attacker"]), name(combat["defender"])
    if not _over(state):
        out["picks"] = {s: (p if p is None or s == viewer else HIDDEN) for s, p in combat["picks"].items()}
    return out


def _pending(g: "Rules", state: State, viewer: Optional[str]) -> list[Any]:
    name = _Tokens(g, state, viewer)
    return [dict(item, unit=name(item["unit"])) if "unit" in item else dict(item) for item in state["pending"]]


def _hands(g: "Rules", state: State, viewer: Optional[str]) -> dict[str, list[str]]:
    hands = state["hands"]
    if _over(state):
        return clone(hands)
    return {s: list(cards) if s == viewer else [HIDDEN] * len(cards) for s, cards in hands.items()}


OBSERVATION: dict[str, Any] = {
    **BASE_OBSERVATION,
    "units": _units,  # anonymous ids for the units the viewer may not identify
    "activation": _activation, "finished": _finished, "combat": _combat, "pending": _pending,
    "hands": _hands,  # another side's hand: a count
    # public: the sequence, the X hex a blind draw goes to, commands used, the open card piles
    "phase": PUBLIC, "active": PUBLIC, "commands": PUBLIC, "draw": PUBLIC, "discards": PUBLIC,
    "set_aside": PUBLIC, "exchanged": PUBLIC, "commander_retreats": PUBLIC,
}
