#!/usr/bin/env node
/**
 * What every run would otherwise work out again, worked out once at build
 * time into dist/catalog/: the clause catalog, checked (clause-catalog.ts),
 * the feature files' tags (feature-index.ts) and their parsed envelopes
 * (compiled-features.ts). Each is keyed by its
 * source's content, so an edit without a rebuild is read from the sources.
 */
import { compileCatalog } from '../dist/conformance/catalog/clause-catalog.js';
import { writeFeatureIndex } from '../dist/conformance/features/feature-index.js';
import { writeCompiledFeatures } from '../dist/conformance/features/compiled-features.js';

await Promise.all([compileCatalog(), writeFeatureIndex(), writeCompiledFeatures()]);
