"""Victory points, the game's outcome and the jump roll's modifiers.

Ronin: the status of every Ronin who escaped plus the status of every Shinsengumi killed.
Shinsengumi: the Ronin killed or captured -- their total status (ruling ikedaya-r05, the default)
or their number (option shinsengumi_score = "count"). The higher score wins; a tie goes to the Ronin.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.state import Outcome, State
from .movement import Occupancy, enemy_next_to

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def tally(rules: "Rules", state: State) -> dict[str, Any]:
    """Counts and points so far: escaped, killed/captured, off the map."""
    data = rules.data
    ronin, shin = data.escaping_side, data.off_map_side
    escaped = [u for u in data.side_units[ronin] if state["units"][u]["at"] in data.outside]
    ronin_lost = [u for u in data.side_units[ronin] if state["units"][u]["at"] is None]
    shin_killed = [u for u in data.side_units[shin] if state["units"][u]["at"] is None]
    off_map = [u for u in data.side_units[shin] if state["units"][u]["at"] in data.exit_boxes]
    reading = rules.options_of(state)["shinsengumi_score"]
    ronin_points = sum(data.counters[u].status for u in escaped) + sum(data.counters[u].status for u in shin_killed)
    if reading == "count":
        shin_points = len(ronin_lost)
    else:
        shin_points = sum(data.counters[u].status for u in ronin_lost)
    return {"escaped": escaped, "ronin_lost": ronin_lost, "shinsengumi_killed": shin_killed,
            "off_map": off_map, "scores": {ronin: ronin_points, shin: shin_points}, "reading": reading}


def outcome(rules: "Rules", state: State, reason: str) -> Outcome:
    """Winner and scores (ikedaya.victory.*)."""
    data = rules.data
    t = tally(rules, state)
    ronin, shin = data.escaping_side, data.off_map_side
    rs, ss = t["scores"][ronin], t["scores"][shin]
    if rs > ss:
        winner, level = ronin, "points"
    elif ss > rs:
        winner, level = shin, "points"
    else:
        winner, level = ronin, "tie"  # ikedaya.victory.tie-ronin
    words = (f"Ronin {rs} ({len(t['escaped'])} escaped, {len(t['shinsengumi_killed'])} Shinsengumi killed), "
             f"Shinsengumi {ss} ({len(t['ronin_lost'])} Ronin killed or captured"
             f"{', counted by number' if t['reading'] == 'count' else ''}). ")
    words += (f"The {rules.side_name(winner)} win" + (" the tie." if level == "tie" else "."))
    return {"winner": winner, "level": level, "reason": f"{reason[0].upper()}{reason[1:]}. {words}",
            "scores": {ronin: rs, shin: ss}}


def jump_modifiers(rules: "Rules", state: State, occ: Occupancy, uid: str, src: str,
                   landing: str) -> list[tuple[int, str]]:
    """(modifier, words) for a jump: Light +1, next to a Shinsengumi -1, -1 per Shinsengumi off the
    map unless the jump lands inside (the Court: ikedaya.escape.court-no-guard-mod)."""
    data = rules.data
    j = data.jumps
    side = data.counters[uid].side
    mods: list[tuple[int, str]] = []
    if data.counters[uid].skill == "light" and j["light_bonus"]:
        mods.append((j["light_bonus"], "Light"))
    if enemy_next_to(data, occ, src, side) and j["adjacent_penalty"]:
        mods.append((-j["adjacent_penalty"], "next to a Shinsengumi"))
    if landing not in data.square_set:
        guards = sum(1 for u in data.side_units[data.other[side]] if state["units"][u]["at"] in data.exit_boxes)
        if guards and j["off_map_penalty"]:
            mods.append((-guards * j["off_map_penalty"], f"{guards} Shinsengumi off the map"))
    return mods
