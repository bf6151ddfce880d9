"""Compact link form of states and views (identity for now)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


def pack(rules: "Rules", obj: dict[str, Any]) -> Any:
    return obj


def unpack(rules: "Rules", data: Any) -> dict[str, Any]:
    return data
