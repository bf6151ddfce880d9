"""The menu's list of scenarios and the words of the help and rulings pages, as plain data.

The catalog reads the scenario files' headings only (no board, no rules), so the menu costs
almost nothing at start-up: a game's package is imported only once it is chosen.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

from ..engine.rules import GameRules
from ..engine.scenario import scenario_files
from ..games import GAME_MODULES


@dataclass
class ScenarioInfo:
    id: str
    game: str
    title: str
    subtitle: str = ""
    description: str = ""
    sides: list[str] = field(default_factory=list)
    side_ids: list[str] = field(default_factory=list)


#: the menu shows these first (the flagship, then the others), then any other scenario by id
MENU_ORDER = ("mukden", "ikedaya", "kawanakajima")


def catalog() -> list[ScenarioInfo]:
    """Playable scenarios in menu order (a broken file is skipped, not fatal)."""
    out = []
    for sid, path in scenario_files().items():
        if path.parent.name not in GAME_MODULES:
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        sides = [str(s.get("name", s.get("id", ""))) for s in data.get("sides", []) if isinstance(s, dict)]
        out.append(ScenarioInfo(id=sid, game=str(data.get("game", "")), title=str(data.get("title", sid)),
                                subtitle=str(data.get("subtitle", "")), description=str(data.get("description", "")),
                                sides=sides, side_ids=[str(s.get("id", "")) for s in data.get("sides", [])
                                                       if isinstance(s, dict)]))
    rank = {sid: i for i, sid in enumerate(MENU_ORDER)}
    return sorted(out, key=lambda info: (rank.get(info.id, len(rank)), info.id))


Section = tuple[str, list[str]]


def how_to_play(rules: Optional[GameRules]) -> list[Section]:
    """The short how-to-play page: the controls, and the scenario's own introduction."""
    sections: list[Section] = []
    if rules is not None:
        sc = rules.scenario
        intro = [p for p in (sc.data.get("subtitle"), sc.data.get("description")) if isinstance(p, str) and p]
        names = " and ".join(rules.side_name(s) for s in rules.sides)
        intro.append(f"Two players share this device: {names}. The page enforces every rule: it offers only "
                     f"what is legal now, and the Rulings page says how unclear rules were decided.")
        sections.append((sc.title, intro))
    sections.append(("Playing", [
        "The line above the map says whose turn it is and what to do. Click (or tap) one of your counters to "
        "select it: the places it may go are outlined on the map. Click one of them to act.",
        "Choices that are not places on the map (fighting power, dice calls, ending a phase) are buttons "
        "beside or below the map. When one click could mean several things, the page asks which.",
        "Dice are rolled by the page as soon as the rules call for them; the result and who rolled it are "
        "shown under the buttons and written in the log.",
        "Undo takes back your own moves. It stops at a dice roll, at something being revealed, and (in games "
        "with hidden information) when the other player takes over.",
    ]))
    if rules is None or rules.hidden_information:
        sections.append(("Hidden information", [
            "Some things are secret (fighting power, identities, cards). Between turns the page covers the "
            "screen and asks for the device to be passed on; while the cover is up, the page holds only what "
            "a spectator may see. Press the button on the cover only when the other player cannot see the "
            "screen.",
        ]))
    sections.append(("Keyboard", [
        "Tab moves between counters, highlighted places and buttons; Enter or Space activates them. "
        "Escape cancels a selection or a choice.",
        "Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes. When stepping through a recorded game, the arrow keys "
        "go back and forward, Home and End to the first and last position.",
    ]))
    sections.append(("Saving and sharing", [
        "The game is saved in this browser after every action: close the tab and come back later. Several "
        "games are kept; the Games menu lists them.",
        "Copy link gives a link to the position as a spectator sees it, without any secrets. The link to "
        "continue elsewhere carries the whole game, secrets included: send it only to yourself.",
        "Export saves the game to a file you can import again, here or in another browser. Embed gives an "
        "<iframe> snippet that shows the game's moves on a web page.",
    ]))
    return sections


def rulings_page(rules: GameRules) -> dict[str, Any]:
    """Where the scenario comes from (what is reconstructed, how to correct it) and the rulings used."""
    prov = rules.scenario.provenance if isinstance(rules.scenario.provenance, dict) else {}

    def strings(key: str) -> list[str]:
        value = prov.get(key, [])
        return [str(v) for v in value] if isinstance(value, list) else []

    rulings = []
    for r in rules.rulings():
        if isinstance(r, dict):
            rulings.append({"id": str(r.get("id", "")), "topic": str(r.get("topic", "")),
                            "ruling": str(r.get("ruling", "")), "why": str(r.get("why", "")),
                            "clauses": [str(c) for c in r.get("clauses", []) if isinstance(c, str)]})
    return {
        "title": rules.scenario.title,
        "status": str(prov.get("status", "")),
        "summary": str(prov.get("summary", "")),
        "reconstructed": strings("reconstructed"),
        "sources": strings("sources"),
        "how_to_correct": str(prov.get("how_to_correct", "")),
        "file": f"scenarios/{rules.scenario.game}/{rules.scenario.id}.json",
        "rulings": rulings,
    }
