"""The tool registry: the catalog the model is offered (in registration order)
and the execution of the model's tool calls."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Optional


@dataclass
class ToolResult:
    text: str
    is_error: bool = False
    value: Any = None  # the structured result, when the tool has one

    @staticmethod
    def failure(text: str) -> "ToolResult":
        return ToolResult(text=text, is_error=True)


@dataclass
class ToolCallContext:
    agent_id: str
    call_id: str


@dataclass
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    execute: Callable[[dict[str, Any], ToolCallContext], Awaitable[ToolResult]]

    def descriptor(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "parameters": self.parameters}


class ToolRegistry:
    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool) -> None:
        if tool.name in self._tools:
            raise ValueError(f"tool {tool.name!r} is registered twice")
        self._tools[tool.name] = tool

    def catalog(self) -> list[dict[str, Any]]:
        return [tool.descriptor() for tool in self._tools.values()]

    async def run(self, name: str, arguments: dict[str, Any], context: ToolCallContext) -> ToolResult:
        tool: Optional[Tool] = self._tools.get(name)
        if tool is None:
            return ToolResult.failure(f"There is no tool named {name!r}.")
        try:
            return await tool.execute(arguments, context)
        except Exception as error:  # a broken tool is a failed call, never a dead turn
            return ToolResult.failure(f"The tool {name} failed: {error}")
