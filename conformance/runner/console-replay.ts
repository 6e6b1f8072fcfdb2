/**
 * `--parallel N` with a cucumber console format (`summary`, `progress`,
 * `pretty`) written to a file: one file for the whole run, in serial order,
 * with one tally, as a serial run writes it. Each worker writes cucumber's
 * messages (the `message` format) to a file of its own; once every worker has
 * ended, their messages are put together as one run's and replayed through
 * cucumber's own formatter into the report file.
 *
 * Putting them together: every worker parses the same feature files, with
 * ids of its own. The first worker's documents are kept, and each other
 * worker's pickles are pointed at the same nodes of them (the documents are
 * the same shape, so their ids pair up by position). Each scenario's run (its
 * messages from `testCaseStarted` to `testCaseFinished`) comes in serial order
 * (feature file, then line); the run starts with the first worker's start and
 * ends with the last worker's end, successful when every worker's was.
 *
 * Loaded only when such a run ends (it loads cucumber's formatters).
 */
import { EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ParameterTypeRegistry } from '@cucumber/cucumber-expressions';
import { FormatterBuilder, formatterHelpers } from '@cucumber/cucumber';
import type { Envelope, GherkinDocument, Pickle } from '@cucumber/messages';
import { inSerialOrder } from '../features/slices.js';

/** Reads the workers' message files (NDJSON; a worker that ran nothing wrote none) as one run's envelopes. */
export async function mergedRun(files: readonly string[]): Promise<Envelope[]> {
  const workers: Envelope[][] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const envelopes = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Envelope);
    if (envelopes.length > 0) workers.push(envelopes);
  }
  return merge(workers);
}

function merge(workers: Envelope[][]): Envelope[] {
  const documents = new Map<string, GherkinDocument>();
  const head: Envelope[] = [];
  const definitions: Envelope[] = [];
  const testCases: Envelope[] = [];
  const runs: Array<{ uri: string; line: number; envelopes: Envelope[] }> = [];
  let started: Envelope | undefined;
  let finished: Envelope | undefined;
  let success = true;
  for (const envelopes of workers) {
    const ids = new Map<string, string>();
    const pickles = new Map<string, Pickle>();
    const pickleOfCase = new Map<string, string>();
    const caseOfAttempt = new Map<string, string>();
    const attempts = new Map<string, Envelope[]>();
    for (const envelope of envelopes) {
      if (envelope.meta) {
        if (head.length === 0) head.push(envelope);
      } else if (envelope.source) {
        if (!documents.has(envelope.source.uri)) head.push(envelope);
      } else if (envelope.gherkinDocument) {
        const uri = envelope.gherkinDocument.uri!;
        const kept = documents.get(uri);
        if (kept) pairIds(kept, envelope.gherkinDocument, ids);
        else {
          documents.set(uri, envelope.gherkinDocument);
          head.push(envelope);
        }
      } else if (envelope.pickle) {
        const pickle = pointedAt(envelope.pickle, ids);
        pickles.set(pickle.id, pickle);
        definitions.push({ pickle });
      } else if (envelope.testRunStarted) {
        started ??= envelope;
      } else if (envelope.testRunFinished) {
        success &&= envelope.testRunFinished.success;
        if (!finished || timeOf(envelope) > timeOf(finished)) finished = envelope;
      } else if (envelope.testCase) {
        pickleOfCase.set(envelope.testCase.id, envelope.testCase.pickleId);
        testCases.push(envelope);
      } else if (envelope.testCaseStarted) {
        caseOfAttempt.set(envelope.testCaseStarted.id, envelope.testCaseStarted.testCaseId);
        attempts.set(envelope.testCaseStarted.id, [envelope]);
      } else {
        const attempt = attemptOf(envelope);
        const run = attempt === undefined ? undefined : attempts.get(attempt);
        if (run) {
          run.push(envelope);
          if (envelope.testCaseFinished) {
            const pickle = pickles.get(pickleOfCase.get(caseOfAttempt.get(attempt!)!) ?? '');
            runs.push({ uri: pickle?.uri ?? '', line: lineOf(pickle, documents), envelopes: run });
          }
        } else definitions.push(envelope);
      }
    }
  }
  const ending = finished?.testRunFinished ? { testRunFinished: { ...finished.testRunFinished, success } } : undefined;
  return [
    ...head,
    ...definitions,
    ...(started ? [started] : []),
    ...testCases,
    ...inSerialOrder(runs).flatMap((run) => run.envelopes),
    ...(ending ? [ending] : []),
  ];
}

/** Pairs the ids of two documents of the same shape (the same file parsed twice): `ids` maps the other's to the kept one's. */
function pairIds(kept: unknown, other: unknown, ids: Map<string, string>): void {
  if (Array.isArray(kept) && Array.isArray(other)) {
    kept.forEach((item, index) => pairIds(item, other[index], ids));
  } else if (kept !== null && typeof kept === 'object' && other !== null && typeof other === 'object') {
    const a = kept as Record<string, unknown>;
    const b = other as Record<string, unknown>;
    if (typeof a.id === 'string' && typeof b.id === 'string') ids.set(b.id, a.id);
    for (const key of Object.keys(a)) if (key !== 'id') pairIds(a[key], b[key], ids);
  }
}

