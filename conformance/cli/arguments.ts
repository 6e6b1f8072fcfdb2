/** Command-line arguments of `plan-mode-conformance`, parsed strictly. */
import { parse as parseTagExpression } from '@cucumber/tag-expressions';

export const USAGE = `Usage: plan-mode-conformance [options]

Runs the plan-mode conformance suite against a host adapter.

Options:
  --adapter NAME|PATH      built-in adapter (reference, dsh) or path to an adapter module (default: reference)
  --tags EXPR              only scenarios matching the cucumber tag expression, e.g. "@SET-02 or @CMD-04"
  --format NAME[:FILE]     progress, summary, pretty, junit, html, message or markdown; repeatable (default: progress)
  --baseline FILE          YAML of scenarios the host is known to fail, each with a reason
  --write-baseline FILE    write a baseline listing the current failures
  --coverage               check the clause catalog against the features and print the coverage table; runs nothing
  --call-limit MS          time limit for one adapter call (default: 5000)
  --features DIR           run the feature files under DIR instead of the kit's own
  --help                   show this text

Exit codes: 0 nothing failed; 1 a scenario failed, a step is undefined or pending,
or a baseline entry is stale; 2 unusable arguments or an adapter that cannot be loaded.`;

export const CUCUMBER_FORMATS = ['progress', 'summary', 'pretty', 'junit', 'html', 'message', 'json'] as const;
export const KIT_FORMATS = ['markdown'] as const;

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
  featuresDir?: string;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

const VALUE_OPTIONS = new Set(['--adapter', '--tags', '--format', '--baseline', '--write-baseline', '--call-limit', '--features']);

export function parseArguments(argv: string[]): CliArguments {
  const parsed: CliArguments = { adapter: 'reference', tags: '', formats: [], coverage: false, help: false };
  const seen = new Set<string>();
  for (let index = 0; index < argv.length; index += 1) {
    const raw = argv[index]!;
    const [option, inline] = raw.startsWith('--') && raw.includes('=') ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)] : [raw, undefined];
    if (option === '--help' || option === '-h') {
      parsed.help = true;
      continue;
    }
    if (option === '--coverage') {
      parsed.coverage = true;
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
        parsed.callLimitMs = parseLimit(value);
        break;
      case '--features':
        parsed.featuresDir = value;
        break;
    }
  }
  return parsed;
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

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--call-limit must be a positive whole number of milliseconds, got '${value}'`);
  return limit;
}
