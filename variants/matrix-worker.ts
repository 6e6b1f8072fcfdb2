/**
 * A worker of the variant matrix (a child process matrix.ts forks): judges the
 * variants it is handed in a build folder of its own and answers each with
 * its outcome per edition (mutants/worker-pool.ts).
 */
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { mutantWorkspace } from '../mutants/build-mutant.js';
import { serveEntries } from '../mutants/worker-pool.js';
import { VARIANTS } from './catalog.js';
import { requiredOnly, runVariant } from './run-variant.js';

const workspace = await mutantWorkspace(PACKAGE_ROOT, '.variants');
const tags = await requiredOnly();

serveEntries(
  // The matrix hands out names from this same catalog.
  (name) => runVariant(VARIANTS.find((candidate) => candidate.name === name)!, workspace.dir, tags),
  () => workspace.remove(),
);
