"""The player's view settings, kept in this browser (``localStorage["kassen:settings"]``).

Nothing here is part of a game: a damaged or refused store just means the defaults.
"""
from __future__ import annotations

import json
from typing import Any, Optional

KEY = "kassen:settings"


class Settings:
    def __init__(self, store: Optional[Any]) -> None:
        self.store = store
        self.values: dict[str, Any] = {}
        try:
            raw = store.getItem(KEY) if store is not None else None
            data = json.loads(raw) if raw else {}
            if isinstance(data, dict):
                self.values = data
        except Exception:  # noqa: BLE001 - storage refused or damaged: the defaults
            self.values = {}

    def get(self, key: str, default: Any) -> Any:
        value = self.values.get(key, default)
        return value if isinstance(value, type(default)) else default

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value
        try:
            if self.store is not None:
                self.store.setItem(KEY, json.dumps(self.values))
        except Exception:  # noqa: BLE001 - not saved: it still applies to this page
            pass
