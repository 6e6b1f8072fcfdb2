/**
 * A worker of the mutant matrix (a child process matrix.ts forks): judges the
 * mutants it is handed in a build folder of its own and answers each with its
 * evidence (worker-pool.ts).
 */
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { mutantWorkspace } from './build-mutant.js';
import { MUTANTS } from './catalog.js';
import { evidenceOf, loadMutantContext, unjudged } from './run-mutant.js';
import { serveEntries } from './worker-pool.js';

const workspace = await mutantWorkspace(PACKAGE_ROOT);
const context = await loadMutantContext(workspace.dir);

serveEntries(
  async (name) => {
    // The matrix hands out names from this same catalog.
    const mutant = MUTANTS.find((candidate) => candidate.name === name)!;
    try {
      return await evidenceOf(mutant, context);
    } catch (error) {
      return unjudged(mutant, context.editions, error instanceof Error ? error.message : String(error));
    }
  },
  () => workspace.remove(),
);
