"""Versioned compact encoding of positions for links (and their checks on the way in).

A link fragment is ``k<version>.<kind>.<scenario id>.<payload>`` where kind is

- ``p``: play -- the full state, RNG and secrets included, ready to continue;
- ``v``: view -- a spectator's view (no secrets, no RNG), read-only;
- ``f``: frames -- a list of spectator views for stepping through a game in an embed.

The payload is base64url (no padding) of a CRC-32 of the JSON text followed by its raw-deflate
compression. The JSON is the game's ``pack`` of the object, with sorted keys and no spaces, so
encoding is deterministic. Everything coming in is checked in order: prefix, version, scenario,
base64, checksum, JSON, schema (types), then the game's own ``validate`` (impossible positions).
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import struct
import zlib
from typing import Any, Callable

from . import jsontext
from .errors import KassenError, LinkError, NotReadableHere, error_words, quote
from .messages import msg
from .rules import GameRules
from .schema import SchemaViolation, Validator
from .state import CHANCE, TERMINAL, State, is_plain

VERSION = 1
KINDS = {"p": "play", "v": "view", "f": "frames"}
_PREFIX = re.compile(r"^k(\d{1,9})\.([a-z])\.([A-Za-z0-9_\-]{1,64})\.([A-Za-z0-9_\-]*)$")


def _dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode("utf-8")


def compress(obj: Any) -> str:
    """base64url(CRC-32 + raw deflate) of canonical JSON."""
    return compress_raw(_dumps(obj))


def compress_raw(raw: bytes) -> str:
    """base64url(CRC-32 + raw deflate) of any bytes (the fuzzer sends JSON text Python cannot make)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(raw) + packer.flush()
    return base64.urlsafe_b64encode(struct.pack(">I", zlib.crc32(raw)) + body).decode("ascii").rstrip("=")


def decompress(payload: str) -> Any:
    """Inverse of ``compress``; LinkError with a readable reason on any damage."""
    if len(payload) % 4 == 1 and re.fullmatch(r"[A-Za-z0-9_\-]*", payload):
        raise LinkError("the link is truncated (its data ends early)", key="engine.link.truncated")  # no whole base64 text has this length
    try:
        blob = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is damaged (it is not valid base64 text)", key="engine.link.base64") from None
    if len(blob) < 5:
        raise LinkError("the link is truncated (too short to hold a position)", key="engine.link.too-short")
    (crc,) = struct.unpack(">I", blob[:4])
    try:
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(blob[4:], 1 << 22)
        if unpacker.unconsumed_tail:
            raise LinkError("the link is too large to be a kassen position", key="engine.link.too-large")
        raw += unpacker.flush()
        if not unpacker.eof:
            raise LinkError("the link is truncated (its data ends early)", key="engine.link.truncated")
    except zlib.error:
        raise LinkError("the link is damaged (its data cannot be decompressed)", key="engine.link.inflate") from None
    if zlib.crc32(raw) != crc:
        raise LinkError("the link is damaged or was altered (checksum mismatch)", key="engine.link.checksum")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("the link is damaged (its data is not readable)", key="engine.link.unreadable") from None
    try:
        return jsontext.loads(text)
    except jsontext.BadJSON as exc:
        raise LinkError(f"the link is damaged or was altered ({exc})", key="engine.link.altered", detail=str(exc)) from None


def encode(rules: GameRules, kind: str, obj: Any) -> str:
    """A link fragment (without '#') for a state (kind p), a view (v) or a list of views (f)."""
    if kind not in KINDS:
        raise ValueError(f"unknown link kind {kind!r}")
    packed = [rules.pack(o) for o in obj] if kind == "f" else rules.pack(obj)
    return f"k{VERSION}.{kind}.{rules.scenario.id}.{compress(packed)}"


def parse_fragment(fragment: str) -> tuple[str, str, str]:
    """(kind, scenario id, payload) of a link, or LinkError saying what is wrong with it."""
    text = fragment.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text:
        raise LinkError("the link holds no position", key="engine.link.empty")
    m = _PREFIX.match(text)
    if not m:
        if re.match(r"^k\d{1,9}\.[a-z]\.[A-Za-z0-9_\-]{65,}\.", text):
            raise LinkError("the link is damaged (its scenario name is far too long)", key="engine.link.long-name")
        if re.match(r"^k\d{10,}\.", text):
            raise LinkError("this link's format version is not one kassen ever made", key="engine.link.version")
        if re.match(r"^k\d+\.", text):
            raise LinkError("the link is damaged (it contains characters a kassen link never has)", key="engine.link.characters")
        raise LinkError("this is not a kassen position link", key="engine.link.not-kassen")
    version, kind, scenario, payload = int(m.group(1)), m.group(2), m.group(3), m.group(4)
    if version > VERSION:
        raise NotReadableHere(f"this link was made by a newer version of kassen (link format {version}); "
                              f"this page reads format {VERSION}. Reload the page to get the latest version.",
                              key="engine.link.newer", version=version, reads=VERSION)
    if version < 1:
        raise LinkError("this link's format version is not one kassen ever made", key="engine.link.version")
    if kind not in KINDS:
        raise LinkError(f"unknown kind of link ({quote(kind)})", key="engine.link.kind", kind=quote(kind))
    return kind, scenario, payload


