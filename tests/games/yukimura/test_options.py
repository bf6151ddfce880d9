"""The command-range rule (13) is optional: a new game asks for it by the page's address
(``?scenario=yao&options=command_range``), which the controller hands to the set-up."""
from __future__ import annotations

import pytest

from kassen.app.controller import Controller
from kassen.app.routing import route
from kassen.app.storage import MemoryStore, Saves
from kassen.games import load_rules, scenario_ids


@pytest.mark.rules("yukimura.13-1.optional")
def test_a_new_game_with_the_command_range_option():
    r = route("?scenario=yao&seed=4&options=command_range", "", False, scenario_ids())
    assert r.kind == "new" and r.options == {"command_range": True}
    c = Controller(load_rules, Saves(MemoryStore()))
    c.follow(r, 1)
    assert c.history.state["options"] == {"command_range": True}
    plain = route("?scenario=yao&seed=4", "", False, scenario_ids())
    c.follow(plain, 1)
    assert c.history.state["options"] == {}
    odd = route("?scenario=yao&options=<b>,nonsense_option,command_range", "", False, scenario_ids())
    assert odd.options == {"nonsense_option": True, "command_range": True}
    c.follow(odd, 1)
    assert c.history.state["options"] == {"command_range": True}  # the game keeps the options it knows
