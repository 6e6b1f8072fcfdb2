/**
 * TOOL: `exit_plan_mode`, registered in both states with one description and
 * schema. It only works in plan mode, and leaves it only on an exact approval
 * of a review asked through the user-question seam.
 */
import { errorMessage, type PluginContext, type ToolDefinition, type ToolOutcome } from '../host/index.js';
import { feedbackOf, isApproval, reviewQuestion } from './review.js';
import type { PlanModeSelections } from './service.js';

export const EXIT_TOOL_NAME = 'exit_plan_mode';

export const EXIT_TOOL_DESCRIPTION =
  'Present your complete plan to the user for review. Use it only in plan mode, once the plan is ready; ' +
  'if the user approves, plan mode ends and you carry out the plan.';

export const EXIT_TOOL_PARAMETERS = {
  type: 'object',
  properties: {
    plan: { type: 'string', description: 'The complete plan, as the user should review it (Markdown).' },
  },
  required: ['plan'],
  additionalProperties: false,
};

export const NOT_IN_PLAN_MODE = 'exit_plan_mode only works in plan mode, and plan mode is not active.';
export const PLAN_ARGUMENT_MISSING = "exit_plan_mode needs the plan as a string argument 'plan'.";
export const APPROVED_TEXT = 'The user approved the plan. Plan mode is off; carry out the plan now.';
export const REJECTED_TEXT = 'The user did not approve the plan. You are still in plan mode; revise the plan.';
export const DISMISSED_TEXT =
  "The user dismissed the plan review to talk to you instead. Stay in plan mode, stop here, and wait for the user's message.";
export const OWNED_CHILD_TEXT =
  'A delegated agent cannot open the plan review; you are still in plan mode. ' +
  'Include the plan and the decision it needs in your final result, for the agent that delegated to you.';
export const NO_SEAM_TEXT = 'no user-question channel is composed in this host, so the plan cannot be reviewed';

type Context = Pick<PluginContext, 'userInteraction' | 'ownerOf'>;

export interface ExitToolOptions {
  /** Whether a child owned by a live agent is refused the review (the rc.8 edition, REVIEW-07). */
  ownedChildrenCannotReview: boolean;
}

function failed(text: string): ToolOutcome {
  return { text, isError: true };
}

function approved(): ToolOutcome {
  return { text: APPROVED_TEXT, value: { approved: true } };
}

function rejected(feedback: string | undefined): ToolOutcome {
  if (feedback === undefined) return failed(REJECTED_TEXT);
  return failed(`${REJECTED_TEXT} User feedback: ${feedback}`);
}

function reviewFailed(message: string): ToolOutcome {
  return failed(`The plan review failed, so you are still in plan mode: ${message}`);
}

export function exitPlanModeTool(
  ctx: Context,
  selections: PlanModeSelections,
  options: ExitToolOptions,
): ToolDefinition {
  return {
    name: EXIT_TOOL_NAME,
    description: EXIT_TOOL_DESCRIPTION,
    parameters: EXIT_TOOL_PARAMETERS,
    async execute(args, { agent, signal }) {
      if (!selections.logged(agent)) return failed(NOT_IN_PLAN_MODE);
      // Only a live owner counts: fork lineage, or an owner gone, leaves the agent its own review.
      if (options.ownedChildrenCannotReview && ctx.ownerOf(agent) !== undefined) return failed(OWNED_CHILD_TEXT);
      const plan = args['plan'];
      if (typeof plan !== 'string') return failed(PLAN_ARGUMENT_MISSING);
      const seam = ctx.userInteraction;
      if (!seam) return reviewFailed(NO_SEAM_TEXT);
      let outcome;
      try {
        outcome = await seam.ask(agent, reviewQuestion(plan), signal);
      } catch (error) {
        return reviewFailed(errorMessage(error));
      }
      if (outcome.kind === 'dismissed') return failed(DISMISSED_TEXT);
      if (!isApproval(outcome.answer)) return rejected(feedbackOf(outcome.answer));
      if (selections.logged(agent)) selections.commitApprovedExit(agent);
      return approved();
    },
  };
}
