"""The project's own notes in Japanese: rules-reference clauses, rulings and scenario provenance.

The English originals live where they are written (``shared/rules/<game>.md`` through
``kassen/reference/<game>.json``, ``games/<game>/rulings.py``, each scenario file's ``provenance``);
their Japanese texts are data beside the reference, keyed by the original's id, so that a player
who reads Japanese better can correct a sentence by editing JSON:

- ``kassen/reference/ja/<game>.json``: ``{"game", "lang": "ja", "clauses": {clause id: text}}``
- ``kassen/reference/ja/<game>.rulings.json``: ``{"game", "lang": "ja",
  "rulings": {ruling id: {"topic", "ruling", "why"}},
  "provenance": {scenario id: {"summary", "reconstructed": [...], "how_to_correct"}}}``

``problems(game)`` lists every id without a text, every text whose original is gone, and every
number of the original the translation lost (tests/app/test_translated.py runs it for every game;
``python3 -m kassen.app.translated GAME`` prints it while translating).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Optional

from .reference import SHIPPED, load, rulings_of

FOLDER = SHIPPED / "ja"
RULING_PARTS = ("topic", "ruling", "why")
PROVENANCE_PARTS = ("summary", "how_to_correct")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
_NUMBER = re.compile(r"(?<![A-Za-z0-9.\-])\d+(?:[.,]\d+)?(?![A-Za-z0-9])")

_cache: dict[str, Optional[dict[str, Any]]] = {}


def _read(name: str) -> Optional[dict[str, Any]]:
    if name not in _cache:
        try:
            data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        _cache[name] = data if isinstance(data, dict) else None
    return _cache[name]


def clause_texts(game: str) -> dict[str, str]:
    """clause id -> its Japanese text ({} when the game has none)."""
    data = _read(game) or {}
    found = data.get("clauses")
    return {k: v for k, v in found.items() if isinstance(v, str) and v} if isinstance(found, dict) else {}


def ruling_texts(game: str) -> dict[str, dict[str, str]]:
    """ruling id -> {"topic", "ruling", "why"} in Japanese ({} when the game has none)."""
    data = _read(f"{game}.rulings") or {}
    found = data.get("rulings")
    if not isinstance(found, dict):
        return {}
    return {k: {p: str(v.get(p, "")) for p in RULING_PARTS} for k, v in found.items() if isinstance(v, dict)}


def provenance_texts(game: str, scenario: str) -> dict[str, Any]:
    """The Japanese of a scenario's provenance notes ({} when there is none)."""
    data = _read(f"{game}.rulings") or {}
    found = (data.get("provenance") or {}).get(scenario) if isinstance(data.get("provenance"), dict) else None
    return found if isinstance(found, dict) else {}


def clause_words(game: str, clause: dict[str, Any], lang: str) -> tuple[str, str]:
    """(text, the language it is in) of a reference clause for a reader of ``lang``: the Japanese
    where there is one, else the English original."""
    if lang == "ja":
        text = clause_texts(game).get(str(clause.get("id", "")))
        if text:
            return text, "ja"
    return str(clause.get("text", "")), "en"


def ruling_words(game: str, ruling: dict[str, Any], lang: str) -> tuple[dict[str, str], str]:
    """({"topic", "ruling", "why"}, language) of a ruling for a reader of ``lang``."""
    if lang == "ja":
        mine = ruling_texts(game).get(str(ruling.get("id", "")))
        if mine and mine.get("ruling"):
            return mine, "ja"
    return {p: str(ruling.get(p, "")) for p in RULING_PARTS}, "en"


