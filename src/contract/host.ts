/**
 * The host handle: what the kit can do to a running host and read back from it.
 * Every value a handle returns is validated against the schemas here.
 */
import { z } from 'zod';
import type { SessionEvent } from './events.js';
import type { ImageBlock } from './model.js';

/** What `set` did: applied now, held for the next request boundary, a pending selection withdrawn, or nothing. */
export const SetOutcomeSchema = z.enum(['committed', 'queued', 'cancelled', 'noop']);
export type SetOutcome = z.infer<typeof SetOutcomeSchema>;

/** `get`'s answer: the logged state, plus `pending` only while a selection waits for a boundary. */
export const PlanModeStateSchema = z.object({
  active: z.boolean(),
  pending: z.boolean().optional(),
});
export type PlanModeState = z.infer<typeof PlanModeStateSchema>;

/** What a command line produced for the person who typed it. */
export const CommandResultSchema = z.object({
  ok: z.boolean(),
  text: z.string(),
});
export type CommandResult = z.infer<typeof CommandResultSchema>;

/** The `plan` session projection's view. */
export const PlanProjectionViewSchema = z.object({
  active: z.boolean(),
  pending: z.boolean(),
});
export type PlanProjectionView = z.infer<typeof PlanProjectionViewSchema>;

export const AgentIdSchema = z.string().min(1);

/**
 * A started host. Agent ids are the host's own, as strings; they stay valid
 * across `restart`. Optional methods belong to optional capabilities.
 */
export interface HostHandle {
  /** Create a new top-level agent with an empty session. */
  createAgent(): Promise<string>;
  /**
   * Submit a prompt as the user; resolves when the agent is idle again.
   * `images` (rc.8 edition, absent otherwise) are attached to the prompt as a
   * composer attaches them: the prompt's user message holds them, in order.
   */
  prompt(agent: string, text: string, images?: ImageBlock[]): Promise<void>;
  /** The plan-mode service's `set(agent, active)`. */
  setPlanMode(agent: string, active: boolean): Promise<SetOutcome>;
  /** The plan-mode service's `get(agent)`. */
  getPlanMode(agent: string): Promise<PlanModeState>;
  /** The agent's session log, oldest first, normalised. */
  readLog(agent: string): Promise<SessionEvent[]>;
  /** Every event the host's session-event stream told observers about this agent, in order. */
  readObserved(agent: string): Promise<SessionEvent[]>;
  /**
   * capability `commands`: run a command line such as `/plan off` for an agent.
   * `images` (rc.8 edition, absent otherwise) are the composer's image
   * attachments sent with the line (`commands.execute` with attachments).
   */
  runCommand?(agent: string, line: string, images?: ImageBlock[]): Promise<CommandResult>;
  /** capability `projections`: the agent's `plan` projection view. */
  readProjection?(agent: string): Promise<PlanProjectionView>;
  /**
   * capability `projections`: every value of the agent's `plan` unit that the
   * registry pushed to its subscribers (its change feed, e.g. `session/projection`
   * frames), oldest first. A unit that returns the same state object for an
   * event causes no push, so this shows whether unrelated events leave it alone.
   */
  readProjectionPushes?(agent: string): Promise<PlanProjectionView[]>;
  /** capability `fork`: fork the agent (same history and log); returns the fork's id. */
  fork?(agent: string): Promise<string>;
  /** capability `spawn`: spawn a new child agent of this agent; returns its id. */
  spawn?(agent: string): Promise<string>;
  /**
   * capability `ownedChild`: create a child agent that the live agent `owner`
   * owns (a delegated sub-agent whose owner is still alive), idle, with an
   * empty session; returns its id. rc.8's REVIEW-07: such a child cannot open
   * the plan review.
   */
  spawnOwnedChild?(owner: string): Promise<string>;
  /** capability `compaction`: compact the agent's history now (agent idle). */
  compact?(agent: string): Promise<void>;
  /**
   * capability `restart`: stop the host as a process exit would (no flushing of
   * in-memory state beyond what the host persists anyway) and start it again
   * from its persisted store. Agent ids stay valid.
   */
  restart?(): Promise<void>;
  /** Release everything; called once per scenario, also when it failed. */
  dispose(): Promise<void>;
}

export type HostMethod = keyof HostHandle;
