"""What the computer opponent knows about Ikedaya (kassen.ai.gameai.GameAI).

No secrets: the sampler is the default (the view plus a fresh RNG from the bot's generator).

The evaluation projects the final score. Escaped Ronin and killed Shinsengumi count for the Ronin,
killed or captured Ronin for the Shinsengumi (ikedaya.victory.*); every Ronin still inside is
counted by its chance of getting out: the odds of its jump from where it stands or can reach in
one action (Light +1, next to a Shinsengumi -1, -1 per Shinsengumi off the map:
ikedaya.escape.*), a walk out through the Entrance when the way is clear, discounted by the
actions it still needs, and by the Shinsengumi who can strike it first; a Ronin that does not get
out is counted as killed in the end. Ties go to the Ronin (ikedaya.victory.tie-ronin). The Ronin
read the threats by their timing (a spent Shinsengumi strikes next turn; the Shinsengumi to act
make their best attack), the Shinsengumi as a plain reach (see ``evaluate``). A combat's dice are
merged into the outcomes that matter (each side's highest die: ikedaya.combat.total), so the
one-ply lookahead sees a combat's exact odds in at most 11 branches instead of up to 6^9.
"""
from __future__ import annotations

import math
import random
from typing import Any, Optional, Sequence

from ...ai.gameai import GameAI
from ...ai.observation import Observation
from ...engine.actions import Action
from ...engine.state import State
from .combat import dice_count, door_die
from .data import POOL
from .movement import (enemy_cells, enemy_next_to, enemy_squares_in_reach, occupancy, reachable, room,
                       same_floor_enemy_squares)

#: searches kept in ``AI._reaches`` before it is emptied (a bound on memory)
REACH_MEMO_SIZE = 2000

#: how much of a threat a Ronin faces from Shinsengumi who have acted this turn and strike only
#: at the next one: one that may jump now (turn 2 on) is likely gone by then, others may not be
SPENT_THREAT_JUMP, SPENT_THREAT = 0.25, 0.8

#: the threat to a Ronin no Shinsengumi can attack in one action, by the steps to the nearest one
#: (the Shinsengumi's view only: see ``evaluate``)
NEAR_THREAT = {1: 0.5, 2: 0.5, 3: 0.25}

#: the share of the Shinsengumi's best attack counted against the Ronin when the Shinsengumi are
#: to act (the position is judged as if that attack were half made)
REPLY = 0.5

#: after Okita's roll, the orders of the stack worth comparing (the best by ``Quick``)
ORDER_OPTIONS = 5

#: The Ronin's set-ups (one picked per game with the bot's seed; a counter -> its square). The
#: evaluation cannot judge a set-up (with the Shinsengumi still off the map every Ronin seems able
#: to walk out), and the first one it found (2A1, 2B1 full, Miyabe alone in 2C1) let the first
#: strike kill the status 3 counter. These keep the three most valuable counters (status 4, 3, 2:
#: 9 of 17, a win on their own) on the street-front railing 2A1, the square farthest from the
#: stairs, behind a stack of status 1 counters in 2B1, with one status 1 counter in 2C1 for the
#: first strike and the others on the back railings (jumps from turn 2: ikedaya.escape.*), one
#: of them at the head of the stairs in the second. Measured against the first-found set-up
#: (hard as the Ronin against greedy, 100 games, the same seeds): 63 won, these 74 and 72.
RONIN_SETUPS = (
    {"katsura": "2A1", "miyabe": "2A1", "yoshida": "2A1", "sugiyama": "2B1", "yamada": "2B1", "hirooka": "2B1",
     "saeki": "2C1", "kitazoe": "2A4", "ishikawa": "2A4", "mochizuki": "2B4"},
    {"katsura": "2A1", "miyabe": "2A1", "yoshida": "2A1", "sugiyama": "2B1", "yamada": "2B1", "hirooka": "2B1",
     "saeki": "2C1", "kitazoe": "2A4", "ishikawa": "2A4", "mochizuki": "2C2"},
)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def max_die_odds(n: int, sides: int = 6) -> list[float]:
    """P(the highest of ``n`` dice is m), m = 1..sides (index m - 1)."""
    return [((m / sides) ** n - ((m - 1) / sides) ** n) for m in range(1, sides + 1)]


