"""The deployment: the seed's YAML plugin list, one entry of which is

    - id: plan-mode
      name: '@deepseek-ai/dsh-plan-mode'
      config:
        section: |
          ...

read with PyYAML (``yaml.safe_load``), as any YAML 1.1/1.2 library reads it.
A document that is a mapping with a `plugins:` list is read the same way.
"""
from __future__ import annotations

from typing import Any

from .pyyaml import yaml

PLAN_MODE_ENTRY_ID = "plan-mode"


class DeploymentError(ValueError):
    pass


def plugin_entries(text: str) -> list[dict[str, Any]]:
    try:
        document = yaml.safe_load(text)
    except yaml.YAMLError as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise DeploymentError(f"deployment YAML is malformed: {first_line}") from error
    if isinstance(document, dict) and isinstance(document.get("plugins"), list):
        document = document["plugins"]
    if not isinstance(document, list):
        raise DeploymentError("deployment YAML must be a list of plugin entries (each with an id)")
    for index, entry in enumerate(document):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"]:
            raise DeploymentError(f"deployment entry {index} must be a mapping with a string id")
    return document


def plan_mode_config(text: str) -> Any:
    """The plan-mode entry's config, unvalidated (validating it is the plugin's job)."""
    for entry in plugin_entries(text):
        if entry["id"] == PLAN_MODE_ENTRY_ID:
            return entry.get("config")
    raise DeploymentError(f"deployment has no plugin entry with id {PLAN_MODE_ENTRY_ID!r}")
