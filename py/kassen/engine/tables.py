"""Results tables as data: fire and melee results tables, combat results tables.

A table lives in the scenario JSON (``"tables": {name: {...}}``), never in code, so an owner of a
game can type in the printed one. Its columns are read by strength (the highest column not above
the value), by differential (the same, clamped at both ends) or by odds (attacker:defender, rounded
in the defender's favour); column shifts and die modifiers each carry the reason shown in the log
("−2: target in mountain"); a modified roll is clamped into the table's rows; a result code stands
for a list of structured effects (disorder, retreat N, eliminate, morale check +N) that a game maps
onto its own procedures.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from .errors import ScenarioError

KINDS = ("strength", "differential", "odds")
_DICE = re.compile(r"^([1-9])d([1-9][0-9]?)$")
_ODDS = re.compile(r"^([1-9][0-9]*):([1-9][0-9]*)$")
MINUS = "\u2212"


@dataclass(frozen=True)
class Modifier:
    """A column shift or a die-roll modifier, with the reason a player reads in the log."""

    value: int
    reason: Any  # words, or a message the game renders

    def text(self) -> str:
        """'−2: target in mountain' (a true minus sign), '+1: commander'."""
        sign = "+" if self.value >= 0 else MINUS
        return f"{sign}{abs(self.value)}: {self.reason}"


@dataclass(frozen=True)
class Resolution:
    """Everything one use of a table decided, for the log and for the game's procedure."""

    table: str
    column_index: int  # after the shifts
    column_header: str  # its printed label
    base_column: int  # before the shifts
    shifts: tuple[Modifier, ...]
    roll: int
    modifiers: tuple[Modifier, ...]
    modified_roll: int  # roll + modifiers, before clamping
    row: int  # the row read (the modified roll clamped into the table)
    code: str
    effects: list[dict[str, Any]] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The log lines that explain the result: shifts, modifiers, then the cell read."""
        out = [f"column shift {m.text()}" for m in self.shifts]
        out += [f"die roll {m.text()}" for m in self.modifiers]
        out.append(f"{self.table}: column {self.column_header}, roll {self.roll}"
                   + (f" modified to {self.modified_roll}" if self.modifiers else "")
                   + (f" (row {self.row})" if self.row != self.modified_roll else "") + f": {self.code}")
        return out


Value = Union[int, tuple[int, int]]


class ResultsTable:
    """One results table, checked when loaded."""

    def __init__(self, name: str, kind: str, columns: Sequence[Any], labels: Sequence[str], dice: tuple[int, int],
                 rows: tuple[int, int], results: Sequence[Sequence[str]], legend: Mapping[str, list[dict[str, Any]]]
                 ) -> None:
        self.name = name
        self.kind = kind
        self.columns = tuple(columns)  # ints; for odds, Fractions attacker/defender
        self.labels = tuple(labels)
        self.dice = dice  # (how many, sides)
        self.rows = rows  # (lowest, highest) row
        self.results = tuple(tuple(r) for r in results)
        self.legend = {code: [dict(e) for e in effects] for code, effects in legend.items()}

    # -- loading ---------------------------------------------------------------------------------
    @classmethod
    def from_json(cls, name: str, data: Any, path: Optional[str] = None, file: str = "<scenario>") -> "ResultsTable":
        """A table from its scenario JSON; ScenarioError with the JSON path of anything wrong."""
        path = path or f"$.tables.{name}"

        def need(cond: bool, where: str, message: str) -> None:
            if not cond:
                raise ScenarioError(file, where, message)

        need(isinstance(data, dict), path, "a results table is an object")
        for key in ("column_kind", "columns", "dice", "rows", "results", "legend"):
            need(key in data, f"{path}.{key}", f"missing {key}")
        kind = data["column_kind"]
        need(kind in KINDS, f"{path}.column_kind", f"expected one of {', '.join(KINDS)}, found {kind!r}")
        raw = data["columns"]
        need(isinstance(raw, list) and len(raw) >= 1, f"{path}.columns", "expected a list of column headers")
        columns: list[Any] = []
        for i, c in enumerate(raw):
            where = f"{path}.columns[{i}]"
            if kind == "odds":
                m = _ODDS.match(c) if isinstance(c, str) else None
                need(m is not None, where, f"expected odds such as \"3:2\", found {c!r}")
                columns.append(Fraction(int(m.group(1)), int(m.group(2))))  # type: ignore[union-attr]
            else:
                need(isinstance(c, int) and not isinstance(c, bool), where, f"expected a whole number, found {c!r}")
                columns.append(c)
        need(all(a < b for a, b in zip(columns, columns[1:])), f"{path}.columns", "columns must increase")
        labels = data.get("labels", [str(c) if kind == "odds" else _signed(c, kind) for c in raw])
        need(isinstance(labels, list) and len(labels) == len(columns) and all(isinstance(x, str) for x in labels),
             f"{path}.labels", f"expected {len(columns)} column labels")
        m = _DICE.match(data["dice"]) if isinstance(data["dice"], str) else None
        need(m is not None, f"{path}.dice", f"expected dice such as \"2d6\", found {data['dice']!r}")
        dice = (int(m.group(1)), int(m.group(2)))  # type: ignore[union-attr]
        rows = data["rows"]
        need(isinstance(rows, list) and len(rows) == 2 and all(isinstance(r, int) for r in rows) and rows[0] <= rows[1],
             f"{path}.rows", "expected [lowest row, highest row]")
        legend = data["legend"]
        need(isinstance(legend, dict), f"{path}.legend", "expected {code: [effects]}")
        for code, effects in legend.items():
            need(isinstance(effects, list), f"{path}.legend.{code}", "expected a list of effects")
            for j, e in enumerate(effects):
                need(isinstance(e, dict) and isinstance(e.get("effect"), str) and e["effect"] != "",
                     f"{path}.legend.{code}[{j}]", "an effect is an object with an \"effect\" name")
        results = data["results"]
        height = rows[1] - rows[0] + 1
        need(isinstance(results, list) and len(results) == height, f"{path}.results",
             f"expected {height} rows (rows {rows[0]} to {rows[1]})")
        for r, line in enumerate(results):
            need(isinstance(line, list) and len(line) == len(columns), f"{path}.results[{r}]",
                 f"expected {len(columns)} results (one per column)")
            for c, code in enumerate(line):
                need(isinstance(code, str) and code in legend, f"{path}.results[{r}][{c}]",
                     f"{code!r} is not a code of the legend")
        return cls(name, kind, columns, labels, dice, (rows[0], rows[1]), results, legend)

    # -- reading ---------------------------------------------------------------------------------
    def column_for(self, value: Value) -> int:
        """The column a value reads: strength, the highest column not above it (ValueError below the
        first); differential, the same but clamped at both ends; odds, (attacker, defender) rounded
        in the defender's favour (clamped at both ends)."""
        if self.kind == "odds":
            attacker, defender = value  # type: ignore[misc]
            if defender <= 0:
                return len(self.columns) - 1
            key: Any = Fraction(attacker, defender)
        else:
            key = value
        found = -1
        for i, c in enumerate(self.columns):
            if c <= key:
                found = i
            else:
                break
        if found < 0:
            if self.kind == "strength":
                raise ValueError(f"{value} is below the first column of {self.name} ({self.labels[0]})")
            found = 0
        return found

    def row_for(self, modified_roll: int) -> int:
        """The row a modified roll reads: clamped into the table (≤3 and 13+ rows)."""
        lo, hi = self.rows
        return lo if modified_roll < lo else hi if modified_roll > hi else modified_roll

    def shifted_column(self, value: Value, shifts: Iterable[Modifier] = ()) -> int:
        """The column read after the shifts: the value's column moved by them, past either end the
        end column (so a prompt can name the column before the roll)."""
        return self._shift(self.column_for(value), shifts)

    def _shift(self, base: int, shifts: Iterable[Modifier]) -> int:
        return min(max(base + sum(m.value for m in shifts), 0), len(self.columns) - 1)

    def lookup(self, value: Value, roll: int, shifts: Iterable[Modifier] = (),
               modifiers: Iterable[Modifier] = ()) -> Resolution:
        """Read the table: the value's column moved by the shifts (past either end: the end column),
        the roll plus the modifiers clamped into the rows."""
        shifts, modifiers = tuple(shifts), tuple(modifiers)
        base = self.column_for(value)
        col = self._shift(base, shifts)
        modified = roll + sum(m.value for m in modifiers)
        row = self.row_for(modified)
        code = self.results[row - self.rows[0]][col]
        return Resolution(self.name, col, self.labels[col], base, shifts, roll, modifiers, modified, row, code,
                          [dict(e) for e in self.legend[code]])

    def effects(self, code: str) -> list[dict[str, Any]]:
        return [dict(e) for e in self.legend[code]]

    def probabilities(self, value: Value, shifts: Iterable[Modifier] = (),
                      modifiers: Iterable[Modifier] = ()) -> dict[str, Fraction]:
        """{code: exact chance} over every roll of the table's dice (for bots and balance notes)."""
        shifts, modifiers = tuple(shifts), tuple(modifiers)
        n, sides = self.dice
        out: dict[str, Fraction] = {}
        total = sides ** n
        col = self._shift(self.column_for(value), shifts)  # read once, not for each of the rolls
        added = sum(m.value for m in modifiers)
        for faces in product(range(1, sides + 1), repeat=n):
            code = self.results[self.row_for(sum(faces) + added) - self.rows[0]][col]
            out[code] = out.get(code, Fraction(0)) + Fraction(1, total)
        return out


def _signed(c: int, kind: str) -> str:
    return (f"+{c}" if c > 0 else f"{MINUS}{-c}" if c < 0 else "0") if kind == "differential" else str(c)


def load_tables(data: Mapping[str, Any], file: str = "<scenario>") -> dict[str, ResultsTable]:
    """Every table of a scenario's JSON (``data["tables"]``), checked."""
    tables = data.get("tables", {})
    if not isinstance(tables, dict):
        raise ScenarioError(file, "$.tables", "expected {name: table}")
    return {name: ResultsTable.from_json(name, t, f"$.tables.{name}", file) for name, t in tables.items()}
