"""What the computer opponent knows about Yukimura Gaiden (kassen.ai.gameai.GameAI).

No secrets: the sampler is the default. The plain measure (``material``, the greedy player's) is
what each scenario's victory counts: the combat strength each side keeps on the map, superior
power (the units adjacent to the enemy's key leaders, 14-2(6)(4)), the Eastern count west of the
Ishikawa Line against the ten needed (14-1(6)) and who holds Komatsuyama (14-4(6)). The evaluation
adds the march: each side's units by how near they stand to its objectives (the enemy key leaders'
hexes, the breakthrough hexes, the Ishikawa's crossable bank for both sides where the crossing
decides, Komatsuyama only in Gotō's Dream), the hexes next to a side's own key leaders that no
friend holds (open flanks, by how near the enemy is), Osaka's units next to an Eastern unit
that has crossed, and, in Osaka's evaluation, the threat to the breakthrough hexes (how near the
Eastern units stand, and how well Osaka's units guard them); where Osaka has no other objective on
a map with breakthrough hexes (the connected scenario's Yao map), its units there march on the one
the Eastern units stand nearest. Movement offers hundreds of destinations: the candidates keep,
for each unit, the few that bring it nearest its objective, an open flank of its key leader or,
for Osaka, an Eastern unit across the line and a threatened breakthrough hex, and never move a key
leader off his hex nor let him attack. A walk through a packed army (a retreat step whose every
hex is a friend's, the choice of who takes a double occupancy's extra hex) is taken by rule.
"""
from __future__ import annotations

import math
import random
from typing import Optional, Sequence

from ...ai.gameai import GameAI
from ...ai.observation import Observation
from ...engine import hexgrid
from ...engine.actions import Action
from ...engine.state import State
from . import victory
from .data import ROAD_HEXES


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _counts_crossing(d) -> bool:  # type: ignore[no-untyped-def]
    """Whether the Eastern count west of the Ishikawa decides the game (Dōmyōji, the connected
    scenario; 14-1(6)): Gotō's Dream is fought on the same map but only for Komatsuyama."""
    return bool(d.ishikawa_west) and any(c.get("kind") == "units_in_place" for c in d.victory.get("conditions", []))


def _far(distance: "int | None") -> int:
    """A distance, with none (hexes of different maps) read as far away."""
    return 99 if distance is None else distance


def _closeness(distance: int) -> float:
    """How near an enemy unit ``distance`` hexes from a hex stands to stepping onto it: 1 next to
    it (or on it), 1/2 two hexes away, 1/3 three, and so on (an open flank, a breakthrough hex)."""
    return 1.0 / (1.0 + max(0, distance - 1))


#: the value of each unit adjacent to an enemy key leader (Yao, the connected scenario): the count
#: that decides superior power at the end (14-2(6)(4), ruling 15), and the units that could force
#: a key leader out of his hex (a morale collapse, 14-2(6)(1)-(2)). Before it the evaluation saw
#: the key leaders only as places to march to. Yao, hard against hard, 10 games: East 9 (without: 10)
SURROUND = 0.5

#: the weight of a key leader's open flank (a hex next to him that no friendly unit holds), each
#: weighed by how near the nearest enemy unit is: with one unit a hex, friends around a key leader
#: are what keeps the enemy from attacking him. Yao, hard against hard, seed 1000 (with SURROUND):
#: East won 9 of 10 with no guard, 9 of 10 at 1, 7 of 10 at 3, 14 of 20 at 8, 18 of 20 at 15; at 8
#: hard still beat greedy 10 of 10
GUARD = 8.0

#: each Osaka unit next to an Eastern unit west of the Ishikawa Line (14-1(6)): what it takes to
#: push the crossing back; before it Osaka stood on the bank beside the units that had crossed
CONTEST = 0.3

#: each unit drawn towards its side's goal, 1 / (1 + its distance in hexes) (``_Ground.goal``; for
#: Osaka's rearguard, ``AI.rearguard_goal``), in both sides' evaluations
MARCH = 0.6

