"""Simultaneous choices as a zero-sum matrix game: mixed strategies by fictitious play.

Where both players choose at once without seeing each other's choice (Kawanakajima's combat
cards, 8 Resolution (1)), the best play is a mixed strategy: always playing the "best" card
would be read and punished. ``solve`` approximates the equilibrium of a small payoff matrix
(rows: the first player's options, columns: the second's, entries: the first player's gain),
so a computer player both plays unpredictably and models its opponent without peeking at a
card it cannot see.
"""
from __future__ import annotations

from typing import Sequence


def solve(payoff: Sequence[Sequence[float]], iterations: int = 200) -> tuple[list[float], list[float], float]:
    """(row strategy, column strategy, value) of the zero-sum game ``payoff`` (row maximises).

    Fictitious play: each player answers the other's empirical mixture, and the averages of the
    answers converge to an equilibrium (Robinson 1951). Deterministic: ties go to the first
    option."""
    rows = len(payoff)
    cols = len(payoff[0]) if rows else 0
    if rows == 0 or cols == 0:
        return [], [], 0.0
    if rows == 1 or cols == 1:
        if rows == 1:
            j = min(range(cols), key=lambda c: payoff[0][c])
            col = [1.0 if c == j else 0.0 for c in range(cols)]
            return [1.0], col, payoff[0][j]
        i = max(range(rows), key=lambda r: payoff[r][0])
        return [1.0 if r == i else 0.0 for r in range(rows)], [1.0], payoff[i][0]
    row_count = [0] * rows
    col_count = [0] * cols
    row_gain = [0.0] * rows  # each row's total against the columns chosen so far
    col_loss = [0.0] * cols  # each column's total against the rows chosen so far
    r, c = 0, 0
    for _ in range(iterations):
        row_count[r] += 1
        col_count[c] += 1
        line = payoff[r]
        for j in range(cols):
            col_loss[j] += line[j]
        for i in range(rows):
            row_gain[i] += payoff[i][c]
        r = max(range(rows), key=row_gain.__getitem__)
        c = min(range(cols), key=col_loss.__getitem__)
    n = float(iterations)
    row = [k / n for k in row_count]
    col = [k / n for k in col_count]
    value = sum(row[i] * col[j] * payoff[i][j] for i in range(rows) for j in range(cols))
    return row, col, value
