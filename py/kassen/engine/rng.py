"""Seeded dice whose whole state is one integer stored in the game state.

SplitMix64: tiny, fast in pure Python, and it gives the same numbers in CPython and in Pyodide
because it only uses integer arithmetic. One draw advances the state by exactly one step, which
lets ``apply`` advance the RNG without knowing which outcome the driver picked.
"""
from __future__ import annotations

import hashlib

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int | str) -> int:
    """Turn any seed (a number from the URL, a string) into a well-mixed 64-bit state."""
    digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def step(state: int) -> int:
    """The state after one draw."""
    return (state + _GOLDEN) & MASK64


def peek(state: int) -> int:
    """The 64-bit output of the next draw, without advancing."""
    z = step(state)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def peek_below(state: int, n: int) -> int:
    """The next draw as an integer in [0, n) (multiply-shift; bias below n / 2**64)."""
    if n <= 0:
        raise ValueError("n must be positive")
    return (peek(state) * n) >> 64


def draw_below(state: int, n: int) -> tuple[int, int]:
    """(value in [0, n), new state)."""
    return peek_below(state, n), step(state)


def roll(state: int, sides: int = 6) -> tuple[int, int]:
    """(die result 1..sides, new state)."""
    value, state = draw_below(state, sides)
    return value + 1, state
