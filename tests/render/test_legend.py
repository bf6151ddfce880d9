"""Every game has a legend (terrain, hexsides and features, marks, a counter), drawn from the map's
own styles so it cannot drift from the map."""
import re
import xml.etree.ElementTree as ET

import pytest

from kassen.games import load_rules
from kassen.render.legend import counter_swatch, legend_for, swatch


@pytest.mark.parametrize("scenario", ["mukden", "ikedaya", "kawanakajima", "toba-fushimi", "tabarazaka"])
def test_each_game_has_a_legend_whose_colours_are_the_maps(scenario):
    rules = load_rules(scenario)
    legend = legend_for(rules)
    assert legend is not None and legend.terrain and legend.features and legend.marks
    assert legend.counter is not None and legend.counter_notes
    for entry in legend.terrain + legend.features + legend.marks:
        ET.fromstring(swatch(entry))  # well-formed, escaped
        assert entry.words
    sample = ET.fromstring(counter_swatch(legend.counter))
    assert sample.find(".//{http://www.w3.org/2000/svg}g").get("tabindex") is None  # not a control
    svg = rules.render_svg(rules.view_for(rules.setup(1), None))
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))
    for entry in legend.terrain:
        assert entry.fill in fills, (scenario, entry.words, entry.fill)
