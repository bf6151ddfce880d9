"""Computer opponents that play fair (docs/ai.md).

A player decides from ``view_for(state, its side)`` and the log lines that side may read
(``observation.observe``), never from the state; where a search needs full states, the game's
``sample`` draws them from that knowledge with the bot's own generator. Per-game knowledge
(evaluation, candidates, sampler) lives in ``kassen.games.<game>.ai`` (``gameai.GameAI``).
"""
from __future__ import annotations

from .gameai import GameAI, game_ai
from .observation import Observation, from_view, observe
from .players import LEVELS, PLAYERS, Config, Player, Thinker, make_player

__all__ = ["GameAI", "game_ai", "Observation", "observe", "from_view", "LEVELS", "PLAYERS", "Config", "Player",
           "Thinker", "make_player"]
