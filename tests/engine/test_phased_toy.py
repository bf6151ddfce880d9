"""The phase toolkit (engine/phases.py), observation whitelists (engine/visibility.py) and
messages (engine/messages.py) on a toy game written the way a real game is: a phase table."""
from __future__ import annotations

import json
import random
from typing import Any, Iterable, Optional

import pytest

from kassen.engine import messages
from kassen.engine.actions import Action
from kassen.engine.errors import IllegalAction
from kassen.engine.messages import cell, msg, render, side, unit
from kassen.engine.phases import ACTIVE, ChancePhase, IllegalMove, Over, Phase, PhasedRules, Refusal, phase_table, refuse
from kassen.engine.scenario import parse_scenario
from kassen.engine.state import CHANCE, TERMINAL, State, View, event
from kassen.engine.visibility import (BASE_OBSERVATION, HIDDEN, OWN, PUBLIC, anonymous_ids, build_view, by_token,
                                      own, tie_salt, unclassified)

from tests.support.refusals import check_observation, check_refusals
from .toy import SCENARIO


class Move(Phase):
    name, clause, actor = "move", "toy.2.move", ACTIVE

    def actions(self, g: "Toy", state: State) -> Iterable[Action]:
        me = g.mine(state)
        at = state["units"][me]["at"]
        return [Action("move", (me,), c) for c in (at, *g.board.neighbors[at]) if c not in g.enemy_cells(state)]

    def refuse_move(self, g: "Toy", state: State, action: Action) -> Optional[Refusal]:
        me = g.mine(state)
        if action.units != (me,) or action.arg is not None:
            return refuse("toy.refuse.own", "toy.2.move")
        at = state["units"][me]["at"]
        if action.cell not in (at, *g.board.neighbors[at]):
            return refuse("toy.refuse.one-hex", "toy.2.move", cell=cell(action.cell))
        if action.cell in g.enemy_cells(state):
            return refuse("toy.refuse.occupied", "toy.2.occupied")
        return None

    def do_move(self, g: "Toy", state: State, action: Action) -> list:
        uid = action.units[0]
        frm = state["units"][uid]["at"]
        state["units"][uid]["at"] = action.cell
        state["phase"] = "roll"
        return [event(msg("toy.log.move", unit=unit(uid), to=cell(action.cell), **{"from": cell(frm)}), "move")]

    def prompt(self, g: "Toy", view: View) -> dict[str, Any]:
        return msg("toy.prompt.move", side=side(view["to_move"]))


class Roll(ChancePhase):
    name, clause = "roll", "toy.3.roll"

    def chance(self, g: "Toy", state: State) -> list[tuple[Action, float]]:
        return [(Action("roll", arg=str(d)), 1 / 6) for d in range(1, 7)]

    def do_roll(self, g: "Toy", state: State, action: Action) -> list:
        die = int(action.arg or 0)
        state["score"][state["active"]] += die
        if state["turn"] >= 3 and state["active"] == "blue":
            state["phase"] = "over"
        else:
            if state["active"] == "blue":
                state["turn"] += 1
            state["active"] = g.other_side(state["active"])
            state["phase"] = "move"
        return [event(msg("toy.log.roll", die=die), "dice", dice=[die]),
                event(msg("toy.log.secret", n=state["secret"][g.other_side(state["active"])]), "secret",
                      to=g.other_side(state["active"]))]


class Toy(PhasedRules):
    game = "toy"
    hidden_information = True
    phases = phase_table(Move(), Roll(), Over())
    observation = {**BASE_OBSERVATION, "units": PUBLIC, "phase": PUBLIC, "active": PUBLIC, "score": PUBLIC,
                   "secret": own(reveal=lambda s: s["phase"] == "over"), "salt": HIDDEN}

    def setup(self, seed: int | str, options: Optional[dict[str, Any]] = None) -> State:
        state = self.base_state(seed, options)
        state.update(phase="move", active="red", score={"red": 0, "blue": 0}, secret={"red": 3, "blue": 5},
                     salt=7)
        return state

    def mine(self, state: State) -> str:
        return self.scenario.units_of(state["active"])[0]

    def enemy_cells(self, state: State) -> set[str]:
        return {u["at"] for uid, u in state["units"].items() if self.scenario.units[uid]["side"] != state["active"]}

    def outcome(self, state: State) -> Optional[dict[str, Any]]:
        if state["phase"] != "over":
            return None
        red, blue = state["score"]["red"], state["score"]["blue"]
        return {"winner": "red" if red > blue else "blue" if blue > red else None, "level": None,
                "reason": msg("toy.result"), "scores": {}}


