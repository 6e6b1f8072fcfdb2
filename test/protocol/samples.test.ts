/**
 * The protocol's samples are messages a host can copy: every JSON-RPC line in
 * a code block of protocol/README.md and docs/protocol.md is whole JSON, is a
 * protocol message, and its params or result fit the method's schema (the zod
 * schemas the published JSON Schemas are generated from); a `start`'s
 * deployment is the one the kit sends (a bare plugin list, not `plugins:`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../conformance/package-root.js';
import { DEFAULT_SECTION } from '../../conformance/world/default-section.js';
import { HOST_TO_KIT, KIT_TO_HOST, type MethodSchemas, RpcMessageSchema } from '../../src/protocol/index.js';
import { planModeDeployment } from '../../src/index.js';

const DOCUMENTS = ['protocol/README.md', 'docs/protocol.md'];
const KIT_ARROW = /^\s*(?:kit\s*)?→\s*/;
const HOST_ARROW = /^\s*(?:host\s*)?←\s*|^\s*host\s*→\s*/;

interface Sample {
  where: string;
  from: 'kit' | 'host';
  json: string;
}

function samplesOf(document: string): Sample[] {
  const text = readFileSync(join(PACKAGE_ROOT, document), 'utf8');
  const samples: Sample[] = [];
  let inCode = false;
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*```/.test(line)) inCode = !inCode;
    if (!inCode || !line.includes('{"jsonrpc"')) continue;
    const from = HOST_ARROW.test(line) ? 'host' : KIT_ARROW.test(line) ? 'kit' : undefined;
    const where = `${document}:${index + 1}`;
    if (from === undefined) throw new Error(`${where}: a sample line should start with kit →, host →, → or ←`);
    samples.push({ where, from, json: line.slice(line.indexOf('{')) });
  }
  return samples;
}

/** Every problem of one document's samples, replies matched to the other side's pending requests. */
function problemsOf(samples: Sample[]): string[] {
  const problems: string[] = [];
  const pending = new Map<string, { method: string; schemas: MethodSchemas }>();
  for (const sample of samples) {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(sample.json) as Record<string, unknown>;
    } catch (error) {
      problems.push(`${sample.where}: not whole JSON (${(error as Error).message})`);
      continue;
    }
    if (!RpcMessageSchema.safeParse(message).success)
      problems.push(`${sample.where}: not a JSON-RPC 2.0 message of the protocol`);
    const methods: Record<string, MethodSchemas> = sample.from === 'kit' ? KIT_TO_HOST : HOST_TO_KIT;
    if (typeof message.method === 'string') {
      const schemas = methods[message.method];
      if (!schemas) {
        problems.push(`${sample.where}: ${sample.from} never calls ${message.method}`);
        continue;
      }
      const params = schemas.params.safeParse(message.params);
      if (!params.success)
        problems.push(
          `${sample.where}: ${message.method} params: ${params.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
        );
      if (message.method === 'start') {
        const deployment = (message.params as { deployment?: unknown }).deployment;
        if (deployment !== planModeDeployment({ section: DEFAULT_SECTION }))
          problems.push(`${sample.where}: the deployment is not the one the kit sends: ${JSON.stringify(deployment)}`);
      }
      pending.set(`${sample.from}:${String(message.id)}`, { method: message.method, schemas });
    } else {
      const asker = sample.from === 'kit' ? 'host' : 'kit';
      const request = pending.get(`${asker}:${String(message.id)}`);
      if (!request) {
        problems.push(`${sample.where}: a reply to no request of the ${asker} shown before it`);
        continue;
      }
      pending.delete(`${asker}:${String(message.id)}`);
      if ('result' in message) {
        const result = request.schemas.result.safeParse(message.result);
        if (!result.success)
          problems.push(
            `${sample.where}: ${request.method} result: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
          );
      }
    }
  }
  return problems;
}

describe('protocol samples in the documentation', () => {
  it('protocol/README.md shows the handshake and an exchange', () => {
    expect(samplesOf('protocol/README.md').length).toBeGreaterThanOrEqual(15);
  });

  for (const document of DOCUMENTS) {
    it(`every sample of ${document} fits the schemas`, () => {
      expect(problemsOf(samplesOf(document))).toEqual([]);
    });
  }

  it('catches a sample the schemas refuse, a cut one and a `plugins:` deployment', () => {
    const start = samplesOf('protocol/README.md').find((sample) => sample.json.includes('"method":"start"'))!;
    const broken: Sample[] = [
      { ...start, json: start.json.replace('"- id: plan-mode', '"plugins:\\n  - id: plan-mode') },
      { where: 'cut', from: 'kit', json: '{"jsonrpc":"2.0","id":3,"method":"createAgent","params":{…}}' },
      {
        where: 'refused',
        from: 'kit',
        json: '{"jsonrpc":"2.0","id":4,"method":"setPlanMode","params":{"agent":"a1","active":"yes"}}',
      },
    ];
    const problems = problemsOf(broken);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/not the one the kit sends/);
    expect(problems[1]).toMatch(/not whole JSON/);
    expect(problems[2]).toMatch(/setPlanMode params: active/);
  });
});
