/** Arguments of `plan-mode-conformance explore`, parsed strictly: anything unusable is one clear line (exit 2). */
import { parseEdition, splitOption, UsageError } from '../cli/arguments.js';
import type { Edition } from '../../src/contract/edition-names.js';

export const EXPLORE_USAGE = `Usage: plan-mode-conformance explore [options]

Generates random sessions (several agents; prompts, tool calls, retries; selections
and /plan lines while idle and mid-request; reviews answered every way; forks,
spawns, compactions and restarts where the host declares them), compares every
observation with the kit's oracle, and prints the shrunk disagreement as a Gherkin
scenario written with the suite's own steps.

Options:
  --adapter NAME|PATH   built-in adapter (reference, dsh) or path to an adapter module (default: reference)
  --runs N              sessions to generate (default: 100)
  --seed S              fast-check seed (default: random, printed)
  --path P              replay the counterexample at fast-check path P (with its --seed)
  --max-steps M         at most M commands per session (default: 12)
  --out FILE            write the counterexample as a complete feature file
  --level strict        also judge recommended (SHOULD) clauses
  --edition NAME        the edition of the spec the host and the oracle follow (seed, rc.8); default: the newest
                        edition the adapter declares, or seed when it declares none (as the suite chooses)
  --force-edition       with --edition: an edition the adapter does not declare
  --expect IDS          comma-separated clause ids of known divergences (ID, or ID@retry for one seen only at a
                        retry of a failed request): a run stopping at one is counted, not reported
  --call-limit MS       time limit for one adapter call (default: 5000)
  --help                show this text

Exit codes: 0 nothing disagreed; 1 a counterexample was found; 2 unusable arguments or adapter.`;

export interface ExploreArguments {
  adapter: string;
  runs: number;
  seed?: number;
  path?: string;
  maxSteps: number;
  out?: string;
  strict: boolean;
  edition?: Edition;
  forceEdition: boolean;
  expect: string[];
  callLimitMs: number;
  help: boolean;
}

const VALUE_OPTIONS = new Set(['--adapter', '--runs', '--seed', '--path', '--max-steps', '--out', '--level', '--edition', '--expect', '--call-limit']);

function positiveInteger(option: string, value: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw new UsageError(`${option} needs a whole number from 1 to ${max}, got '${value}'`);
  return Number(value);
}

export function parseExploreArguments(argv: string[]): ExploreArguments {
  const parsed: ExploreArguments = { adapter: 'reference', runs: 100, maxSteps: 12, strict: false, forceEdition: false, expect: [], callLimitMs: 5_000, help: false };
  const seen = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index]!;
    const [option, inline] = splitOption(raw);
    if (option === '--help' || option === '-h') {
      parsed.help = true;
      continue;
    }
    if (option === '--force-edition' && inline === undefined) {
      parsed.forceEdition = true;
      continue;
    }
    if (!VALUE_OPTIONS.has(option)) throw new UsageError(`explore: unknown argument '${raw}' (see explore --help)`);
    const value = inline ?? argv[++index];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`explore: ${option} needs a value`);
    if (seen.has(option)) throw new UsageError(`explore: ${option} given twice`);
    seen.add(option);
    switch (option) {
      case '--adapter':
        parsed.adapter = value;
        break;
      case '--runs':
        parsed.runs = positiveInteger('explore: --runs', value, 100_000);
        break;
      case '--seed':
        if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new UsageError(`explore: --seed needs a whole number, got '${value}'`);
        parsed.seed = Number(value) | 0;
        if (String(parsed.seed) !== String(Number(value))) throw new UsageError(`explore: --seed must fit in 32 bits, got '${value}'`);
        break;
      case '--path':
        if (!/^\d+(:\d+)*$/.test(value)) throw new UsageError(`explore: --path needs a fast-check path such as 12:0:3, got '${value}'`);
        parsed.path = value;
        break;
      case '--max-steps':
        parsed.maxSteps = positiveInteger('explore: --max-steps', value, 200);
        break;
      case '--out':
        parsed.out = value;
        break;
      case '--level':
        if (value !== 'strict' && value !== 'default') throw new UsageError(`explore: --level takes 'strict' (or 'default'), got '${value}'`);
        parsed.strict = value === 'strict';
        break;
      case '--edition':
        parsed.edition = parseEdition(value);
        break;
      case '--expect':
        parsed.expect = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
        for (const id of parsed.expect) if (!/^[A-Z]+-\d{2}(@retry)?$/.test(id)) throw new UsageError(`explore: --expect takes clause ids such as SET-06 or SET-06@retry, got '${id}'`);
        break;
      case '--call-limit':
        parsed.callLimitMs = positiveInteger('explore: --call-limit', value, 600_000);
        break;
    }
  }
  if (parsed.forceEdition && parsed.edition === undefined) throw new UsageError('explore: --force-edition needs --edition NAME');
  if (parsed.path !== undefined && parsed.seed === undefined) throw new UsageError('explore: --path replays a run of one seed: give --seed too');
  return parsed;
}
