/**
 * A worker of the mutant matrix (a child process matrix.ts forks): judges the
 * mutants the matrix hands it, one at a time, in a build folder of its own,
 * and answers each with its evidence. It goes when told to stop, or when the
 * matrix goes (its channel closes).
 */
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { mutantWorkspace } from './build-mutant.js';
import { MUTANTS } from './catalog.js';
import { evidenceOf, loadMutantContext, unjudged, type FromWorker, type ToWorker } from './run-mutant.js';

const workspace = await mutantWorkspace(PACKAGE_ROOT);
const context = await loadMutantContext(workspace.dir);

function send(message: FromWorker): void {
  process.send!(message);
}

async function end(): Promise<never> {
  await workspace.remove();
  process.exit(0);
}

process.on('disconnect', () => void end());
// Interrupted with the matrix (one process group): the build folder goes all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void end());
process.on('message', (message: ToWorker) => {
  if ('stop' in message) {
    void end();
    return;
  }
  // The matrix hands out names from this same catalog.
  const mutant = MUTANTS.find((candidate) => candidate.name === message.run)!;
  evidenceOf(mutant, context).then(
    (evidence) => send({ evidence }),
    (error: unknown) => send({ evidence: unjudged(mutant, context.editions, error instanceof Error ? error.message : String(error)) }),
  );
});
send({ ready: true });
