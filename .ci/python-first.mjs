/**
 * The Python example's steps with the interpreter itself first on PATH, where `python3` on PATH is a
 * launcher (pyenv's shim, a bash script that runs `pyenv exec`) rather than the interpreter. The kit
 * starts the example host about 96 times in a default run (restarts, and the exploration's sessions),
 * and each start through pyenv's shim cost about 0.42 s more CPU than the interpreter started by its own
 * path: rc.8's default run 104 against 64 s of CPU, both at once (docs/benchmark.md, round 48, ci-time).
 * The command stays the npm script's (`exec:python3 examples/python-host/host.py`), and the interpreter
 * stays the one `python3` names: only the launcher's work per start goes.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/**
 * PATH with the interpreter's own folder first, when the `python3` PATH finds is not the interpreter;
 * undefined when it is, or when either cannot be told (the step then runs as it would have).
 * @param {{ onPath: string | undefined, executable: string | undefined, path: string }} found
 *   onPath: the `python3` PATH finds; executable: that command's `sys.executable`, the interpreter
 *   (in a venv its own bin/python3, which is why PATH takes its folder and not its real path's)
 * @returns {string | undefined}
 */
export function pathWithInterpreterFirst({ onPath, executable, path }) {
  if (!onPath || !executable) return undefined;
  const real = (file) => {
    try {
      return realpathSync(file);
    } catch {
      return undefined;
    }
  };
  const interpreter = real(executable);
  if (interpreter === undefined || real(onPath) === interpreter) return undefined;
  // Only a folder whose python3 is that interpreter: anything else on PATH keeps its place after it.
  if (real(join(dirname(executable), 'python3')) !== interpreter) return undefined;
  return [dirname(executable), path].join(delimiter);
}

/** What `python3` is on this machine's PATH and its interpreter; undefined where it cannot be run. */
function foundPython(path) {
  const run = (command, args) => {
    try {
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
    } catch {
      return undefined;
    }
  };
  const onPath = run('sh', ['-c', 'command -v python3']);
  const executable = onPath && run(onPath, ['-c', 'import sys; print(sys.executable)']);
  return { onPath, executable, path };
}

/** @type {{ path: string | undefined } | undefined} asked once: each ask starts the launcher too */
let asked;

/**
 * The command prefixed to run with the interpreter first on PATH, or as it is.
 * @param {string[]} command
 * @returns {string[]}
 */
export function withPythonFirst(command) {
  asked ??= { path: pathWithInterpreterFirst(foundPython(process.env.PATH ?? '')) };
  return asked.path === undefined ? command : ['env', `PATH=${asked.path}`, ...command];
}
