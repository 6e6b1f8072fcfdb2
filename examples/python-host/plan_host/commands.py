"""The command registry: lines such as `/plan off` typed by a person.

A command line is logged as a `command/run` record before its handler runs,
and neither the line nor its result ever enters the model's history.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Awaitable, Callable

from .events import event


@dataclass
class CommandResult:
    ok: bool
    text: str


@dataclass
class Command:
    name: str  # without the slash
    description: str
    run: Callable[[str, str], Awaitable[CommandResult]]  # (agent id, raw args) -> result


class CommandRegistry:
    def __init__(self, append_event: Callable[[str, dict], None]) -> None:
        self._commands: dict[str, Command] = {}
        self._append_event = append_event

    def register(self, command: Command) -> None:
        if command.name in self._commands:
            raise ValueError(f"command /{command.name} is registered twice")
        self._commands[command.name] = command

    async def run(self, agent_id: str, line: str) -> CommandResult:
        stripped = line.lstrip()
        if not stripped.startswith("/"):
            return CommandResult(False, f"Not a command: {line!r} (commands start with '/').")
        # The name runs to the first white space (a space, a tab, a line break).
        match = re.match(r"/(\S*)\s?(.*)", stripped, re.DOTALL)
        assert match is not None
        name, rest = match.group(1), match.group(2)
        if not name or name not in self._commands:
            known = ", ".join(f"/{known}" for known in sorted(self._commands)) or "none"
            return CommandResult(False, f"Unknown command /{name} (known: {known}).")
        # The raw argument text after the name and its separating space.
        self._append_event(agent_id, event("command/run", name=name, args=rest))
        return await self._commands[name].run(agent_id, rest)
