"""Links and saves: strict schemas, impossible positions named in words, no crash on tampering."""
import random

import pytest

from kassen.engine import codec
from kassen.engine.errors import LinkError
from kassen.engine.history import History
from kassen.engine.play import random_game
from kassen.engine.schema import Validator
from kassen.engine.state import clone

from .helpers import R, T, play, position, started

LOAD = lambda sid: R  # noqa: E731


def test_state_and_view_schemas_accept_real_positions():
    state, _ = random_game(R, 5, max_actions=1200)
    Validator(R.state_schema()).validate(state)
    for viewer in (None, "uesugi", "takeda"):
        Validator(R.view_schema()).validate(R.view_for(state, viewer))


@pytest.mark.parametrize("mutate, words", [
    (lambda s: s["units"]["uA"].update(at="0605"), "one unit per hex"),
    (lambda s: s["units"]["uA"].update(at="0804"), "face down"),
    (lambda s: s["hands"]["uesugi"].append("6"), "cards"),
    (lambda s: s.update(exchanged=True), "exchange"),
    (lambda s: s["units"]["tA"].update(at=None, face_up=True), "game is over"),
    (lambda s: s["units"]["tB"].update(at="night"), "night box"),
    (lambda s: s["units"]["uB"].update(move_marker=True) or s.update(phase="reinforce", active="takeda"),
     "move marker"),
])
def test_impossible_positions_are_refused(mutate, words):
    s = started()
    bad = clone(s)
    mutate(bad)
    with pytest.raises(LinkError, match=words):
        codec.decode(codec.encode(R, "p", bad), LOAD)


def test_wrong_types_are_refused_by_the_schema():
    s = started()
    for mutate in (lambda b: b.update(phase="lunch"), lambda b: b["units"]["uA"].update(face_up=False),
                   lambda b: b["units"]["uA"].update(name="x"), lambda b: b.update(turn=7),
                   lambda b: b["hands"].update(uesugi=["7"])):
        bad = clone(s)
        mutate(bad)
        with pytest.raises(LinkError, match="malformed"):
            codec.decode(codec.encode(R, "p", bad), LOAD)


def test_saves_round_trip():
    h = History.new(R, 9)
    for a in ("swap uA @0605", "done", "done", "draw =n1", "draw =n2", "draw =n3", "flip uM @0407"):
        h.play(a)
    back = History.from_json(R, h.to_json())
    assert back.state == h.state and back.record == h.record


def _tamper(rng, view):
    """A random, well-typed change to a state or view."""
    v = clone(view)
    keys = list(v["units"])
    k = rng.choice(keys)
    choice = rng.randrange(8)
    cells = list(T.map_cells) + [T.night_box]
    if choice == 0:
        v["units"][k]["at"] = rng.choice(cells)
    elif choice == 1:
        for flag in ("face_up", "seen", "move_marker", "retreat_marker"):
            if rng.random() < 0.5 and not k.startswith("?"):
                v["units"][k][flag] = True
    elif choice == 2:
        v["phase"] = rng.choice(["setup", "command", "move", "reinforce", "over"])
    elif choice == 3:
        v["active"] = rng.choice(["uesugi", "takeda"])
        v["turn"] = rng.randint(1, 6)
    elif choice == 4:
        v["activation"] = {"unit": k, "mp": rng.randint(0, 7), "attacked": rng.random() < 0.5,
                           "stopped": rng.random() < 0.5, "left_zoc": rng.random() < 0.5}
    elif choice == 5:
        other = rng.choice(keys)
        v["combat"] = {"attacker": k, "defender": other, "from": rng.choice(T.map_cells), "round": 1, "tie": False,
                       "picks": {"takeda": None, "uesugi": None}, "result": rng.choice([None, "tie", "retreat"])}
    elif choice == 6:
        v["pending"] = [{"kind": "retreat", "unit": k}, {"kind": "refill", "side": "takeda"}]
    else:
        v["draw"] = rng.choice(T.x_hexes)
    return v


def test_tampered_positions_never_crash_checks_or_drawing():
    rng = random.Random(4)
    view_check, state_check = Validator(R.view_schema()), Validator(R.state_schema())
    for seed in range(3):
        state, _ = random_game(R, seed, max_actions=rng.randint(100, 900))
        for viewer in (None, "uesugi", "takeda"):
            view = R.view_for(state, viewer)
            for i in range(20):
                bad = _tamper(rng, view)
                if not view_check.is_valid(bad):
                    continue
                R.validate_view(bad)
                if i % 4 == 0:
                    R.render_svg(bad)
                R.status(bad)
                R.prompt(bad)
        for _ in range(60):
            bad = _tamper(rng, state)
            if state_check.is_valid(bad):
                R.validate(bad)


def test_a_play_link_of_the_first_pick_keeps_it_only_for_play():
    s = play(position({"uB": "0905:up", "tB": "1005:up"}, turn=2), "attack uB @1005", "play =6")
    p = codec.decode(codec.encode(R, "p", s), LOAD)[2]
    assert p["combat"]["picks"]["uesugi"] == "6"
    v = codec.decode(codec.encode(R, "v", R.view_for(s, None)), LOAD)[2]
    assert v["combat"]["picks"]["uesugi"] == "?"
