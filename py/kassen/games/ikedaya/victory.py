"""Victory points and the game's outcome (ikedaya.victory.*).

Ronin: the status of every Ronin who escaped plus the status of every Shinsengumi killed.
Shinsengumi: the Ronin killed or captured -- their total status (ruling ikedaya-r05, the default)
or their number (option shinsengumi_score = "count"). The higher score wins; a tie goes to the Ronin.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.messages import msg, side
from ...engine.state import Outcome, State
from .data import POOL

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

#: why a game ends (the reason codes of ``ending``)
ENDINGS = ("ronin-gone", "no-action", "quiet")


def tally(g: "Rules", state: State) -> dict[str, Any]:
    """Counts and points so far: escaped, killed/captured, off the map."""
    data = g.data
    ronin, shin = data.escaping_side, data.off_map_side
    escaped = [u for u in data.side_units[ronin] if state["units"][u]["at"] in data.outside]
    ronin_lost = [u for u in data.side_units[ronin] if state["units"][u]["at"] is None]
    shin_killed = [u for u in data.side_units[shin] if state["units"][u]["at"] is None]
    off_map = [u for u in data.side_units[shin] if state["units"][u]["at"] in data.exit_boxes]
    reading = g.options_of(state)["shinsengumi_score"]
    ronin_points = sum(data.counters[u].status for u in escaped) + sum(data.counters[u].status for u in shin_killed)
    if reading == "count":
        shin_points = len(ronin_lost)
    else:
        shin_points = sum(data.counters[u].status for u in ronin_lost)
    return {"escaped": escaped, "ronin_lost": ronin_lost, "shinsengumi_killed": shin_killed,
            "off_map": off_map, "scores": {ronin: ronin_points, shin: shin_points}, "reading": reading}


def all_ronin_gone(g: "Rules", state: State) -> bool:
    """ikedaya.seq.game-end: every Ronin has been removed or has escaped."""
    data = g.data
    for u in data.side_units[data.escaping_side]:
        at = state["units"][u]["at"]
        if at in data.square_set or at == POOL:
            return False
    return True


def ending(g: "Rules", state: State) -> str:
    """Why a finished game ended: every Ronin gone, a turn without actions (ruling ikedaya-n06),
    or no progress for too long (ruling ikedaya-n13)."""
    if all_ronin_gone(g, state):
        return "ronin-gone"
    limit = g.data.quiet_limit
    if limit is not None and state.get("quiet", 0) >= limit:
        return "quiet"
    return "no-action"


def outcome(g: "Rules", state: State) -> Outcome:
    """Winner and scores (ikedaya.victory.*), the reason as a message."""
    data = g.data
    t = tally(g, state)
    ronin, shin = data.escaping_side, data.off_map_side
    rs, ss = t["scores"][ronin], t["scores"][shin]
    if rs > ss:
        winner, level = ronin, "points"
    elif ss > rs:
        winner, level = shin, "points"
    else:
        winner, level = ronin, "tie"  # ikedaya.victory.tie-ronin
    reason = msg("ikedaya.outcome.reason", ending=msg(f"ikedaya.ending.{ending(g, state)}", limit=data.quiet_limit),
                 ronin=side(ronin), ronin_score=rs, escaped=len(t["escaped"]),
                 shinsengumi=side(shin), shinsengumi_score=ss, killed=len(t["shinsengumi_killed"]),
                 lost=len(t["ronin_lost"]), counted=msg("ikedaya.outcome.counted") if t["reading"] == "count" else "",
                 result=msg(f"ikedaya.outcome.{level}", winner=side(winner)))
    return {"winner": winner, "level": level, "reason": reason, "scores": {ronin: rs, shin: ss}}
