/**
 * The persistent store: one JSON-lines log per agent under `<dir>/agents/<id>.jsonl`
 * and an append-only agent index `<dir>/index.jsonl` (ids and parents).
 * Appends are held and written in a batch (jsonl.ts): before any code that
 * awaited the append runs, and at once by `flush`, which the host calls before
 * it hands control to code it does not own (the model, a tool, a command, the
 * user), so a process killed there loses nothing that was appended. After
 * `close()`, which writes what is held, the store refuses writes, so a stopped
 * host cannot touch files its successor owns.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SessionEvent } from './events.js';
import { parseStoredEvent } from './event-schema.js';
import { JsonLineAppender, readJsonLines, type Warn } from './jsonl.js';

export interface AgentRecord {
  id: string;
  /** The agent that spawned this one. */
  parent?: string;
  /** The agent this one was forked from. */
  forkOf?: string;
}

const AgentRecordSchema = z
  .object({ id: z.string().regex(/^[A-Za-z0-9_-]+$/), parent: z.string().optional(), forkOf: z.string().optional() })
  .strict();

export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

export class SessionStore {
  private closed = false;
  private readonly appender = new JsonLineAppender();
  /** Each agent's log path, joined once: a host appends to it several times a turn. */
  private readonly logFiles = new Map<string, string>();

  constructor(
    readonly dir: string,
    private readonly onWarning: Warn,
  ) {
    mkdirSync(join(dir, 'agents'), { recursive: true });
  }

  readIndex(): AgentRecord[] {
    return readJsonLines(this.indexFile(), (value) => AgentRecordSchema.parse(value), this.onWarning);
  }

  appendIndex(record: AgentRecord): void {
    this.assertOpen();
    this.appender.append(this.indexFile(), record);
  }

  readEvents(agent: string): SessionEvent[] {
    return readJsonLines(this.logFile(agent), parseStoredEvent, this.onWarning);
  }

  appendEvent(agent: string, event: SessionEvent): void {
    this.assertOpen();
    this.appender.append(this.logFile(agent), event);
  }

  /** Writes every appended line still held (before the host calls out: see the top of this file). */
  flush(): void {
    this.appender.flush();
  }

  /** Removes a log left without an index line (a crash while creating the agent), before its id is reused. */
  discardUnlistedLog(agent: string): void {
    this.assertOpen();
    this.appender.close(this.logFile(agent));
    if (existsSync(this.logFile(agent))) rmSync(this.logFile(agent));
  }

  close(): void {
    this.closed = true;
    this.appender.close();
  }

  logFile(agent: string): string {
    let file = this.logFiles.get(agent);
    if (file === undefined) {
      file = join(this.dir, 'agents', `${agent}.jsonl`);
      this.logFiles.set(agent, file);
    }
    return file;
  }

  indexFile(): string {
    return join(this.dir, 'index.jsonl');
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError('the host was stopped; its store accepts no more writes');
  }
}
