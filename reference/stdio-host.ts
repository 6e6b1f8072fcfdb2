/**
 * The reference host behind the host protocol: the same adapter the kit loads
 * in process, served over stdin/stdout, so that
 * `--adapter "exec:node dist/reference/stdio-host.js"` must give exactly the
 * in-process results (transport equivalence). One process serves scenario
 * after scenario (`reuse`); with `--no-reuse` it declares nothing, and the kit
 * starts a process per scenario. Restart over the protocol is a new process
 * on the same store folder either way.
 */
import { parseArgs } from 'node:util';
import { serveAdapter } from '../src/protocol/index.js';
import reference from './adapter.js';

// Strict: an argument it does not know ends the process with Node's message, before it speaks the protocol.
const { values } = parseArgs({ options: { 'no-reuse': { type: 'boolean', default: false } }, strict: true });
serveAdapter(reference, { reuse: !values['no-reuse'] });
