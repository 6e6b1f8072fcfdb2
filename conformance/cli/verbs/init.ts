/**
 * `plan-mode-conformance init [FILE]`: writes a commented adapter skeleton to
 * FILE (default `plan-mode-adapter.mjs`: the .mjs extension makes it an ES
 * module whatever the project's package.json says). Never overwrites a file.
 */
import { say, complain } from '../console-output.js';
import { writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { ADAPTER_SKELETON } from '../adapter-skeleton.js';
import { readCommandLine } from '../../options/option-table.js';
import { DEFAULT_ADAPTER_FILE, INIT_COMMAND_LINE } from './init-options.js';

export async function run(argv: string[]): Promise<number> {
  const commandLine = readCommandLine(INIT_COMMAND_LINE, argv);
  if (!commandLine.ok) return commandLine.exit;
  argv = commandLine.value.positionals;
  const file = argv[0] ?? DEFAULT_ADAPTER_FILE;
  const path = resolve(file);
  try {
    // 'wx': create only; refusing to overwrite is atomic, not a check followed by a write.
    await writeFile(path, ADAPTER_SKELETON.replace('__FILE__', basename(file)), { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST'
        ? 'it already exists; refusing to overwrite it (choose another file name)'
        : `cannot write it (${code ?? (error as Error).message})`;
    complain(`plan-mode-conformance init: ${path}: ${why}`);
    return 2;
  }
  say(`wrote ${path}`);
  say(
    `next: connect your host in start(), then run: npx plan-mode-conformance --adapter ./${file.replace(/^\.\//, '')}`,
  );
  return 0;
}