CATALOG = {"toy.refuse.own": "Move your own unit", "toy.refuse.one-hex": "A unit moves one hex, not to {cell}",
           "toy.refuse.occupied": "The enemy is there", "toy.log.move": "{unit} moves {from} -> {to}.",
           "toy.prompt.move": "{side}: move.", "toy.log.roll": "Rolled {die:+d}.",
           "toy.log.secret": "Your secret is {n}.", "toy.result": "The end.", "toy.phase.move": "movement",
           "toy.phase.roll": "the roll", "toy.phase.over": "over",
           "toy.units": {"one": "{count} unit", "other": "{count} units"}}


@pytest.fixture(scope="module")
def g(tmp_path_factory) -> Toy:
    folder = tmp_path_factory.mktemp("locale")
    (folder / "en.json").write_text(json.dumps(CATALOG), encoding="utf-8")
    (folder / "ja.json").write_text(json.dumps({"toy.prompt.move": "{side}：移動"}, ensure_ascii=False), encoding="utf-8")
    messages.register_catalog_dir(folder)
    return Toy(parse_scenario(SCENARIO, "toy.json"))


def test_the_protocol_comes_from_the_phase_table(g):
    s = g.setup(1)
    assert g.current_player(s) == "red"
    assert [a.to_text() for a in g.legal_actions(s)] == ["move r1 @0101", "move r1 @0102", "move r1 @0201"]
    s, ev = g.apply(s, "move r1 @0201")
    assert g.current_player(s) == CHANCE and g.legal_actions(s) == []
    assert [a.to_text() for a, _ in g.chance_outcomes(s)] == [f"roll ={d}" for d in range(1, 7)]
    assert g.say(ev[0]) == "Red <One> moves 0101 -> 0201."
    s, ev = g.apply(s, "roll =4")
    assert g.current_player(s) == "blue" and g.say(ev[0]) == "Rolled +4."


def test_refusals_cite_their_clause_and_match_legality(g):
    s = g.setup(1)
    with pytest.raises(IllegalMove, match=r"A unit moves one hex, not to 0403 \(toy\.2\.move\)\.") as info:
        g.apply(s, "move r1 @0403")
    assert info.value.refusal.clauses == ("toy.2.move",) and isinstance(info.value, IllegalAction)
    assert g.explain(s, Action.parse("roll =3")) == (
        "Now is the time for: movement; 'roll' belongs to: the roll (toy.2.move).")
    assert "not an action of this game" in g.explain(s, Action.parse("dance"))
    assert g.is_legal(s, Action.parse("move r1 @0102")) and not g.is_legal(s, Action.parse("move b1 @0102"))
    rnd = random.Random(1)
    for _ in range(30):
        legal = g.legal_actions(s)
        if legal:
            assert check_refusals(g, s, legal, rnd, samples=3)
            check_observation(g, s)
            s, _ = g.apply(s, rnd.choice(legal))
        elif g.current_player(s) == CHANCE:
            s, _ = g.apply(s, "roll =2")
        else:
            break
    assert g.current_player(s) == TERMINAL
    with pytest.raises(IllegalAction, match="over"):
        g.apply(s, "move r1 @0101")
    assert g.refusal(s, Action.parse("move r1 @0101")).clauses == ()  # the toy's Over names no clause


def test_after_the_end_a_refusal_cites_the_game_end_clause(g):
    """A game whose Over phase names its game-end clause gets it cited in every refusal after the end."""
    class Ended(Over):
        clause = "toy.end"

    class EndedGame(type(g)):
        phases = phase_table(*(p for p in type(g).phases.values() if p.name != "over"), Ended())

    ended = EndedGame(g.scenario)
    s = dict(ended.setup(1), phase="over")
    found = ended.refusal(s, Action.parse("move r1 @0101"))
    assert found is not None and found.clauses == ("toy.end",)
    assert ended.explain(s, Action.parse("move r1 @0101")) == "The game is over (toy.end)."


def test_a_wrong_chance_outcome_is_refused(g):
    s, _ = g.apply(g.setup(1), "move r1 @0201")
    assert g.refusal(s, Action.parse("roll =7")) is not None
    assert g.refusal(s, Action.parse("roll =6")) is None


