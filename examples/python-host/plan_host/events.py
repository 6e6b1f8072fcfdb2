"""Session events: how they are stored, what the model sees of them, and how
the kit sees them.

Every log record is ``{"type": ..., "payload": {...}}``.  The log is the only
durable truth of an agent: its conversation history is a fold of the log
(``history_from_log``), so a restart, a fork or a cold reader rebuilds it.

Kinds:
- ``plan/mode`` ``{active}``: the plan-mode plugin's durable state (log only);
- ``user/message`` ``{source, text, content?}``: a user block (``user`` typed it,
  ``plugin`` for notices, ``host`` for the host's own, e.g. a compaction
  summary); ``content`` when it holds images (rc.8): the image blocks in the
  order attached, then the text block unless the text is empty;
- ``assistant/message`` ``{text, toolCalls}`` and ``tool/result``
  ``{toolCallId, toolName, text, isError, value?}``: the model's side;
- ``history/compacted`` ``{summary}``: the history is replaced by a summary;
- ``command/run`` ``{name, args}``, ``command/done`` ``{name, ok}`` (rc.8), ``request/header`` ``{systemPrompt, tools}``,
  ``turn/start``, ``turn/end``, ``turn/failed``: bookkeeping, log only.
"""
from __future__ import annotations

from typing import Any, Sequence

Event = dict[str, Any]


def event(kind: str, **payload: Any) -> Event:
    return {"type": kind, "payload": payload}


def user_message(text: str, images: Sequence[dict[str, Any]] = (), source: str = "user") -> Event:
    """A user message; with images, its ordered content blocks (the text joined from its text blocks is ``text``)."""
    if not images:
        return event("user/message", source=source, text=text)
    content = [{"type": "image", "mediaType": image["mediaType"], "data": image["data"]} for image in images]
    if text:
        content.append({"type": "text", "text": text})
    return event("user/message", source=source, text=text, content=content)


def _user(payload: dict[str, Any]) -> dict[str, Any]:
    fields = {"source": payload["source"], "text": payload["text"]}
    if "content" in payload:
        fields["content"] = payload["content"]
    return fields


def history_from_log(log: list[Event]) -> list[dict[str, Any]]:
    """The conversation the model sees, in the contract's message shape."""
    messages: list[dict[str, Any]] = []
    for record in log:
        kind, payload = record["type"], record["payload"]
        if kind == "user/message":
            messages.append({"role": "user", **_user(payload)})
        elif kind == "assistant/message":
            messages.append({"role": "assistant", "text": payload["text"], "toolCalls": payload["toolCalls"]})
        elif kind == "tool/result":
            message = {
                "role": "tool",
                "toolCallId": payload["toolCallId"],
                "toolName": payload["toolName"],
                "text": payload["text"],
                "isError": payload["isError"],
            }
            if "value" in payload:
                message["value"] = payload["value"]
            messages.append(message)
        elif kind == "history/compacted":
            messages = [{"role": "user", "source": "host", "text": payload["summary"]}]
    return messages


def to_contract(record: Event) -> dict[str, Any]:
    """The kit's normalised event; kinds the contract does not name become ``other``."""
    kind, payload = record["type"], record["payload"]
    if kind == "plan/mode":
        return {"type": "plan/mode", "payload": dict(payload)}
    if kind == "user/message":
        return {"type": "user/message", **_user(payload)}
    if kind == "command/run":
        return {"type": "command/run", "name": payload["name"], "args": payload["args"]}
    if kind == "command/done":
        return {"type": "command/done", "name": payload["name"], "ok": payload["ok"]}
    if kind == "request/header":
        return {"type": "request/header", "systemPrompt": payload["systemPrompt"]}
    if kind in ("turn/start", "turn/end"):
        return {"type": kind}
    return {"type": "other", "name": kind}
