/**
 * The reference's source files that mutants and variants patch (paths relative to reference/, as `patch`
 * takes them), and patch anchors more than one catalog needs: one place to change when a file moves.
 */
export const AGENT = 'host/agent.ts';
export const HOST = 'host/host.ts';
export const ADAPTER = 'adapter.ts';
export const PROMPT = 'host/prompt.ts';
export const QUESTIONS = 'host/questions.ts';
export const EVENT_SCHEMA = 'host/event-schema.ts';
export const NARRATION = 'plan-mode/narration.ts';
export const EXIT = 'plan-mode/exit-tool.ts';
export const REVIEW = 'plan-mode/review.ts';
export const COMMAND = 'plan-mode/command.ts';
export const CONFIG = 'plan-mode/config.ts';
export const SERVICE = 'plan-mode/service.ts';
export const PLUGIN = 'plan-mode/plugin.ts';
export const PROJECTION = 'plan-mode/projection.ts';
export const STATE = 'plan-mode/state.ts';
export const POLICY = 'plan-mode/policy.ts';
export const COMMANDS = 'host/commands.ts';
export const PROJECTIONS = 'host/projections.ts';
export const CODE_MODE = 'host/code-mode.ts';
export const USER_INPUT = 'host/user-input.ts';

/** The agent's request step as the reference writes it: the request header logged, then the model called. */
export const HEADER_THEN_CALL = `      const request = frozen ?? (await this.preStep(kind));
      this.deps.log.append(
        event('request/header', { systemPrompt: request.systemPrompt, tools: request.tools.map((t) => t.name) }),
      );
      const response = await this.callModel(request);`;
