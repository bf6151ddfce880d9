"""The Ikedaya computer's reading of threats (games/ikedaya/ai.py): the Ronin weigh a spent
Shinsengumi less than one still to act, and count the best attack of Shinsengumi about to act; the
Shinsengumi's own reading is the plain reach."""
from __future__ import annotations

from kassen.ai.gameai import game_ai

from .helpers import RONIN, SHIN, get_rules, position

# Kondō next to a lone Ronin on the street-front railing, another Ronin in the back rooms, Nagakura
# in the kitchen (too far from the front rooms to strike there)
WHERE = {"kondo": "2B1", "nagakura": "1C4", "katsura": "2A1", "kitazoe": "2A4"}


def test_a_spent_shinsengumi_threatens_a_ronin_able_to_jump_less():
    rules = get_rules()
    ai = game_ai(rules)
    fresh = position(rules, WHERE, turn=2, active=RONIN)
    spent = position(rules, WHERE, turn=2, active=RONIN, spent=("kondo",))
    assert ai.evaluate(spent, RONIN) > ai.evaluate(fresh, RONIN)
    fresh_threats, every = ai.threats(spent, {c: [u for u, x in spent["units"].items() if x["at"] == c]
                                              for c in {x["at"] for x in spent["units"].values() if x["at"]}})
    assert every["2A1"] == 4 and "2A1" not in fresh_threats


def test_the_shinsengumi_to_act_count_their_best_attack_against_the_ronin():
    rules = get_rules()
    ai = game_ai(rules)
    ronin_to_act = position(rules, WHERE, turn=2, active=RONIN)
    shin_to_act = position(rules, WHERE, turn=2, active=SHIN)
    occ = {c: [u for u, x in shin_to_act["units"].items() if x["at"] == c]
           for c in {x["at"] for x in shin_to_act["units"].values() if x["at"]}}
    assert ai.best_attack(shin_to_act, occ) > 0  # Kondō (4) on Katsura (3)
    assert ai.evaluate(shin_to_act, RONIN) < ai.evaluate(ronin_to_act, RONIN)


def test_the_shinsengumi_read_every_threat_alike():
    rules = get_rules()
    ai = game_ai(rules)
    fresh = position(rules, WHERE, turn=2, active=RONIN)
    spent = position(rules, WHERE, turn=2, active=RONIN, spent=("kondo",))
    assert ai.evaluate(spent, SHIN) == ai.evaluate(fresh, SHIN)
