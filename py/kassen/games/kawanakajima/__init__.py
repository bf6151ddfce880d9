"""Kenshin vs. Shingen: The Battle of Kawanakajima (Arclight). See rules.py."""
from .rules import Rules

__all__ = ["Rules"]
