"""A small YAML reader for the deployment file, standard library only.

Python has no YAML parser in its standard library, so this module reads the
subset a deployment plugin list uses (and that the conformance kit sends):

- block mappings and block sequences (``- id: plan-mode`` with the mapping
  starting on the dash line);
- flow collections ``{ section: "x", modes: [plan, build] }`` and ``[]``;
- plain scalars (also folded over several lines), single- and double-quoted
  scalars with their escapes and line folding;
- block scalars ``|`` and ``>`` with chomping (``-``/``+``) and an optional
  indentation indicator;
- comments, ``---``/``...`` document markers, and the YAML 1.2 core schema for
  plain scalars (null, booleans, integers, floats; everything else a string).

Anchors, aliases, tags, complex keys and multi-document streams are refused
with a clear error rather than misread.  A harness that already depends on a
YAML library (PyYAML, ruamel.yaml) should use it and delete this file.
"""
from __future__ import annotations

import math
import re
from typing import Any


class YamlError(ValueError):
    """Malformed (or unsupported) YAML; the message names the line."""


_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUES = {"true", "True", "TRUE"}
_FALSES = {"false", "False", "FALSE"}
_INT = re.compile(r"^[-+]?[0-9]+$")
_OCT = re.compile(r"^0o[0-7]+$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")


def resolve_plain(text: str) -> Any:
    """The YAML 1.2 core schema: what a plain (unquoted) scalar means."""
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    if _INT.match(text):
        return int(text)
    if _OCT.match(text):
        return int(text[2:], 8)
    if _HEX.match(text):
        return int(text[2:], 16)
    if _FLOAT.match(text):
        return float(text)
    if text in (".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"):
        return math.inf
    if text in ("-.inf", "-.Inf", "-.INF"):
        return -math.inf
    if text in (".nan", ".NaN", ".NAN"):
        return math.nan
    return text


_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
    "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
    "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def load(text: str) -> Any:
    """Parses one YAML document and returns plain Python values."""
    return _Parser(text).document()


