"""Fire (9) and hand-to-hand (10) arithmetic and the morale check (11), as pure functions of the
static data and a combat record: strength, column shifts with their reasons, the table read, and
the check value. The tables themselves are scenario data (engine/tables.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ...engine.messages import msg
from ...engine.tables import Modifier, Resolution, ResultsTable

if TYPE_CHECKING:  # pragma: no cover
    from .data import YukimuraData

FIRE, H2H = "fire", "h2h"


def strength(d: "YukimuraData", record: dict[str, Any], revision: int) -> int:
    """9-2: the sum of the firers' Combat Strengths; 10-2: the attackers' total minus the defender's.
    The strengths of the game's rules ``revision`` (a value tuned later never changes a game begun
    before: rules.before_revision)."""
    total = sum(d.unit_of(u, revision).cs for u in record["units"])
    if record["kind"] == H2H:
        return total - d.unit_of(record["target"], revision).cs
    return total


def shifts(d: "YukimuraData", record: dict[str, Any]) -> list[Modifier]:
    """12-1(3): one column in favour of the side in a mountain hex when exactly one side is (the
    attackers only if every one of them is, ruling 10); 12-2(1): one column left when every attacker
    is across a small-river hexside from the target. Shifts add (the table clamps at its ends)."""
    at = record["at"]
    froms = record["froms"]
    out: list[Modifier] = []
    target_in = at in d.mountain
    all_in = bool(froms) and all(f in d.mountain for f in froms)
    if target_in and not all_in:
        out.append(Modifier(-1, msg("yukimura.shift.defender-mountain")))
    elif all_in and not target_in:
        out.append(Modifier(1, msg("yukimura.shift.attacker-mountain")))
    if froms and all(d.across_small_river(f, at) for f in froms):
        out.append(Modifier(-1, msg("yukimura.shift.small-river")))
    return out


def _table_and_value(d: "YukimuraData", record: dict[str, Any], revision: int) -> tuple[ResultsTable, int]:
    """The table a combat reads and the value it enters it with (a fire weaker than the first
    column reads the first column)."""
    table = d.fire_table if record["kind"] == FIRE else d.h2h_table
    assert table is not None
    value = strength(d, record, revision)
    if record["kind"] == FIRE:
        value = max(value, table.columns[0])
    return table, value


def resolve(d: "YukimuraData", record: dict[str, Any], roll: int, revision: int) -> Resolution:
    table, value = _table_and_value(d, record, revision)
    return table.lookup(value, roll, shifts(d, record))


def column_label(d: "YukimuraData", record: dict[str, Any], revision: int) -> str:
    table, value = _table_and_value(d, record, revision)
    return table.labels[table.shifted_column(value, shifts(d, record))]


def check_value(die: int, plus: int, morale: int) -> int:
    """11(1): morale check value = one die + the result number − the unit's Morale."""
    return die + plus - morale


def check_outcome(value: int) -> tuple[str, int]:
    """11(2), 11(3): 0 or less stays; 1-4 retreats that many hexes; 5 or more is removed
    (also for a chain-retreat check, ruling 4)."""
    if value <= 0:
        return "pass", 0
    if value >= 5:
        return "removed", 0
    return "retreat", value


def checks_of(effects: list[dict[str, Any]], record: dict[str, Any]) -> tuple[list[tuple[str, int]], list[str]]:
    """(morale checks in order [(unit, plus)], units removed) from a result's effects: the defender
    first (10-3-1 B1), then every attacker, one at a time (11)."""
    checks: list[tuple[str, int]] = []
    removed: list[str] = []
    for e in effects:
        who = e.get("who", "defender")
        units = [record["target"]] if who in ("defender", "target") else list(record["units"])
        if e["effect"] == "eliminate":
            removed += units
        elif e["effect"] == "morale-check":
            checks += [(u, int(e.get("plus", 0))) for u in units]
    return checks, removed


def plus_of(code: Optional[str]) -> Optional[int]:
    if code is None:
        return None
    digits = "".join(ch for ch in code if ch.isdigit())
    return int(digits) if digits else None
