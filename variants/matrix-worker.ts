/**
 * A worker of the variant matrix (a child process matrix.ts forks): judges the
 * variants it is handed in a build folder of its own and answers each with
 * its outcome per edition (mutants/worker-pool.ts). Its arguments are the
 * exploration the matrix was asked for (variant-matrix-arguments.ts).
 */
import { PACKAGE_ROOT } from '../conformance/package-root.js';
import { mutantWorkspace } from '../mutants/build-mutant.js';
import { serveEntries } from '../mutants/worker-pool.js';
import { variantNamed } from './catalog.js';
import { requiredOnly, runVariant } from './run-variant.js';
import { variantMatrixArgumentsOrExit } from './variant-matrix-arguments.js';

const args = variantMatrixArgumentsOrExit(process.argv.slice(2));
// The matrix builds these arguments itself; a worker that cannot read them must not judge with others.
if (typeof args === 'number') process.exit(args);

const workspace = await mutantWorkspace(PACKAGE_ROOT, '.variants');
const tags = args.exploreOnly ? undefined : await requiredOnly();

serveEntries(
  // The matrix hands out names from this same catalog.
  (name) => runVariant(variantNamed(name)!, workspace.dir, tags, args.exploration),
  () => workspace.remove(),
);
