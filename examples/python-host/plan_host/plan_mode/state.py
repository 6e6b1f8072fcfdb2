"""The durable state: the `active` of the last `plan/mode` event (STATE-01/02)."""
from __future__ import annotations

from typing import Any, Optional

PLAN_MODE_EVENT = "plan/mode"


def fold_plan_mode(events: list[dict[str, Any]]) -> bool:
    for record in reversed(events):
        if record["type"] == PLAN_MODE_EVENT:
            return record["payload"].get("active") is True
    return False


def described_by_last_header(events: list[dict[str, Any]]) -> Optional[bool]:
    """The plan state the most recent request was assembled under, or None before any request."""
    for index in range(len(events) - 1, -1, -1):
        if events[index]["type"] == "request/header":
            return fold_plan_mode(events[:index])
    return None
