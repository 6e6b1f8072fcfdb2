"""The agent loop.

A turn runs from a submitted prompt until the model answers without tool
calls and nothing steered is waiting.  Each step is one model request:

    request boundary  -> boundary hooks run (plan mode applies a pending
                         selection here), steered user messages join
    assemble          -> system prompt from the sections, the tool catalog,
                         the history folded from the log
    log the header    -> `request/header`, before the request leaves
    model             -> text (turn may end) | tool calls (run them, continue)
                         | failure (retry when retryable: a new boundary in
                         the seed edition; in rc.8 the failed request is
                         re-sent as it was, and the next boundary waits)
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Optional, Sequence

from .events import event, history_from_log, user_message
from .store import SessionLog
from .tools import ToolCallContext

if TYPE_CHECKING:
    from .host import Host

# How many failed requests in a row a turn retries before it gives up.
MAX_RETRIES = 3


class Agent:
    def __init__(self, agent_id: str, log: SessionLog, host: "Host") -> None:
        self.id = agent_id
        self.log = log
        self.host = host
        self.running = False
        # Steered user messages (text and images) waiting for the next request boundary.
        self._steered: list[tuple[str, Sequence[dict[str, Any]]]] = []

    def steer(self, text: str, images: Sequence[dict[str, Any]] = ()) -> None:
        self._steered.append((text, images))

    async def run_turn(self, text: str, images: Sequence[dict[str, Any]] = ()) -> None:
        self.running = True
        try:
            self.log.append(event("turn/start"))
            # A message steered into a turn that gave up before a step took it in waits for this one, ahead of its prompt.
            for waiting_text, waiting_images in self._steered:
                self.log.append(user_message(waiting_text, waiting_images))
            self._steered.clear()
            self.log.append(user_message(text, images))
            await self._steps()
        finally:
            self.running = False
            self.log.append(event("turn/end"))

    async def _steps(self) -> None:
        failures = 0
        # rc.8: the failed request a retry re-sends as it was (no boundary, nothing new in it).
        frozen: Optional[dict[str, Any]] = None
        while True:
            if frozen is None:
                # The request boundary: first request, continuation (and, in the seed edition, retry).
                self.host.run_boundary_hooks(self.id)
                for text, images in self._steered:
                    self.log.append(user_message(text, images))
                self._steered.clear()
                request = self._assemble()
            else:
                request, frozen = frozen, None
            self.log.append(event("request/header", systemPrompt=request["systemPrompt"], tools=[t["name"] for t in request["tools"]]))
            response = await self.host.model(request)
            kind = response.get("type") if isinstance(response, dict) else None

            if kind == "failure":
                failures += 1
                if response.get("retryable") is True and failures <= MAX_RETRIES:
                    if self.host.edition.retry_reuses_request:
                        frozen = request
                    continue
                self.log.append(event("turn/failed", message=str(response.get("message", ""))))
                return
            failures = 0

            if kind == "text":
                self.log.append(event("assistant/message", text=str(response.get("text", "")), toolCalls=[]))
                if self._steered:
                    continue  # a message steered during the last answer gets its own step
                return

            if kind == "tool_calls":
                calls = response.get("calls") or []
                self.log.append(event("assistant/message", text=str(response.get("text", "")), toolCalls=calls))
                for call in calls:
                    await self._run_tool(call)
                continue

            print(f"[agent {self.id}] the model sent a response this host does not understand: {response!r}", file=sys.stderr)
            self.log.append(event("turn/failed", message="malformed model response"))
            return

    def _assemble(self) -> dict[str, Any]:
        return {
            "agent": self.id,
            "systemPrompt": self.host.sections.system_prompt(self.id),
            "tools": self.host.tools.catalog(),
            "messages": history_from_log(self.log.events),
        }

    async def _run_tool(self, call: dict[str, Any]) -> None:
        name = str(call.get("name", ""))
        arguments = call.get("arguments")
        if not isinstance(arguments, dict):
            arguments = {}
        result = await self.host.tools.run(name, arguments, ToolCallContext(agent_id=self.id, call_id=str(call.get("id", ""))))
        payload: dict[str, Any] = {"toolCallId": str(call.get("id", "")), "toolName": name, "text": result.text, "isError": result.is_error}
        if result.value is not None:
            payload["value"] = result.value
        self.log.append(event("tool/result", **payload))

    def compact(self) -> None:
        """Replaces the history with a short summary; the log (and plan state) stay."""
        if self.running:
            raise RuntimeError(f"agent {self.id} is running; compact it when idle")
        messages = history_from_log(self.log.events)
        asks = [m["text"] for m in messages if m["role"] == "user" and m["source"] == "user"]
        # A real harness asks the model for the summary; a fixed digest keeps this example self-contained.
        digest = "; ".join(text[:80] for text in asks[-3:]) or "nothing yet"
        summary = f"Summary of the conversation so far ({len(messages)} messages). The user's latest requests: {digest}"
        self.log.append(event("history/compacted", summary=summary))
