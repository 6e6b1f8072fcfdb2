/**
 * Attack: a cucumber console format written to a file from a run with
 * several workers. The file holds the whole run, with one tally. One serial
 * run and one with two workers each write all three console formats, each to
 * a file of its own; the runs call the CLI's `main` in this process (the
 * workers are its suite children, as in the built CLI).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { FIXTURE_FEATURES, PROXY } from './attack-harness.js';

const FORMATS = ['summary', 'progress', 'pretty'];

describe('--parallel N with a cucumber console format written to a file holds the whole run, with one tally', () => {
  /** A run of the fixture features against a host whose prompts fail, with `workers`: its exit code and each format's file. */
  async function consoleReports(workers: number): Promise<{ status: number | null; texts: Map<string, string> }> {
    const dir = await temporaryFolder('pmc-attack-console-');
    const run = await runMain([
      '--adapter',
      `exec:node ${PROXY} error-on-prompt`,
      ...FIXTURE_FEATURES,
      '--tags',
      'not @id:fixture-undefined',
      '--parallel',
      String(workers),
      ...FORMATS.flatMap((format) => ['--format', `${format}:${dir}/${format}.txt`]),
    ]);
    const texts = new Map<string, string>();
    for (const format of FORMATS) texts.set(format, await readFile(`${dir}/${format}.txt`, 'utf8').catch(() => ''));
    return { status: run.status, texts };
  }
  /** Without its last line: the run's duration. */
  const withoutDuration = (text: string): string => text.trimEnd().split('\n').slice(0, -1).join('\n');

  let serial: Awaited<ReturnType<typeof consoleReports>>;
  let parallel: Awaited<ReturnType<typeof consoleReports>>;
  beforeAll(async () => {
    serial = await consoleReports(1);
    parallel = await consoleReports(2);
  });

  for (const format of FORMATS) {
    it(`${format}: the file of a run with 2 workers says what the serial run's says, one tally for all 3 scenarios`, () => {
      expect(parallel.status).toBe(1);
      const text = parallel.texts.get(format)!;
      expect(text.match(/^\d+ scenarios? \(.*\)$/gm)).toEqual(['3 scenarios (2 failed, 1 passed)']);
      expect(withoutDuration(text)).toBe(withoutDuration(serial.texts.get(format)!));
    });
  }
});
