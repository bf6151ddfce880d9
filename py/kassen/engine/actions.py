"""Actions and their exact text form.

An action names what it touches so a generic UI can offer it: ``units`` (the counters it moves
or uses), ``cell`` (the map cell it targets) and ``arg`` (any other value: a call, a card, a die).

Text form, an exact inverse of ``parse``::

    verb [unit[,unit...]] [@cell] [=arg]        e.g.  "move jp-4 @0506", "call =5", "pass"
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import IllegalAction, quote

_TOKEN = re.compile(r"^[A-Za-z0-9_.:?\-]+$")
_ARG = re.compile(r"^[A-Za-z0-9_.:?,+\-]+$")
_VERB = re.compile(r"^[a-z][a-z0-9\-]*$")


@dataclass(frozen=True, order=True)
class Action:
    """One player (or chance) decision. Immutable and hashable, so legal sets are sets."""

    verb: str
    units: tuple[str, ...] = ()
    cell: str | None = None
    arg: str | None = None

    def __post_init__(self) -> None:
        if not _VERB.match(self.verb):
            raise ValueError(f"bad action verb {quote(self.verb)}")
        for u in self.units:
            if not _TOKEN.match(u):
                raise ValueError(f"bad unit id {quote(u)} in action")
        if self.cell is not None and not _TOKEN.match(self.cell):
            raise ValueError(f"bad cell label {quote(self.cell)} in action")
        if self.arg is not None and not _ARG.match(self.arg):
            raise ValueError(f"bad argument {quote(self.arg)} in action")

    def to_text(self) -> str:
        parts = [self.verb]
        if self.units:
            parts.append(",".join(self.units))
        if self.cell is not None:
            parts.append("@" + self.cell)
        if self.arg is not None:
            parts.append("=" + self.arg)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_text()

    @property
    def unit(self) -> str | None:
        """The first (usually only) unit, for actions about one counter."""
        return self.units[0] if self.units else None

    @staticmethod
    def parse(text: str) -> "Action":
        """Parse the text form; raises IllegalAction with a readable message on bad input."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be text, not {type(text).__name__}")
        tokens = text.split()
        if not tokens:
            raise IllegalAction("empty action")
        verb, units, cell, arg = tokens[0], (), None, None
        seen_units = False
        for tok in tokens[1:]:
            if tok.startswith("@") and cell is None and arg is None:
                cell = tok[1:]
            elif tok.startswith("=") and arg is None:
                arg = tok[1:]
            elif not seen_units and cell is None and arg is None:
                units = tuple(tok.split(","))
                seen_units = True
            else:
                raise IllegalAction(f"cannot read action {quote(text, 60)}: unexpected {quote(tok)}")
        try:
            action = Action(verb, units, cell, arg)
        except ValueError as exc:
            raise IllegalAction(f"cannot read action {quote(text, 60)}: {exc}") from None
        if action.to_text() != " ".join(tokens) or text != " ".join(tokens):
            raise IllegalAction(f"cannot read action {quote(text, 60)}: not in canonical form")
        return action
