/** The host protocol's version: an integer, bumped by any change that is not additive (see protocol/README.md). */
export const PROTOCOL_VERSION = 1;
