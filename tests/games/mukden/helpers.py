"""Positions for the Mukden rule tests: set-up by real actions, then units arranged by editing
a clone (kept valid: a removed unit has FP 0, every check in Rules.validate passes)."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from kassen.engine.state import clone
from kassen.games import load_rules
from tests.support import positions as support

JP_ALLOT = {"jp-1": 5, "jp-2": 5, "jp-3": 6, "jp-4": 6, "jp-yalu": 5}
RU_ALLOT = {"ru-1": 4, "ru-2": 4, "ru-3": 4, "ru-gr-right": 4, "ru-gr-left": 4}


def rules():
    return load_rules("mukden")


def text(event: dict) -> str:
    """The English words of a log event (events hold message keys and arguments)."""
    return support.text(rules(), event)


def texts(actions: Iterable[Any]) -> list[str]:
    return [a.to_text() for a in actions]


def legal(r, state) -> list[str]:
    return support.legal(r, state)


def play(r, state, *actions: str) -> tuple[dict, list[dict]]:
    """Apply actions in order; returns the final state and every event (tests/support/positions)."""
    return support.play(r, state, *actions, check=False)


def allotted(r=None, jp: Optional[dict] = None, ru: Optional[dict] = None, seed: int = 1) -> dict:
    """A state at Japan's first turn after both secret allotments."""
    r = r or rules()
    jp, ru = jp or JP_ALLOT, ru or RU_ALLOT
    s = r.setup(seed)
    for side_allot in (jp, ru):
        for uid in r.map.units_of[r.map.side_of[next(iter(side_allot))]]:
            s, _ = r.apply(s, f"allot {uid} ={side_allot[uid]}")
        s, _ = r.apply(s, "confirm")
    assert r.current_player(s) == "japan" and s["phase"] == "move"
    return s


def arrange(r, positions: dict[str, Optional[str]], active: str = "japan", fp: Optional[dict] = None,
            keep_others: bool = False, waits: int = 0, time: int = 0, state: Optional[dict] = None) -> dict:
    """A position at the start of ``active``'s turn with only the named units where given (the others
    removed unless ``keep_others``); ``fp`` overrides current FP ({uid: n})."""
    s = clone(state or allotted(r))
    for uid in r.map.side_of:
        side = r.map.side_of[uid]
        if uid in positions:
            s["units"][uid]["at"] = positions[uid]
            if positions[uid] is None:
                s["fp"][side][uid] = 0
        elif not keep_others:
            s["units"][uid]["at"] = None
            s["fp"][side][uid] = 0
    for uid, n in (fp or {}).items():
        s["fp"][r.map.side_of[uid]][uid] = n
        s["allotment"][r.map.side_of[uid]][uid] = max(s["allotment"][r.map.side_of[uid]][uid], n)
    _rebalance(r, s)
    s.update({"active": active, "phase": "move", "waits": waits, "time": time, "chosen": None, "combat": None})
    return support.checked(r, s)


def _rebalance(r, s: dict) -> None:
    """Keep each side's allotment summing exactly to its total after FP overrides."""
    for side in ("japan", "russia"):
        alloc = s["allotment"][side]
        excess = sum(alloc.values()) - r.map.fp_total[side]
        for uid in sorted(alloc, key=lambda u: -alloc[u]):
            if excess == 0:
                break
            if excess > 0:
                room = alloc[uid] - max(r.map.fp_min, s["fp"][side][uid])
                take = min(room, excess)
                alloc[uid] -= take
                excess -= take
            else:
                alloc[uid] -= excess
                excess = 0


def combat_to_result(r, s: dict, move: str, target: str, acall: int, dcall: int, adie: int, ddie: int
                     ) -> tuple[dict, list[dict]]:
    """Move, attack, both calls and both dice: the state at the first decision after the dice."""
    return play(r, s, move, f"attack @{target}", f"call ={acall}", f"call ={dcall}", f"roll ={adie}",
                f"roll ={ddie}")
