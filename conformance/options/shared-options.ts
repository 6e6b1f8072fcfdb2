/**
 * Options several commands take alike (the run, `explore`, the transport
 * check): one definition each, so their help, parsing and messages agree.
 * Light on purpose: the CLI parses its arguments before anything heavy loads.
 */
import { EDITIONS, isEdition, type Edition } from '../../src/contract/edition-names.js';
import { UsageError, wholeNumber, type FlagOption, type ValueOption } from './option-table.js';

/** Node's timers hold at most 2^31-1 ms; a longer limit would silently become 1 ms. */
export const MAX_CALL_LIMIT_MS = 2_147_483_647;

/** The adapter option: what it takes, with an exec: example. */
export const ADAPTER_OPTION = {
  type: 'string',
  value: 'NAME|PATH|exec:CMD',
  default: 'reference',
  // Every form resolveAdapterPath (adapters/adapter-path.ts) takes; a test holds the built-in names to its table.
  help: `the host to judge, in one of these forms:
  reference              the kit's reference host, in the kit's process
  dsh, dsh@0.0.1-rc.1    the upstream @deepseek-ai packages (installed beside the kit)
                         with the plan-mode package of the latest or the named release
  ./my-adapter.js        a path to an adapter module (export default defineAdapter(...))
  exec:<command line>    a host process in any language speaking the host protocol
                         on stdin/stdout, started for each scenario (or reused), e.g.
                         --adapter "exec:python3 node_modules/plan-mode-conformance/examples/python-host/host.py"`,
  docs: '`reference` (the kit\'s reference host); `dsh` or `dsh@0.0.1-rc.1` (the upstream `@deepseek-ai` packages installed beside the kit, with the latest or the named release of the plan-mode package); a path to an adapter module (`export default defineAdapter(...)`); or `exec:<command line>` for a host process in any language speaking the [host protocol](../protocol/README.md), e.g. `--adapter "exec:python3 node_modules/plan-mode-conformance/examples/python-host/host.py"` from a project that installed the kit',
} as const satisfies ValueOption<string>;

export function parseEdition(value: string): Edition {
  if (isEdition(value)) return value;
  throw new UsageError(`--edition '${value}' is not an edition of the spec: expected ${EDITIONS.join(' or ')}`);
}

/** `--edition NAME`; `help` says what the command does with it. */
export function editionOption(
  help: string,
  docs?: string,
): ValueOption<Edition> & { parse: (text: string) => Edition } {
  return { type: 'string', value: 'NAME', help, ...(docs ? { docs } : {}), parse: parseEdition };
}

export const FORCE_EDITION_OPTION = {
  type: 'boolean',
  help: 'with --edition: judge the host against an edition it does not declare;\nevery report says the run was forced',
  docs: 'with `--edition`: judge the host against an edition it does not declare (otherwise exit 2); every report says the run was forced',
} as const satisfies FlagOption;

/** A limit in milliseconds: a positive whole number Node's timers can hold (or less, `max`). */
export function milliseconds(max = MAX_CALL_LIMIT_MS): (text: string, option: string) => number {
  return (text, option) => {
    const limit = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isInteger(limit) || limit < 1) {
      throw new UsageError(`${option} must be a positive whole number of milliseconds, got '${text}'`);
    }
    if (limit > max) {
      throw new UsageError(
        max === MAX_CALL_LIMIT_MS
          ? `${option} must be at most ${max} ms (about 24.8 days), got '${text}'`
          : `${option} must be at most ${max} ms, got '${text}'`,
      );
    }
    return limit;
  };
}

/** A fast-check seed: a whole number that fits in 32 bits. */
export function seed32(text: string, option: string): number {
  const seed = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(seed) || (seed | 0) !== seed) {
    throw new UsageError(
      `${option} must be a whole number that fits in 32 bits (-2147483648 to 2147483647), got '${text}'`,
    );
  }
  return seed;
}

export const HELP_OPTION = { type: 'boolean', short: 'h', help: 'show this text' } as const satisfies FlagOption;

export { wholeNumber };
