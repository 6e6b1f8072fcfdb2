/**
 * Runs the features against one adapter with cucumber-js, in process, and
 * returns one result per scenario. Support code is loaded once per process and
 * reused, so several runs (the mutant matrix) don't re-register steps.
 */
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadConfiguration, runCucumber, type ISupportCodeLibrary } from '@cucumber/cucumber/api';
import { KIT_FEATURES_DIR } from '../features/feature-files.js';
import { DEFAULT_CALL_LIMIT_MS, type KitParameters } from '../world/parameters.js';
import { ResultCollector } from './result-collector.js';
import type { ScenarioResult } from './scenario-result.js';
import type { ReviewText } from '../../src/index.js';

const SUPPORT_GLOBS = ['support/**/*.js', 'steps/**/*.js'].map((glob) =>
  fileURLToPath(new URL(`../${glob}`, import.meta.url)),
);

export interface SuiteOptions {
  adapterPath: string;
  /** Cucumber tag expression; empty runs everything. */
  tags?: string;
  /** Cucumber formatters, e.g. `progress`, `junit:reports/junit.xml`. */
  formats?: string[];
  callLimitMs?: number;
  featuresDir?: string;
  /** Where formatters without a file write; defaults to the process's stdout. */
  stdout?: Writable;
}

export interface SuiteRun {
  results: ScenarioResult[];
  wallMs: number;
  /** Texts left to human review, the first of each kind (plain JSON, so it can cross a process boundary). */
  reviewTexts: ReviewText[];
}

let loadedSupport: ISupportCodeLibrary | undefined;

export async function runSuite(options: SuiteOptions): Promise<SuiteRun> {
  const parameters: KitParameters = {
    adapterPath: options.adapterPath,
    callLimitMs: options.callLimitMs ?? DEFAULT_CALL_LIMIT_MS,
  };
  const featuresDir = options.featuresDir ?? KIT_FEATURES_DIR;
  const { runConfiguration } = await loadConfiguration({
    file: false,
    provided: {
      paths: [`${featuresDir.replace(/\/$/, '')}/**/*.feature`],
      import: SUPPORT_GLOBS,
      tags: options.tags ?? '',
      format: options.formats ?? [],
      strict: true,
      worldParameters: { ...parameters },
    },
  });
  const collector = new ResultCollector();
  const started = performance.now();
  // With no formatter asked for, cucumber would still print its default one: send that nowhere.
  const quiet = (options.formats ?? []).length === 0;
  const stdout = options.stdout ?? (quiet ? discard() : process.stdout);
  const environment = { cwd: process.cwd(), stdout, stderr: process.stderr };
  const run = await runCucumber(
    loadedSupport ? { ...runConfiguration, support: loadedSupport } : runConfiguration,
    environment,
    collector.onMessage,
  );
  loadedSupport = run.support;
  return { results: collector.results(), wallMs: performance.now() - started, reviewTexts: collector.collectedReviewTexts() };
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}
