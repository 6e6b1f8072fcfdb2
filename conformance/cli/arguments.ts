/**
 * Command-line arguments of `plan-mode-conformance` (the run), as a table
 * (options/option-table.ts): parsed by node:util's parseArgs, and the source
 * of the run's --help and its rows in docs/cli.md. Light: the CLI parses its
 * arguments before it starts the suite's child process, without loading zod.
 */
import { parse as parseTagExpression } from '@cucumber/tag-expressions';
// Types only: the CLI parses its arguments before it starts the suite's child process, without loading zod.
import type { Edition, RunLevel } from '../../src/index.js';
import { EDITIONS } from '../../src/contract/edition-names.js';
import { availableParallelism } from 'node:os';
import { parseSlice, type Slice } from '../features/slices.js';
import { isExecAdapter } from '../transport/exec-spec.js';
import {
  DEFAULT_EXPLORE_SEED,
  DEFAULT_EXPLORE_SESSIONS,
  MAX_EXPLORE_SESSIONS,
  MAX_EXPLORE_TIME_LIMIT_S,
} from '../explore/budget.js';
import {
  defineCommandLine,
  oneOf,
  parseCommandLine,
  usageText,
  UsageError,
  wholeNumber,
} from '../options/option-table.js';
import {
  ADAPTER_OPTION,
  editionOption,
  FORCE_EDITION_OPTION,
  HELP_OPTION,
  milliseconds,
  seed32,
} from '../options/shared-options.js';
import { parseFormat, type Format } from '../options/report-formats.js';
import { VERB_LINES } from './verb-list.js';
import { DEFAULT_CALL_LIMIT_MS } from '../guard/time-limit.js';

export { UsageError };
export { MAX_CALL_LIMIT_MS, parseEdition } from '../options/shared-options.js';
export { CUCUMBER_FORMATS, isKitFormat, KIT_FORMATS, type Format, type KitFormat } from '../options/report-formats.js';

/** Workers beyond this are refused: each is a process with its own hosts. */
export const MAX_WORKERS = 64;
/** Repeats beyond this are refused: a typo of a few zeros would run for days. */
export const MAX_REPEAT = 100;

/** Every run level (the compiler checks the list against `RunLevelSchema`'s type both ways). */
const RUN_LEVELS = ['default', 'strict'] as const satisfies readonly RunLevel[];
type Exhaustive<Listed, All> = [All] extends [Listed] ? true : never;
const allRunLevelsListed: Exhaustive<(typeof RUN_LEVELS)[number], RunLevel> = true;
void allRunLevelsListed;

function checkTags(expression: string): string {
  try {
    parseTagExpression(expression);
  } catch (error) {
    throw new UsageError(`--tags '${expression}' is not a tag expression: ${(error as Error).message.split('\n')[0]}`);
  }
  return expression;
}

function parseShard(value: string): Slice {
  const shard = parseSlice(value);
  if (!shard) throw new UsageError(`--shard must be I/N with 1 <= I <= N (e.g. 2/4), got '${value}'`);
  return shard;
}

const FORMAT_NAMES = `  progress, summary, pretty   cucumber's console formats
  json, message               cucumber's own JSON and message (NDJSON) formats
  junit                       JUnit XML: one test per stable id, baselined failures skipped
  html                        the kit's self-contained HTML report
  markdown                    the compatibility report: clause texts, levels, human review
  results                     the results file (JSON, schema plan-mode-conformance/results)
  github                      GitHub Actions annotations (::error file=...,line=...) of what fails`;

