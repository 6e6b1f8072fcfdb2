"""The `plan` session projection unit: `{active, pending}` folded from the log (PROJ-01..05).

A `command/run` named `plan` sets the target (`off` after trimming means
inactive, anything else active); a `plan/mode` event commits the logged state
and clears the target.  Every other event returns the very same state object,
so the registry pushes nothing for it.  A target equal to the logged state is
kept as "no target": the view is the same, and repeating the state object
avoids a push that would show nothing new.

In the rc.8 edition (``settles_on_done``) a line's target is a candidate until
its `command/done`: kept when the line succeeded, dropped when it failed
(PROJ-02, PROJ-03); while it runs, the candidate is the latest selection.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..projections import ProjectionUnit
from ..trimmed import trimmed
from .command import COMMAND_NAME
from .state import PLAN_MODE_EVENT

PROJECTION_NAME = "plan"


@dataclass(frozen=True)
class PlanProjectionState:
    logged: bool
    target: Optional[bool]  # an outstanding /plan target that differs from `logged`
    unsettled: Optional[bool] = None  # rc.8: the target of a /plan line that ran and is not done yet


_INITIAL = PlanProjectionState(logged=False, target=None)


def fold(state: PlanProjectionState, record: dict[str, Any], settles_on_done: bool = False) -> PlanProjectionState:
    kind, payload = record["type"], record["payload"]
    if kind == "command/run" and payload.get("name") == COMMAND_NAME:
        wanted = trimmed(str(payload.get("args", ""))) != "off"
        if settles_on_done:
            return PlanProjectionState(state.logged, state.target, wanted)
        target = None if wanted == state.logged else wanted
        return state if target == state.target else PlanProjectionState(state.logged, target)
    if settles_on_done and kind == "command/done" and payload.get("name") == COMMAND_NAME:
        if state.unsettled is None:
            return state  # a plan/mode event already settled the line: nothing to push
        kept = state.unsettled if payload.get("ok") is True else state.target
        return PlanProjectionState(state.logged, None if kept == state.logged else kept)
    if kind == PLAN_MODE_EVENT:
        logged = payload.get("active") is True
        committed = PlanProjectionState(logged, None)
        return state if committed == state else committed
    return state


def view(state: PlanProjectionState) -> dict[str, bool]:
    # The latest selection: one still running, else the one kept.
    selected = state.unsettled if state.unsettled is not None else state.target
    return {"active": state.logged, "pending": selected is not None and selected != state.logged}


def plan_projection(settles_on_done: bool = False) -> ProjectionUnit:
    return ProjectionUnit(
        name=PROJECTION_NAME,
        initial=lambda: _INITIAL,
        fold=lambda state, record: fold(state, record, settles_on_done),
        view=view,
    )
