/**
 * The code mode's program runner (reference/host/program-runner.ts) reuses its
 * `vm` contexts: each program must still meet a context as it was made. These
 * tests run programs one after another on one runner, each trying to leave
 * something behind, and check the next program sees none of it.
 */
import { describe, expect, it } from 'vitest';
import { ProgramRunner, type ProgramBinding } from '../../reference/host/program-runner.js';

const none: Record<string, ProgramBinding> = {};

/** What a program sees of the globals and built-ins a leaking program would have changed. */
const LOOK = [
  'return [typeof leaked, typeof globalThis.leaked, typeof implicit, typeof JSON.parse, typeof [].leaked,',
  '  typeof ({}).polluted, Object.isFrozen(Array.prototype), typeof Math.max, Object.getPrototypeOf(Map.prototype) === Object.prototype,',
  '  typeof Intl.DateTimeFormat.prototype.extra, [...[1, 2]].length].join(",");',
].join('\n');
const FRESH = 'undefined,undefined,undefined,function,undefined,undefined,false,function,true,undefined,2';

describe('the program runner', () => {
  it('sees a fresh context at first', async () => {
    expect((await new ProgramRunner().run(LOOK, 'tools', none)).value).toBe(FRESH);
  });

  const leaks: Array<[string, string]> = [
    ['a global assigned', 'globalThis.leaked = 1; implicit = 2;'],
    ['a global defined non-configurable', "Object.defineProperty(globalThis, 'leaked', { value: 1 });"],
    ['a built-in global replaced', 'globalThis.JSON = {}; Math = 1;'],
    ['a built-in deleted', 'delete globalThis.JSON;'],
    ['a method of a built-in replaced', 'JSON.parse = 1; Math.max = 2;'],
    ['a prototype polluted', 'Object.prototype.polluted = 1; Array.prototype.leaked = 1;'],
    ['a prototype frozen', 'Object.freeze(Array.prototype);'],
    ['a prototype chain changed', 'Object.setPrototypeOf(Map.prototype, null);'],
    [
      'a nested built-in changed',
      'Intl.DateTimeFormat.prototype.extra = 1; return Intl.DateTimeFormat.prototype.extra;',
    ],
    [
      'the iterator the runner could use replaced',
      'Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true });',
    ],
    ['a global set after the program ended', 'Promise.resolve().then(() => { globalThis.leaked = 1; });'],
  ];
  for (const [what, code] of leaks) {
    it(`lets no later program see ${what}`, async () => {
      const runner = new ProgramRunner();
      expect((await runner.run(LOOK, 'tools', none)).value).toBe(FRESH);
      const leaking = await runner.run(code, 'tools', none);
      expect(leaking.error).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
      expect((await runner.run(LOOK, 'tools', none)).value).toBe(FRESH);
      expect((await runner.run(LOOK, 'tools', none)).value).toBe(FRESH);
    });
  }

  it('reuses its context when a program leaves the built-ins as they were', async () => {
    const runner = new ProgramRunner();
    await runner.run('globalThis.mark = 1;', 'tools', none);
    const realm = await runner.run('return Object;', 'tools', none);
    const again = await runner.run('return Object;', 'tools', none);
    // The same context's Object both times: no new context was made.
    expect(again.value).toBe(realm.value);
  });

  it('gives each program its own bindings and console, even to code it left running', async () => {
    const runner = new ProgramRunner();
    const calls: string[] = [];
    const first = await runner.run('globalThis.later = () => tools.who({}); return 1;', 'tools', {
      who: async () => calls.push('first'),
    });
    expect(first.value).toBe(1);
    await runner.run('return typeof later;', 'tools', { who: async () => calls.push('second') });
    expect((await runner.run('return typeof later;', 'tools', none)).value).toBe('undefined');
    const logged = await runner.run('console.log("a", 1); await tools.who({}); return "done";', 'tools', {
      who: async () => calls.push('third'),
    });
    expect(logged).toEqual({ logs: ['a 1'], value: 'done' });
    expect(calls).toEqual(['third']);
  });

  it('runs a program after one the time limit stopped', async () => {
    const runner = new ProgramRunner();
    expect((await runner.run('globalThis.leaked = 1; while (true) {}', 'tools', none, 50)).error).toBeDefined();
    expect((await runner.run(LOOK, 'tools', none)).value).toBe(FRESH);
  });

  it('leaves no unhandled rejection when a program stopped by the time limit had a call in flight', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', note);
    try {
      let fail!: (error: Error) => void;
      const pending = new Promise<never>((_, reject) => {
        fail = reject;
      });
      // The call must be in flight when the limit stops the program. On a starved machine the limit can pass
      // before the program's first statement runs, so the limit grows until the call was made; then the test
      // checks what it means to, however slow the machine.
      let called = false;
      let stopped: { error?: string } = {};
      for (const limitMs of [50, 250, 1_000, 5_000, 20_000]) {
        stopped = await new ProgramRunner().run(
          'const call = tools.exit({}); while (true) {}',
          'tools',
          {
            exit: () => {
              called = true;
              return pending;
            },
          },
          limitMs,
        );
        if (called) break;
      }
      expect(called).toBe(true);
      expect(stopped.error).toBeDefined();
      fail(new Error('the turn ended'));
      // Node reports unhandled rejections after the microtasks of the macrotask that made them.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });

  it('a program still sees a call it awaits fail, as a throw', async () => {
    const run = await new ProgramRunner().run(
      'try { await tools.exit({}); return "no"; } catch (error) { return error.message; }',
      'tools',
      { exit: async () => Promise.reject(new Error('refused')) },
    );
    expect(run.value).toBe('refused');
  });

  it('runs programs side by side, each in a context of its own', async () => {
    const runner = new ProgramRunner();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waiting = runner.run('globalThis.mine = "first"; await tools.wait({}); return globalThis.mine;', 'tools', {
      wait: () => gate,
    });
    const other = await runner.run('const seen = typeof mine; globalThis.mine = "second"; return seen;', 'tools', none);
    release();
    expect(other.value).toBe('undefined');
    expect((await waiting).value).toBe('first');
  });

  it('refuses a namespace that is not a name', async () => {
    await expect(new ProgramRunner().run('return 1;', 'a b', none)).rejects.toThrow(/not a name/);
  });
});
