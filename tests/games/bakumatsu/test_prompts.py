"""Issue 9: prompts name units with their hex, as in the other games ("Atobe (0907) attacks Suda
(1008)"): a combat being resolved names both units, a retreat, an advance, a recovery, a morale check
and a reinforcement moving on name the unit where it stands, on a map of several hundred hexes."""
import random

import pytest

from kassen.engine.play import sample_chance
from kassen.engine.state import CHANCE, TERMINAL

from .helpers import TB, TF, rules

# what each prompt must name, from the view: [(unit, hex), ...]
NAMED = {
    "fire-support": lambda v: [(v["combat"]["unit"], v["combat"]["from"]), (v["combat"]["target"], v["combat"]["at"])],
    "melee-support": lambda v: [(v["combat"]["unit"], v["combat"]["from"]), (v["combat"]["target"], v["combat"]["at"])],
    "fire-dice": lambda v: [(v["combat"]["unit"], v["combat"]["from"]), (v["combat"]["target"], v["combat"]["at"])],
    "melee-dice": lambda v: [(v["combat"]["unit"], v["combat"]["from"]), (v["combat"]["target"], v["combat"]["at"])],
    "morale": lambda v: [(v["combat"]["target"], v["combat"]["at"])],
    "advance": lambda v: [(v["combat"]["unit"], v["combat"]["from"])],
    "recover": lambda v: [(v["combat"]["unit"], v["combat"]["from"])],
    "retreat": lambda v: [(v["retreat"]["unit"], v["retreat"]["path"][-1])],
    "entering": lambda v: [(v["entering"], v["units"][v["entering"]]["at"])],
}


@pytest.mark.parametrize("sid,seed", [(TF, 1), (TB, 2)])
def test_prompts_name_units_with_their_hex(sid: str, seed: int) -> None:
    r = rules(sid)
    rnd = random.Random(f"prompts:{seed}")
    s = r.setup(seed)
    seen: set[str] = set()
    for _ in range(3000):
        to = r.current_player(s)
        if to == TERMINAL:
            break
        view = r.view_for(s, None if to == CHANCE else to)
        phase = s.get("phase")
        if phase in NAMED:
            prompt = r.prompt(view)
            for uid, at in NAMED[phase](view):
                assert f"{r.unit_name(uid)} ({at})" in prompt, (phase, prompt)
            if phase.endswith("-support"):
                verb = "fires at" if phase == "fire-support" else "attacks"
                assert f"{r.unit_name(view['combat']['unit'])} ({view['combat']['from']}) {verb} " in prompt
            seen.add(phase)
        if to == CHANCE:
            s, _ = r.apply(s, sample_chance(r, s))
            continue
        legal = r.legal_actions(s)
        # the end of a phase less often than a unit's action, so combats come up
        acting = [a for a in legal if a.verb != "end"]
        s, _ = r.apply(s, rnd.choice(acting if acting and rnd.random() < 0.9 else legal))
    assert {"fire-support", "melee-support", "retreat"} <= seen, seen
