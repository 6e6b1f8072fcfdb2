/**
 * The contract's tool modes (src/contract/tool-modes.ts): the exit program
 * written from the adapter's template, and a host that declares a code mode
 * without describing its code tool refused at load, by field.
 */
import { describe, expect, it } from 'vitest';
import {
  AdapterDefinitionError,
  CodeToolSchema,
  defineAdapter,
  exitProgramArguments,
  InitializeResultSchema,
  type Capabilities,
} from '../../../src/index.js';

const CAPABILITIES: Capabilities = {
  commands: true,
  questions: true,
  projections: true,
  fork: true,
  spawn: true,
  restart: true,
  compaction: true,
  retry: true,
};

describe('the exit program template', () => {
  it('puts the plan, as a JSON string literal, wherever {{plan}} stands, in nested strings too', () => {
    const plan = 'a "quoted" \\ plan\n\twith {{plan}} and ✓';
    const args = exitProgramArguments(
      {
        name: 'run_code',
        exitArguments: { code: 'exit({{plan}}); again({{plan}})', meta: { note: ['{{plan}}'], count: 1 } },
      },
      plan,
    );
    const literal = JSON.stringify(plan);
    expect(args).toEqual({ code: `exit(${literal}); again(${literal})`, meta: { note: [literal], count: 1 } });
    // The literal reads back as exactly the plan.
    expect(JSON.parse(literal)).toBe(plan);
  });

  it('refuses a template without the placeholder', () => {
    expect(CodeToolSchema.safeParse({ name: 'run_code', exitArguments: { code: 'exit()' } }).success).toBe(false);
  });
});

describe('declaring a code mode', () => {
  const start = async () => {
    throw new Error('not started in this test');
  };

  it('needs the code tool, named by field', () => {
    try {
      defineAdapter({ name: 'x', capabilities: { ...CAPABILITIES, codeMode: true }, start });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AdapterDefinitionError);
      expect((error as AdapterDefinitionError).problems).toEqual([
        'codeTool: missing: a host supporting codeMode describes its code-running tool',
      ]);
    }
  });

  it('loads with it, and without modes as before (older adapters leave them out)', () => {
    expect(() =>
      defineAdapter({
        name: 'x',
        capabilities: { ...CAPABILITIES, bothMode: true },
        codeTool: { name: 'run_code', exitArguments: { code: '{{plan}}' } },
        start,
      }),
    ).not.toThrow();
    expect(() => defineAdapter({ name: 'x', capabilities: CAPABILITIES, start })).not.toThrow();
  });

  it('over stdio too: an initialize declaring a mode without codeTool is refused', () => {
    const base = { protocolVersion: 1, name: 'h', capabilities: { ...CAPABILITIES, codeMode: true } };
    expect(InitializeResultSchema.safeParse(base).success).toBe(false);
    expect(
      InitializeResultSchema.safeParse({
        ...base,
        codeTool: { name: 'run', exitArguments: { program: 'exit_plan_mode({{plan}})' } },
      }).success,
    ).toBe(true);
  });
});
