/**
 * Attack: a cucumber console format written to a file from a run with
 * several workers. The file holds the whole run, with one tally.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../cli-harness.js';
import { temporaryFolder } from '../../temporary-folder.js';
import { PROCESS_LIMIT_MS } from '../../limits.js';
import { FIXTURE_FEATURES, PROXY } from './attack-harness.js';

describe('--parallel N with a cucumber console format written to a file holds the whole run, with one tally', () => {
  /** The report `format` writes to a file in a run of the fixture features against a host whose prompts fail, with `workers`. */
  async function consoleReport(format: string, workers: number): Promise<{ status: number | null; text: string }> {
    const file = `${await temporaryFolder('pmc-attack-console-')}/${format}.txt`;
    const run = spawnSync(
      process.execPath,
      [
        CLI,
        '--adapter',
        `exec:node ${PROXY} error-on-prompt`,
        ...FIXTURE_FEATURES,
        '--tags',
        'not @id:fixture-undefined',
        '--parallel',
        String(workers),
        '--format',
        `${format}:${file}`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: PROCESS_LIMIT_MS },
    );
    return { status: run.status, text: await readFile(file, 'utf8').catch(() => '') };
  }
  /** Without its last line: the run's duration. */
  const withoutDuration = (text: string): string => text.trimEnd().split('\n').slice(0, -1).join('\n');

  for (const format of ['summary', 'progress', 'pretty']) {
    it(`${format}: the file of a run with 2 workers says what the serial run's says, one tally for all 3 scenarios`, async () => {
      const [serial, parallel] = await Promise.all([consoleReport(format, 1), consoleReport(format, 2)]);
      expect(parallel.status).toBe(1);
      expect(parallel.text.match(/^\d+ scenarios? \(.*\)$/gm)).toEqual(['3 scenarios (2 failed, 1 passed)']);
      expect(withoutDuration(parallel.text)).toBe(withoutDuration(serial.text));
    });
  }
});
