"""Save slots over a key-value store (localStorage in the page, a dict in tests).

Several games can be kept: starting a new game creates a new slot and never overwrites another.
Every failure of the store (disabled, full, throwing) is caught and reported as a notice; the
game in memory goes on and can still be exported. A slot that cannot be opened is *set aside*:
its text moves, unchanged, to ``kassen:aside:<id>`` and it leaves the index, so the next page
load does not trip on it again and nothing is lost.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional, Protocol

from ..engine import jsontext
from ..engine.messages import DEFAULT_LANGUAGE, LANGUAGES, Msg, msg

INDEX_KEY = "kassen:index"
SLOT_PREFIX = "kassen:game:"
ASIDE_PREFIX = "kassen:aside:"
INDEX_VERSION = 1
_FIELD_LIMIT = 200  # index fields are shown in the menu: a damaged index must not flood it


class Store(Protocol):
    """The subset of the Web Storage API used here; any method may raise."""

    def getItem(self, key: str) -> Optional[str]: ...  # noqa: N802 (the Web Storage name)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802

    # optional: ``keys()`` lists the stored keys, so a damaged index can be rebuilt from the slots




class MemoryStore:
    """A dict-backed Store for tests (and a fallback when the browser has none)."""

    def __init__(self, limit: Optional[int] = None) -> None:
        self.data: dict[str, str] = {}
        self.limit = limit

    def getItem(self, key: str) -> Optional[str]:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.limit is not None:
            size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
            if size > self.limit:
                raise OSError("QuotaExceededError: the storage is full")
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class SlotInfo:
    id: str
    scenario: str
    title: str
    updated: str
    summary: str = ""  # in the default language (the index's "summary", as every version wrote it)
    #: the summary in the other languages ("summary_ja" in the index): the menu reads in either
    summaries: dict[str, str] = field(default_factory=dict)

    def summary_in(self, lang: str) -> str:
        """The summary in ``lang`` (the default language's for a slot saved before it had one)."""
        return self.summaries.get(lang) or self.summary


@dataclass
class AsideInfo:
    """A saved game set aside because it could not be opened (or the damaged list of games)."""
    id: str
    scenario: str
    size: int  # characters of its text, so the menu can say what a download holds


class Saves:
    """The slot index and the slots. ``ok`` turns False (with ``notice``) when storing fails."""

    def __init__(self, store: Optional[Store]) -> None:
        self.store = store
        self.ok = store is not None
        # a message (engine.messages): the page says it in the reader's language
        self.notice: Optional[Msg] = None if self.ok else msg("app.storage.off")

    def _fail(self, exc: BaseException, doing: str) -> None:
        """Saving is off from now on; ``doing`` names what failed (app.storage.doing.<doing>)."""
        self.ok = False
        full = "quota" in str(exc).lower() or "full" in str(exc).lower()
        reason = msg("app.storage.full" if full else "app.storage.refused")
        self.notice = msg("app.storage.failed", reason=reason, doing=msg(f"app.storage.doing.{doing}"))

    def index(self) -> dict[str, Any]:
        """{"version", "current", "slots": [...]}; an empty index if none or unreadable."""
        empty = {"version": INDEX_VERSION, "current": None, "slots": []}
        if self.store is None:
            return empty
        try:
            raw = self.store.getItem(INDEX_KEY)
        except Exception as exc:  # noqa: BLE001 - any store failure is a notice, never a crash
            self._fail(exc, "read-index")
            return empty
        if not raw:
            return empty
        try:
            data = jsontext.loads(raw)
        except ValueError:
            return self._rebuild(raw)
        if not isinstance(data, dict) or not isinstance(data.get("slots"), list):
            return self._rebuild(raw)
        slots = [s for s in data["slots"] if isinstance(s, dict) and isinstance(s.get("id"), str)
                 and 0 < len(s["id"]) <= _FIELD_LIMIT]
        current = data.get("current") if isinstance(data.get("current"), str) else None
        return {"version": INDEX_VERSION, "current": current, "slots": slots}

    def _rebuild(self, damaged: str) -> dict[str, Any]:
        """A damaged index must not hide every saved game: keep its text under
        ``kassen:aside:index`` and list again the slots found in the store (newest first is not
        known: they are listed by id, which starts with the time they were made)."""
        empty = {"version": INDEX_VERSION, "current": None, "slots": []}
        keys = getattr(self.store, "keys", None)
        if self.store is None or keys is None:
            return empty
        try:
            found = sorted((k for k in keys() if isinstance(k, str) and k.startswith(SLOT_PREFIX)), reverse=True)
            slots = []
            for key in found:
                slot_id = key[len(SLOT_PREFIX):]
                if not 0 < len(slot_id) <= _FIELD_LIMIT:
                    continue
                try:
                    save = jsontext.loads(self.store.getItem(key) or "")
                except ValueError:
                    save = {}
                scenario = save.get("scenario") if isinstance(save, dict) else None
                slots.append({"id": slot_id, "scenario": _text(scenario), "title": _text(scenario),
                              "updated": "", "summary": ""})
            rebuilt = {"version": INDEX_VERSION, "current": None, "slots": slots}
            self.store.setItem(ASIDE_PREFIX + "index", damaged)
            self.store.setItem(INDEX_KEY, json.dumps(rebuilt, separators=(",", ":")))
        except Exception as exc:  # noqa: BLE001 - any store failure is a notice, never a crash
            self._fail(exc, "rebuild-index")
            return empty
        self.notice = msg("app.storage.rebuilt", kept=f"{ASIDE_PREFIX}index")
        return rebuilt

    def slots(self) -> list[SlotInfo]:
        out = []
        for s in self.index()["slots"]:
            fields = {k: _text(s.get(k)) for k in ("scenario", "title", "updated", "summary")}
            summaries = {lang: _text(s.get(f"summary_{lang}")) for lang in LANGUAGES if lang != DEFAULT_LANGUAGE}
            out.append(SlotInfo(id=s["id"], **fields, summaries={k: v for k, v in summaries.items() if v}))
        return out

    def current(self) -> Optional[str]:
        return self.index()["current"]

    def load(self, slot_id: str) -> Optional[str]:
        """The raw save text of a slot (None if missing or unreadable)."""
        if self.store is None:
            return None
        try:
            return self.store.getItem(SLOT_PREFIX + slot_id)
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "read-game")
            return None

    def write(self, slot: SlotInfo, save: dict[str, Any], make_current: bool = True) -> bool:
        """Store a save and update the index; False (and a notice) if the store refuses."""
        if self.store is None or not self.ok:
            return False
        try:
            self.store.setItem(SLOT_PREFIX + slot.id, json.dumps(save, separators=(",", ":")))
            idx = self.index()
            entry = {"id": slot.id, "scenario": slot.scenario, "title": slot.title, "updated": slot.updated,
                     "summary": slot.summary}
            entry.update({f"summary_{lang}": text for lang, text in slot.summaries.items()
                          if lang in LANGUAGES and lang != DEFAULT_LANGUAGE})
            idx["slots"] = [entry] + [s for s in idx["slots"] if s.get("id") != slot.id]
            if make_current:
                idx["current"] = slot.id
            self.store.setItem(INDEX_KEY, json.dumps(idx, separators=(",", ":")))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "save")
            return False
        return True

    def set_aside(self, slot_id: str) -> Optional[str]:
        """Move a slot that cannot be opened out of the way, unchanged, under ``kassen:aside:<id>``,
        and drop it from the index (clearing "current" if it was). Returns the key it is kept
        under, or None if the store refused (then the index is still cleared if possible)."""
        if self.store is None:
            return None
        key: Optional[str] = ASIDE_PREFIX + slot_id
        try:
            raw = self.store.getItem(SLOT_PREFIX + slot_id)
            if raw is not None:
                self.store.setItem(ASIDE_PREFIX + slot_id, raw)
                self.store.removeItem(SLOT_PREFIX + slot_id)
            else:
                key = None
        except Exception:  # noqa: BLE001 - the store is full or refuses: at least stop resuming it
            key = None
        try:
            idx = self.index()
            idx["slots"] = [s for s in idx["slots"] if s.get("id") != slot_id]
            if idx["current"] == slot_id:
                idx["current"] = None
            self.store.setItem(INDEX_KEY, json.dumps(idx, separators=(",", ":")))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "set-aside")
        return key

    def aside(self) -> list[AsideInfo]:
        """The set-aside texts, so the menu can offer them for download (and the player loses
        nothing: a bug fix or a newer version may open them again through Import). Empty when the
        store cannot list its keys."""
        keys = getattr(self.store, "keys", None)
        if self.store is None or keys is None:
            return []
        out = []
        try:
            for key in sorted(k for k in keys() if isinstance(k, str) and k.startswith(ASIDE_PREFIX)):
                aside_id = key[len(ASIDE_PREFIX):]
                if not 0 < len(aside_id) <= _FIELD_LIMIT:
                    continue
                raw = self.store.getItem(key) or ""
                try:
                    save = jsontext.loads(raw)
                except ValueError:
                    save = None
                scenario = save.get("scenario") if isinstance(save, dict) else None
                out.append(AsideInfo(id=aside_id, scenario=_text(scenario), size=len(raw)))
        except Exception as exc:  # noqa: BLE001 - a store that fails lists nothing, never a crash
            self._fail(exc, "list-aside")
            return []
        return out

    def aside_text(self, aside_id: str) -> Optional[str]:
        """The unchanged text of a set-aside game (None if gone or unreadable)."""
        if self.store is None:
            return None
        try:
            return self.store.getItem(ASIDE_PREFIX + aside_id)
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "read-aside")
            return None

    def discard_aside(self, aside_id: str) -> None:
        """Remove a set-aside text (only on the player's explicit request)."""
        if self.store is None:
            return
        try:
            self.store.removeItem(ASIDE_PREFIX + aside_id)
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "delete-aside")

    def forget_current(self) -> None:
        """The next page load shows the menu instead of resuming (for a game this page cannot read
        but that is not damaged: made by a newer version, or for a scenario it does not have)."""
        if self.store is None:
            return
        try:
            idx = self.index()
            if idx["current"] is not None:
                idx["current"] = None
                self.store.setItem(INDEX_KEY, json.dumps(idx, separators=(",", ":")))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "save")

    def delete(self, slot_id: str) -> None:
        """Remove a slot (only on the player's explicit request)."""
        if self.store is None:
            return
        try:
            self.store.removeItem(SLOT_PREFIX + slot_id)
            idx = self.index()
            idx["slots"] = [s for s in idx["slots"] if s.get("id") != slot_id]
            if idx["current"] == slot_id:
                idx["current"] = None
            self.store.setItem(INDEX_KEY, json.dumps(idx, separators=(",", ":")))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc, "delete")


def _text(value: Any) -> str:
    """An index field for the menu: text, and not too long (the index may be damaged)."""
    text = value if isinstance(value, str) else "" if value is None else str(value)[:_FIELD_LIMIT]
    return text if len(text) <= _FIELD_LIMIT else text[: _FIELD_LIMIT - 1] + "…"
