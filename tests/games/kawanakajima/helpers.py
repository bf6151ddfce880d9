"""Building Kawanakajima positions for rule tests.

``position`` puts the named units where a test wants them and parks every other unit far from
the action (Uesugi along row 01 north of the Sai, coded Takeda units on the row-16 mountains,
the night army in its box), then checks the result with ``validate``.
"""
from __future__ import annotations

from typing import Any, Optional

from kassen.engine.state import CHANCE, Event, State, clone
from kassen.games import load_rules
from kassen.games.kawanakajima.data import SIDES
from tests.support import positions as support

R = load_rules("kawanakajima")
T = R.t

UESUGI_PARK = [f"{c:02d}01" for c in range(1, 21)] + ["2002"]
TAKEDA_PARK = [f"{c:02d}16" for c in range(1, 15)]
FLAGS = {"up": "face_up", "seen": "seen", "mm": "move_marker", "rm": "retreat_marker"}


def rules():
    return R


def apply(state: State, *actions: str) -> tuple[State, list[Event]]:
    """Apply actions in order; returns the final state and every event (tests/support/positions)."""
    return support.play(R, state, *actions, check=False)


def play(state: State, *actions: str) -> State:
    return apply(state, *actions)[0]


def texts(events: list[Event]) -> str:
    return "\n".join(support.texts(R, events))


def started(draws: tuple[str, str, str] = ("n1", "n2", "n3"), seed: int = 1) -> State:
    """The start of turn 1 (Uesugi's command phase): no swaps, the given blind draws."""
    s = R.setup(seed)
    s = play(s, "done", "done")
    for uid in draws:
        assert R.current_player(s) == CHANCE
        s = play(s, f"draw ={uid}")
    return s


def position(units: dict[str, str], *, turn: int = 2, active: str = "uesugi", phase: str = "move",
             hands: Optional[dict[str, list[str]]] = None, discards: Optional[dict[str, list[str]]] = None,
             retreats: Optional[dict[str, int]] = None, check: bool = True, **extra: Any) -> State:
    """A position with ``units`` = {unit id: "hex[:flag,flag]"} (flags: up, seen, mm, rm), every
    other unit parked, and the given turn/phase/side. Hands default to the starting hands."""
    s = R.setup(0)
    placed: dict[str, dict[str, Any]] = {}
    for uid, spec in units.items():
        at, _, flags = spec.partition(":")
        u: dict[str, Any] = {"at": None if at in ("", "removed") else at}
        for f in filter(None, flags.split(",")):
            u[FLAGS[f]] = True
        if u["at"] is None:
            u = {"at": None, "face_up": True}
        placed[uid] = u
    upark, tpark = iter(UESUGI_PARK), iter(TAKEDA_PARK)
    used = {u["at"] for u in placed.values()}
    for uid in T.unit_ids:
        if uid in placed:
            s["units"][uid] = placed[uid]
            continue
        g = T.generals[uid]
        if g.night_army:
            s["units"][uid] = {"at": T.night_box}
            continue
        park = upark if g.side == "uesugi" else tpark
        at = next(park)
        while at in used:
            at = next(park)
        s["units"][uid] = {"at": at}
    s.update(turn=turn, active=active, phase=phase)
    if hands is not None:
        for side, cards in hands.items():
            s["hands"][side] = list(cards)
    if discards is not None:
        for side, cards in discards.items():
            s["discards"][side] = list(cards)
    if retreats is not None:
        s["commander_retreats"].update(retreats)
    s.update(extra)
    return support.checked(R, s) if check else s


def legal(state: State) -> set[str]:
    return set(support.legal(R, state))


def moves_of(state: State, token: str) -> set[str]:
    """Destinations offered to a unit (by its action token)."""
    return {a.cell for a in R.legal_actions(state) if a.verb == "move" and (not a.units or a.units[0] == token)}


def fight(state: State, attacker_card: str, defender_card: str) -> tuple[State, list[Event]]:
    """Both players choose their cards (attacker first)."""
    return apply(state, f"play ={attacker_card}", f"play ={defender_card}")


def at(state: State, uid: str) -> Optional[str]:
    return state["units"][uid]["at"]


def up(state: State, uid: str) -> bool:
    return bool(state["units"][uid].get("face_up"))


def deck_total(state: State, side: str) -> int:
    c = state["combat"]
    pick = 1 if c is not None and c["picks"][side] is not None else 0
    return len(state["hands"][side]) + len(state["discards"][side]) + len(state["set_aside"][side]) + pick


def with_cards(state: State, side: str, hand: list[str]) -> State:
    """The same position with ``side`` holding exactly ``hand`` and the rest of its deck discarded."""
    from collections import Counter

    from kassen.games.kawanakajima.data import sort_cards
    s = clone(state)
    rest = Counter(T.decks[side]) - Counter(s["set_aside"][side]) - Counter(hand)
    s["hands"][side] = sort_cards(list(hand))
    s["discards"][side] = sort_cards(list(rest.elements()))
    return support.checked(R, s)


__all__ = ["R", "T", "SIDES", "apply", "play", "texts", "started", "position", "legal", "moves_of", "fight", "at",
           "up", "deck_total", "with_cards", "rules"]
