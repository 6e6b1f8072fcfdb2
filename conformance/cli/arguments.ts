/** Command-line arguments of `plan-mode-conformance`, parsed strictly. */
import { parse as parseTagExpression } from '@cucumber/tag-expressions';
// Types only: the CLI parses its arguments before it starts the suite's child process, without loading zod.
import type { Edition, RunLevel } from '../../src/index.js';
// The list alone, without zod: the CLI parses its arguments before anything heavy loads.
import { EDITIONS, isEdition } from '../../src/contract/edition-names.js';
import { availableParallelism } from 'node:os';
import { parseSlice, type Slice } from '../features/slices.js';
import { isExecAdapter } from '../transport/exec-spec.js';
import { DEFAULT_EXPLORE_SEED, DEFAULT_EXPLORE_SESSIONS, MAX_EXPLORE_SESSIONS } from '../explore/budget.js';

export const USAGE = `Usage: plan-mode-conformance [options]
       plan-mode-conformance <command> [arguments]

Runs the plan-mode conformance suite against a host adapter.

Options:
  --adapter NAME|PATH      built-in adapter (reference, dsh) or path to an adapter module (default: reference)
  --level default|strict   default: only required (MUST) scenarios fail the run; recommended (SHOULD) ones
                           are reported on a "recommended:" line. strict: recommended ones count as well
  --tags EXPR              only scenarios matching the cucumber tag expression, e.g. "@SET-02 or @CMD-04"
  --format NAME[:FILE]     a report, to FILE or to stdout; repeatable (default: progress). NAME is one of
                             progress, summary, pretty   cucumber's console formats
                             json, message               cucumber's own JSON and message (NDJSON) formats
                             junit                       JUnit XML: one test per stable id, baselined failures skipped
                             html                        the kit's self-contained HTML report
                             markdown                    the compatibility report: clause texts, levels, human review
                             results                     the results file (JSON, schema plan-mode-conformance/results)
                             github                      GitHub Actions annotations (::error file=...,line=...) of what fails
  --baseline FILE          YAML of the failures the host is known to have (id, step, kind, reason, clause)
  --write-baseline FILE    write a baseline listing the current failures (keeps the reasons of FILE)
  --coverage               check the clause catalog against the features and print the coverage table; runs nothing
  --call-limit MS          time limit for one adapter call (default: 5000)
  --start-limit MS         time limit for a host's start or restart (default: 15000,
                           or the call limit if that is longer)
  --edition NAME           judge the host against this edition of the spec (seed, rc.8), one the adapter
                           declares; default: the newest edition it declares, or seed when it declares none
  --force-edition          with --edition: judge the host against an edition it does not declare;
                           every report says the run was forced
  --features DIR           run the feature files under DIR instead of the kit's own
  --parallel N             run the scenarios in N worker processes, each with its own hosts (default: the
                           machine's cores for an exec: host, 1 for an in-process adapter, whose scenarios
                           take milliseconds; 1 with cucumber's json or message format, written per process).
                           Reports list the scenarios as a serial run does
  --repeat N               run each scenario N times; a scenario whose repeats end differently is flaky
                           and fails the run (reported as flaky in every report and the results file)
  --allow-flaky            flaky scenarios are reported but do not fail the run
  --process-per-scenario   an exec: host gets a new process for every scenario, even one that declares
                           reuse (to confirm a suspected state leak between scenarios)
  --shard I/N              run only shard I of N: every N-th selected scenario, the same on every machine;
                           combine the shards' results files with \`merge\`. Shards split the explored sessions too
  --explore N|off          after the scenarios, explore N generated sessions against the kit's oracle
                           (default: ${DEFAULT_EXPLORE_SESSIONS}; a run narrowed by --tags or --features explores only
                           when N is given). Each class of disagreement (clause and failed check) fails the run
                           once, shown as a runnable scenario with the command that replays it
  --explore-seed S         the exploration's seed (default: ${DEFAULT_EXPLORE_SEED}): the same seed explores the same sessions
  --verbose                failures also show their stack traces (in the kit's closing lines)
  --version                print the kit's version and exit
  --help                   show this text

Commands:
  init [FILE]              write a commented adapter skeleton to FILE (default: plan-mode-adapter.mjs)
  explore                  explore a host against the kit's oracle
  docs --out DIR [RESULTS.json ...]   build the static documentation site from results files
  compare OLD.json NEW.json           list regressions between two results files (exit 1 on any;
                                      2 when they judged different editions)
  merge --out FILE SHARD.json...      combine the results files of the shards of one run into one
  quotes --edition NAME FILE          check an edition's quotes against a README FILE: list each clause
                                      whose sentence FILE does not say (exit 1 when any is missing)

Exit codes: 0 nothing counted failed; 1 a counted scenario failed, a step is undefined or
pending, a baselined scenario failed another way, or a baseline entry is stale or expired;
2 unusable arguments, files or adapter.`;