#: each Osaka unit drawn towards the nearest Eastern unit on the crossing's map (1 / (1 + its
#: distance in hexes)), in Osaka's evaluation only. The bank is Osaka's goal hex by hex, so before it
#: a unit guarding a ford no one crossed counted as much as one beside the Eastern mass in the
#: confluence marsh, and thirty Osaka units lined the bank while the Eastern units across held on.
#: It first measured to the Eastern units west of the line alone and was read by both sides: zero
#: until the first crossing, then a jump of about 3 that East's evaluation read as the crossing's
#: cost (in two of twenty games no Eastern unit was across at the end). Now an Eastern unit's
#: crossing changes it only by the hex that unit moved. Dōmyōji, hard against hard, arena games of
#: seed 1000: East 10 of 10 (0-9) without it, 15 of 20 (0-19) with the first form, 14 of 15
#: (0-14) with this one: the first form's Osaka wins came partly from East's reluctance to cross
#: (docs/ai.md, Balance: Dōmyōji, a third look)
PULL = 0.6

#: Osaka's guard of the breakthrough hexes (14-2(6)(3): an Eastern unit on one at the end of any turn
#: wins): each such hex weighed by how near the nearest Eastern unit that can still move stands (1
#: when it is next to the hex or on it, nothing beyond BREAKTHROUGH_REACH hexes: a road move's 8,
#: ruling 18, and two) and by the Eastern and Osaka units about it (``AI.breakthrough_threats``), in
#: Osaka's evaluation only, as PULL. Before it nothing in Osaka's evaluation looked at those hexes:
#: in Yao its goals are the Eastern key leaders, to the east, and in the connected scenario, where
#: the Eastern key leaders decide nothing (14-3(9)), it has no goal on the Yao map at all. The greedy
#: player's East, taking the first legal move where its measure ties, walks its units towards hex
#: 0201, and hard's Osaka lost game 1 of the connected scenario's hard:greedy so (seed 1000, 5,189
#: actions; Tōdō's force, from turn 4)
BREAKTHROUGH = 8.0
BREAKTHROUGH_REACH = ROAD_HEXES + 2
#: the Eastern units that can assault a breakthrough hex Osaka holds, and the Osaka units that can
#: hold it with the holder: those within 2 hexes of it
ASSAULT = 2

#: who holds Komatsuyama at the end wins Gotō's Dream (14-4(6)); until now only the march to it
#: counted, and the greedy player had nothing to maximise but the end of the game
HOLD = 2.0

#: The levels' budgets (every scenario). Hard's playouts choose each step by the game's first
#: candidate (width 1) rather than by comparing twelve with a lookahead each: a combat here runs
#: through many retreat, double-occupancy and advance steps, and every compared option played
#: the rest of it, so hard spent ~80 % of a Yao game in retreats and double occupancy (0.96 s and
#: 0.83 s a decision, CPython). Width 1: 0.14 s and 0.10 s. One Yao game, hard against greedy:
#: 91 s at width 12, 78 s at width 3, 18 s at width 1. Screens at width 1 (before SURROUND), seed
#: 1000: hard:greedy 10 of 10 (at 12, 10 of 10); hard:normal 20 of 40, East winning 34 (at 12, 7
#: of 10); hard:hard East 10 of 10 (at 12 the same)
BUDGETS: dict[str, dict[str, object]] = {"hard": {"playout_width": 1}}

