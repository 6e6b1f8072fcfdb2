/**
 * The report formats `--format` takes: cucumber's own and the kit's. Here, not
 * in the CLI, because the report writers read the same names (no lower
 * folder imports cli/).
 */
import { UsageError } from './option-table.js';

/** Formats cucumber writes (its own definitions). */
export const CUCUMBER_FORMATS = ['progress', 'summary', 'pretty', 'message', 'json'] as const;
/** Formats the kit writes from its results, so they agree with the exit code. */
export const KIT_FORMATS = ['junit', 'html', 'markdown', 'results', 'github'] as const;
export type KitFormat = (typeof KIT_FORMATS)[number];

export function isKitFormat(name: string): name is KitFormat {
  return (KIT_FORMATS as readonly string[]).includes(name);
}

/** One `--format NAME[:FILE]`: a report, to FILE or (without one) to stdout. */
export interface Format {
  name: string;
  file?: string;
}

/** `NAME[:FILE]` as a Format, or a UsageError naming what is wrong. */
export function parseFormat(value: string): Format {
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  const file = colon < 0 ? undefined : value.slice(colon + 1);
  const known: readonly string[] = [...CUCUMBER_FORMATS, ...KIT_FORMATS];
  if (!known.includes(name)) throw new UsageError(`unknown format '${name}' (known: ${known.join(', ')})`);
  if (file === '') throw new UsageError(`--format ${name}: empty file name`);
  return file === undefined ? { name } : { name, file };
}
