/**
 * plan-mode-conformance public API: the adapter contract an implementer imports,
 * the shared schemas every value crossing it is checked against, and the
 * documented files the kit reads and writes (baselines, results), and the host
 * protocol for hosts in other languages (message schemas, `serveAdapter`), and
 * `runConformance`: the suite run from code, resolving to its results document.
 */
export * from './contract/model.js';
export * from './contract/questions.js';
export * from './contract/events.js';
export * from './contract/host.js';
export * from './contract/editions.js';
export * from './contract/adapter.js';
export * from './contract/tool-modes.js';
export * from './deployment.js';
export * from './levels.js';
export * from './results/baseline.js';
export * from './results/results-document.js';
export * from './results/results-meaning.js';
export * from './protocol/index.js';
export * from './results/failure-signature.js';
export * from './results/results-document-v1.js';
export * from './results/results-document-v2.js';
export * from './api/run-conformance.js';
