/**
 * plan-mode-conformance public API: the adapter contract an implementer imports,
 * and the shared schemas every value crossing it is checked against.
 */
export * from './contract/model.js';
export * from './contract/questions.js';
export * from './contract/events.js';
export * from './contract/host.js';
export * from './contract/adapter.js';
export * from './deployment.js';
