/** The result collector names the failing step and the kind of failure, and keeps one review text per kind. */
import type { Envelope } from '@cucumber/messages';
import { describe, expect, it } from 'vitest';
import { failureKindOf, ResultCollector } from '../../../conformance/runner/result-collector.js';
import { REVIEW_TEXT_MEDIA_TYPE } from '../../../conformance/results/review-text.js';

const time = { seconds: 1, nanos: 0 };

function scenario(
  collector: ResultCollector,
  n: number,
  tags: string[],
  steps: Array<{ status: string; message?: string; type?: string }>,
  attachments: unknown[] = [],
): void {
  const pickleSteps = steps.map((_, index) => ({
    id: `p${n}s${index}`,
    text: `step ${index + 1} of ${n}`,
    astNodeIds: [],
    type: 'Action',
  }));
  const send = (envelope: unknown) => collector.onMessage(envelope as Envelope);
  send({
    pickle: {
      id: `p${n}`,
      uri: 'f.feature',
      name: `scenario ${n}`,
      language: 'en',
      astNodeIds: [`a${n}`],
      tags: tags.map((name) => ({ name, astNodeId: '' })),
      steps: pickleSteps,
    },
  });
  send({
    testCase: {
      id: `t${n}`,
      pickleId: `p${n}`,
      testRunStartedId: 'r',
      testSteps: [
        { id: `h${n}`, hookId: 'before' },
        ...pickleSteps.map((step) => ({ id: `ts-${step.id}`, pickleStepId: step.id })),
      ],
    },
  });
  send({ testCaseStarted: { id: `s${n}`, testCaseId: `t${n}`, attempt: 0, timestamp: time } });
  send({
    testStepFinished: {
      testCaseStartedId: `s${n}`,
      testStepId: `h${n}`,
      testStepResult: { status: 'PASSED', duration: time },
      timestamp: time,
    },
  });
  for (const body of attachments)
    send({
      attachment: {
        testCaseStartedId: `s${n}`,
        mediaType: REVIEW_TEXT_MEDIA_TYPE,
        body: JSON.stringify(body),
        contentEncoding: 'IDENTITY',
      },
    });
  steps.forEach((step, index) =>
    send({
      testStepFinished: {
        testCaseStartedId: `s${n}`,
        testStepId: `ts-p${n}s${index}`,
        testStepResult: {
          status: step.status,
          duration: time,
          ...(step.message
            ? { message: step.message, exception: { type: step.type ?? 'Error', message: step.message } }
            : {}),
        },
        timestamp: time,
      },
    }),
  );
  send({ testCaseFinished: { testCaseStartedId: `s${n}`, willBeRetried: false, timestamp: { seconds: 2, nanos: 0 } } });
}

describe('the result collector', () => {
  const levels = new Map([
    ['SET-01', 'required' as const],
    ['CFG-04', 'recommended' as const],
  ]);

  it('names the failing step, the kind of failure and the level', () => {
    const collector = new ResultCollector(levels);
    scenario(
      collector,
      1,
      ['@id:one', '@SET-01'],
      [
        { status: 'PASSED' },
        { status: 'FAILED', message: 'adapter method getPlanMode: threw: boom', type: 'AdapterError' },
        { status: 'SKIPPED' },
      ],
    );
    scenario(
      collector,
      2,
      ['@id:two', '@CFG-04'],
      [
        {
          status: 'FAILED',
          message: 'adapter method prompt: did not answer within 300 ms',
          type: 'AdapterTimeoutError',
        },
      ],
    );
    scenario(collector, 3, ['@id:three', '@SET-01'], [{ status: 'PASSED' }, { status: 'UNDEFINED' }]);
    scenario(
      collector,
      4,
      ['@id:four', '@SET-01'],
      [{ status: 'FAILED', message: 'expected on but the host showed off', type: 'ConformanceFailure' }],
    );
    const results = collector.results();
    expect(results.map((r) => [r.stableId, r.level, r.status, r.failureKind, r.failedStep])).toEqual([
      ['one', 'required', 'failed', 'adapter-error', 'step 2 of 1'],
      ['two', 'recommended', 'failed', 'timeout', 'step 1 of 2'],
      ['three', 'required', 'undefined', 'undefined', 'step 2 of 3'],
      ['four', 'required', 'failed', 'assertion', 'step 1 of 4'],
    ]);
  });

  it('keeps the first review text of each kind, with its scenario and what it should say', () => {
    const collector = new ResultCollector(levels);
    scenario(
      collector,
      1,
      ['@id:one', '@SET-01'],
      [{ status: 'PASSED' }],
      [
        { kind: 'exit-notice', text: 'Back to default mode.' },
        { kind: 'entry-notice', text: 'Plan mode is on.' },
      ],
    );
    scenario(
      collector,
      2,
      ['@id:two', '@SET-01'],
      [{ status: 'PASSED' }],
      [{ kind: 'entry-notice', text: 'a second entry notice' }],
    );
    expect(collector.collectedReviewTexts()).toEqual([
      {
        kind: 'entry-notice',
        expectation: 'tells the model the user switched to plan mode',
        text: 'Plan mode is on.',
        scenario: 'one',
      },
      {
        kind: 'exit-notice',
        expectation: 'tells the model the user switched back to the default mode',
        text: 'Back to default mode.',
        scenario: 'one',
      },
    ]);
  });

  it.each([
    ['failed', { exception: { type: 'AdapterTimeoutError', message: 'x' } }, 'timeout'],
    ['failed', { message: 'adapter method start: did not answer within 5000 ms' }, 'timeout'],
    ['failed', { message: 'function timed out, ensure the promise resolves within 30000 milliseconds' }, 'timeout'],
    [
      'failed',
      { exception: { type: 'AdapterError', message: 'adapter method readLog: returned a malformed value' } },
      'adapter-error',
    ],
    ['failed', { exception: { type: 'Error', message: 'mid-turn action during request 1: expected x' } }, 'assertion'],
    ['pending', {}, 'pending'],
    ['ambiguous', {}, 'ambiguous'],
    ['passed', {}, undefined],
  ] as const)('classifies a %s step %j as %s', (status, result, kind) => {
    expect(failureKindOf(status, result as never)).toBe(kind);
  });
});