class AI(GameAI):
    has_secrets = False
    #: a position costs little to play and judge (a decision at hard took 14 ms median with the
    #: default budget): playouts four quiet steps deep, where most of a turn's fighting and
    #: jumping is seen, and twelve of them per candidate for the dice
    #: normal chooses with a little noise (a softmax over the values, as easy does with more): its
    #: choice was hard's own heuristic choice, and no budget of the search made hard measurably
    #: stronger than that (docs/ai.md), so the levels were not three. Arena, 200 games, seeds
    #: 5000-5199: hard beat this normal 58.0 % (51.1-64.6), it beat easy 59.0 % (52.1-65.6)
    budgets = {"hard": {"depth": 4, "iterations": 12}, "normal": {"noise": 0.03}}

    def __init__(self, rules) -> None:  # type: ignore[no-untyped-def]
        super().__init__(rules)
        data = rules.data
        self.data = data
        self.ronin, self.shin = data.escaping_side, data.off_map_side
        self.status = {u: c.status for u, c in data.counters.items()}
        self.strength = {u: c.strength for u, c in data.counters.items()}
        self.light = {u for u, c in data.counters.items() if c.skill == "light"}
        #: railings whose jump lands outside (an escape) and those that land inside (the Court)
        self.escape_railings = frozenset(s for s, land in data.railings.items() if land not in data.square_set)
        self.inner_railings = {s: land for s, land in data.railings.items() if land in data.square_set}
        self.exit_squares = frozenset(data.exits)
        self.jumps = data.jumps
        self.die = data.die
        self._reach_memo: dict[tuple[Any, ...], dict[str, int]] = {}
        self._fights: dict[tuple[Any, ...], float] = {}
        #: steps between squares ignoring every counter (how far a Shinsengumi is from a Ronin)
        self.distance = _distances(data)

    def _reach(self, occ: dict, start: str, side: str, mp: Optional[int]) -> dict[str, int]:
        """``reachable`` kept across positions: a search reads only its start, the side's
        allowance and the enemy squares (what blocks it; their zone of control, where it stops,
        follows from them), so the evaluation's many positions with the same enemy squares share
        it. The result is shared: read it, never change it."""
        data = self.data
        squares, counters = data.square_set, data.counters
        enemies = frozenset([c for c, here in occ.items() if c in squares and counters[here[0]].side != side])
        key = (start, side, mp, enemies)
        memo = self._reach_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= REACH_MEMO_SIZE:
                memo.clear()
            found = memo[key] = reachable(data, occ, start, side, mp, None, enemy_cells(data, occ, side))
        return found

    # -- knowledge -------------------------------------------------------------------------------------
    def quiet(self, state: State) -> bool:
        return state["phase"] != "action" or state["step"] is None

    def chance(self, state: State) -> list[tuple[list[Action], float]]:
        """At the first die of a combat: one sequence of rolls per difference of the two highest
        dice (the result depends on nothing else: ikedaya.combat.total, loss-equals-diff), with
        its exact probability -- at most 11 outcomes, so a lookahead that shares its budget
        between two or three targets still sees every result instead of a sampled one; otherwise
        the game's outcomes."""
        step = state.get("step")
        if step and step.get("kind") == "combat" and not step["rolls"][0] and not step["rolls"][1]:
            na, nd = step["dice"]
            pa, pd = max_die_odds(na, self.die), max_die_odds(nd, self.die)
            by_diff: dict[int, tuple[float, int, int]] = {}
            for a in range(1, self.die + 1):
                for d in range(1, self.die + 1):
                    p, ra, rd = by_diff.get(a - d, (0.0, a, d))
                    by_diff[a - d] = (p + pa[a - 1] * pd[d - 1], ra, rd)
            out = []
            for diff in sorted(by_diff):
                p, a, d = by_diff[diff]
                rolls = [a] + [1] * (na - 1) + [d] + [1] * (nd - 1)
                out.append(([Action("roll", arg=str(r)) for r in rolls], p))
            return out
        if step and step.get("kind") == "okita":  # he acts on 4-6, else coughs: two outcomes
            acts = self.data.tb_acts_on
            return [([Action("roll", arg=str(acts))], (self.die - acts + 1) / self.die),
                    ([Action("roll", arg="1")], (acts - 1) / self.die)]
        return super().chance(state)

    # -- judging positions ------------------------------------------------------------------------------
    def _points(self, state: State) -> tuple[float, float]:
        """(Ronin points, Shinsengumi points) scored so far."""
        data, units = self.data, state["units"]
        count = (state.get("options") or {}).get("shinsengumi_score", data.default_options.get("shinsengumi_score"))
        ronin_points = shin_points = 0.0
        for u in data.side_units[self.ronin]:
            at = units[u]["at"]
            if at in data.outside:
                ronin_points += self.status[u]
            elif at is None:
                shin_points += 1 if count == "count" else self.status[u]
        for u in data.side_units[self.shin]:
            if units[u]["at"] is None:
                ronin_points += self.status[u]
        return ronin_points, shin_points

    def material(self, state: State, side: str) -> float:
        if self.rules.outcome(state) is not None:
            return self.terminal_value(state, side)
        r, s = self._points(state)
        p = _sigmoid((r - s + 0.5) / 2.0)
        return p if side == self.ronin else 1.0 - p

    def jump_odds(self, state: State, occ: dict, uid: str, square: str, guards: int) -> float:
        """The chance a jump from ``square`` succeeds (the modified roll is above the capture
        threshold)."""
        j = self.jumps
        mod = j["light_bonus"] if uid in self.light else 0
        if enemy_next_to(self.data, occ, square, self.ronin):
            mod -= j["adjacent_penalty"]
        if square in self.escape_railings:
            mod -= guards * j["off_map_penalty"]
        captured = min(self.die, max(0, j["captured_at_most"] - mod))
        return (self.die - captured) / self.die

    def escape_chance(self, state: State, occ: dict, uid: str, guards: int) -> tuple[float, bool]:
        """How likely the Ronin ``uid`` is to get out, from where it stands, if it tries; and
        whether trying means a jump into the Street or the Backyard (a failed one is a capture:
        ikedaya.escape.one-captured)."""
        data = self.data
        at = state["units"][uid]["at"]
        if at == POOL or at not in data.square_set:
            return 0.45, False
        early = state["turn"] < self.jumps["from_turn"]
        best, jump = 0.0, False
        if at in self.escape_railings:
            best, jump = self.jump_odds(state, occ, uid, at, guards) * (0.85 if early else 1.0), True
        locked = enemy_next_to(data, occ, at, self.ronin)
        if not locked:
            reach = self._reach(occ, at, self.ronin, None)
            for dest in reach:
                if dest not in data.square_set:
                    return 1.0, False  # out through the Entrance in one move (ikedaya.escape.entrance-exit)
                if dest in self.escape_railings and room(data, occ, dest, 1):
                    odds = 0.8 * self.jump_odds(state, occ, uid, dest, guards)
                    if odds > best:
                        best, jump = odds, True
                elif dest in self.exit_squares:
                    if 0.75 > best:
                        best, jump = 0.75, False
                elif dest in self.inner_railings:
                    if 0.35 > best:
                        best, jump = 0.35, False
            if best == 0.0 and reach:
                best = 0.25
        elif at in self.inner_railings:
            if 0.3 > best:
                best, jump = 0.3, False
        return best, jump

    def threats(self, state: State, occ: dict) -> tuple[dict[str, int], dict[str, int]]:
        """({square: the highest strength of an unspent Shinsengumi that can attack it in one
        action}, the same counting the spent ones too): a move of up to 5 MP that ends next to it,
        or already next to it. A spent counter strikes only next turn (ikedaya.seq.mark-acted),
        when the Ronin may have got away."""
        data, units = self.data, state["units"]
        fresh_out: dict[str, int] = {}
        out: dict[str, int] = {}
        for cell, here in occ.items():
            if cell not in data.square_set:
                continue
            shin = [u for u in here if data.counters[u].side == self.shin]
            if not shin:
                continue
            power = max(self.strength[u] for u in shin)
            fresh = max((self.strength[u] for u in shin if not units[u]["spent"]), default=0)
            ends = [cell]
            if not enemy_next_to(data, occ, cell, self.shin):
                ends += [d for d in self._reach(occ, cell, self.shin, data.mp.get(self.shin))
                         if d in data.square_set]
            for end in ends:
                for target in data.fight_adjacent[end]:
                    if out.get(target, 0) < power:
                        out[target] = power
                    if fresh and fresh_out.get(target, 0) < fresh:
                        fresh_out[target] = fresh
        return fresh_out, out

    def best_attack(self, state: State, occ: dict) -> float:
        """The Shinsengumi's best attack now, as its expected gain in status (``fight``): every
        square's unspent counters (the three strongest), moved anywhere they can stop or fighting
        where they stand, against every square they can then attack; a stack with Okita by the
        odds of his roll (ikedaya.okita.*)."""
        data, units = self.data, state["units"]
        best = 0.0
        acts = (self.die - data.tb_acts_on + 1) / self.die
        for cell, here in occ.items():
            if cell not in data.square_set:
                continue
            fresh = [u for u in here if data.counters[u].side == self.shin and not units[u]["spent"]]
            if not fresh:
                continue
            group = tuple(data.sort_units(sorted(fresh, key=lambda u: -self.strength[u])[:data.stack_limit]))
            rest = tuple(u for u in group if not data.counters[u].tuberculosis)
            tb = len(rest) < len(group)
            ends = [cell]
            if not enemy_next_to(data, occ, cell, self.shin):
                ends += [d for d in self._reach(occ, cell, self.shin, data.mp.get(self.shin))
                         if d in data.square_set and room(data, occ, d, len(group))]
            for end in ends:
                for target in enemy_squares_in_reach(data, occ, end, self.shin):
                    defenders = tuple(occ[target])
                    value = self.fight(group, end, target, defenders)
                    if tb:
                        value = acts * value + (1 - acts) * (self.fight(rest, end, target, defenders) if rest else 0.0)
                    best = max(best, value)
        return best

    def evaluate(self, state: State, side: str) -> float:
        if self.rules.outcome(state) is not None:
            return self.terminal_value(state, side)
        data, units = self.data, state["units"]
        occ = occupancy(data, units)
        ronin_points, shin_points = self._points(state)
        guards = sum(1 for u in data.side_units[self.shin] if units[u]["at"] in data.exit_boxes)
        count = (state.get("options") or {}).get("shinsengumi_score", data.default_options.get("shinsengumi_score"))
        # the Shinsengumi still inside decide how many of the Ronin who do not get out are killed:
        # a Ronin left standing when the game ends scores for nobody
        shin_power = sum(self.strength[u] for u in data.side_units[self.shin]
                         if units[u]["at"] in data.square_set or units[u]["at"] == POOL)
        kill = min(0.85, max(0.05, 0.07 * (shin_power - 4)))
        fresh, threat = self.threats(state, occ) if state["phase"] == "action" else ({}, {})
        jumping = state["phase"] == "action" and state["turn"] >= self.jumps["from_turn"]
        # Two readings of the threats, one per side. The Ronin's: a spent Shinsengumi strikes only
        # next turn, and the Shinsengumi to act make their best attack (a Ronin that sacrificed
        # a counter to push a spent one back from the others, or stepped into reach to shield
        # another, saw its cost). The Shinsengumi's, as before: every Shinsengumi threatens alike
        # and a Ronin within three steps of one is under threat (read the Ronin's way, spent
        # stacks and their own coming attack weigh little, and three were sent off the map on
        # turn 1: hard as the Shinsengumi against greedy won 6 of 12 games instead of 9 in 10).
        ronin_view = side == self.ronin
        if not ronin_view:
            fresh = threat
        shin_squares = ([c for c, here in occ.items() if c in data.square_set and data.counters[here[0]].side == self.shin]
                        if state["phase"] == "action" and not ronin_view else [])
        best_here: dict[str, int] = {}
        for u in data.side_units[self.ronin]:
            at = units[u]["at"]
            if at in data.square_set:
                best_here[at] = max(best_here.get(at, 0), self.strength[u])
        left = 0.0
        for u in data.side_units[self.ronin]:
            at = units[u]["at"]
            if at is None or at in data.outside:
                continue
            worth = self.status[u]
            e, jump = self.escape_chance(state, occ, u, guards)
            # a Shinsengumi able to strike before the Ronin gets away: the stronger, the likelier;
            # one already spent strikes next turn, when a Ronin able to jump is likely gone
            t = 0.0
            if at in fresh:
                t = _sigmoid((fresh[at] + 1.5 - best_here.get(at, 0)) * 0.9)
            elif at in threat:
                t = (SPENT_THREAT_JUMP if jumping and jump else SPENT_THREAT) * \
                    _sigmoid((threat[at] + 1.5 - best_here.get(at, 0)) * 0.9)
            elif shin_squares:
                # out of reach this action, but the Shinsengumi close in: a Ronin that waits on a
                # railing behind a screen of others is attacked once the screen falls
                near = min(self.distance[at].get(c, 9) for c in shin_squares)
                t = NEAR_THREAT.get(near, 0.0)
            e *= 1.0 - 0.5 * t
            lost = 1 if count == "count" else worth
            stay = min(0.95, kill + 0.3 * t)  # killed in the end if it never tries to get out
            # a jump that fails is a capture, so a Ronin jumps only where that beats staying
            # inside (where the Shinsengumi still inside must come and kill it): guards off the
            # map cost the Ronin only while staying is worse
            if jump and e * worth - (1 - e) * lost < -stay * lost:
                e, fail = 0.0, stay
            else:
                fail = 1.0 if jump else stay
            ronin_points += worth * e
            shin_points += lost * (1 - e) * fail
            left += worth
        # Shinsengumi within reach of a Ronin stack stronger than they are may die too
        for u in data.side_units[self.shin]:
            at = units[u]["at"]
            if at in data.square_set:
                danger = max((best_here.get(n, 0) for n in data.fight_adjacent[at]), default=0)
                if danger:
                    ronin_points += self.status[u] * 0.25 * _sigmoid((danger + 1 - self.strength[u]) * 0.9)
        if ronin_view and state["phase"] == "action" and state.get("active") == self.shin and not state.get("step"):
            # the Shinsengumi to act: their best attack is as good as made
            shin_points += REPLY * self.best_attack(state, occ)
        margin = ronin_points - shin_points + 0.5
        p = _sigmoid(margin / (1.5 + 0.5 * math.sqrt(left)))
        p = 0.94 * p + 0.06 * _sigmoid(margin / 8.0)  # never indifferent, even in a decided game
        return p if side == self.ronin else 1.0 - p

    # -- choosing ---------------------------------------------------------------------------------------
    def candidates(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        """Set-up: only where the next counter goes (the order of placing does not matter). In
        play: whole stacks, single counters and groups of three (not the pairs of a bigger stack),
        best first by ``quick``; after Okita's roll only the best few orders (the lookahead
        compares them within its budget instead of taking the first square on the list)."""
        if state["phase"] == "setup":
            first = next((a for a in legal if a.units), None)
            if first is None:
                return list(legal)
            return [a for a in legal if a.units == first.units] or list(legal)
        if len(legal) <= 1:
            return list(legal)
        out = []
        fresh_at: dict[str, int] = {}
        units = state["units"]
        for a in legal:
            if a.verb in ("move", "attack", "activate") and len(a.units) == 2:
                at = units[a.units[0]]["at"]
                fresh = fresh_at.get(at)
                if fresh is None:
                    fresh = fresh_at[at] = sum(1 for u in self.data.side_units[side]
                                               if units[u]["at"] == at and not units[u]["spent"])
                if fresh > 2:
                    continue  # a pair when three could go
            out.append(a)
        judge = Quick(self, state, side)
        scored = sorted(((judge.action(a), i, a) for i, a in enumerate(out)), key=lambda t: (-t[0], t[1]))
        ranked = [a for _, _, a in scored]
        step = state.get("step")
        if step and step.get("kind") == "order":
            return ranked[:ORDER_OPTIONS]
        return ranked

    def fight(self, attackers: tuple[str, ...], at: str, target: str, defenders: tuple[str, ...]) -> float:
        """The attacker's expected gain in status in a combat: the counters the defender loses
        less those the attacker loses (the least valuable first: ruling ikedaya-r08), from the
        exact odds of the highest dice (ikedaya.combat.*). Kept per combat."""
        key = (attackers, at, target, defenders)
        found = self._fights.get(key)
        if found is not None:
            return found
        data = self.data
        door = door_die(data, attackers, at, target)
        na, nd = dice_count(data, list(attackers)), dice_count(data, list(defenders), door)
        edge = max(self.strength[u] for u in attackers) - max(self.strength[u] for u in defenders)
        lost_a = sorted(self.status[u] for u in attackers)
        lost_d = sorted(self.status[u] for u in defenders)
        pa, pd = max_die_odds(na, self.die), max_die_odds(nd, self.die)
        value = 0.0
        for a in range(self.die):
            for d in range(self.die):
                diff = a - d + edge
                if diff > 0:
                    value += pa[a] * pd[d] * sum(lost_d[:diff])
                elif diff < 0:
                    value -= pa[a] * pd[d] * sum(lost_a[:-diff])
        if len(self._fights) > REACH_MEMO_SIZE:
            self._fights.clear()
        self._fights[key] = value
        return value

    def plan(self, obs: Observation, rng: random.Random) -> Optional[Action]:
        """The Ronin's set-up: the next counter to the square of one of ``RONIN_SETUPS`` (the
        same one for the whole set-up), if the scenario allows it; else the search places it."""
        view = obs.view
        if view.get("phase") != "setup" or view.get("to_move") != obs.side or obs.side != self.ronin:
            return None
        layout = rng.choice(RONIN_SETUPS)
        units = view["units"]
        for uid, square in layout.items():
            if uid in units and units[uid]["at"] == POOL:
                action = Action("place", (uid,), square)
                state = self.sample(obs, rng)
                return action if action in self.rules.legal_actions(state) else None
        return None

    def reflex(self, state: State, side: str, legal: Sequence[Action]) -> Optional[Action]:
        """Casualties: the loser gives up its least valuable counter (status, then strength)."""
        if legal and legal[0].verb == "lose":
            return min(legal, key=lambda a: (self.status[a.units[0]], self.strength[a.units[0]]))
        return None



def _distances(data: Any) -> dict[str, dict[str, int]]:
    """Steps from every square to every square along the inn's connections (no counter in the
    way), by breadth-first search."""
    out: dict[str, dict[str, int]] = {}
    for start in data.squares:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for c in frontier:
                for to, _cost in data.steps.get(c, ()):
                    if to in data.square_set and to not in dist:
                        dist[to] = dist[c] + 1
                        nxt.append(to)
            frontier = nxt
        out[start] = dist
    return out


class Quick:
    """A quick judgement of one action for the side to act, in status points (what it wins
    less what it risks), to put the candidates in order: the playouts' policy compares the
    first few, and the lookahead falls back on the first. Combats by their exact odds
    (``AI.fight``), escapes and jumps by their chance, a guard off the map by the Ronin it
    slows down, any other move by how it closes on (the Shinsengumi) or reaches (the Ronin) a
    railing."""

    def __init__(self, ai: AI, state: State, side: str) -> None:
        self.ai, self.state, self.side = ai, state, side
        data = ai.data
        self.data = data
        self.units = state["units"]
        self.occ = occupancy(data, self.units)
        self.ronin = side == ai.ronin
        self.guards = sum(1 for u in data.side_units[ai.shin] if self.units[u]["at"] in data.exit_boxes)
        self.enemy_squares = [c for c, here in self.occ.items()
                              if c in data.square_set and data.counters[here[0]].side != side]
        self._best: dict[tuple[Any, ...], float] = {}

    def near(self, square: str) -> int:
        """Steps to the nearest enemy square (9 if none)."""
        dist = self.ai.distance.get(square)
        if dist is None:
            return 9
        return min((dist.get(e, 9) for e in self.enemy_squares), default=9)

    def combat(self, group: tuple[str, ...], at: str, targets: Sequence[str]) -> float:
        occ = self.occ
        return max(self.ai.fight(group, at, t, tuple(occ[t])) for t in targets)

    def move(self, group: tuple[str, ...], at: str, dest: str) -> float:
        ai, data, occ, side = self.ai, self.data, self.occ, self.side
        if dest not in data.square_set:
            if self.ronin:  # out through the Entrance
                return float(sum(ai.status[u] for u in group))
            return self.guard(group)
        targets = enemy_squares_in_reach(data, occ, dest, side)
        if targets:
            value = self.combat(group, dest, targets)
            if not same_floor_enemy_squares(data, occ, dest, side):
                value = max(0.0, value)  # across the stairs: the fight may be declined
            return value
        if self.ronin:
            best = max(ai.status[u] for u in group)
            if dest in ai.escape_railings and at not in ai.escape_railings:
                return 0.3 * best
            if at in ai.escape_railings and dest not in ai.escape_railings:
                return -0.3 * best
            return 0.02 * (self.near(dest) - self.near(at))
        return 0.05 * (self.near(at) - self.near(dest))

    def guard(self, group: tuple[str, ...]) -> float:
        """A Shinsengumi off the map: -1 on every later jump into the Street or the Backyard
        (ikedaya.escape.guard-offmap), worth a sixth of what the Ronin at such railings stand to
        save, less the fighting power that leaves."""
        ai, units = self.ai, self.units
        waiting = sum(ai.status[u] for u in self.data.side_units[ai.ronin] if units[u]["at"] in ai.escape_railings)
        inside = sum(ai.status[u] for u in self.data.side_units[ai.ronin] if units[u]["at"] in self.data.square_set)
        return 0.3 * waiting + 0.05 * inside - 0.25 * sum(ai.strength[u] for u in group)

    def best_order(self, group: tuple[str, ...], at: str) -> float:
        """The best a stack on ``at`` can do with one action (a move, an attack, nothing)."""
        key = (group, at)
        found = self._best.get(key)
        if found is None:
            data, occ = self.data, self.occ
            found = 0.0
            if not enemy_next_to(data, occ, at, self.side):
                for dest in self.ai._reach(occ, at, self.side, data.mp.get(self.side)):
                    if room(data, occ, dest, len(group)):
                        found = max(found, self.move(group, at, dest))
            targets = enemy_squares_in_reach(data, occ, at, self.side)
            if targets:
                found = max(found, self.combat(group, at, targets))
            self._best[key] = found
        return found

    def action(self, a: Action) -> float:
        verb = a.verb
        if verb in ("pass", "hold"):
            return 0.0
        units, step = self.units, self.state.get("step")
        if a.units:
            group, at = a.units, units[a.units[0]]["at"]
        elif step and step.get("group"):
            group, at = tuple(step["group"]), step["at"]
        else:
            return 0.0
        if verb == "move":
            return self.move(group, at, a.cell or "")
        if verb == "attack":
            return self.combat(group, at, [a.cell or ""])
        if verb == "jump":
            uid = group[0]
            odds = self.ai.jump_odds(self.state, self.occ, uid, at, self.guards)
            worth = self.ai.status[uid]
            if a.cell in self.data.square_set:
                return odds * 0.3 * worth - (1 - odds) * worth
            return odds * worth - (1 - odds) * worth
        if verb == "activate":
            tb = tuple(u for u in group if self.data.counters[u].tuberculosis)
            rest = tuple(u for u in group if u not in tb)
            acts = (self.ai.die - self.data.tb_acts_on + 1) / self.ai.die
            return acts * self.best_order(group, at) + (1 - acts) * (self.best_order(rest, at) if rest else 0.0)
        return 0.0
