"""Seeded random self-play with the invariants every game must keep after every action.

Used by each game's test_selfplay.py (CI runs at least 200 games per game):
- every legal action (a sample of them at each step, plus the chosen one) applies;
- the state stays plain JSON data and passes the game's own ``validate``;
- the codec round-trips the state (play link) and the spectator view (view link);
- a spectator view never contains the RNG, and passes ``validate_view``;
- undo restores the exact earlier state, and redo the later one (History, within barriers);
- replaying the seed and the recorded actions reproduces the final state bit for bit;
- game-specific invariants (a callback) hold;
- for games on the phase toolkit: refusals agree with the legal actions and cite clauses
  (support/refusals.py), and every state key is classified by the observation whitelist.

A big game may ask for the costly harness checks (no duplicate legal action, the probe applies,
the refusals, undo/redo) at a sample of its decisions (``deep_sample``, drawn by a generator of
their own, so the games played do not depend on it); the rule checks (legal actions, validate,
plain data, observation, the game's invariant) still run after every action, the codec every
``check_codec_every`` actions, and the full replay at the end of every game.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from kassen.engine import codec
from kassen.engine.actions import Action
from kassen.engine.history import History
from kassen.engine.play import replay, sample_chance
from kassen.engine.rules import GameRules
from kassen.engine.phases import PhasedRules
from kassen.engine.state import CHANCE, TERMINAL, State, is_plain

from .refusals import check_observation, check_refusals

Invariant = Callable[[GameRules, State], None]
#: chooses the action to play among the legal ones (default: uniformly at random with ``chooser``)
Policy = Callable[[GameRules, State, list[Action], random.Random], Action]


@dataclass
class SelfPlayReport:
    games: int = 0
    finished: int = 0
    actions: int = 0
    winners: dict[str, int] = field(default_factory=dict)
    longest_link: int = 0
    longest_view_link: int = 0


def play_checked(rules: GameRules, seed: int, max_actions: int = 3000, sample_legal: int = 3,
                 invariant: Optional[Invariant] = None, check_codec_every: int = 1,
                 report: Optional[SelfPlayReport] = None, policy: Optional[Policy] = None,
                 deep_sample: float = 1.0) -> State:
    """Play one random game checking every invariant after every action; returns the final state.

    ``deep_sample``: the share of decisions at which the duplicate check, the legal-action probes,
    the refusal check and undo/redo run (1: all of them); the codec runs every ``check_codec_every``
    actions and at the end."""
    chooser = random.Random(f"selfplay:{seed}")
    prober = random.Random(f"refusals:{seed}")  # its own generator: the games played stay the same
    sampler = random.Random(f"deep:{seed}")  # which decisions get the costly checks (the same way)
    history = History.new(rules, seed)
    load = lambda sid: rules  # noqa: E731
    n = 0
    while n < max_actions:
        state = history.state
        player = rules.current_player(state)
        if player == TERMINAL:
            break
        deep = deep_sample >= 1 or sampler.random() < deep_sample
        if player == CHANCE:
            action = sample_chance(rules, state)
        else:
            legal = list(rules.legal_actions(state))
            assert legal, f"seed {seed}: {player} has no legal action at step {n}"
            probes = chooser.sample(legal, min(sample_legal, len(legal)))  # drawn always: the same games
            if deep:
                assert len(set(legal)) == len(legal), f"seed {seed}: duplicate legal actions at step {n}"
                for probe in probes:
                    rules.apply(state, probe)  # must not raise
                if isinstance(rules, PhasedRules):
                    check_refusals(rules, state, legal, prober, samples=1)
            action = chooser.choice(legal) if policy is None else policy(rules, state, legal, chooser)
        before = state
        history.play(action)
        after = history.state
        assert is_plain(after), f"seed {seed}: state is not plain JSON data after {action}"
        errors = rules.validate(after)
        assert not errors, f"seed {seed}: invalid state after {action}: {errors}"
        if isinstance(rules, PhasedRules):
            check_observation(rules, after)
        if invariant:
            invariant(rules, after)
        if deep and history.can_undo():
            history.undo()
            assert history.state == before, f"seed {seed}: undo of {action} did not restore the state"
            history.redo()
            assert history.state == after, f"seed {seed}: redo of {action} did not give the same state"
        if n % check_codec_every == 0 or rules.current_player(after) == TERMINAL:
            link = codec.encode(rules, "p", after)
            assert codec.decode(link, load)[2] == after, f"seed {seed}: play link did not round-trip"
            view = rules.view_for(after, None)
            assert "rng" not in view
            vlink = codec.encode(rules, "v", view)
            assert codec.decode(vlink, load)[2] == view, f"seed {seed}: view link did not round-trip"
            for side in rules.sides:
                side_view = rules.view_for(after, side)
                assert not rules.validate_view(side_view), rules.validate_view(side_view)
            if report is not None:
                report.longest_link = max(report.longest_link, len("index.html#" + link))
                report.longest_view_link = max(report.longest_view_link, len("index.html#" + vlink))
        n += 1
    final = history.state
    assert replay(rules, seed, None, history.record) == final, f"seed {seed}: replay differs"
    if report is not None:
        report.games += 1
        report.actions += n
        if rules.current_player(final) == TERMINAL:
            report.finished += 1
            winner = (rules.outcome(final) or {}).get("winner") or "draw"
            report.winners[winner] = report.winners.get(winner, 0) + 1
    return final


def run_selfplay(rules: GameRules, games: int, first_seed: int = 1, **kwargs: Any) -> SelfPlayReport:
    report = SelfPlayReport()
    for seed in range(first_seed, first_seed + games):
        play_checked(rules, seed, report=report, **kwargs)
    return report
