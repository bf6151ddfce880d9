"""Links (docs/engine.md: every position's link under 2,000 characters): the worst case is every
counter of the connected scenario (231, the most of the nine scenarios) off its printed hex, which
random play seldom reaches; built here directly, with a combat and a retreat in progress."""
from __future__ import annotations

import random

import pytest

from kassen.engine import codec
from kassen.engine.state import clone

from .helpers import CONNECTED, DOMYOJI, GOTO, YAO, rules

LIMIT = 2000


@pytest.mark.parametrize("scenario", [YAO, DOMYOJI, GOTO, CONNECTED])
def test_links_with_every_counter_moved_fit(scenario):
    r = rules(scenario)
    d = r.d
    s = r.setup(11)
    if s["phase"] == "staging":
        s, _ = r.apply(s, "stage @Y:2801")
    longest = 0
    for seed in range(5):
        rnd = random.Random(seed)
        t = clone(s)
        free = [h for h in d.hexes if h not in d.large_river]
        rnd.shuffle(free)
        for uid, at in zip(d.units, free):
            t["units"][uid]["at"] = at if rnd.random() < 0.9 else None
        t["done"] = sorted(rnd.sample(list(d.units), 40))
        link = codec.encode(r, "v", r.view_for(t, None))
        play = codec.encode(r, "p", t)
        assert codec.decode(play, lambda _: r)[2] == t
        longest = max(longest, len("index.html#" + link), len("index.html#" + play))
    assert longest <= LIMIT, longest
