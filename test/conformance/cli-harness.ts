/** Runs the built CLI as a child process, as CI and users do. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PROCESS_LIMIT_MS } from '../limits.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The bundled CLI: what `plan-mode-conformance` runs. */
export const CLI = `${ROOT}dist/bundled/cli.js`;
export const FIXTURES = `${ROOT}test/fixtures/`;

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The closing `conformance:` line. */
  summary: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: PROCESS_LIMIT_MS,
    env: { ...process.env, ...env },
  });
  const summary = result.stdout.trim().split('\n').at(-1) ?? '';
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, summary };
}

/** A run of the fixture features (all but the undefined-step one) against a fixture adapter. */
export const fixtureArgs = (adapter: string): string[] => [
  '--adapter',
  `${FIXTURES}adapters/${adapter}`,
  '--features',
  `${FIXTURES}features`,
  '--tags',
  'not @id:fixture-undefined',
];

export function fixtureRun(adapter: string, extra: string[] = []): CliRun {
  return runCli([...fixtureArgs(adapter), ...extra]);
}