/** The pickle with its nodes named by the kept document's ids. */
function pointedAt(pickle: Pickle, ids: Map<string, string>): Pickle {
  if (ids.size === 0) return pickle;
  const rename = (id: string): string => ids.get(id) ?? id;
  return {
    ...pickle,
    astNodeIds: pickle.astNodeIds.map(rename),
    steps: pickle.steps.map((step) => ({ ...step, astNodeIds: step.astNodeIds.map(rename) })),
    tags: pickle.tags.map((tag) => ({ ...tag, astNodeId: rename(tag.astNodeId) })),
  };
}

/** The scenario's (or outline row's) line: its last node, as the results' lines are. */
function lineOf(pickle: Pickle | undefined, documents: Map<string, GherkinDocument>): number {
  const node = pickle?.astNodeIds.at(-1);
  const document = pickle ? documents.get(pickle.uri) : undefined;
  if (!node || !document) return 0;
  let line = 0;
  const visit = (value: unknown): void => {
    if (line !== 0 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const record = value as { id?: unknown; location?: { line?: number } };
    if (record.id === node && record.location?.line !== undefined) line = record.location.line;
    else Object.values(record).forEach(visit);
  };
  visit(document);
  return line;
}

function attemptOf(envelope: Envelope): string | undefined {
  return (
    envelope.testStepStarted?.testCaseStartedId ??
    envelope.testStepFinished?.testCaseStartedId ??
    envelope.testCaseFinished?.testCaseStartedId ??
    envelope.attachment?.testCaseStartedId
  );
}

function timeOf(envelope: Envelope): number {
  const stamp = envelope.testRunFinished?.timestamp;
  return stamp ? stamp.seconds * 1e3 + stamp.nanos / 1e6 : 0;
}

/**
 * What cucumber's formatters read of a support library: where each step
 * definition and hook is (they name it beside a failed step), and the
 * parameter types for snippets of undefined steps (cucumber's own: the kit
 * defines no step a snippet could use). From the run's messages, which name
 * each definition and hook with its source. test/conformance/attacks/parallel-console-reports.test.ts
 * compares a replayed report with a serial run's, so an upgrade of cucumber that
 * reads more of it fails there.
 */
function definitionsOf(envelopes: readonly Envelope[]): object {
  const where = (id: string, reference: { uri?: string; location?: { line: number } }, name?: string) => ({
    id,
    uri: reference.uri,
    line: reference.location?.line,
    ...(name !== undefined ? { name } : {}),
  });
  const stepDefinitions = envelopes.flatMap(({ stepDefinition }) =>
    stepDefinition ? [where(stepDefinition.id, stepDefinition.sourceReference)] : [],
  );
  const hooks = envelopes.flatMap(({ hook }) => (hook ? [where(hook.id, hook.sourceReference, hook.name)] : []));
  return {
    stepDefinitions,
    beforeTestCaseHookDefinitions: hooks,
    afterTestCaseHookDefinitions: hooks,
    parameterTypeRegistry: new ParameterTypeRegistry(),
  };
}

/** Writes `format` (a console format) of the run `envelopes` to `file`, as cucumber writes it for a run of its own. */
export async function replayConsoleFormat(format: string, envelopes: readonly Envelope[], file: string): Promise<void> {
  const stream = createWriteStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  await opened;
  const write = (text: string | Uint8Array): void => void stream.write(text);
  const eventBroadcaster = new EventEmitter();
  const formatter = await FormatterBuilder.build(format === 'pretty' ? await prettyFormatter() : format, {
    cwd: process.cwd(),
    env: process.env,
    eventBroadcaster,
    eventDataCollector: new formatterHelpers.EventDataCollector(eventBroadcaster),
    log: write,
    parsedArgvOptions: {},
    stream,
    cleanup: async () => undefined,
    supportCodeLibrary: definitionsOf(envelopes) as never,
  });
  for (const envelope of envelopes) eventBroadcaster.emit('envelope', envelope);
  await formatter.finished();
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

type FormatterClass = Exclude<Parameters<typeof FormatterBuilder.build>[0], string>;

/** Cucumber's pretty format is a class of its own package, which cucumber depends on: found from cucumber, as cucumber finds it. */
async function prettyFormatter(): Promise<FormatterClass> {
  const fromCucumber = createRequire(createRequire(import.meta.url).resolve('@cucumber/cucumber'));
  const module = (await import(pathToFileURL(fromCucumber.resolve('@cucumber/pretty-formatter')).href)) as {
    default: FormatterClass | { default: FormatterClass };
  };
  const found = module.default;
  return typeof found === 'function' ? found : found.default;
}
