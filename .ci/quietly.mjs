#!/usr/bin/env node
/**
 * `node .ci/quietly.mjs LABEL COMMAND [ARGS...]`: runs one step of `npm test`
 * and shows its output only when it fails; on success, one line with the
 * step's own last line, and every line of the step that starts with
 * `skipped:` (what did not run and why, never hidden) or is the line of a
 * step inside it (`ok   ...`: .ci/on-node.sh's steps). Each line gives the
 * step's wall time and, where /proc tells, its CPU time (user + system, of
 * every process it waited for): the machine is shared, and CPU says what a
 * quiet machine's wall will be when steps overlap. The step runs with a
 * temporary folder (TMPDIR) of its own, removed afterwards, so no step leaves
 * anything in the system's. Colour only on a terminal: a log gets no ANSI codes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [label, command, ...args] = process.argv.slice(2);
if (!label || !command) {
  console.error('usage: node .ci/quietly.mjs LABEL COMMAND [ARGS...]');
  process.exit(2);
}
// In memory where the system has room, as the kit itself does (conformance/world/temporary-root.ts).
const shm = '/dev/shm';
const roomy = (() => {
  try {
    const stats = statfsSync(shm);
    return process.platform === 'linux' && stats.bavail * stats.bsize >= 256 * 1024 * 1024;
  } catch {
    return false;
  }
})();
const tmp = mkdtempSync(join(process.env.TMPDIR || !roomy ? tmpdir() : shm, 'plan-mode-conformance-test-'));
const started = performance.now();
const cpuBefore = childrenCpuSeconds();
const chunks = [];
const child = spawn(command, args, {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...colourEnvironment(process.env, Boolean(process.stdout.isTTY)), TMPDIR: tmp, TMP: tmp, TEMP: tmp },
  shell: process.platform === 'win32',
});
child.stdout.on('data', (chunk) => chunks.push(chunk));
child.stderr.on('data', (chunk) => chunks.push(chunk));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  const left = readdirSync(tmp);
  rmSync(tmp, { recursive: true, force: true });
  const output = Buffer.concat(chunks).toString();
  const cpu = childrenCpuSeconds() - cpuBefore;
  const seconds = `${((performance.now() - started) / 1000).toFixed(1)} s${Number.isNaN(cpu) ? '' : `, CPU ${cpu.toFixed(1)} s`}`;
  if (code === 0) {
    const last = output.trim().split('\n').at(-1)?.trim() ?? '';
    console.log(`ok   ${label} (${seconds})${last ? `: ${last}` : ''}`);
    // Every skip, even the last line; a nested step's line unless it is the last (shown above).
    const shown = (text) => text.startsWith('skipped:') || (/^ok {3}\S/.test(text) && text.trim() !== last);
    for (const line of output.split('\n').filter(shown)) console.log(`     ${line}`);
    if (left.length > 0)
      console.log(
        `     ${label} left ${left.length} temporary file(s) behind (removed): ${left.slice(0, 5).join(', ')}`,
      );
  } else {
    process.stdout.write(output);
    console.log(`FAIL ${label} (${seconds}): ${signal ? `killed by ${signal}` : `exit ${code}`}`);
  }
  process.exitCode = code ?? 1;
});

/**
 * CPU seconds of the children this process waited for (cutime + cstime, fields 16 and 17 of
 * /proc/self/stat, in ticks of USER_HZ, 100 on Linux): the step and every process it waited for.
 * NaN where there is no /proc.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Colour for a terminal, none for a log. FORCE_COLOR=0 is not enough: the
 * colour libraries the steps use (picocolors, tinyrainbow) turn colour ON when
 * FORCE_COLOR is set at all, so a log gets NO_COLOR and no FORCE_COLOR.
 */
function colourEnvironment(env, terminal) {
  const { FORCE_COLOR, NO_COLOR, ...rest } = env;
  return terminal ? { ...rest, FORCE_COLOR: '1' } : { ...rest, NO_COLOR: '1' };
}
