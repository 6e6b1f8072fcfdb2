"""Entry point: wire stdin/stdout to the protocol server and run until stdin closes."""
from __future__ import annotations

import asyncio
import os
import sys
import threading

from .protocol_server import ProtocolServer
from .rpc import Peer, log



def _start_stdin_reader() -> "asyncio.Queue[bytes]":
    """Lines of stdin, read by one thread and handed to the event loop; b"" means closed.

    A thread (rather than loop.connect_read_pipe) works whatever stdin is: a
    pipe, a file, /dev/null, or a Windows console.
    """
    loop = asyncio.get_running_loop()
    lines: "asyncio.Queue[bytes]" = asyncio.Queue()

    def read() -> None:
        try:
            for line in iter(sys.stdin.buffer.readline, b""):
                loop.call_soon_threadsafe(lines.put_nowait, line)
        finally:
            loop.call_soon_threadsafe(lines.put_nowait, b"")

    threading.Thread(target=read, name="stdin-reader", daemon=True).start()
    return lines


async def serve() -> None:
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    # Nothing but protocol on stdout: a stray print() now lands in the log.
    sys.stdout = sys.stderr
    server = ProtocolServer(reuse="--no-reuse" not in sys.argv[1:])
    peer = Peer(protocol_out, server.handlers())
    server.peer = peer
    await peer.serve(_start_stdin_reader())


def main() -> None:
    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    log("stdin closed; exiting")
