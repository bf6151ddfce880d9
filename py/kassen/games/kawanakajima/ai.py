"""What the computer opponent knows about Kawanakajima (kassen.ai.gameai.GameAI).

Secrets: which general stands under each face-down counter the player cannot identify (3(2),
4(2): the other side's, and Takeda's own blind night-army units), and the other side's hand.
The sampler keeps everything the view shows -- units identified because they were seen face up
stay identified (the view names them), the markers lying on counters, positions, discards -- and
draws the rest: the unidentified generals of each side are dealt to its anonymous counters (the
night box only ever holds night-army units; a counter still on a start hex more likely belongs to
the group that starts there), and the other side's hand is its deck less its discards and what
is set aside (8 Other (3)); a card it has already picked face down is drawn from that pool.

The evaluation projects the final score (9 2)-3)): the score now (units removed, own face-up
units counted, enemy commander retreats) plus what the position promises -- combat strength on
the map, cards in hand, Uesugi units already on Takeda's side of the river, contact with weaker
enemy units -- and the danger to each commanding general (sudden death, 9 1)), turned into the
chances of a win, a draw (a difference of 0-2) and a loss with a spread that narrows as turns run
out.

Combat cards are chosen at once by both players (8 Resolution (1)); a computer player plays them
as the mixed strategy of the card game (kassen.ai.matrix) built from the two combat values, its
own hand and what the other side can hold, never from a card it cannot see.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Optional, Sequence

from ...ai.gameai import GameAI
from ...ai.matrix import solve
from ...ai.observation import Observation
from ...engine.actions import Action
from ...engine.state import State, clone
from ...engine.visibility import is_anonymous
from .data import RETREAT_CARD, SIDES, TAKEDA, UESUGI, card_value, sort_cards

OTHER = {UESUGI: TAKEDA, TAKEDA: UESUGI}
#: what a card in hand is worth to the evaluation (a Retreat card saves a unit, but wins nothing)
CARD_POINTS = {c: (card_value(c) if c != RETREAT_CARD else 0.0)
               for c in ("1", "2", "3", "4", "4.5", "5", "6", RETREAT_CARD)}


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class AI(GameAI):
    has_secrets = True
    #: The levels' budgets. Hard ranks its candidates on two sampled states, as normal does (the
    #: default, one, made its choice rest on a noisier estimate of the hidden values than the
    #: level below). Normal chooses with a little noise (a softmax over the values): with none it
    #: was hard's heuristic on the same two samples, and hard scored 50 % against it over 40
    #: games. Easy chooses with more than the default noise, because with the default it scored
    #: as well as this normal (seeds 1000 on, 40 games: normal 37.5 %). Arena, 80 games, seeds 5000-5079, draws
    #: counting half: hard scored 62.5 % against this normal, which scored 61.3 % (50.3-71.2)
    #: against this easy, which scored 88.1 % (79.2-93.5) against random
    budgets = {"hard": {"samples": 2}, "normal": {"noise": 0.015}, "easy": {"noise": 0.12}}

    def __init__(self, rules) -> None:  # type: ignore[no-untyped-def]
        super().__init__(rules)
        t = getattr(rules, "t", None) or rules.data
        self.t = t
        board = rules.board
        self.cube = {}
        for h in t.map_cells:
            c = board.cells[h]
            q = c.col
            r = c.row - (c.col - (c.col & 1)) // 2
            self.cube[h] = (q, r)
        self.value = {u: g.value for u, g in t.generals.items()}
        self.commander = dict(t.commander)
        self._card_memo: dict[Any, Any] = {}

    def dist(self, a: str, b: str) -> int:
        qa, ra = self.cube[a]
        qb, rb = self.cube[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # -- the sampler ------------------------------------------------------------------------------------
    def sample(self, obs: Observation, rng: random.Random) -> State:
        t = self.t
        view = obs.view
        state = super().sample(obs, rng)
        vunits = view["units"]
        known = {k for k in vunits if not is_anonymous(k)}
        mapping: dict[str, str] = {}
        setup = view.get("phase") == "setup"
        for side in SIDES:
            tokens = sorted(k for k in vunits if is_anonymous(k) and vunits[k].get("side") == side)
            hidden = sorted(u for u in t.side_units[side] if u not in known)
            mapping.update(self._deal(tokens, hidden, vunits, setup, rng))
        units: dict[str, Any] = {}
        for uid in t.unit_ids:
            if uid in vunits:
                units[uid] = clone(vunits[uid])
        for tok, uid in mapping.items():
            entry = {k: v for k, v in vunits[tok].items() if k != "side"}
            units[uid] = entry
        state["units"] = {uid: units[uid] for uid in t.unit_ids if uid in units}
        real = lambda tok: mapping.get(tok, tok)  # noqa: E731
        if state.get("activation"):
            state["activation"]["unit"] = real(state["activation"]["unit"])
        state["finished"] = [real(x) for x in state.get("finished", [])]
        combat = state.get("combat")
        if combat:
            combat["attacker"], combat["defender"] = real(combat["attacker"]), real(combat["defender"])
        for item in state.get("pending", []):
            if "unit" in item:
                item["unit"] = real(item["unit"])
        # the other side's cards: its deck less discards and the box; a face-down pick from that pool
        enemy = OTHER[obs.side]
        pool = Counter(t.decks[enemy]) - Counter(state["discards"][enemy]) - Counter(state["set_aside"][enemy])
        cards = sort_cards(list(pool.elements()))
        if combat and combat["picks"].get(enemy) is not None and cards:
            pick = cards[rng.randrange(len(cards))]
            cards.remove(pick)
            combat["picks"][enemy] = pick
        state["hands"][enemy] = cards
        return state

    def _allowed(self, uid: str, at: Optional[str], setup: bool) -> bool:
        """May general ``uid`` stand under a face-down counter on ``at``? Only night-army units
        are in the night box (4(2)); during set-up every unit is still in its start area."""
        t = self.t
        g = t.generals[uid]
        if at == t.night_box:
            return g.night_army
        if setup:
            if g.side == UESUGI:
                return t.group_of.get(at) == t.group_of.get(g.start)
            return (at in t.x_name) if g.night_army else (at in t.takeda_start)
        return True

    def _deal(self, tokens: list[str], hidden: list[str], vunits: dict[str, Any], setup: bool,
              rng: random.Random) -> dict[str, str]:
        """Deal the unidentified generals to the anonymous counters: only where they may be,
        the most constrained counters first, each drawn by the prior."""
        options = {tok: [u for u in hidden if self._allowed(u, vunits[tok]["at"], setup)] for tok in tokens}
        for _ in range(20):
            left = set(hidden)
            out: dict[str, str] = {}
            for tok in sorted(tokens, key=lambda k: (len(options[k]), k)):
                cands = [u for u in options[tok] if u in left] or sorted(left)
                if not cands:
                    break
                weights = [self._prior(u, vunits[tok]["at"]) for u in cands]
                r = rng.random() * sum(weights)
                choice = cands[-1]
                for u, w in zip(cands, weights):
                    r -= w
                    if r < 0:
                        choice = u
                        break
                out[tok] = choice
                left.discard(choice)
            if len(out) == len(tokens) and all(out[k] in options[k] for k in tokens):
                return out
        return out

    def _prior(self, uid: str, at: Optional[str]) -> float:
        """How likely general ``uid`` is under an anonymous counter on ``at`` before anything
        else is known: its own start area is likelier (Uesugi swap only inside a group, 4(2))."""
        t = self.t
        g = t.generals[uid]
        if at is None or at not in t.on_map:
            return 1.0
        if g.side == UESUGI:
            return 4.0 if t.group_of.get(at) == t.group_of.get(g.start) else 1.0
        if at in t.x_name:
            return 4.0 if g.night_army else 1.0
        if at in t.takeda_start:
            return 4.0 if not g.night_army else 1.0
        return 1.0

    # -- judging positions -------------------------------------------------------------------------------
    def quiet(self, state: State) -> bool:
        """No combat, retreat or refill under way (a unit in the middle of its activation is a
        position like any other: where it stands is what matters)."""
        return state["combat"] is None and not state["pending"] and state["draw"] is None

    def _strength(self, state: State, uid: str) -> float:
        t = self.t
        g = t.generals[uid]
        v = g.value
        if state["units"][uid]["at"] in t.river:
            v -= t.river_penalty
        if not g.commander:
            v -= t.commander_penalty * state["commander_retreats"][g.side]
        return v

    def _scores(self, state: State) -> dict[str, int]:
        t = self.t
        out = {s: 0 for s in SIDES}
        for uid, u in state["units"].items():
            side = t.side[uid]
            at = u["at"]
            if at is None:
                out[OTHER[side]] += 1
            elif u.get("face_up") and at in t.on_map and (side == TAKEDA or at in t.scoring_region):
                out[side] += 1
        for side in SIDES:
            out[side] += state["commander_retreats"][OTHER[side]]
        return out

    def _chances(self, mu: float, sigma: float, side: str) -> float:
        """Win + half a draw for ``side`` when Uesugi's final lead is ~ N(mu, sigma)."""
        win_u = 1.0 - _phi((2.5 - mu) / sigma)
        win_t = _phi((-2.5 - mu) / sigma)
        draw = max(0.0, 1.0 - win_u - win_t)
        return (win_u if side == UESUGI else win_t) + 0.5 * draw

    def material(self, state: State, side: str) -> float:
        if state["phase"] == "over":
            return self.terminal_value(state, side)
        sc = self._scores(state)
        return self._chances(float(sc[UESUGI] - sc[TAKEDA]), 2.0, side)

    def evaluate(self, state: State, side: str) -> float:
        if state["phase"] == "over":
            return self.terminal_value(state, side)
        t = self.t
        units = state["units"]
        on_map, region, river, side_of = t.on_map, t.scoring_region, t.river, t.side
        retreats = state["commander_retreats"]
        penalty = {s: t.commander_penalty * retreats[s] for s in SIDES}
        turns_left = t.turns - state["turn"] + (0.5 if state["active"] == UESUGI else 0.0)
        soon = min(1.0, turns_left)
        # the score now (9 2)): removed enemies, own face-up units counted, enemy commander retreats
        mu = float(retreats[TAKEDA] - retreats[UESUGI])
        strength = {UESUGI: 0.0, TAKEDA: 0.0}
        cells: dict[str, str] = {}
        value: dict[str, float] = {}
        for uid, u in units.items():
            at = u["at"]
            s_u = side_of[uid]
            sign = 1.0 if s_u == UESUGI else -1.0
            if at is None:
                mu -= sign  # a removed unit scores for the other side
                continue
            if at not in on_map:
                continue
            face_up = u.get("face_up")
            if s_u == TAKEDA:
                mu -= 1.0 if face_up else 0.3 * soon  # face-down units will mostly be turned
            elif at in region:
                mu += 1.0 if face_up else 0.35 * soon
            v = self.value[uid] - (t.river_penalty if at in river else 0.0)
            if uid != self.commander[s_u]:
                v -= penalty[s_u]
            value[uid] = v
            strength[s_u] += v
            cells[at] = uid
        if units[self.commander[UESUGI]]["at"] is None or units[self.commander[TAKEDA]]["at"] is None:
            return self.terminal_value(state, side)
        # contact: a unit next to a stronger enemy is in danger (a marked one more so); the
        # commanding generals most of all (9 1))
        danger = {UESUGI: 0.0, TAKEDA: 0.0}
        neighbors = t.neighbors
        for at, uid in cells.items():
            s_u = side_of[uid]
            v = value[uid] - (1.0 if units[uid].get("retreat_marker") else 0.0)
            worst = 0.0
            for n in neighbors[at]:
                other = cells.get(n)
                if other is not None and side_of[other] != s_u:
                    gap = value[other] - v
                    if gap > worst:
                        worst = gap
            if worst > 0:
                danger[s_u] += min(worst, 2.0) * (3.0 if uid == self.commander[s_u] else 0.35)
        mu += 0.12 * (strength[UESUGI] - strength[TAKEDA]) * min(1.0, turns_left / 3.0)
        for s in SIDES:
            good = sum(CARD_POINTS[c] for c in state["hands"][s]) + 0.5 * sum(
                CARD_POINTS[c] for c in state["discards"][s])
            mu += 0.02 * good if s == UESUGI else -0.02 * good
        mu += danger[TAKEDA] - danger[UESUGI]
        sigma = 1.2 + 1.1 * max(0.0, turns_left)
        return self._chances(mu, sigma, side)

    # -- choosing ----------------------------------------------------------------------------------------
    def plan(self, obs: Observation, rng: random.Random) -> Optional[Action]:
        """Set-up: keep the printed placement (the swaps change nothing the other side can see)."""
        view = obs.view
        if view.get("phase") == "setup" and view.get("to_move") == obs.side and view.get("draw") is None:
            return Action("done")
        return None

    def candidates(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        """Every attack, the end of an activation or phase, and for each unit that may move its
        three most promising destinations (next to a weaker enemy, across the river for Uesugi,
        towards the enemy commanding general)."""
        if state["phase"] != "move" or len(legal) <= 12:
            return list(legal)
        t = self.t
        units = state["units"]
        cells = {u["at"]: uid for uid, u in units.items() if u["at"] in t.on_map}
        enemy_cmd = units[self.commander[OTHER[side]]]["at"]
        act = state.get("activation")
        keep: list[Action] = []
        moves: dict[Optional[str], list[tuple[float, Action]]] = {}
        for a in legal:
            if a.verb != "move":
                keep.append(a)
                continue
            key = a.units[0] if a.units else None
            uid = (act or {}).get("unit") if key is None else self._resolve(state, side, key)
            score = self._move_score(state, side, uid, a.cell or "", cells, enemy_cmd)
            moves.setdefault(key, []).append((score, a))
        for key, scored in moves.items():
            scored.sort(key=lambda sa: -sa[0])
            keep.extend(a for _, a in scored[:3])
        return keep

    def _resolve(self, state: State, side: str, token: str) -> Optional[str]:
        if not is_anonymous(token):
            return token
        from .visibility import resolve

        return resolve(state, self.t, token, side)

    def _move_score(self, state: State, side: str, uid: Optional[str], to: str, cells: dict[str, str],
                    enemy_cmd: Optional[str]) -> float:
        t = self.t
        if uid is None or to not in t.on_map:
            return 0.0
        v = self._strength(state, uid)
        score = 0.0
        for n in t.neighbors[to]:
            other = cells.get(n)
            if other is not None and other != uid and t.side[other] != side:
                gap = v - self._strength(state, other)
                score += 0.5 + gap
                if other == self.commander[OTHER[side]]:
                    score += 2.0
        if side == UESUGI and to in t.scoring_region:
            score += 1.0
        if to in t.river:
            score -= 0.7
        if enemy_cmd in t.on_map:
            score -= 0.1 * self.dist(to, enemy_cmd)
        if uid == self.commander[side]:
            score -= 0.8 * sum(1 for n in t.neighbors[to] if cells.get(n) and t.side[cells[n]] != side)
        return score

    def reflex(self, state: State, side: str, legal: Sequence[Action]) -> Optional[Action]:
        """Refills: take the cards back, with the exchange when it is offered (a 5 for a Retreat)."""
        verbs = {a.verb for a in legal}
        if verbs == {"refill"}:
            return next((a for a in legal if a.arg), legal[0])
        return None

    def mixed(self, state: State, side: str, legal: Sequence[Action]) -> Optional[list[tuple[Action, float]]]:
        """The combat cards as a mixed strategy of the card game (8 Resolution)."""
        combat = state.get("combat")
        if combat is None or combat.get("result") is not None or not legal or legal[0].verb != "play":
            return None
        plays = [a for a in legal if a.verb == "play"]
        if len(plays) != len(legal):
            return None  # a refill is offered too: compare with lookahead
        t = self.t
        a, d = combat["attacker"], combat["defender"]
        attacking = t.side[a] == side
        enemy = OTHER[side]
        mine = sorted({a_.arg or "" for a_ in plays}, key=lambda c: (c == RETREAT_CARD, c))
        # what the other side may hold: its hand, plus its face-down pick (never looked at)
        pool = list(state["hands"][enemy])
        if combat["picks"].get(enemy) is not None:
            pool.append(combat["picks"][enemy])
        theirs = sorted(set(pool), key=lambda c: (c == RETREAT_CARD, c))
        if not theirs:
            return [(p, 1.0 / len(plays)) for p in plays]
        va = self._strength(state, a)
        vd = self._strength(state, d) - (t.retreat_marker_penalty if state["units"][d].get("retreat_marker") else 0)
        key = (tuple(mine), tuple(theirs), round(va, 1), round(vd, 1), bool(combat["tie"]), attacking,
               bool(state["units"][d].get("retreat_marker")), t.generals[a].commander, t.generals[d].commander)
        found = self._card_memo.get(key)
        if found is None:
            rows_cards = mine if attacking else theirs
            cols_cards = theirs if attacking else mine
            payoff = [[self._card_payoff(ca, cd, va, vd, combat["tie"], bool(state["units"][d].get("retreat_marker")),
                                         t.generals[a].commander, t.generals[d].commander)
                       for cd in cols_cards] for ca in rows_cards]
            row, col, _ = solve(payoff, 120)
            found = dict(zip(mine, row if attacking else col))
            if len(self._card_memo) > 4096:
                self._card_memo.clear()
            self._card_memo[key] = found
        return [(p, found.get(p.arg or "", 0.0)) for p in plays]

    @staticmethod
    def _card_payoff(ca: str, cd: str, va: float, vd: float, tie: bool, marked: bool, a_cmd: bool,
                     d_cmd: bool) -> float:
        """The attacker's gain from one pair of cards, less what the cards spent are worth."""
        cost = 0.04 * ((card_value(ca) if ca != RETREAT_CARD else 3.0) - (card_value(cd) if cd != RETREAT_CARD else 3.0))
        kill_d = 3.0 if d_cmd else 1.0
        kill_a = 3.0 if a_cmd else 1.0
        if ca == RETREAT_CARD or cd == RETREAT_CARD:
            gain = (0.4 if cd == RETREAT_CARD else 0.0) - (0.4 if ca == RETREAT_CARD else 0.0)
            return gain - cost
        ta = card_value(ca) + (0.0 if tie else va)
        td = card_value(cd) + (0.0 if tie else vd)
        margin = ta - td
        if margin > 0:
            gain = kill_d if (margin > 1 or marked) else 0.4 * (2.0 if d_cmd else 1.0)
        elif margin < 0:
            gain = -(kill_a if margin < -1 else 0.4 * (2.0 if a_cmd else 1.0))
        else:
            gain = 0.0
        return gain - cost
