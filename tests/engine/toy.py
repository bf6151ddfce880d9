"""A toy game used to test the engine's mechanisms without any real game's rules.

Two sides, one unit each, on a 4x3 hex map. A turn: move 0-1 hexes, then if adjacent to the
enemy you may attack: a die roll of 4+ removes the enemy. Each side also has a secret number
(hidden information) chosen at set-up by the RNG.
"""
from __future__ import annotations

from typing import Any, Iterable, Optional

from kassen.engine import rng
from kassen.engine.actions import Action
from kassen.engine.rules import GameRules
from kassen.engine.scenario import parse_scenario
from kassen.engine.state import CHANCE, TERMINAL, Event, Outcome, State, View, event

SCENARIO = {
    "format": 1, "id": "toy", "game": "toy", "title": "Toy",
    "provenance": {"status": "reconstructed", "summary": "test data"},
    "sides": [{"id": "red", "name": "Red", "color": "#cc0000"}, {"id": "blue", "name": "Blue", "color": "#0000cc"}],
    "board": {"grid": {"kind": "hex", "columns": 4, "rows": 3},
              "terrain": {"hill": ["0202"]}, "hexsides": {"river": [["0201", "0202"]]},
              "places": {"goal": ["0403"]}},
    "units": [{"id": "r1", "side": "red", "name": "Red <One>", "start": "0101"},
              {"id": "b1", "side": "blue", "name": "Blue One", "start": "0403"}],
}


class ToyRules(GameRules):
    game = "toy"
    hidden_information = True

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        state = self.base_state(seed, options)
        r = state["rng"]
        secrets = {}
        for side in self.sides:
            value, r = rng.roll(r, 6)
            secrets[side] = value
        state.update({"rng": r, "secret": secrets, "active": "red", "phase": "move", "pending_roll": False})
        return state

    def current_player(self, state: State) -> str:
        if state["phase"] == "over":
            return TERMINAL
        if state["pending_roll"]:
            return CHANCE
        return state["active"]

    def _mine(self, state: State) -> str:
        return [u for u in self.scenario.units_of(state["active"]) if state["units"][u]["at"]][0]

    def _enemy_at(self, state: State) -> Optional[str]:
        for uid, u in state["units"].items():
            if self.scenario.units[uid]["side"] != state["active"] and u["at"]:
                return u["at"]
        return None

    def legal_actions(self, state: State) -> Iterable[Action]:
        if self.current_player(state) in (CHANCE, TERMINAL):
            return []
        me = self._mine(state)
        at = state["units"][me]["at"]
        enemy = self._enemy_at(state)
        if state["phase"] == "move":
            out = [Action("move", (me,), at)]
            out += [Action("move", (me,), n) for n in self.board.neighbors[at] if n != enemy]
            return out
        out = [Action("pass")]
        if enemy and self.board.adjacent(at, enemy):
            out.append(Action("attack", (), enemy))
        return out

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if self.current_player(state) != CHANCE:
            return []
        return [(Action("roll", arg=str(d)), 1 / 6) for d in range(1, 7)]

    def _apply(self, state: State, action: Action) -> list[Event]:
        if action.verb == "move":
            state["units"][action.units[0]]["at"] = action.cell
            state["phase"] = "fight"
            return [event(f"moved to {action.cell}", "move")]
        if action.verb == "attack":
            state["pending_roll"] = True
            return [event("attacks", "combat")]
        if action.verb == "roll":
            state["pending_roll"] = False
            events = [event(f"rolled {action.arg}", "dice", dice=[int(action.arg)])]
            if int(action.arg) >= 4:
                for uid, u in state["units"].items():
                    if self.scenario.units[uid]["side"] != state["active"]:
                        u["at"] = None
                state["phase"] = "over"
                events.append(event("secrets revealed", "reveal"))
                return events
        state["active"] = "blue" if state["active"] == "red" else "red"
        state["phase"] = "move"
        if state["active"] == "red":
            state["turn"] += 1
            if state["turn"] > 20:
                state["phase"] = "over"
        return [event("next player", "phase")]

    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        alive = [self.scenario.units[u]["side"] for u, s in state["units"].items() if s["at"]]
        return {"winner": alive[0] if len(alive) == 1 else None, "reason": "elimination" if len(alive) == 1 else "time"}

    def redact(self, view: View, state: State, player: Optional[str]) -> None:
        if state["phase"] != "over":
            view["secret"] = {s: (v if s == player else None) for s, v in state["secret"].items()}

    def state_schema(self) -> dict[str, Any]:
        schema = super().state_schema()
        schema["properties"]["secret"] = {"type": "object", "additionalProperties": {"type": ["integer", "null"]}}
        schema["properties"]["phase"] = {"enum": ["move", "fight", "over"]}
        schema["required"] = schema["required"] + ["secret", "phase", "active", "pending_roll"]
        return schema

    def validate(self, state: State) -> list[str]:
        errors = super().validate(state)
        cells = [u["at"] for u in state["units"].values() if u["at"]]
        if len(cells) != len(set(cells)):
            errors.append("two units share a hex")
        return errors


def toy_rules() -> ToyRules:
    return ToyRules(parse_scenario(SCENARIO, "toy.json"))
