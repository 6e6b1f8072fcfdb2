/**
 * How the model answers one planned request, as a family of its own: its
 * arbitrary, the response the kit's model gives, the step that scripts that
 * response in a printed scenario, and (for a tool call) the check of the
 * result the agent's next request shows. The prompt action builds a turn's
 * requests from these (`answers/index.ts` lists them).
 */
import type fc from 'fast-check';
import type { Capability, Edition, ModelRequest, ModelResponse, ToolMode } from '../../../src/index.js';
import type { OracleAgent } from '../../oracle/session-oracle.js';
import type { PlannedAnswer } from '../moves.js';
import type { Found } from '../disagreement.js';
import type { ScriptedAnswerRecord } from '../transcript-records.js';
import type { ExploredSession, OpenCall } from '../explored-session.js';

/** What an answer family may generate, for the host at hand. */
export interface AnswerGeneration {
  has(capability: Capability): boolean;
  edition: Edition;
  /** How the session's host presents its tools: under `code` only the code-running tool may be called directly. */
  toolMode: ToolMode;
}

export interface ScriptedResponse {
  response: ModelResponse;
  /** What the transcript keeps of it (the suite's step scripting it: step-texts.ts). */
  record: ScriptedAnswerRecord;
  /** The plan an exit submits, which its review must carry (TOOL-04). */
  plan?: string;
}

export interface ModelAnswer<A extends PlannedAnswer = PlannedAnswer> {
  type: A['type'];
  /**
   * Where in a turn it stands: `continues` (another request of the turn follows: a tool call, a retried
   * failure) or `ends` (the turn's last request: a final text, a failure the host gives up on).
   */
  place: 'continues' | 'ends';
  /** Its arbitrary, weighted among the others of its place; undefined when this host cannot be asked it. */
  generate(g: AnswerGeneration): fc.WeightedArbitrary<A> | undefined;
  /** The model's response; undefined for the kit model's default (a final text). */
  response(session: ExploredSession, answer: A): ScriptedResponse | undefined;
  /**
   * For a tool call: checks the result the agent's next request shows (`result` undefined when it shows none),
   * and hands back what it found.
   */
  resolve?(
    session: ExploredSession,
    agent: OracleAgent,
    call: OpenCall & { answer: A },
    result: ToolResultMessage | undefined,
    n: number,
  ): Found;
  describe(answer: A): string;
}

export type ToolResultMessage = Extract<ModelRequest['messages'][number], { role: 'tool' }>;
