"""Victory [4.0]: the time ending, the withdrawal ending, sudden death at the supply source,
and the annihilation ruling (X4). Scored from the final state, whose secrets are revealed."""
from __future__ import annotations

from typing import Any

from ...engine.state import Outcome
from .mapdata import JAPAN, RUSSIA, MukdenMap
from .text import Words


def time_holders(m: MukdenMap, units: dict[str, dict]) -> list[str]:
    """Japanese units on Mukden or the railway north of it (mukden.4.time-jp-win)."""
    return [u for u in m.units_of[JAPAN] if units[u]["at"] in m.victory]


def withdrawn_fp(m: MukdenMap, state: dict[str, Any]) -> int:
    """Current FP of the Russian units that left the map (ruling 9)."""
    fp = state["fp"][RUSSIA] or {}
    return sum(fp.get(u, 0) for u in m.units_of[RUSSIA] if state["units"][u]["at"] == m.withdrawn_box)


def surviving_japanese_fp(m: MukdenMap, state: dict[str, Any]) -> int:
    """Current FP of every Japanese unit not removed, the waiting 3rd Army included (ruling 9)."""
    fp = state["fp"][JAPAN] or {}
    return sum(fp.get(u, 0) for u in m.units_of[JAPAN] if state["units"][u]["at"] is not None)


def russia_wins_withdrawal(withdrawn: int, japanese: int) -> bool:
    """mukden.4.withdraw-ru-win: twice the withdrawn FP strictly greater than Japan's."""
    return 2 * withdrawn > japanese


def outcome(m: MukdenMap, words: Words, state: dict[str, Any]) -> Outcome:
    how = state["ended"]
    units = state["units"]
    w, j = withdrawn_fp(m, state), surviving_japanese_fp(m, state)
    scores = {"time": float(min(state["time"], m.time_limit)), "japan_fp": float(j), "russia_withdrawn_fp": float(w)}
    if how == "time":
        holders = time_holders(m, units)
        if holders:
            on_mukden = [u for u in holders if units[u]["at"] == m.mukden]
            if on_mukden:
                reason = f"Japan holds Mukden ({words.unit(on_mukden[0])}) when time runs out."
            else:
                u = holders[0]
                reason = (f"Japan holds the railway north of Mukden ({words.unit(u)} in {units[u]['at']}) "
                          "when time runs out.")
            return {"winner": JAPAN, "level": "time", "reason": reason, "scores": scores}
        return {"winner": RUSSIA, "level": "time", "scores": scores,
                "reason": "Time runs out with no Japanese unit on Mukden or on the railway north of it: Russia holds."}
    if how == "withdrawal":
        verdict = "exceeds" if russia_wins_withdrawal(w, j) else "does not exceed"
        reason = (f"Russia declares withdrawal with {w} FP off the map: twice that, {2 * w}, {verdict} "
                  f"the {j} FP Japan has left.")
        winner = RUSSIA if russia_wins_withdrawal(w, j) else JAPAN
        return {"winner": winner, "level": "withdrawal", "reason": reason, "scores": scores}
    if how == "supply":
        raider = next((u for u in m.units_of[RUSSIA] if units[u]["at"] in m.supply), None)
        who = f"The {words.unit(raider)}" if raider else "A Russian unit"
        where = units[raider]["at"] if raider else "the supply source"
        return {"winner": RUSSIA, "level": "supply", "scores": scores,
                "reason": f"{who} enters the Japanese supply source at {where}: Russia wins at once."}
    return {"winner": RUSSIA, "level": "annihilation", "scores": scores,
            "reason": "Every Japanese unit has been destroyed: Japan can never hold Mukden, so Russia wins."}
