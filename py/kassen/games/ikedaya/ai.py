"""What the computer opponent knows about Ikedaya (kassen.ai.gameai.GameAI).

No secrets: the sampler is the default (the view plus a fresh RNG from the bot's generator).

The evaluation projects the final score. Escaped Ronin and killed Shinsengumi count for the Ronin,
killed or captured Ronin for the Shinsengumi (ikedaya.victory.*); every Ronin still inside is
counted by its chance of getting out: the odds of its jump from where it stands or can reach in
one action (Light +1, next to a Shinsengumi -1, -1 per Shinsengumi off the map:
ikedaya.escape.*), a walk out through the Entrance when the way is clear, discounted by the
actions it still needs; a Ronin that does not get out is counted as killed in the end. Ties go
to the Ronin (ikedaya.victory.tie-ronin). A combat's dice are merged into the outcomes that
matter (each side's highest die: ikedaya.combat.total), so the one-ply lookahead sees a combat's
exact odds in at most 36 branches instead of up to 6^9.
"""
from __future__ import annotations

import math
import random
from typing import Any, Optional, Sequence

from ...ai.gameai import GameAI
from ...engine.actions import Action
from ...engine.state import State
from .data import POOL
from .movement import enemy_cells, enemy_next_to, occupancy, reachable, room

#: searches kept in ``AI._reaches`` before it is emptied (a bound on memory)
REACH_MEMO_SIZE = 2000


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
    budgets = {"hard": {"depth": 4, "iterations": 12}}

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

    def escape_chance(self, state: State, occ: dict, uid: str, guards: int) -> float:
        """How likely the Ronin ``uid`` is to get out, from where it stands."""
        data = self.data
        at = state["units"][uid]["at"]
        if at == POOL or at not in data.square_set:
            return 0.45
        early = state["turn"] < self.jumps["from_turn"]
        best = 0.0
        if at in self.escape_railings:
            best = self.jump_odds(state, occ, uid, at, guards) * (0.85 if early else 1.0)
        locked = enemy_next_to(data, occ, at, self.ronin)
        if not locked:
            reach = self._reach(occ, at, self.ronin, None)
            for dest in reach:
                if dest not in data.square_set:
                    return 1.0  # out through the Entrance in one move (ikedaya.escape.entrance-exit)
                if dest in self.escape_railings and room(data, occ, dest, 1):
                    best = max(best, 0.8 * self.jump_odds(state, occ, uid, dest, guards))
                elif dest in self.exit_squares:
                    best = max(best, 0.75)
                elif dest in self.inner_railings:
                    best = max(best, 0.35)
            if best == 0.0 and reach:
                best = 0.25
        elif at in self.inner_railings:
            best = max(best, 0.3)
        return best

    def threats(self, state: State, occ: dict) -> dict[str, int]:
        """{square: the highest Shinsengumi strength that can attack it in one action} (a move of
        up to 5 MP that ends next to it, or already next to it)."""
        data, units = self.data, state["units"]
        out: dict[str, int] = {}
        for cell, here in occ.items():
            if cell not in data.square_set:
                continue
            shin = [u for u in here if data.counters[u].side == self.shin]
            if not shin:
                continue
            power = max(self.strength[u] for u in shin)
            ends = [cell]
            if not enemy_next_to(data, occ, cell, self.shin):
                ends += [d for d in self._reach(occ, cell, self.shin, data.mp.get(self.shin))
                         if d in data.square_set]
            for end in ends:
                for target in data.fight_adjacent[end]:
                    if out.get(target, 0) < power:
                        out[target] = power
        return out

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
        kill = min(0.85, 0.1 + 0.05 * shin_power)
        threat = self.threats(state, occ) if state["phase"] == "action" else {}
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
            e = self.escape_chance(state, occ, u, guards)
            # a Shinsengumi able to strike before the Ronin gets away: the stronger, the likelier
            t = 0.0
            if at in threat:
                t = _sigmoid((threat[at] + 1.5 - best_here.get(at, 0)) * 0.9)
            e *= 1.0 - 0.5 * t
            ronin_points += worth * e
            shin_points += (1 if count == "count" else worth) * (1 - e) * min(0.95, kill + 0.3 * t)
            left += worth
        # Shinsengumi within reach of a Ronin stack stronger than they are may die too
        for u in data.side_units[self.shin]:
            at = units[u]["at"]
            if at in data.square_set:
                danger = max((best_here.get(n, 0) for n in data.fight_adjacent[at]), default=0)
                if danger:
                    ronin_points += self.status[u] * 0.25 * _sigmoid((danger + 1 - self.strength[u]) * 0.9)
        margin = ronin_points - shin_points + 0.5
        p = _sigmoid(margin / (1.5 + 0.5 * math.sqrt(left)))
        p = 0.94 * p + 0.06 * _sigmoid(margin / 8.0)  # never indifferent, even in a decided game
        return p if side == self.ronin else 1.0 - p

    # -- choosing ---------------------------------------------------------------------------------------
    def candidates(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        """Set-up: only where the next counter goes (the order of placing does not matter); in
        play: whole stacks and single counters (not the two-of-three splits)."""
        if state["phase"] == "setup":
            first = next((a for a in legal if a.units), None)
            if first is None:
                return list(legal)
            return [a for a in legal if a.units == first.units] or list(legal)
        out = []
        fresh_at: dict[str, list[str]] = {}
        for a in legal:
            if a.verb in ("move", "attack") and len(a.units) >= 2:
                at = state["units"][a.units[0]]["at"]
                fresh = fresh_at.get(at)
                if fresh is None:
                    fresh = fresh_at[at] = sorted(
                        (u for u in self.data.side_units[side]
                         if state["units"][u]["at"] == at and not state["units"][u]["spent"]),
                        key=lambda u: -self.strength[u])
                if len(a.units) == 2 and len(fresh) > 2:
                    continue  # a pair when three could go
                if len(a.units) == 3 and len(fresh) > 3 and fresh[0] not in a.units:
                    continue  # a group of three without the strongest
            out.append(a)
        return out or list(legal)

    def reflex(self, state: State, side: str, legal: Sequence[Action]) -> Optional[Action]:
        """Casualties: the loser gives up its least valuable counter (status, then strength)."""
        if legal and legal[0].verb == "lose":
            return min(legal, key=lambda a: (self.status[a.units[0]], self.strength[a.units[0]]))
        return None

    def policy(self, state: State, side: str, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.reflex(state, side, legal) or legal[0]
