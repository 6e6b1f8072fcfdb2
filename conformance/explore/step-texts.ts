/**
 * The suite's wording of what happened in an explored session: each record
 * (transcript-records.ts) written as the Gherkin step that replays it, with
 * its keyword when it stands as a step of its own. Only a printed session is
 * worded, so quoting long generated texts costs nothing elsewhere. Also how a
 * value is written inside a step (quote, on/off), which the checks use for
 * the steps that fail.
 */
import { writeNotation } from '../world/text-notation.js';
import type { ReviewAnswer } from './moves.js';
import { typedText } from './reviews.js';
import type { DuringRecord, ScriptedAnswerRecord, TranscriptRecord } from './transcript-records.js';

export type Keyword = 'Given' | 'When' | 'Then';

/** A Gherkin string argument (double quotes unless the text holds one); a text quoted for a printed step; characters a reader could not see are written `⟨U+hex⟩` (world/text-notation.ts). */
export function quote(raw: string): string {
  const text = writeNotation(raw);
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes("'")) return `'${text}'`;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function onOff(active: boolean): string {
  return active ? 'on' : 'off';
}

export function onOffList(values: boolean[]): string {
  return quote(values.length === 0 ? 'none' : values.map(onOff).join(', '));
}

/** The keyword of a record written as a step of its own (a line scripted before a turn is always `Given`). */
export function stepKeyword(record: TranscriptRecord): Keyword {
  switch (record.kind) {
    case 'deployment':
    case 'tool-mode':
    case 'probe-orders':
    case 'spawn-owned':
    case 'model-answer':
    case 'review-answer':
    case 'failed-check':
      return 'Given';
    case 'host-started':
      return 'Then';
    default:
      return 'When';
  }
}

/** The step's text (without its keyword). */
export function stepText(record: TranscriptRecord): string {
  switch (record.kind) {
    case 'deployment':
      return `the deployment is:\n"""yaml\n${record.yaml}\n"""`;
    case 'host-starts':
      return 'the host starts';
    case 'host-started':
      return 'the host started';
    case 'tool-mode':
      return `the host presents its tools in ${record.mode} mode`;
    case 'probe-orders':
      return `the host also has probe sections at orders "${record.orders.join(', ')}"`;
    case 'new-agent':
      return `the user creates ${record.agent}`;
    case 'set':
      return midTurn(record.during, `the user turns plan mode ${onOff(record.active)} for ${record.agent}`);
    case 'command-line':
      return midTurn(
        record.during,
        `the user types the command ${quote(record.line)}${record.images === undefined ? '' : ` with the images ${quote(record.images.join(', '))}`} for ${record.agent}`,
      );
    case 'prompt':
      return midTurn(record.during, `the user prompts ${record.agent} with ${quote(record.text)}`);
    case 'model-answer':
      return `the model will answer request ${record.n} of ${record.agent} ${scriptedAnswer(record.answer)}`;
    case 'review-answer':
      return reviewStep(record.review, record.feedback);
    case 'failed-check':
      return record.text;
    case 'note-pushes':
      return `the scenario notes the projection pushes of ${record.agent} so far`;
    case 'long-conversation':
      return `the user has a long conversation with ${record.agent}`;
    case 'compacted':
      return `the history of ${record.agent} is compacted`;
    case 'fork':
      return `${record.origin} is forked as ${record.fork}`;
    case 'spawn':
      return `${record.parent} spawns the child ${record.child}`;
    case 'spawn-owned':
      return `${record.child} is a child agent owned by ${record.owner}`;
    case 'restart':
      return 'the host restarts';
  }
}

/** A turn's action whose last request fails without retry: the host may give up on it as it chooses. */
export function mayGiveUp(text: string): string {
  return `${text}, which may give up`;
}

function midTurn(during: DuringRecord | undefined, phrase: string): string {
  return during ? `while the model handles request ${during.n} of ${during.agent}, ${phrase}` : phrase;
}

const PROBE_TOOL = {
  read: 'the probe tool',
  write: 'the writing probe tool',
  command: 'the command-running probe tool',
} as const;

function scriptedAnswer(answer: ScriptedAnswerRecord): string {
  switch (answer.type) {
    case 'failure':
      return 'with a retryable failure';
    case 'give-up':
      return 'with a failure that is not retryable';
    case 'probe':
      return `by calling ${PROBE_TOOL[answer.effect]}`;
    case 'exit':
      return `by calling exit_plan_mode with the plan ${quote(answer.plan)}`;
    case 'program-exit':
      return `with a program calling exit_plan_mode with the plan ${quote(answer.plan)}`;
  }
}

/** The suite's step that scripts the user's reply to a review (reviews.ts gives the reply and the text it types). */
export function reviewStep(answer: ReviewAnswer, feedback?: string): string {
  const typed = () => quote(typedText(answer, feedback) ?? '');
  switch (answer) {
    case 'approve':
      return 'the user will answer the review by selecting Approve';
    case 'approve-with-empty-text':
      return 'the user will answer the review by selecting Approve with the feedback ""';
    case 'approve-with-text':
      return `the user will answer the review by selecting Approve with the feedback ${typed()}`;
    case 'approve-and-keep-planning':
      return 'the user will answer the review by selecting both Approve and the keep-planning option';
    case 'approve-other-case':
      return `the user will answer the review by selecting exactly the labels '["approve"]'`;
    case 'approve-padded':
      return `the user will answer the review by selecting exactly the labels '[" Approve "]'`;
    case 'approve-twice':
      return `the user will answer the review by selecting exactly the labels '["Approve","Approve"]'`;
    case 'approve-then-keep-items':
      return `the user will answer the review with the answer items '[{"selected":["Approve"]},{"selected":["KEEP-PLANNING"]}]'`;
    case 'keep-then-approve-items':
      return `the user will answer the review with the answer items '[{"selected":["KEEP-PLANNING"]},{"selected":["Approve"]}]'`;
    case 'keep-planning':
      return 'the user will answer the review by selecting the keep-planning option';
    case 'keep-planning-with-text':
      return `the user will answer the review by selecting the keep-planning option with the feedback ${typed()}`;
    case 'free-text-only':
      return `the user will answer the review by typing only ${typed()}`;
    case 'dismiss':
      return 'the user will dismiss the review to talk instead';
    case 'provider-fails':
      return `the question provider will fail the review with ${typed()}`;
    case 'abort':
      return 'the user will abort the review';
    case 'no-answer':
      return 'the user will answer the review with no answer item';
  }
}