/** Formats cucumber writes (its own definitions). */
export const CUCUMBER_FORMATS = ['progress', 'summary', 'pretty', 'message', 'json'] as const;
/** Formats the kit writes from its results, so they agree with the exit code. */
export const KIT_FORMATS = ['junit', 'html', 'markdown', 'results', 'github'] as const;
export type KitFormat = (typeof KIT_FORMATS)[number];

export function isKitFormat(name: string): name is KitFormat {
  return (KIT_FORMATS as readonly string[]).includes(name);
}

export interface Format {
  name: string;
  file?: string;
}

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
  /** `--process-per-scenario`: a new host process per scenario, even for a host that declares `reuse`. */
  processPerScenario: boolean;
  level: RunLevel;
  /** `--explore N` or `--explore off`; undefined: the default (see explore/budget.ts). */
  explore?: number | 'off';
  /** `--explore-seed S`. */
  exploreSeed?: number;
  help: boolean;
  /** `--version`: print the package version, run nothing. */
  version: boolean;
  /** `--verbose`: failures in the closing lines carry their stack traces. */
  verbose: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

const VALUE_OPTIONS = new Set([
  '--adapter',
  '--tags',
  '--format',
  '--baseline',
  '--write-baseline',
  '--call-limit',
  '--start-limit',
  '--features',
  '--level',
  '--edition',
  '--parallel',
  '--shard',
  '--repeat',
  '--explore',
  '--explore-seed',
]);

/** `--name=value` as `['--name', 'value']`; anything else as `[raw, undefined]` (the value, if any, is the next argument). */
export function splitOption(raw: string): [string, string | undefined] {
  const equals = raw.indexOf('=');
  return raw.startsWith('--') && equals >= 0 ? [raw.slice(0, equals), raw.slice(equals + 1)] : [raw, undefined];
}

export function parseArguments(argv: string[]): CliArguments {
  const parsed: CliArguments = {
    adapter: 'reference',
    tags: '',
    formats: [],
    coverage: false,
    forceEdition: false,
    level: 'default',
    help: false,
    version: false,
    verbose: false,
    allowFlaky: false,
    processPerScenario: false,
  };
  const seen = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index]!;
    const [option, inline] = splitOption(raw);
    if (option === '--help' || option === '-h') {
      parsed.help = true;
      continue;
    }
    if (option === '--version') {
      parsed.version = true;
      continue;
    }
    if (option === '--verbose') {
      parsed.verbose = true;
      continue;
    }
    if (option === '--coverage') {
      parsed.coverage = true;
      continue;
    }
    if (option === '--force-edition') {
      parsed.forceEdition = true;
      continue;
    }
    if (option === '--allow-flaky') {
      parsed.allowFlaky = true;
      continue;
    }
    if (option === '--process-per-scenario') {
      parsed.processPerScenario = true;
      continue;
    }
    if (!VALUE_OPTIONS.has(option)) throw new UsageError(`unknown argument '${raw}' (see --help)`);
    const value = inline ?? argv[++index];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`${option} needs a value`);
    if (option !== '--format' && seen.has(option)) throw new UsageError(`${option} given twice`);
    seen.add(option);
    switch (option) {
      case '--adapter':
        parsed.adapter = value;
        break;
      case '--tags':
        parsed.tags = checkTags(value);
        break;
      case '--format':
        parsed.formats.push(parseFormat(value));
        break;
      case '--baseline':
        parsed.baseline = value;
        break;
      case '--write-baseline':
        parsed.writeBaseline = value;
        break;
      case '--call-limit':
        parsed.callLimitMs = parseLimit('--call-limit', value);
        break;
      case '--start-limit':
        parsed.startLimitMs = parseLimit('--start-limit', value);
        break;
      case '--features':
        parsed.featuresDir = value;
        break;
      case '--level':
        parsed.level = parseLevel(value);
        break;
      case '--edition':
        parsed.edition = parseEdition(value);
        break;
      case '--parallel':
        parsed.parallel = parseCount('--parallel', value, MAX_WORKERS);
        break;
      case '--repeat':
        parsed.repeat = parseCount('--repeat', value, MAX_REPEAT);
        break;
      case '--explore':
        parsed.explore = value === 'off' ? 'off' : parseCount('--explore', value, MAX_EXPLORE_SESSIONS, `'off' or `);
        break;
      case '--explore-seed':
        parsed.exploreSeed = parseSeed(value);
        break;
      case '--shard': {
        const shard = parseSlice(value);
        if (!shard) throw new UsageError(`--shard must be I/N with 1 <= I <= N (e.g. 2/4), got '${value}'`);
        parsed.shard = shard;
        break;
      }
    }
  }
  if (parsed.shard && parsed.writeBaseline) {
    // A shard knows a part of the failures: the baseline it wrote would drop every other shard's entries.
    throw new UsageError('--write-baseline cannot be combined with --shard: a shard sees only its part of the failures; write the baseline from a whole run');
  }
  if (parsed.parallel !== undefined && parsed.parallel > 1) {
    const perProcess = parsed.formats.find((format) => PER_PROCESS_FORMATS.includes(format.name));
    if (perProcess) {
      throw new UsageError(`--format ${perProcess.name} cannot be combined with --parallel ${parsed.parallel}: cucumber writes one per process; use --format results, or --parallel 1`);
    }
  }
  if (parsed.processPerScenario && !isExecAdapter(parsed.adapter)) {
    // An in-process adapter runs in the kit's own process: there is no host process to renew.
    throw new UsageError(`--process-per-scenario needs an exec: adapter (a host process); '${parsed.adapter}' runs in the kit's process`);
  }
  if (parsed.forceEdition && parsed.edition === undefined) throw new UsageError('--force-edition needs --edition NAME: the edition to judge the host against');
  if (parsed.explore === 'off' && parsed.exploreSeed !== undefined) throw new UsageError('--explore-seed picks the seed of an exploration, but --explore off turns it off');
  return parsed;
}

