"""Victory [4.0]: the time ending, the withdrawal ending, sudden death at the supply source,
and the annihilation ruling (X4). Scored from the final state, whose secrets are revealed."""
from __future__ import annotations

from typing import Any

from ...engine.messages import cell, msg, unit
from ...engine.state import Outcome
from .data import JAPAN, RUSSIA, MukdenMap


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


def outcome(m: MukdenMap, state: dict[str, Any]) -> Outcome:
    """The result once the game is over; the reason is a message naming the deciding units."""
    how = state["ended"]
    units = state["units"]
    w, j = withdrawn_fp(m, state), surviving_japanese_fp(m, state)
    scores = {"time": float(min(state["time"], m.time_limit)), "japan_fp": float(j), "russia_withdrawn_fp": float(w)}
    if how in ("time", "stalemate"):  # ruling X8: nobody fights any more, scored as on time
        holders = time_holders(m, units)
        if holders:
            on_mukden = [u for u in holders if units[u]["at"] == m.mukden]
            if on_mukden:
                reason = msg("mukden.result.time-mukden", unit=unit(on_mukden[0]))
            else:
                reason = msg("mukden.result.time-railway", unit=unit(holders[0]), at=units[holders[0]]["at"])
            winner = JAPAN
        else:
            winner, reason = RUSSIA, msg("mukden.result.time-russia")
        if how == "stalemate":
            reason = msg("mukden.result.stalemate", turns=m.quiet_turns_limit, result=reason)
        return {"winner": winner, "level": "time", "reason": reason, "scores": scores}
    if how == "withdrawal":
        wins = russia_wins_withdrawal(w, j)
        reason = msg("mukden.result.withdrawal", withdrawn=w, twice=2 * w, japan=j,
                     verdict=msg("mukden.result.exceeds" if wins else "mukden.result.does-not-exceed"))
        return {"winner": RUSSIA if wins else JAPAN, "level": "withdrawal", "reason": reason, "scores": scores}
    if how == "supply":
        raider = next((u for u in m.units_of[RUSSIA] if units[u]["at"] in m.supply), None)
        reason = msg("mukden.result.supply", unit=unit(raider), at=units[raider]["at"]) if raider \
            else msg("mukden.result.supply-anonymous")
        return {"winner": RUSSIA, "level": "supply", "scores": scores, "reason": reason}
    return {"winner": RUSSIA, "level": "annihilation", "scores": scores, "reason": msg("mukden.result.annihilation")}
