/** Writes the kit's own reports (junit, html, markdown, results, github) where `--format` asked for them. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Format, KitFormat } from '../cli/arguments.js';
import { isKitFormat } from '../cli/arguments.js';
import type { BaselineVerdict } from '../runner/baseline.js';
import type { ScenarioResult } from '../runner/scenario-result.js';
import { githubAnnotations } from './github-annotations.js';
import { htmlReport } from './html-report.js';
import { junitReport } from './junit-report.js';
import { markdownReport } from './markdown-report.js';
import { resultsFile } from './results-file.js';
import type { RunContext } from './run-context.js';

const WRITERS: Record<KitFormat, (context: RunContext, results: ScenarioResult[], verdict: BaselineVerdict) => string> = {
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
): Promise<void> {
  for (const format of formats) {
    if (!isKitFormat(format.name)) continue;
    const text = WRITERS[format.name](context, results, verdict);
    if (format.file) {
      const path = resolve(format.file);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text);
    } else {
      stdout(text);
    }
  }
}