/** Cucumber formats that are one document per cucumber run, which workers cannot share. */
const PER_PROCESS_FORMATS: readonly string[] = ['json', 'message'];

/**
 * The worker processes of a run: as asked, else the machine's cores for a
 * host process (an `exec:` host spends its time starting and waiting), else 1:
 * an in-process adapter's scenarios take milliseconds, less than a worker's start.
 */
export function workersFor(args: Pick<CliArguments, 'adapter' | 'parallel' | 'formats'>, cores = availableParallelism()): number {
  if (args.parallel !== undefined) return args.parallel;
  if (args.formats.some((format) => PER_PROCESS_FORMATS.includes(format.name))) return 1;
  return isExecAdapter(args.adapter) ? Math.max(1, cores) : 1;
}

/** Workers beyond this are refused: each is a process with its own hosts. */
export const MAX_WORKERS = 64;
/** Repeats beyond this are refused: a typo of a few zeros would run for days. */
export const MAX_REPEAT = 100;

function parseCount(option: string, value: string, max: number, alternative = ''): number {
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(count) || count < 1 || count > max) {
    throw new UsageError(`${option} must be ${alternative}a whole number from 1 to ${max}, got '${value}'`);
  }
  return count;
}

/** A fast-check seed: a whole number that fits in 32 bits. */
function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(seed) || (seed | 0) !== seed) {
    throw new UsageError(`--explore-seed must be a whole number that fits in 32 bits (-2147483648 to 2147483647), got '${value}'`);
  }
  return seed;
}

export function parseEdition(value: string): Edition {
  if (isEdition(value)) return value;
  throw new UsageError(`--edition '${value}' is not an edition of the spec: expected ${EDITIONS.join(' or ')}`);
}

function checkTags(expression: string): string {
  try {
    parseTagExpression(expression);
  } catch (error) {
    throw new UsageError(`--tags '${expression}' is not a tag expression: ${(error as Error).message.split('\n')[0]}`);
  }
  return expression;
}

function parseFormat(value: string): Format {
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  const file = colon < 0 ? undefined : value.slice(colon + 1);
  const known: readonly string[] = [...CUCUMBER_FORMATS, ...KIT_FORMATS];
  if (!known.includes(name)) throw new UsageError(`unknown format '${name}' (known: ${known.join(', ')})`);
  if (file === '') throw new UsageError(`--format ${name}: empty file name`);
  return file === undefined ? { name } : { name, file };
}

/** Node's timers hold at most 2^31-1 ms; a longer limit would silently become 1 ms. */
export const MAX_CALL_LIMIT_MS = 2_147_483_647;

function parseLimit(option: string, value: string): number {
  const limit = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(limit) || limit < 1) {
    throw new UsageError(`${option} must be a positive whole number of milliseconds, got '${value}'`);
  }
  if (limit > MAX_CALL_LIMIT_MS) throw new UsageError(`${option} must be at most ${MAX_CALL_LIMIT_MS} ms (about 24.8 days), got '${value}'`);
  return limit;
}

/** Every run level (the compiler checks the list against `RunLevelSchema`'s type both ways). */
const RUN_LEVELS = ['default', 'strict'] as const satisfies readonly RunLevel[];
type Exhaustive<Listed, All> = [All] extends [Listed] ? true : never;
const allRunLevelsListed: Exhaustive<(typeof RUN_LEVELS)[number], RunLevel> = true;
void allRunLevelsListed;

function parseLevel(value: string): RunLevel {
  const level = RUN_LEVELS.find((known) => known === value);
  if (level === undefined) throw new UsageError(`--level must be ${RUN_LEVELS.join(' or ')}, got '${value}'`);
  return level;
}