def _validator(rules: GameRules, view: bool) -> Validator:
    """The rules' state (or view) schema validator, built once per rules object."""
    attr = "_view_validator" if view else "_state_validator"
    validator = getattr(rules, attr, None)
    if validator is None:
        validator = Validator(rules.view_schema() if view else rules.state_schema())
        setattr(rules, attr, validator)
    return validator


#: how check_state's ``what`` is said in the catalogs
_WHAT = {"the position": "engine.link.what.position", "the save's starting position": "engine.link.what.initial",
         "the saved position": "engine.link.what.saved"}


def _what(what: str) -> Any:
    """``what`` (the position checked) as a message; "position 3 of the link" with its number."""
    m = re.match(r"^position (\d+) of the link$", what)
    if m:
        return msg("engine.link.what.nth", n=int(m.group(1)))
    return msg(_WHAT[what]) if what in _WHAT else what


def check_state(rules: GameRules, data: Any, what: str = "the position", view: bool = False) -> State:
    """Data check, schema (types), the game's semantic checks, then (for a view) the fields that
    follow from the position; LinkError naming the first problem."""
    try:
        jsontext.check(data)
    except jsontext.BadJSON as exc:
        raise LinkError(f"{what} is damaged ({exc})", key="engine.link.what-damaged", what=_what(what), detail=str(exc)) from None
    if not isinstance(data, dict) or not is_plain(data):
        raise LinkError(f"{what} is not a position", key="engine.link.what-not-position", what=_what(what))
    data = rules.upgrade(data)
    try:
        _validator(rules, view).validate(data)
    except SchemaViolation as exc:
        raise LinkError(f"{what} is malformed: at {exc.path}: {exc.message}", key="engine.link.what-malformed-at",
                        what=_what(what), path=exc.path, detail=exc.message) from None
    try:
        errors = rules.validate_view(data) if view else rules.validate(data)  # type: ignore[attr-defined]
        if view and not errors:
            errors = _derived_problems(rules, data)
    except KassenError as exc:
        raise LinkError(f"{what} is impossible: {exc}", key="engine.link.what-impossible", what=_what(what),
                        detail=error_words(exc)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise LinkError(f"{what} is malformed ({type(exc).__name__}: {quote(str(exc))})", key="engine.link.what-malformed",
                        what=_what(what), detail=f"{type(exc).__name__}: {quote(str(exc))}") from None
    if errors:
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise LinkError(f"{what} is impossible: {errors[0]}{more}", key="engine.link.what-impossible-more",
                        what=_what(what), detail=errors[0], count=len(errors) - 1)
    if not view and _stuck(rules, data):
        raise LinkError(f"{what} is impossible: the player to act has nothing they may do",
                        key="engine.link.what-stuck", what=_what(what))
    return data


def _stuck(rules: GameRules, state: State) -> bool:
    """A game not over in which the one to act (a side, or the dice) has no action: a tampered
    position that passes every other check would leave the page with nothing to click."""
    try:
        player = rules.current_player(state)
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return not rules.chance_outcomes(state)
        return next(iter(rules.legal_actions(state)), None) is None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError, KassenError):
        return True


def _derived_problems(rules: GameRules, view: dict[str, Any]) -> list[str]:
    """A view carries the player to move and the outcome, which follow from the position: a view
    whose fields say otherwise is refused (a tampered link would show "Russia wins" over a set-up).
    The outcome's words are taken from the position, so they read as this version words them."""
    to_move = rules.current_player(view)
    if view.get("to_move") != to_move:
        return [f"it says {quote(view.get('to_move'))} is to act, but in this position "
                f"{rules.side_name(to_move) if to_move in rules.sides else to_move} is"]
    outcome = rules.outcome(view)
    carried = view.get("outcome")
    if outcome is None or carried is None:
        if outcome is not carried:
            return ["it shows a result the position does not have" if outcome is None
                    else "it lacks the result of this finished game"]
        return []
    if not isinstance(carried, dict) or any(carried.get(k) != outcome.get(k) for k in ("winner", "level", "scores")
                                            if k in carried or k in outcome):
        return ["its result does not follow from the position"]
    view["outcome"] = outcome
    return []


def decode(fragment: str, load_rules: Callable[[str], GameRules]) -> tuple[str, GameRules, Any]:
    """(kind, rules, state | view | [views]) from a link; everything checked. Raises LinkError."""
    kind, scenario_id, payload = parse_fragment(fragment)
    try:
        rules = load_rules(scenario_id)
    except KassenError:
        raise NotReadableHere(f"the link is for a scenario this page does not have ({quote(scenario_id)})",
                              key="engine.link.no-scenario", scenario=quote(scenario_id)) from None
    data = decompress(payload)
    try:
        if kind == "f":
            if not isinstance(data, list) or not data:
                raise LinkError("the link's list of positions is malformed", key="engine.link.frames-malformed")
            if len(data) > 5000:
                raise LinkError("the link holds too many positions", key="engine.link.frames-many")
            obj: Any = [rules.unpack(d) for d in data]
        else:
            obj = rules.unpack(data)
    except LinkError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise LinkError(f"the link's position is malformed ({type(exc).__name__})", key="engine.link.position-malformed",
                        detail=type(exc).__name__) from None
    if kind == "p":
        obj = check_state(rules, obj)
    elif kind == "v":
        obj = check_state(rules, obj, view=True)
    else:
        obj = [check_state(rules, v, what=f"position {i + 1} of the link", view=True) for i, v in enumerate(obj)]
    return kind, rules, obj
