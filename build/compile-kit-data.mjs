#!/usr/bin/env node
/**
 * What every run would otherwise work out again, worked out once at build
 * time into dist/catalog/: the clause catalog, checked (clause-catalog.ts),
 * the feature files' tags (feature-index.ts) and their parsed envelopes
 * (compiled-features.ts), and where each step definition is written
 * (step-locations.ts). Each of the first three is keyed by its
 * source's content, so an edit without a rebuild is read from the sources.
 */
import { compileCatalog } from '../dist/conformance/catalog/clause-catalog.js';
import { writeFeatureIndex } from '../dist/conformance/features/feature-index.js';
import { writeCompiledFeatures } from '../dist/conformance/features/compiled-features.js';
import { kitSupportLibrary } from '../dist/conformance/runner/support-library.js';
import { writeStepLocations } from '../dist/conformance/runner/step-locations.js';

// Step definitions' own files and lines, read from the unbundled modules (runner/step-locations.ts).
await Promise.all([
  compileCatalog(),
  writeFeatureIndex(),
  writeCompiledFeatures(),
  kitSupportLibrary().then((library) => writeStepLocations(library)),
]);
