"""The deployment: the seed's YAML plugin list, one entry of which is

    - id: plan-mode
      name: '@deepseek-ai/dsh-plan-mode'
      config:
        section: |
          ...

A document that is a mapping with a `plugins:` list is read the same way.
"""
from __future__ import annotations

from typing import Any

from .yaml_subset import YamlError, load

PLAN_MODE_ENTRY_ID = "plan-mode"


class DeploymentError(ValueError):
    pass


def plugin_entries(text: str) -> list[dict[str, Any]]:
    try:
        document = load(text)
    except YamlError as error:
        raise DeploymentError(f"deployment YAML is malformed: {error}") from error
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
