"""The user-question seam: a tool asks the user a question and reads the reply.

The seam hands the question to a provider (here: the kit, over the protocol)
and turns the provider's reply into one of three outcomes:

- ``Answered(items)``: the answer items for this question (possibly none);
- ``Dismissed()``: the user closed the question to talk instead;
- ``QuestionFailed(message)``: no channel, an abort, or the provider's error;
  the message is the seam's (or the provider's) own.
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Optional, Union


@dataclass
class AnswerItem:
    selected: list[str]
    free_text: Optional[str] = None


@dataclass
class Answered:
    items: list[AnswerItem] = field(default_factory=list)


@dataclass
class Dismissed:
    pass


@dataclass
class QuestionFailed(Exception):
    message: str

    def __str__(self) -> str:
        return self.message


Outcome = Union[Answered, Dismissed]
Provider = Callable[[dict[str, Any], str], Awaitable[dict[str, Any]]]  # (question, agent) -> raw reply

ABORTED = "The question was aborted before the user answered it."
NO_CHANNEL = "No question channel is available: this host cannot ask the user anything."

_ids = itertools.count(1)
# Question ids stay unique across restarts of the process: a per-process prefix.
_PROCESS = os.urandom(4).hex()


def new_question_id(prefix: str) -> str:
    return f"{prefix}-{_PROCESS}-{next(_ids)}"


class QuestionSeam:
    def __init__(self, provider: Optional[Provider]) -> None:
        self._provider = provider

    async def ask(self, question: dict[str, Any], agent_id: str) -> Outcome:
        """Raises QuestionFailed for every failure of the seam itself."""
        if self._provider is None:
            raise QuestionFailed(NO_CHANNEL)
        try:
            reply = await self._provider(question, agent_id)
        except QuestionFailed:
            raise
        except Exception as error:  # the provider failed: keep its own message
            raise QuestionFailed(str(error)) from error
        kind = reply.get("type")
        if kind == "answer":
            return Answered([_item(reply)])
        if kind == "answers":
            return Answered([_item(item) for item in reply.get("items", [])])
        if kind == "no-answer":
            return Answered([])
        if kind == "dismiss":
            return Dismissed()
        if kind == "fail":
            raise QuestionFailed(str(reply.get("message", "")))
        if kind == "abort":
            raise QuestionFailed(ABORTED)
        raise QuestionFailed(f"The question provider sent a reply this host does not understand: {kind!r}")


def _item(raw: dict[str, Any]) -> AnswerItem:
    free_text = raw.get("freeText")
    return AnswerItem(selected=[str(label) for label in raw.get("selected", [])], free_text=free_text if isinstance(free_text, str) else None)
