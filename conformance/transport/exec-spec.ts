/**
 * Recognising `--adapter "exec:<command line>"` and splitting its command
 * line, without loading the transport: the CLI checks the spec before it
 * starts the suite's child process, and must stay light to start it early.
 */
import { splitCommandLine } from './command-line.js';

export const EXEC_PREFIX = 'exec:';

export function isExecAdapter(spec: string): boolean {
  return spec.startsWith(EXEC_PREFIX);
}

/** The command's words; throws `CommandLineError` for a command line it cannot run. */
export function execArgv(spec: string): string[] {
  return splitCommandLine(spec.slice(EXEC_PREFIX.length));
}
