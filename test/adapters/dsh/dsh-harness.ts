/**
 * Starts the dsh adapter on the real upstream packages with a scripted model
 * and user, for the dsh unit tests: what the model answers (in order), what
 * the user replies, every request and question recorded, and a hook run
 * while the model handles a request (the kit's mid-turn user actions).
 */
import adapter from '../../../adapters/dsh/adapter.js';
import {
  planModeDeployment,
  type Adapter,
  type HostHandle,
  type ImageBlock,
  type ModelRequest,
  type ModelResponse,
  type QuestionReply,
  type StartOptions,
} from '../../../src/index.js';
import { temporaryFolderSync } from '../../temporary-folder.js';

export const SECTION = 'PLAN SECTION TEXT';

/** A 1x1 PNG and a 1x1 GIF: real images, which the host's store admits. */
export const PNG: ImageBlock = {
  type: 'image',
  mediaType: 'image/png',
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};
export const GIF: ImageBlock = {
  type: 'image',
  mediaType: 'image/gif',
  data: 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
};

export interface Harness {
  options: StartOptions;
  requests: ModelRequest[];
  responses: ModelResponse[];
  replies: QuestionReply[];
  /** `agent:questionId` of every question the user was asked. */
  asked: string[];
  /** Runs while the model handles request `requests.length` (1-based), before it answers. */
  duringRequest?: (request: ModelRequest, n: number) => Promise<void>;
}

export function harness(config: unknown = { section: SECTION }): Harness {
  const h: Harness = {
    requests: [],
    responses: [],
    replies: [],
    asked: [],
    options: undefined as unknown as StartOptions,
  };
  h.options = {
    // Removed once the file's tests are over (test/temporary-folder.ts), as every test's folders are.
    storeDir: temporaryFolderSync('dsh-store-'),
    edition: 'rc.8',
    deployment: planModeDeployment(config),
    compose: { commands: true, questions: true, projections: true },
    model: async (request) => {
      h.requests.push(request);
      await h.duringRequest?.(request, h.requests.length);
      return h.responses.shift() ?? { type: 'text', text: 'Done.' };
    },
    questions: async (question, context) => {
      h.asked.push(`${context.agent}:${question.id}`);
      return h.replies.shift() ?? { type: 'fail', message: 'no reply scripted' };
    },
    probes: {
      sections: [
        { name: 'probe:before', order: 49, text: 'AT 49' },
        { name: 'probe:after', order: 51, text: 'AT 51' },
      ],
      tools: [
        {
          name: 'probe_lookup',
          description: 'probe',
          parameters: {
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
            additionalProperties: false,
          },
          execute: async () => 'PROBE RESULT',
        },
      ],
      commands: [
        { name: 'probe', description: 'probe command', run: async (agent, args) => `probed ${agent} ${args}` },
      ],
    },
  };
  return h;
}

/** `on`: the dsh adapter of another release (adapters/dsh/adapter-0.0.1-rc.1.ts); rc.8's by default. */
export async function withHost<T>(
  h: Harness,
  body: (host: HostHandle) => Promise<T>,
  on: Adapter = adapter,
): Promise<T> {
  const host = await on.start({ ...h.options, edition: on.editions?.[0] ?? h.options.edition });
  try {
    return await body(host);
  } finally {
    await host.dispose();
  }
}
