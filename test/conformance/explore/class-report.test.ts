/**
 * An exploration's replay line is a command a person pastes into a POSIX shell
 * as printed: the kit as a project that installed it starts it (`npx
 * plan-mode-conformance`, as the rerun commands), and the shell reads back
 * every word the user or the run chose as the one word it was (an adapter
 * with spaces and quotes, an exec: command line), running none of it.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { replayCommand } from '../../../conformance/explore/class-report.js';
import type { FoundScenario } from '../../../conformance/explore/scenario.js';

/** The words a POSIX shell reads `command` as (none of them run). */
function wordsOf(command: string): string[] {
  const read = spawnSync('sh', ['-c', `set -- ${command}; printf '%s\\0' "$@"`], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  return read.stdout.split('\0').slice(0, -1);
}

const found = (adapterArgument: string): FoundScenario => ({
  adapter: '/resolved/path/host.js',
  adapterArgument,
  seed: 23,
  path: '75:3:1',
  replay: ' --max-steps 12 --level strict --edition rc.8 --force-edition',
  disagreement: { check: 'x', clauses: [], message: 'm' },
  lines: [],
  needs: [],
});

describe('the replay command', () => {
  for (const adapter of ['dsh', './my host.js', `exec:python3 "it's host.py" --flag $HOME; rm -rf x`]) {
    it(`reads back as the kit's explore with the same options (--adapter ${adapter})`, () => {
      expect(wordsOf(replayCommand(found(adapter)))).toEqual([
        'npx',
        'plan-mode-conformance',
        'explore',
        '--adapter',
        adapter,
        '--seed',
        '23',
        '--path',
        '75:3:1',
        '--max-steps',
        '12',
        '--level',
        'strict',
        '--edition',
        'rc.8',
        '--force-edition',
      ]);
    });
  }
});
