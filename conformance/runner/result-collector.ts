/**
 * Turns cucumber's message stream into one `ScenarioResult` per test case:
 * the worst step status wins and names the failing step and the kind of
 * failure; a skip hook's attachment gives the reason; review-text attachments
 * are kept, the first of each kind, for a person to read.
 */
import type { Envelope, GherkinDocument, Pickle, TestStepResult } from '@cucumber/messages';
import type { ClauseLevel, FailureKind, ReviewText } from '../../src/index.js';
import { levelsOf, loadCatalogFileSync, scenarioLevel } from '../catalog/clause-catalog.js';
import { clausesOf, nodeLines, rowNames, stableIdOf, stepLines } from '../features/feature-files.js';
import { TIMEOUT_MESSAGE } from '../guard/time-limit.js';
import { REVIEW_TEXT_KINDS, REVIEW_TEXT_MEDIA_TYPE } from '../results/review-text.js';
import { SKIP_REASON_MEDIA_TYPE } from '../results/skip-reason.js';
import type { ScenarioResult, ScenarioStatus } from '../results/scenario-result.js';

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

/** cucumber's own step time-out (the last resort behind the kit's per-call limit). */
const STEP_TIMEOUT_MESSAGE = /^function timed out, ensure the (promise|callback) resolves within \d+ milliseconds/;

/**
 * How a failed step failed. cucumber reports the thrown error's constructor
 * name as `exception.type`; the message shapes are the fallback for errors
 * that lost their class on the way (e.g. rebuilt from another process).
 */
export function failureKindOf(
  status: ScenarioStatus,
  result: Pick<TestStepResult, 'message' | 'exception'>,
): FailureKind | undefined {
  if (status === 'undefined' || status === 'pending' || status === 'ambiguous') return status;
  if (status !== 'failed') return undefined;
  const type = result.exception?.type ?? '';
  const message = result.exception?.message ?? result.message ?? '';
  if (type === 'AdapterTimeoutError' || TIMEOUT_MESSAGE.test(message) || STEP_TIMEOUT_MESSAGE.test(message))
    return 'timeout';
  // A host process that died, or broke the protocol, is not a host error a baseline entry for one excuses.
  if (type === 'HostCrashError') return 'crash';
  if (type === 'HostProtocolError') return 'protocol-error';
  if (type === 'AdapterError' || message.startsWith('adapter method ')) return 'adapter-error';
  return 'assertion';
}

/** A scenario while its steps finish: the outcome fields of its result, and when it started. */
type Running = Pick<
  ScenarioResult,
  'status' | 'message' | 'failureKind' | 'failedStep' | 'failedStepLine' | 'skipReason' | 'durationMs'
> & { pickleId: string; startedMs: number };

interface PendingReviewText {
  kind: string;
  text: string;
  testCaseStartedId: string;
}

export class ResultCollector {
  private readonly documents = new Map<string, GherkinDocument>();
  private readonly pickles = new Map<string, Pickle>();
  private readonly testCases = new Map<string, string>();
  /** test step id → the text of its pickle step, or `(Before hook)` / `(After hook)`. */
  private readonly stepTexts = new Map<string, string>();
  /** test step id → the line of its gherkin step in the feature file (steps only, not hooks). */
  private readonly stepLinesById = new Map<string, number>();
  private readonly running = new Map<string, Running>();
  private readonly startedPickles = new Map<string, string>();
  private readonly finished: Running[] = [];
  private readonly reviewTexts: PendingReviewText[] = [];
  private readonly levels: ReadonlyMap<string, ClauseLevel>;

  /** `levels`: clause id → level; defaults to the kit's clause catalog. */
  constructor(levels?: ReadonlyMap<string, ClauseLevel>) {
    this.levels = levels ?? levelsOf(loadCatalogFileSync().clauses);
  }

