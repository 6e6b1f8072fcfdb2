/**
 * CMD: `/plan [message]`, registered only when the host composes commands.
 *
 * The argument is trimmed. `off` exactly selects inactive; empty selects plan
 * mode; anything else selects plan mode FIRST (before anything that can fail,
 * PROJ-05) and then steers the trimmed message. When the agent is idle the host
 * submits a steered message as a prompt, so it becomes the next step's ordinary
 * user message, under plan guidance since the selection committed just before.
 *
 * With image input (the rc.8 edition) the composer's images ride the steered
 * message ahead of its text (CMD-03); bare `/plan` with images steers an
 * image-only message (CMD-09); `/plan off` with images is an error returned
 * before any selection, so nothing changes and the composer keeps them (CMD-10).
 */
import type { CommandDefinition, CommandResult, ImageAttachment, PluginContext } from '../host/index.js';
import type { PlanModeSelections, SetOutcome } from './service.js';

export const PLAN_COMMAND_NAME = 'plan';
export const OFF_ARGUMENT = 'off';

export const ENTER_TEXTS: Record<SetOutcome, string> = {
  committed: 'Entered plan mode.',
  queued: 'Plan mode is queued for the next step.',
  cancelled: 'Pending exit cancelled; staying in plan mode.',
  noop: 'Already in plan mode.',
};

export const LEAVE_TEXTS: Record<SetOutcome, string> = {
  committed: 'Left plan mode.',
  queued: 'Leaving plan mode is queued for the next step.',
  cancelled: 'Plan mode entry cancelled.',
  noop: 'Plan mode is already inactive.',
};

export const ENTRY_ALREADY_QUEUED = 'Plan mode is already queued for the next step.';
export const EXIT_ALREADY_QUEUED = 'Leaving plan mode is already queued for the next step.';
export const OFF_WITH_IMAGES =
  '/plan off takes no images: nothing changed. Send the images with /plan <message> or a prompt.';

export function isOffArgument(args: string): boolean {
  return args.trim() === OFF_ARGUMENT;
}

function ok(text: string): CommandResult {
  return { ok: true, text };
}

function error(text: string): CommandResult {
  return { ok: false, text };
}

/** The result text: the outcome's, except a noop while the same target already waits. */
export function resultText(
  texts: Record<SetOutcome, string>,
  outcome: SetOutcome,
  stillPending: boolean,
  queuedText: string,
): string {
  if (outcome === 'noop' && stillPending) return queuedText;
  return texts[outcome];
}

export interface PlanCommandOptions {
  /** Whether `/plan` declares image input (the rc.8 edition). */
  takesImages: boolean;
}

export function planCommand(
  ctx: Pick<PluginContext, 'steer'>,
  selections: PlanModeSelections,
  options: PlanCommandOptions,
): CommandDefinition {
  return {
    name: PLAN_COMMAND_NAME,
    description: '/plan [message]: enter plan mode (and send the message); /plan off: leave it',
    ...(options.takesImages ? { input: { images: true } } : {}),
    async run(agent, rawArgs, attached: readonly ImageAttachment[] = []) {
      const message = rawArgs.trim();
      const images = options.takesImages ? attached : [];
      if (isOffArgument(message) && images.length > 0) return error(OFF_WITH_IMAGES);
      if (isOffArgument(message)) {
        const outcome = selections.set(agent, false);
        const pending = selections.get(agent).pending !== undefined;
        return ok(resultText(LEAVE_TEXTS, outcome, pending, EXIT_ALREADY_QUEUED));
      }
      const outcome = selections.set(agent, true);
      const pending = selections.get(agent).pending !== undefined;
      const text = resultText(ENTER_TEXTS, outcome, pending, ENTRY_ALREADY_QUEUED);
      if (images.length > 0) {
        // CMD-03/09 (rc.8): one message, the images first, then the text if there is any.
        await ctx.steer(agent, message, images);
        return ok(`${text} Message sent.`);
      }
      if (message.length === 0) return ok(text);
      await ctx.steer(agent, message);
      return ok(`${text} Message sent.`);
    },
  };
}
