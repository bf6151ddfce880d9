"""Victory (chapter 9): sudden death, the score and the levels of victory.

Works on a state or on any view: it reads only what every view shows (positions, face-up flags,
removed units, the commander-retreat counts). Combat-value penalties never change the score.
"""
from __future__ import annotations

from typing import Optional

from ...engine.messages import msg, side, unit
from ...engine.state import Outcome, State
from ...engine.visibility import anonymous_side
from .data import OTHER, SIDES, TAKEDA, UESUGI, Tables

K = "kawanakajima."


def _side_of(tables: Tables, key: str) -> str:
    return anonymous_side(key, SIDES) or tables.side_of(key)


def score_breakdown(state: State, tables: Tables) -> dict[str, dict[str, int]]:
    """Per side: enemy units removed, own face-up units counted, enemy commander retreats, total."""
    out = {s: {"removed": 0, "face_up": 0, "commander_retreats": 0, "total": 0} for s in SIDES}
    for key, u in state["units"].items():
        side = _side_of(tables, key)
        at = u["at"]
        if at is None:
            out[OTHER[side]]["removed"] += 1  # every removal counts (ruling 11)
        elif u.get("face_up") and at in tables.on_map:
            if side == TAKEDA or at in tables.scoring_region:
                out[side]["face_up"] += 1
    for side in SIDES:
        out[side]["commander_retreats"] = state["commander_retreats"][OTHER[side]]
        out[side]["total"] = out[side]["removed"] + out[side]["face_up"] + out[side]["commander_retreats"]
    return out


def scores(state: State, tables: Tables) -> dict[str, int]:
    return {s: v["total"] for s, v in score_breakdown(state, tables).items()}


def level_for(tables: Tables, difference: int) -> str:
    """Level of victory for a score difference: 0-2 draw, 3-5 marginal, 6-8 tactical, 9+ decisive."""
    level = tables.levels[0][1]
    for minimum, name in tables.levels:
        if difference >= minimum:
            level = name
    return level


def fallen_commander(state: State, tables: Tables) -> Optional[str]:
    """The side whose commanding general has been removed, if any (sudden death, 9 1))."""
    for side in SIDES:
        cid = tables.commander[side]
        if cid in state["units"] and state["units"][cid]["at"] is None:
            return side
    return None


def outcome(state: State, tables: Tables) -> Outcome:
    """The result of a finished game; the reason is a message (engine.messages)."""
    sc = scores(state, tables)
    fallen = fallen_commander(state, tables)
    if fallen is not None:
        winner = OTHER[fallen]
        return {"winner": winner, "level": "complete",
                "reason": msg(K + "result.sudden-death", unit=unit(tables.commander[fallen]), side=side(winner)),
                "scores": sc}
    diff = sc[UESUGI] - sc[TAKEDA]
    level = level_for(tables, abs(diff))
    if level == tables.levels[0][1]:
        return {"winner": None, "level": level,
                "reason": msg(K + "result.draw", uesugi=sc[UESUGI], takeda=sc[TAKEDA], turns=tables.turns,
                              difference=abs(diff)),
                "scores": sc}
    winner = UESUGI if diff > 0 else TAKEDA
    return {"winner": winner, "level": level,
            "reason": msg(K + "result.victory", uesugi=sc[UESUGI], takeda=sc[TAKEDA], turns=tables.turns,
                          level=msg(K + "level." + level), side=side(winner)),
            "scores": sc}

