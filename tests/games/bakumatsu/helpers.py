"""Positions for the Bakumatsu rule tests: set-up and turns reached by real actions, then units
arranged by editing a clone (kept valid: ``rules.validate`` is asserted empty)."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from kassen.engine.play import sample_chance
from kassen.engine.state import CHANCE, clone
from kassen.games import load_rules

TF, TB = "toba-fushimi", "tabarazaka"


def rules(scenario: str = TF):
    return load_rules(scenario)


def text(r, event: dict) -> str:
    return r.say(event)


def texts(r, events: Iterable[dict]) -> list[str]:
    return [r.say(e) for e in events]


def legal(r, state) -> list[str]:
    return [a.to_text() for a in r.legal_actions(state)]


def play(r, state, *actions: str) -> tuple[dict, list[dict]]:
    """Apply actions in order; returns the final state and every event."""
    events: list[dict] = []
    for a in actions:
        state, ev = r.apply(state, a)
        events += ev
    return state, events


def settle(r, state, events: Optional[list] = None) -> dict:
    """Resolve chance steps with the state's RNG until a player is to act."""
    while r.current_player(state) == CHANCE:
        state, ev = r.apply(state, sample_chance(r, state))
        if events is not None:
            events += ev
    return state


def after_setup(r=None, seed: int = 1) -> dict:
    """Toba-Fushimi at the start of turn 1 (both sides set up in the listed order)."""
    r = r or rules(TF)
    s = r.setup(seed)
    s, _ = play(r, s, "place-all", "place-all")
    return s


def arrange(r, positions: dict[str, Optional[str]], *, segment: str = "rm", active: Optional[str] = None,
            phase: Optional[str] = None, disordered: Iterable[str] = (), done: Iterable[str] = (),
            keep_others: bool = False, turn: int = 1, control: Optional[dict] = None, state: Optional[dict] = None,
            owed: Optional[dict] = None) -> dict:
    """A position with only the named units on the map (the others removed unless ``keep_others``):
    the start of ``active``'s ``segment`` (default the first player's R/M phase)."""
    d = r.d
    s = clone(state) if state is not None else r.setup(1)
    if s["segment"] == "setup":
        for uid in d.units:
            if s["units"][uid]["at"] and s["units"][uid]["at"].startswith("setup-"):
                s["units"][uid]["at"] = None
    for uid in d.units:
        if uid in positions:
            s["units"][uid]["at"] = positions[uid]
        elif not keep_others and (s["units"][uid]["at"] in d.move_cost or s["units"][uid]["at"] is None):
            s["units"][uid]["at"] = None
    s.update({"segment": segment, "phase": phase or segment, "active": active or d.first, "turn": turn,
              "disordered": sorted(disordered), "done": sorted(done), "pending": [], "combat": None,
              "retreat": None, "last": None, "ended": None})
    if owed is not None:
        s["owed"] = {**s["owed"], **owed}
    control = dict(control or {})
    for h in d.victory:
        if h not in control:
            here = [u for u in d.units if s["units"][u]["at"] == h and u not in d.all_commanders]
            control[h] = d.side_of[here[0]] if here else s["control"][h]
    s["control"] = control
    problems = r.validate(s)
    assert not problems, problems
    return s


def combat_units(r, side: str) -> list[str]:
    return list(r.d.combat_units[side])


def first_of(r, side: str, kind: str = "infantry", **values: Any) -> str:
    """The first combat unit of ``side`` of a kind with the given values."""
    for uid in r.d.combat_units[side]:
        u = r.d.units[uid]
        if u.kind == kind and all(getattr(u, k) == v for k, v in values.items()):
            return uid
    raise LookupError((side, kind, values))


# -- the lab: a small map with every kind of terrain, for rule tests that need exact geometry ------------
LAB_BOARD = {
    "grid": {"kind": "hex", "columns": 12, "rows": 10},
    "default_terrain": "flat",
    "terrain": {"hills": ["0505"], "wetland": ["0303"], "city": ["0404"], "mountain": ["0707", "0607"],
                "mountain-top": ["0708"], "pond": ["0110"]},
    "hexsides": {
        # a river between columns 09 and 10, crossed only by the road bridge 0905-1005
        "river": [pair for r in range(1, 11) for pair in ([f"09{r:02d}", f"10{r - 1:02d}"], [f"09{r:02d}", f"10{r:02d}"])
                  if pair[1] != "1000"],
        "stream": [["0306", "0307"], ["0406", "0407"], ["0402", "0502"], ["0206", "0207"], ["0505", "0506"]],
    },
    "roads": [["0102", "0202", "0302", "0402", "0502", "0602", "0702", "0802", "0902"],
              ["0805", "0905", "1005", "1105", "1205"]],
    "places": {"victory": ["0105", "1205", "0302", "0505", "0404", "0707", "0708", "0902", "1107", "1108", "0109",
                           "0609", "1210"],
               "entry-government": ["0105"], "entry-saigo": ["1210"]},
    "names": {"0505": "Hill", "0708": "Peak"},
}


def lab():
    """Rules for the lab scenario: Tabarazaka's units, tables and rules on LAB_BOARD."""
    import copy
    import json

    from kassen import paths
    from kassen.engine.scenario import parse_scenario
    from kassen.games.bakumatsu.rules import Rules

    global _LAB
    if _LAB is None:
        data = json.loads((paths.SCENARIOS_DIR / "bakumatsu" / "tabarazaka.json").read_text(encoding="utf-8"))
        data = copy.deepcopy(data)
        board = copy.deepcopy(LAB_BOARD)
        board["boxes"] = data["board"]["boxes"]
        data["board"] = board
        data["rules"]["victory"] = {"needed": 7, "control": {"government": ["0105"], "saigo": ["1210"]},
                                    "entry": {"government": "0105", "saigo": "1210"}}
        data["rules"]["takamori"]["entry"] = "entry-saigo"
        _LAB = Rules(parse_scenario(data, "lab.json"))
    return _LAB


_LAB = None
