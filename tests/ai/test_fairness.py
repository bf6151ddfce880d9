"""Fair by construction, and proved: two states that give the computer's side the same view (and
the same readable log) get the same decision from the same bot seed.

For each position of seeded games, a second state B differs from the real one A only in what the
deciding side may not see -- Mukden: the other side's fighting power moved between its units
(mukden.3.secret-until-end); Kawanakajima: two face-down generals the side cannot identify
exchanged, and the other side's face-down card pick exchanged with another card of its hand
(3(2), 8 Resolution (1)) -- and the log lines only the other side may read are altered. The test
checks that the views really are equal, then that the decisions are.
"""
from __future__ import annotations

import random
from typing import Optional

import pytest

from kassen.ai import make_player, observe
from kassen.engine.state import Event, State, clone
from kassen.engine.visibility import is_anonymous
from kassen.games import load_rules

from .positions import positions


def _alter_secret_events(events: list[Event], enemy: str) -> list[Event]:
    """The other side's private log lines, changed (a bot that read them would decide otherwise)."""
    out = []
    for e in events:
        if e.get("to") == enemy:
            e = clone(e)
            e["msg"] = {"key": "test.secret", "args": {"value": 99}}
        out.append(e)
    return out


def mukden_twin(rules, state: State, side: str, rng: random.Random) -> Optional[State]:  # type: ignore[no-untyped-def]
    """The other side's FP shifted from one surviving unit to another (totals kept, minimum kept)."""
    if state["phase"] == "allot":
        return None
    m = rules.map
    enemy = "russia" if side == "japan" else "japan"
    alive = [u for u in m.units_of[enemy] if state["units"][u]["at"] is not None]
    donors = [u for u in alive if state["fp"][enemy][u] >= 2 and state["allotment"][enemy][u] > m.fp_min]
    if not donors or len(alive) < 2:
        return None
    u = rng.choice(donors)
    v = rng.choice([x for x in alive if x != u])
    twin = clone(state)
    for record in (twin["allotment"][enemy], twin["fp"][enemy]):
        record[u] -= 1
        record[v] += 1
    return twin


def kawanakajima_twin(rules, state: State, side: str, rng: random.Random) -> Optional[State]:  # type: ignore[no-untyped-def]
    """Two generals the side cannot identify exchanged; the other side's hidden pick exchanged
    with another card of its hand."""
    view = rules.view_for(state, side)
    enemy = "takeda" if side == "uesugi" else "uesugi"
    twin = clone(state)
    changed = False
    hidden = [u for u in rules.t.side_units[enemy] if u not in view["units"]]
    rng.shuffle(hidden)
    for i in range(len(hidden)):
        for j in range(i + 1, len(hidden)):
            a, b = hidden[i], hidden[j]
            if state["units"][a]["at"] == state["units"][b]["at"]:
                continue
            trial = clone(twin)
            trial["units"][a], trial["units"][b] = clone(twin["units"][b]), clone(twin["units"][a])
            swap = {a: b, b: a}
            act = trial.get("activation")
            if act and act["unit"] in swap:
                act["unit"] = swap[act["unit"]]
            trial["finished"] = [swap.get(x, x) for x in trial["finished"]]
            if trial["combat"]:
                for k in ("attacker", "defender"):
                    trial["combat"][k] = swap.get(trial["combat"][k], trial["combat"][k])
            for item in trial["pending"]:
                if "unit" in item:
                    item["unit"] = swap.get(item["unit"], item["unit"])
            if not rules.validate(trial):
                twin, changed = trial, True
                break
        if changed:
            break
    combat = twin.get("combat")
    if combat and combat["picks"][enemy] is not None:
        hand = twin["hands"][enemy]
        other = [c for c in hand if c != combat["picks"][enemy]]
        if other:
            new = rng.choice(other)
            hand.remove(new)
            hand.append(combat["picks"][enemy])
            hand.sort(key=lambda c: (c == "R", float(c) if c != "R" else 0))
            combat["picks"][enemy] = new
            changed = True
    return twin if changed else None


CASES = [
    ("mukden", mukden_twin, range(1, 5), 3, "normal"),
    ("mukden", mukden_twin, range(7, 9), 5, "hard"),
    ("kawanakajima", kawanakajima_twin, range(1, 2), 9, "normal"),
]


@pytest.mark.parametrize("scenario,twin_of,seeds,every,level", CASES)
def test_same_view_same_decision(scenario, twin_of, seeds, every, level) -> None:  # type: ignore[no-untyped-def]
    rules = load_rules(scenario)
    rng = random.Random(11)
    compared = 0
    for state, events, side in positions(rules, seeds, every):
        twin = twin_of(rules, state, side, rng)
        if twin is None:
            continue
        enemy = rules.sides[1] if side == rules.sides[0] else rules.sides[0]
        assert twin != state
        assert rules.view_for(twin, side) == rules.view_for(state, side)
        twin_events = _alter_secret_events(events, enemy)
        player = make_player(rules, level, seed="fair")
        one = player.choose(observe(rules, state, events, side))
        two = make_player(rules, level, seed="fair").choose(observe(rules, twin, twin_events, side))
        assert one == two, f"{scenario}: the decision changed with what {side} cannot see"
        compared += 1
    assert compared >= 8


def _with_secrets() -> list[str]:
    """Every scenario whose game hides something (a new game is covered as soon as it exists)."""
    from kassen.games import scenario_ids

    return [sid for sid in scenario_ids() if load_rules(sid).hidden_information]


@pytest.mark.parametrize("scenario", _with_secrets())
def test_same_view_same_decision_on_sampled_twins(scenario: str) -> None:
    """For any game with secrets, without a hand-made twin: B is drawn by the game's own sampler
    from the view alone (its secrets and its dice are fresh), so A and B differ in nothing the
    deciding side can see -- checked -- and the decisions must agree."""
    from kassen.ai import game_ai

    rules = load_rules(scenario)
    ai = game_ai(rules)
    rng = random.Random(23)
    compared = 0
    for state, events, side in positions(rules, range(1, 3), 11):
        obs = observe(rules, state, events, side)
        twin = ai.sample(obs, rng)
        if twin == state:
            continue
        assert rules.view_for(twin, side) == rules.view_for(state, side)
        enemy = next(s for s in rules.sides if s != side)
        one = make_player(rules, "normal", seed="fair").choose(obs)
        two = make_player(rules, "normal", seed="fair").choose(
            observe(rules, twin, _alter_secret_events(events, enemy), side))
        assert one == two, f"{scenario}: the decision changed with what {side} cannot see"
        compared += 1
        if compared >= 12:
            break
    assert compared >= 4
