/**
 * Turns cucumber's message stream into one `ScenarioResult` per test case:
 * the worst step status wins, a skip hook's attachment gives the reason.
 */
import type { Envelope, GherkinDocument, Pickle, TestStepResult } from '@cucumber/messages';
import { clausesOf, rowNames, stableIdOf } from '../features/feature-files.js';
import { SKIP_REASON_MEDIA_TYPE } from '../support/skip-reason.js';
import type { ScenarioResult, ScenarioStatus } from './scenario-result.js';

const SEVERITY: ScenarioStatus[] = ['passed', 'skipped', 'pending', 'undefined', 'ambiguous', 'failed'];

function statusOf(result: TestStepResult): ScenarioStatus {
  switch (result.status) {
    case 'PASSED':
      return 'passed';
    case 'SKIPPED':
      return 'skipped';
    case 'PENDING':
      return 'pending';
    case 'UNDEFINED':
      return 'undefined';
    case 'AMBIGUOUS':
      return 'ambiguous';
    default:
      return 'failed';
  }
}

interface Running {
  pickleId: string;
  status: ScenarioStatus;
  message?: string;
  skipReason?: string;
  startedMs: number;
  durationMs: number;
}

export class ResultCollector {
  private readonly documents = new Map<string, GherkinDocument>();
  private readonly pickles = new Map<string, Pickle>();
  private readonly testCases = new Map<string, string>();
  private readonly running = new Map<string, Running>();
  private readonly finished: Running[] = [];

  readonly onMessage = (envelope: Envelope): void => {
    if (envelope.gherkinDocument?.uri) this.documents.set(envelope.gherkinDocument.uri, envelope.gherkinDocument);
    if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    if (envelope.testCase) this.testCases.set(envelope.testCase.id, envelope.testCase.pickleId);
    if (envelope.testCaseStarted) {
      const { id, testCaseId, timestamp } = envelope.testCaseStarted;
      this.running.set(id, {
        pickleId: this.testCases.get(testCaseId) ?? '',
        status: 'passed',
        startedMs: timestamp.seconds * 1000 + timestamp.nanos / 1e6,
        durationMs: 0,
      });
    }
    if (envelope.testStepFinished) {
      const run = this.running.get(envelope.testStepFinished.testCaseStartedId);
      const result = envelope.testStepFinished.testStepResult;
      if (run) {
        const status = statusOf(result);
        if (SEVERITY.indexOf(status) > SEVERITY.indexOf(run.status)) {
          run.status = status;
          if (status !== 'skipped') run.message = result.message ?? result.exception?.message ?? status;
        }
      }
    }
    if (envelope.attachment?.mediaType === SKIP_REASON_MEDIA_TYPE && envelope.attachment.testCaseStartedId) {
      const run = this.running.get(envelope.attachment.testCaseStartedId);
      if (run) run.skipReason = envelope.attachment.body;
    }
    if (envelope.testCaseFinished) {
      const { testCaseStartedId, timestamp, willBeRetried } = envelope.testCaseFinished;
      const run = this.running.get(testCaseStartedId);
      if (run && !willBeRetried) {
        run.durationMs = timestamp.seconds * 1000 + timestamp.nanos / 1e6 - run.startedMs;
        this.finished.push(run);
      }
      this.running.delete(testCaseStartedId);
    }
  };

  results(): ScenarioResult[] {
    const rowsByUri = new Map<string, Map<string, string>>();
    return this.finished.map((run) => {
      const pickle = this.pickles.get(run.pickleId);
      if (!pickle) throw new Error(`cucumber reported a test case for an unknown pickle ${run.pickleId}`);
      let rows = rowsByUri.get(pickle.uri);
      if (!rows) {
        const document = this.documents.get(pickle.uri);
        rows = document ? rowNames(document) : new Map();
        rowsByUri.set(pickle.uri, rows);
      }
      const result: ScenarioResult = {
        stableId: stableIdOf(pickle, rows),
        name: pickle.name,
        uri: pickle.uri,
        clauses: clausesOf(pickle),
        status: run.status,
        durationMs: run.durationMs,
      };
      if (run.message !== undefined) result.message = run.message;
      if (run.skipReason !== undefined) result.skipReason = run.skipReason;
      return result;
    });
  }
}
