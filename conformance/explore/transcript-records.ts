/**
 * What happened in an explored session, as the transcript keeps it: one
 * record per thing the user did, the model was scripted to answer or the
 * scenario noted, holding the action and its inputs as they were (agents by
 * their printed names), never the wording. The actions, answers and the
 * runner record these; step-texts.ts words them as the suite's Gherkin
 * steps, and only when a session is printed. Types only, importing nothing
 * of the exploration but its shared move types.
 */
import type { ToolMode } from '../../src/index.js';
import type { ReviewAnswer } from './moves.js';

/** Where a mid-turn action ran: while the model handled request `n` of the agent named `agent`. */
export interface DuringRecord {
  n: number;
  agent: string;
}

/** How the model was scripted to answer one request (a final text is the kit model's default, and not written). */
export type ScriptedAnswerRecord =
  | { type: 'failure' }
  | { type: 'give-up' }
  | { type: 'probe'; effect: 'read' | 'write' | 'command' }
  | { type: 'exit'; plan: string }
  | { type: 'program-exit'; plan: string };

export type TranscriptRecord =
  /** The deployment the host starts on, as YAML. */
  | { kind: 'deployment'; yaml: string }
  | { kind: 'host-starts' }
  | { kind: 'host-started' }
  | { kind: 'tool-mode'; mode: ToolMode }
  | { kind: 'probe-orders'; orders: readonly number[] }
  | { kind: 'new-agent'; agent: string }
  | { kind: 'set'; agent: string; active: boolean; during?: DuringRecord }
  /** A line typed for an agent, with the kit's images named in the order attached. */
  | { kind: 'command-line'; agent: string; line: string; images?: readonly string[]; during?: DuringRecord }
  | { kind: 'prompt'; agent: string; text: string; during?: DuringRecord }
  | { kind: 'model-answer'; agent: string; n: number; answer: ScriptedAnswerRecord }
  | { kind: 'review-answer'; review: ReviewAnswer; feedback?: string }
  /** The step of a check that failed while the model handled a request: scripted before the turn, as written. */
  | { kind: 'failed-check'; text: string }
  | { kind: 'note-pushes'; agent: string }
  | { kind: 'long-conversation'; agent: string }
  | { kind: 'compacted'; agent: string }
  | { kind: 'fork'; origin: string; fork: string }
  | { kind: 'spawn'; parent: string; child: string }
  | { kind: 'spawn-owned'; owner: string; child: string }
  | { kind: 'restart' };
