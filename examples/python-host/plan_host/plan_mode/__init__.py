"""The plan-mode plugin, written from the plan-mode spec (docs/clauses.md and the seed README).

Protocol names are facts of the spec: the event `plan/mode` with payload
exactly `{active}`, the prompt section `plan:policy` at order 50, the tool
`exit_plan_mode`, the question intent `plan-review` with the approving label
`Approve`, the command `/plan [message]` with the argument `off`, and the
projection unit `plan`.
"""
from .config import PlanModeConfig, PlanModeConfigError, parse_config
from .plugin import PlanModePlugin

__all__ = ["PlanModeConfig", "PlanModeConfigError", "PlanModePlugin", "parse_config"]
