"""Ordered prompt sections: the system prompt is every section that renders
text, sorted by order (any number, 49.5 included), joined by a blank line.

A section renders per agent and may return None to contribute nothing at all
(not even a separator), which is how plan mode stays token-free while inactive.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

SEPARATOR = "\n\n"


@dataclass
class Section:
    name: str
    order: float
    render: Callable[[str], Optional[str]]  # agent id -> text or None


class PromptSections:
    def __init__(self) -> None:
        self._sections: list[Section] = []

    def register(self, section: Section) -> None:
        if any(existing.name == section.name for existing in self._sections):
            raise ValueError(f"prompt section {section.name!r} is registered twice")
        self._sections.append(section)

    def system_prompt(self, agent_id: str) -> str:
        # sorted() is stable: equal orders keep registration order
        texts = [section.render(agent_id) for section in sorted(self._sections, key=lambda s: s.order)]
        return SEPARATOR.join(text for text in texts if text is not None)
