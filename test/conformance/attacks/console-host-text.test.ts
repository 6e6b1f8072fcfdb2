/**
 * Attack: host text (a name, an error message, what a host prints) that would
 * forge lines on the console or in a CI log: a newline then a fake closing
 * line, a GitHub workflow command (`::error ...::`) at a line start, ANSI
 * colours, a lone CR. Each command's console paths are fed a hostile name and
 * message; nothing of it reaches stdout or stderr as a line of its own, a
 * workflow command or a control character. Each command runs in this process
 * (the CLI's `main`, every line it writes to the console, stdout or stderr
 * captured); a run's host is its suite child's, a process of its own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleLines, consoleText } from '../../../conformance/results/host-text.js';
import { HostOutputLines } from '../../../conformance/cli/console-output.js';
import { FIXTURES, type CliRun } from '../cli-harness.js';
import { runMain } from '../in-process-cli.js';
import { temporaryFolder } from '../../temporary-folder.js';

const HOSTILE_NAME = `${FIXTURES}adapters/explore-hostile-name.js`;
const FORGED_NAME =
  'evil-host\n::error title=forged::all scenarios passed\nconformance: 99 passed, 0 failed, 0 skipped\n\x1b[32mok\x1b[0m\r';

/** What a CI log would make of the output: no control character, no workflow command, no forged line. */
function expectInert(run: Pick<CliRun, 'stdout' | 'stderr'>): void {
  for (const output of [run.stdout, run.stderr]) {
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(output).not.toMatch(/^[ \t]*(::|##\[)/m);
    // A host's line breaks show as \n, or (in a message of several lines) indented under the kit's line.
    expect(output).not.toMatch(/^conformance: 99 passed/m);
    expect(output).not.toMatch(/^(@id:forged|Scenario: forged)/m);
  }
}

/** The reference's results file under a hostile host name. */
async function hostileResults(dir: string, file: string, name = FORGED_NAME): Promise<string> {
  const document = JSON.parse(await readFile(`${FIXTURES}results/reference.json`, 'utf8'));
  document.adapter.name = name;
  const path = join(dir, file);
  await writeFile(path, JSON.stringify(document));
  return path;
}

describe('host text on the console and stderr of every command stays text', () => {
  it('run: an initialize error message', async () => {
    const run = await runMain(['--adapter', `exec:node ${FIXTURES}hosts/hostile-initialize.mjs`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('could not be initialized: no\\n::error title=forged');
    expectInert(run);
  });

  it("run: a host's name in the edition error", async () => {
    const run = await runMain(['--adapter', HOSTILE_NAME, '--edition', 'rc.8']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('adapter "evil-host\\n');
    expectInert(run);
  });

  it("run: the host's failure messages and what it prints", async () => {
    const run = await runMain([
      '--adapter',
      HOSTILE_NAME,
      '--features',
      `${FIXTURES}features`,
      '--tags',
      '@id:fixture-set-and-log',
      '--explore',
      'off',
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('\\x3a:error title=forged::printed by the host');
    expectInert(run);
  });

  it('explore: the name, the message and the scenario it prints', async () => {
    const run = await runMain(['explore', '--adapter', HOSTILE_NAME, '--runs', '3', '--seed', '1']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('explore: evil-host\\n');
    // explore runs an in-process adapter in its own process (trusted code): what the host itself writes to
    // stderr is its own; every line explore prints is on stdout.
    expectInert({ stdout: run.stdout, stderr: '' });
  });

  it('docs: the host names it prints', async () => {
    const dir = await temporaryFolder('pmc-console-docs-');
    const run = await runMain(['docs', '--out', join(dir, 'site'), await hostileResults(dir, 'hostile.json')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('hosts evil-host\\n::error');
    expectInert(run);
  });

  it('compare: the note on different hosts', async () => {
    const dir = await temporaryFolder('pmc-console-compare-');
    const before = await hostileResults(dir, 'before.json');
    const after = await hostileResults(dir, 'after.json', `other${FORGED_NAME}`);
    const run = await runMain(['compare', before, after]);
    expect(run.stderr).toContain('compare: note: the runs are of different hosts (evil-host\\n');
    expectInert(run);
  });

  it('merge and quotes: what they say of files a host shaped', async () => {
    const dir = await temporaryFolder('pmc-console-merge-');
    const merge = await runMain(['merge', '--out', join(dir, 'merged.json'), await hostileResults(dir, 'shard.json')]);
    expect(merge.status).toBe(2);
    expectInert(merge);
    const readme = join(dir, 'README.md');
    await writeFile(readme, `# ${FORGED_NAME}\n::error::forged\n\`plan/mode\` \x1b[31m\n`);
    const quotes = await runMain(['quotes', '--edition', 'seed', readme]);
    expect(quotes.status).toBe(1);
    expectInert(quotes);
  });
});

describe('the neutraliser', () => {
  it('breaks a workflow command at a line start and every control character, on each line', () => {
    expect(consoleText('::error::x')).toBe('\\x3a:error::x');
    expect(consoleText('  ##[error]x')).toBe('  \\x23#[error]x');
    expect(consoleText('a::b')).toBe('a::b');
    expect(consoleLines('ok\n\t::warning::x\n\x1b[31m')).toBe('ok\n\t\\x3a:warning::x\n\\x1b[31m');
  });

  it("passes on a host's output a whole line at a time, so a chunk boundary cannot hide a workflow command", () => {
    const written: string[] = [];
    const lines = new HostOutputLines((text) => written.push(text));
    lines.add('first\n:');
    lines.add(':error::forged\nlast');
    lines.flush();
    expect(written.join('')).toBe('first\n\\x3a:error::forged\nlast\n');
  });
});
