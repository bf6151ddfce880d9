"""Combat cards: hands, discard piles, refills and the Takeda exchange (3(4), 4(3), 8 Other (3)-(6)).

Every card a side owns is always in exactly one place: its hand, its discard pile, the box (set
aside: the Takeda spare 5 at the start, the exchanged Retreat card after the exchange) or face
down on the table as the side's pick in a combat still being revealed.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from ...engine.state import State
from .data import CARD_RANK, RETREAT_CARD, SIDES, Tables, sort_cards


def only_retreats(hand: list[str]) -> bool:
    return bool(hand) and all(c == RETREAT_CARD for c in hand)


def may_refill(state: State, side: str) -> bool:
    """A hand that is empty or holds only Retreat cards may take back the discards (8 Other (4))."""
    hand = state["hands"][side]
    return bool(state["discards"][side]) and (not hand or only_retreats(hand))


def may_exchange(state: State, tables: Tables, side: str) -> bool:
    """From turn 4, at a refill, Takeda may swap a Retreat card for the set-aside 5, once (8 Other (6))."""
    if side != tables.exchange_side or state["turn"] < tables.exchange_from or state["exchanged"]:
        return False
    pool = state["hands"][side] + state["discards"][side]
    return tables.exchange_give in pool and tables.exchange_take in state["set_aside"][side]


def refill(state: State, tables: Tables, side: str, exchange: bool) -> None:
    """Take every discarded card back into the hand, with the exchange if asked for."""
    hand = state["hands"][side] + state["discards"][side]
    state["discards"][side] = []
    if exchange:
        hand.remove(tables.exchange_give)
        box = state["set_aside"][side]
        box.remove(tables.exchange_take)
        hand.append(tables.exchange_take)
        box.append(tables.exchange_give)
        state["set_aside"][side] = sort_cards(box)
        state["exchanged"] = True
    state["hands"][side] = sort_cards(hand)


def play(state: State, side: str, card: str) -> None:
    """Move ``card`` from the hand to the side's face-down pick."""
    state["hands"][side].remove(card)
    state["combat"]["picks"][side] = card


def discard(state: State, side: str, card: str) -> None:
    state["discards"][side] = sort_cards(state["discards"][side] + [card])


def card_problems(state: State, tables: Tables, hidden: Optional[str] = None) -> list[str]:
    """Cards that are missing, duplicated or foreign: hand + discards + box + pick must be the deck.

    ``hidden`` is the placeholder of a card the viewer cannot see (views): such a card counts
    towards the total but not towards any value.
    """
    errors: list[str] = []
    combat = state.get("combat")
    for side in SIDES:
        places = [state["hands"][side], state["discards"][side], state["set_aside"][side]]
        if combat is not None and combat["picks"][side] is not None:
            places.append([combat["picks"][side]])
        cards = [c for place in places for c in place]
        if hidden is None and all(c in CARD_RANK for c in cards) and sort_cards(cards) == list(tables.decks[side]) \
                and all(p == sort_cards(p) for p in places[:3]):
            continue  # the usual case, checked quickly
        deck = Counter(tables.decks[side])
        seen = Counter(c for c in cards if c != hidden)
        unknown = len(cards) - sum(seen.values())
        if len(cards) != len(tables.decks[side]):
            errors.append(f"{side} has {len(cards)} cards in hand, discards, box and play; the deck has "
                          f"{len(tables.decks[side])}")
        elif seen - deck:
            errors.append(f"{side} has cards not in its deck: {sorted((seen - deck).elements())}")
        elif unknown == 0 and seen != deck:
            errors.append(f"{side}'s cards do not make up its deck")
        for name, place in (("hand", state["hands"][side]), ("discards", state["discards"][side]),
                            ("box", state["set_aside"][side])):
            if hidden not in place and place != sort_cards(place):
                errors.append(f"{side}'s {name} is not in card order")
    box = Counter(state["set_aside"][tables.exchange_side])
    start = Counter(tables.set_aside[tables.exchange_side])
    if state["exchanged"]:
        expected = start - Counter([tables.exchange_take]) + Counter([tables.exchange_give])
        if box != expected:
            errors.append("after the exchange the box must hold the exchanged Retreat card only")
    elif box != start:
        errors.append("before the exchange the box must hold the set-aside card")
    for side in SIDES:
        if side != tables.exchange_side and Counter(state["set_aside"][side]) != Counter(tables.set_aside[side]):
            errors.append(f"{side} sets no card aside")
    return errors
