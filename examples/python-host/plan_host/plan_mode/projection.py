"""The `plan` session projection unit: `{active, pending}` folded from the log (PROJ-01..05).

A `command/run` named `plan` sets the target (`off` after trimming means
inactive, anything else active); a `plan/mode` event commits the logged state
and clears the target.  Every other event returns the very same state object,
so the registry pushes nothing for it.  A target equal to the logged state is
kept as "no target": the view is the same, and repeating the state object
avoids a push that would show nothing new.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..projections import ProjectionUnit
from .command import COMMAND_NAME
from .state import PLAN_MODE_EVENT

PROJECTION_NAME = "plan"


@dataclass(frozen=True)
class PlanProjectionState:
    logged: bool
    target: Optional[bool]  # an outstanding /plan target that differs from `logged`


_INITIAL = PlanProjectionState(logged=False, target=None)


def fold(state: PlanProjectionState, record: dict[str, Any]) -> PlanProjectionState:
    kind, payload = record["type"], record["payload"]
    if kind == "command/run" and payload.get("name") == COMMAND_NAME:
        wanted = str(payload.get("args", "")).strip() != "off"
        target = None if wanted == state.logged else wanted
        return state if target == state.target else PlanProjectionState(state.logged, target)
    if kind == PLAN_MODE_EVENT:
        logged = payload.get("active") is True
        committed = PlanProjectionState(logged, None)
        return state if committed == state else committed
    return state


def view(state: PlanProjectionState) -> dict[str, bool]:
    return {"active": state.logged, "pending": state.target is not None}


def plan_projection() -> ProjectionUnit:
    return ProjectionUnit(name=PROJECTION_NAME, initial=lambda: _INITIAL, fold=fold, view=view)
