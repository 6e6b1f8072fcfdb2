/**
 * The reference registry's modes (reference/host/code-mode.ts): what goes on
 * the wire, the SDK text, and a program's binding call running the tool as a
 * native call runs it.
 */
import { describe, expect, it } from 'vitest';
import {
  CODE_TOOL_NAME,
  Host,
  runProgram,
  sdkText,
  ToolRegistry,
  type ToolDefinition,
} from '../../reference/host/index.js';
import { scriptedModel, tempStore } from './helpers.js';

const echo: ToolDefinition = {
  name: 'echo',
  description: 'Echo the text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: async (args) => ({ text: `said ${String(args['text'])}`, value: { said: args['text'] } }),
};
const failing: ToolDefinition = {
  name: 'refuse',
  description: 'Always fails.',
  parameters: { type: 'object' },
  execute: async () => ({ text: 'no way', isError: true }),
};
const context = { agent: 'agent-1', toolCallId: 'c1', signal: new AbortController().signal };

function registry(mode: 'native' | 'code' | 'both'): ToolRegistry {
  const tools = new ToolRegistry(mode);
  tools.register(echo);
  tools.register(failing);
  return tools;
}

describe('the reference registry modes', () => {
  it('puts the native schemas, only run_code, or both on the wire; the SDK only under a code mode', () => {
    expect(
      registry('native')
        .catalog()
        .map((tool) => tool.name),
    ).toEqual(['echo', 'refuse']);
    expect(
      registry('code')
        .catalog()
        .map((tool) => tool.name),
    ).toEqual([CODE_TOOL_NAME]);
    expect(
      registry('both')
        .catalog()
        .map((tool) => tool.name),
    ).toEqual(['echo', 'refuse', CODE_TOOL_NAME]);
    expect(registry('native').sdk()).toBeUndefined();
    expect(registry('code').sdk()).toBe(sdkText([echo, failing]));
    expect(registry('code').sdk()).toContain('tools.echo(');
  });

  it("writes the SDK text from each tool's current description and schema; a registered tool cannot change", () => {
    const described = { ...echo, description: 'Echo it.' };
    expect(sdkText([described])).toContain('/** Echo it. */');
    described.description = 'Echo it again.';
    expect(sdkText([described])).toContain('/** Echo it again. */');
    const tools = registry('code');
    const first = tools.sdk();
    expect(tools.sdk()).toBe(first);
    expect(() => {
      (tools.find('echo') as { description: string }).description = 'changed';
    }).toThrow(TypeError);
    tools.register({ ...echo, name: 'echo_too' });
    expect(tools.sdk()).toBe(sdkText([echo, failing, { ...echo, name: 'echo_too' }]));
  });

  it('refuses a direct call of any other tool under code, runs it under both', async () => {
    expect(await registry('code').run('echo', { text: 'x' }, context)).toMatchObject({ isError: true });
    expect(await registry('both').run('echo', { text: 'x' }, context)).toMatchObject({
      isError: false,
      text: 'said x',
    });
    expect(() => registry('code').register({ ...echo, name: CODE_TOOL_NAME })).toThrow(/reserved/);
  });

  it('runs a program: a binding resolves to the structured value, a failed call throws, logs and the return value come back', async () => {
    const code = [
      'const said = await tools.echo({ text: \'ü "quoted" ✓\' });',
      'console.log(JSON.stringify(said));',
      "try { await tools.refuse({}); } catch (error) { console.log(error.toolName + ': ' + error.message); }",
      'return 42;',
    ].join('\n');
    const result = await registry('code').run(CODE_TOOL_NAME, { code }, context);
    expect(result).toMatchObject({ isError: false });
    expect(result.text).toBe(['{"said":"ü \\"quoted\\" ✓"}', 'refuse: no way', '42'].join('\n'));
  });

  it('reports a program that throws or does not parse as a failed call', async () => {
    expect(await registry('code').run(CODE_TOOL_NAME, { code: 'throw new Error("boom")' }, context)).toMatchObject({
      isError: true,
      text: expect.stringContaining('boom'),
    });
    expect(await registry('code').run(CODE_TOOL_NAME, { code: 'return (' }, context)).toMatchObject({ isError: true });
    expect(await registry('code').run(CODE_TOOL_NAME, {}, context)).toMatchObject({ isError: true });
  });

  it('gives a program nothing but its bindings and console, and stops a synchronous loop', async () => {
    expect(await runProgram('return typeof process + typeof require;', 'tools', {})).toEqual({
      logs: [],
      value: 'undefinedundefined',
    });
    const loop = await runProgram('while (true) {}', 'tools', {}, 50);
    expect(loop.error).toBeDefined();
  });

  it('shows the SDK text as a prompt section, the same text in every request of an agent', async () => {
    const model = scriptedModel([
      {
        type: 'tool_calls',
        text: '',
        calls: [{ id: 'c1', name: CODE_TOOL_NAME, arguments: { code: "return await tools.echo({ text: 'hi' });" } }],
      },
    ]);
    const host = Host.open({ storeDir: tempStore(), model, toolMode: 'code' });
    host.tools.register(echo);
    const agent = host.createAgent();
    await host.prompt(agent, 'go');
    expect(model.requests).toHaveLength(2);
    const [first, second] = model.requests;
    expect(first!.toolSdk).toBeDefined();
    expect(first!.systemPrompt).toContain(first!.toolSdk);
    expect(second!.toolSdk).toBe(first!.toolSdk);
    expect(second!.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolName: CODE_TOOL_NAME,
      text: '{"said":"hi"}',
      isError: false,
    });
    host.stop();
  });
});
