"""The computer players: random, one-ply greedy, the heuristic candidate player and the search.

Every player decides from an Observation (its side's view and readable log) and its own seed:
the generator of each decision is seeded by the bot's seed and the observation's fingerprint, so
the same observation gives the same decision, whatever the hidden state and whatever was decided
before (undo in the page, replays in the arena). A full state is only ever a *sample* drawn by
the game's ``sample`` from the observation.

A decision is a ``Thinker``: ``step(seconds)`` does a slice of work, ``best()`` is the best action
found so far (always available, so the page can stop waiting at any moment), ``done`` says the
budget is spent. ``Player.choose`` runs a thinker to the end (command line, arena, tests).

- ``RandomPlayer``: a legal action, uniformly.
- ``OnePly``: each action (or the game's candidates) judged by ``Lookahead.after`` -- the exact
  odds of the dice to the next quiet state -- averaged over sampled states. With the game's plain
  ``material`` measure and every legal action it is the one-ply greedy player; with ``evaluate``
  and the game's candidates it is the heuristic candidate-action player (levels easy and normal,
  easy choosing with noise).
- ``SearchPlayer``: the heuristic ranks the candidates, then flat Monte Carlo over the best few:
  each iteration draws a fresh sampled state and plays every candidate on it (same sample, same
  dice for all: common random numbers) for a few quiet steps with the fast policy, then judges
  the position; the highest mean wins (level hard).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Optional, Sequence

from ..engine.actions import Action
from ..engine.rules import GameRules
from ..engine.state import CHANCE, TERMINAL, State
from .gameai import GameAI, game_ai
from .lookahead import Lookahead, advance, pick
from .observation import Observation


@dataclass(frozen=True)
class Config:
    """What a player does and how much (iterations, not time: the arena is reproducible; the
    page adds a time cap)."""

    kind: str  # "random" | "oneply" | "search"
    value: str = "evaluate"  # "evaluate" | "material"
    use_candidates: bool = True  # search only the game's candidates (else every legal action)
    samples: int = 1  # sampled states per one-ply judgement
    leaves: int = 48  # lookahead leaves per action and sample
    noise: float = 0.0  # easy: softmax temperature over values (0 = always the best)
    top: int = 4  # search: candidates kept for playouts
    iterations: int = 8  # search: sampled states, each played out once per candidate
    depth: int = 4  # search: quiet steps per playout
    playout_width: int = 3  # search: candidates the playout policy compares
    prior: float = 0.25  # search: weight of the one-ply value beside the playouts' mean
    margin: float = 0.08  # search: candidates further than this below the best are not searched
    seconds: Optional[float] = None  # wall-clock cap of one decision (the page); None: none


#: the players by name: the command line's --a/--b, the page's levels (easy, normal, hard)
PLAYERS: dict[str, Config] = {
    "random": Config("random"),
    "greedy": Config("oneply", value="material", use_candidates=False, samples=1, leaves=36),
    "easy": Config("oneply", samples=1, leaves=12, noise=0.06),
    "normal": Config("oneply", samples=2, leaves=36),
    "hard": Config("search", samples=1, leaves=36, top=3, iterations=6, depth=1, playout_width=12),
}
LEVELS = ("easy", "normal", "hard")


class Thinker:
    """One decision in progress."""

    def __init__(self, player: "Player", obs: Observation) -> None:
        self.player = player
        self.obs = obs
        self.ai: GameAI = player.ai
        self.side = obs.side
        self.rng = random.Random(f"{player.seed}|{obs.digest()}")
        self.done = False
        self.started = time.perf_counter()
        self.work = 0  # lookahead leaves and playout steps: a measure of effort
        self._samples: list[State] = []
        self.legal: list[Action] = []

    # -- the interface ----------------------------------------------------------------------------
    def step(self, seconds: float = 0.05) -> None:
        """Work for about ``seconds`` (at least one unit of work), then return."""
        raise NotImplementedError

    def best(self) -> Action:
        raise NotImplementedError

    def run(self, seconds: Optional[float] = None) -> Action:
        """Think until the budget is spent (or ``seconds`` pass), then decide."""
        limit = seconds if seconds is not None else self.player.config.seconds
        while not self.done:
            if limit is not None and time.perf_counter() - self.started >= limit:
                break
            self.step(0.05 if limit is None else max(0.0, min(0.05, limit - (time.perf_counter() - self.started))))
        return self.best()

    # -- shared helpers ------------------------------------------------------------------------------
    def sample(self, i: int) -> State:
        """The i-th sampled state of this decision (drawn once, in order, from the decision's
        generator)."""
        while len(self._samples) <= i:
            self._samples.append(self.ai.sample(self.obs, self.rng))
        return self._samples[i]

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


class Player:
    """A computer player of one game with its own seed."""

    def __init__(self, rules: GameRules, config: Config, seed: int | str = 0, name: str = "") -> None:
        self.rules = rules
        self.config = config
        self.seed = seed
        self.name = name or config.kind
        self.ai = game_ai(rules)

    def start(self, obs: Observation) -> Thinker:
        kind = self.config.kind
        if kind == "random":
            return RandomThinker(self, obs)
        planned = self.ai.plan(obs, random.Random(f"plan|{self.seed}"))
        if planned is not None:
            return PlannedThinker(self, obs, planned)
        if kind == "oneply":
            return OnePlyThinker(self, obs)
        if kind == "search":
            return SearchThinker(self, obs)
        raise ValueError(f"unknown player kind {kind!r}")

    def choose(self, obs: Observation) -> Action:
        return self.start(obs).run()


def make_player(rules: GameRules, name: str, seed: int | str = 0, **overrides: Any) -> Player:
    """A player by name (``PLAYERS``: random, greedy, easy, normal, hard), with the game's own
    budgets for that level (``GameAI.budgets``, then the scenario's ``GameAI.scenario_budgets``)
    and optional config overrides (e.g. ``seconds=2.0`` in the page)."""
    if name not in PLAYERS:
        raise ValueError(f"unknown player {name!r} (players: {', '.join(PLAYERS)})")
    config = PLAYERS[name]
    ai = game_ai(rules)
    for tuned in (ai.budgets.get(name), ai.scenario_budgets.get(rules.scenario.id, {}).get(name)):
        if tuned:
            config = replace(config, **tuned)
    if overrides:
        config = replace(config, **overrides)
    return Player(rules, config, seed, name)


# == random ===========================================================================================
class RandomThinker(Thinker):
    def __init__(self, player: Player, obs: Observation) -> None:
        super().__init__(player, obs)
        self.legal = self.player.rules.legal_actions(self.sample(0))
        self.choice = self.rng.choice(self.legal)
        self.done = True

    def step(self, seconds: float = 0.05) -> None:
        self.done = True

    def best(self) -> Action:
        return self.choice


class PlannedThinker(Thinker):
    """A decision the game takes by rule (``GameAI.plan``), if it is legal."""

    def __init__(self, player: Player, obs: Observation, planned: Action) -> None:
        super().__init__(player, obs)
        self.legal = self.player.rules.legal_actions(self.sample(0))
        self.choice = planned if planned in self.legal else self.legal[0]
        self.done = True

    def step(self, seconds: float = 0.05) -> None:
        self.done = True

    def best(self) -> Action:
        return self.choice


# == one ply: greedy, easy, normal ======================================================================
class OnePlyThinker(Thinker):
    """Judge each action (on each sample) with the exact odds to the next quiet state."""

    def __init__(self, player: Player, obs: Observation) -> None:
        super().__init__(player, obs)
        cfg = player.config
        first = self.sample(0)
        self.legal = player.rules.legal_actions(first)
        self.options = (self.ai.candidates(first, self.side, self.legal) if cfg.use_candidates else list(self.legal))
        if not self.options:
            self.options = list(self.legal)
        self.value = self.ai.material if cfg.value == "material" else self.ai.evaluate
        self.totals = [0.0] * len(self.options)
        self.counts = [0] * len(self.options)
        samples = cfg.samples if self.ai.has_secrets else 1  # without secrets every sample is the view
        self.queue = [(s, i) for s in range(samples) for i in range(len(self.options))]
        self.pos = 0
        self.choice: Optional[Action] = None
        if len(self.options) == 1:
            self.queue = []
        mix = self.ai.mixed(first, self.side, self.legal) if len(self.legal) > 1 else None
        if mix:  # a simultaneous choice: play the mixed strategy, drawn with this decision's generator
            self.choice = pick([(a, p) for a, p in mix if p > 0], self.rng)
            self.options, self.queue = [self.choice], []
        self.done = not self.queue

    def step(self, seconds: float = 0.05) -> None:
        end = time.perf_counter() + seconds
        cfg = self.player.config
        while self.pos < len(self.queue):
            s, i = self.queue[self.pos]
            self.pos += 1
            look = Lookahead(self.ai, self.side, self.value, self.rng)
            self.totals[i] += look.after(self.sample(s), self.options[i], cfg.leaves)
            self.counts[i] += 1
            self.work += look.leaves
            if time.perf_counter() >= end:
                break
        self.done = self.pos >= len(self.queue)

    def values(self) -> list[Optional[float]]:
        return [t / c if c else None for t, c in zip(self.totals, self.counts)]

    def best(self) -> Action:
        if self.choice is not None:
            return self.choice
        values = self.values()
        judged = [(v, i) for i, v in enumerate(values) if v is not None]
        if not judged:
            return self.options[0]
        noise = self.player.config.noise
        if noise > 0 and self.done:
            top = max(v for v, _ in judged)
            weights = [math.exp((v - top) / noise) for v, _ in judged]
            r = self.rng.random() * sum(weights)
            for w, (_, i) in zip(weights, judged):
                r -= w
                if r < 0:
                    break
            self.choice = self.options[i]
            return self.choice
        top = max(v for v, _ in judged)
        index = next(i for v, i in judged if v >= top - 1e-9)  # ties: the game's order of preference
        if self.done:
            self.choice = self.options[index]
        return self.options[index]


# == search: flat Monte Carlo over the best candidates ==================================================
class SearchThinker(Thinker):
    """The heuristic ranks the candidates (as level normal), then playouts on fresh samples
    compare the best ``top`` of them."""

    def __init__(self, player: Player, obs: Observation) -> None:
        super().__init__(player, obs)
        self.ply = OnePlyThinker(player, obs)
        # one generator and one list of samples for both stages (the same seed made both)
        self.rng, self._samples = self.ply.rng, self.ply._samples
        self.legal = self.ply.legal
        self.top: list[int] = []
        self.results: list[list[float]] = []  # per searched candidate, one value per iteration
        self.iteration = 0
        self.choice: Optional[Action] = None
        self.done = len(self.ply.options) == 1 or self.ply.choice is not None
        # Without secrets (and the default sampler) every sample is the view: only the game's RNG
        # differs, which nothing but chance steps read, and a search never takes chance outcomes
        # from it. A playout that drew nothing from its generator (no dice, no mixed choice on the
        # way) is then the same in every iteration, so it is played once and its value kept per
        # candidate, with the work it took
        same = not self.ai.has_secrets and type(self.ai).sample is GameAI.sample
        self.kept: Optional[dict[int, tuple[float, int]]] = {} if same else None

    def step(self, seconds: float = 0.05) -> None:
        end = time.perf_counter() + seconds
        if not self.ply.done:
            self.ply.step(seconds)
            self.work = self.ply.work
            if not self.ply.done or time.perf_counter() >= end:
                return
        cfg = self.player.config
        if not self.top:
            values = self.ply.values()
            order = sorted(range(len(values)), key=lambda i: -(values[i] or 0.0))
            best = values[order[0]] or 0.0
            # only candidates the heuristic cannot tell apart from the best are searched: a
            # clear decision costs no playouts
            self.top = [i for i in order[:max(1, cfg.top)] if (values[i] or 0.0) >= best - cfg.margin]
            self.results = [[] for _ in self.top]
            if len(self.top) == 1:
                self.done = True
                return
        while self.iteration < cfg.iterations:
            base = self.sample(cfg.samples + self.iteration)
            seed = self.rng.getrandbits(32)
            for slot, i in enumerate(self.top):
                self.results[slot].append(self.playout_kept(slot, base, self.ply.options[i], seed))
            self.iteration += 1
            if time.perf_counter() >= end:
                break
        self.done = self.iteration >= cfg.iterations

    def playout_kept(self, slot: int, state: State, action: Action, seed: int) -> float:
        """``playout``, or the value kept from an earlier iteration where that is the same (see
        ``kept``): the same value and the same count of work, in far less time."""
        kept = self.kept
        if kept is None:
            return self.playout(state, action, random.Random(seed))
        found = kept.get(slot)
        if found is not None:
            self.work += found[1]
            return found[0]
        rng = random.Random(seed)
        fresh = rng.getstate()
        work = self.work
        value = self.playout(state, action, rng)
        if rng.getstate() == fresh:  # nothing drawn: every iteration would play the same
            kept[slot] = (value, self.work - work)
        return value

    def playout(self, state: State, action: Action, rng: random.Random) -> float:
        """Play ``action``, then both sides with the fast policy for ``depth`` quiet steps (dice
        from a generator seeded alike for every candidate), and judge the position."""
        rules, ai, cfg = self.player.rules, self.ai, self.player.config
        state = advance(rules, state, action)
        quiet_steps = 0
        for _ in range(cfg.depth * 40):
            player = rules.current_player(state)
            if player == TERMINAL:
                return ai.terminal_value(state, self.side)
            if player == CHANCE:
                move = pick(rules.chance_outcomes(state), rng)
            else:
                legal = rules.legal_actions(state)
                if not legal:  # a sampled state the game cannot go on from (a sampler's fault)
                    break
                if ai.quiet(state):
                    if quiet_steps >= cfg.depth:
                        break
                    quiet_steps += 1
                move = legal[0] if len(legal) == 1 else fast_choice(ai, state, player, legal, rng, cfg.playout_width)
            state = advance(rules, state, move, in_place=True)  # the playout's own copy (line above the loop)
            self.work += 1
        return (ai.evaluate(state, self.side) if ai.quiet(state)
                else Lookahead(ai, self.side, ai.evaluate, rng).value(state, 1, owned=True))

    def values(self) -> list[tuple[Action, float]]:
        """(candidate, combined value) of the candidates searched so far: the one-ply value
        blended with the playouts' mean."""
        cfg = self.player.config
        prior = self.ply.values()
        out = []
        for slot, i in enumerate(self.top):
            runs = self.results[slot] if self.results else []
            mean = sum(runs) / len(runs) if runs else (prior[i] or 0.0)
            out.append((self.ply.options[i], cfg.prior * (prior[i] or 0.0) + (1 - cfg.prior) * mean))
        return out

    def best(self) -> Action:
        """The heuristic's choice, unless the playouts found another candidate better by more than
        their noise: the paired differences (same samples, same dice) must exceed 1.5 standard
        errors. Playouts are few and noisy; the one-ply values come from exact odds."""
        if self.choice is not None:
            return self.choice
        if not self.top or self.ply.choice is not None:
            return self.ply.best()
        values = self.values()
        found, found_value = values[0]
        base = self.results[0] if self.results else []
        for slot in range(1, len(self.top)):
            runs = self.results[slot]
            n = min(len(runs), len(base))
            if n < 3:
                continue
            diffs = [runs[k] - base[k] for k in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > 1.5 * math.sqrt(var / n) and values[slot][1] > found_value:
                found, found_value = values[slot]
        if self.done:
            self.choice = found
        return found


def fast_choice(ai: GameAI, state: State, player: str, legal: Sequence[Action], rng: random.Random,
                width: int) -> Action:
    """The playout policy: a reflex if the game has one, else the best of the first ``width``
    candidates after one sampled step (one leaf each)."""
    mix = ai.mixed(state, player, legal)
    if mix:
        return pick([(a, p) for a, p in mix if p > 0], rng)
    found = ai.reflex(state, player, legal)
    if found is not None:
        return found
    options = ai.candidates(state, player, legal)[:width] or list(legal)
    if len(options) == 1:
        return options[0]
    look = Lookahead(ai, player, ai.evaluate, rng)
    best, best_value = options[0], -1.0
    for action in options:
        v = look.after(state, action, 1)
        if v > best_value:
            best, best_value = action, v
    return best