class _Parser:
    def __init__(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = text.replace("\r\n", "\n").split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()  # the final line break ends the last line; it opens no new one
        self.i = 0  # index of the current line

    # -- helpers ---------------------------------------------------------------

    def fail(self, message: str, line: int | None = None) -> YamlError:
        number = (self.i if line is None else line) + 1
        return YamlError(f"line {number}: {message}")

    @staticmethod
    def indent_of(line: str) -> int:
        return len(line) - len(line.lstrip(" "))

    def is_blank(self, index: int) -> bool:
        stripped = self.lines[index].strip()
        return stripped == "" or stripped.startswith("#")

    def next_content(self) -> int | None:
        """Moves past blank and comment lines; the index of the next content line or None."""
        while self.i < len(self.lines) and self.is_blank(self.i):
            self.i += 1
        return self.i if self.i < len(self.lines) else None

    def check_tabs(self, index: int) -> None:
        line = self.lines[index]
        body = line.lstrip(" ")
        if body.startswith("\t") and body.strip():
            raise self.fail("tabs are not allowed for indentation", index)

    # -- document --------------------------------------------------------------

    def document(self) -> Any:
        at = self.next_content()
        if at is not None and self.lines[at].rstrip() == "---":
            self.i += 1
        elif at is not None and self.lines[at].startswith("--- "):
            self.lines[at] = "    " + self.lines[at][4:]
        if self.next_content() is None:
            return None
        value = self.node(-1)
        at = self.next_content()
        if at is not None:
            line = self.lines[at].rstrip()
            if line == "...":
                self.i += 1
                if self.next_content() is None:
                    return value
            if line.startswith("---"):
                raise self.fail("several YAML documents in one deployment are not supported", at)
            raise self.fail(f"unexpected content {line.strip()!r} (check the indentation)", at)
        return value

    # -- block nodes -----------------------------------------------------------

    def node(self, parent_indent: int) -> Any:
        """A node on the following lines, indented more than its parent (or None)."""
        at = self.next_content()
        if at is None:
            return None
        self.check_tabs(at)
        line = self.lines[at]
        indent = self.indent_of(line)
        if indent <= parent_indent:
            return None
        body = line[indent:]
        if body == "-" or body.startswith("- ") or body.startswith("-\t"):
            return self.sequence(indent)
        if self.split_key(body) is not None:
            return self.mapping(indent)
        return self.inline_value(body, indent, parent_indent)

    def sequence(self, indent: int) -> list[Any]:
        items: list[Any] = []
        while True:
            at = self.next_content()
            if at is None:
                return items
            self.check_tabs(at)
            line = self.lines[at]
            current = self.indent_of(line)
            body = line[current:]
            is_item = body == "-" or body.startswith("- ") or body.startswith("-\t")
            if current < indent or (current == indent and not is_item):
                return items
            if current > indent or not is_item:
                raise self.fail(f"bad indentation of a sequence entry {body.strip()!r}", at)
            rest = body[1:].lstrip(" ")
            if rest == "" or rest.startswith("#"):
                self.i += 1
                items.append(self.node(indent))
            else:
                # "- key: value": the entry's node starts on the dash line, as if
                # the dash were a space (the classic way of reading compact nesting).
                self.lines[at] = " " * (len(line) - len(rest)) + rest
                items.append(self.node(indent))
        # unreachable

    def mapping(self, indent: int) -> dict[str, Any]:
        result: dict[str, Any] = {}
        while True:
            at = self.next_content()
            if at is None:
                return result
            self.check_tabs(at)
            line = self.lines[at]
            current = self.indent_of(line)
            if current < indent:
                return result
            body = line[current:]
            if current > indent:
                raise self.fail(f"bad indentation of a mapping entry {body.strip()!r}", at)
            if body == "-" or body.startswith("- "):
                return result  # a sequence at the parent's level ends this mapping
            split = self.split_key(body)
            if split is None:
                raise self.fail(f"expected 'key: value', found {body.strip()!r}", at)
            key, rest = split
            if key in result:
                raise self.fail(f"duplicate key {key!r}", at)
            result[key] = self.value_after_key(rest, indent, at)

    def split_key(self, body: str) -> tuple[str, str] | None:
        """`key: rest` -> (key, rest); None when the line is not a mapping entry."""
        if body.startswith(("?", "&", "*", "!", "|", ">", "%", "@", "`")):
            if body.startswith(("&", "*", "!")):
                raise self.fail("anchors, aliases and tags are not supported")
            if body.startswith("?"):
                raise self.fail("complex mapping keys are not supported")
            return None
        if body[:1] in ('"', "'"):
            try:
                key, end = self.quoted_on_line(body, 0)
            except YamlError:
                return None
            rest = body[end:].lstrip(" ")
            if rest == ":" or rest.startswith(": "):
                return key, rest[1:]
            return None
        if body[:1] in ("[", "{", "#"):
            return None
        match = re.search(r":(\s|$)", body)
        if match is None:
            return None
        key = body[: match.start()].rstrip()
        if " #" in key:
            return None
        return key, body[match.start() + 1 :]

    def value_after_key(self, rest: str, indent: int, at: int) -> Any:
        text = rest.strip()
        if text == "" or text.startswith("#"):
            self.i = at + 1
            nxt = self.next_content()
            if nxt is not None:
                body = self.lines[nxt][self.indent_of(self.lines[nxt]) :]
                # a block sequence may sit at the key's own indentation
                if self.indent_of(self.lines[nxt]) == indent and (body == "-" or body.startswith("- ")):
                    return self.sequence(indent)
            return self.node(indent)
        line = self.lines[at]
        column = len(line) - len(rest.lstrip(" "))
        return self.inline_value(text, column, indent, start_line=at)

    def inline_value(self, text: str, column: int, parent_indent: int, start_line: int | None = None) -> Any:
        """A value beginning on the current line (after a key, or a whole line)."""
        at = self.i if start_line is None else start_line
        self.i = at
        if text[:1] in ("&", "*", "!"):
            raise self.fail("anchors, aliases and tags are not supported")
        if text[:1] in ("|", ">"):
            return self.block_scalar(text, parent_indent)
        if text[:1] in ('"', "'"):
            return self.quoted_scalar(column, parent_indent)
        if text[:1] in ("[", "{"):
            return self.flow_value(column, parent_indent)
        return self.plain_scalar(text, parent_indent)

    # -- scalars ---------------------------------------------------------------

    def continuation_lines(self, first: int, parent_indent: int) -> list[str]:
        """The lines after `first` that belong to a multi-line scalar: blank or indented more than the parent."""
        lines: list[str] = []
        index = first + 1
        while index < len(self.lines):
            line = self.lines[index]
            if line.strip() == "":
                lines.append("")
            elif self.indent_of(line) > parent_indent:
                lines.append(line)
            else:
                break
            index += 1
        while lines and lines[-1] == "":
            lines.pop()
        return lines

    def plain_scalar(self, text: str, parent_indent: int) -> Any:
        first = self.i
        parts = [self.strip_comment(text)]
        commented = parts[0] != text.rstrip()
        consumed = 0
        if not commented:
            for offset, line in enumerate(self.continuation_lines(first, parent_indent), start=1):
                stripped = line.strip()
                if stripped.startswith("#"):
                    break
                if stripped and self.split_key(stripped) is not None:
                    raise self.fail(f"unexpected {stripped!r} inside a plain scalar (check the indentation)", first + offset)
                parts.append(self.strip_comment(stripped) if stripped else "")
                consumed = offset
                if stripped and self.strip_comment(stripped) != stripped:
                    break
        self.i = first + consumed + 1
        if len(parts) == 1:
            return resolve_plain(parts[0])
        return self.fold(parts)

    @staticmethod
    def strip_comment(text: str) -> str:
        match = re.search(r"\s#", text)
        return (text[: match.start()] if match else text).strip()

    @staticmethod
    def fold(parts: list[str]) -> str:
        """Flow folding: a single line break becomes a space, each blank line a newline."""
        out = parts[0]
        pending_breaks = 0
        for part in parts[1:]:
            if part == "":
                pending_breaks += 1
                continue
            out += ("\n" * pending_breaks) if pending_breaks else " "
            out += part
            pending_breaks = 0
        return out

    def quoted_scalar(self, column: int, parent_indent: int) -> str:
        first = self.i
        source = self.lines[first][column:]
        joined_lines = [source] + self.continuation_lines(first, parent_indent)
        text = "\n".join(joined_lines)
        value, end = self.quoted_on_line(text, 0, multiline=True, first_line=first)
        tail_lines = text[:end].count("\n")
        rest = text[end:].split("\n", 1)[0].strip()
        if rest and not rest.startswith("#"):
            raise self.fail(f"unexpected {rest!r} after a quoted scalar", first + tail_lines)
        self.i = first + tail_lines + 1
        return value

    def quoted_on_line(self, text: str, pos: int, multiline: bool = False, first_line: int | None = None) -> tuple[str, int]:
        """Reads a quoted scalar starting at text[pos]; returns (value, index after the closing quote)."""
        quote = text[pos]
        i = pos + 1
        out: list[str] = []
        literal_spaces = 0  # trailing white space typed as is (escaped spaces are kept at a fold)
        line_no = self.i if first_line is None else first_line
        while True:
            if i >= len(text):
                kind = "double" if quote == '"' else "single"
                raise self.fail(f"unterminated {kind}-quoted scalar", line_no)
            ch = text[i]
            if ch == quote:
                if quote == "'" and text[i + 1 : i + 2] == "'":
                    out.append("'")
                    i += 2
                    continue
                return "".join(out), i + 1
            if ch == "\\" and quote == '"':
                nxt = text[i + 1 : i + 2]
                if nxt == "\n":  # escaped line break: join without a space
                    i += 2
                    while i < len(text) and text[i] in " \t":
                        i += 1
                    continue
                if nxt in _ESCAPES:
                    out.append(_ESCAPES[nxt])
                    literal_spaces = 0
                    i += 2
                    continue
                if nxt in _HEX_ESCAPES:
                    width = _HEX_ESCAPES[nxt]
                    digits = text[i + 2 : i + 2 + width]
                    if len(digits) != width or not re.fullmatch(r"[0-9a-fA-F]+", digits):
                        raise self.fail(f"bad escape \\{nxt}{digits}", line_no)
                    out.append(chr(int(digits, 16)))
                    literal_spaces = 0
                    i += 2 + width
                    continue
                raise self.fail(f"unknown escape \\{nxt}", line_no)
            if ch == "\n":
                if not multiline:
                    raise self.fail("unterminated quoted scalar", line_no)
                # fold: trailing spaces go, a single break is a space, blank lines are newlines
                while literal_spaces:
                    out.pop()
                    literal_spaces -= 1
                breaks = 0
                while i < len(text) and text[i] == "\n":
                    breaks += 1
                    i += 1
                    while i < len(text) and text[i] in " \t":
                        i += 1
                out.append("\n" * (breaks - 1) if breaks > 1 else " ")
                literal_spaces = 0
                continue
            out.append(ch)
            literal_spaces = literal_spaces + 1 if ch in " \t" else 0
            i += 1

    def block_scalar(self, header: str, parent_indent: int) -> str:
        first = self.i
        match = re.fullmatch(r"([|>])([-+]?)([1-9]?)([-+]?)(\s+#.*)?\s*", header)
        if match is None or (match.group(2) and match.group(4)):
            raise self.fail(f"bad block scalar header {header!r}")
        folded = match.group(1) == ">"
        chomp = match.group(2) or match.group(4)
        explicit = int(match.group(3)) if match.group(3) else None
        index = first + 1
        block_indent: int
        if explicit is not None:
            block_indent = max(parent_indent, 0) + explicit if parent_indent >= 0 else explicit
        else:
            block_indent = 0
            probe = index
            while probe < len(self.lines) and self.lines[probe].strip() == "":
                block_indent = max(block_indent, len(self.lines[probe]))
                probe += 1
            if probe < len(self.lines):
                block_indent = max(block_indent, self.indent_of(self.lines[probe]))
            block_indent = max(block_indent, parent_indent + 1)
        # collect the content lines (None marks an empty line)
        content: list[str | None] = []
        while index < len(self.lines):
            line = self.lines[index]
            if line.strip() == "" and len(line) <= block_indent:
                content.append(None)
            elif self.indent_of(line) >= block_indent:
                content.append(line[block_indent:])
            elif line.strip() == "":
                content.append(None)
            else:
                break
            index += 1
        self.i = index
        # leading empty lines, the text, trailing empty lines
        leading = 0
        while leading < len(content) and content[leading] is None:
            leading += 1
        trailing_end = len(content)
        while trailing_end > leading and content[trailing_end - 1] is None:
            trailing_end -= 1
        body = content[leading:trailing_end]
        trailing = len(content) - trailing_end
        if not body:
            text = ""
            if chomp == "+":
                text = "\n" * (leading + trailing)
            return text
        chunks: list[str] = ["\n" * leading]
        for position, line in enumerate(body):
            if line is None:
                continue
            chunks.append(line)
            if position == len(body) - 1:
                break
            # the breaks up to the next content line
            empties = 0
            nxt = position + 1
            while body[nxt] is None:
                empties += 1
                nxt += 1
            following = body[nxt]
            assert following is not None
            if folded and line[:1] not in (" ", "\t") and following[:1] not in (" ", "\t"):
                chunks.append("\n" * empties if empties else " ")
            else:
                chunks.append("\n" * (empties + 1))
        text = "".join(chunks)
        if chomp == "-":
            return text
        if chomp == "+":
            return text + "\n" + "\n" * trailing
        return text + "\n"

    # -- flow collections --------------------------------------------------------

    def flow_value(self, column: int, parent_indent: int) -> Any:
        first = self.i
        text = "\n".join([self.lines[first][column:]] + self.continuation_lines(first, parent_indent))
        reader = _FlowReader(text, self, first)
        value = reader.value()
        reader.skip_space()
        rest = text[reader.pos :].split("\n", 1)[0].strip()
        if rest and not rest.startswith("#"):
            raise self.fail(f"unexpected {rest!r} after a flow collection", first + text[: reader.pos].count("\n"))
        self.i = first + text[: reader.pos].count("\n") + 1
        return value


class _FlowReader:
    """Reads `[...]` and `{...}` (possibly spread over lines) from one string."""

    def __init__(self, text: str, parser: _Parser, first_line: int) -> None:
        self.text = text
        self.pos = 0
        self.parser = parser
        self.first_line = first_line

    def fail(self, message: str) -> YamlError:
        return self.parser.fail(message, self.first_line + self.text[: self.pos].count("\n"))

    def skip_space(self) -> None:
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in " \t\n":
                self.pos += 1
            elif ch == "#" and (self.pos == 0 or self.text[self.pos - 1] in " \t\n"):
                while self.pos < len(self.text) and self.text[self.pos] != "\n":
                    self.pos += 1
            else:
                return

    def value(self) -> Any:
        self.skip_space()
        if self.pos >= len(self.text):
            raise self.fail("unexpected end of a flow collection")
        ch = self.text[self.pos]
        if ch == "[":
            return self.sequence()
        if ch == "{":
            return self.mapping()
        if ch in ('"', "'"):
            value, end = self.parser.quoted_on_line(self.text, self.pos, multiline=True, first_line=self.first_line)
            self.pos = end
            return value
        if ch in ("&", "*", "!"):
            raise self.fail("anchors, aliases and tags are not supported")
        return resolve_plain(self.plain())

    def plain(self) -> str:
        start = self.pos
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in ",[]{}":
                break
            if ch == ":" and self.text[self.pos + 1 : self.pos + 2] in (" ", "\n", ",", "}", "]", ""):
                break
            if ch == "#" and self.text[self.pos - 1 : self.pos] in (" ", "\t", "\n"):
                break
            self.pos += 1
        return " ".join(self.text[start : self.pos].split())

    def sequence(self) -> list[Any]:
        self.pos += 1
        items: list[Any] = []
        while True:
            self.skip_space()
            if self.text[self.pos : self.pos + 1] == "]":
                self.pos += 1
                return items
            items.append(self.value())
            self.skip_space()
            ch = self.text[self.pos : self.pos + 1]
            if ch == ",":
                self.pos += 1
            elif ch != "]":
                raise self.fail("expected ',' or ']' in a flow sequence")

    def mapping(self) -> dict[str, Any]:
        self.pos += 1
        result: dict[str, Any] = {}
        while True:
            self.skip_space()
            if self.text[self.pos : self.pos + 1] == "}":
                self.pos += 1
                return result
            key = self.value()
            if isinstance(key, (dict, list)):
                raise self.fail("complex mapping keys are not supported")
            key = "" if key is None else (key if isinstance(key, str) else _key_text(key))
            self.skip_space()
            value: Any = None
            if self.text[self.pos : self.pos + 1] == ":":
                self.pos += 1
                self.skip_space()
                if self.text[self.pos : self.pos + 1] not in (",", "}"):
                    value = self.value()
            if key in result:
                raise self.fail(f"duplicate key {key!r}")
            result[key] = value
            self.skip_space()
            ch = self.text[self.pos : self.pos + 1]
            if ch == ",":
                self.pos += 1
            elif ch != "}":
                raise self.fail("expected ',' or '}' in a flow mapping")


def _key_text(key: Any) -> str:
    if key is True:
        return "true"
    if key is False:
        return "false"
    return str(key)
