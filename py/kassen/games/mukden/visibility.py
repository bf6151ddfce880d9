"""What each viewer sees of a Mukden state (engine.visibility): everything but the other side's
fighting power, which stays secret until the game ends (mukden.3.secret-until-end)."""
from __future__ import annotations

from typing import Any

from ...engine.visibility import BASE_OBSERVATION, PUBLIC, own

OBSERVATION: dict[str, Any] = {
    **BASE_OBSERVATION,
    "units": PUBLIC,  # positions are open on the map
    "phase": PUBLIC, "active": PUBLIC, "time": PUBLIC, "quiet": PUBLIC, "waits": PUBLIC, "chosen": PUBLIC, "ended": PUBLIC,
    "combat": PUBLIC,  # calls, dice and losses are announced
    "allotment": own(reveal=lambda state: state["phase"] == "over"),
    "fp": own(reveal=lambda state: state["phase"] == "over"),
}
