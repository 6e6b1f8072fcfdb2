/**
 * CI's Python steps (.ci/python-first.mjs): the interpreter's own folder goes first on PATH only when
 * the `python3` on PATH is something else (a launcher such as pyenv's shim) and that folder's python3
 * is the interpreter; otherwise PATH is left as it is. Files stand in for the interpreter and the shim.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pathWithInterpreterFirst } from '../../.ci/python-first.mjs';

const work = mkdtempSync(join(tmpdir(), 'pmc-python-first-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const versionBin = join(work, 'versions', '3.11', 'bin');
const venvBin = join(work, 'venv', 'bin');
const shims = join(work, 'shims');
for (const folder of [versionBin, venvBin, shims]) mkdirSync(folder, { recursive: true });
const interpreter = join(versionBin, 'python3.11');
writeFileSync(interpreter, '');
symlinkSync(interpreter, join(versionBin, 'python3'));
// A venv's bin/python3 is a link to the base interpreter; its sys.executable is the link.
symlinkSync(interpreter, join(venvBin, 'python3'));
writeFileSync(join(shims, 'python3'), '#!/usr/bin/env bash\n');
const path = ['/usr/bin', '/bin'].join(delimiter);

describe('the interpreter first on PATH for the Python steps', () => {
  it('puts the folder of sys.executable first when python3 on PATH is a launcher', () => {
    const executable = join(versionBin, 'python3');
    expect(pathWithInterpreterFirst({ onPath: join(shims, 'python3'), executable, path })).toBe(
      [versionBin, path].join(delimiter),
    );
    // A venv keeps its own folder (not the base interpreter's real one).
    const inVenv = join(venvBin, 'python3');
    expect(pathWithInterpreterFirst({ onPath: join(shims, 'python3'), executable: inVenv, path })).toBe(
      [venvBin, path].join(delimiter),
    );
  });

  it('leaves PATH as it is when python3 on PATH is the interpreter, or when anything is unknown', () => {
    const executable = join(versionBin, 'python3');
    expect(pathWithInterpreterFirst({ onPath: executable, executable, path })).toBeUndefined();
    expect(pathWithInterpreterFirst({ onPath: join(venvBin, 'python3'), executable, path })).toBeUndefined();
    expect(pathWithInterpreterFirst({ onPath: undefined, executable, path })).toBeUndefined();
    expect(pathWithInterpreterFirst({ onPath: join(shims, 'python3'), executable: undefined, path })).toBeUndefined();
    expect(
      pathWithInterpreterFirst({ onPath: join(shims, 'python3'), executable: join(work, 'nowhere', 'python3'), path }),
    ).toBeUndefined();
  });

  it("leaves PATH as it is when the interpreter's folder has no python3 that is it", () => {
    // An interpreter named only python3.11, in a folder whose python3 is something else.
    const lone = join(work, 'lone');
    mkdirSync(lone);
    writeFileSync(join(lone, 'python3.11'), '');
    writeFileSync(join(lone, 'python3'), '');
    expect(
      pathWithInterpreterFirst({ onPath: join(shims, 'python3'), executable: join(lone, 'python3.11'), path }),
    ).toBeUndefined();
  });
});
