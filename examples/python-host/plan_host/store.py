"""The store folder: which agents exist and each agent's session log.

Layout (everything a restart needs; nothing else survives a process exit):

    agents.jsonl              one record per agent: {id, origin, parent}
    sessions/<agent>.jsonl    the agent's session log, append-only

`ui/` holds what the stand-in UI (the kit's observer) was shown; see
``protocol_server.py``.
"""
from __future__ import annotations

import os
import re
from typing import Any, Callable

from .events import Event
from .jsonl import JsonLinesFile

_SAFE_ID = re.compile(r"^[A-Za-z0-9_.-]+$")


class UnknownAgent(KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class SessionLog:
    """One agent's log: kept in memory, every append written through to disk first."""

    def __init__(self, path: str, on_append: Callable[[str, Event], None], agent_id: str) -> None:
        self.file = JsonLinesFile(path)
        self.events: list[Event] = self.file.read()
        self._on_append = on_append
        self._agent_id = agent_id

    def append(self, record: Event) -> None:
        self.file.append(record)  # durable before anyone is told
        self.events.append(record)
        self._on_append(self._agent_id, record)


class Store:
    def __init__(self, root: str, on_append: Callable[[str, Event], None]) -> None:
        self.root = root
        os.makedirs(os.path.join(root, "sessions"), exist_ok=True)
        self.registry = JsonLinesFile(os.path.join(root, "agents.jsonl"))
        self.agents: dict[str, dict[str, Any]] = {}
        for record in self.registry.read():
            self.agents[record["id"]] = record
        self._on_append = on_append
        self._logs: dict[str, SessionLog] = {}

    def create(self, origin: str, parent: str | None = None, copy_of: list[Event] | None = None) -> str:
        agent_id = f"agent-{len(self.agents) + 1}"
        if copy_of is not None:
            # The fork's log exists in full before the agent is registered, so a
            # crash in between leaves an unused file, never a half-copied agent.
            JsonLinesFile(self._path(agent_id)).replace_with(copy_of)
        record = {"id": agent_id, "origin": origin, "parent": parent}
        self.registry.append(record)
        self.agents[agent_id] = record
        return agent_id

    def log(self, agent_id: str) -> SessionLog:
        if agent_id not in self.agents:
            raise UnknownAgent(f"unknown agent {agent_id!r}")
        if agent_id not in self._logs:
            self._logs[agent_id] = SessionLog(self._path(agent_id), self._on_append, agent_id)
        return self._logs[agent_id]

    def _path(self, agent_id: str) -> str:
        if not _SAFE_ID.match(agent_id):
            raise UnknownAgent(f"unknown agent {agent_id!r}")
        return os.path.join(self.root, "sessions", f"{agent_id}.jsonl")
