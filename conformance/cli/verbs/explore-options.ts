/**
 * The options of `plan-mode-conformance explore`, as a table (options/option-table.ts):
 * its --help and its rows in docs/cli.md come from it. Anything unusable is
 * one clear line (exit 2).
 */
import { EDITIONS, type Edition } from '../../../src/contract/edition-names.js';
import { DEFAULT_MAX_STEPS } from '../../explore/budget.js';
import { defineCommandLine, UsageError, type ParsedCommandLine } from '../../options/option-table.js';
import { ADAPTER_OPTION, editionOption, FORCE_EDITION_OPTION, HELP_OPTION } from '../../options/shared-options.js';

/** explore's own wording for a bounded whole number: `--runs needs a whole number from 1 to 100000`. */
function positiveInteger(max: number): (text: string, option: string) => number {
  return (text, option) => {
    if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
      throw new UsageError(`${option} needs a whole number from 1 to ${max}, got '${text}'`);
    return Number(text);
  };
}

function parseSeed(text: string, option: string): number {
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new UsageError(`${option} needs a whole number, got '${text}'`);
  const seed = Number(text) | 0;
  if (String(seed) !== String(Number(text))) throw new UsageError(`${option} must fit in 32 bits, got '${text}'`);
  return seed;
}

function parsePath(text: string, option: string): string {
  if (!/^\d+(:\d+)*$/.test(text))
    throw new UsageError(`${option} needs a fast-check path such as 12:0:3, got '${text}'`);
  return text;
}

function parseStrict(text: string, option: string): boolean {
  if (text !== 'strict' && text !== 'default')
    throw new UsageError(`${option} takes 'strict' (or 'default'), got '${text}'`);
  return text === 'strict';
}

function parseExpect(text: string, option: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  for (const id of ids)
    if (!/^[A-Z]+-\d{2}(@retry)?$/.test(id))
      throw new UsageError(`${option} takes clause ids such as SET-06 or SET-06@retry, got '${id}'`);
  return ids;
}

export const EXPLORE_COMMAND_LINE = defineCommandLine({
  program: 'plan-mode-conformance explore',
  usage: ['plan-mode-conformance explore [options]'],
  synopsis: 'explore [options]',
  summary: "explore a host against the kit's oracle",
  description: `Generates random sessions (several agents; prompts, tool calls, retries; selections
and /plan lines while idle and mid-request; reviews answered every way; forks,
spawns, compactions and restarts where the host declares them), compares every
observation with the kit's oracle, and prints the shrunk disagreement as a Gherkin
scenario written with the suite's own steps.`,
  options: {
    adapter: ADAPTER_OPTION,
    runs: { type: 'string', value: 'N', default: 100, parse: positiveInteger(100_000), help: 'sessions to generate' },
    seed: { type: 'string', value: 'S', parse: parseSeed, defaultText: 'random, printed', help: 'fast-check seed' },
    path: {
      type: 'string',
      value: 'P',
      parse: parsePath,
      help: 'replay the counterexample at fast-check path P (with its --seed)',
    },
    'max-steps': {
      type: 'string',
      value: 'M',
      default: DEFAULT_MAX_STEPS,
      parse: positiveInteger(200),
      help: 'at most M commands per session',
    },
    out: {
      type: 'string',
      value: 'FILE',
      help: 'write the counterexample as a complete feature file (refused when FILE exists, unless --force;\nnever through a symbolic link)',
      docs: 'write the counterexample as a complete feature file; refused when `FILE` exists (unless `--force`) and when it is a symbolic link',
    },
    force: { type: 'boolean', help: 'with --out: replace an existing FILE' },
    level: {
      type: 'string',
      value: 'default|strict',
      default: false,
      defaultText: 'default',
      parse: parseStrict,
      help: 'strict: also judge recommended (SHOULD) clauses',
    },
    edition: {
      ...editionOption(`the edition of the spec the host and the oracle follow (${EDITIONS.join(', ')})`),
      defaultText: 'the newest edition the adapter declares, or seed when it declares none (as the suite chooses)',
    },
    'force-edition': {
      ...FORCE_EDITION_OPTION,
      help: 'with --edition: an edition the adapter does not declare',
      docs: 'with `--edition`: an edition the adapter does not declare',
    },
    expect: {
      type: 'string',
      value: 'IDS',
      default: [] as string[],
      parse: parseExpect,
      help: 'comma-separated clause ids of known divergences (ID, or ID@retry for one seen only at a\nretry of a failed request): a run stopping at one is counted, not reported',
    },
    'call-limit': {
      type: 'string',
      value: 'MS',
      default: 5_000,
      parse: positiveInteger(600_000),
      help: 'time limit for one adapter call',
    },
    coverage: {
      type: 'boolean',
      help: "also print which pairs of state feature and action, and which value classes, the sessions\nreached (not the run's --coverage, which lints the clause catalog)",
      docs: "also print which pairs of state feature and action, and which value classes, the sessions reached ([how to read it](exploration.md#what-the-exploration-reached)); not the run's `--coverage`, which lints the clause catalog",
    },
    help: HELP_OPTION,
  },
  epilogue: 'Exit codes: 0 nothing disagreed; 1 a counterexample was found; 2 unusable arguments or adapter.',
});

export interface ExploreArguments {
  adapter: string;
  runs: number;
  seed?: number;
  path?: string;
  maxSteps: number;
  out?: string;
  force: boolean;
  strict: boolean;
  edition?: Edition;
  forceEdition: boolean;
  expect: string[];
  callLimitMs: number;
  coverage: boolean;
}

/** The parsed table as explore's arguments, with the rules between options. */
export function exploreArguments({
  options,
}: ParsedCommandLine<typeof EXPLORE_COMMAND_LINE.options>): ExploreArguments {
  if (options['force-edition'] && options.edition === undefined)
    throw new UsageError('--force-edition needs --edition NAME');
  if (options.force && options.out === undefined)
    throw new UsageError('--force replaces the file --out names: give --out FILE');
  if (options.path !== undefined && options.seed === undefined)
    throw new UsageError('--path replays a run of one seed: give --seed too');
  return {
    adapter: options.adapter,
    runs: options.runs,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.path !== undefined ? { path: options.path } : {}),
    maxSteps: options['max-steps'],
    ...(options.out !== undefined ? { out: options.out } : {}),
    force: options.force,
    strict: options.level,
    ...(options.edition !== undefined ? { edition: options.edition } : {}),
    forceEdition: options['force-edition'],
    expect: options.expect,
    callLimitMs: options['call-limit'],
    coverage: options.coverage,
  };
}
