"""The connected scenario's self-play (test_selfplay.py's checks and invariants), in a file of its own:
make test hands whole files to its two workers, and this is the costliest scenario."""
from __future__ import annotations

from .helpers import CONNECTED
from .test_selfplay import check_report, play


def test_connected_selfplay_keeps_every_invariant():
    check_report(play(CONNECTED))