#: Each scenario's own budgets over those. In Yao normal chooses with a little noise: with none it
#: was hard's own heuristic, and hard scored 50 of 100 against it (the side decided: East won 80 of
#: the 100). Arena games 0-39, seed 1000 (30 November, code of 20f4058): hard scored 28, 33 and 35
#: of 40 against normal at 0.003, 0.005 and 0.01 (its Osaka winning 9, 13 and 16 of 20), and
#: normal at 0.005 and 0.01 scored 27.5 and 28 of 40 against easy (90 of 100 with none). In Dōmyōji
#: too, at Yao's 0.005: without it hard scored 14 of 26 against normal, East winning 25 of the 26
#: (the survey cell of 30ec7e2); with it 17 of those 26 and 25 of 40 (games 0-39, 1 December, its
#: Osaka winning 6 of 20), and normal still beat easy 7 of 10 (9 of 10 before)
SCENARIO_BUDGETS: dict[str, dict[str, dict[str, object]]] = {"yao": {"normal": {"noise": 0.005}},
                                                             "domyoji": {"normal": {"noise": 0.005}}}


class AI(GameAI):
    has_secrets = False
    budgets = BUDGETS
    scenario_budgets = SCENARIO_BUDGETS

    def __init__(self, rules) -> None:  # type: ignore[no-untyped-def]
        super().__init__(rules)
        d = rules.d
        self.d = d
        self.keys = frozenset(u for us in d.key_leaders.values() for u in us)
        #: whether the Eastern count west of the Ishikawa decides (read on every evaluation)
        self.crossing = _counts_crossing(d)
        #: cube coordinates of the hexes of the map the crossing is on (the pull's distances)
        self.cube: dict[str, tuple[int, int, int]] = {}
        if self.crossing:
            board = rules.board
            maps = {board.cells[h].map for h in d.ishikawa_west}
            self.cube = {h: hexgrid.to_cube(c.col, c.row) for h, c in board.cells.items()
                         if h in d.hex_set and c.map in maps}
        #: the Eastern units that can move in some turn: a force frozen for the whole game (14-2(5))
        #: with no early release threatens no breakthrough hex
        self.movers = tuple(u for u in d.by_side[d.east] if self._may_move_some_turn(d.units[u].force))
        self._grounds: dict[int, _Ground] = {}
        self.ground(rules.revision)  # a new game's, made before the first decision

    def _may_move_some_turn(self, force: str) -> bool:
        limit = self.d.limits.get(force)
        return limit is None or limit.until <= self.d.turns or limit.release is not None

    def ground(self, revision: int) -> "_Ground":
        """The places a game of the rules' ``revision`` is fought over (its key leaders' start hexes
        may differ from today's: rules.before_revision), made once a revision."""
        found = self._grounds.get(revision)
        if found is None:
            made = next(iter(self._grounds.values()), None)  # its breakthrough tables serve every revision
            found = self._grounds[revision] = _Ground(self.rules, revision, made.breakthrough if made else None)
        return found

    def ground_of(self, state: State) -> "_Ground":
        return self.ground(self.rules.revision_of(state))

    def open_flanks(self, state: State, side: str) -> float:
        """How open ``side``'s key leaders stand: each hex next to one that no unit of ``side``
        holds, weighed by how near the nearest enemy unit is to it (1 when one is next to it)."""
        d = self.d
        units = state["units"]
        enemies = [units[u]["at"] for u in d.by_side[self.other(side)] if units[u]["at"] in d.hex_set]
        if not enemies:
            return 0.0
        held = {units[u]["at"] for u in d.by_side[side]}
        flanks = self.ground_of(state).flanks
        total = 0.0
        for leader in d.key_leaders.get(side, ()):
            for n, dist in flanks.get(leader, {}).items():
                if n in held:
                    continue
                total += _closeness(min(dist[at] for at in enemies))
        return total

    def breakthrough_threats(self, state: State) -> dict[str, float]:
        """How near East stands to winning by breakthrough (14-2(6)(3)), for each breakthrough hex
        with an Eastern unit that can still move within BREAKTHROUGH_REACH hexes: {hex: threat},
        from 0 to 1. The nearest Eastern unit sets the pressure (1 next to the hex or on it, 1/2 two
        hexes away, and so on). A hex no Osaka unit holds bears it as the nearest Osaka unit that
        can move (a key leader never does) lets it: n / (1 + n) for n hexes away, so that each hex
        that unit comes nearer counts. A hex an Osaka unit holds bears half of it as the Eastern
        units within ASSAULT hexes, who can drive the holder out and walk in, outnumber the Osaka
        units there (holder included), and none while no Eastern unit is that near.

        The first form counted only whether an Osaka unit held the hex: in Yao (hard against hard,
        game 19 of seed 1000) no Osaka unit came within 4 hexes of 0201 while Tōdō's ashigaru
        walked there from turn 2 to turn 7. With the nearest guard alone, one cavalry held 0201 in
        the connected scenario (hard's Osaka against greedy, game 1) from turn 5 while Tōdō's force
        gathered round it. Weighing every unit within BREAKTHROUGH_REACH of a held hex drew Osaka
        from its key leaders in Yao: East won 17 of 20 (games 0-19) against 13."""
        ground = self.ground_of(state)
        if not ground.breakthrough:
            return {}
        d = self.d
        units = state["units"]
        east = [units[u]["at"] for u in self.movers if units[u]["at"] in d.hex_set]
        if not east:
            return {}
        held = {units[u]["at"] for u in d.by_side[d.osaka]}
        guards = [units[u]["at"] for u in d.by_side[d.osaka] if u not in self.keys and units[u]["at"] in d.hex_set]
        found: dict[str, float] = {}
        for cell, distance in ground.breakthrough.items():
            near = min(distance[at] for at in east)
            if near > BREAKTHROUGH_REACH:
                continue
            pressure = _closeness(near)
            if cell not in held:
                guard = min((distance[at] for at in guards), default=99)
                found[cell] = pressure * guard / (1.0 + guard)
                continue
            attackers = sum(1 for at in east if distance[at] <= ASSAULT)
            if attackers:
                defenders = sum(1 for at in guards if distance[at] <= ASSAULT)
                found[cell] = 0.5 * pressure * attackers / (attackers + defenders)
        return found

    def rearguard_goal(self, state: State) -> dict[str, int]:
        """Where Osaka's units on a map where holding the breakthrough hexes is all they do (the
        connected scenario's Yao map) march, in Osaka's own evaluation: the hex the Eastern units
        that can move stand nearest, {hex: distance}; with none on that map, the nearest of them.

        The two hexes lie 26 columns apart. Marching on the nearer of them, as East reads it, split
        Osaka's units: in arena game 3 of the connected scenario's hard against greedy (seed 1000)
        five of Kimura's men stood round 2801, where no Eastern unit came, while Tōdō's force took
        0201 from three."""
        ground = self.ground_of(state)
        units = state["units"]
        east = [units[u]["at"] for u in self.movers if units[u]["at"] in ground.rearguard]
        if not east:
            return ground.goal[self.d.osaka]
        focus = min(ground.breakthrough, key=lambda b: (min(ground.breakthrough[b][at] for at in east), b))
        return ground.breakthrough[focus]

    def open_breakthroughs(self, state: State) -> float:
        """The threats of breakthrough, added over the hexes (``breakthrough_threats``)."""
        return sum(self.breakthrough_threats(state).values())

    def quiet(self, state: State) -> bool:
        return state.get("combat") is None and state.get("retreat") is None

    def objectives(self, state: State, side: str, crossed: Optional[list[str]] = None) -> float:
        """What the scenario's victory counts, seen from ``side``: the combat strength each side
        keeps on the map, superior power (14-2(6)(4)), the Eastern count west of the Ishikawa Line
        against the ten needed (14-1(6)) and who holds Komatsuyama (14-4(6), ruling 17). ``crossed``:
        the Eastern units' hexes west of the line, when the caller has them already."""
        d = self.d
        units = state["units"]
        score = 0.0
        for s in d.sides:
            sign = 1.0 if s == side else -1.0
            power = sum(d.units[u].cs for u in d.by_side[s] if units[u]["at"] in d.hex_set)
            score += sign * 0.15 * power
            if d.key_leaders:
                score += sign * SURROUND * victory.surrounding(self.rules, state, s)
        if self.crossing:
            west = len(crossed) if crossed is not None else victory.west_count(self.rules, state)
            score += (1.0 if side == d.east else -1.0) * 3.0 * _sigmoid((west - d.west_needed + 0.5) / 2.0)
        if d.kind == "goto" and d.komatsuyama:
            holder = state.get("holder") or d.osaka
            score += HOLD if holder == side else -HOLD
        return score

    def material(self, state: State, side: str) -> float:
        """The one-ply greedy player's measure: the objectives alone, no marching nor guarding."""
        if self.rules.outcome(state) is not None:
            return self.terminal_value(state, side)
        return 0.94 * _sigmoid(self.objectives(state, side) / 6.0) + 0.03

    def evaluate(self, state: State, side: str) -> float:
        if self.rules.outcome(state) is not None:
            return self.terminal_value(state, side)
        d = self.d
        units = state["units"]
        ground = self.ground_of(state)
        goal = ground.goal
        crossed = self.crossed(state)  # read once: the count and the contest use it
        score = self.objectives(state, side, crossed)
        for s in d.sides:
            sign = 1.0 if s == side else -1.0
            # Osaka's units where holding the breakthrough hexes is all they do (the rearguard)
            # march, in Osaka's own evaluation, on the hex the Eastern units come nearest
            rear = self.rearguard_goal(state) if s == d.osaka == side and ground.rearguard else goal[s]
            near = sum(1.0 / (1.0 + (rear if at in ground.rearguard else goal[s]).get(at, 40))
                       for at in (units[u]["at"] for u in d.by_side[s]) if at in d.hex_set)
            score += sign * MARCH * near
        if self.crossing:  # the units that can push an Eastern unit back over the line
            score += (1.0 if side == d.osaka else -1.0) * CONTEST * self.contested(state, crossed)
            if side == d.osaka:  # and where they stand to do it: Osaka's own measure (PULL)
                score += PULL * self.pull(state)
        if side == d.osaka and d.breakthrough:  # the threat of a breakthrough (14-2(6)(3))
            score -= BREAKTHROUGH * self.open_breakthroughs(state)
        if d.key_leaders:  # the threat of a morale collapse (14-2(6)(1)-(2))
            for s in d.sides:
                sign = 1.0 if s == side else -1.0
                score -= sign * GUARD * self.open_flanks(state, s)
        return 0.94 * _sigmoid(score / 6.0) + 0.03

    def risks_a_key_leader(self, state: State, action: Action) -> bool:
        """A key leader moving off his hex, or attacking (the attack names him, a join names his hex)."""
        if action.verb in ("move", "exit", "advance", "attack"):
            return bool(action.units) and action.units[0] in self.keys
        if action.verb == "join" and self.keys:
            units = state["units"]
            return any(units[u]["at"] == action.cell for u in self.keys)
        return False

    def plan(self, obs: Observation, rng: random.Random) -> Optional[Action]:
        """The steps of a walk through a packed army, by the lookahead's own rule (``reflex``): a
        retreat step whose every hex holds a friend, and the choice of who takes the extra hex of
        a double occupancy (11-2-5).

        Each such step marks another friend for a chain-retreat check and may end in another double
        occupancy, and the lookahead plays each option on to the end of the combat: through every
        check and step still to come. In Gotō's Dream, where the Eastern army stands packed, a
        combat could run to hundreds of such steps, each slower than the one before. Normal against
        easy, seed 1000, the first 240 s: 236 extra-hex steps with no open hex (109 s), 89 such
        chain-retreat steps (42 s) and 292 double occupancies (72 s), against 103 steps with an
        open hex (4 s); it was still on turn 5 after 300 s."""
        view = obs.view
        phase = view.get("phase")
        if phase not in ("retreat", "double") or view.get("to_move") != obs.side:
            return None
        state = self.sample(obs, rng)
        legal = self.rules.legal_actions(state)
        if len(legal) < 2:
            return None
        if phase == "retreat":
            friends = self.rules.situation(state).friendly_cells(obs.side)
            if any(a.cell not in friends for a in legal):
                return None
        return self.reflex(state, obs.side, legal)

    def reflex(self, state: State, side: str, legal: Sequence[Action]) -> Optional[Action]:
        """Retreats and double occupancy inside a lookahead or a playout, by rule (the decision
        itself, at the root, is still compared with the exact odds).

        A combat here runs through many such steps (a retreat of up to four hexes, chain retreats,
        the extra hex of a double occupancy), and comparing every option of every one of them
        cost a hard Dōmyōji player 0.95 s a retreat decision and 0.52 s a double occupancy
        (400 actions, 137 s, 88 % of it there). The rule: a retreat step into a hex no friend
        holds (a friend there is marked for a chain retreat, 11-2-1, and the two may end in a
        double occupancy, 11-2-5), then next to a key leader of the side whose side is open,
        then nearest the side's objective; the extra hex goes to the unit that is not a key
        leader and, of two such, the weaker. The first 400 actions of a Dōmyōji game, hard against
        random, seed 1000: 137 s before, 35 s with the rule (retreats 0.26 s, double occupancy
        0.16 s). Yao, hard with the rule against hard without, 40 games (seeds 1000-1039, sides
        alternating): 17 won (42.5 %, 28.5-57.8), East winning 35 of the 40."""
        verb = legal[0].verb if legal else ""
        if verb == "retreat" and state.get("retreat") is not None:
            # the hexes friends hold: the situation the retreat's own options were read from
            friends = self.rules.situation(state).friendly_cells(side)
            ground = self.ground_of(state)
            flanks = ground.flank_hexes.get(side, frozenset())
            goal = ground.goal.get(side, {})
            return min(legal, key=lambda a: (a.cell in friends, a.cell not in flanks, goal.get(a.cell or "", 40)))
        if verb == "extra" and len(legal) > 1:
            return min(legal, key=lambda a: (a.units[0] in self.keys, self.d.units[a.units[0]].cs))
        return None

    def candidates(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        """Every action but moves; for each moving unit its three destinations nearest its goal, its
        best-placed move onto an open flank of its own key leader and, for Osaka, its move nearest an
        Eastern unit across the Ishikawa and its move nearest a threatened breakthrough hex; never a
        key leader leaving his hex, nor attacking or joining an attack: an "A" result sends the
        attackers back (10-3), and a key leader who leaves his hex collapses his army (14-2(6)). In
        318 screened Yao games between hard players, 9 ended so, the key leader brought down by his
        own attack."""
        legal = [a for a in legal if not self.risks_a_key_leader(state, a)]
        if legal and legal[0].verb == "retreat" and (state.get("retreat") or {}).get("extra"):
            return self.open_extra_hexes(state, side, legal)
        if len(legal) <= 16:
            return list(legal)
        ground = self.ground_of(state)
        goal = ground.goal.get(side, {})
        # Osaka's units where holding the breakthrough hexes is all they do march on the one the
        # Eastern units stand nearest, as Osaka's evaluation reads it
        rear = self.rearguard_goal(state) if side == self.d.osaka and ground.rearguard else {}
        keep: list[Action] = []
        moves: dict[tuple[str, ...], list[tuple[float, Action]]] = {}
        for a in legal:
            if a.verb not in ("move", "enter") or a.cell not in goal:
                if a.verb != "exit":
                    keep.append(a)
                continue
            distance = rear[a.cell] if a.cell in ground.rearguard and rear else goal[a.cell]
            moves.setdefault(a.units, []).append((distance, a))
        # and the best-placed move onto an open flank of the side's own key leader (Yao, the
        # connected scenario): the three destinations nearest the goal lead towards the enemy
        flanks = ground.flank_hexes.get(side, frozenset())
        held = self.rules.situation(state).friendly_cells(side) if flanks else frozenset()
        # and, for Osaka where the crossing decides, the move nearest an Eastern unit already
        # across: the bank is the goal until the line is crossed, then the units across are
        crossed = self.crossed(state) if side == self.d.osaka else []
        # and, for Osaka, the move nearest a breakthrough hex an Eastern unit threatens: its
        # objectives lead east, away from them (and in the connected scenario there are none there)
        threatened = list(self.breakthrough_threats(state)) if side == self.d.osaka else []
        distances = [ground.breakthrough[cell] for cell in threatened]
        board = self.rules.board
        for options in moves.values():
            options.sort(key=lambda t: (t[0], t[1].to_text()))
            best = [a for _, a in options[:3]]
            mine = list(best)
            guard = next((a for _, a in options if a.cell in flanks and a.cell not in held), None)
            if guard is not None and all(guard is not a for a in best):
                mine.append(guard)
            if crossed:
                hunt = min((a for _, a in options),
                           key=lambda a: min(_far(board.distance(a.cell, at)) for at in crossed))
                if all(hunt is not a for a in best):
                    mine.append(hunt)
            if distances:
                block = min((a for _, a in options), key=lambda a: min(dist[a.cell] for dist in distances))
                if all(block is not a for a in mine):
                    mine.append(block)
            keep.extend(mine)
        return keep

    def open_extra_hexes(self, state: State, side: str, legal: Sequence[Action]) -> list[Action]:
        """The extra hex of a double occupancy (11-2-5): the hexes no friend holds, where there are
        any (else every hex), so that a walk through a packed army (``plan``) ends where it can.

        One that enters a friend's hex marks him for a chain-retreat check (11-2-1) and ends in
        another double occupancy. The lookahead judges it by the position once the combat is over,
        which such a check often leaves unchanged, so the root took friends' hexes as readily as
        open ones, and with the walk's steps taken by rule the walks ran on: in Gotō's Dream, normal
        against easy, seed 1000, the first 150 s held 220 extra hexes with an open hex among them
        (113 s, 0.51 s each), 694 with none and 917 double occupancies."""
        friends = self.rules.situation(state).friendly_cells(side)
        open_hexes = [a for a in legal if a.cell not in friends]
        return open_hexes or list(legal)

    def crossed(self, state: State) -> list[str]:
        """The hexes of the Eastern units west of the Ishikawa Line, where the crossing decides."""
        d = self.d
        if not self.crossing:
            return []
        units = state["units"]
        return [units[u]["at"] for u in d.by_side[d.east] if units[u]["at"] in d.ishikawa_west]

    def pull(self, state: State) -> float:
        """How near Osaka's units stand to the Eastern units: each Osaka unit on the crossing's map
        1 / (1 + hexes to the nearest Eastern unit on it), so the line gathers where the Eastern
        units are, and round those that have crossed. Measured to every Eastern unit on the map, not
        only those across, so that a crossing changes it by one hex's worth, not from nothing."""
        cube = self.cube
        units = state["units"]
        targets = [cube[at] for at in (units[u]["at"] for u in self.d.by_side[self.d.east]) if at in cube]
        if not targets:
            return 0.0
        total = 0.0
        for u in self.d.by_side[self.d.osaka]:
            here = cube.get(units[u]["at"])
            if here is None:  # off the map, or on the other map of the connected scenario
                continue
            x, y, z = here
            nearest = min(max(abs(x - a), abs(y - b), abs(z - c)) for a, b, c in targets)
            total += 1.0 / (1.0 + nearest)
        return total

    def contested(self, state: State, crossed: Optional[list[str]] = None) -> int:
        """Osaka's units next to an Eastern unit west of the line: the ones that can push it back."""
        d = self.d
        if crossed is None:
            crossed = self.crossed(state)
        if not crossed:
            return 0
        around = {n for at in crossed for n in d.board.neighbors[at]}
        units = state["units"]
        return sum(1 for u in d.by_side[d.osaka] if units[u]["at"] in around)


class _Ground:
    """What the evaluation measures against, for one rules revision: each side's goal distance from
    every hex, and its key leaders' flanks."""

    def __init__(self, rules, revision: int,  # type: ignore[no-untyped-def]
                 breakthrough: Optional[dict[str, dict[str, int]]] = None) -> None:
        """``breakthrough``: another revision's breakthrough tables, which no revision changes."""
        d = rules.d
        board = rules.board
        start = {u: d.unit_of(u, revision).start for us in d.key_leaders.values() for u in us}
        targets: dict[str, list[str]] = {d.east: [], d.osaka: []}
        targets[d.east] += list(d.breakthrough)
        if d.komatsuyama and d.kind == "goto":  # the hill decides only Gotō's Dream (14-4(6))
            targets[d.east].append(d.komatsuyama)
            targets[d.osaka].append(d.komatsuyama)
        for s, leaders in d.key_leaders.items():
            other = d.osaka if s == d.east else d.east
            targets[other] += [start[u] for u in leaders if start[u]]
        if _counts_crossing(d):
            # the Ishikawa's west bank, its hexes next to an east-bank land hex (not the large river's
            # bank: nothing crosses there); Osaka's goal too, where its units and their zones of
            # control bar the crossing
            edge = [h for h in d.ishikawa_west
                    if any(n in d.hex_set and n not in d.ishikawa_west and n not in d.large_river
                           for n in board.neighbors[h])]
            targets[d.east] += edge
            targets[d.osaka] += edge
        # where Osaka has no objective on a map that holds breakthrough hexes, those are its
        # objective: in the connected scenario the Eastern key leaders decide nothing (14-3(9)),
        # and Osaka's units on the Yao map marched nowhere while East gathered round hex 0201
        aimed = {board.cells[c].map for c in targets[d.osaka] if c in d.hex_set}
        held_back = [b for b in d.breakthrough if b in d.hex_set and board.cells[b].map not in aimed]
        targets[d.osaka] += held_back
        #: the hexes of those maps: in Osaka's own evaluation its units there march on the one of
        #: those hexes the Eastern units stand nearest (``AI.rearguard_goal``)
        rear_maps = {board.cells[b].map for b in held_back}
        self.rearguard: frozenset[str] = frozenset(h for h in d.hexes if board.cells[h].map in rear_maps)
        #: {side: {hex: distance to the nearest of its objectives}}
        self.goal: dict[str, dict[str, int]] = {}
        for s, cells in targets.items():
            cells = [c for c in cells if c in d.hex_set]
            self.goal[s] = {h: min((x for x in (board.distance(h, c) for c in cells) if x is not None), default=40)
                            for h in d.hexes}
        #: {breakthrough hex: {hex: distance}}: how near an Eastern unit stands to winning (14-2(6)(3))
        self.breakthrough: dict[str, dict[str, int]] = breakthrough if breakthrough is not None else {
            b: {h: _far(board.distance(b, h)) for h in d.hexes} for b in d.breakthrough if b in d.hex_set}
        #: {key leader: {neighbouring hex: {hex: distance}}}: the hexes an enemy must reach to attack him
        #: (the connected scenario's two maps have no distance between them: far, not next to him)
        self.flanks: dict[str, dict[str, dict[str, int]]] = {}
        for u, at in start.items():
            if at in d.hex_set:
                self.flanks[u] = {n: {h: _far(board.distance(n, h)) for h in d.hexes}
                                  for n in board.neighbors[at] if n in d.hex_set}
        #: {side: the hexes next to its key leaders' start hexes}
        self.flank_hexes: dict[str, frozenset[str]] = {
            s: frozenset(n for u in leaders for n in self.flanks.get(u, ())) for s, leaders in d.key_leaders.items()}
