/**
 * The kit from code: `runConformance(options)` runs the conformance suite as
 * the CLI does, in a child process (the package's own `plan-mode-conformance`
 * command, so an adapter that throws, hangs or ends its process cannot take
 * the caller down), and resolves to the run's results document, read back and
 * checked against its schema. A host's own tests (vitest, jest) assert on it.
 * The options are the CLI's, typed and checked with zod before anything runs;
 * `conformanceArguments` gives the command line they stand for. It imports
 * only Node and src/: the kit it runs is the installed package's command.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EditionSchema } from '../contract/editions.js';
import { RunLevelSchema } from '../levels.js';
import { ResultsDocumentSchema, type ResultsDocument } from '../results/results-document.js';

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

/** The options of a run, as the CLI's (docs/cli.md); every field optional. */
export const RunConformanceOptionsSchema = z
  .object({
    /** `--adapter`: `reference`, `dsh`, a path to an adapter module, or `exec:<command line>` (default `reference`). */
    adapter: z.string().min(1).optional(),
    /** `--edition`: the edition to judge against (default: the newest the adapter declares). */
    edition: EditionSchema.optional(),
    /** `--force-edition`: judge against `edition` even if the adapter does not declare it. */
    forceEdition: z.boolean().optional(),
    /** `--level`: `default` (required scenarios count) or `strict` (recommended ones too). */
    level: RunLevelSchema.optional(),
    /** `--tags`: a cucumber tag expression. */
    tags: z.string().min(1).optional(),
    /** `--baseline`: a baseline file. */
    baseline: z.string().min(1).optional(),
    /** `--explore`: the exploration's budget in sessions, or `off`. */
    explore: z.union([wholeNumber(1, 1_000_000), z.literal('off')]).optional(),
    /** `--explore-seed`. */
    exploreSeed: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
    /** `--call-limit` and `--start-limit`, in milliseconds. */
    callLimitMs: wholeNumber(1, 2_147_483_647).optional(),
    startLimitMs: wholeNumber(1, 2_147_483_647).optional(),
    /** `--features`: a folder of feature files instead of the kit's own. */
    features: z.string().min(1).optional(),
    /** `--parallel`: worker processes. */
    parallel: wholeNumber(1, 64).optional(),
    /** `--repeat` and `--allow-flaky`. */
    repeat: wholeNumber(1, 100).optional(),
    allowFlaky: z.boolean().optional(),
    /** `--shard index/count`. */
    shard: z
      .object({ index: wholeNumber(1, Number.MAX_SAFE_INTEGER), count: wholeNumber(1, Number.MAX_SAFE_INTEGER) })
      .strict()
      .refine((shard) => shard.index <= shard.count, { message: 'a shard index is at most the count' })
      .optional(),
    /** `--process-per-scenario` (an `exec:` host only). */
    processPerScenario: z.boolean().optional(),
    /** `--rerun`: run again what failed in this results file. */
    rerun: z.string().min(1).optional(),
    /** The folder the run starts in, where relative paths resolve (default: this process's). */
    cwd: z.string().min(1).optional(),
  })
  .strict();
export type RunConformanceOptions = z.input<typeof RunConformanceOptionsSchema>;

/** The options were not the CLI's, or the run ended before it wrote its results (exit 2: the host or an input could not be used). */
export class RunConformanceError extends Error {
  override name = 'RunConformanceError';
  constructor(
    message: string,
    /** The kit's exit code, when it ran. */
    readonly exitCode?: number | null,
    /** What the kit wrote on stderr. */
    readonly stderr = '',
  ) {
    super(message);
  }
}

/** The options checked; every problem named at once. */
export function parseRunConformanceOptions(options: unknown): z.output<typeof RunConformanceOptionsSchema> {
  const parsed = RunConformanceOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'options'}: ${issue.message}`,
  );
  throw new RunConformanceError(
    `runConformance: the options are not the CLI's (${problems.length}):\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
}

/** The command-line arguments the options stand for (after `plan-mode-conformance`). */
export function conformanceArguments(options: RunConformanceOptions): string[] {
  const checked = parseRunConformanceOptions(options);
  const args: string[] = [];
  const value = (name: string, given: string | number | undefined): void => {
    if (given !== undefined) args.push(`--${name}`, String(given));
  };
  const flag = (name: string, given: boolean | undefined): void => {
    if (given) args.push(`--${name}`);
  };
  value('adapter', checked.adapter);
  value('edition', checked.edition);
  flag('force-edition', checked.forceEdition);
  value('level', checked.level);
  value('tags', checked.tags);
  value('baseline', checked.baseline);
  value('explore', checked.explore);
  value('explore-seed', checked.exploreSeed);
  value('call-limit', checked.callLimitMs);
  value('start-limit', checked.startLimitMs);
  value('features', checked.features);
  value('parallel', checked.parallel);
  value('repeat', checked.repeat);
  flag('allow-flaky', checked.allowFlaky);
  value('shard', checked.shard ? `${checked.shard.index}/${checked.shard.count}` : undefined);
  flag('process-per-scenario', checked.processPerScenario);
  value('rerun', checked.rerun);
  return args;
}

/** The package's command: dist/bundled/cli.js under the package root above this module (compiled or bundled). */
function kitCommand(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'plan-mode-conformance'
    ) {
      return join(dir, 'dist', 'bundled', 'cli.js');
    }
    if (dirname(dir) === dir)
      throw new RunConformanceError(
        'runConformance: cannot find the plan-mode-conformance package this module belongs to',
      );
  }
}

/**
 * Runs the suite with `options` in a child process and resolves to its
 * results document, whatever the verdict (a failed scenario is a record of
 * it, with status `failed`); rejects with a RunConformanceError when the
 * options are refused or the run wrote no results (the kit's exit 2, with
 * its stderr).
 */
export async function runConformance(options: RunConformanceOptions = {}): Promise<ResultsDocument> {
  const args = conformanceArguments(options);
  const cwd = parseRunConformanceOptions(options).cwd ?? process.cwd();
  const folder = await mkdtemp(join(tmpdir(), 'plan-mode-conformance-api-'));
  const resultsFile = join(folder, 'results.json');
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [kitCommand(), ...args, '--format', `results:${resultsFile}`], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let text = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.once('error', reject);
      child.once('close', (exitCode) => resolve({ code: exitCode, stderr: text }));
    });
    if (!existsSync(resultsFile)) {
      const said = stderr.trim() === '' ? '' : `: ${stderr.trim()}`;
      throw new RunConformanceError(`runConformance: the run wrote no results (exit ${code})${said}`, code, stderr);
    }
    const parsed = ResultsDocumentSchema.safeParse(JSON.parse(await readFile(resultsFile, 'utf8')));
    if (!parsed.success)
      throw new RunConformanceError(
        `runConformance: the run's results file does not match its schema (a kit bug): ${parsed.error.message}`,
        code,
        stderr,
      );
    return parsed.data;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
