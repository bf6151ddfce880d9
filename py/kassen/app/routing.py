"""What the page's address asks for, decided without the browser (kassen.ui reads location and
calls ``route``), so every combination is tested under CPython.

- ``#k1...`` a link: open it (``?embed=1`` opens it read-only in the compact embed chrome)
- ``?scenario=<id>[&seed=<n>]``: start a new game (a random seed unless one is given)
- ``&options=<name>[:<value>][,...]`` with a new game: the scenario's rule options
  (kassen.games.options): ``mountain_top:strength``; a bare name asks for the value that is not the
  default of a two-valued option (``options=command_range`` as before). A malformed item is left
  out here, an unknown name or value by the controller (``engine.options.resolve``), each said in
  words: the game starts with the rest
- ``&vs=<side>.<level>`` with either: the computer plays that side at that level (easy, normal,
  hard); the person at the screen plays the other
- nothing, with a current saved game: resume it; nothing else: the menu
After a new game or a play link the page replaces the address with a clean one, so a reload
resumes the saved game instead of starting (or forking) another.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Union
from .query import parse_query

from ..engine.errors import quote
from ..engine.messages import Msg, msg
from ..engine.options import ID, VALUE

MAX_SEED = (1 << 63) - 1
_SEED = re.compile(r"^\d{1,19}$")


@dataclass
class Route:
    kind: str  # "menu" | "resume" | "new" | "link"
    embed: bool = False
    scenario: Optional[str] = None
    seed: Optional[int] = None  # None: draw a random one
    fragment: Optional[str] = None
    problem: Optional[Msg] = None  # shown to the player (a message); the route is still followed
    computer: Optional[tuple[str, str]] = None  # (side, level) the computer plays ("vs" parameter)
    #: rule options asked for ("options" parameter): name -> True (a bare name) or the value's text
    options: Optional[dict[str, Union[bool, str]]] = None


def route(search: str, fragment: str, has_current: bool, scenarios: list[str]) -> Route:
    """The route for ``location.search`` and ``location.hash`` (with or without '?' / '#')."""
    params = parse_query(search.lstrip("?"), keep_blank_values=True)
    embed = params.get("embed", [""])[0] in ("1", "true", "yes")
    computer, problem = _computer(params.get("vs", [""])[0])
    frag = fragment.lstrip("#").strip()
    if frag:
        return Route("link", embed=embed, fragment=frag, computer=computer, problem=problem)
    if embed:
        return Route("menu", embed=True, problem=msg("app.route.embed-empty"))
    if "scenario" in params:
        sid = params["scenario"][0]
        if sid not in scenarios:
            known = ", ".join(scenarios)
            return Route("resume" if has_current else "menu",
                         problem=msg("app.route.no-scenario", scenario=repr(sid), known=known))
        seed_text = params.get("seed", [""])[0].strip()
        options, bad = parse_options(params.get("options", [""])[0])
        problem = both(problem, bad)
        if not seed_text:
            return Route("new", scenario=sid, computer=computer, problem=problem, options=options)
        if _SEED.match(seed_text) and int(seed_text) <= MAX_SEED:
            return Route("new", scenario=sid, seed=int(seed_text), computer=computer, problem=problem,
                         options=options)
        return Route("new", scenario=sid, computer=computer, options=options,
                     problem=both(problem, msg("app.route.bad-seed", seed=repr(seed_text), max=str(MAX_SEED))))
    return Route("resume" if has_current else "menu")


def needs_clean_url(r: Route, opened_kind: Optional[str]) -> bool:
    """True when the address should be replaced by the bare page address once the route is done:
    a started game or an opened play link (a reload must resume, not start again), or a link that
    failed (a reload should not show the same error). Spectator and frame links stay: reloading
    them shows them again, and they are what the player may copy from the address bar."""
    if r.embed:
        return False
    if r.kind == "new" or (r.problem and r.kind != "link"):
        return True
    if r.kind == "link":
        return opened_kind in (None, "p")
    return False


_VS = re.compile(r"^([a-z][a-z0-9-]{0,30})\.(easy|normal|hard)$")


#: at most this many options are read from an address (a game has two at most today)
MAX_OPTIONS = 8


def parse_options(text: str) -> tuple[Optional[dict[str, Union[bool, str]]], Optional[Msg]]:
    """``options=a,b:value`` read: ``{name: True}`` for a bare name, ``{name: value text}``
    otherwise; the items that are neither are named in the message (the rest is kept). Whether
    the game has such an option and value is the controller's question (it knows the game)."""
    out: dict[str, Union[bool, str]] = {}
    bad: list[str] = []
    for item in (t.strip() for t in text.split(",")):
        if not item:
            continue
        name, colon, value = item.partition(":")
        name, value = name.strip().lower(), value.strip().lower()
        if ID.match(name) and (not colon or VALUE.match(value)) and len(out) < MAX_OPTIONS:
            out[name] = value if colon else True
        else:
            bad.append(item)
    problem = msg("app.route.bad-option", text=", ".join(quote(b, 30) for b in bad[:3])) if bad else None
    return out or None, problem


def both(first: Optional[Msg], second: Optional[Msg]) -> Optional[Msg]:
    """Two problems as one message (either may be None)."""
    if first is None or second is None:
        return first or second
    return msg("app.route.two-problems", first=first, second=second)


def _computer(text: str) -> tuple[Optional[tuple[str, str]], Optional[Msg]]:
    """``vs=<side>.<level>`` read (the side is checked against the scenario by the controller)."""
    text = text.strip()
    if not text:
        return None, None
    found = _VS.match(text)
    if found is None:
        return None, msg("app.computer.bad-vs", text=quote(text[:40]))
    return (found.group(1), found.group(2)), None


def vs_parameter(computer: Optional[tuple[str, str]]) -> str:
    """The ``vs`` query parameter recording a computer opponent ('' for none)."""
    return f"vs={computer[0]}.{computer[1]}" if computer else ""
