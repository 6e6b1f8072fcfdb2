import { describe, expect, it } from 'vitest';
import { event, ProjectionRegistry, type SessionEvent } from '../../reference/host/index.js';

interface Count {
  plans: number;
}

const planCounter = {
  name: 'count',
  initial: { plans: 0 } as Count,
  reduce: (state: Count, e: SessionEvent): Count => (e.type === 'plan/mode' ? { plans: state.plans + 1 } : state),
  view: (state: Count) => state.plans,
};

describe('the projection registry change feed', () => {
  it('pushes a view only when a unit returns a new state object', () => {
    const registry = new ProjectionRegistry();
    registry.register(planCounter);
    const pushes: Array<[string, string, unknown]> = [];
    registry.onPush((agent, unit, view) => pushes.push([agent, unit, view]));
    const log: SessionEvent[] = [];
    const append = (e: SessionEvent) => {
      log.push(e);
      registry.advance('a', e, () => log.slice(0, -1));
    };
    append(event('turn/start', {}));
    append(event('plan/mode', { active: true }));
    append(event('turn/end', {}));
    append(event('plan/mode', { active: false }));
    expect(pushes).toEqual([
      ['a', 'count', 1],
      ['a', 'count', 2],
    ]);
  });

  it('catches up silently on an agent it first sees after a restart', () => {
    const registry = new ProjectionRegistry();
    registry.register(planCounter);
    const pushes: unknown[] = [];
    registry.onPush((_agent, _unit, view) => pushes.push(view));
    const earlier = [event('plan/mode', { active: true }), event('plan/mode', { active: false })];
    registry.advance('a', event('plan/mode', { active: true }), () => earlier);
    expect(pushes).toEqual([3]);
    expect(registry.view('count', [...earlier, event('plan/mode', { active: true })])).toBe(3);
  });
});
