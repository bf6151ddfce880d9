"""Shinsengumi Ikedaya Incident: the rules engine of the postcard game (no hidden information)."""
from .rules import Rules

__all__ = ["Rules"]
