"""Rule options: the optional or alternative rules a player chooses when a game starts.

A game declares its options once, as data (``kassen.games.options``: no game's rules are imported
to read it), so that the menu can offer them, the page's address can name them
(``options=name[:value],...``) and the game's set-up checks what it is given against the same
declaration: the engine stays the authority, and a bad value is refused with the values allowed.
The values chosen live in the state's ``options``, so saves and links carry them.

Each option's words are catalog messages of its game (``<game>/locale/<lang>.json``):

- ``<game>.option.<id>.label``: the option's name;
- ``<game>.option.<id>.<value>``: a value's name, short enough for the status line;
- ``<game>.option.<id>.<value>.explain``: one line saying what that value does.

A value is written as its text (``value_text``): itself for text values, ``on``/``off`` for the
two values of a rule that is switched on or off.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional, Union

from .errors import KassenError, quote
from .messages import Msg, msg

OptionValue = Union[str, bool]

#: an option's id and a value's text: what the address may carry (lower case, digits, "_", "-")
ID = re.compile(r"^[a-z][a-z0-9_]{0,30}$")
VALUE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,30}$")
#: the words a switched rule's values may be written with in an address
_TRUE, _FALSE = ("on", "true", "yes", "1"), ("off", "false", "no", "0")


def value_text(value: Any) -> str:
    """How a value is written in an address and in a message key: ``on``/``off`` for a switch."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def same(a: Any, b: Any) -> bool:
    """Equal and of one type (True is not 1, "on" is not True)."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class RuleOption:
    """One rule option of a game: ``values`` with the game's default first; ``clause`` and
    ``ruling`` name what it concerns (shared/rules/<game>.md, the rulings page);
    ``scenario_default`` is where a scenario file may choose another default (a path of keys in
    its JSON, e.g. ``("rules", "mountain_top")``); ``scenarios`` the scenario ids whose menu card
    offers it (empty: all of the game's; the set-up accepts it in any)."""

    id: str
    values: tuple[OptionValue, ...]
    clause: str
    ruling: str = ""
    scenario_default: tuple[str, ...] = ()
    scenarios: tuple[str, ...] = ()

    def offered_in(self, scenario_id: str) -> bool:
        return not self.scenarios or scenario_id in self.scenarios

    @property
    def default(self) -> OptionValue:
        return self.values[0]

    @property
    def is_switch(self) -> bool:
        """Two values: a checkbox in the menu, and a bare name in the address means the other one."""
        return len(self.values) == 2

    def label_key(self, game: str) -> str:
        return f"{game}.option.{self.id}.label"

    def value_key(self, game: str, value: OptionValue) -> str:
        return f"{game}.option.{self.id}.{value_text(value)}"

    def explain_key(self, game: str, value: OptionValue) -> str:
        return f"{game}.option.{self.id}.{value_text(value)}.explain"

    def parse(self, text: str) -> Optional[OptionValue]:
        """The value ``text`` names (``on``/``off`` and the like for a switch), or None."""
        text = text.strip().lower()
        for value in self.values:
            if isinstance(value, bool):
                if text in (_TRUE if value else _FALSE):
                    return value
            elif text == value:
                return value
        return None

    def default_for(self, scenario: Any) -> OptionValue:
        """The default in ``scenario`` (its JSON data): the scenario file's own choice where it
        makes one (and it is a value of the option), else the declared default."""
        found: Any = scenario
        for key in self.scenario_default:
            found = found.get(key) if isinstance(found, Mapping) else None
        if self.scenario_default and any(same(found, v) for v in self.values):
            return found
        return self.default


Declaration = tuple[RuleOption, ...]


def allowed_words(declared: Declaration) -> str:
    """'mountain_top: dice, strength; ...' (what an error cites as allowed)."""
    return "; ".join(f"{o.id}: {', '.join(value_text(v) for v in o.values)}" for o in declared) or "none"


def check(game: str, declared: Declaration, options: Optional[Mapping[str, Any]]) -> dict[str, OptionValue]:
    """The options given to a game's set-up, checked against its declaration: a copy, or a
    KassenError naming the option and the values allowed (the game's set-up calls this)."""
    by_id = {o.id: o for o in declared}
    out: dict[str, OptionValue] = {}
    for name, value in (options or {}).items():
        option = by_id.get(name) if isinstance(name, str) else None
        if option is None:
            raise KassenError(f"{game} has no rule option {quote(name)} (options: {allowed_words(declared)})",
                              key="engine.option.unknown", name=quote(name), known=allowed_words(declared))
        if not any(same(value, v) for v in option.values):
            allowed = ", ".join(value_text(v) for v in option.values)
            raise KassenError(f"the rule option {option.id} cannot be {quote(value)}: it is one of {allowed} "
                              f"({option.clause})", key="engine.option.bad-value", name=option.id,
                              value=quote(value), allowed=allowed, clause=option.clause)
        out[option.id] = value
    return out


def resolve(declared: Declaration, requested: Optional[Mapping[str, Any]]
            ) -> tuple[dict[str, OptionValue], list[Msg]]:
    """What an address or the menu asks for (``{name: True}`` for a bare name, ``{name: text}``
    for ``name:value``), as values the game accepts, and a message for each request left out (an
    unknown name, a value the option does not have, a bare name of an option with more than two
    values): the game starts with the rest."""
    by_id = {o.id: o for o in declared}
    out: dict[str, OptionValue] = {}
    problems: list[Msg] = []
    for name, asked in (requested or {}).items():
        option = by_id.get(name)
        if option is None:
            problems.append(msg("engine.option.unknown-left-out", name=quote(str(name)),
                                known=", ".join(o.id for o in declared) or "-"))
            continue
        value: Optional[OptionValue] = None
        if asked is True:  # a bare name: the value that is not the default
            value = option.values[1] if option.is_switch else None
        elif isinstance(asked, str):
            value = option.parse(asked)
        if value is None:
            allowed = ", ".join(value_text(v) for v in option.values)
            problems.append(msg("engine.option.needs-value", name=option.id, allowed=allowed) if asked is True
                            else msg("engine.option.bad-value-left-out", name=option.id,
                                     value=quote(value_text(asked)), allowed=allowed))
            continue
        out[option.id] = value
    return out, problems


def chosen(declared: Declaration, scenario: Any, options: Optional[Mapping[str, Any]]
           ) -> list[tuple[RuleOption, OptionValue]]:
    """The options in ``options`` whose value is not the scenario's default, in declared order
    (what the game shows as "Rule options: ...")."""
    options = options or {}
    out = []
    for option in declared:
        if option.id in options:
            value = options[option.id]
            if any(same(value, v) for v in option.values) and not same(value, option.default_for(scenario)):
                out.append((option, value))
    return out


def message_keys(game: str, declared: Iterable[RuleOption]) -> list[str]:
    """Every catalog key the declaration needs (the tests check both languages hold them)."""
    keys = []
    for option in declared:
        keys.append(option.label_key(game))
        for value in option.values:
            keys += [option.value_key(game, value), option.explain_key(game, value)]
    return keys
