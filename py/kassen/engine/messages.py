"""Texts as message keys with arguments, rendered from a catalog per language.

Every text the page shows (log lines, prompts, button labels, status rows, refusals, results) is
made as a *message*: a key into a catalog plus arguments, so that the same saved game reads in
Japanese or English and switching the language re-renders everything, the log included.

- A message is plain data: ``{"key": "mukden.log.move", "args": {...}}`` (see ``msg``).
- Arguments that name game things are typed so each language can name them its own way:
  ``{"u": unit id}``, ``{"c": cell label}``, ``{"s": side id}`` (see ``unit``, ``cell``, ``side``).
  A nested message is rendered in place; a list is rendered item by item and joined.
- Catalogs are JSON data: ``py/kassen/locale/<lang>.json`` (the engine's and the app's texts) and
  ``py/kassen/games/<game>/locale/<lang>.json`` (a game's). A catalog value is a template with
  ``{name}`` / ``{name:+d}`` placeholders (``str.format`` syntax), or an object of plural forms
  ``{"one": ..., "other": ...}`` chosen by the argument ``count``.
- Anything read from a link or a save (a log entry, say) is rendered as text by the page, never as
  HTML; an unknown key renders as the key itself, and argument texts are capped in length.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional, Protocol

Msg = dict[str, Any]

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"
#: a text argument longer than this is cut, and a whole line longer than MAX_TEXT (hostile saves
#: must not make huge lines)
MAX_ARG_TEXT = 200
MAX_TEXT = 2000
_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def msg(key: str, **args: Any) -> Msg:
    """A message: ``msg("mukden.log.move", unit=unit("jp-1"), to=cell("0506"))``."""
    return {"key": key, "args": args} if args else {"key": key}


def unit(uid: Optional[str]) -> dict[str, Any]:
    """A unit argument, named by the game in the reader's language."""
    return {"u": uid}


def cell(label: Optional[str]) -> dict[str, Any]:
    """A cell argument (a hex, a square, an off-map box), named by the game."""
    return {"c": label}


def side(side_id: Optional[str]) -> dict[str, Any]:
    """A side argument, named by the game."""
    return {"s": side_id}


def is_msg(value: Any) -> bool:
    return type(value) is dict and type(value.get("key")) is str and set(value) <= {"key", "args"}


class Namer(Protocol):
    """What a game provides to name its things in a language (``GameRules`` implements it)."""

    def name_unit(self, uid: Optional[str], lang: str) -> str: ...
    def name_cell(self, label: Optional[str], lang: str) -> str: ...
    def name_side(self, side_id: Optional[str], lang: str) -> str: ...


class PlainNamer:
    """Names things by their ids: for texts outside any game (the menu, link errors)."""

    def name_unit(self, uid: Optional[str], lang: str) -> str:
        return str(uid)

    def name_cell(self, label: Optional[str], lang: str) -> str:
        return str(label)

    def name_side(self, side_id: Optional[str], lang: str) -> str:
        return str(side_id)


PLAIN = PlainNamer()


class Catalog:
    """The templates of one language, merged from the engine's catalog and the games' catalogs."""

    def __init__(self, lang: str, entries: Mapping[str, Any]) -> None:
        self.lang = lang
        self.entries = dict(entries)

    def template(self, key: str, count: Any = None) -> Optional[str]:
        entry = self.entries.get(key)
        if isinstance(entry, dict):
            form = plural_form(self.lang, count)
            entry = entry.get(form, entry.get("other"))
        return entry if isinstance(entry, str) else None


def plural_form(lang: str, count: Any) -> str:
    """CLDR plural category: English has one/other, Japanese only other."""
    if lang == "en" and count == 1:
        return "one"
    return "other"


#: (language, key) of every message rendered in a language whose catalog lacks the key, while a
#: test watches (``watch_misses``); None otherwise (no cost in the page)
MISSES: Optional[list[tuple[str, str]]] = None


def watch_misses() -> list[tuple[str, str]]:
    """Start recording catalog misses (tests: a text shown that is not in the reader's catalog)."""
    global MISSES
    MISSES = []
    return MISSES


def stop_watching() -> None:
    global MISSES
    MISSES = None


_catalog_files: dict[str, list[Path]] = {}
_catalogs: dict[str, Catalog] = {}


def register_catalog_dir(directory: Path) -> None:
    """Add a directory of ``<lang>.json`` catalogs (a game package calls this when imported)."""
    for lang in LANGUAGES:
        path = directory / f"{lang}.json"
        files = _catalog_files.setdefault(lang, [])
        if path not in files:
            files.append(path)
            _catalogs.pop(lang, None)


