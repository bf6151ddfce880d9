"""What each viewer sees of an Ikedaya state (engine.visibility): everything. The game has no
hidden information, but the view is still built from this whitelist, so a state key added later
stays out of every view until it is classified here."""
from __future__ import annotations

from typing import Any

from ...engine.visibility import BASE_OBSERVATION, PUBLIC

OBSERVATION: dict[str, Any] = {
    **BASE_OBSERVATION,
    "units": PUBLIC,  # every counter is open on the map, spent ones rotated
    "phase": PUBLIC, "active": PUBLIC, "passes": PUBLIC, "acted": PUBLIC, "quiet": PUBLIC,
    "step": PUBLIC,  # the unfinished action: its stack, target, dice rolled, losers
}
