"""Battle of Mukden (CMJ postcard game, 2011): rules, combat, rulings and map drawing."""
from .rules import Rules

__all__ = ["Rules"]
