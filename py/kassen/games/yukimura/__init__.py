"""Yukimura Gaiden EPISODE-0 (Game Journal #71): Dōmyōji, Yao, the connected scenario, Gotō's Dream."""
from .rules import Rules

__all__ = ["Rules"]