  readonly onMessage = (envelope: Envelope): void => {
    if (envelope.gherkinDocument?.uri) this.documents.set(envelope.gherkinDocument.uri, envelope.gherkinDocument);
    if (envelope.pickle) this.pickles.set(envelope.pickle.id, envelope.pickle);
    if (envelope.testCase) this.recordTestCase(envelope.testCase);
    if (envelope.testCaseStarted) {
      const { id, testCaseId, timestamp } = envelope.testCaseStarted;
      const pickleId = this.testCases.get(testCaseId) ?? '';
      this.startedPickles.set(id, pickleId);
      this.running.set(id, {
        pickleId,
        status: 'passed',
        startedMs: timestamp.seconds * 1000 + timestamp.nanos / 1e6,
        durationMs: 0,
      });
    }
    if (envelope.testStepFinished) {
      const { testCaseStartedId, testStepId, testStepResult } = envelope.testStepFinished;
      const run = this.running.get(testCaseStartedId);
      if (run) {
        const status = statusOf(testStepResult);
        if (SEVERITY.indexOf(status) > SEVERITY.indexOf(run.status)) {
          run.status = status;
          if (status !== 'skipped') {
            run.message = testStepResult.message ?? testStepResult.exception?.message ?? status;
            run.failureKind = failureKindOf(status, testStepResult);
            run.failedStep = this.stepTexts.get(testStepId);
            const line = this.stepLinesById.get(testStepId);
            if (line !== undefined) run.failedStepLine = line;
            else delete run.failedStepLine;
          }
        }
      }
    }
    const attachment = envelope.attachment;
    if (attachment?.testCaseStartedId) {
      if (attachment.mediaType === SKIP_REASON_MEDIA_TYPE) {
        const run = this.running.get(attachment.testCaseStartedId);
        if (run) run.skipReason = attachment.body;
      } else if (attachment.mediaType === REVIEW_TEXT_MEDIA_TYPE) {
        this.keepReviewText(attachment.body, attachment.testCaseStartedId);
      }
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

  private recordTestCase(testCase: NonNullable<Envelope['testCase']>): void {
    this.testCases.set(testCase.id, testCase.pickleId);
    const pickle = this.pickles.get(testCase.pickleId);
    const texts = new Map((pickle?.steps ?? []).map((step) => [step.id, step.text]));
    const astNodes = new Map((pickle?.steps ?? []).map((step) => [step.id, step.astNodeIds[0]]));
    const lines = pickle ? this.stepLinesOf(pickle.uri) : undefined;
    let seenStep = false;
    for (const step of testCase.testSteps) {
      if (step.pickleStepId !== undefined) {
        seenStep = true;
        this.stepTexts.set(step.id, texts.get(step.pickleStepId) ?? '(unknown step)');
        const line = lines?.get(astNodes.get(step.pickleStepId) ?? '');
        if (line !== undefined) this.stepLinesById.set(step.id, line);
      } else {
        // Hooks before the first step are Before hooks (adapter start, capability skips), the rest After hooks.
        this.stepTexts.set(step.id, seenStep ? '(After hook)' : '(Before hook)');
      }
    }
  }

  /**
   * Keeps the first text of each kind. A malformed attachment is the kit's own
   * bug: it is kept as such (shown to the reader) rather than thrown here,
   * inside cucumber's message loop, where it would end the run.
   */
  private keepReviewText(body: string, testCaseStartedId: string): void {
    let kind = 'malformed-review-text';
    let text = body;
    try {
      const value = JSON.parse(body) as { kind?: unknown; text?: unknown };
      if (typeof value.kind === 'string' && typeof value.text === 'string')
        ({ kind, text } = value as { kind: string; text: string });
    } catch {
      // kept as malformed
    }
    if (this.reviewTexts.some((kept) => kept.kind === kind)) return;
    this.reviewTexts.push({ kind, text, testCaseStartedId });
  }

  /** The review texts seen, one per kind in the catalog's order of kinds, each with the scenario it came from. */
  collectedReviewTexts(): ReviewText[] {
    const order = Object.keys(REVIEW_TEXT_KINDS);
    const rank = (kind: string) => (order.includes(kind) ? order.indexOf(kind) : order.length);
    return [...this.reviewTexts]
      .sort((a, b) => rank(a.kind) - rank(b.kind))
      .map((kept) => {
        const pickle = this.pickles.get(this.startedPickles.get(kept.testCaseStartedId) ?? '');
        const scenario = pickle ? (stableIdOf(pickle, this.rowsOf(pickle.uri)) ?? pickle.name) : '(unknown scenario)';
        const expectation = (REVIEW_TEXT_KINDS as Record<string, string>)[kept.kind];
        return { kind: kept.kind, ...(expectation ? { expectation } : {}), text: kept.text, scenario };
      });
  }

  private readonly rowsByUri = new Map<string, Map<string, string>>();
  private readonly linesByUri = new Map<string, Map<string, number>>();

  private rowsOf(uri: string): Map<string, string> {
    let rows = this.rowsByUri.get(uri);
    if (!rows) {
      const document = this.documents.get(uri);
      rows = document ? rowNames(document) : new Map();
      this.rowsByUri.set(uri, rows);
    }
    return rows;
  }

  private readonly stepLinesByUri = new Map<string, Map<string, number>>();

  private stepLinesOf(uri: string): Map<string, number> {
    let lines = this.stepLinesByUri.get(uri);
    if (!lines) {
      const document = this.documents.get(uri);
      lines = document ? stepLines(document) : new Map();
      if (document) this.stepLinesByUri.set(uri, lines);
    }
    return lines;
  }

  private linesOf(uri: string): Map<string, number> {
    let lines = this.linesByUri.get(uri);
    if (!lines) {
      const document = this.documents.get(uri);
      lines = document ? nodeLines(document) : new Map();
      this.linesByUri.set(uri, lines);
    }
    return lines;
  }

  /** Results of the finished scenarios, from the `from`-th on (the runner streams them one by one). */
  results(from = 0): ScenarioResult[] {
    return this.finished.slice(from).map((run) => {
      const pickle = this.pickles.get(run.pickleId);
      if (!pickle) throw new Error(`cucumber reported a test case for an unknown pickle ${run.pickleId}`);
      const clauses = clausesOf(pickle);
      const result: ScenarioResult = {
        stableId: stableIdOf(pickle, this.rowsOf(pickle.uri)),
        name: pickle.name,
        uri: pickle.uri,
        clauses,
        level: scenarioLevel(clauses, this.levels),
        status: run.status,
        durationMs: run.durationMs,
      };
      const line = this.linesOf(pickle.uri).get(pickle.astNodeIds.at(-1) ?? '');
      if (line !== undefined) result.line = line;
      if (run.message !== undefined) result.message = run.message;
      if (run.failureKind !== undefined) result.failureKind = run.failureKind;
      if (run.failedStep !== undefined) result.failedStep = run.failedStep;
      if (run.failedStepLine !== undefined) result.failedStepLine = run.failedStepLine;
      if (run.skipReason !== undefined) result.skipReason = run.skipReason;
      return result;
    });
  }
}
