"""Append-only JSON-lines files that survive a crash mid-write.

A process killed while appending can leave a torn last line (no final line
break, unparsable JSON).  Reading drops such a line, and the first append
after opening cuts it off so that the next record starts on a line of its own.
Any other unreadable line is a real corruption and is reported, not skipped.
"""
from __future__ import annotations

import json
import os
from typing import Any


class StoreCorruption(RuntimeError):
    """A line in the middle of a JSON-lines file is not JSON."""


class JsonLinesFile:
    def __init__(self, path: str) -> None:
        self.path = path
        self._repaired = False

    def read(self) -> list[Any]:
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            return []
        records: list[Any] = []
        lines = data.split(b"\n")
        complete, tail = lines[:-1], lines[-1]
        for number, raw in enumerate(complete, start=1):
            if not raw.strip():
                continue
            try:
                records.append(json.loads(raw.decode("utf-8")))
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise StoreCorruption(f"{self.path}: line {number} is not JSON ({error})") from error
        # `tail` is what follows the last line break: a torn record (dropped) or nothing
        return records

    def append(self, record: Any) -> None:
        if not self._repaired:
            self._cut_torn_tail()
            self._repaired = True
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        # One write call per record: a crash loses at most this record's tail.
        with open(self.path, "ab") as handle:
            handle.write(line.encode("utf-8"))
            handle.flush()

    def replace_with(self, records: list[Any]) -> None:
        """Writes a whole new file atomically (used to copy a log into a fork)."""
        temporary = self.path + ".tmp"
        with open(temporary, "wb") as handle:
            for record in records:
                handle.write((json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, self.path)
        self._repaired = True

    def _cut_torn_tail(self) -> None:
        try:
            with open(self.path, "rb+") as handle:
                data = handle.read()
                if data and not data.endswith(b"\n"):
                    handle.truncate(data.rfind(b"\n") + 1)
        except FileNotFoundError:
            pass
