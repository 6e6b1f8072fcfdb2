"""The plan-mode service: `set(agent, active)` and `get(agent)` (SET-01..08).

The logged state is the fold of the agent's log.  A selection made while the
agent runs a turn is held in memory as `pending` and applied at the next
request boundary, just before that request is assembled; only then is its
`plan/mode` event logged.  The invariant: a pending target always differs
from the logged state (so `get` never reports a pending equal to `active`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..events import event
from .narration import notice_for
from .state import PLAN_MODE_EVENT, described_by_last_header, fold_plan_mode

if TYPE_CHECKING:
    from ..host import Host

SetOutcome = Literal["committed", "queued", "cancelled", "noop"]


class PlanModeService:
    def __init__(self, host: "Host") -> None:
        self._host = host
        # Pending selections live only in memory: a process exit may lose them (LIM-01).
        self._pending: dict[str, bool] = {}

    def logged(self, agent_id: str) -> bool:
        return fold_plan_mode(self._host.log(agent_id))

    def get(self, agent_id: str) -> dict[str, bool]:
        state = {"active": self.logged(agent_id)}
        if agent_id in self._pending:
            state["pending"] = self._pending[agent_id]
        return state

    def set(self, agent_id: str, active: bool) -> SetOutcome:
        logged = self.logged(agent_id)
        if agent_id in self._pending:
            if self._pending[agent_id] == active:
                return "noop"  # already waiting for exactly this
            del self._pending[agent_id]  # back to the logged state: withdraw, log nothing
            return "cancelled"
        if active == logged:
            return "noop"
        if self._host.is_running(agent_id):
            self._pending[agent_id] = active  # the step in flight keeps its guidance
            return "queued"
        self.commit(agent_id, active, by_user=True)
        return "committed"

    def apply_pending(self, agent_id: str) -> None:
        """The request-boundary hook: a waiting selection commits before the request is assembled."""
        target = self._pending.pop(agent_id, None)
        if target is not None and target != self.logged(agent_id):
            self.commit(agent_id, target, by_user=True)

    def commit(self, agent_id: str, active: bool, by_user: bool) -> None:
        """Logs `plan/mode`; a user's selection also owes the model a notice when
        the last request it saw was assembled under the other state."""
        last_seen = described_by_last_header(self._host.log(agent_id))
        self._host.append(agent_id, event(PLAN_MODE_EVENT, active=active))
        if self._pending.get(agent_id) == active:
            del self._pending[agent_id]  # e.g. an exit approved while leaving was queued
        if by_user and last_seen is not None and last_seen != active:
            self._host.append(agent_id, event("user/message", source="plugin", text=notice_for(active)))
