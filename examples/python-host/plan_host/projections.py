"""Session projections: UI state folded from the log, with a change feed.

A unit is a pure fold ``(state, event) -> state`` plus a ``view(state)``.  The
registry keeps each agent's state, feeds it every appended event, and pushes
the new view to subscribers only when the fold returned a new state object: a
unit that returns the very same object for an event causes no push.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .events import Event


@dataclass
class ProjectionUnit:
    name: str
    initial: Callable[[], Any]
    fold: Callable[[Any, Event], Any]
    view: Callable[[Any], Any]


class ProjectionRegistry:
    def __init__(self) -> None:
        self._units: dict[str, ProjectionUnit] = {}
        self._states: dict[tuple[str, str], Any] = {}
        self._subscribers: list[Callable[[str, str, Any], None]] = []

    def register(self, unit: ProjectionUnit) -> None:
        if unit.name in self._units:
            raise ValueError(f"projection unit {unit.name!r} is registered twice")
        self._units[unit.name] = unit

    def subscribe(self, subscriber: Callable[[str, str, Any], None]) -> None:
        self._subscribers.append(subscriber)

    def load(self, agent_id: str, log: list[Event]) -> None:
        """A cold fold of a whole log (an agent loaded from disk or forked); pushes nothing."""
        for unit in self._units.values():
            state = unit.initial()
            for record in log:
                state = unit.fold(state, record)
            self._states[(agent_id, unit.name)] = state

    def on_event(self, agent_id: str, record: Event) -> None:
        for unit in self._units.values():
            key = (agent_id, unit.name)
            before = self._states.get(key)
            if before is None:
                before = unit.initial()
            after = unit.fold(before, record)
            self._states[key] = after
            if after is not before:
                for subscriber in self._subscribers:
                    subscriber(agent_id, unit.name, unit.view(after))

    def read(self, agent_id: str, name: str) -> Any:
        unit = self._units.get(name)
        if unit is None:
            raise KeyError(f"no projection unit named {name!r}")
        state = self._states.get((agent_id, name))
        return unit.view(unit.initial() if state is None else state)
