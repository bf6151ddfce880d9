"""Words for the log, the buttons and the side panel."""
from __future__ import annotations

from typing import Iterable

from .data import SKILL_KANJI, SKILL_NAME, InnData


def names(data: InnData, units: Iterable[str]) -> str:
    """'Kondō Isami, Okita Sōji' in counter-list order."""
    return ", ".join(data.counters[u].name for u in data.sort_units(units))


def short_names(data: InnData, units: Iterable[str]) -> str:
    return ", ".join(data.counters[u].short for u in data.sort_units(units))


def counter_values(data: InnData, uid: str) -> str:
    """'4 剣 4' as printed: strength, skill, status."""
    c = data.counters[uid]
    kanji = SKILL_KANJI[c.skill]
    return f"{c.strength} {kanji} {c.status}" if kanji else f"{c.strength} · {c.status}"


def counter_line(data: InnData, uid: str) -> str:
    c = data.counters[uid]
    return (f"{c.name} {c.kanji}: strength {c.strength}, skill {SKILL_NAME[c.skill]}"
            f"{' (' + SKILL_KANJI[c.skill] + ')' if c.skill else ''}, status {c.status}")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def verb(units: Iterable[str], one: str, many: str) -> str:
    """The verb agreeing with a list of counters ('moves' for one, 'move' for several)."""
    return one if len(list(units)) == 1 else many
