import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelClient, ModelRequest, ModelResponse } from '../../reference/host/index.js';

const made: string[] = [];

/** A fresh temporary store folder, removed after each test (test/setup/per-file-hooks.ts). */
export function tempStore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reference-host-'));
  made.push(dir);
  return dir;
}

/** Removes every store made since the last call. */
export function removeTemporaryStores(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A model that answers from a script (then plain text), recording every request. */
export function scriptedModel(
  script: Array<ModelResponse | ((request: ModelRequest) => ModelResponse | Promise<ModelResponse>)> = [],
): ModelClient & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  const model = async (request: ModelRequest): Promise<ModelResponse> => {
    requests.push(structuredClone(request));
    const next = script.shift();
    if (next === undefined) return { type: 'text', text: 'done' };
    return typeof next === 'function' ? next(request) : next;
  };
  return Object.assign(model, { requests });
}
