/**
 * What the dsh host offers, and why the missing parts are missing. Every
 * supported capability is backed by an upstream mechanism composed from npm.
 */
import type { Capabilities } from '../../src/index.js';
import { restartSupport } from './persistence.js';
import { codeModeSupport } from './code-mode.js';

export const DSH_CAPABILITIES: Capabilities = {
  /** @deepseek-ai/dsh-commands (`ctx.commands`); plan-mode registers `/plan` into it. */
  commands: true,
  /** @deepseek-ai/dsh-user-questions (`ctx.userQuestions`), the kit's user is its provider. */
  questions: true,
  /** @deepseek-ai/dsh-session-projection (`ctx.sessionProjections`); plan-mode registers `plan`. */
  projections: true,
  /** A new agent seeded with the source session's log (`ctx.agents.create({ seed })`), lineage recorded. */
  fork: true,
  /** A runtime-owned child created through the parent agent's context (`parent.ctx.agents.create`). */
  spawn: true,
  /**
   * The same creation: `parent.ctx.agents.create` records the parent as the child's live owner in the agent
   * registry (`ctx.agents.isOwnedBy`), so the child is not a runtime root (`ctx.agents.roots()`), which is what
   * the user-questions seam checks before a review (rc.8's REVIEW-07).
   */
  ownedChild: true,
  /**
   * @deepseek-ai/dsh-session-persistence-jsonl (`ctx.sessionPersistence`) and `ctx.agents.resume`, where this
   * Node has zstd in node:zlib (22.15+); missing elsewhere, with the command that runs the kit under such a Node.
   */
  restart: restartSupport(),
  /**
   * @deepseek-ai/dsh-compaction-basic (`ctx.compaction.compactNow`); its summary is a model request sent to the
   * kit's model. It refuses histories smaller than its own checkpoint frame (~100 tokens), so the compaction
   * scenarios first build a long conversation.
   */
  compaction: true,
  /** @deepseek-ai/dsh-llm-retry, driven by the model route's retry policy. */
  retry: true,
  /**
   * dsh-tools' `mode: code` (only `run_code` on the wire, the `tools:sdk` section) and `mode: both`, running programs
   * on @deepseek-ai/dsh-code-runtime-worker-thread where this Node can load it (22.13+); missing elsewhere, with the
   * command that runs the kit under such a Node.
   */
  codeMode: codeModeSupport(),
  bothMode: codeModeSupport(),
};
