/**
 * The JSON Schemas the package publishes, each generated from one zod schema
 * (the single source of truth). Add an entry here to publish another file;
 * `generate-json-schemas` writes them and its `--check` fails on drift.
 */
import type { z } from 'zod';
import { HOST_TO_KIT, KIT_TO_HOST, RpcMessageSchema, type MethodSchemas } from '../../src/protocol/index.js';
import { RESULTS_SCHEMA_ID, RESULTS_VERSION, ResultsDocumentSchema } from '../../src/results/results-document.js';

export interface PublishedSchema {
  /** Path under the package root. */
  file: string;
  title: string;
  description: string;
  schema: z.ZodType;
}

function methodSchemas(direction: string, methods: Record<string, MethodSchemas>): PublishedSchema[] {
  return Object.entries(methods).flatMap(([method, schemas]) => [
    {
      file: `protocol/schemas/${method}.params.schema.json`,
      title: `${method} params (${direction})`,
      description: schemas.description,
      schema: schemas.params,
    },
    {
      file: `protocol/schemas/${method}.result.schema.json`,
      title: `${method} result (${direction})`,
      description: schemas.description,
      schema: schemas.result,
    },
  ]);
}

export const PUBLISHED_SCHEMAS: PublishedSchema[] = [
  {
    file: 'protocol/schemas/message.schema.json',
    title: 'host protocol message',
    description: 'One line of the host protocol: a JSON-RPC 2.0 request (with an id) or reply.',
    schema: RpcMessageSchema,
  },
  ...methodSchemas('kit to host', KIT_TO_HOST),
  ...methodSchemas('host to kit', HOST_TO_KIT),
  {
    file: 'protocol/schemas/results.schema.json',
    title: 'plan-mode-conformance results file',
    description: `One conformance run (--format results:FILE), read by \`docs\` and \`compare\`: "schema" is "${RESULTS_SCHEMA_ID}", "version" ${RESULTS_VERSION}.`,
    schema: ResultsDocumentSchema,
  },
];
