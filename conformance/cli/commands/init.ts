/**
 * `plan-mode-conformance init [FILE]`: writes a commented adapter skeleton to
 * FILE (default `plan-mode-adapter.mjs`: the .mjs extension makes it an ES
 * module whatever the project's package.json says). Never overwrites a file.
 */
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { ADAPTER_SKELETON } from '../adapter-skeleton.js';

export const DEFAULT_ADAPTER_FILE = 'plan-mode-adapter.mjs';

const USAGE = `Usage: plan-mode-conformance init [FILE]

Writes a complete, commented adapter skeleton to FILE (default: ${DEFAULT_ADAPTER_FILE}).
It loads and runs at once; until you connect your host, start() throws "not
implemented: connect your host here" and the run stops there (exit 2), so
nothing passes unchecked. An existing file is never overwritten.`;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = argv.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined || argv.length > 1) {
    console.error(`plan-mode-conformance init: ${unknown !== undefined ? `unknown option '${unknown}'` : 'give at most one file'} (see init --help)`);
    return 2;
  }
  const file = argv[0] ?? DEFAULT_ADAPTER_FILE;
  const path = resolve(file);
  try {
    // 'wx': create only; refusing to overwrite is atomic, not a check followed by a write.
    await writeFile(path, ADAPTER_SKELETON.replace('__FILE__', basename(file)), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' ? 'it already exists; refusing to overwrite it (choose another file name)' : `cannot write it (${code ?? (error as Error).message})`;
    console.error(`plan-mode-conformance init: ${path}: ${why}`);
    return 2;
  }
  console.log(`wrote ${path}`);
  console.log(`next: connect your host in start(), then run: npx plan-mode-conformance --adapter ./${file.replace(/^\.\//, '')}`);
  return 0;
}
