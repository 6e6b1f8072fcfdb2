/** A session script for model-based checks: turns of requests, and the user's selections around them. */

/** How the model answers one request of a turn. */
export type Answer = 'tool' | 'failure' | 'text';

export interface ScriptedRequest {
  answer: Answer;
  /** Selections (`set` targets) the user makes while the model handles this request. */
  during: boolean[];
}

export interface ScriptedTurn {
  /** Selections made while the agent is idle, before the turn's prompt. */
  before: boolean[];
  /** The turn's requests; only the last one answers with text. */
  requests: ScriptedRequest[];
}

export interface SessionScript {
  turns: ScriptedTurn[];
  /** Selections made after the last turn. */
  after: boolean[];
}

export function describeScript(script: SessionScript): string {
  const sets = (targets: boolean[]) => targets.map((t) => (t ? 'on' : 'off')).join(',');
  const turns = script.turns.map((turn) => {
    const requests = turn.requests.map((r) => `${r.answer}${r.during.length ? `[${sets(r.during)}]` : ''}`).join(' ');
    return `${turn.before.length ? `set ${sets(turn.before)}; ` : ''}prompt: ${requests}`;
  });
  if (script.after.length) turns.push(`set ${sets(script.after)}`);
  return turns.join(' | ');
}
