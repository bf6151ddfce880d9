"""Errors with messages meant for players as much as for developers."""
from __future__ import annotations


class KassenError(Exception):
    """Base class: every error the engine raises on purpose has a readable message."""


class IllegalAction(KassenError):
    """An action that the rules do not allow in this state; the message says why."""


class ScenarioError(KassenError):
    """A malformed scenario file: names the file, the JSON path and what was expected."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file, self.path, self.detail = file, path, message
        super().__init__(f"{file}: at {path}: {message}")


class LinkError(KassenError):
    """A link or save that cannot be opened: damaged, tampered, newer, or an impossible position."""
