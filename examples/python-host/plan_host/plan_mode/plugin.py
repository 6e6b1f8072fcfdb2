"""Composes the plan-mode plugin into a host."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..prompt import Section
from .command import plan_command
from .config import PlanModeConfig
from .exit_tool import exit_tool
from .projection import plan_projection
from .service import PlanModeService

if TYPE_CHECKING:
    from ..host import Host

POLICY_SECTION = "plan:policy"
POLICY_ORDER = 50


class PlanModePlugin:
    def __init__(self, config: PlanModeConfig) -> None:
        self.config = config

    def install(self, host: "Host") -> PlanModeService:
        service = PlanModeService(host)

        def policy(agent_id: str) -> Optional[str]:
            # Active: the configured text exactly; inactive: nothing at all (POLICY-01/02).
            return self.config.section if service.logged(agent_id) else None

        host.sections.register(Section(name=POLICY_SECTION, order=POLICY_ORDER, render=policy))
        edition = host.edition
        host.tools.register(exit_tool(host, service, owned_children_cannot_review=edition.owned_children_cannot_review))
        host.on_request_boundary(service.apply_pending)
        if host.commands is not None:
            host.commands.register(plan_command(host, service, takes_images=edition.command_takes_images))
        if host.projections is not None:
            host.projections.register(plan_projection(settles_on_done=edition.projection_settles_on_done))
        return service
