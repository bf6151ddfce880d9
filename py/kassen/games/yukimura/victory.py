"""Each scenario's victory conditions (14-1(6), 14-2(6), 14-3(9), 14-4(6)): morale collapse at once,
breakthrough at the end of a turn, and at the end of turn 12 superior power, ten units west of the
Ishikawa Line, or Komatsuyama. What the rules watch after every action is kept here too: whether an
Eastern unit has been west of the Ishikawa Line (the early releases) and who last held Komatsuyama."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.messages import cell, msg, side, unit
from ...engine.state import Event, Outcome, State

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

WEST_NEEDED = 10  # 14-1(6)


def watch(g: "Rules", state: State) -> None:
    """After anything that moves a unit: the Ishikawa flag (brief 6.1: sticky), the holder of
    Komatsuyama (ruling 17) and the morale collapse of a key leader (14-2(6)(1)-(2), ruling 14)."""
    d = g.d
    units = state["units"]
    if d.ishikawa_west and not state["west"]:
        if any(units[u]["at"] in d.ishikawa_west for u in d.by_side[d.east]):
            state["west"] = True
    if d.komatsuyama is not None:
        for uid, u in units.items():
            if u["at"] == d.komatsuyama:
                state["holder"] = d.side_of[uid]
    if state["ended"] is not None:
        return
    revision = g.revision_of(state)
    for s, leaders in d.key_leaders.items():
        if d.kind == "connected" and s == d.east:  # 14-3(9): not used in the connected scenario
            continue
        for leader in leaders:
            at = units[leader]["at"]
            if at == d.unit_of(leader, revision).start:  # his starting hex in the game's revision
                continue
            if at is None and not d.collapse_on_removal:
                continue
            state["ended"] = {"how": "collapse", "winner": g.other_side(s), "unit": leader}
            return


def end_of_turn(g: "Rules", state: State) -> list[Event]:
    """14-2(6)(3): an Eastern unit on a breakthrough hex at the end of any turn wins."""
    d = g.d
    if state["ended"] is not None or not d.breakthrough:
        return []
    for uid in d.by_side[d.east]:
        at = state["units"][uid]["at"]
        if at in d.breakthrough:
            state["ended"] = {"how": "breakthrough", "winner": d.east, "unit": uid}
            return []
    return []


def west_count(g: "Rules", state: State) -> int:
    d = g.d
    return sum(1 for u in d.by_side[d.east] if state["units"][u]["at"] in d.ishikawa_west)


def surrounding(g: "Rules", state: State, side_id: str) -> int:
    """Ruling 15: ``side_id``'s units adjacent to either of the enemy's key leaders, each unit once."""
    d = g.d
    enemy = g.other_side(side_id)
    around: set[str] = set()
    for leader in d.key_leaders.get(enemy, ()):
        at = state["units"][leader]["at"]
        if at in d.hex_set:
            around.update(d.board.neighbors[at])
    return sum(1 for u in d.by_side[side_id] if state["units"][u]["at"] in around)


def final(g: "Rules", state: State) -> list[Event]:
    """The end of the last turn (4): the scenario's own final condition."""
    d = g.d
    if state["ended"] is not None:
        return []
    if d.kind == "yao":
        east, osaka = surrounding(g, state, d.east), surrounding(g, state, d.osaka)
        winner = d.east if east > osaka else d.osaka if osaka > east else None
        state["ended"] = {"how": "superior", "winner": winner}
    elif d.kind == "goto":
        state["ended"] = {"how": "komatsuyama", "winner": state.get("holder") or d.osaka}
    else:  # domyoji, connected
        n = west_count(g, state)
        needed = d.west_needed
        state["ended"] = {"how": "ishikawa", "winner": d.east if n >= needed else d.osaka}
    return []


def outcome(g: "Rules", state: State) -> Optional[Outcome]:
    ended = state.get("ended")
    if not ended:
        return None
    d = g.d
    how = ended["how"]
    winner = ended.get("winner")
    scores: dict[str, Any] = {}
    if d.kind == "yao":
        scores = {s: float(surrounding(g, state, s)) for s in d.sides}
    elif d.ishikawa_west:
        scores = {d.east: float(west_count(g, state))}
    if how == "collapse":
        leader = ended.get("unit")
        reason = msg("yukimura.outcome.collapse", side=side(winner), leader=unit(leader),
                     loser=side(g.other_side(winner or d.east)))
    elif how == "breakthrough":
        reason = msg("yukimura.outcome.breakthrough", side=side(winner), unit=unit(ended.get("unit")),
                     at=cell(state["units"].get(ended.get("unit") or "", {}).get("at")))
    elif how == "superior":
        east, osaka = surrounding(g, state, d.east), surrounding(g, state, d.osaka)
        reason = msg("yukimura.outcome.superior-draw" if winner is None else "yukimura.outcome.superior",
                     side=side(winner), east=east, osaka=osaka)
    elif how == "komatsuyama":
        reason = msg("yukimura.outcome.komatsuyama", side=side(winner), at=cell(d.komatsuyama))
    else:
        reason = msg("yukimura.outcome.ishikawa", side=side(winner), count=west_count(g, state),
                     needed=d.west_needed)
    return {"winner": winner, "level": how if winner is not None else "draw", "reason": reason, "scores": scores}
