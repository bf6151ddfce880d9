"""A synthetic big board for the renderer and the play surface: the size of the games still to come.

Bakumatsu's maps have 672 and 320 hexes, Yukimura's connected scenario two maps of 29x30 (870
hexes each) side by side. ``big_board()`` is one 60x30 hex grid (1,800 hexes) with rivers, roads
and mixed terrain; ``big_counters()`` stands 250 counters on it, some in stacks of two to four.
Seeded: the same board and counters every time.
"""
from __future__ import annotations

import random
from typing import Optional

from kassen.engine import hexgrid
from kassen.engine.board import Board, Cell, build_board
from kassen.render.board import Counter, EdgeStyle, render_board

COLUMNS, ROWS = 60, 30
TERRAIN_FILL = {"clear": "#ece5c8", "forest": "#a9c08a", "hill": "#c9b48a", "town": "#d8c3a8", "marsh": "#b9d3cf"}
EDGES = {"river": EdgeStyle("#2f6fb8", width=6.0), "road": EdgeStyle("#7a4b1f", width=3.0, dash="6 3")}
SIDES = ("east", "west")


def big_board(seed: int = 1) -> Board:
    rnd = random.Random(seed)
    labels = [hexgrid.label(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]
    terrain: dict[str, list[str]] = {t: [] for t in TERRAIN_FILL if t != "clear"}
    for lab in labels:
        roll = rnd.random()
        kind = "forest" if roll < 0.2 else "hill" if roll < 0.3 else "town" if roll < 0.33 else \
            "marsh" if roll < 0.36 else None
        if kind:
            terrain[kind].append(lab)
    rivers: list[list[str]] = []
    for start_col in (10, 25, 40, 52):  # rivers wander down the map along hexsides
        c = start_col
        for r in range(1, ROWS):
            a = hexgrid.label(c, r)
            nbrs = [hexgrid.label(nc, nr) for nc, nr in hexgrid.neighbors(c, r)
                    if 1 <= nc <= COLUMNS and 1 <= nr <= ROWS and nc != c]
            if nbrs:
                b = rnd.choice(nbrs)
                if [a, b] not in rivers and [b, a] not in rivers:
                    rivers.append([a, b])
    names = {hexgrid.label(rnd.randint(1, COLUMNS), rnd.randint(1, ROWS)): f"Town {i}" for i in range(40)}
    spec = {"grid": {"kind": "hex", "columns": COLUMNS, "rows": ROWS}, "terrain": terrain,
            "hexsides": {"river": rivers}}
    board = build_board(spec)
    for lab, name in names.items():  # place names, as scenarios give them
        cell = board.cells[lab]
        board.cells[lab] = Cell(**{**cell.__dict__, "name": name})
    return board


def big_counters(board: Board, n: int = 250, seed: int = 2) -> list[Counter]:
    rnd = random.Random(seed)
    labels = [c.label for c in board.map_cells()]
    out: list[Counter] = []
    cells = rnd.sample(labels, n)
    i = 0
    while len(out) < n:
        at = cells[i]
        i += 1
        stack = 1 if rnd.random() < 0.8 else rnd.randint(2, 4)
        for _ in range(min(stack, n - len(out))):
            side = SIDES[len(out) % 2]
            uid = f"{side[0]}{len(out)}"
            out.append(Counter(unit=uid, side=side, at=at, lines=[f"{len(out)}-I", f"{rnd.randint(1, 9)}-{rnd.randint(1, 6)}"],
                               fill="#2f4f8f" if side == "east" else "#8f2f2f", text_color="#ffffff",
                               title=f"Unit {uid}", badges=["D"] if rnd.random() < 0.1 else []))
    return out


def render_big(board: Board, counters: list[Counter], highlight: tuple[str, ...] = (),
               selected: Optional[str] = None) -> str:
    return render_board(board, cell_fill=lambda c: TERRAIN_FILL.get(c.terrain, TERRAIN_FILL["clear"]),
                        counters=counters, edges=EDGES, highlight=highlight, selected=selected,
                        title="A synthetic big board")
