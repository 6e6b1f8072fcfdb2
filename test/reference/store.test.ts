import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CorruptLogError, event, Host, readJsonLines } from '../../reference/host/index.js';
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
