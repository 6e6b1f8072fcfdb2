/**
 * The one wording of what checks find (conformance/explore/finding-texts.ts):
 * a finding (findings.ts: clauses, where, what was expected and observed)
 * becomes the disagreement a session records, its message and the suite step
 * that fails, with the finding's class and clauses unchanged. Held as a rule
 * too: the checks (explore/checks/) and the answers that judge a tool result
 * (explore/answers/) hand back data and word nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutProblemText, worded } from '../../../conformance/explore/finding-texts.js';
import type { Finding } from '../../../conformance/explore/findings.js';
import { PACKAGE_ROOT } from '../../../conformance/package-root.js';

describe('a finding worded', () => {
  it('keeps its class and clauses, in the order a disagreement holds them, and nothing found stays nothing', () => {
    const finding: Finding = {
      check: 'tool-catalog-stable',
      clauses: ['TOOL-02'],
      where: { agent: 'the agent', request: 3 },
      expected: { sameAsRequest: 1 },
      observed: {},
    };
    const disagreement = worded(finding);
    expect(Object.keys(disagreement)).toEqual(['clauses', 'check', 'message', 'step']);
    expect(disagreement).toEqual({
      clauses: ['TOOL-02'],
      check: 'tool-catalog-stable',
      message: 'the tool catalog of request 3 of the agent differs from that of its request 1',
      step: { text: 'request 3 of the agent and request 1 of the agent carry the same tool catalog', midTurn: false },
    });
    expect(worded(undefined)).toBeUndefined();
  });

  it('writes what was expected into the step that replays it, and what was observed into the message', () => {
    const notices: Finding = {
      check: 'notice-count',
      clauses: ['NARR-01', 'NARR-02'],
      where: { agent: 'agent "B"', request: 2 },
      expected: { notices: ['Plan mode is on.'], sinceCompaction: false },
      observed: { notices: [] },
    };
    expect(worded(notices)).toMatchObject({
      message: 'request 2 of agent "B" carries 0 notice(s); the oracle 1 (Plan mode is on.)',
      step: { text: 'request 2 of agent "B" carries the notices "Plan mode is on."' },
    });
    // After a compaction only the notices since are known: another message and another step.
    expect(worded({ ...notices, expected: { notices: ['Plan mode is on.'], sinceCompaction: true } })).toMatchObject({
      message:
        'request 2 of agent "B" carries 0 notice(s); 1 were added since its history was compacted (Plan mode is on.)',
      step: { text: 'request 2 of agent "B" ends with the notices "Plan mode is on."' },
    });
  });

  it('a check made while the model handles a request is worded as one, and marked mid-turn', () => {
    const finding: Finding = {
      check: 'get-state',
      clauses: ['SET-05'],
      where: { agent: 'agent "B"', during: { n: 4, agent: 'the agent' } },
      expected: { active: false, pending: true },
      observed: { active: true },
    };
    expect(worded(finding)).toMatchObject({
      message: 'get(agent "B") is {"active":true}; the oracle {"active":false,"pending":true}',
      step: {
        text: 'while the model handles request 4 of the agent, get reports plan mode off for agent "B", plan mode on pending',
        midTurn: true,
      },
    });
  });

  it('REVIEW-05: names both results of the request and the answer the dismissal reads like', () => {
    expect(
      worded({
        check: 'dismissal-distinct',
        clauses: ['REVIEW-05'],
        where: { agent: 'the agent', request: 5 },
        expected: { dismissal: 2, unlike: 1, unlikeAnswer: 'keep-planning' },
        observed: { text: 'Plan rejected' },
      }),
    ).toMatchObject({
      message: 'the failure of a dismissed review reads like that of keep-planning for the agent: "Plan rejected"',
      step: { text: 'request 5 of the agent shows exit_plan_mode result 2 unlike result 1' },
    });
  });

  it('layout problems: each kind, long held texts cut at 300 characters', () => {
    expect(layoutProblemText({ kind: 'section-count', count: 2 })).toBe(
      'the configured section appears 2 time(s) in the system prompt',
    );
    const held = 'x'.repeat(400);
    expect(layoutProblemText({ kind: 'inactive-not-empty', separator: '\n', held })).toBe(
      `while inactive order 50 should hold nothing but the host's separator "\\n"; it holds "${'x'.repeat(300)}"`,
    );
    expect(layoutProblemText({ kind: 'unreadable', problem: 'the probe at 49 is missing' })).toBe(
      'the probe at 49 is missing',
    );
  });
});

describe('the rule: checks and answers compare, finding-texts.ts words', () => {
  const folder = join(PACKAGE_ROOT, 'conformance', 'explore');
  const sources = ['checks', 'answers'].flatMap((sub) =>
    readdirSync(join(folder, sub))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(sub, name)),
  );

  it('no check, nor any answer judging a tool result, writes a message or a step, nor imports the step wording', () => {
    expect(sources.length).toBeGreaterThan(12);
    for (const file of sources) {
      const text = readFileSync(join(folder, file), 'utf8');
      // A message or a step's text written in place is a template; the model's scripted failures are plain constants.
      expect(text, file).not.toMatch(/\bmessage: `|\btext: `|\bstep: \{|step-texts\.js|\bdisagreement\(/);
    }
  });
});
