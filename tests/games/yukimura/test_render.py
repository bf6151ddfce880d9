"""The drawing: both maps of the connected scenario, the marks the issue names (breakthrough, entry
and staging hexes, Komatsuyama, the Ishikawa's west bank), counters with strength-morale-movement
and a force band, frozen and held forces, chain-retreat markers; the legend's colours are the map's."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from kassen.render.legend import counter_swatch, legend_for, swatch

from .helpers import CONNECTED, DOMYOJI, YAO, rules


@pytest.mark.parametrize("scenario", [YAO, DOMYOJI, CONNECTED])
def test_legend_and_marks(scenario):
    r = rules(scenario)
    s = r.setup(1)
    if s["phase"] == "staging":
        s, _ = r.apply(s, "stage @Y:2801")
    svg = r.render_svg(r.view_for(s, None))
    ET.fromstring(svg)
    legend = legend_for(r)
    assert legend is not None and legend.terrain and legend.features and legend.marks and legend.counter
    for entry in legend.terrain + legend.features + legend.marks:
        ET.fromstring(swatch(entry))
    ET.fromstring(counter_swatch(legend.counter))
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))
    for entry in legend.terrain:
        assert entry.fill in fills, (scenario, entry.words)
    assert svg.count('class="counter-band"') == sum(1 for u in s["units"].values() if u["at"] in r.board.cells)
    if r.d.breakthrough:
        assert svg.count('class="breakthrough-hex"') == 2
    if r.d.komatsuyama:
        assert 'class="komatsuyama"' in svg and 'class="entry-hex"' in svg
    if scenario == CONNECTED:
        assert 'class="hideyori-staged"' in svg and svg.count('class="map-name"') == 2
        assert 'data-cell="D:1621"' in svg and 'data-cell="Y:2801"' in svg
    frozen = "凍" if scenario == YAO else "待"
    assert frozen in svg


def test_chain_retreat_markers_are_drawn():
    from .test_chain_retreat import START, test_ye1_chain_retreat_step_by_step  # noqa: F401
    from .test_rules import E_RIF, O_CAV, R, position
    from .helpers import play

    s = position(START, phase="h2h", active="osaka")
    s, _ = play(R, s, f"attack {O_CAV} @Y:2106", "resolve", "roll =5", "roll =6", "roll =3", "retreat @Y:2107")
    svg = R.render_svg(R.view_for(s, None))
    assert svg.count('class="chain-marker"') == 1 and 'class="retreat-path"' in svg and "連" in svg
    assert "leader Tōdō Takatora" in svg  # a unit's leader is findable from it
