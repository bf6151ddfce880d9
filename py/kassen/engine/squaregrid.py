"""Square grids on one or more floors, labelled ``<floor><column letter><row>`` (e.g. "2B3").

Used by the Ikedaya inn: two floors of squares drawn side by side. Only orthogonal neighbours
on the same floor are adjacent here; walls, doors, stairs and arrows are connection data that
the board adds on top.
"""
from __future__ import annotations


def label(floor: int, column: str, row: int) -> str:
    return f"{floor}{column}{row}"


def parse_label(text: str) -> tuple[int, str, int]:
    """(floor, column letter, row); ValueError if the text is not such a label."""
    if len(text) < 3 or not text[0].isdigit() or not text[1].isalpha() or not text[2:].isdigit():
        raise ValueError(f"not a square label: {text!r}")
    return int(text[0]), text[1], int(text[2:])


def center(grid: dict, label_text: str) -> tuple[float, float]:
    """Drawing centre, in grid units, of a frame position of a square ``grid`` (the scenario's grid
    object): floors side by side in the listed order, ``floor_gap`` squares apart; row 1 at the
    bottom unless ``row1`` is "top". Works for missing positions too (the renderer shades them)."""
    floor, column, row = parse_label(label_text)
    columns, rows = grid["columns"], grid["rows"]
    x = grid["floors"].index(floor) * (len(columns) + grid.get("floor_gap", 1.0)) + columns.index(column) + 0.5
    y = (rows - row) + 0.5 if grid.get("row1", "bottom") == "bottom" else (row - 1) + 0.5
    return x, y


def neighbors(floor: int, column: str, row: int, columns: str, rows: int) -> list[str]:
    """Orthogonal same-floor neighbours inside a ``columns`` x ``rows`` frame (no diagonals)."""
    i = columns.index(column)
    out = []
    for di, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        j, r = i + di, row + dr
        if 0 <= j < len(columns) and 1 <= r <= rows:
            out.append(label(floor, columns[j], r))
    return out
