"""Entry point: wire stdin/stdout to the protocol server and run until stdin closes."""
from __future__ import annotations

import asyncio
import os
import sys

from .protocol_server import ProtocolServer
from .rpc import Peer, log

# Lines can carry whole conversations; allow large ones.
LINE_LIMIT = 64 * 1024 * 1024


async def _stdin_reader() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=LINE_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


async def serve() -> None:
    protocol_out = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    # Nothing but protocol on stdout: a stray print() now lands in the log.
    sys.stdout = sys.stderr
    server = ProtocolServer()
    peer = Peer(protocol_out, server.handlers())
    server.peer = peer
    await peer.serve(await _stdin_reader())


def main() -> None:
    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    log("stdin closed; exiting")
