import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CorruptLogError,
  definePlugin,
  event,
  Host,
  JsonLineAppender,
  readJsonLines,
} from '../../reference/host/index.js';
import { scriptedModel, tempStore } from './helpers.js';

function openHost(storeDir: string, warnings: string[] = []) {
  return Host.open({ storeDir, model: scriptedModel(), onWarning: (m) => warnings.push(m) });
}

describe('session log persistence (JSON lines)', () => {
  it('writes one line per event under agents/<id>.jsonl and reloads it on restart', async () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.append(agent, event('plan/mode', { active: true }));
    await host.prompt(agent, 'hello');
    const before = host.readLog(agent);
    host.stop();

    const file = readFileSync(`${dir}/agents/${agent}.jsonl`, 'utf8');
    expect(file.trimEnd().split('\n')).toHaveLength(before.length);
    expect(JSON.parse(file.split('\n')[0]!)).toEqual({ type: 'plan/mode', payload: { active: true } });

    const again = openHost(dir);
    expect(again.agentIds()).toEqual([agent]);
    expect(again.readLog(agent)).toEqual(before);
    expect(before.map((e) => e.type)).toEqual([
      'plan/mode',
      'turn/start',
      'user/message',
      'request/header',
      'assistant/message',
      'turn/end',
    ]);
  });

  it('keeps forks and spawned children (with their parents) in the index', () => {
    const dir = tempStore();
    const host = openHost(dir);
    const a = host.createAgent();
    host.append(a, event('plan/mode', { active: true }));
    const f = host.fork(a);
    const c = host.spawn(a);
    host.stop();
    const again = openHost(dir);
    expect(again.agentIds()).toEqual([a, f, c]);
    expect(again.agentRecord(f)).toEqual({ id: f, forkOf: a });
    expect(again.agentRecord(c)).toEqual({ id: c, parent: a });
    expect(again.readLog(f)).toEqual(again.readLog(a));
    expect(again.readLog(c)).toEqual([]);
  });

  it('drops a torn last line with a warning, keeps every earlier event, and appends cleanly after it', () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.append(agent, event('plan/mode', { active: true }));
    host.append(agent, event('user/message', { source: 'user', text: 'one' }));
    host.stop();
    const file = `${dir}/agents/${agent}.jsonl`;
    appendFileSync(file, '{"type":"plan/mode","payl');

    const warnings: string[] = [];
    const again = openHost(dir, warnings);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${file}:3`);
    expect(warnings[0]).toContain('torn last line');
    expect(again.readLog(agent).map((e) => e.type)).toEqual(['plan/mode', 'user/message']);

    again.append(agent, event('plan/mode', { active: false }));
    again.stop();
    const third = openHost(dir);
    expect(third.readLog(agent)).toEqual([
      event('plan/mode', { active: true }),
      event('user/message', { source: 'user', text: 'one' }),
      event('plan/mode', { active: false }),
    ]);
  });

  it('cuts a line torn inside a multi-byte character at the right byte', () => {
    const dir = tempStore();
    const file = `${dir}/log.jsonl`;
    const whole = Buffer.from('{"t":"plan — é"}\n', 'utf8');
    const torn = Buffer.from('{"t":"é', 'utf8').subarray(0, 7); // ends inside 'é'
    writeFileSync(file, Buffer.concat([whole, torn]));
    const warnings: string[] = [];
    expect(
      readJsonLines(
        file,
        (v) => v,
        (m) => warnings.push(m),
      ),
    ).toEqual([{ t: 'plan — é' }]);
    expect(warnings[0]).toContain(`${file}:2`);
    expect(readFileSync(file)).toEqual(whole);
  });

  it('keeps a complete last value that only lacks its newline', () => {
    const dir = tempStore();
    const file = `${dir}/log.jsonl`;
    writeFileSync(file, '{"a":1}\n{"a":2}');
    const warnings: string[] = [];
    expect(
      readJsonLines(
        file,
        (v) => v,
        (m) => warnings.push(m),
      ),
    ).toEqual([{ a: 1 }, { a: 2 }]);
    expect(warnings).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"a":2}\n');
  });

  it('fails on a corrupt line in the middle, naming file and line', () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.append(agent, event('plan/mode', { active: true }));
    host.stop();
    const file = `${dir}/agents/${agent}.jsonl`;
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}not json\n${good}`);
    expect(() => openHost(dir)).toThrow(CorruptLogError);
    expect(() => openHost(dir)).toThrow(`${file}:2`);
  });

  it('fails on a well-formed line that is not a session event', () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.stop();
    const file = `${dir}/agents/${agent}.jsonl`;
    writeFileSync(file, '{"type":"plan/mode","payload":{"active":"yes"}}\n');
    expect(() => openHost(dir)).toThrow(new RegExp(`${file}:1: corrupt line, not a session event at payload.active`));
  });

  it('a stopped host writes nothing more', () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.stop();
    const again = openHost(dir);
    expect(() => host.append(agent, event('plan/mode', { active: true }))).toThrow();
    expect(again.readLog(agent)).toEqual([]);
  });

  it('tells observers each event as it is appended, in order', () => {
    const host = openHost(tempStore());
    const seen: string[] = [];
    host.subscribe((agent, e) => seen.push(`${agent}:${e.type}`));
    const agent = host.createAgent();
    host.append(agent, event('plan/mode', { active: true }));
    host.append(agent, event('plan/mode', { active: false }));
    expect(seen).toEqual([`${agent}:plan/mode`, `${agent}:plan/mode`]);
  });
});