export const RUN_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance',
  usage: ['plan-mode-conformance [options]', 'plan-mode-conformance <verb> [arguments]'],
  description: 'Runs the plan-mode conformance suite against a host adapter.',
  options: {
    adapter: ADAPTER_OPTION,
    level: {
      type: 'string',
      value: 'default|strict',
      default: 'default',
      parse: oneOf(RUN_LEVELS),
      help: 'default: only required (MUST) scenarios fail the run; recommended (SHOULD) ones\nare reported on a "recommended:" line. strict: recommended ones count as well',
      docs: '`default`: only required (MUST) scenarios can fail the run, recommended (SHOULD) ones are reported on their own line; `strict`: recommended scenarios count like required ones',
    },
    tags: {
      type: 'string',
      value: 'EXPR',
      default: '',
      defaultText: 'every scenario',
      parse: checkTags,
      help: 'only scenarios matching the cucumber tag expression, e.g. "@SET-02 or @CMD-04"',
      docs: 'cucumber tag expression, e.g. `"@SET-02 or @CMD-04"`, `"not @needs:restart"`',
    },
    format: {
      type: 'string',
      value: 'NAME[:FILE]',
      multiple: true,
      parse: parseFormat,
      defaultText: 'progress',
      help: `a report, to FILE or to stdout; repeatable. NAME is one of\n${FORMAT_NAMES}`,
      docs: "a report, to FILE or to stdout; repeatable. Without any, the console shows one mark per scenario as it ends (`.` passed, `F` failing, `-` skipped, `?` not checked; on a terminal a progress line instead), then the kit's closing lines. See the formats below",
    },
    baseline: {
      type: 'string',
      value: 'FILE',
      help: 'YAML of the failures the host is known to have (id, step, kind, reason, clause)',
      docs: 'YAML of the failures the host is known to have (format below)',
    },
    'write-baseline': {
      type: 'string',
      value: 'FILE',
      help: 'write a baseline listing the current failures (keeps the reasons of FILE)',
      docs: 'write a baseline from the current failures, keeping what FILE already says about them',
    },
    coverage: {
      type: 'boolean',
      help: 'check the clause catalog against the features and print the coverage table; runs nothing',
      docs: 'lint the clause catalog against the features and print the table; runs no host',
    },
    'call-limit': {
      type: 'string',
      value: 'MS',
      parse: milliseconds(),
      defaultText: String(DEFAULT_CALL_LIMIT_MS),
      help: 'time limit for one adapter call',
      docs: "time limit for one adapter call (at most 2147483647). Cucumber's own step timeout, the last resort for a step hung elsewhere, is derived from the limits (start limit + 4 call limits + 10 s), so a host call meets its own limit first, whose message names the method",
    },
    'start-limit': {
      type: 'string',
      value: 'MS',
      parse: milliseconds(),
      defaultText: '15000, or the call limit if that is longer',
      help: "time limit for a host's start or restart",
      docs: "time limit for a host's `start` and `restart`, which may launch a process and open a store (three starts in a row that time out end the run with exit 2)",
    },
    edition: {
      ...editionOption(
        `judge the host against this edition of the spec (${EDITIONS.join(', ')}), one the adapter declares`,
        `judge the host against this edition of the spec (${EDITIONS.map((edition) => `\`${edition}\``).join(', ')}), one the adapter declares (see [Editions](editions.md))`,
      ),
      defaultText: 'the newest edition the adapter declares, or seed when it declares none',
    },
    'force-edition': FORCE_EDITION_OPTION,
    features: {
      type: 'string',
      value: 'DIR',
      help: "run the feature files under DIR instead of the kit's own",
      docs: "run other feature files (e.g. a host's own extras)",
    },
    parallel: {
      type: 'string',
      value: 'N',
      parse: wholeNumber(1, MAX_WORKERS),
      defaultText: "the machine's cores for an exec: host, else 1",
      help: "run the scenarios in N worker processes, each with its own hosts; 1 by default for an\nin-process adapter, whose scenarios take milliseconds, and with cucumber's json or message\nformat, written per process. Reports list the scenarios as a serial run does",
      docs: "run the scenarios in N worker processes (1 to 64), each a supervised run of its own with its own hosts: a crash fails only that worker's scenario in flight. Default: the machine's cores for an `exec:` host (its scenarios mostly wait on process starts), 1 for an in-process adapter (its scenarios take milliseconds, less than a worker's start), and 1 with cucumber's `json` or `message` format, which are one document per process (asking for both is exit 2). Without `--parallel`, a run with one worker that explores, on a machine of two cores or more, runs its exploration in a supervised process of its own beside the scenarios' (its output, marks and results shown after theirs, the results the same as one process's); `--parallel 1` keeps the scenarios and then the exploration in one process, as does a machine of one core. Reports, the results file and the closing lines list the scenarios in the same order and with the same content as a serial run, and so does a cucumber console format (`summary`, `progress`, `pretty`) written to a file: the workers' cucumber messages are replayed through cucumber's formatter, one tally for the whole run; on stdout cucumber's console output comes one worker after another. Measured side by side on the shared 2-core machine (load average 12 to 18 from other jobs, so the gains are understated): the Python example host's whole suite (263 scenarios) 15.6 and 14.9 s with 1 worker, 12.1 and 13.1 s with 2; the in-process reference's whole suite 1.4 to 1.9 s with 1 worker, 2.0 to 2.7 s with 2 (a worker's start costs more than its share of scenarios saves); on a 38-scenario selection the Python host took 3.3 s with 1 worker and 4.6 to 5.2 s with 2, so pass `--parallel 1` for a short `--tags` run",
    },
    repeat: {
      type: 'string',
      value: 'N',
      parse: wholeNumber(1, MAX_REPEAT),
      defaultText: '1',
      help: 'run each scenario N times; a scenario whose repeats end differently is flaky\nand fails the run (reported as flaky in every report and the results file)',
      docs: "run each selected scenario N times (at most 100). A scenario whose repeats end differently (status, or the kind or step of its failure) is **flaky**: a `flaky:` line names it with each repeat's outcome, the closing line adds `, N flaky`, and it fails the run. Reports show it as flaky (JUnit: a failure of type `flaky`; HTML and Markdown: its own outcome and section; results file: status `flaky` with `repeats`, and `repeat: { times, flakyAllowed }`; docs site: its own status). A scenario whose repeats agree is reported exactly as a single run reports it. No baseline entry excuses a flaky scenario; `--write-baseline` proposes none for it and keeps one it already has",
    },
    'allow-flaky': {
      type: 'boolean',
      help: 'flaky scenarios are reported but do not fail the run',
      docs: 'flaky scenarios are reported but do not fail the run (JUnit: passed, with a `flakyFailure` per failing repeat, as Maven Surefire writes reruns)',
    },
    'require-all': {
      type: 'boolean',
      help: 'a partial run fails (exit 1): one that leaves a required clause with no passing\nscenario (skipped for a capability not declared, baselined or flaky); for a\nrelease gate that must prove everything',
      docs: 'a partial run fails (exit 1): one that leaves a required clause of the judged edition with no passing scenario (its scenarios were skipped for a capability the host does not declare, baselined or flaky). For a release gate that must prove everything; without it such a run still says `partial` (see [the closing lines](#the-closing-lines))',
    },
    'process-per-scenario': {
      type: 'boolean',
      help: 'an exec: host gets a new process for every scenario, even one that declares\nreuse (to confirm a suspected state leak between scenarios)',
      docs: "an `exec:` host gets a new process for every scenario even when it declares `reuse`, to confirm a suspected state leak between the scenarios of a reused process (a run that passes with it and fails without has one). Exit 2 with an in-process adapter, which shares the kit's process",
    },
    shard: {
      type: 'string',
      value: 'I/N',
      parse: parseShard,
      help: "run only shard I of N: every N-th selected scenario, the same on every machine;\ncombine the shards' results files with `merge`. Shards split the explored sessions too",
      docs: "run only shard I of N (see [Shards across CI machines](ci.md#shards-across-ci-machines)); not with `--write-baseline`, which would drop the other shards' entries",
    },
    explore: {
      type: 'string',
      value: 'N|off',
      parse: (text: string, option: string): number | 'off' =>
        text === 'off' ? 'off' : wholeNumber(1, MAX_EXPLORE_SESSIONS, "'off' or ")(text, option),
      defaultText: `${DEFAULT_EXPLORE_SESSIONS}; none in a run narrowed by --tags or --features`,
      help: "after the scenarios, explore N generated sessions against the kit's oracle.\nEach class of disagreement (clause and failed check) fails the run\nonce, shown as a runnable scenario with the command that replays it",
      docs: `after the scenarios, explore N generated sessions against the kit's oracle (\`off\`: none). A run narrowed by \`--tags\` or \`--features\` explores only when N is given. Each class of disagreement (clause and failed check) is one failure, record id \`explore:<CLAUSE>/<check>\`, with how many sessions showed it, its shrunk scenario and the command that replays it; see [Exploration in every run](exploration.md#exploration-in-every-run)`,
    },
    'explore-seed': {
      type: 'string',
      value: 'S',
      parse: seed32,
      defaultText: String(DEFAULT_EXPLORE_SEED),
      help: "the exploration's seed: the same seed explores the same sessions",
      docs: `the exploration's fast-check seed (a whole number in 32 bits): the same kit, host, seed and budget explore the same sessions`,
    },
    rerun: {
      type: 'string',
      value: 'FILE',
      help: "run again exactly what failed or was flaky in the results file FILE: its failed scenarios,\nand each exploration class's shrunk scenario replayed as a scenario, in FILE's edition;\nlists what cannot be rerun (a fault charged to no scenario). A rerun explores nothing,\nwrites no baseline, and its results file says it was a rerun (compare refuses it)",
      docs: "run again exactly what failed or was flaky in the results file FILE: its failed scenarios by stable id (an outline's row alone), and each exploration class's shrunk scenario (its record's `exploration.scenario`) replayed as a scenario with the class's id and clauses (record `uri` `~replay`), in the edition FILE's run judged (unless `--edition` is given). A failed record it cannot replay (a fault charged to no scenario, an exploration that ended without a shrunk scenario, an id the features no longer have) is listed as `not rerun: ID: why` and fails the rerun. The closing line ends `(a rerun of what failed in FILE: not a full run)` and the results file records `rerun: { from: FILE }`; a rerun explores nothing new, refuses `--write-baseline`, `--tags`, `--shard` and `--explore`, and `compare` refuses its results file (exit 2). See [Fixing a failure](#fixing-a-failure-rerun)",
    },
    'explore-time-limit': {
      type: 'string',
      value: 'S',
      parse: wholeNumber(1, MAX_EXPLORE_TIME_LIMIT_S),
      defaultText: 'a call limit per session of the share, at least 60',
      help: "the exploration's overall time limit in seconds; reaching it fails the run\n(exploration incomplete: N of M sessions)",
      docs: "the exploration's overall time limit, in seconds (shrinking included; at most 2000000). By default a call limit (`--call-limit`) per session of this run's share, and at least 60 s: a host that answers every call just under the call limit would otherwise take a day. Reaching it fails the run, `exploration incomplete: N of M sessions`, whatever the sessions run found",
    },
    verbose: {
      type: 'boolean',
      help: "failures also show their stack traces (in the kit's closing lines)",
      docs: 'each failure in the closing lines also shows its stack trace (none is shown otherwise, and no report or results file carries one)',
    },
    version: {
      type: 'boolean',
      help: "print the kit's version and exit",
      docs: "prints the kit's version (`package.json`) and exits",
    },
    help: HELP_OPTION,
  },
  epilogue: `Verbs:
${VERB_LINES}

Exit codes: 0 nothing counted failed; 1 a counted scenario failed, a step is undefined or
pending, a baselined scenario failed another way, a baseline entry is stale or expired, or
(with --require-all) a required clause is unproven;
2 unusable arguments, files or adapter.`,
});

