"""Shared mechanisms of every game: board graph, grids, RNG, actions, rules protocol, history, codec."""
