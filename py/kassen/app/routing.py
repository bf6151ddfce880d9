"""What the page's address asks for, decided without the browser (kassen.ui reads location and
calls ``route``), so every combination is tested under CPython.

- ``#k1...`` a link: open it (``?embed=1`` opens it read-only in the compact embed chrome)
- ``?scenario=<id>[&seed=<n>]``: start a new game (a random seed unless one is given)
- nothing, with a current saved game: resume it; nothing else: the menu
After a new game or a play link the page replaces the address with a clean one, so a reload
resumes the saved game instead of starting (or forking) another.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional
from urllib.parse import parse_qs

MAX_SEED = (1 << 63) - 1
_SEED = re.compile(r"^\d{1,19}$")


@dataclass
class Route:
    kind: str  # "menu" | "resume" | "new" | "link"
    embed: bool = False
    scenario: Optional[str] = None
    seed: Optional[int] = None  # None: draw a random one
    fragment: Optional[str] = None
    problem: Optional[str] = None  # shown to the player; the route is still followed


def route(search: str, fragment: str, has_current: bool, scenarios: list[str]) -> Route:
    """The route for ``location.search`` and ``location.hash`` (with or without '?' / '#')."""
    params = parse_qs(search.lstrip("?"), keep_blank_values=True)
    embed = params.get("embed", [""])[0] in ("1", "true", "yes")
    frag = fragment.lstrip("#").strip()
    if frag:
        return Route("link", embed=embed, fragment=frag)
    if embed:
        return Route("menu", embed=True, problem="This embedded game has no position to show (the link after '#' "
                                                 "is missing).")
    if "scenario" in params:
        sid = params["scenario"][0]
        if sid not in scenarios:
            known = ", ".join(scenarios)
            return Route("resume" if has_current else "menu",
                         problem=f"There is no scenario {sid!r} on this page (scenarios: {known}).")
        seed_text = params.get("seed", [""])[0].strip()
        if not seed_text:
            return Route("new", scenario=sid)
        if _SEED.match(seed_text) and int(seed_text) <= MAX_SEED:
            return Route("new", scenario=sid, seed=int(seed_text))
        return Route("new", scenario=sid,
                     problem=f"The seed {seed_text!r} is not a whole number from 0 to {MAX_SEED}: random dice are "
                             f"used instead.")
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