/** The run's --help. */
export const USAGE = usageText(RUN_COMMAND_LINE);

export interface CliArguments {
  adapter: string;
  tags: string;
  formats: Format[];
  baseline?: string;
  writeBaseline?: string;
  coverage: boolean;
  callLimitMs?: number;
  startLimitMs?: number;
  featuresDir?: string;
  edition?: Edition;
  /** Worker processes; undefined: the default for the adapter (see `workersFor`). */
  parallel?: number;
  shard?: Slice;
  /** Judge against `edition` even when the adapter does not declare it. */
  forceEdition: boolean;
  /** How many times each scenario runs (`--repeat`); 1 when absent. */
  repeat?: number;
  allowFlaky: boolean;
  /** `--require-all`: a required clause no passing scenario proved fails the run. */
  requireAll: boolean;
  /** `--process-per-scenario`: a new host process per scenario, even for a host that declares `reuse`. */
  processPerScenario: boolean;
  level: RunLevel;
  /** `--explore N` or `--explore off`; undefined: the default (see explore/budget.ts). */
  explore?: number | 'off';
  /** `--explore-seed S`. */
  exploreSeed?: number;
  /** `--rerun FILE`: run again what failed or was flaky in this results file. */
  rerun?: string;
  /** `--explore-time-limit S`: the exploration's overall time limit, in seconds. */
  exploreTimeLimitS?: number;
  help: boolean;
  /** `--version`: print the package version, run nothing. */
  version: boolean;
  /** `--verbose`: failures in the closing lines carry their stack traces. */
  verbose: boolean;
}

