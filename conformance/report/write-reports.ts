/**
 * Writes the kit's own reports (junit, html, markdown, results, github) where
 * `--format` asked for them. One that cannot be written is named in the list
 * returned, and the others are written all the same.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Format, KitFormat } from '../options/report-formats.js';
import { isKitFormat } from '../options/report-formats.js';
import type { BaselineVerdict } from '../results/baseline.js';
import type { ScenarioResult } from '../results/scenario-result.js';
import { githubAnnotations } from './github-annotations.js';
import { htmlReport } from './html-report.js';
import { junitReport } from './junit-report.js';
import { markdownReport } from './markdown-report.js';
import { resultsFile } from './results-file.js';
import type { RunContext } from '../results/run-context.js';

const WRITERS: Record<KitFormat, (context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict) => string> =
  {
    junit: junitReport,
    html: htmlReport,
    markdown: markdownReport,
    results: resultsFile,
    github: githubAnnotations,
  };

export async function writeKitReports(
  formats: Format[],
  context: RunContext,
  results: ScenarioResult[],
  verdict: BaselineVerdict,
  stdout: (text: string) => void = (text) => process.stdout.write(text),
  /** Where a format with a file is written (the CLI stages it under a temporary name); by default its file. */
  pathOf: (format: Format) => string | undefined = (format) =>
    format.file !== undefined ? resolve(format.file) : undefined,
): Promise<string[]> {
  const failures: string[] = [];
  for (const format of formats) {
    if (!isKitFormat(format.name)) continue;
    const text = WRITERS[format.name](context, results, verdict);
    if (format.file === undefined) {
      stdout(text);
      continue;
    }
    const path = pathOf(format) ?? resolve(format.file);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text);
    } catch (error) {
      // A part-written file is no report: nothing is left under either name.
      await rm(path, { force: true });
      failures.push(
        `--format ${format.name}:${format.file}: cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  return failures;
}
