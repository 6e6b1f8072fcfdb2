/** The host protocol over stdio: message schemas (built from the contract) and the pieces both ends share. */
export * from './version.js';
export * from './json-rpc.js';
export * from './contract-values.js';
export * from './methods.js';
export * from './line-splitter.js';
export * from './peer.js';
export * from './serve-adapter.js';
