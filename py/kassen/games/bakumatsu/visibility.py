"""What each viewer sees of a Bakumatsu state (engine.visibility): everything. Both sides' counters
and values are open on the map, the cups' contents are known (their draws are chance steps), and
the dice are announced; only the RNG is never shown."""
from __future__ import annotations

from typing import Any

from ...engine.visibility import BASE_OBSERVATION, PUBLIC

OBSERVATION: dict[str, Any] = {
    **BASE_OBSERVATION,
    "units": PUBLIC, "phase": PUBLIC, "segment": PUBLIC, "active": PUBLIC, "disordered": PUBLIC, "done": PUBLIC,
    "pending": PUBLIC, "owed": PUBLIC, "control": PUBLIC, "combat": PUBLIC, "last": PUBLIC, "retreat": PUBLIC,
    "ended": PUBLIC, "entering": PUBLIC,
}
