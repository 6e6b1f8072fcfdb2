"""Newline-delimited JSON-RPC 2.0 over stdin/stdout, in both directions at once.

The kit calls us (`prompt`, `setPlanMode`, ...) and we call the kit (`model`,
`question`, `tool`) while its call is still pending, and the kit may call us
again while it handles ours.  So every incoming request runs as its own
asyncio task, the reader never waits on a handler, and our own requests wait
on futures matched to replies by id.

stdout carries protocol messages only; anything printed by accident goes to
stderr (see ``main.py``).
"""
from __future__ import annotations

import asyncio
import itertools
import json
import sys
from typing import Any, Awaitable, BinaryIO, Callable

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
APPLICATION_ERROR = -32000

Handler = Callable[[dict[str, Any]], Awaitable[Any]]


class RpcError(Exception):
    """An error reply, ours or the kit's."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data


class InvalidParams(RpcError):
    def __init__(self, message: str) -> None:
        super().__init__(INVALID_PARAMS, message)


class Peer:
    def __init__(self, output: BinaryIO, handlers: dict[str, Handler]) -> None:
        self._output = output
        self._handlers = handlers
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()

    async def request(self, method: str, params: dict[str, Any]) -> Any:
        """Calls the kit and waits for its reply; an error reply raises RpcError."""
        request_id = f"h{next(self._ids)}"
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        try:
            return await future
        finally:
            self._pending.pop(request_id, None)

    async def serve(self, lines: "asyncio.Queue[bytes]") -> None:
        """Handles incoming lines until stdin closes (an empty line object)."""
        while True:
            line = await lines.get()
            if not line:
                break  # stdin closed: the kit is done with us
            if not line.strip():
                continue
            self._receive(line)
        for future in self._pending.values():
            if not future.done():
                future.set_exception(RpcError(APPLICATION_ERROR, "stdin closed before the kit replied"))
        for task in list(self._tasks):
            task.cancel()

    def _receive(self, line: bytes) -> None:
        try:
            message = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            log(f"not JSON on stdin: {line[:200]!r}")
            self._send({"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": f"parse error: {error}"}})
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            self._send({"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": "not a JSON-RPC 2.0 message"}})
            return
        if "method" in message:
            task = asyncio.ensure_future(self._handle(message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        future = self._pending.get(str(message.get("id")))
        if future is None or future.done():
            log(f"a reply to an unknown id: {message.get('id')!r}")
            return
        if "error" in message:
            error = message["error"] or {}
            future.set_exception(RpcError(int(error.get("code", APPLICATION_ERROR)), str(error.get("message", "")), error.get("data")))
        else:
            future.set_result(message.get("result"))

    async def _handle(self, message: dict[str, Any]) -> None:
        request_id = message.get("id")
        method = message.get("method")
        params = message.get("params", {})
        handler = self._handlers.get(method) if isinstance(method, str) else None
        try:
            if handler is None:
                raise RpcError(METHOD_NOT_FOUND, f"method not found: {method}")
            if not isinstance(params, dict):
                raise InvalidParams(f"{method}: params must be an object")
            result = await handler(params)
            self._send({"jsonrpc": "2.0", "id": request_id, "result": result})
        except asyncio.CancelledError:
            raise
        except RpcError as error:
            self._send({"jsonrpc": "2.0", "id": request_id, "error": {"code": error.code, "message": error.message}})
        except Exception as error:  # the host's own failure: its message is the error text
            log(f"{method} failed: {type(error).__name__}: {error}")
            self._send({"jsonrpc": "2.0", "id": request_id, "error": {"code": APPLICATION_ERROR, "message": str(error) or type(error).__name__}})

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
        # One write per message keeps lines whole; the loop is single-threaded.
        self._output.write(data)
        self._output.flush()


def log(text: str) -> None:
    print(f"[python-host] {text}", file=sys.stderr, flush=True)
