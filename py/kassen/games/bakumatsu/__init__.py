"""Decisive Battles! Bakumatsu and Meiji Restoration (Game Journal #96): Toba-Fushimi and Tabarazaka."""
from .rules import Rules

__all__ = ["Rules"]
