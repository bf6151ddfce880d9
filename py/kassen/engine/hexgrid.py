"""Flat-topped hex grids with printed ``CCRR`` labels (column, row; both from 01).

Every kassen map uses flat-topped hexes in straight columns with the even-numbered printed
columns shifted half a hex down ("odd-q" in Red Blob Games' 0-based terms). Algorithms use
cube coordinates; labels appear only at the edges (JSON, log, tooltips).
"""
from __future__ import annotations

import math

SQRT3 = math.sqrt(3.0)

# Cube directions in the order N, NE, SE, S, SW, NW (flat-topped: no E/W neighbours).
CUBE_DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, 1, -1), (1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0),
)


def label(col: int, row: int) -> str:
    """Printed label of (col, row), both 1-based: (5, 3) -> "0503"."""
    return f"{col:02d}{row:02d}"


def parse_label(text: str) -> tuple[int, int]:
    """(col, row) of a printed ``CCRR`` label; ValueError if it is not one."""
    if len(text) != 4 or not text.isdigit():
        raise ValueError(f"not a CCRR hex label: {text!r}")
    return int(text[:2]), int(text[2:])


def to_cube(col: int, row: int) -> tuple[int, int, int]:
    """Printed (col, row) -> cube (x, y, z)."""
    q = col - 1
    x = q
    z = (row - 1) - (q - (q & 1)) // 2
    return x, -x - z, z


def from_cube(cube: tuple[int, int, int]) -> tuple[int, int]:
    """Cube (x, y, z) -> printed (col, row)."""
    x, _, z = cube
    q = x
    row0 = z + (q - (q & 1)) // 2
    return q + 1, row0 + 1


def neighbors(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbours of a hex in N, NE, SE, S, SW, NW order (may lie off the map)."""
    x, y, z = to_cube(col, row)
    return [from_cube((x + dx, y + dy, z + dz)) for dx, dy, dz in CUBE_DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance between two printed positions."""
    ax, ay, az = to_cube(*a)
    bx, by, bz = to_cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def center(col: int, row: int, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of a hex whose corner radius is ``size``; the map's top-left is (0, 0)."""
    x = size + 1.5 * size * (col - 1)
    shift = 0.5 if col % 2 == 0 else 0.0
    y = SQRT3 * size * (row - 1 + shift) + SQRT3 * size / 2
    return x, y


def corners(cx: float, cy: float, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, clockwise from the east corner."""
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


# -- lines and rings (range, line of sight, command range) ---------------------------------------

#: The nudge that decides which side a line running exactly along a hexside falls on. Red Blob
#: Games' trick: shift both ends by a tiny cube offset (x+e, y+e, z-2e keeps x+y+z = 0), once one
#: way and once the other; where the two lines differ the line runs along a hexside.
EPSILON = 1e-6


def _cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return int(rx), int(ry), int(rz)


def _line(a: tuple[int, int], b: tuple[int, int], nudge: float) -> list[tuple[int, int]]:
    ax, ay, az = to_cube(*a)
    bx, by, bz = to_cube(*b)
    n = max(abs(ax - bx), abs(ay - by), abs(az - bz))
    if n == 0:
        return [a]
    ax, ay, az = ax + nudge, ay + nudge, az - 2 * nudge
    bx, by, bz = bx + nudge, by + nudge, bz - 2 * nudge
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(from_cube(_cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)))
    return out


def hex_line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` passes through,
    both ends included, one per step (so ``len == distance + 1``). Where the line runs exactly
    along a hexside it takes the positively nudged side; ``hex_line_pair`` gives both."""
    return _line(a, b, EPSILON)


def hex_line_pair(a: tuple[int, int], b: tuple[int, int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The two ε-nudged lines from ``a`` to ``b``: equal unless the line runs along hexsides, where
    they pass on either side. A game decides whether one blocked side blocks the line or only both
    (``board.line_blocked`` mode "any" or "both")."""
    return _line(a, b, EPSILON), _line(a, b, -EPSILON)


def within(col: int, row: int, radius: int) -> list[tuple[int, int]]:
    """Every position at distance <= ``radius`` of (col, row) (may lie off the map), in column-then-
    row order, the centre included."""
    cx, cy, cz = to_cube(col, row)
    out = []
    for dx in range(-radius, radius + 1):
        for dz in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
            out.append(from_cube((cx + dx, cy - dx - dz, cz + dz)))
    out.sort()
    return out
