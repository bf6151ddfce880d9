"""What each viewer sees of a Yukimura state (engine.visibility): everything. Both armies' counters
and values are open, Hideyori's staging hex is on the table (the rule places his force beside the
map), the dice are announced; only the RNG is never shown."""
from __future__ import annotations

from typing import Any

from ...engine.visibility import BASE_OBSERVATION, PUBLIC

OBSERVATION: dict[str, Any] = {
    **BASE_OBSERVATION,
    **{k: PUBLIC for k in ("units", "phase", "segment", "active", "done", "fired", "attacked", "targets", "combat",
                           "check", "retreat", "double", "advance", "markers", "retreated", "chained", "pending",
                           "released", "west", "holder", "hideyori", "last", "ended")},
}