def provenance_words(game: str, scenario: str, provenance: dict[str, Any], lang: str) -> tuple[dict[str, Any], str]:
    """The provenance notes (summary, reconstructed, how_to_correct) for a reader of ``lang``, and the
    language they are in; the sources stay as cited."""
    english = {"summary": str(provenance.get("summary", "")),
               "reconstructed": [str(v) for v in provenance.get("reconstructed", []) or []
                                 if isinstance(provenance.get("reconstructed"), list)],
               "how_to_correct": str(provenance.get("how_to_correct", ""))}
    if lang == "ja":
        mine = provenance_texts(game, scenario)
        items = mine.get("reconstructed")
        if mine.get("summary") and isinstance(items, list) and len(items) == len(english["reconstructed"]):
            return {"summary": str(mine["summary"]), "reconstructed": [str(v) for v in items],
                    "how_to_correct": str(mine.get("how_to_correct") or english["how_to_correct"])}, "ja"
    return english, "en"


def _scenarios(game: str) -> dict[str, dict[str, Any]]:
    """scenario id -> provenance dict, from the repository's scenario files."""
    folder = SHIPPED.parent.parent.parent / "scenarios" / game
    out = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("provenance"), dict):
            out[path.stem] = data["provenance"]
    return out


def _numbers_lost(original: str, translation: str) -> list[str]:
    """The numbers written in digits in ``original`` that ``translation`` does not contain."""
    return [n for n in dict.fromkeys(_NUMBER.findall(original)) if n not in translation]


def _check_text(where: str, original: str, translation: Any, out: list[str]) -> None:
    if not original.strip():
        return
    if not isinstance(translation, str) or not translation.strip():
        out.append(f"{where}: no Japanese text")
        return
    if not _JAPANESE.search(translation):
        out.append(f"{where}: no Japanese in {translation[:40]!r}")
    lost = _numbers_lost(original, translation)
    if lost:
        out.append(f"{where}: the numbers {', '.join(lost)} of the original are missing")


def problems(game: str) -> list[str]:
    """Everything missing, stale or suspicious in the game's Japanese notes ([] when complete)."""
    out: list[str] = []
    reference = load(game)
    clauses = {c["id"]: c["text"] for c in (reference or {}).get("clauses", [])}
    texts = (_read(game) or {}).get("clauses")
    texts = texts if isinstance(texts, dict) else {}
    for cid, text in clauses.items():
        _check_text(f"clause {cid}", text, texts.get(cid), out)
    out += [f"clause {cid}: not a clause of {game} (stale?)" for cid in texts if cid not in clauses]
    notes = _read(f"{game}.rulings") or {}
    rulings = notes.get("rulings") if isinstance(notes.get("rulings"), dict) else {}
    originals = {str(r.get("id")): r for r in rulings_of(game)}
    for rid, r in originals.items():
        mine = rulings.get(rid)
        if not isinstance(mine, dict):
            out.append(f"ruling {rid}: no Japanese text")
            continue
        for part in RULING_PARTS:
            _check_text(f"ruling {rid} {part}", str(r.get(part, "")), mine.get(part), out)
    out += [f"ruling {rid}: not a ruling of {game} (stale?)" for rid in rulings if rid not in originals]
    provenance = notes.get("provenance") if isinstance(notes.get("provenance"), dict) else {}
    for sid, prov in _scenarios(game).items():
        mine = provenance.get(sid)
        if not isinstance(mine, dict):
            out.append(f"provenance {sid}: no Japanese text")
            continue
        for part in PROVENANCE_PARTS:
            _check_text(f"provenance {sid} {part}", str(prov.get(part, "")), mine.get(part), out)
        items = prov.get("reconstructed") or []
        theirs = mine.get("reconstructed") if isinstance(mine.get("reconstructed"), list) else []
        if len(theirs) != len(items):
            out.append(f"provenance {sid} reconstructed: {len(items)} items in English, {len(theirs)} in Japanese")
        for i, (item, text) in enumerate(zip(items, theirs)):
            _check_text(f"provenance {sid} reconstructed[{i}]", str(item), text, out)
    return out


if __name__ == "__main__":  # python3 -m kassen.app.translated GAME [GAME ...]
    found = 0
    for name in sys.argv[1:] or ["mukden", "ikedaya", "kawanakajima", "bakumatsu", "yukimura"]:
        listed = problems(name)
        found += len(listed)
        print(f"{name}: {len(listed)} problems")
        for line in listed:
            print("  " + line)
    sys.exit(1 if found else 0)
