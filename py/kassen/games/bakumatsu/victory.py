"""Victory hexes and the end of the game (14, 15-1-6, 15-2-6): control changes when a combat unit
enters a victory hex, a combat unit entering the opponent's entry hex wins at once, and at the end
of the last turn a side holding 7 or more victory hexes wins (else a draw, ruling 7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.messages import cell, msg, side
from ...engine.state import Event, Outcome, State, event

if TYPE_CHECKING:  # pragma: no cover
    from .data import BakumatsuData


def enters(d: "BakumatsuData", state: State, uid: str, hex_: str) -> list[Event]:
    """A combat unit has entered ``hex_`` (ending a move, placed, retreating, advancing: ruling 6):
    it takes an enemy-held or uncontrolled victory hex (14(2), 15-2-6), and it ends the game if the
    hex is the opponent's entry hex (14(4)(1)). Commanders never do (2-2-1: "unit" is a combat unit)."""
    if uid in d.all_commanders:
        return []
    mine = d.side_of[uid]
    out: list[Event] = []
    control = state["control"]
    if hex_ in control and control[hex_] != mine:
        before = control[hex_]
        control[hex_] = mine
        key = "bakumatsu.log.captures" if before is not None else "bakumatsu.log.takes"
        out.append(event(msg(key, side=side(mine), at=cell(hex_), count=count(state, mine)), "victory"))
    owner = d.sudden_death.get(hex_)
    if owner is not None and owner != mine and state["ended"] is None:
        state["ended"] = {"how": "entry", "winner": mine}
        out.append(event(msg("bakumatsu.log.entry-taken", side=side(mine), at=cell(hex_), loser=side(owner)),
                         "victory"))
    return out


def count(state: State, side_id: str) -> int:
    return sum(1 for s in state["control"].values() if s == side_id)


def outcome(d: "BakumatsuData", state: State) -> Optional[Outcome]:
    ended = state.get("ended")
    if not ended:
        return None
    scores = {s: float(count(state, s)) for s in d.sides}
    if ended["how"] == "entry":
        winner = ended["winner"]
        loser = d.sides[1] if winner == d.sides[0] else d.sides[0]
        return {"winner": winner, "level": "entry",
                "reason": msg("bakumatsu.outcome.entry", side=side(winner), loser=side(loser),
                              at=cell(d.entry_of.get(loser))), "scores": scores}
    winner = ended.get("winner")
    if winner is None:
        return {"winner": None, "level": "draw",
                "reason": msg("bakumatsu.outcome.draw", needed=d.needed, **_counts(d, state)), "scores": scores}
    return {"winner": winner, "level": "victory-hexes",
            "reason": msg("bakumatsu.outcome.hexes", side=side(winner), count=count(state, winner), needed=d.needed),
            "scores": scores}


def _counts(d: "BakumatsuData", state: State) -> dict[str, Any]:
    a, b = d.sides
    return {"first": side(a), "first_count": count(state, a), "second": side(b), "second_count": count(state, b)}


def final_check(d: "BakumatsuData", state: State) -> list[Event]:
    """14(4)(2): at the end of the last turn, 7 or more victory hexes win; nobody: a draw (ruling 7)."""
    winner = next((s for s in d.sides if count(state, s) >= d.needed), None)
    state["ended"] = {"how": "turns", "winner": winner}
    result = outcome(d, state) or {}
    return [event(result.get("reason") or msg("engine.prompt.over"), "end", winner=winner)]
