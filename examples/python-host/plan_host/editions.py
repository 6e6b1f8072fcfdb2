"""What each edition of the spec asks of this host and its plugin, as data.

The kit's ``start`` names the edition a run judges (``seed`` or ``rc.8``; an
older kit names none: the seed).  One host and one plugin serve both; these
switches are the only difference (docs/clauses.md, "Editions"):

- ``retry_reuses_request`` (rc.8 SET-06): a retry of a failed request re-sends
  the very request that failed; it is no request boundary, so a pending
  selection or a steered message waits for the next one;
- ``logs_command_done`` (rc.8 PROJ-02): after each command line the host logs
  ``command/done`` ``{name, ok}``;
- ``command_takes_images`` (rc.8 CMD-03, CMD-09, CMD-10): ``/plan`` declares
  image input;
- ``projection_settles_on_done`` (rc.8 PROJ-02, PROJ-03): the ``plan`` unit
  keeps a line's target only once its ``command/done`` reports success;
- ``owned_children_cannot_review`` (rc.8 REVIEW-07): a child owned by a live
  agent cannot open the plan review.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edition:
    name: str
    retry_reuses_request: bool
    logs_command_done: bool
    command_takes_images: bool
    projection_settles_on_done: bool
    owned_children_cannot_review: bool


SEED = Edition(
    name="seed",
    retry_reuses_request=False,
    logs_command_done=False,
    command_takes_images=False,
    projection_settles_on_done=False,
    owned_children_cannot_review=False,
)

RC8 = Edition(
    name="rc.8",
    retry_reuses_request=True,
    logs_command_done=True,
    command_takes_images=True,
    projection_settles_on_done=True,
    owned_children_cannot_review=True,
)

EDITIONS = {edition.name: edition for edition in (SEED, RC8)}
