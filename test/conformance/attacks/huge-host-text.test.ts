/**
 * Attack: a host whose error text is huge (a 100 MB message blew the run's
 * memory to 1.45 GB and wrote 200 MB HTML and JUnit reports). Each message a
 * report keeps is bounded at 64 KiB and says how much was cut; played here
 * with 4 MB, the written reports stay small.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedText, HOST_TEXT_LIMIT } from '../../../conformance/guard/bounded-text.js';
import { FIXTURES } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

describe('host text kept in reports is bounded', () => {
  it('a 4 MB error message leaves every report small, the message cut and saying so', async () => {
    const dir = await temporaryFolder('pmc-huge-text-');
    const reports = ['results.json', 'report.md', 'report.html', 'junit.xml'];
    const run = await runMain([
      '--adapter',
      `${FIXTURES}adapters/huge-error.js`,
      '--features',
      `${FIXTURES}features`,
      '--tags',
      '@id:fixture-set-and-log',
      '--explore',
      'off',
      ...['results', 'markdown', 'html', 'junit'].flatMap((format, index) => [
        '--format',
        `${format}:${join(dir, reports[index]!)}`,
      ]),
    ]);
    expect(run.status).toBe(1);
    for (const report of reports) expect((await stat(join(dir, report))).size).toBeLessThan(1024 * 1024);
    const results = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8'));
    const message: string = results.scenarios[0].failure.message;
    expect(message).toMatch(
      /^(AdapterError: )?adapter method getPlanMode: threw: start of the text x+\n\[\d+ more character\(s\) cut/,
    );
    expect(message).not.toContain('end of the text');
    expect(message.length).toBeLessThan(HOST_TEXT_LIMIT + 200);
    expect(run.stdout.length + run.stderr.length).toBeLessThan(1024 * 1024);
  });

  it('cuts at the bound, never inside a surrogate pair, and says how much it cut', () => {
    expect(boundedText('short')).toBe('short');
    expect(boundedText('abcdef', 4)).toBe('abcd\n[2 more character(s) cut: a report keeps 4 of one host text]');
    expect(boundedText('abc😀def', 4)).toBe('abc\n[5 more character(s) cut: a report keeps 4 of one host text]');
  });
});