def test_views_are_built_from_the_whitelist(g):
    s = g.setup(1)
    s["debug"] = "a key nobody classified"
    for viewer in (None, "red", "blue"):
        view = g.view_for(s, viewer)
        assert "debug" not in view and "rng" not in view and "salt" not in view
        assert view["secret"] == {"red": 3 if viewer == "red" else None, "blue": 5 if viewer == "blue" else None}
        assert view["viewer"] == viewer and view["to_move"] == "red"
    assert unclassified(g.observation, s) == ["debug"]
    with pytest.raises(AssertionError, match="debug"):
        check_observation(g, s)
    s["phase"] = "over"
    assert g.view_for(s, None)["secret"] == {"red": 3, "blue": 5}  # own(reveal=...) at the end
    assert build_view({"a": PUBLIC, "b": OWN}, g, {"a": [1], "b": {"x": 1, "y": 2}}, "y") == \
        {"a": [1], "b": {"x": None, "y": 2}}


def test_anonymous_ids_depend_only_on_what_the_viewer_sees():
    at = {"k": "0101", "s": "0101", "t": "0202", "u": "box"}
    salt = tie_salt({"rng": 12345})
    ids = anonymous_ids({"east": ["k", "s", "t", "u"]}, lambda uid: (at[uid],), salt)
    assert sorted(ids.values()) == ["?east-1", "?east-2", "?east-3", "?east-4"]
    assert ids["t"] == "?east-3" and ids["u"] == "?east-4"  # by cell: 0101, 0101, 0202, box
    # swapping the identities of two look-alike units changes nothing the viewer can see
    swapped = {"k": "0202", "s": "0101", "t": "0101", "u": "box"}
    ids2 = anonymous_ids({"east": ["k", "s", "t", "u"]}, lambda uid: (swapped[uid],), salt)
    seen = sorted((v, at[k]) for k, v in ids.items())
    seen2 = sorted((v, swapped[k]) for k, v in ids2.items())
    assert seen == seen2
    # the order among look-alikes follows a secret salt, not the unit ids
    orders = {tuple(k for k, v in sorted(anonymous_ids({"east": ["k", "s"]}, lambda uid: ("0101",),
                                                       tie_salt({"rng": r})).items(), key=lambda kv: kv[1]))
              for r in range(20)}
    assert orders == {("k", "s"), ("s", "k")}
    assert list(by_token({"?east-10": 1, "?east-2": 2, "b1": 3, "a1": 4})) == ["a1", "b1", "?east-2", "?east-10"]


def test_messages_render_per_language_with_typed_arguments(g):
    line = msg("toy.log.move", unit=unit("r1"), to=cell("0403"), **{"from": cell("0101")})
    assert render(line, "en", g) == "Red <One> moves 0101 -> 0403."
    assert render(msg("toy.prompt.move", side=side("blue")), "ja", g) == "Blue：移動"
    assert render(msg("toy.log.roll", die=3), "ja", g) == "Rolled +3."  # falls back to English
    assert render(msg("toy.units", count=1)) == "1 unit" and render(msg("toy.units", count=2)) == "2 units"
    assert render(msg("no.such.key", x=1)) == "no.such.key"
    assert render(msg("toy.log.move", unit="x" * 5000)).count("x") == messages.MAX_ARG_TEXT
    # a missing argument does not break the line (or, with a format spec, falls back to the key)
    assert render(msg("toy.log.move", unit="u", to="t")) == "u moves {from} -> t."
    assert render(msg("toy.log.roll")) == "toy.log.roll"
    assert render([cell("0101"), "b"], "ja", g) == "0101、b"
    assert messages.text_of({"text": "old save line"}) == "old save line"
    assert set(messages.keys_used({"msg": line, "x": [msg("a.b")]})) == {"toy.log.move", "a.b"}