/** The run's arguments: the table parsed, then the rules between options (each a UsageError naming both). */
export function parseArguments(argv: string[]): CliArguments {
  const { options } = parseCommandLine(RUN_COMMAND_LINE, argv);
  const parsed: CliArguments = {
    adapter: options.adapter,
    tags: options.tags,
    formats: options.format,
    coverage: options.coverage,
    forceEdition: options['force-edition'],
    level: options.level,
    help: options.help,
    version: options.version,
    verbose: options.verbose,
    allowFlaky: options['allow-flaky'],
    requireAll: options['require-all'],
    processPerScenario: options['process-per-scenario'],
    ...defined({
      baseline: options.baseline,
      writeBaseline: options['write-baseline'],
      callLimitMs: options['call-limit'],
      startLimitMs: options['start-limit'],
      featuresDir: options.features,
      edition: options.edition,
      parallel: options.parallel,
      shard: options.shard,
      repeat: options.repeat,
      explore: options.explore,
      exploreSeed: options['explore-seed'],
      rerun: options.rerun,
      exploreTimeLimitS: options['explore-time-limit'],
    }),
  };
  if (parsed.rerun !== undefined) {
    // A rerun runs what the file names: anything that widens, narrows or records it as a whole run is refused.
    const conflicting = [
      [
        '--write-baseline',
        parsed.writeBaseline !== undefined,
        'a rerun sees only the failures it reran; write the baseline from a whole run',
      ],
      ['--tags', parsed.tags !== '', 'a rerun runs what failed in the file, no other selection'],
      ['--shard', parsed.shard !== undefined, 'a rerun is one run of what failed'],
      [
        '--explore',
        parsed.explore !== undefined,
        'a rerun replays the exploration classes that failed, and explores nothing new',
      ],
      ['--explore-seed', parsed.exploreSeed !== undefined, 'a rerun explores nothing new'],
      ['--coverage', parsed.coverage, '--coverage runs nothing'],
    ] as const;
    const refused = conflicting
      .filter(([, given]) => given)
      .map(([option, , why]) => `--rerun cannot be combined with ${option}: ${why}`);
    if (refused.length > 0) throw new UsageError(refused.join('\n'));
  }
  if (parsed.shard && parsed.writeBaseline) {
    // A shard knows a part of the failures: the baseline it wrote would drop every other shard's entries.
    throw new UsageError(
      '--write-baseline cannot be combined with --shard: a shard sees only its part of the failures; write the baseline from a whole run',
    );
  }
  if (parsed.parallel !== undefined && parsed.parallel > 1) {
    const perProcess = parsed.formats.find((format) => PER_PROCESS_FORMATS.includes(format.name));
    if (perProcess) {
      throw new UsageError(
        `--format ${perProcess.name} cannot be combined with --parallel ${parsed.parallel}: cucumber writes one per process; use --format results, or --parallel 1`,
      );
    }
  }
  if (parsed.processPerScenario && !isExecAdapter(parsed.adapter)) {
    // An in-process adapter runs in the kit's own process: there is no host process to renew.
    throw new UsageError(
      `--process-per-scenario needs an exec: adapter (a host process); '${parsed.adapter}' runs in the kit's process`,
    );
  }
  if (parsed.forceEdition && parsed.edition === undefined)
    throw new UsageError('--force-edition needs --edition NAME: the edition to judge the host against');
  if (parsed.explore === 'off' && parsed.exploreTimeLimitS !== undefined)
    throw new UsageError('--explore-time-limit bounds an exploration, but --explore off turns it off');
  if (parsed.explore === 'off' && parsed.exploreSeed !== undefined)
    throw new UsageError('--explore-seed picks the seed of an exploration, but --explore off turns it off');
  return parsed;
}

/** The entries whose value is defined (optional fields stay absent rather than `undefined`). */
export function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Cucumber formats that are one document per cucumber run, which workers cannot share. */
const PER_PROCESS_FORMATS: readonly string[] = ['json', 'message'];

/**
 * The worker processes of a run: as asked, else the machine's cores for a
 * host process (an `exec:` host spends its time starting and waiting), else 1:
 * an in-process adapter's scenarios take milliseconds, less than a worker's start.
 */
export function workersFor(
  args: Pick<CliArguments, 'adapter' | 'parallel' | 'formats'>,
  cores = availableParallelism(),
): number {
  if (args.parallel !== undefined) return args.parallel;
  if (args.formats.some((format) => PER_PROCESS_FORMATS.includes(format.name))) return 1;
  return isExecAdapter(args.adapter) ? Math.max(1, cores) : 1;
}
