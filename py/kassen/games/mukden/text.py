"""Words for the log, the buttons and the status panel: unit names with their side, cells
with their place names. No game logic here."""
from __future__ import annotations

from typing import Any, Optional

from ...engine.scenario import Scenario
from .mapdata import MukdenMap

PHASE_WORDS = {
    "allot": "secret allotment of fighting power",
    "move": "choose a unit and move it",
    "attack": "attack",
    "attacker-call": "combat: the attacker calls",
    "defender-call": "combat: the defender calls",
    "attacker-die": "combat: the attacker's die",
    "defender-die": "combat: the defender's die",
    "attacker-retreat": "combat: the attacker may retreat",
    "defender-retreat": "combat: the defender may retreat",
    "advance": "combat: the attacker may advance",
    "end-turn": "end of the Russian turn",
    "over": "the game is over",
}


class Words:
    """Name lookups bound to one scenario."""

    def __init__(self, scenario: Scenario, m: MukdenMap) -> None:
        self.scenario = scenario
        self.map = m
        self._letters = {h: k for k, h in m.detour_cells.items()}

    def side(self, side: Optional[str]) -> str:
        if side is None:
            return "Spectator"
        return self.scenario.side_info.get(side, {}).get("short") or self.scenario.side_name(side)

    def unit(self, uid: str) -> str:
        """'Japanese 1st Army': both sides have a 1st, 2nd and 3rd Army."""
        u = self.scenario.units[uid]
        adjective = self.scenario.side_info[u["side"]].get("adjective", "")
        return f"{adjective} {u['name']}".strip()

    def short(self, uid: str) -> str:
        return self.scenario.units[uid].get("short", uid)

    def cell(self, cell: Optional[str]) -> str:
        """'0503 (Mukden)', 'A (0107)', 'off the map'..."""
        m = self.map
        if cell is None:
            return "removed"
        if cell == m.reserve_box:
            return "off the map (waiting to enter)"
        if cell == m.withdrawn_box:
            return "off the map (withdrawn)"
        if cell in self._letters:
            return f"{self._letters[cell]} ({cell})"
        if cell == m.mukden:
            return f"{cell} (Mukden)"
        if cell in m.supply:
            return f"{cell} (supply source)"
        return cell

    def letter(self, cell: str) -> Optional[str]:
        return self._letters.get(cell)

    def fp_line(self, fp: dict[str, Any], alloc: dict[str, Any], uids: list[str]) -> str:
        return ", ".join(f"{self.scenario.units[u]['name']} {fp.get(u, 0)}/{alloc.get(u, '?')}" for u in uids)
