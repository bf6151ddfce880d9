"""The renderer carries a board the size of the games to come: 1,800 hexes, 250 counters in stacks.

No timings here (they are `make bench`, tests/browser/test_surface_bench.py): the structure the page
relies on to stay quick -- layers, the cells and hexsides built once per board, stacks at full size.
"""
import re
import xml.etree.ElementTree as ET

from kassen.render import board as render
from kassen.render.board import split_layers

from .bigboard import big_board, big_counters, render_big

NS = "{http://www.w3.org/2000/svg}"


def test_the_big_board_draws_in_layers_with_every_cell_and_counter():
    b = big_board()
    counters = big_counters(b)
    markup = render_big(b, counters)
    root = ET.fromstring(markup)
    head, layers = split_layers(markup)
    assert head.startswith("<svg") and [name for name, _ in layers] == ["cells", "under", "edges", "marks", "over",
                                                                         "units"]
    assert "".join(part for _, part in layers) + "</svg>" == markup[len(head):]
    assert sum(1 for g in root.iter(NS + "g") if g.get("data-cell")) == 1800
    units = [g for g in root.iter(NS + "g") if g.get("data-unit")]
    assert len(units) == 250 and len({g.get("data-unit") for g in units}) == 250
    # stacks fan out at full size: every counter is as big as a lone one, none shrunk
    sides = {float(r.get("width")) for r in root.iter(NS + "rect") if r.get("class") == "counter-body"}
    assert sides == {38.0}
    stacked = [g for g in units if g.get("data-stack")]
    assert stacked and all(int(g.get("data-stack")) >= 2 for g in stacked)
    # the page learns the sizes to keep legible from the root
    assert root.get("data-counter") == "38" and float(root.get("data-text")) >= 0.32 * 38


def test_cells_and_hexsides_are_built_once_per_board(monkeypatch):
    b = big_board()
    counters = big_counters(b)
    calls = {"cells": 0, "edges": 0}
    for name, attr in (("cells", "_cells_layer"), ("edges", "_edges_layer")):
        original = getattr(render, attr)

        def counting(*args, _original=original, _name=name, **kwargs):
            calls[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(render, attr, counting)
    render._STATIC.clear()
    first = render_big(b, counters)
    moved = [*counters[:-1], render.Counter(**{**counters[-1].__dict__, "at": "3015"})]
    second = render_big(b, moved, selected=counters[0].unit)
    assert calls == {"cells": 1, "edges": 1}
    a, z = dict(split_layers(first)[1]), dict(split_layers(second)[1])
    assert a["cells"] == z["cells"] and a["edges"] == z["edges"] and a["units"] != z["units"]
    # a highlight is drawn only when asked for (the page marks legal places itself)
    highlighted = render_big(b, counters, highlight=("0101",))
    assert calls["cells"] == 2 and re.search(r'class="cell legal" data-cell="0101"', highlighted)
    assert 'class="cell legal"' not in first
