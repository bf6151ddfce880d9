"""render/board.py: a map drawn a quarter turn round (north up for a map printed sideways) and
off-map boxes with a size of their own whose counters fill rows."""
import re

from kassen.engine.board import build_board
from kassen.render.board import SCALE, Counter, EdgeStyle, bounds, cell_xy, render_board, stack_offsets, turned

SPEC = {"grid": {"kind": "hex", "columns": 5, "rows": 4}, "hexsides": {"river": [["0101", "0201"]]},
        "boxes": [{"id": "tray", "name": "Tray", "x": 14.0, "y": -3.0, "w": 6.0, "h": 3.2},
                  {"id": "small", "name": "Small", "x": 14.0, "y": -7.0}]}


def centres(svg):
    out = {}
    for m in re.finditer(r'data-cell="(\d{4})"[^>]*><polygon points="([^"]+)"', svg):
        pts = [tuple(map(float, p.split(","))) for p in m.group(2).split()]
        out[m.group(1)] = (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6, pts)
    return out


def test_a_quarter_turn_puts_the_highest_column_on_top():
    board = build_board(SPEC)
    assert turned(1.0, 0.0, 1) == (0.0, -1.0) and turned(0.0, 1.0, 1) == (1.0, 0.0)
    plain = centres(render_board(board, cell_fill=lambda c: "#fff"))
    turned_ = centres(render_board(board, cell_fill=lambda c: "#fff", turn=1))
    assert plain["0501"][0] > plain["0101"][0]  # normally columns run left to right
    assert turned_["0501"][1] < turned_["0101"][1]  # turned: the highest column at the top
    assert turned_["0104"][0] > turned_["0101"][0]  # and rows left to right
    # the hexes turn with the map: flat-topped become pointy-topped (a corner straight above the centre)
    cx, cy, pts = turned_["0302"]
    assert any(abs(x - cx) < 1e-6 and y < cy for x, y in pts)
    cx, cy, pts = plain["0302"]
    assert not any(abs(x - cx) < 1e-6 and y < cy for x, y in pts)
    # boxes stay where they are; the viewBox holds everything
    assert cell_xy(board.cells["tray"], 1) == cell_xy(board.cells["tray"], 0) == (14.0 * SCALE, -3.0 * SCALE)
    x0, y0, w, h = bounds(board, 1)
    for c in board.cells.values():
        x, y = cell_xy(c, 1)
        assert x0 <= x <= x0 + w and y0 <= y <= y0 + h


def test_edges_and_counters_turn_with_the_map():
    board = build_board(SPEC)
    svg = render_board(board, cell_fill=lambda c: "#fff", turn=1,
                       edges={"river": EdgeStyle("#00f")},
                       counters=[Counter(unit="u1", side="a", at="0501", lines=["A"])])
    m = re.search(r'data-unit="u1"[^>]*transform="translate\(([-\d.]+),([-\d.]+)\)', svg)
    x, y = float(m.group(1)), float(m.group(2))
    ex, ey = cell_xy(board.cells["0501"], 1)
    assert abs(x - ex) < 0.01 and abs(y - (ey + 0.08 * SCALE)) < 0.01
    line = re.search(r'<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"[^>]*edge-river', svg)
    mid = ((float(line.group(1)) + float(line.group(3))) / 2, (float(line.group(2)) + float(line.group(4))) / 2)
    a, b = cell_xy(board.cells["0101"], 1), cell_xy(board.cells["0201"], 1)
    assert abs(mid[0] - (a[0] + b[0]) / 2) < 0.01 and abs(mid[1] - (a[1] + b[1]) / 2) < 0.01


def test_a_large_box_lays_its_counters_out_in_rows_at_full_size():
    board = build_board(SPEC)
    size = 0.95 * SCALE
    tray = board.cells["tray"]
    assert (tray.w, tray.h) == (6.0, 3.2) and (board.cells["small"].w, board.cells["small"].h) == (2.4, 1.0)
    offsets = stack_offsets(12, size, True, (tray.w - 0.1) * SCALE, (tray.h - 0.1) * SCALE)
    rows = sorted({round(dy, 3) for _, dy in offsets})
    assert len(rows) == 3 and len(offsets) == 12
    xs = sorted(dx for dx, dy in offsets if round(dy, 3) == rows[0])
    assert all(b - a >= size for a, b in zip(xs, xs[1:]))  # no overlap in a row
    # a default box keeps its one row (overlapping when full), as before
    one_row = stack_offsets(5, size, True, 2.3 * SCALE)
    assert {dy for _, dy in one_row} == {0.0}
