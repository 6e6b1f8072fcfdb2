"""The plugin's configuration: exactly `{ section }` (CFG-01, CFG-02).

`section` is required and must be a string with some non-blank text.  Any
other key fails the load, naming every unknown key: plan mode is not a
general modes framework (no named modes, tool filters, sandbox or approval
settings).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..trimmed import trimmed

ALLOWED_KEYS = ("section",)


class PlanModeConfigError(ValueError):
    pass


@dataclass(frozen=True)
class PlanModeConfig:
    section: str


def parse_config(raw: Any) -> PlanModeConfig:
    if raw is None:
        raise PlanModeConfigError("plan-mode config is missing: it needs a 'section' string (the guidance the model reads in plan mode)")
    if not isinstance(raw, dict):
        raise PlanModeConfigError(f"plan-mode config must be a mapping with a 'section' string, not {_describe(raw)}")
    unknown = [key for key in raw if key not in ALLOWED_KEYS]
    if unknown:
        names = ", ".join(repr(key) for key in unknown)
        raise PlanModeConfigError(
            f"plan-mode config has unknown key{'s' if len(unknown) > 1 else ''} {names}: "
            "it accepts only 'section' (no named modes, tool filters, sandbox or approval settings)"
        )
    if "section" not in raw:
        raise PlanModeConfigError("plan-mode config needs a 'section' string (the guidance the model reads in plan mode)")
    section = raw["section"]
    if not isinstance(section, str):
        raise PlanModeConfigError(f"plan-mode config 'section' must be a string, not {_describe(section)}")
    if trimmed(section) == "":
        raise PlanModeConfigError("plan-mode config 'section' must not be empty or blank")
    return PlanModeConfig(section=section)


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__
