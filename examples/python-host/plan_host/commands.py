"""The command registry: lines such as `/plan off` typed by a person.

A command line is logged as a `command/run` record before its handler runs
(and, where the edition asks for it, a `command/done` record with its outcome
after), and neither the line nor its result ever enters the model's history.
The composer's image attachments go to a command that declares image input;
a command that does not is refused them before anything is logged.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence

from .events import event
from .trimmed import JS_WHITE_SPACE


@dataclass
class CommandResult:
    ok: bool
    text: str


@dataclass
class Command:
    name: str  # without the slash
    description: str
    run: Callable[[str, str, Sequence[dict[str, Any]]], Awaitable[CommandResult]]  # (agent id, raw args, images) -> result
    takes_images: bool = False


class CommandRegistry:
    def __init__(self, append_event: Callable[[str, dict], None], logs_done: bool = False) -> None:
        self._commands: dict[str, Command] = {}
        self._append_event = append_event
        self._logs_done = logs_done

    def register(self, command: Command) -> None:
        if command.name in self._commands:
            raise ValueError(f"command /{command.name} is registered twice")
        self._commands[command.name] = command

    async def run(self, agent_id: str, line: str, images: Sequence[dict[str, Any]] = ()) -> CommandResult:
        stripped = line.lstrip(JS_WHITE_SPACE)
        if not stripped.startswith("/"):
            return CommandResult(False, f"Not a command: {line!r} (commands start with '/').")
        # The name runs to the first white space (as JavaScript's trim reads it: a space, a tab, a line break, U+3000...).
        match = re.match(f"/([^{JS_WHITE_SPACE}]*)[{JS_WHITE_SPACE}]?(.*)", stripped, re.DOTALL)
        assert match is not None
        name, rest = match.group(1), match.group(2)
        if not name or name not in self._commands:
            known = ", ".join(f"/{known}" for known in sorted(self._commands)) or "none"
            return CommandResult(False, f"Unknown command /{name} (known: {known}).")
        command = self._commands[name]
        if images and not command.takes_images:
            return CommandResult(False, f"/{name} takes no image attachments.")
        # The raw argument text after the name and its separating space.
        self._append_event(agent_id, event("command/run", name=name, args=rest))
        result = await command.run(agent_id, rest, images)
        if self._logs_done:
            self._append_event(agent_id, event("command/done", name=name, ok=result.ok))
        return result
