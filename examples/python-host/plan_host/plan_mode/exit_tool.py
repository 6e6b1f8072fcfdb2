"""`exit_plan_mode`: the model presents its plan; only the user's exact
approval leaves plan mode (TOOL-01..06, REVIEW-01..06).

The tool is registered whatever the state, with one fixed schema, so the
catalog never changes (TOOL-02).  Outside plan mode it fails without asking.
In plan mode it opens one `plan-review` question carrying the plan verbatim
(in `detail`) and reads the reply:

- exactly one answer item that selects exactly `Approve` and types nothing:
  approved, `plan/mode {active: false}` is logged (no notice: the result tells
  the model) and the structured value is `{approved: true}`;
- any other answer: a failed call carrying the user's feedback, if any;
- a dismissal: a failed call telling the model to stop and wait for the user;
- a failure of the seam: a failed call keeping the seam's own message.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..questions import Answered, Dismissed, QuestionFailed, new_question_id
from ..tools import Tool, ToolCallContext, ToolResult
from ..trimmed import trimmed

if TYPE_CHECKING:
    from ..host import Host
    from .service import PlanModeService

EXIT_TOOL_NAME = "exit_plan_mode"
REVIEW_INTENT = "plan-review"
APPROVE = "Approve"
KEEP_PLANNING = "Keep planning"

PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "plan": {"type": "string", "description": "The complete plan, as you want the user to review it (Markdown)."},
    },
    "required": ["plan"],
    "additionalProperties": False,
}

DESCRIPTION = (
    "Present your complete plan to the user for review and leave plan mode if they approve it. "
    "Only works in plan mode."
)

NOT_IN_PLAN_MODE = "exit_plan_mode only works in plan mode, and plan mode is not active: there is nothing to exit."
PLAN_NOT_A_STRING = "exit_plan_mode needs the plan as a string argument 'plan'; no review was opened."
APPROVED = "The user approved your plan. Plan mode is off: carry out the plan now."
REJECTED = "The user did not approve the plan. Stay in plan mode, keep planning, and present a revised plan through exit_plan_mode."
REJECTED_WITH_FEEDBACK = "The user did not approve the plan and answered:\n{feedback}\nStay in plan mode, address this, and present a revised plan through exit_plan_mode."
DISMISSED = (
    "The user closed the plan review to talk to you instead. Stay in plan mode: stop here, "
    "do not call any tool, and wait for the user's message."
)
SEAM_FAILED = "The plan review could not be completed: {message}\nPlan mode is still active."
OWNED_CHILD = (
    "A delegated agent cannot open the plan review; you are still in plan mode. "
    "Include the plan and the decision it needs in your final result, for the agent that delegated to you."
)


def exit_tool(host: "Host", service: "PlanModeService", owned_children_cannot_review: bool) -> Tool:
    async def execute(arguments: dict[str, Any], context: ToolCallContext) -> ToolResult:
        # The step runs under the logged state; a selection still pending does not count (TOOL-03).
        if not service.logged(context.agent_id):
            return ToolResult.failure(NOT_IN_PLAN_MODE)
        # rc.8 REVIEW-07: only a live owner counts; a fork's lineage, or an owner gone with a restart, does not.
        if owned_children_cannot_review and host.owner_of(context.agent_id) is not None:
            return ToolResult.failure(OWNED_CHILD)
        plan = arguments.get("plan")
        if not isinstance(plan, str):
            return ToolResult.failure(PLAN_NOT_A_STRING)
        question = review_question(plan)
        try:
            outcome = await host.questions.ask(question, context.agent_id)
        except QuestionFailed as failure:
            return ToolResult.failure(SEAM_FAILED.format(message=failure.message))
        if isinstance(outcome, Dismissed):
            return ToolResult.failure(DISMISSED)
        assert isinstance(outcome, Answered)
        if is_exact_approval(outcome):
            service.commit(context.agent_id, False, by_user=False)
            return ToolResult(text=APPROVED, value={"approved": True})
        # The user's feedback byte for byte (white space alone is none): nothing trimmed, normalized or cut.
        feedback = "\n".join(item.free_text for item in outcome.items if item.free_text and trimmed(item.free_text))
        if feedback:
            return ToolResult.failure(REJECTED_WITH_FEEDBACK.format(feedback=feedback))
        return ToolResult.failure(REJECTED)

    return Tool(name=EXIT_TOOL_NAME, description=DESCRIPTION, parameters=PARAMETERS, execute=execute)


def review_question(plan: str) -> dict[str, Any]:
    return {
        "id": new_question_id("plan-review"),
        "header": "Plan review",
        "question": "Approve this plan? Approving leaves plan mode and the agent starts carrying it out.",
        "detail": plan,
        "options": [
            {"label": APPROVE, "description": "Leave plan mode and carry out this plan."},
            {"label": KEEP_PLANNING, "description": "Stay in plan mode; the agent revises the plan."},
        ],
        "multiSelect": False,
        "intent": REVIEW_INTENT,
        "approveLabel": APPROVE,
    }


def is_exact_approval(outcome: Answered) -> bool:
    """Consent is one answer item, one selection, exactly `Approve`, and no typed text (REVIEW-03).
    An empty free-text answer counts as no text (the seed leaves this open)."""
    if len(outcome.items) != 1:
        return False
    item = outcome.items[0]
    return item.selected == [APPROVE] and not item.free_text
