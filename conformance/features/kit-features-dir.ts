/**
 * Where the kit's own feature files are: a module of its own, free of the
 * Gherkin parser, so what only needs the folder (the CLI's verdict, the
 * catalog's path) does not load it.
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

/** The features shipped with the kit. */
export const KIT_FEATURES_DIR = join(PACKAGE_ROOT, 'features');