def catalog(lang: str) -> Catalog:
    """The merged catalog of ``lang`` (cached; loaded on first use)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    found = _catalogs.get(lang)
    if found is None:
        entries: dict[str, Any] = {}
        for path in [_LOCALE_DIR / f"{lang}.json", *_catalog_files.get(lang, [])]:
            if path.exists():
                entries.update(json.loads(path.read_text(encoding="utf-8")))
        found = _catalogs[lang] = Catalog(lang, entries)
    return found


def language(value: Any) -> str:
    """``value`` if it is a language this app speaks, else the default (a bad setting or link)."""
    return value if type(value) is str and value in LANGUAGES else DEFAULT_LANGUAGE


def has_key(key: str, lang: str) -> bool:
    """True if ``lang``'s catalog itself holds ``key`` (no fallback to the default language)."""
    return key in catalog(lang).entries


def say(key: str, lang: str = DEFAULT_LANGUAGE, **args: Any) -> str:
    """The text of ``msg(key, **args)`` in ``lang``, for texts outside any game (the page's own)."""
    return render(msg(key, **args), lang)


def _cap(text: str, limit: int = MAX_ARG_TEXT) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def list_separator(lang: str) -> str:
    return "、" if lang == "ja" else ", "


def render(value: Any, lang: str = DEFAULT_LANGUAGE, namer: Namer = PLAIN) -> str:
    """The text of a message (or of a typed argument, a list, a plain value) in ``lang``."""
    t = type(value)
    if t is str:
        return value
    if t is dict:
        if "key" in value:
            return _render_msg(value, lang, namer)
        for tag, name in (("u", namer.name_unit), ("c", namer.name_cell), ("s", namer.name_side)):
            if tag in value:
                thing = value[tag]  # from a save: only an id (or None) is ever named, anything else is "?"
                return name(thing, lang) if thing is None or type(thing) is str else "?"
        return _cap(json.dumps(value, ensure_ascii=False))
    if t is list or t is tuple:
        return list_separator(lang).join(render(v, lang, namer) for v in value)
    if value is None:
        return ""
    return _cap(str(value))


def _render_msg(message: Msg, lang: str, namer: Namer) -> str:
    key = message.get("key")
    args = message.get("args") or {}
    if type(key) is not str or type(args) is not dict:
        return "?"
    template = catalog(lang).template(key, args.get("count"))
    if template is None and MISSES is not None:
        MISSES.append((lang, key))
    if template is None and lang != DEFAULT_LANGUAGE:
        template = catalog(DEFAULT_LANGUAGE).template(key, args.get("count"))
    if template is None:
        return _cap(key)
    values = {name: _arg(v, lang, namer) for name, v in args.items() if type(name) is str and name.isidentifier()}
    try:
        found = _Args(values)
        text = template.format_map(found)
        if found.missing and lang != DEFAULT_LANGUAGE:
            # a message saved by an older version lacks an argument this translation names: the
            # default language's words, which that version wrote it for
            english = catalog(DEFAULT_LANGUAGE).template(key, args.get("count"))
            if english is not None:
                text = english.format_map(_Args(values))
        return _cap(text, MAX_TEXT)
    except (ValueError, IndexError, AttributeError, TypeError):
        return _cap(key)


def _arg(value: Any, lang: str, namer: Namer) -> Any:
    """Numbers stay numbers (so ``{n:+d}`` works); plain text is capped; the rest is rendered."""
    t = type(value)
    if t is int or t is float:
        return value
    if t is str:
        return _cap(value)
    return render(value, lang, namer)


class _Args(dict):  # type: ignore[type-arg]
    """A missing argument shows as ``{name}`` instead of failing the whole line (and is noted)."""

    missing = False

    def __missing__(self, key: str) -> str:
        self.missing = True
        return "{" + key + "}"


def text_of(event_or_msg: Mapping[str, Any], lang: str = DEFAULT_LANGUAGE, namer: Namer = PLAIN) -> str:
    """The text of a log event (``msg`` for events made by this version, ``text`` for older
    saves) or of a message."""
    if "msg" in event_or_msg:
        return render(event_or_msg["msg"], lang, namer)
    if "key" in event_or_msg:
        return render(dict(event_or_msg), lang, namer)
    text = event_or_msg.get("text")
    return _cap(text) if type(text) is str else ""


def keys_used(value: Any) -> Iterable[str]:
    """Every message key inside a value (for the catalog-completeness tests)."""
    t = type(value)
    if t is dict:
        if type(value.get("key")) is str:
            yield value["key"]
        for v in value.values():
            yield from keys_used(v)
    elif t is list or t is tuple:
        for v in value:
            yield from keys_used(v)


Renderer = Callable[[Any], str]
