"""An independent, literal reading of Bakumatsu movement (8, 8-1, 8-2, 3-2) for the tests: every
path a unit could take, hex by hex, straight from the scenario's JSON (not the rules' step tables,
zone table or search). The self-play invariant checks every move the game allowed against it."""
from __future__ import annotations

from typing import Any, Optional

from kassen.engine import hexgrid


class Oracle:
    def __init__(self, rules: Any) -> None:
        sc = rules.scenario
        self.rules = rules
        data = sc.data
        tec = data["rules"]["terrain_effects"]
        self.tec = tec
        board = sc.board
        self.board = board
        self.hexes = {c.label for c in board.map_cells()}
        self.terrain = {h: board.cells[h].terrain for h in self.hexes}
        # hexside features straight from the JSON lists
        self.sides: dict[frozenset, set[str]] = {}
        for feature, pairs in data["board"].get("hexsides", {}).items():
            for a, b in pairs:
                self.sides.setdefault(frozenset((a, b)), set()).add(feature)
        self.road: set[frozenset] = set()
        for chain in data["board"].get("roads", []):
            for a, b in zip(chain, chain[1:]):
                self.road.add(frozenset((a, b)))
        self.road_hexes = {h for pair in self.road for h in pair}
        self.ponds = {h for h in self.hexes if self.cost_of(h) is None}
        self._nbrs = {}
        for h in self.hexes:
            c, r = hexgrid.parse_label(h)
            self._nbrs[h] = [x for x in (hexgrid.label(nc, nr) for nc, nr in hexgrid.neighbors(c, r)) if x in self.hexes]
        self._steps = {(a, b): self._step(a, b) for a in self.hexes for b in self._nbrs[a]}

    def nbrs(self, h: str) -> list[str]:
        return self._nbrs[h]

    def cost_of(self, h: str) -> Optional[int]:
        t = self.terrain[h]
        while True:
            v = self.tec["terrain"][t]["move"]
            if v != "--":
                return v
            t = self.tec["terrain"][t]["over"]

    def blocks_zoc(self, a: str, b: str) -> bool:
        return bool(self.sides.get(frozenset((a, b)), set()) & {"river", "pond"}) or a in self.ponds or b in self.ponds

    def zone(self, cells: list[str]) -> set[str]:
        """3-2: a unit's own hex and its six neighbours, not across a river or pond hexside."""
        out = set()
        for h in cells:
            out.add(h)
            out.update(n for n in self.nbrs(h) if not self.blocks_zoc(h, n))
        return out

    def step(self, a: str, b: str) -> Optional[int]:
        return self._steps[(a, b)]

    def _step(self, a: str, b: str) -> Optional[int]:
        """8-1: MP to step a->b under normal movement (None: impossible)."""
        pair = frozenset((a, b))
        if pair in self.road:
            return self.tec["road"]["move"]
        feats = self.sides.get(pair, set())
        if "river" in feats or "pond" in feats or b in self.ponds:
            return None
        cost = self.cost_of(b)
        if cost is None:
            return None
        return cost + (1 if "stream" in feats else 0)

    def normal(self, start: str, ma: int, occupied: set[str], zoc: set[str], pass_only=frozenset()) -> set[str]:
        """Every hex a unit may end a normal move in, by walking every path."""
        out: set[str] = set()
        extra = 1 if start in zoc else 0  # 8-1(3)(2)
        best: dict[str, int] = {}

        def walk(here: str, spent: int, first: bool) -> None:
            for n in self.nbrs(here):
                if n in occupied or n == start:
                    continue
                c = self.step(here, n)
                if c is None:
                    continue
                if first and start in zoc and n in zoc:  # 8-1(3)(3)
                    continue
                total = spent + c + (extra if first else 0)
                if total > ma:
                    if first and n not in pass_only:  # 8-1(4): the one-hex minimum move
                        out.add(n)
                    continue
                if n not in pass_only:
                    out.add(n)
                if n in zoc:  # 8-1(3)(1): entering an enemy ZOC ends the move
                    continue
                if best.get(n, 10 ** 9) <= total:
                    continue
                best[n] = total
                walk(n, total, False)
        walk(start, 0, True)
        return out

    def by_road(self, start: str, ma: int, occupied: set[str], zoc: set[str], pass_only=frozenset()) -> set[str]:
        """8-2: along the road only, 2 hexes per MP, never from or into an enemy ZOC."""
        if start not in self.road_hexes or start in zoc:
            return set()
        allowance = ma * self.tec["road"]["road_rate"]
        out: set[str] = set()
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for h in frontier:
                for n in self.nbrs(h):
                    if frozenset((h, n)) not in self.road or n in occupied or n in zoc:
                        continue
                    d = seen[h] + 1
                    if d > allowance or seen.get(n, 10 ** 9) <= d:
                        continue
                    seen[n] = d
                    if n != start and n not in pass_only:
                        out.add(n)
                    nxt.append(n)
            frontier = nxt
        out.discard(start)
        return out
