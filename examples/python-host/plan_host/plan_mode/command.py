"""`/plan [message]` and `/plan off` (CMD-01..08).

The argument, trimmed, is either nothing (enter), exactly `off` (leave), or a
message (enter, then steer the trimmed message as an ordinary user block of
the next step).  The handler selects first, before anything that can fail, so
the logged `command/run` and the service never diverge (PROJ-05).  Its text
says what happened, and different outcomes get different texts (CMD-08).

In the rc.8 edition `/plan` declares image input: the images ride the steered
message ahead of its text (CMD-03), bare `/plan` with images steers an
image-only message (CMD-09), and `/plan off` with images is refused before
any selection, so nothing changes and the composer keeps them (CMD-10): the
one result that is not a success (CMD-07).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..commands import Command, CommandResult
from ..trimmed import trimmed

if TYPE_CHECKING:
    from ..host import Host
    from .service import PlanModeService

COMMAND_NAME = "plan"

ON_TEXTS = {
    "committed": "Plan mode is on.",
    "queued": "Plan mode starts with the agent's next step.",
    "cancelled": "Leaving plan mode was cancelled: plan mode stays on.",
    "noop-waiting": "Plan mode is already waiting to start with the agent's next step.",
    "noop": "Plan mode is already on.",
}
OFF_TEXTS = {
    "committed": "Plan mode is off.",
    "queued": "Plan mode ends with the agent's next step.",
    "cancelled": "Entering plan mode was cancelled: plan mode stays off.",
    "noop-waiting": "Plan mode is already waiting to end with the agent's next step.",
    "noop": "Plan mode is already off.",
}
MESSAGE_SENT = " Your message goes to the agent under plan guidance."
OFF_WITH_IMAGES = "/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt."


def plan_command(host: "Host", service: "PlanModeService", takes_images: bool) -> Command:
    async def run(agent_id: str, args: str, images: Sequence[dict[str, Any]] = ()) -> CommandResult:
        argument = trimmed(args)
        active = argument != "off"
        if images and not active:
            return CommandResult(ok=False, text=OFF_WITH_IMAGES)
        waiting = service.get(agent_id).get("pending") == active
        outcome = service.set(agent_id, active)
        texts = ON_TEXTS if active else OFF_TEXTS
        text = texts["noop-waiting" if outcome == "noop" and waiting else outcome]
        if active and (argument or images):
            # One message: the images first, in the order attached, then the text if there is any.
            await host.steer(agent_id, argument, images)
            text += MESSAGE_SENT
        return CommandResult(ok=True, text=text)

    return Command(
        name=COMMAND_NAME,
        description="/plan [message] enters plan mode; /plan off leaves it.",
        run=run,
        takes_images=takes_images,
    )