def test_links_saves_and_rulings_come_from_the_declared_schema_module_and_ruling_list():
    """A game names its schema module and rulings; PhasedRules forwards (no method per game): each
    schema is built once per scenario, pack/unpack get the rules, rulings are copies."""
    from types import SimpleNamespace

    built = []

    def state_schema(rules, view=False):
        built.append(view)
        return {"type": "object", "view": view}

    module = SimpleNamespace(state_schema=state_schema, upgrade=lambda data: {**data, "up": 1},
                             pack=lambda rules, obj: ["packed", rules.game, obj],
                             unpack=lambda rules, data: data[2])
    ruling = {"id": "R1", "topic": "t", "ruling": "r", "why": "w", "clauses": ["toy.2.move"]}

    class Declared(Toy):
        schema = module
        ruling_list = (ruling,)

    d = Declared(parse_scenario(SCENARIO, "toy.json"))
    assert d.state_schema() is d.state_schema() and d.state_schema()["view"] is False
    assert d.view_schema() is d.view_schema() and d.view_schema()["view"] is True
    assert built == [False, True]
    assert d.upgrade({"a": 1}) == {"a": 1, "up": 1}
    assert d.pack({"a": 1}) == ["packed", "toy", {"a": 1}] and d.unpack(d.pack({"a": 1})) == {"a": 1}
    found = d.rulings()
    assert found == [ruling]
    found[0]["clauses"].append("x")
    assert ruling["clauses"] == ["toy.2.move"]  # the game's data is untouched
    # without them: the engine's defaults (identity, the state schema less the RNG, the scenario's rulings)
    plain = Toy(parse_scenario(SCENARIO, "toy.json"))
    assert plain.upgrade({"a": 1}) == {"a": 1} and plain.pack({"a": 1}) == {"a": 1}
    assert "rng" not in plain.view_schema()["properties"] and plain.rulings() == []


def test_a_verb_at_the_wrong_time_cites_the_clause_the_game_names_for_it(g):
    """``wrong_time_clauses``: an action of a listed verb in another phase is refused with the game's
    ``<game>.refuse.wrong-time`` message, citing the verb's clause and then the phase's; an unlisted
    verb gets the engine's answer."""

    class Timed(Toy):
        wrong_time_clauses = {"roll": "toy.3.roll"}

    t = Timed(parse_scenario(SCENARIO, "toy.json"))
    s = t.setup(1)
    found = t.refusal(s, Action("roll", arg="3"))
    assert found.clauses == ("toy.3.roll", "toy.2.move")
    assert found.message["key"] == "toy.refuse.wrong-time"
    assert found.message["args"]["verb"] == "roll" and found.message["args"]["now"] == msg("toy.phase.move")
    assert g.refusal(s, Action("roll", arg="3")).message["key"] == "engine.refuse.not-now"


def test_the_acting_row_names_who_acts_or_who_won(g):
    """engine.phases.acting_row: the status row of the side (or dice) to act, or of the winner."""
    from kassen.engine.phases import acting_row

    assert acting_row(g, {"to_move": "red"}) == (msg("toy.status.to-act"), side("red"))
    assert acting_row(g, {"to_move": CHANCE}) == (msg("toy.status.to-act"), msg("toy.status.dice"))
    over = {"to_move": TERMINAL, "outcome": {"winner": "blue"}}
    assert acting_row(g, over) == (msg("toy.status.result"), msg("toy.status.wins", side=side("blue")))
    assert acting_row(g, {"to_move": TERMINAL, "outcome": {"winner": None}}, no_winner="over") == \
        (msg("toy.status.result"), msg("toy.status.over"))


def test_short_side_names_from_the_scenario(g):
    """engine.rules.short_side_name: the scenario's short names (a game's hooks.side_name)."""
    from types import SimpleNamespace

    from kassen.engine.rules import short_side_name

    info = {"a": {"name": "Army A", "short": "A", "name_ja": "甲軍", "short_ja": "甲"}, "b": {"name": "Army B", "name_ja": "乙軍"}}
    rules = SimpleNamespace(scenario=SimpleNamespace(side_info=info))
    assert [short_side_name(rules, s, "en") for s in ("a", "b", "c")] == ["A", "Army B", "c"]
    assert [short_side_name(rules, s, "ja") for s in ("a", "b", "c")] == ["甲", "乙軍", "c"]


def test_a_strict_view_schema_from_a_state_schema():
    """engine.rules.add_view_keys: no RNG in a view; viewer, to_move and outcome strictly typed."""
    from kassen.engine.rules import add_view_keys
    from kassen.engine.schema import SchemaViolation, Validator

    props = {"rng": {"type": "integer"}, "turn": {"type": "integer"}}
    required = ["rng", "turn"]
    add_view_keys(props, required, ("red", "blue"), ["points", None])
    assert required == ["turn", "viewer", "to_move", "outcome"] and list(props) == ["turn", "viewer", "to_move", "outcome"]
    check = Validator({"type": "object", "required": required, "additionalProperties": False, "properties": props})
    good = {"turn": 1, "viewer": None, "to_move": "chance",
            "outcome": {"winner": "red", "level": "points", "reason": "r", "scores": {}}}
    check.validate(good)
    for bad in ({**good, "rng": 1}, {**good, "to_move": "green"}, {**good, "outcome": {**good["outcome"], "level": "x"}}):
        with pytest.raises(SchemaViolation):
            check.validate(bad)
