/**
 * The one wording of what checks find (conformance/explore/finding-texts.ts):
 * a finding (findings.ts: clauses, where, what was expected and observed)
 * becomes the disagreement a session records, its message and the suite step
 * that fails, with the finding's class and clauses unchanged. Held as a rule
 * too: the checks (explore/checks/), the answers that judge a tool result
 * (explore/answers/), the actions (explore/actions/), a turn (turn.ts) and a
 * configuration (configuration.ts) hand back data and word nothing.
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
    expect(layoutProblemText({ kind: 'inactive-not-empty', separator: '\n', held, otherState: held })).toBe(
      `while inactive order 50 should hold what it held in plan mode ("${'x'.repeat(300)}") without the section and one of the host's separators "\\n"; it holds "${'x'.repeat(300)}"`,
    );
    expect(layoutProblemText({ kind: 'unreadable', problem: 'the probe at 49 is missing' })).toBe(
      'the probe at 49 is missing',
    );
  });
});

describe('what the actions, a turn and a configuration find, worded', () => {
  it('SET-01..04: a set answered otherwise, the step listing every answer the oracle gave so far', () => {
    expect(
      worded({
        check: 'set-outcome',
        clauses: ['SET-01'],
        where: { agent: 'agent "B"' },
        expected: { active: true, outcome: 'committed', outcomes: ['noop', 'committed'] },
        observed: { outcome: 'queued' },
      }),
    ).toEqual({
      clauses: ['SET-01'],
      check: 'set-outcome',
      message: 'set(agent "B", true) answered queued, the oracle committed',
      step: { text: 'the set results were "noop, committed"', midTurn: false },
    });
  });

  it('CMD-07 and CMD-10: the typed line, quoted as JSON, and what the host answered', () => {
    const where = { agent: 'the agent', line: '/plan off' };
    expect(
      worded({
        check: 'command-succeeds',
        clauses: ['CMD-07'],
        where,
        expected: { ok: true },
        observed: { text: 'no' },
      }),
    ).toMatchObject({
      message: '"/plan off" for the agent answered a failure: "no"',
      step: { text: 'every command result so far is a success', midTurn: false },
    });
    expect(
      worded({
        check: 'plan-off-with-images-refused',
        clauses: ['CMD-10', 'CMD-07'],
        where,
        expected: { ok: false },
        observed: { text: 'Plan mode off' },
      }),
    ).toMatchObject({
      clauses: ['CMD-10', 'CMD-07'],
      message: '"/plan off" with images for the agent answered a success: "Plan mode off"',
      step: { text: 'the command failed', midTurn: false },
    });
  });

  it('the projection after a refused line and PROJ-05: checked between turns, or worded and marked mid-turn', () => {
    const refused: Finding = {
      check: 'projection-after-refused-command',
      clauses: ['PROJ-03'],
      where: { agent: 'the agent', line: '/plan off' },
      expected: { projection: { active: true, pending: false } },
      observed: { projection: { active: false } },
    };
    expect(worded(refused)).toMatchObject({
      message:
        'after "/plan off" with images the projection of the agent is {"active":false}, the oracle {"active":true,"pending":false}',
      step: { text: 'the projection of the agent shows plan mode on with nothing pending', midTurn: false },
    });
    const during = { n: 3, agent: 'agent "B"' };
    expect(
      worded({
        ...refused,
        where: { ...refused.where, during },
        expected: { projection: { active: false, pending: true } },
      }),
    ).toMatchObject({
      step: {
        text: 'while the model handles request 3 of agent "B", the projection of the agent shows plan mode off with a selection pending',
        midTurn: true,
      },
    });
    const agrees: Finding = {
      check: 'projection-agrees-with-get',
      clauses: ['PROJ-05'],
      where: { agent: 'the agent', line: '/plan' },
      expected: { agreeingWith: { active: true } },
      observed: { projection: { active: false, pending: false } },
    };
    expect(worded(agrees)).toMatchObject({
      message: 'after "/plan" the projection of the agent is {"active":false,"pending":false}, get {"active":true}',
      step: { text: 'the projection of the agent agrees with get', midTurn: false },
    });
    expect(worded({ ...agrees, where: { ...agrees.where, during } }).step).toEqual({
      text: 'while the model handles request 3 of agent "B", the projection of the agent agrees with get',
      midTurn: true,
    });
  });

  it('CMD-08: both commands, 1-based, their outcomes and the one text', () => {
    expect(
      worded({
        check: 'command-texts-differ',
        clauses: ['CMD-08'],
        where: {},
        expected: { commands: [1, 4], outcomes: ['entered', 'left'] },
        observed: { text: 'done' },
      }),
    ).toMatchObject({
      message: 'commands 1 and 4 report different outcomes (entered, left) with the same text "done"',
      step: { text: 'the results of commands 1 and 4 differ', midTurn: false },
    });
  });

  it("a turn's request count: the requests made and scripted, and the agent's count due in the step", () => {
    expect(
      worded({
        check: 'request-count',
        clauses: [],
        where: { agent: 'the agent' },
        expected: { planned: 2, requests: 5 },
        observed: { made: 1 },
      }),
    ).toEqual({
      clauses: [],
      check: 'request-count',
      message: 'the agent made 1 model request(s) in the turn, the session scripted 2',
      step: { text: 'the number of model requests of the agent is 5', midTurn: false },
    });
  });

  it('CFG-01/02: the invalid configuration the host started on, as JSON', () => {
    expect(
      worded({
        check: 'invalid-configuration-refused',
        clauses: ['CFG-02'],
        where: {},
        expected: { why: 'a key besides section', config: { section: 'x', modes: ['plan'] } },
        observed: { started: true },
      }),
    ).toMatchObject({
      message:
        'the host started on a plan-mode configuration with a key besides section: {"section":"x","modes":["plan"]}',
      step: { text: 'the host refuses to start', midTurn: false },
    });
  });
});

describe('the rule: checks, answers, actions, turns and configurations compare, finding-texts.ts words', () => {
  const folder = join(PACKAGE_ROOT, 'conformance', 'explore');
  const sources = [
    ...['checks', 'answers', 'actions'].flatMap((sub) =>
      readdirSync(join(folder, sub))
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(sub, name)),
    ),
    'turn.ts',
    'configuration.ts',
  ];

  it('no check, answer judging a tool result, action, turn or configuration writes a message or a step, nor imports the step wording', () => {
    expect(sources.length).toBeGreaterThan(24);
    for (const file of sources) {
      const text = readFileSync(join(folder, file), 'utf8');
      // A message or a step's text written in place is a template; the model's scripted failures are plain constants.
      expect(text, file).not.toMatch(/\bmessage: `|\btext: `|\bstep: \{|step-texts\.js|\bdisagreement\(/);
    }
  });
});
