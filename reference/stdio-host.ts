/**
 * The reference host behind the host protocol: the same adapter the kit loads
 * in process, served over stdin/stdout, so that
 * `--adapter "exec:node dist/reference/stdio-host.js"` must give exactly the
 * in-process results (transport equivalence). Restart over the protocol is a
 * new process on the same store folder.
 */
import { serveAdapter } from '../src/protocol/index.js';
import reference from './adapter.js';

serveAdapter(reference);