describe('when the store writes what was appended', () => {
  /** The types of the events a log file holds now, read as another process would. */
  function onDisk(dir: string, agent: string): string[] {
    const file = `${dir}/agents/${agent}.jsonl`;
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { type: string }).type);
  }

  it('has written every appended event by the time code awaiting the append runs, without a stop', async () => {
    const dir = tempStore();
    const host = openHost(dir);
    const agent = host.createAgent();
    host.append(agent, event('plan/mode', { active: true }));
    host.append(agent, event('user/message', { source: 'user', text: 'one' }));
    await Promise.resolve();
    expect(onDisk(dir, agent)).toEqual(['plan/mode', 'user/message']);
  });

  it('has written the log before the model, a tool and a command handler are called (a process killed there loses nothing)', async () => {
    const dir = tempStore();
    const seen: Record<string, string[]> = {};
    let agent = '';
    const host = Host.open({
      storeDir: dir,
      compose: { commands: true },
      model: scriptedModel([
        () => {
          seen['model'] = onDisk(dir, agent);
          return { type: 'tool_calls', text: '', calls: [{ id: 'c1', name: 'look', arguments: {} }] };
        },
      ]),
    });
    host.tools.register({
      name: 'look',
      description: 'reads the log file',
      parameters: { type: 'object' },
      execute: async () => {
        seen['tool'] = onDisk(dir, agent);
        return { text: 'seen' };
      },
    });
    host.commands?.register({
      name: 'peek',
      description: 'reads the log file',
      run: async () => {
        seen['command'] = onDisk(dir, agent);
        return { ok: true, text: 'seen' };
      },
    });
    agent = host.createAgent();
    await host.prompt(agent, 'go');
    await host.runCommand(agent, '/peek');
    expect(seen).toEqual({
      model: ['turn/start', 'user/message', 'request/header'],
      tool: ['turn/start', 'user/message', 'request/header', 'assistant/message'],
      command: [...host.readLog(agent).map((e) => e.type)],
    });
    expect(seen['command']?.at(-1)).toBe('command/run');
  });

  it("has written the log before a plugin's question reaches the user", async () => {
    const dir = tempStore();
    let seen: string[] = [];
    let agent = '';
    const host = Host.open({
      storeDir: dir,
      compose: {
        questions: {
          provider: async (question) => {
            seen = onDisk(dir, agent);
            return { kind: 'answered', answers: [{ questionId: question.id, selected: ['Yes'] }] };
          },
        },
      },
      model: scriptedModel(),
    });
    const asker = definePlugin({
      name: 'asker',
      install(ctx) {
        return {
          ask: async (id: string) => {
            ctx.append(id, event('plan/mode', { active: true }));
            await ctx.userInteraction?.ask(id, { question: 'Go on?', options: [{ label: 'Yes' }] });
          },
        };
      },
    });
    const { ask } = host.install(asker);
    agent = host.createAgent();
    await ask(agent);
    expect(seen).toEqual(['plan/mode']);
  });

  it('writes lines to several files in the order they were appended', () => {
    const dir = tempStore();
    const appender = new JsonLineAppender();
    appender.append(`${dir}/a.jsonl`, { n: 1 });
    appender.append(`${dir}/b.jsonl`, { n: 2 });
    appender.append(`${dir}/a.jsonl`, { n: 3 });
    appender.flush();
    expect(readFileSync(`${dir}/a.jsonl`, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
    expect(readFileSync(`${dir}/b.jsonl`, 'utf8')).toBe('{"n":2}\n');
    appender.close();
  });

  it.runIf(existsSync('/dev/full'))(
    'keeps a failed write and throws it at every later append, flush and close',
    async () => {
      const appender = new JsonLineAppender();
      appender.append('/dev/full', { n: 1 });
      await Promise.resolve(); // the queued write fails with nobody to tell
      expect(() => appender.append('/dev/full', { n: 2 })).toThrow(/ENOSPC/);
      expect(() => appender.flush()).toThrow(/ENOSPC/);
      expect(() => appender.close()).toThrow(/ENOSPC/);
    },
  );
});
